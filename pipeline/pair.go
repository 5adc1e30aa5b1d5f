package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/apply"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/suggest"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
)

// PairOptions are what pairing the next round takes beyond the event (tbsheet pair): the
// players named as the organizer typed them (a name, part of a name or an ID).
type PairOptions struct {
	// Calc ranks the players the round is paired from.
	Calc calc.Options
	// Seed chooses among equally good Swiss pairings: the same seed makes the same pairing.
	Seed uint64
	// Drop are the players leaving now, not paired.
	Drop []string
	// Avoid are pairs who must not meet, each "A=B".
	Avoid []string
	// Fixed are players who play at a table of their own, each "A=5".
	Fixed []string
	// Cut pairs the first round of a top cut of this many players after the last Swiss
	// round (0: none asked for).
	Cut int
	// Rounds is the Swiss rounds a chess event plans, when its file does not say (0: none).
	Rounds int
}

// Paired is a round [PairNext] made, and the event with it.
type Paired struct {
	// Event is a copy of the input's event with the round added.
	Event *tbsheet.Event
	Round tbsheet.Round
	// Stage is a playoff round's stage (8 for the quarterfinals), else 0.
	Stage int
	// Swiss marks a card-game Swiss round (random among equals: its seed is worth printing).
	Swiss bool
	// Before are the standings a Swiss round was paired from.
	Before *calc.Standings
}

// Label names the round in a note: "4", or "4 (the top 8)".
func (p Paired) Label() string {
	if p.Stage > 0 {
		return fmt.Sprintf("%d (the top %d)", p.Round.Number, p.Stage)
	}
	return strconv.Itoa(p.Round.Number)
}

// usagef is the usage error of an option the event cannot honour.
func usagef(format string, args ...any) error {
	return &calc.UsageError{Msg: fmt.Sprintf(format, args...)}
}

// PairNext pairs ev's next round: the top cut's when opt.Cut asks for it or the cut has
// begun, a chess TRF's by the FIDE Dutch system (which reads data, the input's bytes), else
// the card-game Swiss round's. It is the one place that chooses the engine; each returns the
// new round, which --apply, the outputs and the JSON take whichever engine made it.
func PairNext(ev *tbsheet.Event, opt PairOptions, data []byte) (Paired, error) {
	if opt.Cut > 0 || slices.ContainsFunc(ev.Rounds, func(r tbsheet.Round) bool { return r.Playoff }) {
		return pairCut(ev, opt)
	}
	if ev.Format == "trf" {
		return pairChess(ev, opt, data)
	}
	return pairSwiss(ev, opt)
}

// pairCut pairs the top cut's next round: its first, seeded by Swiss rank, or the next from
// the winners.
func pairCut(ev *tbsheet.Event, opt PairOptions) (Paired, error) {
	if len(opt.Drop)+len(opt.Avoid)+len(opt.Fixed) > 0 {
		return Paired{}, usagef("--drop, --avoid and --fixed-table are for the Swiss rounds: the top cut is seeded by rank")
	}
	co := opt.Calc
	co.NoExplain = true
	st, err := calc.Compute(ev, co)
	if err != nil {
		return Paired{}, err
	}
	r, err := topcut.Pair(st, opt.Cut)
	if err != nil {
		return Paired{}, err
	}
	out := withRound(ev, r)
	st2, err := calc.Compute(out, co)
	if err != nil {
		return Paired{}, err
	}
	return Paired{Event: out, Round: r, Stage: topcut.Read(st2).Stage(r.Number)}, nil
}

// pairSwiss pairs the next card-game Swiss round with the players the options name.
func pairSwiss(ev *tbsheet.Event, opt PairOptions) (Paired, error) {
	so := swiss.Options{Calc: opt.Calc, Seed: opt.Seed}
	var err error
	if so.Drop, err = PlayerList(ev, "--drop", opt.Drop); err != nil {
		return Paired{}, err
	}
	for _, a := range opt.Avoid {
		x, y, err := PlayerPair(ev, "--avoid", a)
		if err != nil {
			return Paired{}, err
		}
		so.Avoid = append(so.Avoid, [2]int{x, y})
	}
	for _, v := range opt.Fixed {
		who, table, ok := strings.Cut(v, "=")
		t, err := strconv.Atoi(strings.TrimSpace(table))
		if !ok || err != nil || t < 1 || t > 100_000 {
			return Paired{}, usagef("--fixed-table %q: write the player and a table number, e.g. \"Ann Lee=5\"", v)
		}
		p, err := PlayerIndex(ev, "--fixed-table", strings.TrimSpace(who))
		if err != nil {
			return Paired{}, err
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
		return Paired{}, usagef("--fixed-table: %s and %s are both at table %d, and may not meet: give one another table",
			ev.Players[fe.A].Name, ev.Players[fe.B].Name, fe.Table)
	case errors.Is(err, swiss.ErrChess):
		return pairChessEvent(ev, opt)
	case errors.Is(err, swiss.ErrSwissOver):
		return Paired{}, fmt.Errorf("%s: %w: pair the top cut with --cut N", ev.Source, err)
	case errors.Is(err, swiss.ErrRoundInPlay), errors.Is(err, swiss.ErrNoPairing):
		return Paired{}, fmt.Errorf("%s: %w", ev.Source, err)
	case err != nil:
		return Paired{}, err
	}
	out := withDrops(withRound(ev, p.Round), so.Drop)
	return Paired{Event: out, Round: p.Round, Swiss: true, Before: p.Before}, nil
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

// withRound returns a copy of ev with round r added.
func withRound(ev *tbsheet.Event, r tbsheet.Round) *tbsheet.Event {
	out := *ev
	out.Rounds = append(slices.Clip(ev.Rounds), r)
	return &out
}

// PlayerList finds the registered players names name (see [PlayerIndex]); flag names the
// option they were given to, in the usage error of one that names nobody.
func PlayerList(ev *tbsheet.Event, flag string, names []string) ([]int, error) {
	var out []int
	for _, n := range names {
		p, err := PlayerIndex(ev, flag, strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// PlayerPair finds the two players "A=B" names (see [PlayerIndex]).
func PlayerPair(ev *tbsheet.Event, flag, v string) (int, int, error) {
	a, b, ok := strings.Cut(v, "=")
	if !ok {
		return 0, 0, usagef("%s %q: write two players joined by =, e.g. \"Tom Wu=Tim Wu\"", flag, v)
	}
	x, err := PlayerIndex(ev, flag, strings.TrimSpace(a))
	if err != nil {
		return 0, 0, err
	}
	y, err := PlayerIndex(ev, flag, strings.TrimSpace(b))
	if err != nil {
		return 0, 0, err
	}
	if x == y {
		return 0, 0, usagef("%s %q names one player twice", flag, v)
	}
	return x, y, nil
}

// PlayerIndex finds the registered player q names, as explain's --player does: an exact
// ID, the name (case, accents and full-width forms do not matter), else the only name that
// contains it; otherwise a usage error naming the flag, with the closest name.
func PlayerIndex(ev *tbsheet.Event, flag, q string) (int, error) {
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
		if c := ClosestName(names, fq); c != "" {
			msg += fmt.Sprintf("; did you mean %q?", c)
		}
		return 0, usagef("%s", msg)
	}
	var names []string
	for _, p := range found {
		names = append(names, ev.Players[p].Name)
	}
	return 0, usagef("%s %q matches %s: be more precise", flag, q, strings.Join(names, ", "))
}

// ClosestName returns the name nearest to the folded query fq, comparing it with whole
// names and with each of their words ("Grase" finds Grace Murphy), or "".
func ClosestName(names []string, fq string) string {
	var candidates []string
	name := map[string]string{} // candidate → the player's name
	for _, n := range names {
		for _, c := range append([]string{tbsheet.FoldName(n)}, strings.Fields(tbsheet.FoldName(n))...) {
			if _, dup := name[c]; !dup {
				candidates = append(candidates, c)
				name[c] = n
			}
		}
	}
	return name[suggest.Closest(fq, candidates, 3, nil)]
}

// Unlocked refuses to write into a workbook while Excel or LibreOffice has it open: they
// leave a lock file beside it (~$NAME, .~lock.NAME#), and would keep their own copy over
// tbsheet's when the organizer saves.
func Unlocked(input string) error {
	dir, base := filepath.Split(input)
	for _, lock := range []string{"~$" + base, ".~lock." + base + "#"} {
		if _, err := os.Lstat(filepath.Join(dir, lock)); err == nil {
			return fmt.Errorf("%s is open in Excel or LibreOffice (%s is beside it): close it there first, so that your next save does not undo the new round", input, lock)
		}
	}
	return nil
}

// Writable refuses, before pairing, an --apply into a file a program keeps (Challonge,
// KTS, TOM, WER, an event JSON): only hand-kept workbooks and CSV files tell where a new
// round goes, and a chess TRF file, whose lines hold a block per round (the input's error);
// and into a file of several divisions, which a program keeps (a usage error).
func Writable(in *Input) error {
	ev := in.Events[0]
	if !(ev.Layout != nil && len(ev.Layout.Tables) > 0 || ev.Format == "trf") {
		what := ev.Format
		if f, ok := reader.Lookup(ev.Format); ok {
			what = f.Title
		}
		return fmt.Errorf("--apply: %s is a %s, which tbsheet does not write into: pair the round in the program that keeps it, or convert the results to a workbook (tbsheet convert %s -o results.xlsx) and pair that",
			in.Name, what, in.Name)
	}
	if len(in.Events) > 1 {
		return usagef("--apply: %s holds %d divisions (%s): pair them in the program that keeps the file", in.Name, len(in.Events), PodNames(in.File))
	}
	return nil
}

// PairInput pairs the next round of every division of an input ([PairNext]) and lists each
// new round's pairings as players read them.
func PairInput(in *Input, opt PairOptions) (paired []Paired, all []*pairings.Pairings, err error) {
	for _, ev := range in.Events {
		pr, err := PairNext(ev, opt, in.Data)
		if err != nil {
			return nil, nil, err
		}
		p, err := ListPairings(pr.Event, pairings.Options{Calc: opt.Calc, Round: pr.Round.Number, Before: pr.Before})
		if err != nil {
			return nil, nil, err
		}
		all, paired = append(all, p), append(paired, pr)
	}
	return paired, all, nil
}

// SeedNotes are the notes that give the seed each Swiss round of an input (name) was paired
// with, which pairs it the same way again.
func SeedNotes(name string, paired []Paired, seed uint64) []string {
	var notes []string
	for _, pr := range paired {
		if pr.Swiss {
			notes = append(notes, fmt.Sprintf("note: %s: round %d paired with seed %d (--seed %d pairs it the same way again)",
				name, pr.Round.Number, seed, seed))
		}
	}
	return notes
}

// Applied is the paired round written into the input (apply.Round): the copy of the input
// as it was, to write first, and the input with the round.
type Applied struct {
	Backup, Input writer.File
	// Note says so, naming the copy.
	Note string
}

// Apply writes the paired round into the input's bytes (data) and names the copy of the
// file as it was (see [BackupName]); it writes no file. A layout apply cannot write into
// is the input's error (errors.Is(err, apply.ErrLayout)); any other error is the output's.
func Apply(input string, data []byte, p Paired) (Applied, error) {
	out, err := apply.Round(data, p.Event, p.Round, p.Stage)
	if errors.Is(err, apply.ErrLayout) {
		return Applied{}, fmt.Errorf("--apply: %w", err)
	}
	if err != nil {
		return Applied{}, err
	}
	backup := BackupName(input, p.Round.Number)
	return Applied{
		Backup: writer.File{Path: backup, Data: data},
		Input:  writer.File{Path: input, Data: out},
		Note: fmt.Sprintf("note: %s: round %s written into it; the file as it was is kept as %s",
			reader.InputName(input), p.Label(), backup),
	}, nil
}

// BackupName is the name of the copy of input kept before round n is written into it,
// "results.before-round-4.xlsx", never one that exists already.
func BackupName(input string, n int) string {
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
