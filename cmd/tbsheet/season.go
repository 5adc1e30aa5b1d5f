package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/seasontable"
)

func newSeasonCmd() *cobra.Command {
	var (
		cf       calcFlags
		of       outputFlags
		sf       seasonFlags
		to, from string
		players  string
	)
	cmd := &cobra.Command{
		Use:   "season EVENT... --places 15,12,10,8,6,4",
		Short: "One season or league table across events: points by place or by results",
		Long: `Read the results of every event of a season (files, folders of them, or patterns such as
'2026/*.xlsx', in any format tbsheet reads, mixed), compute each event's final standings (a
top cut's finishes are places), and rank the players of the season by the points their
events give them:

  --places 15,12,10,8,6,4     points for 1st, 2nd, …; players sharing a place each get its points
  --tiers FILE                points for places by the event's size (one line per band:
                              "8-15: 80, 60, 50", "16+: 100, 80, 60"; see docs/season.md)
  --per-win 3 --per-draw 1 --attend 1
                              points per match won, drawn, and per event played (with
                              --places or --tiers, both count)
  --best N                    only each player's best N events count
  --multiplier FILE=2         a premier event's points count double

Players are matched across events by the ID their files give where it names a person in
every event (a Pokémon or Wizards ID, a KTS card number, a players list's ID), else by name
as the readers match names. Two spellings one typo apart are never joined on a guess: the
notes list them with their events and rounds, and --same "Jon Smith=John Smith" joins them
(under the second spelling). Equal points are broken by --ties (default: more events won,
then the better best finish, then head-to-head); players equal on all of them share a place.

The order of the events is their dates, then their names, whatever order they are given in.`,
		Example: `  tbsheet season 2026/ --places 15,12,10,8,6,4 --best 4
  tbsheet season locals-*.xlsx --per-win 3 --per-draw 1 --attend 1 -o league.xlsx -o league.pdf
  tbsheet season cups/ --tiers kickers.txt --multiplier cups/regional.tdf=2 --to json`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			j.Title = "" // --title names the season, not each event
			args = skipLocks(args, cmd.ErrOrStderr(), j.quiet)
			if err := checkProduct(seasontable.Product, to, nil); err != nil {
				return err
			}
			inputs, err := seasonInputs(args)
			if err != nil {
				return err
			}
			opt, err := sf.options()
			if err != nil {
				return err
			}
			opt.Name = strings.TrimSpace(of.title)
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkProduct(seasontable.Product, "", of.outputs); err != nil {
				return err
			}
			if err := checkFiles(inputs, plainOutputs(of.outputs)); err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			var notes []string
			defer func() { j.printNotes(stderr, notes) }()
			sts, readNotes, err := j.seasonEvents(inputs, stderr)
			notes = append(notes, readNotes...)
			if err != nil {
				return err
			}
			s, err := computeSeason(inputs, sts, sf, opt)
			if err != nil {
				return err
			}
			notes = append(notes, seasonNotes(s)...)
			files, err := renderSeason(s, of.outputs, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			if err := writeOutputs(files, &notes); err != nil || to == "" && len(of.outputs) > 0 {
				return err
			}
			return outputErr(seasontable.Product.Print(cmd.OutOrStdout(), to, []*season.Standings{s}, j.WriteOpt))
		},
	}
	fs := cmd.Flags()
	cf.register(fs)
	for _, name := range []string{"after-round", "show"} {
		fs.MarkHidden(name) // a season counts finished events, and shows no tiebreak of theirs
	}
	sf.register(fs)
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the season's table to `FILE` ("+strings.Join(seasontable.Product.Exts(), ", ")+"); repeatable")
	markOutputs(fs, "output")
	of.registerPages(fs)
	intFlag(fs, &of.cut, "cut", 0, 0, maxPlayersFlag, "draw a line under the first `N` players (those who qualify)")
	registerCSVSep(fs, &of.csvSep)
	fs.StringVar(&of.pod, "pod", "", "only this division of multi-pod inputs (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&of.title, "title", "", "the season's name on every output")
	registerQR(fs, &of.qr)
	registerQuiet(fs, &of.quiet)
	of.by = "rank"
	fs.StringVar(&to, "to", "", seasontable.Product.ToHelp()+" (default table; nothing when -o is given)")
	fs.StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	return cmd
}

// seasonFlags are the flags that say how a season's points are earned (season, watch
// --season).
type seasonFlags struct {
	places, tiers, perWin, perDraw, attend string
	best                                   int
	multipliers, same, ties                []string
}

func (f *seasonFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.places, "places", "", "season points for 1st, 2nd, 3rd … place (`LIST`, e.g. 15,12,10,8,6,4)")
	fs.StringVar(&f.tiers, "tiers", "", "season points for places by the event's size, from `FILE` (lines such as \"8-15: 80, 60, 50\")")
	fs.StringVar(&f.perWin, "per-win", "", "season points per match won (`N`, byes included)")
	fs.StringVar(&f.perDraw, "per-draw", "", "season points per match drawn (`N`)")
	fs.StringVar(&f.attend, "attend", "", "season points per event played (`N`)")
	intFlag(fs, &f.best, "best", 0, 0, maxSeasonNumber, "count only each player's best `N` events (0: all)")
	fs.StringArrayVar(&f.multipliers, "multiplier", nil, "multiply one event's points: `FILE=X` (e.g. regional.tdf=2); repeatable")
	fs.StringArrayVar(&f.same, "same", nil, "two spellings of one player: `\"NAME=NAME\"` (listed under the second); repeatable")
	fs.StringSliceVar(&f.ties, "ties", nil, "order of the season's tiebreaks: "+strings.Join(season.Ties(), ", ")+
		" (default "+strings.Join(season.DefaultTies(), ",")+"); 'points' for none")
}

// maxSeasonNumber bounds every number of points, multiplier and count a season flag takes.
const maxSeasonNumber = 1000000

// seasonNumber reads the number a flag gives: from 0 (above 0 when positive) to
// maxSeasonNumber; an empty flag is 0.
func seasonNumber(flag, s string, positive bool) (exact.Num, error) {
	if strings.TrimSpace(s) == "" {
		return exact.Num{}, nil
	}
	v, err := exact.Parse(s)
	if err != nil || v.Sign() < 0 || positive && v.Sign() == 0 || v.Cmp(exact.Int(maxSeasonNumber)) > 0 {
		low := "0"
		if positive {
			low = "above 0"
		}
		return exact.Num{}, usageErr("%s %q: give a number from %s to %d", flag, s, low, maxSeasonNumber)
	}
	return v, nil
}

// options turns the flags into the season's rules; multipliers are matched to the events
// later (computeSeason).
func (f *seasonFlags) options() (season.Options, error) {
	var opt season.Options
	r := &opt.Rules
	if f.places != "" && f.tiers != "" {
		return opt, usageErr("--places and --tiers: give one (a tier's line holds its places)")
	}
	for _, p := range strings.Split(f.places, ",") {
		if f.places == "" {
			break
		}
		v, err := seasonNumber("--places", p, false)
		if err != nil {
			return opt, err
		}
		r.Places = append(r.Places, v)
	}
	if f.tiers != "" {
		data, err := reader.ReadFile(f.tiers, 1<<20)
		if err != nil {
			return opt, inputErr(err)
		}
		if r.Tiers, err = season.ParseTiers(data, f.tiers); err != nil {
			return opt, inputErr(err)
		}
	}
	var err error
	if r.PerWin, err = seasonNumber("--per-win", f.perWin, false); err != nil {
		return opt, err
	}
	if r.PerDraw, err = seasonNumber("--per-draw", f.perDraw, false); err != nil {
		return opt, err
	}
	if r.Attend, err = seasonNumber("--attend", f.attend, false); err != nil {
		return opt, err
	}
	if len(r.Places) == 0 && len(r.Tiers) == 0 && r.PerWin.Sign() == 0 && r.PerDraw.Sign() == 0 && r.Attend.Sign() == 0 {
		return opt, usageErr("season: say how points are earned: --places 15,12,10,8,6,4, --tiers FILE, or --per-win, --per-draw and --attend")
	}
	if f.best < 0 || f.best > maxSeasonNumber {
		return opt, usageErr("--best %d: give a number of events (0: all)", f.best)
	}
	r.Best = f.best
	switch {
	case len(f.ties) == 1 && f.ties[0] == "points":
		r.Ties = []string{}
	case f.ties != nil:
		for _, t := range f.ties {
			if !slices.Contains(season.Ties(), t) {
				return opt, usageErr("--ties %q: use %s, or points alone", t, strings.Join(season.Ties(), ", "))
			}
		}
		r.Ties = f.ties
	}
	for _, s := range f.same {
		a, b, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
			return opt, usageErr("--same %q: give two spellings of one player: \"Jon Smith=John Smith\"", s)
		}
		opt.Same = append(opt.Same, [2]string{a, b})
	}
	opt.NameKey = reader.NameKey
	return opt, nil
}

// seasonInputs expands the season's arguments into its result files: a folder gives the
// files in it that tbsheet reads (not lock or temporary files), a pattern the files it
// matches; each file once, in the order given. A file of a folder that an output names
// is an input all the same, which checkFiles then refuses to write: a season's table is
// written beside the events' folder, not into it (tbsheet watch --season, whose outputs
// watch never reads, may write it there).
func seasonInputs(args []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if k := pipeline.AbsPath(p); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	exts := reader.Exts()
	for _, a := range args {
		if a == reader.Stdin {
			return nil, usageErr("season: give the events as files, not standard input")
		}
		if _, err := os.Stat(a); err != nil && strings.ContainsAny(a, "*?[") {
			matches, gerr := filepath.Glob(a)
			if gerr != nil {
				return nil, usageErr("%s: not a pattern: %v", a, gerr)
			}
			if len(matches) == 0 {
				return nil, inputErr(fmt.Errorf("%s: no file matches", a))
			}
			for _, m := range matches {
				if !isDir(m) {
					add(m)
				}
			}
			continue
		}
		if !isDir(a) {
			add(a)
			continue
		}
		ents, err := os.ReadDir(a)
		if err != nil {
			return nil, inputErr(fmt.Errorf("%s: %w", a, errors.Unwrap(err)))
		}
		n := len(out)
		for _, e := range ents {
			if e.Type().IsRegular() && !watch.IsTemp(e.Name()) && slices.Contains(exts, strings.ToLower(filepath.Ext(e.Name()))) {
				add(filepath.Join(a, e.Name()))
			}
		}
		if len(out) == n {
			return nil, inputErr(fmt.Errorf("%s: no results file in the folder (%s)", a, strings.Join(exts, ", ")))
		}
	}
	return out, nil
}

// plainOutputs are -o files as checkFiles takes them.
func plainOutputs(outputs []string) []outputFile {
	var out []outputFile
	for _, o := range outputs {
		out = append(out, outputFile{path: o, flag: o})
	}
	return out
}

// seasonEvents reads every event and computes its final standings, returning them by input
// with the notes to print; every input's problems are reported together. An input with
// several divisions needs --pod: a season ranks one division.
func (j *job) seasonEvents(inputs []string, stderr io.Writer) (map[string]season.Event, []string, error) {
	var (
		notes    []string
		problems tbsheet.ErrorList
	)
	events := map[string]season.Event{}
	for _, in := range inputs {
		r, err := j.read(in)
		if r != nil {
			notes = append(notes, r.Notes...)
		}
		if err != nil {
			if exitCode(err) != exitInput {
				return nil, notes, err
			}
			problems = append(problems, tbsheet.Errors(err)...)
			continue
		}
		printLines(stderr, r.Warnings)
		if len(r.Standings) > 1 {
			return nil, notes, usageErr("%s holds %d divisions (%s): a season ranks one, chosen with --pod", in, len(r.Standings), divisionNames(r.Standings))
		}
		events[in] = season.Event{Name: r.Standings[0].Event.Name, Standings: r.Standings[0]}
	}
	if len(problems) > 0 {
		return nil, notes, inputErr(problems)
	}
	return events, notes, nil
}

// divisionNames lists the divisions of an input's standings: "Junior, Senior, Masters".
func divisionNames(sts []*calc.Standings) string {
	var names []string
	for _, st := range sts {
		names = append(names, st.Event.Pod)
	}
	return strings.Join(names, ", ")
}

// computeSeason ranks the season of the events read from inputs: events of one name are
// told apart by their files' names, and --multiplier FILE=X finds its event by its file.
func computeSeason(inputs []string, events map[string]season.Event, sf seasonFlags, opt season.Options) (*season.Standings, error) {
	names := map[string]int{}
	for _, in := range inputs {
		names[events[in].Name]++
	}
	tags := pipeline.InputTags(inputs)
	var list []season.Event
	for _, in := range inputs {
		ev := events[in]
		if names[ev.Name] > 1 {
			ev.Name += " (" + tags[in] + ")"
		}
		events[in] = ev
	}
	for _, m := range sf.multipliers {
		file, x, ok := strings.Cut(m, "=")
		if !ok {
			return nil, usageErr("--multiplier %q: give an event's file and its multiplier: regional.tdf=2", m)
		}
		v, err := seasonNumber("--multiplier", x, true)
		if err != nil {
			return nil, err
		}
		var found []string
		for _, in := range inputs {
			if samePath(in, file) || strings.EqualFold(filepath.Base(in), filepath.Base(file)) {
				found = append(found, in)
			}
		}
		switch {
		case len(found) == 0:
			return nil, usageErr("--multiplier %q: %s is none of the season's files", m, file)
		case len(found) > 1:
			return nil, usageErr("--multiplier %q: %s names %s: give its folder too", m, file, strings.Join(found, " and "))
		}
		ev := events[found[0]]
		ev.Multiplier = v
		events[found[0]] = ev
	}
	for _, in := range inputs {
		list = append(list, events[in])
	}
	s, err := season.Compute(list, opt)
	if errors.Is(err, season.ErrUsage) {
		return nil, usageErr("%s", strings.TrimPrefix(err.Error(), season.ErrUsage.Error()+": "))
	}
	return s, err
}

// seasonNotes are what the organizer should check in a season: two spellings that may be
// one player (with their events and rounds), a player whose ID has several names, a name
// that several players with IDs have. (An event whose top cut is still being played has a
// note of its own: its Swiss ranks are its places until then.)
func seasonNotes(s *season.Standings) []string {
	var out []string
	where := func(p int) string {
		var parts []string
		for _, x := range s.RowOf(p).Results {
			e := x.Event
			rounds := s.Rounds(p, e)
			switch len(rounds) {
			case 0:
				parts = append(parts, s.Events[e].Name)
			case 1:
				parts = append(parts, s.Events[e].Name+": round "+strconv.Itoa(rounds[0]))
			default:
				parts = append(parts, s.Events[e].Name+": rounds "+writer.RoundList(rounds))
			}
		}
		return strings.Join(parts, "; ")
	}
	name := func(p int) string { return tbsheet.Quote(s.Players[p].Name) }
	for _, t := range s.Typos {
		out = append(out, fmt.Sprintf("note: season: %s (%s) and %s (%s) never play in the same event: the same player? "+
			"If so, join them with --same \"%s=%s\"", name(t.A), where(t.A), name(t.B), where(t.B),
			s.Players[t.A].Name, s.Players[t.B].Name))
	}
	for _, p := range s.Renamed {
		var spellings []string
		for _, x := range s.RowOf(p).Results {
			st := s.Events[x.Event].Standings
			spellings = append(spellings, tbsheet.Quote(st.Event.Players[st.Rows[x.Row].Player].Name)+" in "+s.Events[x.Event].Name)
		}
		out = append(out, fmt.Sprintf("note: season: ID %s is %s: one player, listed as %s",
			s.Players[p].ID, strings.Join(spellings, ", "), name(p)))
	}
	for _, u := range s.Unmatched {
		var ids []string
		for _, c := range u.Candidates {
			ids = append(ids, s.Players[c].ID)
		}
		out = append(out, fmt.Sprintf("note: season: %s (%s) has no ID, and players with IDs %s have that name: counted apart from them",
			name(u.Player), where(u.Player), strings.Join(ids, ", ")))
	}
	return out
}

// renderSeason renders the season for every output in memory, for writer.WriteFiles.
func renderSeason(s *season.Standings, outputs []string, opt writer.Options) ([]writer.File, error) {
	var files []writer.File
	for _, out := range outputs {
		data, err := seasontable.Product.Render(out, s, opt)
		if err != nil {
			return nil, err
		}
		files = append(files, writer.File{Path: out, Data: data})
	}
	return files, nil
}

// seasonWatch keeps a season's table current under tbsheet watch --season: it holds the
// last good standings of every input, and each save's run ranks the season again with that
// input's new standings.
type seasonWatch struct {
	sf      seasonFlags
	opt     season.Options
	outputs []string
	mu      sync.Mutex
	// events maps an input's absolute path to its name and its last good standings.
	events map[string]seasonInput
}

// seasonInput is one input of a watched season.
type seasonInput struct {
	name string
	ev   season.Event
}

// newSeasonWatch starts a watched season with the events its inputs (files and folders)
// hold now; an input that cannot be read yet is left out until a save of it can. An output
// of the season in a watched folder is not an event (watch never reads it), unless it reads
// as results: then it is an event the output would overwrite, and it is refused.
func (j *job) newSeasonWatch(inputs, outputs []string, sf seasonFlags) (*seasonWatch, error) {
	opt, err := sf.options()
	if err != nil {
		return nil, err
	}
	w := &seasonWatch{sf: sf, opt: opt, outputs: outputs, events: map[string]seasonInput{}}
	files, err := seasonInputs(inputs)
	if err != nil {
		return nil, err
	}
	for _, in := range files {
		r, err := j.read(in)
		if slices.ContainsFunc(outputs, func(o string) bool { return samePath(o, in) }) {
			if err == nil {
				return nil, usageErr("--season %s is an event of the season (it holds results): tbsheet never writes to its inputs", in)
			}
			continue // the table a run before this one wrote
		}
		if err == nil && len(r.Standings) == 1 {
			w.events[pipeline.AbsPath(in)] = seasonInput{in, season.Event{Name: r.Standings[0].Event.Name, Standings: r.Standings[0]}}
		}
	}
	return w, nil
}

// prepare ranks the season with input's new standings and renders its outputs; write
// writes them and keeps the standings for the next runs.
func (w *seasonWatch) prepare(input string, sts []*calc.Standings, opt writer.Options) (s *season.Standings, write func() error, notes []string, err error) {
	if len(sts) != 1 {
		return nil, nil, nil, fmt.Errorf("%s holds %d divisions (%s): a season ranks one, chosen with --pod", input, len(sts), divisionNames(sts))
	}
	key := pipeline.AbsPath(input)
	now := seasonInput{input, season.Event{Name: sts[0].Event.Name, Standings: sts[0]}}
	w.mu.Lock()
	var inputs []string
	events := map[string]season.Event{}
	for k, si := range w.events {
		if k != key {
			inputs = append(inputs, si.name)
			events[si.name] = si.ev
		}
	}
	w.mu.Unlock()
	inputs = append(inputs, input)
	events[input] = now.ev
	slices.Sort(inputs)
	s, err = computeSeason(inputs, events, w.sf, w.opt)
	if err != nil {
		return nil, nil, nil, brokenSave(err)
	}
	files, err := renderSeason(s, w.outputs, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	write = func() error {
		if _, err := writer.WriteFiles(files); err != nil {
			return err
		}
		w.mu.Lock()
		w.events[key] = now
		w.mu.Unlock()
		return nil
	}
	return s, write, seasonNotes(s), nil
}
