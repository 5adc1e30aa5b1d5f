package writer

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// testStandings returns hand-built MTG standings for writer tests: Latin and CJK names, a
// drop, a floored opponent, an n/a value and a shared rank. It stands in for calc.Compute
// until the calc core lands; then tests should compute real events instead.
func testStandings() *calc.Standings {
	ev := &tbsheet.Event{
		Name: "Friday Night Magic 森の店", Source: "fnm.xlsx", Format: "xlsx", PlannedRounds: 3,
		Players: []tbsheet.Player{
			{ID: "1", Name: "Carol Smith"}, {ID: "2", Name: "山田 太郎"}, {ID: "3", Name: "王小明"},
			{ID: "4", Name: "Łukasz Żółć"}, {ID: "5", Name: "鈴木さくら", DroppedAfter: 2},
		},
	}
	win := tbsheet.Games{Known: true, P1: 2, P2: 0}
	ev.Rounds = []tbsheet.Round{
		{Number: 1, Matches: []tbsheet.Match{{Table: 1, P1: 0, P2: 4, Result: tbsheet.Win, Games: win},
			{Table: 2, P1: 1, P2: 2, Result: tbsheet.Win, Games: tbsheet.Games{Known: true, P1: 2, P2: 1}},
			{P1: 3, P2: tbsheet.NoPlayer, Result: tbsheet.Bye}}},
		{Number: 2, Matches: []tbsheet.Match{{Table: 1, P1: 0, P2: 1, Result: tbsheet.Win, Games: win},
			{Table: 2, P1: 3, P2: 4, Result: tbsheet.Win, Games: win},
			{P1: 2, P2: tbsheet.NoPlayer, Result: tbsheet.Bye}}},
		{Number: 3, Matches: []tbsheet.Match{{Table: 1, P1: 0, P2: 3, Result: tbsheet.Draw, Games: tbsheet.Games{Known: true, P1: 1, P2: 1}},
			{Table: 2, P1: 1, P2: 2, Result: tbsheet.Win, Games: win}}},
	}
	pct := func(id, short string) *calc.Def {
		return &calc.Def{ID: id, Name: short, Short: short, Doc: short + " (test definition)", Format: calc.FormatPercent}
	}
	omw, gwp := pct("mtg-omw", "OMW%"), pct("mtg-gwp", "GW%")
	floor := calc.Num(exact.MustParse("0.33"))
	fig := func(x *calc.Expr) calc.Figure {
		return calc.Figure{Value: calc.Known(x.Eval()), Explain: calc.Explanation{Expr: x}}
	}
	row := func(rank, p int, pts int64, w, l, d, byes int, figs ...calc.Figure) calc.Row {
		return calc.Row{Rank: rank, Player: p, Points: exact.Int(pts), Wins: w, Losses: l, Draws: d,
			Byes: byes, DroppedAfter: ev.Players[p].DroppedAfter, Figures: figs}
	}
	return &calc.Standings{
		Event:   ev,
		System:  &calc.System{Name: "mtg", Title: "Magic: The Gathering"},
		Points:  tbsheet.Points{Win: exact.Int(3), Draw: exact.Int(1), Bye: exact.Int(3)},
		RankBy:  &calc.Def{ID: "points", Name: "Match points", Short: "Pts", Format: calc.FormatDecimal},
		Order:   []*calc.Def{omw, gwp},
		Columns: []*calc.Def{omw, gwp},
		Rounds:  []int{1, 2, 3},
		Rows: []calc.Row{
			row(1, 0, 7, 2, 0, 1, 0,
				fig(calc.Div(calc.Sum(calc.Max(floor, calc.Ratio(0, 6)), calc.Max(floor, calc.Ratio(6, 9)), calc.Max(floor, calc.Ratio(7, 9))), calc.Int(3))),
				fig(calc.Max(floor, calc.Ratio(15, 18)))),
			row(2, 3, 7, 2, 0, 1, 1,
				fig(calc.Div(calc.Sum(calc.Max(floor, calc.Ratio(0, 6)), calc.Max(floor, calc.Ratio(7, 9))), calc.Int(2))),
				fig(calc.Max(floor, calc.Ratio(15, 15)))),
			row(3, 1, 6, 2, 1, 0, 0,
				fig(calc.Div(calc.Sum(calc.Max(floor, calc.Ratio(3, 9)), calc.Max(floor, calc.Ratio(7, 9)), calc.Max(floor, calc.Ratio(3, 9))), calc.Int(3))),
				fig(calc.Max(floor, calc.Ratio(12, 21)))),
			row(4, 2, 3, 1, 2, 0, 1,
				fig(calc.Div(calc.Sum(calc.Max(floor, calc.Ratio(6, 9)), calc.Max(floor, calc.Ratio(6, 9))), calc.Int(2))),
				fig(calc.Max(floor, calc.Ratio(9, 21)))),
			row(5, 4, 0, 0, 2, 0, 0,
				fig(calc.Div(calc.Sum(calc.Max(floor, calc.Ratio(7, 9)), calc.Max(floor, calc.Ratio(7, 9))), calc.Int(2))),
				calc.Figure{Explain: calc.Explanation{Note: "n/a for this test row"}}),
		},
		Notes: []string{"test standings, hand-built"},
	}
}
