package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
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
order (and --show), then the player's rounds with each opponent's record. P is a name (or
part of one, if it matches a single player), an ID, or #RANK.`,
		Example: `  tbsheet explain results.xlsx --player Alice
  tbsheet explain event.Tournament --player 0100421518 --show all`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
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
			for _, st := range sts {
				if row, ok, err := findPlayer(st, player); err != nil {
					return err
				} else if ok {
					return explain(cmd.OutOrStdout(), st, row, j.writeOpt)
				}
			}
			return usageErr("explain: no player %q in %s", player, inputs[0])
		},
	}
	cf.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	cmd.Flags().StringVar(&player, "player", "", "the player: a name, part of a name, an ID or #RANK")
	cmd.Flags().StringVar(&of.lang, "lang", "en", "language of labels: "+strings.Join(writer.Langs(), ", "))
	cmd.Flags().StringVar(&of.pod, "pod", "", "only this division of a multi-pod input")
	of.paper, of.by = "A4", "rank"
	return cmd
}

// findPlayer picks the row a --player value names: an exact id or name, #rank, or the only
// name containing it. Several partial matches are a usage error that lists them.
func findPlayer(st *calc.Standings, q string) (calc.Row, bool, error) {
	players := st.Event.Players
	if strings.HasPrefix(q, "#") {
		for _, r := range st.Rows {
			if "#"+fmt.Sprint(r.Rank) == q {
				return r, true, nil
			}
		}
	}
	for _, r := range st.Rows {
		p := players[r.Player]
		if p.ID == q || strings.EqualFold(p.Name, q) {
			return r, true, nil
		}
	}
	var found []calc.Row
	for _, r := range st.Rows {
		if strings.Contains(strings.ToLower(players[r.Player].Name), strings.ToLower(q)) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		return calc.Row{}, false, nil
	case 1:
		return found[0], true, nil
	}
	var names []string
	for _, r := range found {
		names = append(names, players[r.Player].Name)
	}
	return calc.Row{}, false, usageErr("--player %q matches %s: be more precise", q, strings.Join(names, ", "))
}

// explain prints one player's figures and rounds in the language asked for.
func explain(w io.Writer, st *calc.Standings, row calc.Row, opt writer.Options) error {
	for i := range st.Rows {
		if st.Rows[i].Player == row.Player {
			return outputErr(writer.WriteExplain(w, st, i, opt))
		}
	}
	return nil
}
