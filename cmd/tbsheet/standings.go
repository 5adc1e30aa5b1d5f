package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

func newStandingsCmd() *cobra.Command {
	var (
		cf           calcFlags
		of           outputFlags
		to, from     string
		players      string
		final, check bool
	)
	cmd := &cobra.Command{
		Use:   "standings INPUT...",
		Short: "Read results, compute every tiebreaker, rank, print or write standings",
		Long: `Read results, compute the tiebreakers of a system, rank the players (players equal on
every key share a rank), and print the standings or write them with -o.

The format of INPUT is detected from its content. The system defaults to what the input
says (a KTS file ranks as Yu-Gi-Oh!, a Challonge dump as configured on Challonge), else mtg.
An input with top-cut rounds gives final standings once the final has a winner; while the
cut is played, the Swiss ranks under "Standings after the Swiss · Top 8 in progress", with
who is still in (--final=false for the Swiss standings alone).
An input in several divisions (Pokémon pods) gives one standings per division; with -o each
file name gets the division's name (standings-masters.pdf). With several inputs each file
name gets the input's name (standings-day1.pdf), and its folder's when two inputs share a
name (standings-sat-results.pdf). An output that would be an input, or another output, is
refused before anything is written.

stdout holds only the standings. The notes (an encoding guessed, a sheet ignored, a drop
inferred, matches without a result) and one line per file written go to stderr; -q
silences them.`,
		Example: `  tbsheet standings results.xlsx
  tbsheet standings dump.json --to json
  tbsheet standings event.Tournament --check
  tbsheet standings results.xlsx --system pokemon -o standings.pdf --by name`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, final, check)
			if err != nil {
				return err
			}
			inputs, locks := pipeline.SkipLocks(inputs)
			j.printNotes(cmd.ErrOrStderr(), locks)
			if err := checkProduct(standingsheet.Standings, to, nil); err != nil {
				return err
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkProduct(standingsheet.Standings, "", of.outputs); err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			// Notes come last, under the table, even when a later step fails.
			all, notes, warnings, err := j.ReadFiles(inputs)
			defer func() { j.printNotes(stderr, notes) }()
			printLines(stderr, warnings)
			if err != nil {
				return jobErr(err)
			}
			files, note := pipeline.Files(inputs, of.outputs, all)
			notes = append(notes, note...)
			if err := checkFiles(inputs, pipeline.Names(files)); err != nil {
				return err
			}
			written, err := j.write(files)
			notes = append(notes, wroteNotes(written)...)
			if err != nil {
				return err
			}
			if to == "" && len(of.outputs) > 0 {
				return nil
			}
			var sts []*calc.Standings
			for _, s := range all {
				sts = append(sts, s.Standings)
			}
			return outputErr(standingsheet.Standings.Print(cmd.OutOrStdout(), to, sts, j.WriteOpt))
		},
	}
	cf.register(cmd.Flags())
	of.register(cmd.Flags())
	cmd.Flags().StringVar(&to, "to", "", standingsheet.Standings.ToHelp()+" (default table; nothing when -o is given)")
	cmd.Flags().StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	cmd.Flags().BoolVar(&final, "final", false, "final standings after a top cut (default when the input has playoff rounds)")
	cmd.Flags().BoolVar(&check, "check", false, "exit 1 when the standings the input carries (the tournament software's own) differ from tbsheet's, or nothing could be compared")
	return cmd
}

func formatIDs() []string {
	var ids []string
	for _, f := range reader.Formats() {
		ids = append(ids, f.ID)
	}
	return ids
}
