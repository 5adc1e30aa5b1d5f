package calc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// builder assembles events for worked examples whose players' records are given but whose
// pairings are not: each record is completed against fresh "fillers", players who play one
// match and otherwise get byes or losses with no opponent as needed.
type builder struct {
	t       testing.TB
	ev      *tbsheet.Event
	fillers int
}

func newBuilder(t testing.TB, rounds int) *builder {
	ev := &tbsheet.Event{Name: "worked example", Source: "example"}
	for r := 1; r <= rounds; r++ {
		ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: r})
	}
	return &builder{t: t, ev: ev}
}

func (b *builder) player(name string) int {
	b.ev.Players = append(b.ev.Players, tbsheet.Player{ID: fmt.Sprint(len(b.ev.Players) + 1), Name: name})
	return len(b.ev.Players) - 1
}

func (b *builder) filler() int {
	b.fillers++
	return b.player(fmt.Sprintf("Filler %d", b.fillers))
}

// add records a match (p2 = NoPlayer for a solo result) in round r.
func (b *builder) add(r, p1, p2 int, res tbsheet.Result, games ...int) {
	m := tbsheet.Match{P1: p1, P2: p2, Result: res}
	if len(games) > 0 {
		m.Games = tbsheet.Games{Known: true, P1: games[0], P2: games[1]}
		if len(games) > 2 {
			m.Games.Drawn = games[2]
		}
	}
	b.ev.Rounds[r-1].Matches = append(b.ev.Rounds[r-1].Matches, m)
}

// vsFiller records p's result res in round r against a new filler.
func (b *builder) vsFiller(r, p int, res tbsheet.Result, games ...int) {
	b.add(r, p, b.filler(), res, games...)
}

// record parses "W-L-D" into results.
func record(t testing.TB, s string) []tbsheet.Result {
	var w, l, d int
	if _, err := fmt.Sscanf(s, "%d-%d-%d", &w, &l, &d); err != nil {
		t.Fatalf("bad record %q", s)
	}
	var out []tbsheet.Result
	for _, n := range []struct {
		k int
		r tbsheet.Result
	}{{w, tbsheet.Win}, {l, tbsheet.Loss}, {d, tbsheet.Draw}} {
		for range n.k {
			out = append(out, n.r)
		}
	}
	return out
}

// opponent adds a player with the record "W-L-D" who meets p in round r with result res
// (from the opponent's side). He plays a window of consecutive rounds around r, as many as
// his record has (entering late or dropping when shorter than the event); his other results
// are against fillers.
func (b *builder) opponent(name string, p, r int, rec string, res tbsheet.Result) int {
	results := record(b.t, rec)
	o := b.player(name)
	n, rounds := len(results), len(b.ev.Rounds)
	start := 1
	if r > n {
		start = r - n + 1
	}
	if end := start + n - 1; end < rounds {
		b.ev.Players[o].DroppedAfter = end
	}
	i := index(results, res)
	if i < 0 {
		b.t.Fatalf("%s's record %s has no %s", name, rec, res)
	}
	results = append(results[:i:i], results[i+1:]...)
	b.add(r, o, p, res)
	for round := start; round < start+n; round++ {
		if round != r {
			b.vsFiller(round, o, results[0])
			results = results[1:]
		}
	}
	return o
}

func index(rs []tbsheet.Result, r tbsheet.Result) int {
	for i, x := range rs {
		if x == r {
			return i
		}
	}
	return -1
}

// solo gives p solo results (tbsheet.Bye or tbsheet.LossNoOpponent) in the rounds listed.
func (b *builder) solo(p int, res tbsheet.Result, rounds ...int) {
	for _, r := range rounds {
		b.add(r, p, tbsheet.NoPlayer, res)
	}
}

func (b *builder) event() *tbsheet.Event {
	if errs := b.ev.Validate(); len(errs) > 0 {
		b.t.Fatalf("invalid example: %v", errs)
	}
	return b.ev
}

// results parses "W W L D" into results.
func results(s string) []tbsheet.Result {
	var out []tbsheet.Result
	for _, f := range strings.Fields(s) {
		out = append(out, map[string]tbsheet.Result{"W": tbsheet.Win, "L": tbsheet.Loss, "D": tbsheet.Draw}[f])
	}
	return out
}
