package serve

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/topcut"
)

// The names the pages must show as text: markup, a bidirectional override, accents, CJK
// (one in full-width Latin letters), a name with an ampersand and quotes.
const (
	scriptName = "<script>alert(1)</script>"
	bidiName   = "Eve \u202Egnirts\u202C Mallory"
)

// testEvent is a Swiss event of 8 players after round 1, with round 2 paired and waiting
// for its results: every page has something to show.
func testEvent() *tbsheet.Event {
	names := []string{scriptName, "Łukasz Żółć", "山田 太郎", "Ｊｏｓé Ｌｏｐｅｚ", bidiName, `Tom "T&T" O'Neil`, "Ana Lima", "鈴木さくら"}
	ev := &tbsheet.Event{Name: "Spring <b>Open</b>", Source: "spring.xlsx", Format: "handkept", System: "mtg", PlannedRounds: 3}
	for i, n := range names {
		ev.Players = append(ev.Players, tbsheet.Player{ID: string(rune('A' + i)), Name: n})
	}
	win := tbsheet.Games{Known: true, P1: 2, P2: 0}
	ev.Rounds = []tbsheet.Round{
		{Number: 1, Matches: []tbsheet.Match{
			{Table: 1, P1: 0, P2: 1, Result: tbsheet.Win, Games: win},
			{Table: 2, P1: 2, P2: 3, Result: tbsheet.Win, Games: win},
			{Table: 3, P1: 4, P2: 5, Result: tbsheet.Win, Games: win},
			{Table: 4, P1: 6, P2: 7, Result: tbsheet.Win, Games: win},
		}},
		{Number: 2, Matches: []tbsheet.Match{
			{Table: 1, P1: 0, P2: 2, Result: tbsheet.Unreported},
			{Table: 2, P1: 4, P2: 6, Result: tbsheet.Unreported},
			{Table: 3, P1: 1, P2: 3, Result: tbsheet.Unreported},
			{Table: 4, P1: 5, P2: 7, Result: tbsheet.Unreported},
		}},
	}
	return ev
}

// snapshotOf computes what tbsheet serve publishes for ev: its standings, its top cut, the
// round being played, and with cut > 0 its scenarios.
func snapshotOf(t testing.TB, ev *tbsheet.Event, cut int) *Snapshot {
	t.Helper()
	st, err := calc.Compute(ev, calc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st = calc.Final(st) // as the command line does: final standings, or the cut in progress
	d := Division{Standings: st, Bracket: topcut.Read(st)}
	p, err := pairings.Compute(ev, pairings.Options{})
	switch {
	case errors.Is(err, pairings.ErrNoRound):
	case err != nil:
		t.Fatal(err)
	default:
		d.Pairings = p
	}
	if cut > 0 && d.Pairings != nil && d.Bracket == nil {
		if d.Scenarios, err = scenario.Analyze(context.Background(), ev, scenario.Options{Cut: cut}); err != nil {
			t.Fatal(err)
		}
	}
	return &Snapshot{Divisions: []Division{d}, At: time.Date(2026, 5, 16, 14, 30, 0, 0, time.UTC)}
}

// cutEvent is testEvent with round 2 played (Player 1 wins every table) and a top 4 after
// it, its semifinals waiting for their results: the markup name against Łukasz Żółć at table
// 1.
func cutEvent() *tbsheet.Event {
	ev := testEvent()
	for i := range ev.Rounds[1].Matches {
		ev.Rounds[1].Matches[i].Result = tbsheet.Win
	}
	ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 3, Playoff: true, Matches: []tbsheet.Match{
		{Table: 1, P1: 0, P2: 1}, {Table: 2, P1: 2, P2: 4}}})
	return ev
}
