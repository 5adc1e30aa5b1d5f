package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/apply"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
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
		if err := checkUnlocked(input); err != nil {
			return err
		}
	}
	data, err := reader.ReadFile(input, j.ReadOpt.MaxSize)
	if err != nil {
		return inputErr(err)
	}
	name := reader.InputName(input)
	file, events, err := j.events(data, name)
	if err != nil {
		return err
	}
	warnings := pipeline.Warnings(name, events)
	printLines(cmd.ErrOrStderr(), warnings)
	if err := j.strictErr(warnings); err != nil {
		return err
	}
	notes := append(j.SystemNotes(name, events), pipeline.Notes(name, file, events, nil)...)
	defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
	if f.check && events[0].Format == "trf" {
		return auditChess(cmd.OutOrStdout(), events[0], data)
	}
	if f.check {
		return auditPairings(cmd.OutOrStdout(), events, j.CalcOpt)
	}
	if f.apply {
		if err := checkWritable(name, events); err != nil {
			return err
		}
	}
	if f.apply && len(events) > 1 {
		return usageErr("--apply: %s holds %d divisions (%s): pair them in the program that keeps the file", name, len(events), pipeline.PodNames(file))
	}
	if !f.seedGiven {
		f.seed = rand.Uint64() % 1_000_000_000 // short enough to copy from the terminal
	}
	var all []*pairings.Pairings
	var paired []pairedRound
	for _, ev := range events {
		pr, err := pairNext(ev, f, j.CalcOpt, data)
		if err != nil {
			return err
		}
		p, err := listPairings(pr.event, pairings.Options{Calc: j.CalcOpt, Round: pr.round.Number, Before: pr.before})
		if err != nil {
			return err
		}
		all, paired = append(all, p), append(paired, pr)
	}
	if !j.quiet {
		for _, pr := range paired {
			if pr.swiss {
				notes = append(notes, fmt.Sprintf("note: %s: round %d paired with seed %d (--seed %d pairs it the same way again)",
					name, pr.round.Number, f.seed, f.seed))
			}
		}
	}
	names, files, err := renderRound(all, f.outputs, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		if strings.EqualFold(filepath.Ext(path), ".json") {
			var b bytes.Buffer
			err := roundsheet.WritePairJSON(&b, p)
			return b.Bytes(), err
		}
		return roundsheet.Pair.Render(path, roundsheet.PairingsDoc{Pairings: p, Lists: lists}, j.WriteOpt)
	})
	if err != nil {
		return outputErr(err)
	}
	slipNames, slipPDFs, err := renderSlips(all, slipFiles, j.WriteOpt)
	if err != nil {
		return outputErr(err)
	}
	if err := checkFiles([]string{input}, slices.Concat(names, slipNames)); err != nil {
		return err
	}
	if f.apply {
		backup, err := applyRound(input, data, paired[0])
		if err != nil {
			return err
		}
		notes = append(notes, fmt.Sprintf("note: %s: round %s written into it; the file as it was is kept as %s",
			name, roundLabel(paired[0]), backup))
	}
	written, err := writer.WriteFiles(slices.Concat(files, slipPDFs))
	notes = append(notes, wroteNotes(written)...)
	if err != nil {
		return outputErr(err)
	}
	if f.to == "" && len(f.outputs)+len(slipFiles) > 0 {
		return nil
	}
	return outputErr(roundsheet.Pair.Print(cmd.OutOrStdout(), f.to, pairingsDocs(all, lists), j.WriteOpt))
}

// pairedRound is a round tbsheet pair made, and the event with it.
type pairedRound struct {
	event *tbsheet.Event // a copy of the input's event with the round added
	round tbsheet.Round
	stage int  // a playoff round's stage (8 for the quarterfinals), else 0
	swiss bool // a Swiss round (random among equals: its seed is worth printing)
	// before are the standings a Swiss round was paired from.
	before *calc.Standings
}

// roundLabel names the round in a note: "4", or "4 (the top 8)".
func roundLabel(pr pairedRound) string {
	if pr.stage > 0 {
		return fmt.Sprintf("%d (the top %d)", pr.round.Number, pr.stage)
	}
	return strconv.Itoa(pr.round.Number)
}

// pairNext pairs ev's next round: the top cut's when --cut asks for it or the cut has
// begun, a chess TRF's by the FIDE Dutch system (which reads data, the input's bytes), else
// the card-game Swiss round's. It is the one place that chooses the engine; each returns the
// new round, which --apply, the outputs and the JSON take whichever engine made it.
func pairNext(ev *tbsheet.Event, f *pairFlags, opt calc.Options, data []byte) (pairedRound, error) {
	if f.cut > 0 || slices.ContainsFunc(ev.Rounds, func(r tbsheet.Round) bool { return r.Playoff }) {
		return pairCut(ev, f, opt)
	}
	if ev.Format == "trf" {
		return pairChess(ev, f, data)
	}
	return pairSwiss(ev, f, opt)
}

// pairCut pairs the top cut's next round: its first, seeded by Swiss rank, or the next from
// the winners.
func pairCut(ev *tbsheet.Event, f *pairFlags, opt calc.Options) (pairedRound, error) {
	if len(f.drop)+len(f.avoid)+len(f.fixed) > 0 {
		return pairedRound{}, usageErr("--drop, --avoid and --fixed-table are for the Swiss rounds: the top cut is seeded by rank")
	}
	opt.NoExplain = true
	st, err := calc.Compute(ev, opt)
	if err != nil {
		return pairedRound{}, computeErr(err)
	}
	r, err := topcut.Pair(st, f.cut)
	if err != nil {
		return pairedRound{}, computeErr(err)
	}
	out := withRound(ev, r)
	st2, err := calc.Compute(out, opt)
	if err != nil {
		return pairedRound{}, computeErr(err)
	}
	return pairedRound{event: out, round: r, stage: topcut.Read(st2).Stage(r.Number)}, nil
}

// pairSwiss pairs the next card-game Swiss round with the players the flags name.
func pairSwiss(ev *tbsheet.Event, f *pairFlags, opt calc.Options) (pairedRound, error) {
	so := swiss.Options{Calc: opt, Seed: f.seed}
	var err error
	if so.Drop, err = playerList(ev, "--drop", f.drop); err != nil {
		return pairedRound{}, err
	}
	for _, a := range f.avoid {
		x, y, err := playerPair(ev, "--avoid", a)
		if err != nil {
			return pairedRound{}, err
		}
		so.Avoid = append(so.Avoid, [2]int{x, y})
	}
	for _, v := range f.fixed {
		who, table, ok := strings.Cut(v, "=")
		t, err := strconv.Atoi(strings.TrimSpace(table))
		if !ok || err != nil || t < 1 || t > 100_000 {
			return pairedRound{}, usageErr("--fixed-table %q: write the player and a table number, e.g. \"Ann Lee=5\"", v)
		}
		p, err := playerIndex(ev, "--fixed-table", strings.TrimSpace(who))
		if err != nil {
			return pairedRound{}, err
		}
		if so.Fixed == nil {
			so.Fixed = map[int]int{}
		}
		so.Fixed[p] = t
	}
	p, err := swiss.Pair(ev, so)
	var fe *swiss.FixedError
	switch {
	case errors.As(err, &fe):
		return pairedRound{}, usageErr("--fixed-table: %s and %s are both at table %d, and may not meet: give one another table",
			ev.Players[fe.A].Name, ev.Players[fe.B].Name, fe.Table)
	case errors.Is(err, swiss.ErrChess):
		return pairChessEvent(ev, f)
	case errors.Is(err, swiss.ErrSwissOver):
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w: pair the top cut with --cut N", ev.Source, err))
	case errors.Is(err, swiss.ErrRoundInPlay), errors.Is(err, swiss.ErrNoPairing):
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	case err != nil:
		return pairedRound{}, computeErr(err)
	}
	out := withDrops(withRound(ev, p.Round), so.Drop)
	return pairedRound{event: out, round: p.Round, swiss: true, before: p.Before}, nil
}

// withDrops marks the players leaving now (--drop) as dropped after the round before ev's
// last, so that the lists do not call them unpaired; ev is a copy withRound made.
func withDrops(ev *tbsheet.Event, drops []int) *tbsheet.Event {
	n := ev.Rounds[len(ev.Rounds)-1].Number
	if n > 1 && len(drops) > 0 {
		ev.Players = slices.Clone(ev.Players)
		for _, d := range drops {
			ev.Players[d].DroppedAfter = n - 1
		}
	}
	return ev
}

// computeErr maps an error of calc (or of a pairing built on it) to its exit code.
func computeErr(err error) error {
	if errors.Is(err, calc.ErrUsage) {
		return usageErr("%v", err)
	}
	return inputErr(err)
}

// withRound returns a copy of ev with round r added.
func withRound(ev *tbsheet.Event, r tbsheet.Round) *tbsheet.Event {
	out := *ev
	out.Rounds = append(slices.Clip(ev.Rounds), r)
	return &out
}

// playerList resolves a list of players given to a flag.
func playerList(ev *tbsheet.Event, flag string, names []string) ([]int, error) {
	var out []int
	for _, n := range names {
		p, err := playerIndex(ev, flag, strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// playerPair resolves "A=B".
func playerPair(ev *tbsheet.Event, flag, v string) (int, int, error) {
	a, b, ok := strings.Cut(v, "=")
	if !ok {
		return 0, 0, usageErr("%s %q: write two players joined by =, e.g. \"Tom Wu=Tim Wu\"", flag, v)
	}
	x, err := playerIndex(ev, flag, strings.TrimSpace(a))
	if err != nil {
		return 0, 0, err
	}
	y, err := playerIndex(ev, flag, strings.TrimSpace(b))
	if err != nil {
		return 0, 0, err
	}
	if x == y {
		return 0, 0, usageErr("%s %q names one player twice", flag, v)
	}
	return x, y, nil
}

// playerIndex finds the registered player q names, as explain's --player does: an exact
// ID, the name (case, accents and full-width forms do not matter), else the only name that
// contains it; otherwise a usage error naming the flag, with the closest name.
func playerIndex(ev *tbsheet.Event, flag, q string) (int, error) {
	fq := tbsheet.FoldName(q)
	for p := range ev.Players {
		if ev.Players[p].ID == q || tbsheet.FoldName(ev.Players[p].Name) == fq {
			return p, nil
		}
	}
	var found []int
	for p := range ev.Players {
		if fq != "" && strings.Contains(tbsheet.FoldName(ev.Players[p].Name), fq) {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		names := make([]string, len(ev.Players))
		for p, pl := range ev.Players {
			names[p] = pl.Name
		}
		msg := fmt.Sprintf("%s %q: no such player in %s", flag, q, ev.Source)
		if c := closestName(names, fq); c != "" {
			msg += fmt.Sprintf("; did you mean %q?", c)
		}
		return 0, usageErr("%s", msg)
	}
	var names []string
	for _, p := range found {
		names = append(names, ev.Players[p].Name)
	}
	return 0, usageErr("%s %q matches %s: be more precise", flag, q, strings.Join(names, ", "))
}

// checkUnlocked refuses to write into a workbook while Excel or LibreOffice has it open:
// they leave a lock file beside it (~$NAME, .~lock.NAME#), and would keep their own copy
// over tbsheet's when the organizer saves.
func checkUnlocked(input string) error {
	dir, base := filepath.Split(input)
	for _, lock := range []string{"~$" + base, ".~lock." + base + "#"} {
		if _, err := os.Lstat(filepath.Join(dir, lock)); err == nil {
			return inputErr(fmt.Errorf("%s is open in Excel or LibreOffice (%s is beside it): close it there first, so that your next save does not undo the new round", input, lock))
		}
	}
	return nil
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

// checkWritable refuses, before pairing, an --apply into a file a program keeps (Challonge,
// KTS, TOM, WER, an event JSON): only hand-kept workbooks and CSV files tell where a new
// round goes, and a chess TRF file, whose lines hold a block per round.
func checkWritable(name string, events []*tbsheet.Event) error {
	ev := events[0]
	if ev.Layout != nil && len(ev.Layout.Tables) > 0 || ev.Format == "trf" {
		return nil
	}
	what := ev.Format
	if f, ok := reader.Lookup(ev.Format); ok {
		what = f.Title
	}
	return inputErr(fmt.Errorf("--apply: %s is a %s, which tbsheet does not write into: pair the round in the program that keeps it, or convert the results to a workbook (tbsheet convert %s -o results.xlsx) and pair that",
		name, what, name))
}

// applyRound writes the paired round into the input, after keeping a copy of the file as
// it was beside it; it returns the copy's name.
func applyRound(input string, data []byte, pr pairedRound) (string, error) {
	out, err := apply.Round(data, pr.event, pr.round, pr.stage)
	if errors.Is(err, apply.ErrLayout) {
		return "", inputErr(fmt.Errorf("--apply: %w", err))
	}
	if err != nil {
		return "", outputErr(err)
	}
	backup := backupName(input, pr.round.Number)
	if _, err := writer.WriteFiles([]writer.File{{Path: backup, Data: data}}); err != nil {
		return "", outputErr(fmt.Errorf("keeping a copy of %s before writing into it: %w", input, err))
	}
	if _, err := writer.WriteFiles([]writer.File{{Path: input, Data: out}}); err != nil {
		return "", outputErr(err)
	}
	return backup, nil
}

// backupName is the name of the copy of input kept before round n is written into it,
// "results.before-round-4.xlsx", never one that exists already.
func backupName(input string, n int) string {
	ext := filepath.Ext(input)
	stem := strings.TrimSuffix(input, ext) + ".before-round-" + strconv.Itoa(n)
	name := stem + ext
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = stem + "-" + strconv.Itoa(i) + ext
	}
}

// auditPairings prints what swiss.Audit finds in each division's rounds, one line each,
// or one line saying the pairings follow the rules; it fails (exit 1) when it found any.
func auditPairings(out io.Writer, events []*tbsheet.Event, opt calc.Options) error {
	found := 0
	for _, ev := range events {
		findings, err := swiss.Audit(ev, opt)
		if err != nil {
			return computeErr(err)
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
