package scenario

import (
	"context"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
)

// storeEvents are store-sized Magic events before their last round, each with the cut it is
// analysed for: 24 players before round 5 of 5, whose first budget leaves verdicts unproved,
// and 64 players before round 6 of 6 (generated with tbsheet pair and random results, a few
// draws), whose verdicts the bounds, the witnesses and settle left unproved at any effort.
var storeEvents = []struct {
	file        string
	cut, rounds int
}{
	{"fnm24-11.csv", 8, 5}, {"fnm24-12.csv", 8, 5},
	{"mtg64-1.csv", 8, 6}, {"mtg64-2.csv", 8, 6}, {"mtg64-4.csv", 8, 6}, {"mtg64-7.csv", 8, 6},
	{"mtg64-8.csv", 8, 6},
	{"mtg64-1.csv", 16, 6}, {"mtg64-3.csv", 16, 6}, {"mtg64-6.csv", 16, 6},
}

// TestStoreSizedProved: every verdict of a store-sized event is proved at the default
// effort, and a verdict proved at the first budget is the same.
func TestStoreSizedProved(t *testing.T) {
	for _, e := range storeEvents {
		t.Run(fmt.Sprintf("%s/top%d", e.file, e.cut), func(t *testing.T) {
			ev, err := reader.Read("testdata/"+e.file, "", reader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Calc: calc.Options{System: "mtg"}, Cut: e.cut, Rounds: e.rounds}
			once := opt
			once.Effort = 1
			first, err := Analyze(context.Background(), ev, once)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Analyze(context.Background(), ev, opt)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Exhaustive {
				t.Fatalf("%s is ranked in every combination: it no longer tests the search", e.file)
			}
			for _, p := range rep.Players {
				for r, o := range p.Outcomes {
					if !o.Proved {
						t.Errorf("%s %s: not proved at the default effort", ev.Players[p.Player].Name, Result(r))
					}
				}
			}
			for i, p := range first.Players {
				for k, o := range p.Outcomes {
					if o.Proved && o.Verdict != rep.Players[i].Outcomes[k].Verdict {
						t.Errorf("player %d, result %d: %v at the first budget, %v at the default", p.Player, k, o.Verdict, rep.Players[i].Outcomes[k].Verdict)
					}
				}
			}
		})
	}
}
