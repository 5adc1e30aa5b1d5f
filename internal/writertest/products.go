package writertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
)

// Scenarios analyses the last round of Standings' event (Latin and CJK names, a bye
// in round 2, a drop) as it stood before it was played, for a top 2.
func Scenarios(t *testing.T) *scenario.Report {
	t.Helper()
	rep, err := scenario.Analyze(context.Background(), Standings().Event,
		scenario.Options{Calc: calc.Options{System: "mtg"}, Cut: 2, Round: 3})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// NoEscapes fails t for each control or bidirectional character of out but its line ends:
// what a terminal would act on rather than show.
func NoEscapes(t *testing.T, what, out string) {
	t.Helper()
	for _, r := range out {
		if r != '\n' && (tbsheet.IsControl(r) || tbsheet.IsBidiControl(r)) {
			t.Errorf("%s holds %U:\n%s", what, r, out)
		}
	}
}

// PairingsEvent is round 2 of a small event, being played: a result already entered at
// table 2, a bye, a late entry (Grace, whose round 1 is a loss without an opponent), a late
// entry who misses this round too (Ivy), a player left unpaired (Hiro), Latin and CJK names.
func PairingsEvent() *tbsheet.Event {
	names := []string{"Alice Chen", "Bob Okafor", "王芳", "鈴木 さくら", "Émile Dubois", "Dan Kowalski",
		"Grace Murphy", "Hiro Tanaka", "Ivy Lee"}
	ev := &tbsheet.Event{Name: "Friday Night Magic 森の店", Source: "fnm.xlsx", Format: "xlsx", PlannedRounds: 3}
	for i, n := range names {
		ev.Players = append(ev.Players, tbsheet.Player{Name: n, ID: fmt.Sprintf("%03d", i+1)})
	}
	m := func(t, p1, p2 int, r tbsheet.Result, g ...int) tbsheet.Match {
		mt := tbsheet.Match{Table: t, P1: p1, P2: p2, Result: r}
		if len(g) == 3 {
			mt.Games = tbsheet.Games{Known: true, P1: g[0], P2: g[1], Drawn: g[2]}
		}
		return mt
	}
	const no = tbsheet.NoPlayer
	ev.Rounds = []tbsheet.Round{
		{Number: 1, Matches: []tbsheet.Match{m(1, 0, 1, tbsheet.Win, 2, 0, 0), m(2, 2, 3, tbsheet.Draw, 1, 1, 1),
			m(3, 4, 5, tbsheet.Win, 2, 1, 0), m(0, 7, no, tbsheet.Bye), m(0, 6, no, tbsheet.LossNoOpponent),
			m(0, 8, no, tbsheet.LossNoOpponent)}},
		{Number: 2, Matches: []tbsheet.Match{m(1, 0, 4, tbsheet.Unreported), m(2, 2, 1, tbsheet.Win, 2, 1, 0),
			m(3, 6, 5, tbsheet.Unreported), m(0, 3, no, tbsheet.Bye), m(0, 8, no, tbsheet.LossNoOpponent)}},
	}
	return ev
}

// Pairings are the pairings of PairingsEvent's round 2, ranked by Magic's rules.
func Pairings(t testing.TB) *pairings.Pairings {
	t.Helper()
	p, err := pairings.Compute(PairingsEvent(), pairings.Options{Calc: calc.Options{System: "mtg"}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}
