package writer

import (
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

// The writer's tests write real standings: what calc.Compute makes of events that
// internal/swissgen generates (English, Chinese and Japanese names, byes, draws, intentional
// draws, forfeits, drops, late entries), never standings built by hand.

// smallEvent is the event of testStandings: eight players over three rounds, one of whom
// drops after round 2, with draws, intentional draws and a forfeit.
func smallEvent() *tbsheet.Event {
	ev := swissgen.Generate(swissgen.Config{Players: 8, Rounds: 3, Seed: 4, DrawRate: 0.1, IDRate: 0.3,
		ForfeitRate: 0.05, DropRate: 0.15})
	ev.Name, ev.Source, ev.Format = "Friday Night Magic 森の店", "fnm.xlsx", "xlsx"
	return ev
}

// testStandings returns the standings most writer tests use: smallEvent ranked by Magic's
// rules (its three tiebreaks), with every explanation.
func testStandings() *calc.Standings {
	st := writertest.Compute(smallEvent(), calc.Options{System: "mtg"})
	if !slices.ContainsFunc(st.Rows, func(r calc.Row) bool { return r.DroppedAfter > 0 }) {
		panic("testStandings: no player dropped; the tests of drop marks need one")
	}
	return st
}

// presetStandings returns the standings of one generated event under every preset, with
// every tiebreak computed and shown (Show: all), in the order of calc.Systems: what the
// format tests and the LibreOffice oracle check, so that every tiebreak's value, display
// and formula is written. With gamesUnknown the results carry no game counts (W/L/D), so
// that the game-based tiebreaks are n/a.
func presetStandings(players, rounds int, seed int64, gamesUnknown bool) []*calc.Standings {
	cfg := swissgen.Realistic(players, rounds, seed)
	cfg.DoubleLossRate, cfg.GamesUnknown = 0.01, gamesUnknown
	ev := swissgen.Generate(cfg)
	var out []*calc.Standings
	for _, s := range calc.Systems() {
		out = append(out, writertest.Compute(ev, calc.Options{System: s.Name, Show: []string{"all"}}))
	}
	return out
}

// bigEvent returns an n-player event of eight rounds: with drops and late entries, none
// disqualified (every player who played is ranked), and names of every length (see
// syntheticName).
func bigEvent(n int) *tbsheet.Event {
	ev := swissgen.Generate(swissgen.Config{Players: n, Rounds: 8, Seed: 2026, DrawRate: 0.03, IDRate: 0.1,
		ForfeitRate: 0.005, DropRate: 0.02, LateRate: 0.01})
	ev.Name, ev.Source, ev.Format = "Regional Championship 2026 — 東京", "regional.Tournament", "kts"
	for i := range ev.Players {
		ev.Players[i].Name = syntheticName(i)
	}
	return ev
}

// bigStandings returns the Magic standings of bigEvent(n) while round 8 is being played, the
// list a wall shows mid-event: three tables of round 8 have not reported, so calc leaves the
// round out (and says so in a note) and ranks after round 7 of 8.
func bigStandings(n int) *calc.Standings {
	ev := bigEvent(n)
	last := ev.Rounds[len(ev.Rounds)-1].Matches
	for k, i := 0, 0; k < 3 && i < len(last); i++ {
		if m := &last[i]; m.P2 != tbsheet.NoPlayer {
			m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
			k++
		}
	}
	return writertest.Compute(ev, calc.Options{System: "mtg"})
}
