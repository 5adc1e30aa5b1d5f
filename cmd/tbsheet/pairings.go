package main

import (
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
)

// pairingLists turns --by into the lists a pairings output holds, and whether the list by
// name sorts by family name ("family", as standings --by family).
func pairingLists(by string) (roundsheet.PairingsLists, bool, error) {
	switch by {
	case "":
		return roundsheet.BothLists, false, nil
	case "name":
		return roundsheet.ListByName, false, nil
	case "family":
		return roundsheet.ListByName, true, nil
	case "table":
		return roundsheet.ListByTable, false, nil
	}
	return 0, false, usageErr("--by %q: use name, family or table", by)
}

func newPairingsCmd() *cobra.Command {
	var (
		cf                           calcFlags
		of                           outputFlags
		by, to, from, players, slips string
		round                        string
	)
	cmd := &cobra.Command{
		Use:   "pairings INPUT [-o FILE.pdf] [--round N|QF|SF|F]",
		Short: "The round's pairings for the wall: by name and by table",
		Long: `Print or write the pairings of a round: the list by name (every player alphabetically, with
his points, table and opponent: the list players crowd around) and the list by table, as
the wall PDF (both lists, in type read from two metres), CSV, JSON or a table.

The round is the first one with pairings but missing results (a sheet whose Result cells
are still empty), or --round N. Points are those going into the round, counted as the
standings count them. Byes, late entries (players whose first round this is) and players
who are registered but not paired ("see the judge") have their own rows.

Once the Swiss rounds are played, the round is the top cut's playoff round being played
(then, once the cut is finished, its final); --round names one by its stage as well: QF,
SF, F, T8, Top 8, Quarterfinals, 半决赛, 决赛, 準決勝, 決勝…. The PDF of a playoff round is the
bracket: seeds, pairings with their tables, results so far, the winner.

--slips FILE.pdf also writes a match result slip for every table still waiting for its
result, eight to a page between cut lines.`,
		Example: `  tbsheet pairings results.xlsx -o pairings.pdf
  tbsheet pairings results.xlsx --by name
  tbsheet pairings results.xlsx --round 3 --to csv
  tbsheet pairings results.xlsx --round QF -o bracket.pdf
  tbsheet pairings results.xlsx -o pairings.pdf --slips slips.pdf`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			lists, family, err := pairingLists(by)
			if err != nil {
				return err
			}
			j.WriteOpt.ByFamily = j.WriteOpt.ByFamily || family
			if err := checkProduct(roundsheet.Pairings, to, nil); err != nil {
				return err
			}
			number, stage, err := pipeline.ParseRound(round)
			if err != nil {
				return jobErr(err)
			}
			var slipFiles []string
			if slips != "" {
				slipFiles = []string{slips}
			}
			if err := checkOutputs(inputs, slices.Concat(of.outputs, slipFiles)); err != nil {
				return err
			}
			if err := checkProduct(roundsheet.Pairings, "", of.outputs); err != nil {
				return err
			}
			if err := checkProduct(roundsheet.Slips, "", slipFiles); err != nil {
				return err
			}
			in, err := j.readInput(inputs[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			notes := in.Notes
			defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
			var all []*pairings.Pairings
			for _, ev := range in.Events {
				p, err := pipeline.ListPairings(ev, pairings.Options{Calc: j.CalcOpt, Round: number, Stage: stage})
				if err != nil {
					return jobErr(err)
				}
				all = append(all, p)
			}
			files, err := pipeline.RenderPairings(all, of.outputs, lists, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			slipPDFs, err := pipeline.RenderSlips(all, slipFiles, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			names, data := roundFiles(slices.Concat(files, slipPDFs))
			if err := checkFiles(inputs, names); err != nil {
				return err
			}
			written, err := writer.WriteFiles(data)
			notes = append(notes, wroteNotes(written)...)
			if err != nil {
				return outputErr(err)
			}
			if to == "" && len(of.outputs)+len(slipFiles) > 0 {
				return nil
			}
			return outputErr(roundsheet.Pairings.Print(cmd.OutOrStdout(), to, pipeline.PairingsDocs(all, lists), j.WriteOpt))
		},
	}
	fs := cmd.Flags()
	registerRoundFlags(fs, &cf, &of, &from, &players)
	fs.StringVar(&round, "round", "", "list round `N`, or a playoff round by name: QF, SF, F, Top 8 (default: the first round with pairings but missing results)")
	fs.StringVar(&by, "by", "", "only one list: name, family (by family name) or table (default: the PDF holds both, the table and CSV are by table)")
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the pairings to `FILE` ("+strings.Join(roundsheet.Pairings.Exts(), ", ")+"); repeatable")
	fs.StringVar(&slips, "slips", "", "also write match result slips, one per table, to `FILE.pdf`")
	markOutputs(fs, "output", "slips")
	fs.StringVar(&to, "to", "", roundsheet.Pairings.ToHelp()+" (default table; nothing when -o or --slips is given)")
	return cmd
}

// registerRoundFlags registers the flags the commands about one round (scenarios, pairings)
// share with standings: the calculation's but --show and --after-round, the outputs'
// language, paper, font, division and title, the input's format and players, -q.
func registerRoundFlags(fs *pflag.FlagSet, cf *calcFlags, of *outputFlags, from, players *string) {
	cf.register(fs)
	for _, name := range []string{"show", "after-round"} {
		fs.MarkHidden(name) // shared with standings, meaningless here
	}
	fs.StringVar(&of.lang, "lang", "en", "language of the words: "+strings.Join(i18n.Langs(), ", "))
	fs.StringVar(&of.paper, "paper", "A4", "PDF paper size: A4 or Letter")
	fs.StringVar(&of.font, "font", "", "TrueType `FILE.ttf` for names in the PDF instead of the embedded WenQuanYi Micro Hei")
	fs.StringVar(&of.pod, "pod", "", "only this division of a multi-pod input (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&of.title, "title", "", "the event's name on the page (default: the input's own, else the file name)")
	registerQR(fs, &of.qr)
	of.by = "rank" // the order of standings, which these commands do not write
	fs.StringVar(from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	registerQuiet(fs, &of.quiet)
}

// readInput reads an input for a command about one round (pipeline.Job.ReadInput) and
// prints its warnings to stderr at once; with --strict it fails when there are some.
func (j *job) readInput(path string, stderr io.Writer) (*pipeline.Input, error) {
	in, err := j.ReadInput(path)
	if in != nil {
		printLines(stderr, in.Warnings)
	}
	return in, jobErr(err)
}

// roundFiles are the files of a command about one round as checkFiles and
// writer.WriteFiles take them.
func roundFiles(files []pipeline.RoundFile) ([]pipeline.Named, []writer.File) {
	return pipeline.Names(files), pipeline.WriterFiles(files)
}
