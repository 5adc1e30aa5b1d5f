// Package pipeline is the job every command that ranks runs on each input: read it, compute
// the standings of each division, make them final after a top cut, compare them with the
// standings the input carries (the self-check), gather what the organizer should know (notes
// and warnings), name the output files of each standings and render them. standings, watch,
// serve, pair, pairings, explain, scenarios, convert and season all run it, with the options
// their flags give. Beside that job it holds the work of each command: the next round
// paired (pair.go, chess.go), a round listed or analysed (round.go), a season ranked
// (season.go), a save run for watch and serve (watch.go, serve.go), the output files named
// and checked (files.go, names.go). It knows nothing of flags, terminals or exit codes. A
// problem of the command line is returned as a calc.UsageError (errors.Is(err,
// calc.ErrUsage)); any other error is the input's, or, where a function says so, the
// output's.
package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
)

// Job is one configured calculation: what standings does for each input, and what watch
// does on every save. The zero value reads any format, ranks by what the input says, and
// writes English.
type Job struct {
	// From forces the input format (a reader.Formats ID) instead of detecting it.
	From string
	// Title names every event instead of its own name (--title).
	Title string
	// Pod ranks only the division of this name ("" ranks each).
	Pod string
	// Final chooses final standings after a top cut; nil: when the input has playoff rounds
	// and no AfterRound asks for an earlier round.
	Final *bool
	// Check makes the self-check's differences, and a check that compared nothing, errors.
	Check bool
	// Strict makes the input's warnings an error (see [Job.StrictErr]).
	Strict bool
	// ReadOpt, CalcOpt and WriteOpt are the options of the reader, the calculation and the
	// writers.
	ReadOpt  reader.Options
	CalcOpt  calc.Options
	WriteOpt writer.Options
	// PlayersErr are the problems of the players list (ReadOpt.Players), reported with the
	// results' own, in one run.
	PlayersErr tbsheet.ErrorList
}

// Result is what one input gives: its standings, one per division, and what to tell the
// organizer about them.
type Result struct {
	Standings []*calc.Standings
	// Notes are facts to know, each line "note: FILE: …" (see [Job.Notes]).
	Notes []string
	// Warnings are what is likely a mistake in the input and the self-check's differences
	// when Check does not make them errors, each line "warning: FILE: …" or the difference.
	Warnings []string
}

// ReadPlayers reads the players list (--players) the reader gives inputs that lack one:
// its positioned problems are reported with each input's own, in one run (PlayersErr); a
// list that cannot be read at all is the error.
func (j *Job) ReadPlayers(path string) error {
	list, err := reader.ReadPlayers(path)
	var errs tbsheet.ErrorList
	switch {
	case err == nil:
	case errors.As(err, &errs) && list != nil:
		j.PlayersErr = errs
	default:
		return err
	}
	j.ReadOpt.Players = list
	return nil
}

// ReadFile reads one input (reader.Stdin for standard input) and computes its standings.
func (j *Job) ReadFile(path string) (*Result, error) {
	data, err := reader.ReadFile(path, j.ReadOpt.MaxSize)
	if err != nil {
		return nil, err
	}
	return j.Compute(data, reader.InputName(path))
}

// ReadFiles reads every input (see [Job.ReadFile]) and returns the standings of each, with
// the notes and warnings of every input read (those of an input that fails strict
// included); the problems of every input are returned together, as one tbsheet.ErrorList.
// A usage error (an option an input cannot honour) stops the reading.
func (j *Job) ReadFiles(inputs []string) (all []Sourced, notes, warnings []string, err error) {
	var problems tbsheet.ErrorList
	for _, in := range inputs {
		r, err := j.ReadFile(in)
		if r != nil {
			notes = append(notes, r.Notes...)
			warnings = append(warnings, r.Warnings...)
		}
		if errors.Is(err, calc.ErrUsage) {
			return nil, notes, warnings, err
		}
		if err != nil {
			problems = append(problems, tbsheet.Errors(err)...)
			continue
		}
		for _, st := range r.Standings {
			all = append(all, Sourced{Input: in, Standings: st})
		}
	}
	if len(problems) > 0 {
		return nil, notes, warnings, problems
	}
	return all, notes, warnings, nil
}

// Compute is ReadFile on an input already read (watch hands over the bytes it hashed).
// Self-check differences are warnings; with Check they are an error, returned with the
// Result, whose notes say what could not be compared. With Strict, warnings are an error
// returned with the Result.
func (j *Job) Compute(data []byte, path string) (*Result, error) {
	file, events, err := j.Events(data, path)
	if err != nil {
		return nil, err
	}
	r := &Result{}
	var checks []podCheck
	for _, e := range events {
		st, err := calc.Compute(e, j.CalcOpt)
		if err != nil {
			return nil, err
		}
		if j.wantFinal(e) {
			st = calc.Final(st)
		}
		checks = append(checks, podCheck{e.Pod, calc.Check(st)})
		r.Standings = append(r.Standings, st)
	}
	r.Notes = append(j.SystemNotes(path, events), Notes(path, file, events, r.Standings)...)
	checkNotes, problems := selfCheckReport(path, checks, j.Check)
	for _, n := range checkNotes {
		r.Notes = append(r.Notes, "note: "+n)
	}
	if j.Check && len(problems) > 0 {
		return r, problems // the notes say why nothing could be compared
	}
	r.Warnings = Warnings(path, events)
	for _, p := range problems {
		r.Warnings = append(r.Warnings, p.Error())
	}
	return r, j.StrictErr(r.Warnings)
}

// Events reads an input already read into the file's event and the events to rank: the
// event, or its divisions (Pod chooses one), each named (see [Job.Title]).
func (j *Job) Events(data []byte, path string) (file *tbsheet.Event, events []*tbsheet.Event, err error) {
	ev, err := reader.ReadBytes(data, path, j.From, j.ReadOpt)
	if err != nil && ev != nil {
		// A setting the file makes (its Event sheet's System) is checked with the file's
		// other problems, first as the Event sheet comes first: one run shows them all.
		if e := calc.CheckSettings(ev, j.CalcOpt); e != nil {
			err = append(tbsheet.ErrorList{e}, tbsheet.Errors(err)...)
		}
	}
	if j.PlayersErr != nil {
		// The players list's problems first, then the results' (one run shows them all).
		all := append(tbsheet.ErrorList{}, j.PlayersErr...)
		err = append(all, tbsheet.Errors(err)...)
	}
	if err != nil {
		return nil, nil, err
	}
	j.name(ev, path)
	if len(ev.Pods) == 0 {
		return ev, []*tbsheet.Event{ev}, nil
	}
	for _, p := range ev.Pods {
		if j.Pod == "" || strings.EqualFold(p.Pod, j.Pod) {
			events = append(events, p)
		}
	}
	if len(events) == 0 {
		return nil, nil, &calc.UsageError{Msg: fmt.Sprintf("--pod %q: %s has %s", j.Pod, path, PodNames(ev))}
	}
	return ev, events, nil
}

// PodNames lists a multi-pod event's divisions: "Junior, Senior, Masters".
func PodNames(ev *tbsheet.Event) string {
	var names []string
	for _, p := range ev.Pods {
		names = append(names, p.Pod)
	}
	return strings.Join(names, ", ")
}

// name gives an event and its divisions their name: Title, else the input's own (a
// workbook's Event sheet, the name in a tournament file), else the input file's name
// without its extension (standard input has none): the title of every output.
func (j *Job) name(ev *tbsheet.Event, path string) {
	switch {
	case j.Title != "":
		ev.Name = j.Title
	case strings.TrimSpace(ev.Name) == "" && path != reader.Stdin && path != reader.InputName(reader.Stdin):
		ev.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	for _, p := range ev.Pods {
		j.name(p, path)
	}
}

// wantFinal reports whether to show final standings: as Final says, else when the input has
// playoff rounds and no AfterRound asks for the Swiss standings of an earlier round.
func (j *Job) wantFinal(ev *tbsheet.Event) bool {
	if j.Final != nil {
		return *j.Final
	}
	if j.CalcOpt.AfterRound > 0 {
		return false
	}
	for _, r := range ev.Rounds {
		if r.Playoff {
			return true
		}
	}
	return false
}

// ErrStrict is the error of Strict when the input has warnings.
var ErrStrict = errors.New("--strict: the warnings above stop the run: correct the input, or run without --strict")

// StrictErr is the error of Strict when the input has warnings (they are printed first, and
// the run stops as for bad input); nil otherwise.
func (j *Job) StrictErr(warnings []string) error {
	if !j.Strict || len(warnings) == 0 {
		return nil
	}
	return ErrStrict
}
