package swiss

import (
	"testing"

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
