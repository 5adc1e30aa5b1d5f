package writer

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// This file builds large, realistic standings for the writer's tests, its LibreOffice oracle
// and its benchmark while the calc core is not merged: a deterministic Swiss event and
// figures computed the way the systems define them, each with its explanation tree. Once
// calc.Compute and internal/swissgen land, these tests should use them instead.

var (
	familyNames = []string{"Smith", "García", "Müller", "Kowalski", "Nguyen", "Silva", "O'Brien", "Rossi",
		"Dubois", "Johansson", "山田", "鈴木", "佐藤", "高橋", "王", "李", "张", "刘", "陈", "Kim"}
	givenNames = []string{"Alice", "Bruno", "Chloé", "Dmitri", "Eva", "Farid", "Grace", "Hiro", "Ines", "Jonas",
		"太郎", "さくら", "翔太", "美咲", "小明", "伟", "芳", "秀英", "Min-jun", "Łukasz"}
)

// synthEvent builds a Swiss event: players paired in order of their points (top half of a
// score group against the bottom half would be truer; adjacent pairs are enough here), a bye
// for the odd player out, best-of-three results with some draws, intentional draws and
// forfeits, and a few drops.
func synthEvent(players, rounds int, seed uint64) *tbsheet.Event {
	rng := rand.New(rand.NewPCG(seed, 1))
	ev := &tbsheet.Event{Name: "Synthetic Open " + strconv.Itoa(players), Source: "synthetic.xlsx",
		Format: "xlsx", PlannedRounds: rounds}
	seen := map[string]int{}
	for i := range players {
		name := familyNames[rng.IntN(len(familyNames))] + " " + givenNames[rng.IntN(len(givenNames))]
		if seen[name]++; seen[name] > 1 {
			name += " " + strconv.Itoa(seen[name])
		}
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(1000000000 + i*7919), Name: name})
	}
	points := make([]int, players)
	for rn := 1; rn <= rounds; rn++ {
		var active []int
		for p := range ev.Players {
			if d := ev.Players[p].DroppedAfter; d == 0 || d >= rn {
				active = append(active, p)
			}
		}
		slices.SortStableFunc(active, func(a, b int) int { return cmp.Compare(points[b], points[a]) })
		round := tbsheet.Round{Number: rn}
		if len(active)%2 == 1 {
			bye := active[len(active)-1]
			active = active[:len(active)-1]
			round.Matches = append(round.Matches, tbsheet.Match{P1: bye, P2: tbsheet.NoPlayer,
				Result: tbsheet.Bye, Games: tbsheet.Games{Known: true, P1: 2}})
			points[bye] += 3
		}
		for i := 0; i+1 < len(active); i += 2 {
			p1, p2 := active[i], active[i+1]
			m := tbsheet.Match{Table: i/2 + 1, P1: p1, P2: p2}
			switch x := rng.IntN(100); {
			case x < 3:
				m.Result, m.Games = tbsheet.IntentionalDraw, tbsheet.Games{Known: true, Drawn: 3}
			case x < 5:
				m.Result = tbsheet.ForfeitWin
			case x < 10:
				m.Result, m.Games = tbsheet.Draw, tbsheet.Games{Known: true, P1: 1, P2: 1, Drawn: rng.IntN(2)}
			default:
				w, l := 2, rng.IntN(2)
				if x%2 == 0 {
					m.Result, m.Games = tbsheet.Win, tbsheet.Games{Known: true, P1: w, P2: l}
				} else {
					m.Result, m.Games = tbsheet.Loss, tbsheet.Games{Known: true, P1: l, P2: w}
				}
			}
			switch m.Result {
			case tbsheet.Win, tbsheet.ForfeitWin:
				points[p1] += 3
			case tbsheet.Loss:
				points[p2] += 3
			default:
				points[p1]++
				points[p2]++
			}
			round.Matches = append(round.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, round)
		if rn == 2 { // a few players drop after round 2, as they do
			for p := range ev.Players {
				if rng.IntN(20) == 0 {
					ev.Players[p].DroppedAfter = 2
				}
			}
		}
	}
	return ev
}

// synthTally is one player's record as the synthetic figures need it.
type synthTally struct {
	points, rounds, wins, losses, draws, byes int
	gamesWon, gamesPlayed                     int
	opps                                      []int
	chess                                     exact.Num // 1 per win, ½ per draw, for Buchholz
}

// synthStandings computes standings for ev under a system with one tiebreak of every
// display format: MTG's OMW% and GW% (percent, 0.33 floor), KTS's number (eight digits,
// truncated per-mille figures), Cryptozoic's T1 (signed, −3 floor), a Buchholz (decimal
// halves) and the opponents' points (integer).
func synthStandings(ev *tbsheet.Event) *calc.Standings {
	n := len(ev.Players)
	tl := make([]synthTally, n)
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			a := &tl[m.P1]
			a.rounds++
			if m.P2 == tbsheet.NoPlayer {
				a.points += 3
				a.wins++
				a.byes++
				a.chess = a.chess.Add(exact.Int(1))
				continue
			}
			b := &tl[m.P2]
			b.rounds++
			a.opps, b.opps = append(a.opps, m.P2), append(b.opps, m.P1)
			a.gamesWon += m.Games.P1
			b.gamesWon += m.Games.P2
			g := m.Games.P1 + m.Games.P2 + m.Games.Drawn
			a.gamesPlayed += g
			b.gamesPlayed += g
			switch m.Result {
			case tbsheet.Win, tbsheet.ForfeitWin:
				a.points += 3
				a.wins++
				b.losses++
				a.chess = a.chess.Add(exact.Int(1))
			case tbsheet.Loss:
				b.points += 3
				b.wins++
				a.losses++
				b.chess = b.chess.Add(exact.Int(1))
			default:
				a.points++
				b.points++
				a.draws++
				b.draws++
				a.chess = a.chess.Add(exact.Frac(1, 2))
				b.chess = b.chess.Add(exact.Frac(1, 2))
			}
		}
	}
	floor := calc.Num(exact.MustParse("0.33"))
	mwp := func(o int) *calc.Expr { return calc.Max(floor, calc.Ratio(int64(tl[o].points), int64(3*tl[o].rounds))) }
	gwp := func(o int) *calc.Expr {
		if tl[o].gamesPlayed == 0 {
			return floor
		}
		return calc.Max(floor, calc.Ratio(int64(tl[o].gamesWon), int64(tl[o].gamesPlayed)))
	}
	average := func(p int, f func(int) *calc.Expr) *calc.Expr {
		if len(tl[p].opps) == 0 {
			return nil
		}
		var terms []*calc.Expr
		for _, o := range tl[p].opps {
			terms = append(terms, f(o))
		}
		return calc.Div(calc.Sum(terms...), calc.Int(int64(len(terms))))
	}
	perMille := func(x *calc.Expr) *calc.Expr {
		return calc.Min(calc.Int(999), calc.Floor(calc.Mul(x, calc.Int(1000))))
	}
	defs := []*calc.Def{
		{ID: "mtg-omw", Name: "Opponents' match-win percentage", Short: "OMW%", Doc: "average of opponents' match-win %, each at least 33%", Format: calc.FormatPercent},
		{ID: "mtg-gwp", Name: "Game-win percentage", Short: "GW%", Doc: "games won / games played, at least 33%", Format: calc.FormatPercent},
		{ID: "kts-number", Name: "KTS tiebreaker number", Short: "TB", Doc: "points, OMW‰ and OOMW‰ in eight digits", Format: calc.FormatKTS},
		{ID: "cz-t1", Name: "Cryptozoic T1", Short: "T1", Doc: "sum of opponents' wins minus losses, each at least −3", Format: calc.FormatSigned},
		{ID: "bh", Name: "Buchholz", Short: "BH", Doc: "sum of opponents' scores", Format: calc.FormatDecimal},
		{ID: "opp-points", Name: "Opponents' points", Short: "OppPts", Doc: "sum of opponents' match points", Format: calc.FormatInt},
	}
	figures := func(p int) []calc.Figure {
		fig := func(x *calc.Expr) calc.Figure {
			if x == nil {
				return calc.Figure{Explain: calc.Explanation{Note: "no opponents"}}
			}
			return calc.Figure{Value: calc.Known(x.Eval()), Explain: calc.Explanation{Expr: x}}
		}
		omw := average(p, mwp)
		var kts, t1, bh, opp *calc.Expr
		if omw != nil {
			oomw := average(p, func(o int) *calc.Expr {
				if x := average(o, mwp); x != nil {
					return x
				}
				return floor
			})
			kts = calc.Sum(calc.Mul(calc.Int(int64(tl[p].points)), calc.Int(1000000)),
				calc.Mul(perMille(omw), calc.Int(1000)), perMille(oomw))
			var t1s, bhs, opps []*calc.Expr
			for _, o := range tl[p].opps {
				t1s = append(t1s, calc.Max(calc.Int(-3), calc.Int(int64(tl[o].wins-tl[o].losses))))
				bhs = append(bhs, calc.Num(tl[o].chess))
				opps = append(opps, calc.Int(int64(tl[o].points)))
			}
			t1, bh, opp = calc.Sum(t1s...), calc.Sum(bhs...), calc.Sum(opps...)
		}
		return []calc.Figure{fig(omw), fig(gwp(p)), fig(kts), fig(t1), fig(bh), fig(opp)}
	}
	var rows []calc.Row
	for p := range ev.Players {
		if tl[p].rounds == 0 {
			continue
		}
		rows = append(rows, calc.Row{Player: p, Points: exact.Int(int64(tl[p].points)), Wins: tl[p].wins,
			Losses: tl[p].losses, Draws: tl[p].draws, Byes: tl[p].byes, DroppedAfter: ev.Players[p].DroppedAfter,
			Figures: figures(p)})
	}
	order := defs[:2]
	key := func(r calc.Row) []calc.Value {
		return []calc.Value{calc.Known(r.Points), r.Figures[0].Value, r.Figures[1].Value}
	}
	compare := func(a, b calc.Row) int {
		ka, kb := key(a), key(b)
		for i := range ka {
			if c := kb[i].Cmp(ka[i]); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortStableFunc(rows, compare)
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && compare(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	var numbers []int
	for _, r := range ev.Rounds {
		numbers = append(numbers, r.Number)
	}
	return &calc.Standings{
		Event:   ev,
		System:  &calc.System{Name: "mtg", Title: "Magic: The Gathering"},
		Points:  tbsheet.Points{Win: exact.Int(3), Draw: exact.Int(1), Bye: exact.Int(3)},
		RankBy:  &calc.Def{ID: "points", Name: "Match points", Short: "Pts", Format: calc.FormatDecimal},
		Order:   order,
		Columns: defs,
		Rounds:  numbers,
		Rows:    rows,
	}
}
