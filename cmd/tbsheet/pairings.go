package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
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
			number, stage, err := parseRound(round)
			if err != nil {
				return err
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
			events, notes, err := j.readEvents(inputs[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
			var all []*pairings.Pairings
			for _, ev := range events {
				p, err := listPairings(ev, pairings.Options{Calc: j.CalcOpt, Round: number, Stage: stage})
				if err != nil {
					return err
				}
				all = append(all, p)
			}
			names, files, err := renderPairings(all, of.outputs, lists, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			slipNames, slipPDFs, err := renderSlips(all, slipFiles, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			if err := checkFiles(inputs, slices.Concat(names, slipNames)); err != nil {
				return err
			}
			written, err := writer.WriteFiles(slices.Concat(files, slipPDFs))
			notes = append(notes, wroteNotes(written)...)
			if err != nil {
				return outputErr(err)
			}
			if to == "" && len(of.outputs)+len(slipFiles) > 0 {
				return nil
			}
			return outputErr(roundsheet.Pairings.Print(cmd.OutOrStdout(), to, pairingsDocs(all, lists), j.WriteOpt))
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
	fs.StringVar(&of.lang, "lang", "en", "language of the words: "+strings.Join(writer.Langs(), ", "))
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

// parseRound reads --round: a round number ("3", "Round 3", "第3轮", "Playoff 6"), or a
// playoff round's name as hand-kept workbooks write it ("QF", "Top 8", "半决赛"), which is
// its stage (8 for the quarterfinals). "" asks for neither.
func parseRound(s string) (number, stage int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	if n, ok := handkept.RoundSheetNumber(s); ok {
		return n, 0, nil
	}
	if n, ok := handkept.PlayoffRoundNumber(s); ok {
		return n, 0, nil
	}
	if st, ok := handkept.PlayoffStage(s); ok {
		return 0, st, nil
	}
	return 0, 0, usageErr("--round %s: give a round number (3) or a playoff round's name (QF, SF, F, Top 8)", tbsheet.Quote(s))
}

// listPairings lists one event's pairings and maps its errors to exit codes.
func listPairings(ev *tbsheet.Event, opt pairings.Options) (*pairings.Pairings, error) {
	p, err := pairings.Compute(ev, opt)
	return p, roundErr(ev, err, "--round N lists round N")
}

// roundErr maps the error of a command about one round of ev to its exit code: no round
// waiting for results is bad input (hint says what --round does), a usage error of calc
// (a round the event does not have) bad usage.
func roundErr(ev *tbsheet.Event, err error, hint string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, pairings.ErrNoRound):
		return inputErr(fmt.Errorf("%s: %w: every paired Swiss round has its results (%s)", ev.Source, err, hint))
	case errors.Is(err, calc.ErrUsage):
		return usageErr("%v", err)
	}
	return inputErr(err)
}

// renderPairings renders every division's pairings for every output in memory, for
// writer.WriteFiles (see renderRound).
func renderPairings(all []*pairings.Pairings, outputs []string, lists roundsheet.PairingsLists, opt writer.Options) ([]outputFile, []writer.File, error) {
	return renderRound(all, outputs, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		return roundsheet.Pairings.Render(path, roundsheet.PairingsDoc{Pairings: p, Lists: lists}, opt)
	})
}

// renderSlips renders every division's result slips for each slips file (see renderRound).
func renderSlips(all []*pairings.Pairings, files []string, opt writer.Options) ([]outputFile, []writer.File, error) {
	return renderRound(all, files, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		return roundsheet.Slips.Render(path, p, opt)
	})
}

// pairingsEvent is the event pairings belong to.
func pairingsEvent(p *pairings.Pairings) *tbsheet.Event { return p.Event }

// readEvents reads an input and returns the events to work on, one per division (--pod
// keeps one), and the notes about the input to print; it prints the input's warnings to
// stderr at once (-q leaves them), and with --strict fails when there are some.
func (j *job) readEvents(path string, stderr io.Writer) (events []*tbsheet.Event, notes []string, err error) {
	data, err := reader.ReadFile(path, j.ReadOpt.MaxSize)
	if err != nil {
		return nil, nil, inputErr(err)
	}
	name := reader.InputName(path) // "stdin" for -
	file, events, err := j.events(data, name)
	if err != nil {
		return nil, nil, err
	}
	warnings := pipeline.Warnings(name, events)
	printLines(stderr, warnings)
	return events, append(j.SystemNotes(name, events), pipeline.Notes(name, file, events, nil)...), j.strictErr(warnings)
}

// renderRound renders what a command about one round made of each division (all) for every
// output, in memory, for writer.WriteFiles: several divisions get one file each, named after
// the output with the division added (event says whose division). It returns the files'
// names, for checkFiles, and the files.
func renderRound[T any](all []T, outputs []string, event func(T) *tbsheet.Event, render func(path string, v T) ([]byte, error)) ([]outputFile, []writer.File, error) {
	var (
		names []outputFile
		files []writer.File
	)
	for _, out := range outputs {
		for _, v := range all {
			ev := event(v)
			path := out
			if len(all) > 1 {
				path = pipeline.WithTag(out, ev.Pod)
			}
			data, err := render(path, v)
			if err != nil {
				return nil, nil, err
			}
			names = append(names, outputFile{path: path, flag: out, input: ev.Source})
			files = append(files, writer.File{Path: path, Data: data})
		}
	}
	return names, files, nil
}

// pairingsDocs are every division's pairings, each with the lists its outputs hold.
func pairingsDocs(all []*pairings.Pairings, lists roundsheet.PairingsLists) []roundsheet.PairingsDoc {
	docs := make([]roundsheet.PairingsDoc, len(all))
	for i, p := range all {
		docs[i] = roundsheet.PairingsDoc{Pairings: p, Lists: lists}
	}
	return docs
}
