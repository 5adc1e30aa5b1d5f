package main

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
)

func newTiebreaksCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "tiebreaks",
		Short: "List every tiebreak id with a one-line definition",
		Long: `List every tiebreak id with its column header and a one-line definition. Ids marked ⚠ rest
on an assumption the governing body does not confirm; the assumption is printed below them.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
			for _, d := range calc.Tiebreaks() {
				mark := ""
				if d.Unverified != "" {
					mark = " ⚠"
				}
				fmt.Fprintf(tw, "%s%s\t%s\t%s\n", d.ID, mark, d.Short, d.Doc)
				if d.Unverified != "" {
					fmt.Fprintf(tw, "\t\t⚠ %s\n", d.Unverified)
				}
			}
			return tw.Flush()
		},
	}
}

func newSystemsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "systems",
		Short: "List every preset: points and tiebreak order",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
			fmt.Fprintln(tw, "SYSTEM\tW/D/L/BYE\tRANKED BY\tTIEBREAKS\tTITLE")
			for _, s := range calc.Systems() {
				name := s.Name
				if len(s.Aliases) > 0 {
					name += " (" + strings.Join(s.Aliases, ", ") + ")"
				}
				p := s.Points
				fmt.Fprintf(tw, "%s\t%s/%s/%s/%s\t%s\t%s\t%s\n", name, p.Win, p.Draw, p.Loss, p.Bye,
					s.RankBy, strings.Join(s.Tiebreaks, ", "), s.Title)
			}
			return tw.Flush()
		},
	}
}

func newRoundsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rounds PLAYERS",
		Short: "Recommended Swiss rounds and top cut for that many players",
		Long: `Print, side by side, the recommended number of Swiss rounds and top cut for that many
players according to the Magic Tournament Rules (App. E), the Yu-Gi-Oh! policy v2.5, the
practical table of the Chinese organizers' guide, and the binary logarithm (Challonge).`,
		Example: `  tbsheet rounds 33`,
		Args:    args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, a []string) error {
			n, err := strconv.Atoi(a[0])
			if err != nil || n < 2 {
				return usageErr("rounds: %q: give the number of players (2 or more)", a[0])
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
			fmt.Fprintf(tw, "%d players\t\n", n)
			for _, r := range calc.RecommendRounds(n) {
				fmt.Fprintf(tw, "%s\t%s\n", r.Source, i18n.Lang("en").Note(r.Words()))
			}
			return tw.Flush()
		},
	}
}
