package main

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

func newExplainCmd() *cobra.Command {
	var (
		cf            calcFlags
		of            outputFlags
		from, players string
		player        string
	)
	cmd := &cobra.Command{
		Use:   "explain INPUT --player P",
		Short: "Show every tiebreak of one player, with its arithmetic",
		Long: `Show how each of a player's figures was obtained: the arithmetic of every tiebreak in the
order (and --show) with the opponent behind each term of a sum over opponents, then the
player's rounds with each opponent's record. P is a name (or part of one, if it matches a
single player; case, accents and full-width forms do not matter: "zoe" finds Zoë), an ID,
or #RANK. An unknown player exits 1 with the closest name.`,
		Example: `  tbsheet explain results.xlsx --player Alice
  tbsheet explain event.Tournament --player 0100421518 --show all`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) (err error) {
			defer func() { err = writesNothing(err) }()
			if player == "" {
				return usageErr("explain: --player is required")
			}
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			sts, err := j.compute(inputs[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			st, row, err := pipeline.FindPlayer(sts, player, inputs[0])
			if err != nil {
				return jobErr(err)
			}
			return explain(cmd.OutOrStdout(), st, row, j.WriteOpt)
		},
	}
	cf.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	cmd.Flags().StringVar(&player, "player", "", "the player: a name, part of a name, an ID or #RANK")
	cmd.Flags().StringVar(&of.lang, "lang", "en", "language of labels: "+strings.Join(i18n.Langs(), ", "))
	cmd.Flags().StringVar(&of.pod, "pod", "", "only this division of a multi-pod input")
	registerQuiet(cmd.Flags(), &of.quiet)
	of.paper, of.by = "A4", "rank"
	return cmd
}

// explain prints one player's figures and rounds in the language asked for.
func explain(w io.Writer, st *calc.Standings, row calc.Row, opt writer.Options) error {
	for i := range st.Rows {
		if st.Rows[i].Player == row.Player {
			return outputErr(standingsheet.WriteExplain(w, st, i, opt))
		}
	}
	return nil
}
