package scenario

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// BenchmarkScenarios analyses the last round of realistic generated Magic events (top 8), the
// sizes of the issue: 256 players × 8 rounds (goal: under a second) and 4,096 players × 12
// rounds (goal: under five). Besides the time it reports the combinations ranked, the
// verdicts left unproved, and "x-compute": the time over one calc.Compute of the same event
// (the fastest of a few, measured in the same run: the baseline).
func BenchmarkScenarios(b *testing.B) {
	for _, size := range []struct {
		name            string
		players, rounds int
	}{{"256", 256, 8}, {"4096", 4096, 12}} {
		b.Run(size.name, func(b *testing.B) {
			ev := openLast(swissgen.Generate(swissgen.Realistic(size.players, size.rounds, 2026)))
			copt := calc.Options{System: "mtg", NoExplain: true}
			var rep *Report
			for b.Loop() {
				var err error
				if rep, err = Analyze(context.Background(), ev, Options{Calc: copt, Cut: 8}); err != nil {
					b.Fatal(err)
				}
			}
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			compute := math.Inf(1)
			for range 5 {
				start := time.Now()
				if _, err := calc.Compute(ev, copt); err != nil {
					b.Fatal(err)
				}
				compute = min(compute, float64(time.Since(start).Nanoseconds()))
			}
			unproved := 0
			for _, pl := range rep.Players {
				for _, o := range pl.Outcomes {
					if !o.Proved {
						unproved++
					}
				}
			}
			b.ReportMetric(float64(rep.Ranked), "ranked")
			b.ReportMetric(float64(unproved), "unproved")
			b.ReportMetric(per/compute, "x-compute")
		})
	}
}
