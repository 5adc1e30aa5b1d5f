package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/seasontable"
)

// MaxSeasonNumber bounds every number of points, multiplier and count a season takes.
const MaxSeasonNumber = 1000000

// SeasonNumber reads a number of season points or a multiplier as the organizer typed it
// for flag: from 0 (above 0 when positive) to MaxSeasonNumber; an empty text is 0. Any
// other is a usage error.
func SeasonNumber(flag, s string, positive bool) (exact.Num, error) {
	if strings.TrimSpace(s) == "" {
		return exact.Num{}, nil
	}
	v, err := exact.Parse(s)
	if err != nil || v.Sign() < 0 || positive && v.Sign() == 0 || v.Cmp(exact.Int(MaxSeasonNumber)) > 0 {
		low := "0"
		if positive {
			low = "above 0"
		}
		return exact.Num{}, usagef("%s %q: give a number from %s to %d", flag, s, low, MaxSeasonNumber)
	}
	return v, nil
}

// SeasonInputs expands the season's arguments into its result files: a folder gives the
// files in it that tbsheet reads (not lock or temporary files), a pattern the files it
// matches; each file once, in the order given. A file of a folder that an output names
// is an input all the same, which the command then refuses to write: a season's table is
// written beside the events' folder, not into it (tbsheet watch --season, whose outputs
// watch never reads, may write it there). Standard input and a malformed pattern are usage
// errors.
func SeasonInputs(args []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if k := AbsPath(p); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	exts := reader.Exts()
	for _, a := range args {
		if a == reader.Stdin {
			return nil, usagef("season: give the events as files, not standard input")
		}
		if _, err := os.Stat(a); err != nil && strings.ContainsAny(a, "*?[") {
			matches, gerr := filepath.Glob(a)
			if gerr != nil {
				return nil, usagef("%s: not a pattern: %v", a, gerr)
			}
			if len(matches) == 0 {
				return nil, fmt.Errorf("%s: no file matches", a)
			}
			for _, m := range matches {
				if !IsDir(m) {
					add(m)
				}
			}
			continue
		}
		if !IsDir(a) {
			add(a)
			continue
		}
		ents, err := os.ReadDir(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, errors.Unwrap(err))
		}
		n := len(out)
		for _, e := range ents {
			if e.Type().IsRegular() && !watch.IsTemp(e.Name()) && slices.Contains(exts, strings.ToLower(filepath.Ext(e.Name()))) {
				add(filepath.Join(a, e.Name()))
			}
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: no results file in the folder (%s)", a, strings.Join(exts, ", "))
		}
	}
	return out, nil
}

// IsDir reports whether path is a folder.
func IsDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// SamePath reports whether a and b name the same file: the same file on disk when both
// exist (so links count), else the same absolute path.
func SamePath(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	return AbsPath(a) == AbsPath(b)
}

// SeasonEvents reads every event of a season and computes its final standings, returning
// them by input with the notes and warnings of each (an input that cannot be read has its
// notes only); every input's problems are returned together, as one tbsheet.ErrorList. An
// input with several divisions is a usage error (a season ranks one, chosen with Pod), as
// is an option an input cannot honour; they stop the reading.
func (j *Job) SeasonEvents(inputs []string) (events map[string]season.Event, notes, warnings []string, err error) {
	var problems tbsheet.ErrorList
	events = map[string]season.Event{}
	for _, in := range inputs {
		r, err := j.ReadFile(in)
		if r != nil {
			notes = append(notes, r.Notes...)
		}
		if errors.Is(err, calc.ErrUsage) {
			return nil, notes, warnings, err
		}
		if err != nil {
			problems = append(problems, tbsheet.Errors(err)...)
			continue
		}
		warnings = append(warnings, r.Warnings...)
		if len(r.Standings) > 1 {
			return nil, notes, warnings, usagef("%s holds %d divisions (%s): a season ranks one, chosen with --pod", in, len(r.Standings), divisionNames(r.Standings))
		}
		events[in] = season.Event{Name: r.Standings[0].Event.Name, Standings: r.Standings[0]}
	}
	if len(problems) > 0 {
		return nil, notes, warnings, problems
	}
	return events, notes, warnings, nil
}

// divisionNames lists the divisions of an input's standings: "Junior, Senior, Masters".
func divisionNames(sts []*calc.Standings) string {
	var names []string
	for _, st := range sts {
		names = append(names, st.Event.Pod)
	}
	return strings.Join(names, ", ")
}

// ComputeSeason ranks the season of the events read from inputs: events of one name are
// told apart by their files' names (see [InputTags]), and each multiplier "FILE=X" finds
// its event by its file. A multiplier that is malformed or names no event, or rules the
// season cannot follow, are usage errors.
func ComputeSeason(inputs []string, events map[string]season.Event, multipliers []string, opt season.Options) (*season.Standings, error) {
	names := map[string]int{}
	for _, in := range inputs {
		names[events[in].Name]++
	}
	tags := InputTags(inputs)
	var list []season.Event
	for _, in := range inputs {
		ev := events[in]
		if names[ev.Name] > 1 {
			ev.Name += " (" + tags[in] + ")"
		}
		events[in] = ev
	}
	for _, m := range multipliers {
		file, x, ok := strings.Cut(m, "=")
		if !ok {
			return nil, usagef("--multiplier %q: give an event's file and its multiplier: regional.tdf=2", m)
		}
		v, err := SeasonNumber("--multiplier", x, true)
		if err != nil {
			return nil, err
		}
		var found []string
		for _, in := range inputs {
			if SamePath(in, file) || strings.EqualFold(filepath.Base(in), filepath.Base(file)) {
				found = append(found, in)
			}
		}
		switch {
		case len(found) == 0:
			return nil, usagef("--multiplier %q: %s is none of the season's files", m, file)
		case len(found) > 1:
			return nil, usagef("--multiplier %q: %s names %s: give its folder too", m, file, strings.Join(found, " and "))
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
		return nil, usagef("%s", strings.TrimPrefix(err.Error(), season.ErrUsage.Error()+": "))
	}
	return s, err
}

// SeasonNotes are what the organizer should check in a season, each "note: season: …": two
// spellings that may be one player (with their events and rounds), a player whose ID has
// several names, a name that several players with IDs have. (An event whose top cut is
// still being played has a note of its own: its Swiss ranks are its places until then.)
func SeasonNotes(s *season.Standings) []string {
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

// RenderSeason renders the season for every output in memory, for writer.WriteFiles.
func RenderSeason(s *season.Standings, outputs []string, opt writer.Options) ([]writer.File, error) {
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

// SeasonWatch keeps a season's table current under tbsheet watch --season: it holds the
// last good standings of every input, and each save's run ranks the season again with that
// input's new standings.
type SeasonWatch struct {
	// Outputs are the season's files.
	Outputs     []string
	multipliers []string
	opt         season.Options
	mu          sync.Mutex
	// events maps an input's absolute path to its name and its last good standings.
	events map[string]seasonInput
}

// seasonInput is one input of a watched season.
type seasonInput struct {
	name string
	ev   season.Event
}

// NewSeasonWatch starts a watched season with the events its inputs (files and folders)
// hold now, ranked by opt and the multipliers ("FILE=X"); an input that cannot be read yet
// is left out until a save of it can. An output of the season in a watched folder is not an
// event (watch never reads it), unless it reads as results: then it is an event the output
// would overwrite, and it is refused (a usage error).
func (j *Job) NewSeasonWatch(inputs, outputs, multipliers []string, opt season.Options) (*SeasonWatch, error) {
	w := &SeasonWatch{Outputs: outputs, multipliers: multipliers, opt: opt, events: map[string]seasonInput{}}
	files, err := SeasonInputs(inputs)
	if err != nil {
		return nil, err
	}
	for _, in := range files {
		r, err := j.ReadFile(in)
		if slices.ContainsFunc(outputs, func(o string) bool { return SamePath(o, in) }) {
			if err == nil {
				return nil, usagef("--season %s is an event of the season (it holds results): tbsheet never writes to its inputs", in)
			}
			continue // the table a run before this one wrote
		}
		if err == nil && len(r.Standings) == 1 {
			w.events[AbsPath(in)] = seasonInput{in, season.Event{Name: r.Standings[0].Event.Name, Standings: r.Standings[0]}}
		}
	}
	return w, nil
}

// Prepare ranks the season with input's new standings and renders its outputs; write
// writes them and keeps the standings for the next runs.
func (w *SeasonWatch) Prepare(input string, sts []*calc.Standings, opt writer.Options) (s *season.Standings, write func() error, notes []string, err error) {
	if len(sts) != 1 {
		return nil, nil, nil, fmt.Errorf("%s holds %d divisions (%s): a season ranks one, chosen with --pod", input, len(sts), divisionNames(sts))
	}
	key := AbsPath(input)
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
	s, err = ComputeSeason(inputs, events, w.multipliers, w.opt)
	if err != nil {
		return nil, nil, nil, err
	}
	files, err := RenderSeason(s, w.Outputs, opt)
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
	return s, write, SeasonNotes(s), nil
}
