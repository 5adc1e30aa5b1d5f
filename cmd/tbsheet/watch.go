package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
	"github.com/tbsheet/tbsheet/writer/seasontable"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
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
			inputs, locks := pipeline.SkipLocks(inputs)
			j.printNotes(cmd.ErrOrStderr(), locks)
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
				if !pipeline.IsOutputFolder(o) {
					files = append(files, o)
				}
			}
			if err := checkProduct(standingsheet.Standings, "", files); err != nil {
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
				if err := checkProduct(roundsheet.Pairings, "", pairingFiles); err != nil {
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
				if err := checkProduct(seasontable.Product, "", seasonFiles); err != nil {
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
			outputs, rounds, err := pipeline.WatchOutputs(inputs, of.outputs, formats, scenarios, pairingFiles)
			if err != nil {
				return jobErr(err)
			}
			j.scenarios, j.pairings = rounds[0], rounds[1]
			all := func(input string) []string {
				return slices.Concat(outputs(input), j.scenarios(input), j.pairings(input))
			}
			release, err := pipeline.LockOutputs(slices.Concat(of.outputs, scenarios, pairingFiles, seasonFiles))
			if errors.Is(err, calc.ErrUsage) {
				return usageErr("%v", err)
			}
			if err != nil {
				return outputErr(err)
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
	cmd.Flags().StringArrayVar(&scenarios, "scenarios", nil, "also write the scenarios of the round being played to `FILE` ("+strings.Join(scenariosheet.Product.Exts(), ", ")+"; needs --cut); repeatable")
	cmd.Flags().StringArrayVar(&seasonFiles, "season", nil, "also keep the season's table over every input in `FILE` ("+strings.Join(seasontable.Product.Exts(), ", ")+"; see 'tbsheet season'); repeatable")
	seasonRules.register(cmd.Flags())
	markOutputs(cmd.Flags(), "scenarios", "season")
	cmd.Flags().StringArrayVar(&pairingFiles, "pairings", nil, "also write the pairings of the round being played to `FILE` ("+strings.Join(roundsheet.Pairings.Exts(), ", ")+"); repeatable")
	markOutputs(cmd.Flags(), "pairings")
	return cmd
}

// outputKinds lists what --formats accepts: the extensions standings can be written to,
// without the dot.
func outputKinds() []string {
	var out []string
	for _, e := range standingsheet.Standings.Exts() {
		out = append(out, strings.TrimPrefix(e, "."))
	}
	return out
}

// watchJob is what watch runs on a save (pipeline.Watch), with the outputs of each input
// and the run's warnings printed to warn when it is committed.
func (j *job) watchJob(inputs []string, outputs func(string) []string, warn io.Writer) watch.Job {
	w := &pipeline.Watch{Job: j.Job, Inputs: inputs, Standings: outputs, Scenarios: j.scenarios, ScenarioOpt: j.scenarioOpt,
		Pairings: j.pairings, Season: j.season, Quiet: j.quiet, Warn: func(lines []string) { printLines(warn, lines) }}
	return w.Run
}
