package season_test

import (
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/season"
)

// BenchmarkSeason measures the goal of issue 25 in one run: a season of 50 events of 256
// players (drawn from a pool of 2,000 generated names, matched by name, with the typo check, every
// tiebreak and the best 10) ranked in less CPU time than the standings of one 4,096-player
// event (calc.Compute and calc.Final, as tbsheet standings ranks it). The events' own
// standings are computed before the season's timing starts; "season+events" times them too.
// Each reports cpu-ms/op; the season's x-cpu is its CPU time over the 4,096-player
// standings' (the goal: below 1).
func BenchmarkSeason(b *testing.B) {
	big := swissgen.Generate(swissgen.Realistic(4096, 0, 1))
	pool := swissgen.Generate(swissgen.Realistic(2000, 1, 99)).Players
	var events []*calc.Standings
	for e := range 50 {
		ev := swissgen.Generate(swissgen.Realistic(256, 0, int64(e+2)))
		ev.Date = fmt.Sprintf("2026-%02d-%02d", 1+e/5, 1+e%28)
		for i := range ev.Players {
			name := pool[(i*7+e*131)%len(pool)].Name
			ev.Players[i].ID, ev.Players[i].Name = name, name
		}
		events = append(events, standings(b, ev))
	}
	opt := season.Options{Rules: season.Rules{Places: []exact.Num{exact.Int(15), exact.Int(12), exact.Int(10), exact.Int(8)},
		PerWin: exact.Int(3), PerDraw: exact.Int(1), Attend: exact.Int(1), Best: 10}, NameKey: reader.NameKey}
	seasonOf := func(sts []*calc.Standings) {
		var list []season.Event
		for _, st := range sts {
			list = append(list, season.Event{Name: st.Event.Date, Standings: st})
		}
		if _, err := season.Compute(list, opt); err != nil {
			b.Fatal(err)
		}
	}
	var one float64
	b.Run("standings-4096", func(b *testing.B) {
		start := rusage.CPU()
		for b.Loop() {
			standings(b, big)
		}
		one = rusage.ReportCPU(b, start)
	})
	b.Run("season-50x256", func(b *testing.B) {
		b.ReportAllocs()
		start := rusage.CPU()
		for b.Loop() {
			seasonOf(events)
		}
		if c := rusage.ReportCPU(b, start); one > 0 {
			b.ReportMetric(c/one, "x-cpu")
		}
	})
	b.Run("season+events-50x256", func(b *testing.B) {
		start := rusage.CPU()
		for b.Loop() {
			var sts []*calc.Standings
			for _, st := range events {
				sts = append(sts, standings(b, st.Event))
			}
			seasonOf(sts)
		}
		if c := rusage.ReportCPU(b, start); one > 0 {
			b.ReportMetric(c/one, "x-cpu")
		}
	})
}

// standings ranks an event as tbsheet standings does: Magic's tiebreaks, no explanations,
// the final standings.
func standings(b *testing.B, ev *tbsheet.Event) *calc.Standings {
	st, err := calc.Compute(ev, calc.Options{System: "mtg", NoExplain: true})
	if err != nil {
		b.Fatal(err)
	}
	return calc.Final(st)
}
