package swiss

import (
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// BenchmarkPair4096 pairs the last round of a 4,096-player, 12-round event;
// BenchmarkStandings4096 ranks the same event as `tbsheet standings` does (without
// explanations, as the command line ranks): the goal is that pairing costs no
// more CPU than ranking (compare the two in one run, e.g. with GOMAXPROCS=1).
func BenchmarkPair4096(b *testing.B) {
	ev := truncated(swissgen.Generate(swissgen.Realistic(4096, 12, 1)), 11)
	ev.PlannedRounds = 0
	b.ResetTimer()
	for i := range b.N {
		if _, err := Pair(ev, Options{Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStandings4096(b *testing.B) {
	ev := truncated(swissgen.Generate(swissgen.Realistic(4096, 12, 1)), 11)
	b.ResetTimer()
	for range b.N {
		if _, err := calc.Compute(ev, calc.Options{NoExplain: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPair4096Exact pairs round 9 of a 16-round 4,096-player event, a round whose
// bound the forbidden pairs make unreachable (players who drew each other alone on their
// points): the exact matching over the reduced graph pairs it.
func BenchmarkPair4096Exact(b *testing.B) {
	ev := truncated(swissgen.Generate(swissgen.Realistic(4096, 16, 1)), 8)
	ev.PlannedRounds = 0
	b.ResetTimer()
	for i := range b.N {
		p, err := Pair(ev, Options{Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		var paired []int
		for _, m := range p.Round.Matches {
			if m.P2 != tbsheet.NoPlayer {
				paired = append(paired, m.P1, m.P2)
			}
		}
		points := pointsOf(p.Before, len(ev.Players))
		if f := newField(paired, pairPoints(paired, points), make([][]int, len(ev.Players))); p.Cross == f.bound().cross {
			b.Fatal("the round reached the bound: the benchmark no longer measures the exact matching")
		}
	}
}
