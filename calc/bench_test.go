package calc

import (
	"sync"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// benchSizes are the event sizes of the Compute benchmarks (players × 15 rounds).
var benchSizes = []struct {
	name    string
	players int
}{{"1k", 1_000}, {"10k", 10_000}, {"100k", 100_000}}

var (
	benchMu     sync.Mutex
	benchEvents = map[int]*tbsheet.Event{}
)

// benchEvent returns a realistic 15-round event, generated once per size.
func benchEvent(players int) *tbsheet.Event {
	benchMu.Lock()
	defer benchMu.Unlock()
	if ev, ok := benchEvents[players]; ok {
		return ev
	}
	ev := swissgen.Generate(swissgen.Realistic(players, 15, 2026))
	benchEvents[players] = ev
	return ev
}

// BenchmarkCompute ranks generated events with every tiebreak of each preset (fide
// included), without building explanations (Options.NoExplain: what ranking needs);
// cpu-ms/op is the CPU time of every goroutine, the measure that holds on a busy machine. Time is
// meant to grow linearly with the number of matches (ns/match about constant from 1k to 100k
// players); the goal is 100k players × 15 rounds within a second.
func BenchmarkCompute(b *testing.B) { benchCompute(b, true) }

// BenchmarkComputeExplained is BenchmarkCompute with every explanation filled in (the
// default), as the XLSX and JSON writers need them.
func BenchmarkComputeExplained(b *testing.B) { benchCompute(b, false) }

func benchCompute(b *testing.B, noExplain bool) {
	for _, sys := range Systems() {
		for _, size := range benchSizes {
			b.Run(sys.Name+"/"+size.name, func(b *testing.B) {
				ev := benchEvent(size.players)
				b.ReportAllocs()
				start := rusage.CPU()
				for b.Loop() {
					if _, err := Compute(ev, Options{System: sys.Name, NoExplain: noExplain}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(matches(ev)), "ns/match")
				b.ReportMetric(float64(rusage.CPU()-start)/1e6/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// matches counts an event's matches, byes included: what the time is linear in.
func matches(ev *tbsheet.Event) int {
	n := 0
	for _, r := range ev.Rounds {
		n += len(r.Matches)
	}
	return n
}
