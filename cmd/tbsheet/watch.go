package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
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
round is waiting for results the file is left as it is.`,
		Example: `  tbsheet watch results.xlsx -o standings.xlsx -o standings.pdf
  tbsheet watch events/ -o out/ --formats xlsx,pdf,json
  tbsheet watch //club-nas/events/results.xlsx -o standings.pdf --poll 2s
  tbsheet watch results.xlsx -o standings.pdf --scenarios scenarios.pdf --cut 8`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			if len(of.outputs) == 0 {
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
			if len(scenarios) > 0 {
				if err := checkScenarioOutputs(scenarios); err != nil {
					return err
				}
				if err := checkOutputs(inputs, scenarios); err != nil {
					return err
				}
				if j.scenarioOpt, err = sf.options(j.calcOpt, of.cut); err != nil {
					return err
				}
			}
			many := len(inputs) > 1 || isDir(inputs[0])
			outputs := func(input string) []string { return outputsFor(input, of.outputs, formats, many) }
			j.scenarios = func(input string) []string { return outputsFor(input, scenarios, nil, many) }
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() { <-ctx.Done(); stop() }() // a second Ctrl-C ends the process at once
			all := func(input string) []string { return append(outputs(input), j.scenarios(input)...) }
			cfg := watch.Config{Inputs: inputs, Exts: reader.Exts(), Outputs: all, Poll: poll,
				MaxSize: j.readOpt.MaxSize, Log: cmd.OutOrStdout(), Errors: cmd.ErrOrStderr()}
			if verbose {
				cfg.Verbose = cmd.ErrOrStderr()
			}
			if err := run(ctx, cfg, j.watchJob(outputs, cmd.ErrOrStderr())); err != nil {
				return usageErr("watch: %v", err)
			}
			return nil
		},
	}
	cf.register(cmd.Flags())
	of.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one (read once, at start)")
	cmd.Flags().StringSliceVar(&formats, "formats", []string{"xlsx", "pdf"}, "what an output folder receives: "+strings.Join(outputKinds(), ", "))
	cmd.Flags().DurationVar(&poll, "poll", 0, "check the inputs every `INTERVAL` (e.g. 2s) instead of waiting for events: for network drives")
	cmd.Flags().BoolVar(&verbose, "verbose", false, "print every file event and decision")
	cmd.Flags().StringArrayVar(&scenarios, "scenarios", nil, "also write the scenarios of the round being played to `FILE` (.pdf, .json, .txt; needs --cut); repeatable")
	return cmd
}

// outputKinds lists what --formats accepts: the extensions standings can be written to,
// without the dot.
func outputKinds() []string {
	var out []string
	for _, e := range writer.StandingsExts() {
		out = append(out, strings.TrimPrefix(e, "."))
	}
	return out
}

// outputsFor maps an input to its output files: an output folder gets one file per format
// named after the input; with several inputs, each output file name gets the input's name.
func outputsFor(input string, outputs, formats []string, many bool) []string {
	stem := strings.TrimSuffix(filepath.Base(input), filepath.Ext(input))
	var out []string
	for _, o := range outputs {
		switch {
		case isDir(o) || strings.HasSuffix(o, string(filepath.Separator)) || strings.HasSuffix(o, "/"):
			for _, f := range formats {
				out = append(out, filepath.Join(o, stem+"."+f))
			}
		case many:
			out = append(out, withTag(o, stem))
		default:
			out = append(out, o)
		}
	}
	return out
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// watchJob is what watch runs on a save, ahead of the debounce or once the save settled:
// compute the bytes watch read and render every output in memory. Its commit writes them,
// each through a temporary file renamed into place, and watch commits only the run on the
// bytes of a settled save, so a broken save or one overtaken by a newer save never touches
// the last good outputs.
func (j *job) watchJob(outputs func(string) []string, warn io.Writer) watch.Job {
	return func(ctx context.Context, input string, data []byte) (watch.Prepared, error) {
		// Self-check differences are printed with the outputs they come with, not for a run
		// that watch drops.
		var diffs bytes.Buffer
		sts, err := j.computeBytes(data, input, &diffs)
		if err != nil {
			var ee *exitError
			if errors.As(err, &ee) {
				err = ee.err // watch prints the problems itself, one per line
			}
			return watch.Prepared{}, err
		}
		if err := ctx.Err(); err != nil {
			return watch.Prepared{}, err // a newer save came: rendering this one is wasted
		}
		outs := outputs(input)
		rendered := j.render(sts, outs)
		writeScenarios, wrote, notes, err := j.watchScenarios(ctx, sts, j.scenarios(input))
		if err != nil {
			return watch.Prepared{}, err
		}
		commit := func() error {
			warn.Write(diffs.Bytes())
			err := writeRendered(rendered)
			if err == nil {
				err = writeScenarios()
			}
			if err != nil {
				return fmt.Errorf("%w (is an output open in another program?)", err)
			}
			return nil
		}
		sum := summarize(sts, append(outs, wrote...))
		sum.Notes = append(sum.Notes, notes...)
		return watch.Prepared{Summary: sum, Commit: commit}, nil
	}
}

// watchScenarios analyses the round being played for every standings when scenario outputs
// are asked for, and returns what writes them and the files it writes. With no round waiting
// for results it writes nothing and says so in a note: the files keep the last scenarios.
func (j *job) watchScenarios(ctx context.Context, sts []*calc.Standings, outputs []string) (write func() error, wrote, notes []string, err error) {
	none := func() error { return nil }
	if len(outputs) == 0 {
		return none, nil, nil, nil
	}
	var reps []*scenario.Report
	for _, st := range sts {
		rep, err := scenario.Analyze(ctx, st.Event, j.scenarioOpt)
		if errors.Is(err, scenario.ErrNoRound) {
			return none, nil, []string{"scenarios: no round is waiting for results; " + strings.Join(outputs, ", ") + " kept"}, nil
		}
		if err != nil {
			return nil, nil, nil, err
		}
		reps = append(reps, rep)
	}
	write, err = renderScenarios(reps, outputs, j.writeOpt)
	return write, outputs, nil, err
}

// summarize describes the (first) standings for watch's one-line report.
func summarize(sts []*calc.Standings, wrote []string) watch.Summary {
	st := sts[0]
	s := watch.Summary{Players: len(st.Rows), Rounds: st.Event.PlannedRounds, Wrote: wrote, Notes: st.Notes}
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
