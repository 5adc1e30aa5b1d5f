package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/apply"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
)

// pairFlags are the flags of tbsheet pair beyond those of the commands about one round.
type pairFlags struct {
	seed              uint64
	drop              []string
	avoid, fixed      []string
	cut               int
	rounds            int // the Swiss rounds a chess event plans, when its file does not say
	apply, check      bool
	by, to, slips     string
	from, playersFile string
	seedGiven         bool
	outputs           []string
	calc              calcFlags
	out               outputFlags
}

func newPairCmd() *cobra.Command {
	var f pairFlags
	cmd := &cobra.Command{
		Use:   "pair INPUT [--apply] [-o FILE.pdf]",
		Short: "Pair the next round (Swiss or top cut), and write it into the workbook with --apply",
		Long: `Pair the round after the last one with results, by the rules of the event's system, and
print or write it like 'tbsheet pairings' (-o FILE.pdf|csv|json, --to table|json|csv,
--slips FILE.pdf).

The Swiss: round 1 at random; later rounds within points groups, at random inside a group.
Among the pairings with no rematch, no second bye and no --avoid pair, tbsheet takes one
with the fewest pairs across points groups, then the smallest sum of point differences. An
odd field gives the bye to a player with the fewest points among those who have not had
one. Dropped players (the input's own marks, and --drop) are not paired; registered players
who have not played yet are. Table 1 is the top pairing.

The top cut: --cut N after the last Swiss round seeds the bracket by Swiss rank (1–8, 4–5,
2–7, 3–6 for a top 8); while the cut is played, each run pairs its next round from the
winners.

The pairing is random among equals: the seed it used is printed, and --seed N makes the
same pairing again.

--apply writes the new round into INPUT itself, in its own layout (the round's sheet, a new
sheet like the last round's, or rows after the last ones of a match list or CSV file), with
empty result cells to type in. This is the only time tbsheet writes to an input: it first
keeps a copy of the file as it was (NAME.before-round-N.xlsx beside it), and refuses while
the workbook is open in Excel or LibreOffice.

--check pairs nothing: it audits the rounds already in the file (rematches, second byes, a
bye not given to a player with the fewest points, pairs across points groups that were not
needed) and exits 1 when it finds one.`,
		Example: `  tbsheet pair results.xlsx                         # show the next round
  tbsheet pair results.xlsx --apply -o pairings.pdf # write it into the workbook, and the wall sheet
  tbsheet pair results.xlsx --drop "Ann Lee" --avoid "Tom Wu=Tim Wu" --fixed-table "Sam Ray=1"
  tbsheet pair results.xlsx --cut 8 --apply         # the quarterfinals, after the last Swiss round
  tbsheet pair event.tdf --check                    # audit the pairings of a finished event`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			f.seedGiven = cmd.Flags().Changed("seed")
			return runPair(cmd, inputs[0], &f)
		},
	}
	fs := cmd.Flags()
	registerRoundFlags(fs, &f.calc, &f.out, &f.from, &f.playersFile)
	uint64Flag(fs, &f.seed, "seed", 0, 0, math.MaxUint64, "choose among equally good pairings with `N`: the same seed makes the same pairing (default: a random seed, printed)")
	fs.StringSliceVar(&f.drop, "drop", nil, "players leaving now, not paired: `\"A,B\"` (names, parts of names or IDs)")
	fs.StringArrayVar(&f.avoid, "avoid", nil, "two players who must not meet (siblings, teammates): `\"A=B\"`; repeatable")
	fs.StringArrayVar(&f.fixed, "fixed-table", nil, "a player who plays at a table of his own (an accessible seat): `\"A=5\"`; repeatable")
	intFlag(fs, &f.cut, "cut", 0, 0, topcut.MaxCut, "after the last Swiss round, pair the first round of a top cut of `N` players")
	intFlag(fs, &f.rounds, "rounds", 0, 0, 99, "a chess event plans `N` rounds, when its file does not say (a TRF without XXR, a workbook without Rounds): the FIDE Dutch system needs it")
	fs.BoolVar(&f.apply, "apply", false, "write the new round into INPUT (after keeping a copy of it): the only time tbsheet writes to an input")
	fs.BoolVar(&f.check, "check", false, "pair nothing: audit the rounds already in INPUT; exit 1 when one breaks the pairing rules")
	fs.StringVar(&f.by, "by", "", "only one list: name, family (by family name) or table (default: the PDF holds both, the table and CSV are by table)")
	fs.StringArrayVarP(&f.outputs, "output", "o", nil, "write the new round's pairings to `FILE` ("+strings.Join(roundsheet.Pairings.Exts(), ", ")+"); repeatable")
	fs.StringVar(&f.slips, "slips", "", "also write match result slips, one per table, to `FILE.pdf`")
	markOutputs(fs, "output", "slips")
	fs.StringVar(&f.to, "to", "", roundsheet.Pair.ToHelp()+" (default table; nothing when -o or --slips is given)")
	return cmd
}

// runPair pairs (or audits) the input's next round and writes what was asked.
func runPair(cmd *cobra.Command, input string, f *pairFlags) error {
	f.out.outputs = f.outputs
	j, err := newJob(cmd, &f.calc, &f.out, f.from, f.playersFile, false, false)
	if err != nil {
		return err
	}
	lists, family, err := pairingLists(f.by)
	if err != nil {
		return err
	}
	j.WriteOpt.ByFamily = j.WriteOpt.ByFamily || family
	if err := checkProduct(roundsheet.Pair, f.to, nil); err != nil {
		return err
	}
	if f.check && (f.apply || len(f.outputs) > 0 || f.slips != "" || f.cut > 0) {
		return usageErr("--check pairs nothing: it cannot be given with --apply, --cut, -o or --slips")
	}
	if f.apply && input == reader.Stdin {
		return usageErr("--apply writes the round into the input file: standard input has none")
	}
	var slipFiles []string
	if f.slips != "" {
		slipFiles = []string{f.slips}
	}
	if err := checkOutputs([]string{input}, slices.Concat(f.outputs, slipFiles)); err != nil {
		return err
	}
	if err := checkProduct(roundsheet.Pair, "", f.outputs); err != nil {
		return err
	}
	if err := checkProduct(roundsheet.Slips, "", slipFiles); err != nil {
		return err
	}
	if f.apply {
		if err := pipeline.Unlocked(input); err != nil {
			return inputErr(err)
		}
	}
	in, err := j.readInput(input, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	notes := in.Notes
	defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
	if f.check && in.Events[0].Format == "trf" {
		return auditChess(cmd.OutOrStdout(), in.Events[0], in.Data)
	}
	if f.check {
		return auditPairings(cmd.OutOrStdout(), in.Events, j.CalcOpt)
	}
	if f.apply {
		if err := pipeline.Writable(in); err != nil {
			return jobErr(err)
		}
	}
	if !f.seedGiven {
		f.seed = rand.Uint64() % 1_000_000_000 // short enough to copy from the terminal
	}
	opt := pipeline.PairOptions{Calc: j.CalcOpt, Seed: f.seed, Drop: f.drop, Avoid: f.avoid, Fixed: f.fixed, Cut: f.cut, Rounds: f.rounds}
	paired, all, err := pipeline.PairInput(in, opt)
	if err != nil {
		return jobErr(err)
	}
	if !j.quiet {
		notes = append(notes, pipeline.SeedNotes(in.Name, paired, f.seed)...)
	}
	files, err := pipeline.RenderPair(all, f.outputs, lists, j.WriteOpt)
	if err != nil {
		return outputErr(err)
	}
	slipPDFs, err := pipeline.RenderSlips(all, slipFiles, j.WriteOpt)
	if err != nil {
		return outputErr(err)
	}
	names, rendered := roundFiles(slices.Concat(files, slipPDFs))
	if err := checkFiles([]string{input}, names); err != nil {
		return err
	}
	if f.apply {
		note, err := applyRound(input, in.Data, paired[0])
		if err != nil {
			return err
		}
		notes = append(notes, note)
	}
	written, err := writer.WriteFiles(rendered)
	notes = append(notes, wroteNotes(written)...)
	if err != nil {
		return outputErr(err)
	}
	if f.to == "" && len(f.outputs)+len(slipFiles) > 0 {
		return nil
	}
	return outputErr(roundsheet.Pair.Print(cmd.OutOrStdout(), f.to, pipeline.PairingsDocs(all, lists), j.WriteOpt))
}

// tableList names tables: "table 4", "tables 2, 5, 8".
func tableList(tables []int) string {
	words := make([]string, len(tables))
	for i, t := range tables {
		words[i] = strconv.Itoa(t)
	}
	if len(words) == 1 {
		return "table " + words[0]
	}
	return "tables " + strings.Join(words, ", ")
}

// enough says how many pairs across points groups a round needed.
func enough(n int) string {
	switch n {
	case 0:
		return "none was needed"
	case 1:
		return "1 was enough"
	}
	return strconv.Itoa(n) + " were enough"
}

// applyRound writes the paired round into the input, after keeping a copy of the file as
// it was beside it (pipeline.Apply); it returns the note that says so.
func applyRound(input string, data []byte, pr pipeline.Paired) (string, error) {
	a, err := pipeline.Apply(input, data, pr)
	if errors.Is(err, apply.ErrLayout) {
		return "", inputErr(err)
	}
	if err != nil {
		return "", outputErr(err)
	}
	if _, err := writer.WriteFiles([]writer.File{a.Backup}); err != nil {
		return "", outputErr(fmt.Errorf("keeping a copy of %s before writing into it: %w", input, err))
	}
	if _, err := writer.WriteFiles([]writer.File{a.Input}); err != nil {
		return "", outputErr(err)
	}
	return a.Note, nil
}

// auditPairings prints what swiss.Audit finds in each division's rounds, one line each,
// or one line saying the pairings follow the rules; it fails (exit 1) when it found any.
func auditPairings(out io.Writer, events []*tbsheet.Event, opt calc.Options) error {
	found := 0
	for _, ev := range events {
		findings, err := swiss.Audit(ev, opt)
		if err != nil {
			return jobErr(err)
		}
		where := ev.Source
		if ev.Pod != "" {
			where += " (" + ev.Pod + ")"
		}
		name := func(p int) string { return ev.Players[p].Name }
		for _, fd := range findings {
			at := fmt.Sprintf("%s: round %d", where, fd.Round)
			if fd.Table > 0 {
				at += fmt.Sprintf(", table %d", fd.Table)
			}
			switch fd.Problem {
			case swiss.Rematch:
				fmt.Fprintf(out, "%s: %s and %s meet a second time\n", at, name(fd.Players[0]), name(fd.Players[1]))
			case swiss.SecondBye:
				fmt.Fprintf(out, "%s: %s has a second bye\n", at, name(fd.Players[0]))
			case swiss.ByeNotLowest:
				fmt.Fprintf(out, "%s: the bye went to %s, but %s had fewer points and no bye\n", at, name(fd.Players[0]), name(fd.Players[1]))
			case swiss.NeedlessCross:
				fmt.Fprintf(out, "%s: %d pairs across points groups (%s) where %s\n", at, fd.Cross, tableList(fd.Tables), enough(fd.Least))
			}
		}
		if len(findings) == 0 {
			fmt.Fprintf(out, "%s: the pairings of its %d Swiss rounds follow the rules: no rematch, no second bye, byes to the fewest points, no needless pair across points groups\n",
				where, len(ev.SwissRounds()))
		}
		found += len(findings)
	}
	return findingsErr(found, "pairing breaks the rules", "pairings break the rules")
}

// findingsErr is the exit 1 of an audit that found something ("3 pairings break the
// rules"), or nil when it found nothing.
func findingsErr(found int, one, many string) error {
	if found == 0 {
		return nil
	}
	what := many
	if found == 1 {
		what = one
	}
	return &exitError{code: exitInput, err: fmt.Errorf("%d %s", found, what), plain: true}
}
