package main

import (
	"errors"
	"fmt"
	"io"
	"os"
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
An input with top-cut rounds gives final standings (--final=false for the Swiss standings).
An input in several divisions (Pokémon pods) gives one standings per division; with -o each
file name gets the division's name (standings-masters.pdf).`,
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
			var all []*calc.Standings
			var problems tbsheet.ErrorList
			for _, in := range inputs {
				sts, err := j.compute(in, cmd.ErrOrStderr())
				if err != nil {
					if code := exitCode(err); code != exitInput {
						return err
					}
					problems = append(problems, tbsheet.Errors(err)...)
					continue
				}
				all = append(all, sts...)
			}
			if len(problems) > 0 {
				return inputErr(problems)
			}
			if err := j.write(all, of.outputs); err != nil {
				return err
			}
			if to == "" && len(of.outputs) > 0 {
				return nil
			}
			return printStandings(cmd.OutOrStdout(), all, to, j.writeOpt)
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
	// scenarios, for watch, maps an input to the scenario files written for it (none
	// when nil), analysed with scenarioOpt.
	scenarios   func(input string) []string
	scenarioOpt scenario.Options
}

func newJob(cmd *cobra.Command, cf *calcFlags, of *outputFlags, from, players string, final, check bool) (*job, error) {
	j := &job{from: from, pod: of.pod, check: check, title: strings.TrimSpace(of.title)}
	var err error
	if j.calcOpt, err = cf.options(); err != nil {
		return nil, err
	}
	if j.writeOpt, err = of.writerOptions(cmd.ErrOrStderr()); err != nil {
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
		if err != nil {
			return nil, inputErr(err)
		}
		j.readOpt.Players = list
	}
	return j, nil
}

// compute reads one input and returns its standings, one per division. Self-check differences
// are printed to warn; with --check they are an input error.
func (j *job) compute(path string, warn io.Writer) ([]*calc.Standings, error) {
	data, err := reader.ReadFile(path)
	if err != nil {
		return nil, inputErr(err)
	}
	return j.computeBytes(data, path, warn)
}

// computeBytes is compute on an input already read (watch hands over the bytes it hashed).
func (j *job) computeBytes(data []byte, path string, warn io.Writer) ([]*calc.Standings, error) {
	events, err := j.events(data, path)
	if err != nil {
		return nil, err
	}
	var out []*calc.Standings
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
		out = append(out, st)
	}
	notes, problems := selfCheckReport(path, checks, j.check)
	for _, n := range notes {
		fmt.Fprintln(warn, n)
	}
	if j.check && len(problems) > 0 {
		return nil, inputErr(problems)
	}
	for _, p := range problems {
		fmt.Fprintln(warn, p.Error())
	}
	return out, nil
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
	return notes, problems
}

// events reads an input already read into its events: the event, or its divisions (--pod
// chooses one).
func (j *job) events(data []byte, path string) ([]*tbsheet.Event, error) {
	ev, err := reader.ReadBytes(data, path, j.from, j.readOpt)
	if err != nil {
		return nil, inputErr(err)
	}
	j.name(ev, path)
	if len(ev.Pods) == 0 {
		return []*tbsheet.Event{ev}, nil
	}
	var events []*tbsheet.Event
	for _, p := range ev.Pods {
		if j.pod == "" || strings.EqualFold(p.Pod, j.pod) {
			events = append(events, p)
		}
	}
	if len(events) == 0 {
		var names []string
		for _, p := range ev.Pods {
			names = append(names, p.Pod)
		}
		return nil, usageErr("--pod %q: %s has %s", j.pod, path, strings.Join(names, ", "))
	}
	return events, nil
}

// name gives an event and its divisions their name: --title, else the input's own (a
// workbook's Event sheet, the name in a tournament file), else the input file's name
// without its extension: the title of every output.
func (j *job) name(ev *tbsheet.Event, path string) {
	switch {
	case j.title != "":
		ev.Name = j.title
	case strings.TrimSpace(ev.Name) == "":
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

// write writes every standings to every output: render, then writeRendered. The files are
// rendered concurrently, then written in order, and the first that cannot be written stops
// the rest.
func (j *job) write(all []*calc.Standings, outputs []string) error {
	return writeRendered(j.render(all, outputs))
}

// render renders every standings for every output in memory, concurrently, and writes
// nothing (watch renders while the save settles). Several standings (divisions, inputs) get
// one file each, named after the output with the division or input added.
func (j *job) render(all []*calc.Standings, outputs []string) *writer.RenderedFiles {
	var files []writer.StandingsFile
	for _, out := range outputs {
		for _, st := range all {
			path := out
			if len(all) > 1 {
				path = suffixed(out, st)
			}
			files = append(files, writer.StandingsFile{Path: path, Standings: st})
		}
	}
	return writer.RenderStandingsFiles(files, j.writeOpt)
}

// writeRendered writes rendered outputs in order, each file's warnings just before it; the
// first that cannot be written stops the rest.
func writeRendered(r *writer.RenderedFiles) error {
	if err := r.Write(); err != nil {
		return outputErr(err)
	}
	return nil
}

// suffixed inserts what tells standings apart into an output name:
// standings.pdf → standings-masters.pdf, or standings-results.pdf for input results.xlsx.
func suffixed(out string, st *calc.Standings) string {
	tag := st.Event.Pod
	if tag == "" {
		tag = strings.TrimSuffix(filepath.Base(st.Event.Source), filepath.Ext(st.Event.Source))
	}
	return withTag(out, tag)
}

// withTag inserts a tag before a file name's extension: ("out.pdf", "Day 1") → out-day-1.pdf.
func withTag(name, tag string) string {
	tag = strings.ToLower(strings.Join(strings.Fields(tag), "-"))
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + tag + ext
}

// checkOutputs refuses an output that would overwrite an input: tbsheet never writes to its
// inputs.
func checkOutputs(inputs, outputs []string) error {
	for _, out := range outputs {
		if out == "-" {
			return usageErr("-o -: use --to json|csv|table to write to stdout")
		}
		for _, in := range inputs {
			if samePath(in, out) {
				return usageErr("-o %s is an input: tbsheet never writes to its inputs", out)
			}
		}
	}
	return nil
}

func samePath(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
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
			if err == nil {
				printUnreported(w, st)
			}
		}
		if err != nil {
			return outputErr(err)
		}
	}
	return nil
}

// printUnreported lists pairings without a result, where they are in the input.
func printUnreported(w io.Writer, st *calc.Standings) {
	for _, u := range st.Unreported {
		m := u.Match
		where := ""
		if p := m.Pos.String(); p != "" {
			where = p + ": "
		}
		fmt.Fprintf(w, "unreported: %sround %d, %s vs %s\n", where, u.Round,
			st.Event.Players[m.P1].Name, st.Event.Players[m.P2].Name)
	}
}

// exitCode returns the exit code an error maps to.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitUsage
}
