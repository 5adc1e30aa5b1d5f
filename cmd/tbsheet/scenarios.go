package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
)

// scenarioFlags are the flags that choose what the scenarios analyse (scenarios, watch).
type scenarioFlags struct {
	round, rounds int
	effort        float64
}

// options turns the flags into scenario options for a top cut of cut players.
func (f *scenarioFlags) options(calcOpt calc.Options, cut int) (scenario.Options, error) {
	if cut < 1 {
		return scenario.Options{}, usageErr("scenarios need the size of the top cut: --cut 8 for a top 8")
	}
	if calcOpt.AfterRound != 0 {
		return scenario.Options{}, usageErr("--after-round: scenarios choose their round with --round")
	}
	return scenario.Options{Calc: calcOpt, Cut: cut, Round: f.round, Rounds: f.rounds, Effort: f.effort}, nil
}

// maxEffort is the most --effort multiplies the analysis's work by: a thousand times the
// default budget is hours of proving.
const maxEffort = 1000

// checkScenarioOutputs refuses an output scenarios cannot be written to.
func checkScenarioOutputs(outputs []string) error {
	return checkProduct(scenariosheet.Product, "", outputs)
}

func newScenariosCmd() *cobra.Command {
	var (
		cf                calcFlags
		of                outputFlags
		sf                scenarioFlags
		to, from, players string
	)
	cmd := &cobra.Command{
		Use:   "scenarios INPUT --cut K",
		Short: "Before a round: what a win, a draw or a loss means for each player's top cut",
		Long: `For every player of a round whose pairings are entered but not its results, and for each
result he can have (win, draw, loss), say whether he is in the top cut whatever the other
tables do, out whatever they do, or whether it depends (and on which tables). The verdicts
are proved over every combination of results, ranked with the real tiebreakers; what the
analysis cannot prove within its budget is "depends", marked *. For every table it says
what a judge reads out ("both safe to draw", "a draw puts Alice in and Bob out"), and, when
the event plans one more round, which final points are certainly in or out.

The round is the first one with pairings but missing results, or --round N; a round whose
results are all entered is analysed as it stood before it was played. A draw is taken as an
intentional draw; players who dropped are not in the cut.`,
		Example: `  tbsheet scenarios results.xlsx --cut 8
  tbsheet scenarios results.xlsx --cut 8 -o scenarios.pdf
  tbsheet scenarios results.xlsx --cut 8 --round 5 --to json`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			opt, err := sf.options(j.CalcOpt, of.cut)
			if err != nil {
				return err
			}
			if err := checkProduct(scenariosheet.Product, to, nil); err != nil {
				return err
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkScenarioOutputs(of.outputs); err != nil {
				return err
			}
			in, err := j.readInput(inputs[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			notes := in.Notes
			defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
			var reps []*scenario.Report
			for _, ev := range in.Events {
				rep, err := pipeline.Analyze(cmd.Context(), ev, opt)
				if err != nil {
					return jobErr(err)
				}
				reps = append(reps, rep)
			}
			rendered, err := pipeline.RenderScenarios(reps, of.outputs, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			names, files := roundFiles(rendered)
			if err := checkFiles(inputs, names); err != nil {
				return err
			}
			if err := writeOutputs(files, &notes); err != nil || to == "" && len(of.outputs) > 0 {
				return err
			}
			return outputErr(scenariosheet.Product.Print(cmd.OutOrStdout(), to, reps, j.WriteOpt))
		},
	}
	fs := cmd.Flags()
	registerRoundFlags(fs, &cf, &of, &from, &players)
	intFlag(fs, &of.cut, "cut", 0, 0, maxPlayersFlag, "the size of the top cut: `N` players (required)")
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the scenarios to `FILE` ("+strings.Join(scenariosheet.Product.Exts(), ", ")+"); repeatable")
	markOutputs(fs, "output")
	intFlag(fs, &sf.round, "round", 0, 0, maxRoundFlag, "analyse round `N` (default: the first round with pairings but missing results)")
	intFlag(fs, &sf.rounds, "rounds", 0, 0, maxRoundFlag, "the event plans `N` Swiss rounds (default: what the input says), for the outlook two rounds from the end")
	floatFlag(fs, &sf.effort, "effort", 0, 0, maxEffort, "multiply the work the analysis may do before it stops proving (`X`, e.g. 4); by default 1, and for an event of up to 64 players more, until every verdict is proved")
	fs.StringVar(&to, "to", "", scenariosheet.Product.ToHelp()+" (default table; nothing when -o is given)")
	return cmd
}
