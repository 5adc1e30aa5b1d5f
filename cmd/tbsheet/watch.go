package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/writer"
)

func newWatchCmd() *cobra.Command { return newWatchCmdRunning(watch.Run) }

// newWatchCmdRunning is newWatchCmd with what runs the watch once the flags are checked and
// the job is built (watch.Run); a benchmark passes watchtest's latency harness instead.
func newWatchCmdRunning(run func(context.Context, watch.Config, watch.Job) error) *cobra.Command {
	var (
		cf            calcFlags
		of            outputFlags
		from, players string
		formats       []string
		poll          time.Duration
		verbose       bool
		scenarios     []string
		sf            scenarioFlags
		pairingFiles  []string
		seasonFiles   []string
		seasonRules   seasonFlags
	)
	cmd := &cobra.Command{
		Use:   "watch INPUT... -o OUT...",
		Short: "Recompute every output whenever an input is saved",
		Long: `Watch results files (or folders of them) and rewrite every output each time one is saved
in Excel, LibreOffice or any editor. Each recompute prints one line: the time, the round,
the players and what changed at the top. A save that cannot be read (half-written, a typo in
a result) prints its problems and keeps the last good outputs. Ctrl-C stops.

With several inputs or a folder, each output name gets the input's name
(standings.pdf → standings-day1.pdf); an output that is a folder (-o out/) receives
out/INPUT.xlsx and out/INPUT.pdf, or the --formats you list.

--scenarios FILE also writes, while a round is paired but not played, what a win, a draw
or a loss means for each player's place in the --cut (see 'tbsheet scenarios'); when no
round is waiting for results the file is left as it is. --pairings FILE writes that round's
pairings (see 'tbsheet pairings') the same way. --season FILE keeps one season's table over
every input (see 'tbsheet season'; its flags say how points are earned), as each is saved.`,
		Example: `  tbsheet watch results.xlsx -o standings.xlsx -o standings.pdf
  tbsheet watch events/ -o out/ --formats xlsx,pdf,json
  tbsheet watch //club-nas/events/results.xlsx -o standings.pdf --poll 2s
  tbsheet watch results.xlsx -o standings.pdf --scenarios scenarios.pdf --cut 8
  tbsheet watch results.xlsx -o standings.pdf --pairings pairings.pdf
  tbsheet watch events/ --season season.pdf --places 15,12,10,8,6,4 --best 4`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			inputs = skipLocks(inputs, cmd.ErrOrStderr(), j.quiet)
			if len(of.outputs) == 0 && len(seasonFiles) == 0 {
				return usageErr("watch: give at least one output with -o")
			}
			if slices.Contains(inputs, reader.Stdin) {
				return usageErr("watch: standard input (-) cannot be watched: give the file")
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			for _, f := range formats {
				if !contains(outputKinds(), f) {
					return usageErr("--formats %q: use %s", f, strings.Join(outputKinds(), ", "))
				}
			}
			var files []string // the outputs that are not folders
			for _, o := range of.outputs {
				if !isOutputFolder(o) {
					files = append(files, o)
				}
			}
			if err := checkProduct(writer.Standings, "", files); err != nil {
				return err
			}
			if len(scenarios) > 0 {
				if err := checkScenarioOutputs(scenarios); err != nil {
					return err
				}
				if err := checkOutputs(inputs, scenarios); err != nil {
					return err
				}
				if j.scenarioOpt, err = sf.options(j.CalcOpt, of.cut); err != nil {
					return err
				}
			}
			if len(pairingFiles) > 0 {
				if err := checkProduct(writer.Pairings, "", pairingFiles); err != nil {
					return err
				}
				if err := checkOutputs(inputs, pairingFiles); err != nil {
					return err
				}
				if j.CalcOpt.AfterRound != 0 {
					return usageErr("--after-round: --pairings lists the round being played")
				}
			}
			if len(seasonFiles) > 0 {
				if err := checkProduct(writer.Season, "", seasonFiles); err != nil {
					return err
				}
				if err := checkOutputs(inputs, seasonFiles); err != nil {
					return err
				}
				if j.season, err = j.newSeasonWatch(inputs, seasonFiles, seasonRules); err != nil {
					return err
				}
			}
			if err := checkFolders(slices.Concat(of.outputs, scenarios, pairingFiles, seasonFiles)); err != nil {
				return err
			}
			outputs, rounds, err := watchOutputs(inputs, of.outputs, formats, scenarios, pairingFiles)
			if err != nil {
				return err
			}
			j.scenarios, j.pairings = rounds[0], rounds[1]
			all := func(input string) []string {
				return slices.Concat(outputs(input), j.scenarios(input), j.pairings(input))
			}
			release, err := lockOutputs(slices.Concat(of.outputs, scenarios, pairingFiles, seasonFiles))
			if err != nil {
				return err
			}
			defer release()
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() { <-ctx.Done(); stop() }() // a second Ctrl-C ends the process at once
			cfg := watch.Config{Inputs: inputs, Exts: reader.Exts(), Outputs: all, Poll: poll,
				MaxSize: j.ReadOpt.MaxSize, Log: cmd.OutOrStdout(), Errors: cmd.ErrOrStderr(), Shared: seasonFiles}
			if verbose {
				cfg.Verbose = cmd.ErrOrStderr()
			}
			err = run(ctx, cfg, j.watchJob(inputs, outputs, cmd.ErrOrStderr()))
			switch {
			case errors.Is(err, watch.ErrOutputConflict):
				return outputErr(err)
			case err != nil:
				return failure(err) // an input missing at the start, a watched folder deleted
			}
			return nil
		},
	}
	cf.register(cmd.Flags())
	of.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one (read once, at start)")
	cmd.Flags().StringSliceVar(&formats, "formats", []string{"xlsx", "pdf"}, "what an output folder receives: "+strings.Join(outputKinds(), ", "))
	durationFlag(cmd.Flags(), &poll, "poll", 0, minPoll, maxPoll, "check the inputs every `INTERVAL` (e.g. 2s) instead of waiting for events: for network drives")
	cmd.Flags().BoolVar(&verbose, "verbose", false, "print every file event and decision")
	cmd.Flags().StringArrayVar(&scenarios, "scenarios", nil, "also write the scenarios of the round being played to `FILE` ("+strings.Join(writer.Scenarios.Exts(), ", ")+"; needs --cut); repeatable")
	cmd.Flags().StringArrayVar(&seasonFiles, "season", nil, "also keep the season's table over every input in `FILE` ("+strings.Join(writer.Season.Exts(), ", ")+"; see 'tbsheet season'); repeatable")
	seasonRules.register(cmd.Flags())
	markOutputs(cmd.Flags(), "scenarios", "season")
	cmd.Flags().StringArrayVar(&pairingFiles, "pairings", nil, "also write the pairings of the round being played to `FILE` ("+strings.Join(writer.Pairings.Exts(), ", ")+"); repeatable")
	markOutputs(cmd.Flags(), "pairings")
	return cmd
}

// outputKinds lists what --formats accepts: the extensions standings can be written to,
// without the dot.
func outputKinds() []string {
	var out []string
	for _, e := range writer.Standings.Exts() {
		out = append(out, strings.TrimPrefix(e, "."))
	}
	return out
}

// watchOutputs maps each input to its standings files and to its files of each list of
// rounds (the files of the round being played: scenarios, pairings) (see outputsFor), and
// refuses, before anything is watched, those of the inputs that are files that would be an
// input or another's output (checkFiles). watch itself refuses those of the files it finds
// in a folder input.
func watchOutputs(inputs, outputs, formats []string, rounds ...[]string) (standings func(string) []string, round []func(string) []string, err error) {
	many := len(inputs) > 1 || pipeline.IsDir(inputs[0])
	files := fileInputs(inputs)
	tags := pipeline.InputTags(files)
	tag := func(input string) string {
		if t, ok := tags[input]; ok {
			return t
		}
		return strings.TrimSuffix(filepath.Base(input), filepath.Ext(input))
	}
	var named []outputFile
	for _, in := range files {
		for _, flag := range outputs {
			for _, o := range outputsFor(tag(in), []string{flag}, formats, many) {
				named = append(named, outputFile{path: o, flag: flag, input: in})
			}
		}
		for _, flag := range slices.Concat(rounds...) {
			for _, o := range outputsFor(tag(in), []string{flag}, nil, many) {
				named = append(named, outputFile{path: o, flag: flag, input: in})
			}
		}
	}
	standings = func(input string) []string { return outputsFor(tag(input), outputs, formats, many) }
	for _, list := range rounds {
		round = append(round, func(input string) []string { return outputsFor(tag(input), list, nil, many) })
	}
	return standings, round, checkFiles(files, named)
}

// fileInputs returns the inputs that are files, not folders.
func fileInputs(inputs []string) []string {
	var files []string
	for _, in := range inputs {
		if !pipeline.IsDir(in) {
			files = append(files, in)
		}
	}
	return files
}

// isOutputFolder reports whether a watch output is a folder (-o out/), which receives a file
// per input and format.
func isOutputFolder(o string) bool {
	return pipeline.IsDir(o) || strings.HasSuffix(o, string(filepath.Separator)) || strings.HasSuffix(o, "/")
}

// outputsFor maps an input, named by its tag (see inputTags), to its output files: an
// output folder gets one file per format named after the input; with several inputs, each
// output file name gets the input's tag.
func outputsFor(tag string, outputs, formats []string, many bool) []string {
	var out []string
	for _, o := range outputs {
		switch {
		case isOutputFolder(o):
			for _, f := range formats {
				out = append(out, filepath.Join(o, tag+"."+f))
			}
		case many:
			out = append(out, pipeline.WithTag(o, tag))
		default:
			out = append(out, o)
		}
	}
	return out
}

// watchJob is what watch runs on a save, ahead of the debounce or once the save settled:
// compute the bytes watch read and render every output in memory. Its commit writes them,
// each through a temporary file renamed into place, and watch commits only the run on the
// bytes of a settled save, so a broken save or one overtaken by a newer save never touches
// the last good outputs.
func (j *job) watchJob(inputs []string, outputs func(string) []string, warn io.Writer) watch.Job {
	files := fileInputs(inputs)
	return func(ctx context.Context, input string, data []byte) (watch.Prepared, error) {
		r, err := j.computeBytes(data, input)
		if err != nil {
			return watch.Prepared{}, brokenSave(err)
		}
		if err := ctx.Err(); err != nil {
			return watch.Prepared{}, err // a newer save came: rendering this one is wasted
		}
		var all []pipeline.Sourced
		for _, st := range r.Standings {
			all = append(all, pipeline.Sourced{Input: input, Standings: st})
		}
		out, divisions := pipeline.Files([]string{input}, outputs(input), all)
		if err := checkFiles(slices.Concat(files, []string{input}), outputFiles(out)); err != nil {
			return watch.Prepared{}, errors.Unwrap(err) // a division's file over an input
		}
		rendered := j.Render(out)
		if err := rendered.Err(); err != nil {
			return watch.Prepared{}, err // outputs that cannot all be made: a broken save
		}
		writeScenarios, wrote, scenarioNotes, err := j.watchScenarios(ctx, r.Standings, j.scenarios(input))
		if err != nil {
			return watch.Prepared{}, err
		}
		writePairings, wrotePairings, pairingNotes, err := j.watchPairings(r.Standings, j.pairings(input))
		if err != nil {
			return watch.Prepared{}, err
		}
		writeSeason, seasonNotes := func() error { return nil }, []string(nil)
		if j.season != nil {
			if _, writeSeason, seasonNotes, err = j.season.Prepare(input, r.Standings, j.WriteOpt); err != nil {
				return watch.Prepared{}, err
			}
		}
		commit := func() error {
			// Self-check differences are printed with the outputs they come with, not for a
			// run that watch drops.
			printLines(warn, r.Warnings)
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
		if j.season != nil {
			wroteSeason = j.season.Outputs
		}
		sum := summarize(r.Standings, slices.Concat(paths, wrote, wrotePairings, wroteSeason))
		if !j.quiet {
			sum.Notes = slices.Concat(r.Notes, divisions, scenarioNotes, pairingNotes, seasonNotes)
		}
		return watch.Prepared{Summary: sum, Commit: commit}, nil
	}
}

// brokenSave is the error of a job on a save that cannot be read, as watch prints it: the
// problems themselves, one per line, without the exit code the command line adds.
func brokenSave(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.err
	}
	return err
}

// watchScenarios analyses the round being played for every standings when scenario outputs
// are asked for (see watchRound).
func (j *job) watchScenarios(ctx context.Context, sts []*calc.Standings, outputs []string) (write func() error, wrote, notes []string, err error) {
	return watchRound(sts, outputs, "scenarios",
		func(ev *tbsheet.Event) (*scenario.Report, error) { return scenario.Analyze(ctx, ev, j.scenarioOpt) },
		func(reps []*scenario.Report) ([]pipeline.RoundFile, error) {
			return pipeline.RenderScenarios(reps, outputs, j.WriteOpt)
		})
}

// watchPairings lists the pairings of the round being played for every standings when
// pairing outputs are asked for (see watchRound).
func (j *job) watchPairings(sts []*calc.Standings, outputs []string) (write func() error, wrote, notes []string, err error) {
	return watchRound(sts, outputs, "pairings",
		func(ev *tbsheet.Event) (*pairings.Pairings, error) {
			return pairings.Compute(ev, pairings.Options{Calc: j.CalcOpt})
		},
		func(all []*pairings.Pairings) ([]pipeline.RoundFile, error) {
			return pipeline.RenderPairings(all, outputs, writer.BothLists, j.WriteOpt)
		})
}

// watchRound computes what the round being played gives for every standings' event
// (scenarios, pairings) when outputs are asked for, and returns what writes the files render
// makes of it and their names. With no round waiting for results it writes nothing and says
// so in a note: the files keep what the last round gave.
func watchRound[T any](sts []*calc.Standings, outputs []string, what string, compute func(*tbsheet.Event) (T, error),
	render func([]T) ([]pipeline.RoundFile, error)) (write func() error, wrote, notes []string, err error) {
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
	_, files := roundFiles(rendered)
	write = func() error {
		_, err := writer.WriteFiles(files)
		return err
	}
	return write, outputs, nil, nil
}

// summarize describes the (first) standings for watch's one-line report.
func summarize(sts []*calc.Standings, wrote []string) watch.Summary {
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
