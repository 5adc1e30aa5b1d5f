package scenario

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/reader"
)

// BenchmarkScenarios analyses the last round of realistic generated Magic events (top 8), the
// sizes of the issue: 256 players × 8 rounds (goal: under a second) and 4,096 players × 12
// rounds (goal: under five). Besides the time it reports the CPU time ("cpu-s/op": every
// goroutine counted, whatever else the shared machine runs), the combinations ranked, the
// verdicts left unproved, and "x-compute": the CPU time over that of one calc.Compute of the
// same event (measured in the same run: the baseline).
func BenchmarkScenarios(b *testing.B) {
	for _, size := range []struct {
		name            string
		players, rounds int
	}{{"256", 256, 8}, {"4096", 4096, 12}} {
		b.Run(size.name, func(b *testing.B) {
			ev := openLast(swissgen.Generate(swissgen.Realistic(size.players, size.rounds, 2026)))
			benchAnalyze(b, ev, Options{Calc: calc.Options{System: "mtg", NoExplain: true}, Cut: 8})
		})
	}
}

// BenchmarkScenariosStore analyses the last round of the store-sized fixtures (64 players
// before round 6 of 6, top 8 or 16; see storeEvents) at the default effort: the goal is every
// verdict proved in a few seconds of CPU time. Metrics as for BenchmarkScenarios.
func BenchmarkScenariosStore(b *testing.B) {
	for _, e := range storeEvents {
		if !strings.HasPrefix(e.file, "mtg64") {
			continue
		}
		b.Run(fmt.Sprintf("%s-top%d", strings.TrimSuffix(e.file, ".csv"), e.cut), func(b *testing.B) {
			ev, err := reader.Read("testdata/"+e.file, "", reader.Options{})
			if err != nil {
				b.Fatal(err)
			}
			benchAnalyze(b, ev, Options{Calc: calc.Options{System: "mtg", NoExplain: true}, Cut: e.cut, Rounds: e.rounds})
		})
	}
}

// benchAnalyze analyses ev with opt in the benchmark's loop and reports the combinations
// ranked, the verdicts left unproved, the CPU time of one analysis ("cpu-s/op": every
// goroutine counted, whatever else the shared machine runs) and that time over the CPU time
// of one calc.Compute of the same event ("x-compute", measured in the same run: the
// baseline).
func benchAnalyze(b *testing.B, ev *tbsheet.Event, opt Options) {
	var rep *Report
	cpu := rusage.CPU()
	for b.Loop() {
		var err error
		if rep, err = Analyze(context.Background(), ev, opt); err != nil {
			b.Fatal(err)
		}
	}
	per := float64(rusage.CPU()-cpu) / float64(b.N)
	// The kernel counts CPU time in ticks: the baseline is the mean of as many Computes as
	// take a tenth of a second, after collecting the analyses' garbage (which would be
	// counted to them).
	runtime.GC()
	start, n := rusage.CPU(), 0
	for ; n < 3 || rusage.CPU()-start < 100*time.Millisecond; n++ {
		if _, err := calc.Compute(ev, opt.Calc); err != nil {
			b.Fatal(err)
		}
	}
	compute := float64(rusage.CPU()-start) / float64(n)
	b.ReportMetric(float64(rep.Ranked), "ranked")
	b.ReportMetric(float64(unprovedOf(rep)), "unproved")
	b.ReportMetric(per/1e9, "cpu-s/op")
	b.ReportMetric(per/compute, "x-compute")
}
