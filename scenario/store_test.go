package scenario

import (
	"context"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
)

// TestStoreSizedProved: 24-player Magic events before their last round, whose analysis at
// the first budget leaves verdicts unproved, are proved at the default effort.
func TestStoreSizedProved(t *testing.T) {
	for _, name := range []string{"fnm24-11.csv", "fnm24-12.csv"} {
		t.Run(name, func(t *testing.T) {
			ev, err := reader.Read("testdata/"+name, "", reader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Calc: calc.Options{System: "mtg"}, Cut: 8, Rounds: 5}
			once := opt
			once.Effort = 1
			first, err := Analyze(context.Background(), ev, once)
			if err != nil {
				t.Fatal(err)
			}
			if first.Proved() {
				t.Fatalf("%s is proved at the first budget: it no longer tests the default's retries", name)
			}
			rep, err := Analyze(context.Background(), ev, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Proved() {
				t.Errorf("%s: not every verdict is proved at the default effort", name)
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
