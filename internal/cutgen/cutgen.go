// Package cutgen plays the top cut of a generated event, for tests: each playoff round
// paired as tbsheet pair pairs it (package topcut), with made-up results.
package cutgen

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/topcut"
)

// Play adds the top cut of ev, whose Swiss rounds are played, ranked with opt: the first
// round of a top cut, then played playoff rounds with their results, then one more paired
// with results at its first results tables (the rounds played and the final's result are
// capped by the cut). The higher seed wins every game 2-1 but at table 2, where the lower
// seed does.
func Play(ev *tbsheet.Event, opt calc.Options, cut, played, results int) error {
	for k := 0; k <= played; k++ {
		st, err := calc.Compute(ev, opt)
		if err != nil {
			return err
		}
		size := 0
		if k == 0 {
			size = cut
		}
		r, err := topcut.Pair(st, size)
		if err != nil {
			return err
		}
		for i := range r.Matches {
			m := &r.Matches[i]
			if m.P2 == tbsheet.NoPlayer || k == played && m.Table > results {
				continue
			}
			m.Result, m.Games = tbsheet.Win, tbsheet.Games{Known: true, P1: 2, P2: 1}
			if m.Table == 2 {
				m.Result, m.Games = tbsheet.Loss, m.Games.Mirror()
			}
		}
		ev.Rounds = append(ev.Rounds, r)
		if len(r.Matches) == 1 {
			return nil // the final
		}
	}
	return nil
}
