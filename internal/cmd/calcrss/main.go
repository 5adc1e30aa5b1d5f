//go:build unix

// Command calcrss reports the memory calc.Compute needs on a large generated event: the
// process's peak resident set size after generating the event and after computing its
// standings, each in its own process so that peaks do not mix. It backs the memory column
// of the performance tables (docs/performance.md):
//
//	go run ./internal/cmd/calcrss -system fide -players 100000 -rounds 15
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

func main() {
	system := flag.String("system", "mtg", "preset")
	players := flag.Int("players", 100_000, "players")
	rounds := flag.Int("rounds", 15, "rounds")
	explain := flag.Bool("explain", false, "fill every explanation (the default of tbsheet standings)")
	flag.Parse()
	ev := swissgen.Generate(swissgen.Realistic(*players, *rounds, 2026))
	before := rusage.PeakRSS()
	start := time.Now()
	if _, err := calc.Compute(ev, calc.Options{System: *system, NoExplain: !*explain}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	took := time.Since(start)
	after := rusage.PeakRSS()
	fmt.Printf("%s %d players x %d rounds explain=%v: %v, peak RSS %d MiB after generating, %d MiB after computing (+%d MiB)\n",
		*system, *players, *rounds, *explain, took.Round(time.Millisecond), before>>20, after>>20, (after-before)>>20)
}
