package writertest

import (
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// The writer's tests write real standings: what calc.Compute makes of events that
// internal/swissgen generates (English, Chinese and Japanese names, byes, draws, intentional
// draws, forfeits, drops, late entries), never standings built by hand.

// SmallEvent is the event of Standings: eight players over three rounds, one of whom
// drops after round 2, with draws, intentional draws and a forfeit.
func SmallEvent() *tbsheet.Event {
	ev := swissgen.Generate(swissgen.Config{Players: 8, Rounds: 3, Seed: 4, DrawRate: 0.1, IDRate: 0.3,
		ForfeitRate: 0.05, DropRate: 0.15})
	ev.Name, ev.Source, ev.Format = "Friday Night Magic 森の店", "fnm.xlsx", "xlsx"
	return ev
}

// Standings returns the standings most writer tests use: SmallEvent ranked by Magic's
// rules (its three tiebreaks), with every explanation.
func Standings() *calc.Standings {
	st := Compute(SmallEvent(), calc.Options{System: "mtg"})
	if !slices.ContainsFunc(st.Rows, func(r calc.Row) bool { return r.DroppedAfter > 0 }) {
		panic("Standings: no player dropped; the tests of drop marks need one")
	}
	return st
}

// PresetStandings returns the standings of one generated event under every preset, with
// every tiebreak computed and shown (Show: all), in the order of calc.Systems: what the
// format tests and the LibreOffice oracle check, so that every tiebreak's value, display
// and formula is written. With gamesUnknown the results carry no game counts (W/L/D), so
// that the game-based tiebreaks are n/a.
func PresetStandings(players, rounds int, seed int64, gamesUnknown bool) []*calc.Standings {
	cfg := swissgen.Realistic(players, rounds, seed)
	cfg.DoubleLossRate, cfg.GamesUnknown = 0.01, gamesUnknown
	ev := swissgen.Generate(cfg)
	var out []*calc.Standings
	for _, s := range calc.Systems() {
		out = append(out, Compute(ev, calc.Options{System: s.Name, Show: []string{"all"}}))
	}
	return out
}

// BigEvent returns an n-player event of eight rounds: with drops and late entries, none
// disqualified (every player who played is ranked), and names of every length (see
// SyntheticName).
func BigEvent(n int) *tbsheet.Event {
	ev := swissgen.Generate(swissgen.Config{Players: n, Rounds: 8, Seed: 2026, DrawRate: 0.03, IDRate: 0.1,
		ForfeitRate: 0.005, DropRate: 0.02, LateRate: 0.01})
	ev.Name, ev.Source, ev.Format = "Regional Championship 2026 — 東京", "regional.Tournament", "kts"
	for i := range ev.Players {
		ev.Players[i].Name = SyntheticName(i)
	}
	return ev
}

// BigStandings returns the Magic standings of BigEvent(n) while round 8 is being played, the
// list a wall shows mid-event: three tables of round 8 have not reported, so calc leaves the
// round out (and says so in a note) and ranks after round 7 of 8.
func BigStandings(n int) *calc.Standings {
	ev := BigEvent(n)
	last := ev.Rounds[len(ev.Rounds)-1].Matches
	for k, i := 0, 0; k < 3 && i < len(last); i++ {
		if m := &last[i]; m.P2 != tbsheet.NoPlayer {
			m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
			k++
		}
	}
	return Compute(ev, calc.Options{System: "mtg"})
}

// Synthetic names for large standings: Latin (with Polish, Turkish, Spanish, French
// letters), Chinese and Japanese, combined so that few repeat.
var (
	latinFirst = []string{"Carol", "Łukasz", "Sophie", "Mateo", "Aiyana", "Noah", "Zoë", "Émile",
		"Gökhan", "Ingrid", "Rafael", "Priya", "Oliver", "Ximena", "Bartosz", "Chloé", "Kwame"}
	latinLast = []string{"Smith", "Żółć", "Dubois", "García", "Nakamura", "Yılmaz", "Novák",
		"O'Brien", "Schäfer", "Fernández", "Kowalczyk", "Lindqvist", "Okafor", "Brontë"}
	zhFamily = []string{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"}
	zhGiven  = []string{"伟", "芳", "娜", "秀英", "敏", "静", "磊", "洋", "艳", "小明", "子涵", "浩然"}
	jaFamily = []string{"山田", "鈴木", "佐藤", "高橋", "田中", "渡辺", "伊藤", "中村", "小林"}
	jaGiven  = []string{"太郎", "さくら", "翔太", "美咲", "陽菜", "蓮", "結衣", "大輝", "ひなた"}
)

// SyntheticName returns player i's name: three in five Latin, then one Chinese and one
// Japanese, unique up to about 190 players; every 23rd Latin name is long (it is set smaller
// on paper) and every 41st very long (it is cut).
func SyntheticName(i int) string {
	k := i / 5
	switch i % 5 {
	case 1:
		return zhFamily[k%len(zhFamily)] + zhGiven[(k+k/len(zhFamily))%len(zhGiven)]
	case 3:
		return jaFamily[k%len(jaFamily)] + " " + jaGiven[(k+k/len(jaFamily))%len(jaGiven)]
	}
	k = 3*k + (i%5)/2
	first, last := latinFirst[k%len(latinFirst)], latinLast[(k+k/len(latinFirst))%len(latinLast)]
	switch {
	case k%41 == 40:
		return first + " " + last + " Wolfeschlegelsteinhausenbergerdorff Montgomery-Featherstonehaugh"
	case k%23 == 22:
		return first + " María de los Ángeles " + last + " Castillo"
	}
	return first + " " + last
}

// PDFText returns the pages of a PDF as pdftotext -layout reads them.
func PDFText(t *testing.T, path string) []string {
	pages := strings.Split(Poppler(t, "pdftotext", "-layout", path, "-"), "\f")
	return pages[:len(pages)-1] // the text ends with a form feed
}

// NamedStandings returns the standings of a generated event whose players have the given
// names.
func NamedStandings(names ...string) *calc.Standings {
	ev := swissgen.Generate(swissgen.Config{Players: len(names), Rounds: 3, Seed: 1})
	for i, n := range names {
		ev.Players[i].Name = n
	}
	return Compute(ev, calc.Options{System: "mtg"})
}

// NotPlayed returns the standings of an event whose players are registered but whose first
// round is not paired yet: no one is ranked.
func NotPlayed() *calc.Standings {
	ev := SmallEvent()
	ev.Rounds = nil
	return Compute(ev, calc.Options{System: "mtg"})
}

// FinalStandings returns the final standings of BigEvent(16) after a top 4: Swiss #1 beats
// #4 and #3 beats #2 in the semi-finals, #3 wins the final.
func FinalStandings() *calc.Standings {
	ev := BigEvent(16)
	st := Compute(ev, calc.Options{System: "mtg"})
	p := func(rank int) int { return st.Rows[rank-1].Player }
	ev.Rounds = append(ev.Rounds,
		tbsheet.Round{Number: 9, Playoff: true, Matches: []tbsheet.Match{
			{Table: 1, P1: p(1), P2: p(4), Result: tbsheet.Win}, {Table: 2, P1: p(2), P2: p(3), Result: tbsheet.Loss}}},
		tbsheet.Round{Number: 10, Playoff: true, Matches: []tbsheet.Match{{Table: 1, P1: p(1), P2: p(3), Result: tbsheet.Loss}}})
	return calc.Final(Compute(ev, calc.Options{System: "mtg"}))
}

// CutStandings returns the standings of BigEvent(16) while its top 8 is played: the
// quarterfinals paired in bracket order (1–8, 4–5, 2–7, 3–6), #1 and #5 through, the
// other two tables waiting for their results.
func CutStandings() *calc.Standings {
	ev := BigEvent(16)
	st := Compute(ev, calc.Options{System: "mtg"})
	p := func(rank int) int { return st.Rows[rank-1].Player }
	ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 9, Playoff: true, Matches: []tbsheet.Match{
		{Table: 1, P1: p(1), P2: p(8), Result: tbsheet.Win}, {Table: 2, P1: p(4), P2: p(5), Result: tbsheet.Loss},
		{Table: 3, P1: p(2), P2: p(7)}, {Table: 4, P1: p(3), P2: p(6)}}})
	return calc.Final(Compute(ev, calc.Options{System: "mtg"}))
}
