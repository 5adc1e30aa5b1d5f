package scenario

import (
	"context"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// TestProofCrossCheckMagic is TestProofCrossCheck on larger Magic events (12 to 16 players,
// up to 8 tables), where more rivals share the line, so that the joint bound decides nodes: with
// its conflicts tried together, and player by player.
func TestProofCrossCheckMagic(t *testing.T) {
	events := 24
	if testing.Short() {
		events = 3
	}
	for seed := range int64(events) {
		e := eventSpec{players: 12 + 2*(int(seed)%3), rounds: 3 + int(seed)%3, cut: 2 + int(seed)%5, seed: 1700 + seed, draws: 0.1, ids: 0.05}
		ev := e.event()
		t.Run(fmt.Sprintf("seed%d-cut%d", e.seed, e.cut), func(t *testing.T) {
			checkProof(t, ev, calc.Options{System: "mtg"}, e.cut, Options{})
			checkProof(t, ev, calc.Options{System: "mtg"}, e.cut, Options{apart: true})
		})
	}
}

// TestProofCrossCheck runs the depth-first proof alone (no witnesses, no settle: every item
// the bounds leave open is the proof's) on random events of up to 14 players, and compares
// every verdict with brute force: each must be proved and be brute force's, with the
// separable keys summed and without. The cuts are small and the draws many, so that many
// players sit on the line.
func TestProofCrossCheck(t *testing.T) {
	eachPreset(t, 30, 8, func(i int64) eventSpec {
		// 8 to 14 players: at most 7 tables.
		return eventSpec{players: 8 + int(i)%7, rounds: 3 + int(i)%2, cut: 2 + int(i)%5, seed: 900 + i, draws: 0.15, ids: 0.1}
	}, func(t *testing.T, ev *tbsheet.Event, copt calc.Options, cut int) {
		for _, noLinear := range []bool{false, true} {
			checkProof(t, ev, copt, cut, Options{noLinear: noLinear})
		}
	})
}

// checkProof runs the proof alone on ev (with the test options of opt) and compares every
// verdict with brute force: each must be proved and be brute force's.
func checkProof(t *testing.T, ev *tbsheet.Event, copt calc.Options, cut int, opt Options) {
	t.Helper()
	truths, open := bruteForce(t, ev, copt, cut)
	opt.Calc, opt.Cut, opt.search, opt.proveOnly = copt, cut, true, true
	rep, err := Analyze(context.Background(), ev, opt)
	if err != nil {
		t.Fatal(err)
	}
	check(t, rep, truths, open, false)
	if !rep.Proved() {
		t.Errorf("summing separable keys %v, conflicts apart %v: not every verdict is proved", !opt.noLinear, opt.apart)
	}
}

// TestSeparableSums checks the separable keys' sums (linear.go) against calc in every
// combination of random Magic events' last round, for every player: a key classified
// separable that is not would make the proof wrong, and the few combinations newLinear
// checks might miss it.
func TestSeparableSums(t *testing.T) {
	for seed := range int64(6) {
		e := eventSpec{players: 9 + int(seed)%4, rounds: 3 + int(seed)%2, cut: 4, seed: 2100 + seed, draws: 0.15, ids: 0.1}
		ev := e.event()
		t.Run(fmt.Sprintf("seed%d", e.seed), func(t *testing.T) {
			a, err := newAnalysis(ev, Options{Calc: calc.Options{System: "mtg"}, Cut: e.cut})
			if err != nil {
				t.Fatal(err)
			}
			s := newSearcher(a)
			if err := s.patterns(context.Background()); err != nil {
				t.Fatal(err)
			}
			pv := newProver(s)
			lin, err := pv.newLinear(context.Background())
			if err != nil || lin == nil {
				t.Fatalf("no sums: %v", err)
			}
			var assigns [][]uint8
			for k := range pow3(len(a.tables)) {
				assigns = append(assigns, decode(k, len(a.tables)))
			}
			a.budget = 1 << 62
			err = a.rank(context.Background(), assigns, func(c int, std *calc.Standings, _ []status) {
				for _, row := range std.Rows {
					for i, k := range pv.late {
						want := keyValue(&row, k).Num
						got := exact.Int(lin.value(row.Player, i, assigns[c]))
						if got.Cmp(want.MulInt(lin.scale[i])) != 0 {
							t.Fatalf("combination %v: %s's %s sums to %v/%d, calc has %v", assigns[c], ev.Players[row.Player].Name, a.keys[k].ID, got, lin.scale[i], want)
						}
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
