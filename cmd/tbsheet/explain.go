package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
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
			st, row, err := findPlayer(sts, player, inputs[0])
			if err != nil {
				return err
			}
			return explain(cmd.OutOrStdout(), st, row, j.WriteOpt)
		},
	}
	cf.register(cmd.Flags())
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	cmd.Flags().StringVar(&player, "player", "", "the player: a name, part of a name, an ID or #RANK")
	cmd.Flags().StringVar(&of.lang, "lang", "en", "language of labels: "+strings.Join(writer.Langs(), ", "))
	cmd.Flags().StringVar(&of.pod, "pod", "", "only this division of a multi-pod input")
	registerQuiet(cmd.Flags(), &of.quiet)
	of.paper, of.by = "A4", "rank"
	return cmd
}

// findPlayer picks the row a --player value names, in the first standings (pod) that has
// it: an exact id, #rank, the name (without regard to case, accents or the width of CJK
// forms: "zoe" is Zoë, "ＡＢＣ" is ABC), else the only name containing it. Several partial
// matches are a usage error that lists them; no match is an input error (exit 1) that
// suggests the closest name.
func findPlayer(sts []*calc.Standings, q, input string) (*calc.Standings, calc.Row, error) {
	fq := tbsheet.FoldName(q)
	for _, match := range []func(p tbsheet.Player, r calc.Row) bool{
		func(p tbsheet.Player, r calc.Row) bool { return p.ID == q || "#"+strconv.Itoa(r.Rank) == q },
		func(p tbsheet.Player, _ calc.Row) bool { return tbsheet.FoldName(p.Name) == fq },
	} {
		for _, st := range sts {
			for _, r := range st.Rows {
				if match(st.Event.Players[r.Player], r) {
					return st, r, nil
				}
			}
		}
	}
	for _, st := range sts {
		var found []calc.Row
		for _, r := range st.Rows {
			if fq != "" && strings.Contains(tbsheet.FoldName(st.Event.Players[r.Player].Name), fq) {
				found = append(found, r)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return st, found[0], nil
		}
		var names []string
		for _, r := range found {
			names = append(names, st.Event.Players[r.Player].Name)
		}
		return nil, calc.Row{}, usageErr("--player %q matches %s: be more precise", q, strings.Join(names, ", "))
	}
	msg := fmt.Sprintf("no player %q", q)
	var ranked []string
	for _, st := range sts {
		for _, r := range st.Rows {
			ranked = append(ranked, st.Event.Players[r.Player].Name)
		}
	}
	if name := pipeline.ClosestName(ranked, fq); name != "" {
		msg += fmt.Sprintf("; did you mean %q?", name)
	}
	return nil, calc.Row{}, inputErr(&tbsheet.Error{Pos: tbsheet.Pos{File: input}, Err: tbsheet.ErrUnknownPlayer, Msg: msg})
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
