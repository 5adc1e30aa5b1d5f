package calc_test

import (
	"fmt"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// Rank fixture F1 of docs/tiebreakers.md#how-a-standings-is-ranked the MTG way and print the OMW% arithmetic.
func ExampleCompute() {
	ev := &tbsheet.Event{Players: []tbsheet.Player{
		{Name: "Alice"}, {Name: "Bob", DroppedAfter: 2}, {Name: "Carol"}, {Name: "Dave"}, {Name: "Erin"},
	}}
	g := func(a, b int) tbsheet.Games { return tbsheet.Games{Known: true, P1: a, P2: b} }
	const alice, bob, carol, dave, erin = 0, 1, 2, 3, 4
	bye := func(p int) tbsheet.Match { return tbsheet.Match{P1: p, P2: tbsheet.NoPlayer, Result: tbsheet.Bye} }
	ev.Rounds = []tbsheet.Round{
		{Number: 1, Matches: []tbsheet.Match{{P1: alice, P2: bob, Result: tbsheet.Win, Games: g(2, 0)},
			{P1: carol, P2: dave, Result: tbsheet.Win, Games: g(2, 1)}, bye(erin)}},
		{Number: 2, Matches: []tbsheet.Match{{P1: carol, P2: alice, Result: tbsheet.Win, Games: g(2, 1)},
			{P1: erin, P2: bob, Result: tbsheet.Win, Games: g(2, 0)}, bye(dave)}},
		{Number: 3, Matches: []tbsheet.Match{{P1: carol, P2: erin, Result: tbsheet.Draw, Games: g(1, 1)},
			{P1: alice, P2: dave, Result: tbsheet.Win, Games: g(2, 0)}}},
	}
	st, err := calc.Compute(ev, calc.Options{System: "mtg"})
	if err != nil {
		panic(err)
	}
	omw := st.Columns[0]
	for _, r := range st.Rows {
		fmt.Printf("%d %-5s %s pts  %s: %s\n", r.Rank, ev.Players[r.Player].Name, r.Points, omw.Short, omw.Text(r.Figures[0]))
	}
	// Output:
	// 1 Carol 7 pts  OMW%: (3/9 + 6/9 + 7/9) / 3 = 59.26%
	// 2 Erin  7 pts  OMW%: (0.33↑0/6 + 7/9) / 2 = 55.39%
	// 3 Alice 6 pts  OMW%: (0.33↑0/6 + 7/9 + 3/9) / 3 = 48.04%
	// 4 Dave  3 pts  OMW%: (7/9 + 6/9) / 2 = 72.22%
	// 5 Bob   0 pts  OMW%: (6/9 + 7/9) / 2 = 72.22%
}
