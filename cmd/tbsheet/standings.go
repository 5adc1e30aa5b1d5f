package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
)

func newStandingsCmd() *cobra.Command {
	var (
		cf           calcFlags
		of           outputFlags
		to, from     string
		players      string
		final, check bool
	)
	cmd := &cobra.Command{
		Use:   "standings INPUT...",
		Short: "Read results, compute every tiebreaker, rank, print or write standings",
		Long: `Read results, compute the tiebreakers of a system, rank the players (players equal on
every key share a rank), and print the standings or write them with -o.

The format of INPUT is detected from its content. The system defaults to what the input
says (a KTS file ranks as Yu-Gi-Oh!, a Challonge dump as configured on Challonge), else mtg.
An input with top-cut rounds gives final standings once the final has a winner; while the
cut is played, the Swiss ranks under "Standings after the Swiss · Top 8 in progress", with
who is still in (--final=false for the Swiss standings alone).
An input in several divisions (Pokémon pods) gives one standings per division; with -o each
file name gets the division's name (standings-masters.pdf). With several inputs each file
name gets the input's name (standings-day1.pdf), and its folder's when two inputs share a
name (standings-sat-results.pdf). An output that would be an input, or another output, is
refused before anything is written.

stdout holds only the standings. The notes (an encoding guessed, a sheet ignored, a drop
inferred, matches without a result) and one line per file written go to stderr; -q
silences them.`,
		Example: `  tbsheet standings results.xlsx
  tbsheet standings dump.json --to json
  tbsheet standings event.Tournament --check
  tbsheet standings results.xlsx --system pokemon -o standings.pdf --by name`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, final, check)
			if err != nil {
				return err
			}
			if to != "" && to != "table" && to != "json" && to != "csv" {
				return usageErr("--to %q: use table, json or csv", to)
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkExts(of.outputs, writer.StandingsExts(), "standings are written to"); err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			var (
				all      []sourced
				notes    []string
				problems tbsheet.ErrorList
			)
			// Notes come last, under the table, even when a later step fails.
			defer func() { j.printNotes(stderr, notes) }()
			for _, in := range inputs {
				r, err := j.read(in)
				if r != nil {
					notes = append(notes, r.notes...)
					printLines(stderr, r.warnings)
				}
				if err != nil {
					if code := exitCode(err); code != exitInput {
						return err
					}
					problems = append(problems, tbsheet.Errors(err)...)
					continue
				}
				for _, st := range r.sts {
					all = append(all, sourced{in, st})
				}
			}
			if len(problems) > 0 {
				return inputErr(problems)
			}
			files, note := standingsFiles(inputs, of.outputs, all)
			notes = append(notes, note...)
			if err := checkFiles(inputs, outputFiles(files)); err != nil {
				return err
			}
			written, err := j.write(files)
			notes = append(notes, wroteNotes(written)...)
			if err != nil {
				return err
			}
			if to == "" && len(of.outputs) > 0 {
				return nil
			}
			var sts []*calc.Standings
			for _, s := range all {
				sts = append(sts, s.st)
			}
			return printStandings(cmd.OutOrStdout(), sts, to, j.writeOpt)
		},
	}
	cf.register(cmd.Flags())
	of.register(cmd.Flags())
	cmd.Flags().StringVar(&to, "to", "", "what goes to stdout: table, json or csv (default table; nothing when -o is given)")
	cmd.Flags().StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	cmd.Flags().BoolVar(&final, "final", false, "final standings after a top cut (default when the input has playoff rounds)")
	cmd.Flags().BoolVar(&check, "check", false, "exit 1 when the standings the input carries (the tournament software's own) differ from tbsheet's, or nothing could be compared")
	return cmd
}

func formatIDs() []string {
	var ids []string
	for _, f := range reader.Formats() {
		ids = append(ids, f.ID)
	}
	return ids
}

// job is one configured calculation: what `standings` does for each input, and what `watch`
// does on every save.
type job struct {
	from     string
	title    string // --title
	readOpt  reader.Options
	calcOpt  calc.Options
	writeOpt writer.Options
	pod      string
	final    *bool // nil: final standings when the input has playoff rounds
	check    bool
	quiet    bool // -q: no notes, no "wrote" lines
	// strict makes the input's warnings errors (--strict).
	strict bool
	// playersErr are the problems of the --players list, reported with the results'.
	playersErr tbsheet.ErrorList
	// scenarios, for watch, maps an input to the scenario files written for it (none
	// when nil), analysed with scenarioOpt.
	scenarios   func(input string) []string
	scenarioOpt scenario.Options
	// pairings, for watch, maps an input to the pairing files written for it (none when
	// nil).
	pairings func(input string) []string
	// season, for watch --season, keeps a season's table over every input (nil: none).
	season *seasonWatch
}

func newJob(cmd *cobra.Command, cf *calcFlags, of *outputFlags, from, players string, final, check bool) (*job, error) {
	j := &job{from: from, pod: of.pod, check: check, quiet: of.quiet, title: strings.TrimSpace(of.title), strict: cf.strict}
	var err error
	if j.calcOpt, err = cf.options(); err != nil {
		return nil, err
	}
	// The writers build each explanation as they write it (calc.Standings.Figure): a large
	// event's explanations are never all held at once.
	j.calcOpt.NoExplain = true
	if j.writeOpt, err = of.writerOptions(cmd.ErrOrStderr()); err != nil {
		return nil, err
	}
	if j.readOpt.MaxSize, err = maxSize(cmd); err != nil {
		return nil, err
	}
	if from != "" {
		if _, ok := reader.Lookup(from); !ok {
			return nil, usageErr("--from %q: use %s", from, strings.Join(formatIDs(), ", "))
		}
	}
	if cmd.Flags().Changed("final") {
		j.final = &final
	}
	if players != "" {
		list, err := reader.ReadPlayers(players)
		var errs tbsheet.ErrorList
		switch {
		case err == nil:
		case errors.As(err, &errs) && list != nil:
			// Positioned problems of the list: reported with the results' own, in one run.
			j.playersErr = errs
		default:
			return nil, inputErr(err)
		}
		j.readOpt.Players = list
	}
	return j, nil
}

// computed is what one input gives: its standings, one per division, and what to tell the
// organizer about them.
type computed struct {
	sts []*calc.Standings
	// notes are facts to know, each line "note: FILE: …" (see inputNotes); -q silences them.
	notes []string
	// warnings are the self-check differences, when --check does not make them errors.
	warnings []string
}

// compute reads one input and returns its standings, one per division, printing its
// warnings and (unless -q) its notes to w.
func (j *job) compute(path string, w io.Writer) ([]*calc.Standings, error) {
	r, err := j.read(path)
	if r != nil {
		printLines(w, r.warnings)
		j.printNotes(w, r.notes)
	}
	if err != nil {
		return nil, err
	}
	return r.sts, nil
}

// read reads one input and computes its standings.
func (j *job) read(path string) (*computed, error) {
	data, err := reader.ReadFile(path, j.readOpt.MaxSize)
	if err != nil {
		return nil, inputErr(err)
	}
	return j.computeBytes(data, reader.InputName(path))
}

// computeBytes is read on an input already read (watch hands over the bytes it hashed).
// Self-check differences are warnings; with --check they are an input error, returned with
// the notes (which say what could not be compared).
func (j *job) computeBytes(data []byte, path string) (*computed, error) {
	file, events, err := j.events(data, path)
	if err != nil {
		return nil, err
	}
	r := &computed{}
	var checks []podCheck
	for _, e := range events {
		st, err := calc.Compute(e, j.calcOpt)
		if errors.Is(err, calc.ErrUsage) {
			return nil, usageErr("%v", err)
		}
		if err != nil {
			return nil, inputErr(err)
		}
		if j.wantFinal(e) {
			st = calc.Final(st)
		}
		checks = append(checks, podCheck{e.Pod, calc.Check(st)})
		r.sts = append(r.sts, st)
	}
	r.notes = append(j.systemNotes(path, events), inputNotes(path, file, events, r.sts)...)
	checkNotes, problems := selfCheckReport(path, checks, j.check)
	for _, n := range checkNotes {
		r.notes = append(r.notes, "note: "+n)
	}
	if j.check && len(problems) > 0 {
		return r, inputErr(problems) // the notes say why nothing could be compared
	}
	r.warnings = inputWarnings(path, events)
	for _, p := range problems {
		r.warnings = append(r.warnings, p.Error())
	}
	return r, j.strictErr(r.warnings)
}

// podCheck is the self-check of one division's standings.
type podCheck struct {
	pod string
	calc.SelfCheck
}

// maxShownDifferences is how many self-check differences one input prints; a count stands
// for the rest (a 9,000-player file must not print 9,000 lines).
const maxShownDifferences = 10

// selfCheckReport turns the self-checks of an input's divisions into what to print: notes
// (what was not compared, and why), and the problems that fail --check: each difference
// once, at most maxShownDifferences of them and a count of the rest, and a check that
// compared nothing. An input without standings of its own prints nothing, and is a problem
// only when the self-check was asked for (strict).
func selfCheckReport(path string, checks []podCheck, strict bool) (notes []string, problems tbsheet.ErrorList) {
	at := tbsheet.Pos{File: path}
	reported, compared := 0, 0
	var diffs []calc.Difference
	for _, c := range checks {
		reported += c.Reported
		compared += c.Compared
		diffs = append(diffs, c.Differences...)
	}
	if reported == 0 {
		if strict {
			problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: the input carries no standings of its own to compare with")
		}
		return nil, problems
	}
	for _, c := range checks {
		for _, n := range c.Notes {
			if len(checks) > 1 {
				n = c.pod + ": " + n
			}
			notes = append(notes, at.String()+": self-check: "+n)
		}
	}
	for i, d := range diffs {
		if i == maxShownDifferences {
			problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: %d more differences not shown", len(diffs)-i)
			break
		}
		problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: %s", d)
	}
	if compared == 0 {
		problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: nothing could be compared, so the input's standings are not confirmed")
	}
	if strict && len(problems) == 0 {
		notes = append(notes, fmt.Sprintf("%s: self-check: the file's own standings agree with tbsheet's (%d players, %d figures compared)",
			at, reported, compared))
	}
	return notes, problems
}

// events reads an input already read into the file's event and the events to rank: the
// event, or its divisions (--pod chooses one).
func (j *job) events(data []byte, path string) (file *tbsheet.Event, events []*tbsheet.Event, err error) {
	ev, err := reader.ReadBytes(data, path, j.from, j.readOpt)
	if err != nil && ev != nil {
		// A setting the file makes (its Event sheet's System) is checked with the file's
		// other problems, first as the Event sheet comes first: one run shows them all.
		if e := calc.CheckSettings(ev, j.calcOpt); e != nil {
			err = append(tbsheet.ErrorList{e}, tbsheet.Errors(err)...)
		}
	}
	if j.playersErr != nil {
		// The players list's problems first, then the results' (one run shows them all).
		all := append(tbsheet.ErrorList{}, j.playersErr...)
		err = append(all, tbsheet.Errors(err)...)
	}
	if err != nil {
		return nil, nil, inputErr(err)
	}
	j.name(ev, path)
	if len(ev.Pods) == 0 {
		return ev, []*tbsheet.Event{ev}, nil
	}
	for _, p := range ev.Pods {
		if j.pod == "" || strings.EqualFold(p.Pod, j.pod) {
			events = append(events, p)
		}
	}
	if len(events) == 0 {
		return nil, nil, usageErr("--pod %q: %s has %s", j.pod, path, podNames(ev))
	}
	return ev, events, nil
}

// podNames lists a multi-pod event's divisions: "Junior, Senior, Masters".
func podNames(ev *tbsheet.Event) string {
	var names []string
	for _, p := range ev.Pods {
		names = append(names, p.Pod)
	}
	return strings.Join(names, ", ")
}

// name gives an event and its divisions their name: --title, else the input's own (a
// workbook's Event sheet, the name in a tournament file), else the input file's name
// without its extension (standard input has none): the title of every output.
func (j *job) name(ev *tbsheet.Event, path string) {
	switch {
	case j.title != "":
		ev.Name = j.title
	case strings.TrimSpace(ev.Name) == "" && path != reader.Stdin && path != reader.InputName(reader.Stdin):
		ev.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	for _, p := range ev.Pods {
		j.name(p, path)
	}
}

// wantFinal reports whether to show final standings: as --final says, else when the input has
// playoff rounds and no --after-round asks for the Swiss standings of an earlier round.
func (j *job) wantFinal(ev *tbsheet.Event) bool {
	if j.final != nil {
		return *j.final
	}
	if j.calcOpt.AfterRound > 0 {
		return false
	}
	for _, r := range ev.Rounds {
		if r.Playoff {
			return true
		}
	}
	return false
}

// sourced is one standings and the input it comes from.
type sourced struct {
	input string
	st    *calc.Standings
}

// standingsFile is one standings output file and the standings it receives.
type standingsFile struct {
	outputFile
	st *calc.Standings
}

// standingsFiles names the file each standings gets for each output: the output's name when
// there is one standings, else that name with what tells the standings apart: the input's
// name when there are several inputs (see inputTags), the division's when the input has
// several (standings-masters.pdf). It also returns the note that says so for divisions.
func standingsFiles(inputs, outputs []string, all []sourced) (files []standingsFile, notes []string) {
	tags := inputTags(inputs)
	for _, out := range outputs {
		for _, s := range all {
			f := standingsFile{outputFile{path: out, flag: out, input: s.input}, s.st}
			if len(all) > 1 {
				var tag []string
				if len(inputs) > 1 {
					tag = append(tag, tags[s.input])
				}
				if s.st.Event.Pod != "" {
					tag = append(tag, s.st.Event.Pod)
				}
				f.path = withTag(out, strings.Join(tag, " "))
			}
			files = append(files, f)
		}
	}
	if len(outputs) > 0 {
		pods := map[string][]string{}
		for _, s := range all {
			if s.st.Event.Pod != "" {
				pods[s.input] = append(pods[s.input], s.st.Event.Pod)
			}
		}
		for _, in := range inputs {
			if p := pods[in]; len(p) > 1 {
				notes = append(notes, fmt.Sprintf("note: %s holds %d divisions (%s): each is written to its own file",
					in, len(p), strings.Join(p, ", ")))
			}
		}
	}
	return files, notes
}

// outputFiles returns the files of standings outputs, for checkFiles.
func outputFiles(files []standingsFile) []outputFile {
	out := make([]outputFile, len(files))
	for i, f := range files {
		out[i] = f.outputFile
	}
	return out
}

// write renders every file, then writes them together (writer.RenderedFiles.Write), and
// returns the files written. A file that cannot be written does not keep the others from
// being written; the error names it.
func (j *job) write(files []standingsFile) ([]string, error) {
	r := j.render(files)
	err := r.Write()
	return r.Written(), outputErr(err)
}

// render renders every file in memory, concurrently, and writes nothing (watch renders while
// the save settles).
func (j *job) render(files []standingsFile) *writer.RenderedFiles {
	var sfs []writer.StandingsFile
	for _, f := range files {
		sfs = append(sfs, writer.StandingsFile{Path: f.path, Standings: f.st})
	}
	return writer.RenderStandingsFiles(sfs, j.writeOpt)
}

// printStandings writes standings to stdout in the chosen form; several standings are printed
// one after the other (JSON as a stream of documents).
func printStandings(w io.Writer, all []*calc.Standings, to string, opt writer.Options) error {
	for i, st := range all {
		var err error
		switch to {
		case "json":
			err = writer.WriteJSON(w, st)
		case "csv":
			err = writer.WriteCSV(w, st, opt)
		default:
			if i > 0 {
				fmt.Fprintln(w)
			}
			err = writer.WriteTable(w, st, opt)
		}
		if err != nil {
			return outputErr(err)
		}
	}
	return nil
}

// exitCode returns the exit code an error maps to: 1 when it is not classified.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitInput
}
