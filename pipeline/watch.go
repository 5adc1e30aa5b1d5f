package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
)

// WatchOutputs maps each input of a watch to its standings files and to its files of each
// list of rounds (the files of the round being played: scenarios, pairings), and refuses,
// before anything is watched, those of the inputs that are files that would be an input or
// another's output ([CheckNames], a usage error). watch itself refuses those of the files
// it finds in a folder input. With several inputs or a folder, each output's name gets the
// input's tag ([InputTags]); an output folder receives a file per input and format.
func WatchOutputs(inputs, outputs, formats []string, rounds ...[]string) (standings func(string) []string, round []func(string) []string, err error) {
	many := len(inputs) > 1 || IsDir(inputs[0])
	files := FileInputs(inputs)
	tags := InputTags(files)
	tag := func(input string) string {
		if t, ok := tags[input]; ok {
			return t
		}
		return strings.TrimSuffix(filepath.Base(input), filepath.Ext(input))
	}
	var named []Named
	for _, in := range files {
		for _, flag := range outputs {
			for _, o := range outputsFor(tag(in), []string{flag}, formats, many) {
				named = append(named, Named{Path: o, Output: flag, Input: in})
			}
		}
		for _, flag := range slices.Concat(rounds...) {
			for _, o := range outputsFor(tag(in), []string{flag}, nil, many) {
				named = append(named, Named{Path: o, Output: flag, Input: in})
			}
		}
	}
	standings = func(input string) []string { return outputsFor(tag(input), outputs, formats, many) }
	for _, list := range rounds {
		round = append(round, func(input string) []string { return outputsFor(tag(input), list, nil, many) })
	}
	return standings, round, CheckNames(files, named)
}

// FileInputs returns the inputs that are files, not folders.
func FileInputs(inputs []string) []string {
	var files []string
	for _, in := range inputs {
		if !IsDir(in) {
			files = append(files, in)
		}
	}
	return files
}

// IsOutputFolder reports whether a watch output is a folder (-o out/), which receives a
// file per input and format.
func IsOutputFolder(o string) bool {
	return IsDir(o) || strings.HasSuffix(o, string(filepath.Separator)) || strings.HasSuffix(o, "/")
}

// outputsFor maps an input, named by its tag (see InputTags), to its output files: an
// output folder gets one file per format named after the input; with several inputs, each
// output file name gets the input's tag.
func outputsFor(tag string, outputs, formats []string, many bool) []string {
	var out []string
	for _, o := range outputs {
		switch {
		case IsOutputFolder(o):
			for _, f := range formats {
				out = append(out, filepath.Join(o, tag+"."+f))
			}
		case many:
			out = append(out, WithTag(o, tag))
		default:
			out = append(out, o)
		}
	}
	return out
}

// Watch is what tbsheet watch runs on a save, ahead of the debounce or once the save
// settled ([Watch.Run]): compute the bytes watch read and render every output in memory.
type Watch struct {
	*Job
	// Inputs are the watched inputs (files and folders).
	Inputs []string
	// Standings, Scenarios and Pairings map an input to its files of each product (see
	// [WatchOutputs]); Scenarios and Pairings may be nil for none.
	Standings, Scenarios, Pairings func(input string) []string
	// ScenarioOpt are the scenarios' options.
	ScenarioOpt scenario.Options
	// Season keeps a season's table over every input (nil: none).
	Season *SeasonWatch
	// Quiet leaves the notes out of the summary.
	Quiet bool
	// Warn prints the warnings of a run when it is committed.
	Warn func(lines []string)
}

// Run is a watch.Job: it computes the bytes watch read and renders every output in memory.
// Its commit writes them, each through a temporary file renamed into place, and watch
// commits only the run on the bytes of a settled save, so a broken save or one overtaken by
// a newer save never touches the last good outputs.
func (w *Watch) Run(ctx context.Context, input string, data []byte) (watch.Prepared, error) {
	files := FileInputs(w.Inputs)
	r, err := w.Compute(data, input)
	if err != nil {
		return watch.Prepared{}, err
	}
	if err := ctx.Err(); err != nil {
		return watch.Prepared{}, err // a newer save came: rendering this one is wasted
	}
	var all []Sourced
	for _, st := range r.Standings {
		all = append(all, Sourced{Input: input, Standings: st})
	}
	out, divisions := Files([]string{input}, w.Standings(input), all)
	if err := CheckNames(slices.Concat(files, []string{input}), Names(out)); err != nil {
		return watch.Prepared{}, err // a division's file over an input
	}
	rendered := w.Render(out)
	if err := rendered.Err(); err != nil {
		return watch.Prepared{}, err // outputs that cannot all be made: a broken save
	}
	writeScenarios, wrote, scenarioNotes, err := w.scenarios(ctx, r.Standings, outputsOf(w.Scenarios, input))
	if err != nil {
		return watch.Prepared{}, err
	}
	writePairings, wrotePairings, pairingNotes, err := w.pairings(r.Standings, outputsOf(w.Pairings, input))
	if err != nil {
		return watch.Prepared{}, err
	}
	writeSeason, seasonNotes := func() error { return nil }, []string(nil)
	if w.Season != nil {
		if _, writeSeason, seasonNotes, err = w.Season.Prepare(input, r.Standings, w.WriteOpt); err != nil {
			return watch.Prepared{}, err
		}
	}
	commit := func() error {
		// Self-check differences are printed with the outputs they come with, not for a
		// run that watch drops.
		w.Warn(r.Warnings)
		err := rendered.Write()
		if err == nil {
			err = writeScenarios()
		}
		if err == nil {
			err = writePairings()
		}
		if err == nil {
			err = writeSeason()
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("%w (was an output's folder moved or deleted?)", err)
		case err != nil:
			return fmt.Errorf("%w (is an output open in another program?)", err)
		}
		return nil
	}
	var paths []string
	for _, f := range out {
		paths = append(paths, f.Path)
	}
	var wroteSeason []string
	if w.Season != nil {
		wroteSeason = w.Season.Outputs
	}
	sum := Summarize(r.Standings, slices.Concat(paths, wrote, wrotePairings, wroteSeason))
	if !w.Quiet {
		sum.Notes = slices.Concat(r.Notes, divisions, scenarioNotes, pairingNotes, seasonNotes)
	}
	return watch.Prepared{Summary: sum, Commit: commit}, nil
}

// outputsOf are an input's files of a product (none when files is nil).
func outputsOf(files func(string) []string, input string) []string {
	if files == nil {
		return nil
	}
	return files(input)
}

// scenarios analyses the round being played for every standings when scenario outputs are
// asked for (see watchRound).
func (w *Watch) scenarios(ctx context.Context, sts []*calc.Standings, outputs []string) (write func() error, wrote, notes []string, err error) {
	return watchRound(sts, outputs, "scenarios",
		func(ev *tbsheet.Event) (*scenario.Report, error) { return scenario.Analyze(ctx, ev, w.ScenarioOpt) },
		func(reps []*scenario.Report) ([]RoundFile, error) {
			return RenderScenarios(reps, outputs, w.WriteOpt)
		})
}

// pairings lists the pairings of the round being played for every standings when pairing
// outputs are asked for (see watchRound).
func (w *Watch) pairings(sts []*calc.Standings, outputs []string) (write func() error, wrote, notes []string, err error) {
	return watchRound(sts, outputs, "pairings",
		func(ev *tbsheet.Event) (*pairings.Pairings, error) {
			return pairings.Compute(ev, pairings.Options{Calc: w.CalcOpt})
		},
		func(all []*pairings.Pairings) ([]RoundFile, error) {
			return RenderPairings(all, outputs, roundsheet.BothLists, w.WriteOpt)
		})
}

// watchRound computes what the round being played gives for every standings' event
// (scenarios, pairings) when outputs are asked for, and returns what writes the files render
// makes of it and their names. With no round waiting for results it writes nothing and says
// so in a note: the files keep what the last round gave.
func watchRound[T any](sts []*calc.Standings, outputs []string, what string, compute func(*tbsheet.Event) (T, error),
	render func([]T) ([]RoundFile, error)) (write func() error, wrote, notes []string, err error) {
	none := func() error { return nil }
	if len(outputs) == 0 {
		return none, nil, nil, nil
	}
	var all []T
	for _, st := range sts {
		v, err := compute(st.Event)
		if errors.Is(err, pairings.ErrNoRound) {
			return none, nil, []string{"note: " + what + ": no round is waiting for results; " + strings.Join(outputs, ", ") + " kept"}, nil
		}
		if err != nil {
			return nil, nil, nil, err
		}
		all = append(all, v)
	}
	rendered, err := render(all)
	if err != nil {
		return nil, nil, nil, err
	}
	files := WriterFiles(rendered)
	write = func() error {
		_, err := writer.WriteFiles(files)
		return err
	}
	return write, outputs, nil, nil
}

// Summarize describes the (first) standings for watch's one-line report.
func Summarize(sts []*calc.Standings, wrote []string) watch.Summary {
	st := sts[0]
	s := watch.Summary{Players: len(st.Rows), Rounds: st.Event.PlannedRounds, Wrote: wrote}
	if n := len(st.Rounds); n > 0 {
		s.Round = st.Rounds[n-1]
	}
	for i := range st.Rows {
		r := &st.Rows[i]
		p := st.Event.Players[r.Player]
		s.Top = append(s.Top, watch.Entry{Rank: r.Rank, ID: p.ID, Name: p.Name,
			Points: st.RankBy.FormatValue(calc.Known(r.Points))})
	}
	return s
}
