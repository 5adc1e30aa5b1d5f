package scenario

import (
	"context"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
)

// TestProofCrossCheckMagic is TestProofCrossCheck on larger Magic events (16 players, 8
// tables), where more rivals share the line, so that the joint bound and the conflicts
// tried player by player decide nodes.
func TestProofCrossCheckMagic(t *testing.T) {
	events := 10
	if testing.Short() {
		events = 3
	}
	for seed := range int64(events) {
		ev := randomEvent(16, 4, 1700+seed, 0.1, 0.05)
		cut := 3 + int(seed)%4
		t.Run(fmt.Sprintf("seed%d-cut%d", seed, cut), func(t *testing.T) {
			copt := calc.Options{System: "mtg"}
			truths, open := bruteForce(t, ev, copt, cut)
			rep, err := Analyze(context.Background(), ev, Options{Calc: copt, Cut: cut, search: true, proveOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			check(t, rep, truths, open, false)
			if !rep.Proved() {
				t.Errorf("not every verdict is proved")
			}
		})
	}
}

// TestProofCrossCheck runs the depth-first proof alone (no witnesses, no settle: every item
// the bounds leave open is the proof's) on random events of up to 14 players, and compares
// every verdict with brute force: each must be proved and be brute force's, with the
// separable keys summed and without. The cuts are small and the draws many, so that many
// players sit on the line.
func TestProofCrossCheck(t *testing.T) {
	events := 30
	if testing.Short() {
		events = 8
	}
	for _, sys := range calc.Systems() {
		for seed := range int64(events) {
			players := 8 + int(seed)%7 // 8 to 14 players: at most 7 tables
			ev := randomEvent(players, 3+int(seed)%2, 900+seed, 0.15, 0.1)
			cut := 2 + int(seed)%5
			t.Run(fmt.Sprintf("%s/seed%d-%dp-cut%d", sys.Name, seed, players, cut), func(t *testing.T) {
				copt := calc.Options{System: sys.Name}
				truths, open := bruteForce(t, ev, copt, cut)
				for _, noLinear := range []bool{false, true} {
					rep, err := Analyze(context.Background(), ev, Options{Calc: copt, Cut: cut, search: true, proveOnly: true, noLinear: noLinear})
					if err != nil {
						t.Fatal(err)
					}
					check(t, rep, truths, open, false)
					if !rep.Proved() {
						t.Errorf("summing separable keys %v: not every verdict is proved", !noLinear)
					}
				}
			})
		}
	}
}
