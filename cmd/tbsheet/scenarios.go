package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
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
	if f.round < 0 || f.rounds < 0 || f.effort < 0 {
		return scenario.Options{}, usageErr("--round, --rounds and --effort are positive numbers")
	}
	return scenario.Options{Calc: calcOpt, Cut: cut, Round: f.round, Rounds: f.rounds, Effort: f.effort}, nil
}

// scenarioExts are the files scenarios can be written to.
var scenarioExts = []string{".pdf", ".json", ".txt"}

// checkScenarioOutputs refuses an output scenarios cannot be written to.
func checkScenarioOutputs(outputs []string) error {
	return checkExts(outputs, scenarioExts, "scenarios are written to")
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
			opt, err := sf.options(j.calcOpt, of.cut)
			if err != nil {
				return err
			}
			if to != "" && to != "table" && to != "json" {
				return usageErr("--to %q: use table or json", to)
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkScenarioOutputs(of.outputs); err != nil {
				return err
			}
			data, err := reader.ReadFile(inputs[0], j.readOpt.MaxSize)
			if err != nil {
				return inputErr(err)
			}
			file, events, err := j.events(data, inputs[0])
			if err != nil {
				return err
			}
			notes := inputNotes(inputs[0], file, events, nil)
			defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
			var reps []*scenario.Report
			for _, ev := range events {
				rep, err := analyze(cmd.Context(), ev, opt)
				if err != nil {
					return err
				}
				reps = append(reps, rep)
			}
			names, files, err := renderScenarios(reps, of.outputs, j.writeOpt)
			if err != nil {
				return outputErr(err)
			}
			if err := checkFiles(inputs, names); err != nil {
				return err
			}
			written, err := writer.WriteFiles(files)
			notes = append(notes, wroteNotes(written)...)
			if err != nil {
				return outputErr(err)
			}
			if to == "" && len(of.outputs) > 0 {
				return nil
			}
			for i, rep := range reps {
				var err error
				if to == "json" {
					err = writer.WriteScenariosJSON(cmd.OutOrStdout(), rep)
				} else {
					if i > 0 {
						fmt.Fprintln(cmd.OutOrStdout())
					}
					err = writer.WriteScenariosTable(cmd.OutOrStdout(), rep, j.writeOpt)
				}
				if err != nil {
					return outputErr(err)
				}
			}
			return nil
		},
	}
	fs := cmd.Flags()
	cf.register(fs)
	for _, name := range []string{"show", "after-round"} {
		fs.MarkHidden(name) // shared with standings, meaningless here
	}
	fs.IntVar(&of.cut, "cut", 0, "the size of the top cut: `N` players (required)")
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the scenarios to `FILE` (.pdf, .json, .txt); repeatable")
	fs.StringVar(&of.lang, "lang", "en", "language of the words: en, zh, ja")
	fs.StringVar(&of.paper, "paper", "A4", "PDF paper size: A4 or Letter")
	fs.StringVar(&of.font, "font", "", "TrueType `FILE.ttf` for names in the PDF instead of the embedded WenQuanYi Micro Hei")
	fs.StringVar(&of.pod, "pod", "", "only this division of a multi-pod input (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&of.title, "title", "", "the event's name on the page (default: the input's own, else the file name)")
	of.by = "rank"
	fs.IntVar(&sf.round, "round", 0, "analyse round `N` (default: the first round with pairings but missing results)")
	fs.IntVar(&sf.rounds, "rounds", 0, "the event plans `N` Swiss rounds (default: what the input says), for the outlook two rounds from the end")
	fs.Float64Var(&sf.effort, "effort", 1, "multiply the work the analysis may do before it stops proving (`X`, e.g. 4)")
	fs.StringVar(&to, "to", "", "what goes to stdout: table or json (default table; nothing when -o is given)")
	fs.StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	registerQuiet(fs, &of.quiet)
	return cmd
}

// analyze runs the scenario analysis of one event and maps its errors to exit codes.
func analyze(ctx context.Context, ev *tbsheet.Event, opt scenario.Options) (*scenario.Report, error) {
	rep, err := scenario.Analyze(ctx, ev, opt)
	switch {
	case errors.Is(err, scenario.ErrNoRound):
		return nil, inputErr(fmt.Errorf("%s: %w: every paired Swiss round has its results (--round N analyses round N as it stood before it was played)", ev.Source, err))
	case errors.Is(err, calc.ErrUsage):
		return nil, usageErr("%v", err)
	case err != nil:
		return nil, inputErr(err)
	}
	return rep, nil
}

// renderScenarios renders every report for every output in memory, for writer.WriteFiles;
// several reports (divisions) get one file each, named after the output with the division
// added. It returns the files' names, for checkFiles, and the files.
func renderScenarios(reps []*scenario.Report, outputs []string, opt writer.Options) ([]outputFile, []writer.File, error) {
	var (
		names []outputFile
		files []writer.File
	)
	for _, out := range outputs {
		for _, rep := range reps {
			path := out
			if len(reps) > 1 {
				path = withTag(out, rep.Event.Pod)
			}
			data, err := writer.RenderScenarios(path, rep, opt)
			if err != nil {
				return nil, nil, err
			}
			names = append(names, outputFile{path: path, flag: out, input: rep.Event.Source})
			files = append(files, writer.File{Path: path, Data: data})
		}
	}
	return names, files, nil
}
