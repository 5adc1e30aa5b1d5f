// Package bracketspec reads playoff rounds written compactly, for tests: "1>8 4<5 2=7 3?6 9+"
// is player 1 beating player 8, 4 losing to 5, 2 drawing with 7, 3 and 6 waiting for their
// result, and a bye for 9; "1x8" is a double loss. Players are numbered from 1 (Event.Players
// index + 1); the matches between two players are at tables 1, 2, … in order.
package bracketspec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
)

// results are the result each mark gives Player 1.
var results = map[byte]tbsheet.Result{'>': tbsheet.Win, '<': tbsheet.Loss, '=': tbsheet.Draw,
	'?': tbsheet.Unreported, 'x': tbsheet.DoubleLoss}

// Round reads spec as the playoff round number. Each match's Pos is the row it would have
// under a header row of sheet ("" for none), its Result cell in column D.
func Round(number int, spec, sheet string) (tbsheet.Round, error) {
	r := tbsheet.Round{Number: number, Playoff: true, Pos: tbsheet.Pos{Sheet: sheet}}
	for k, tok := range strings.Fields(spec) {
		i := strings.IndexAny(tok, "<>=?x+")
		if i < 0 {
			return r, fmt.Errorf("bad playoff token %q", tok)
		}
		p, err := strconv.Atoi(tok[:i])
		if err != nil || p < 1 {
			return r, fmt.Errorf("bad playoff token %q: players are numbered from 1", tok)
		}
		m := tbsheet.Match{P1: p - 1, P2: tbsheet.NoPlayer, Result: tbsheet.Bye}
		if sheet != "" {
			m.Pos = tbsheet.Pos{Sheet: sheet, Row: k + 2, Col: 4}
		}
		if tok[i] != '+' {
			q, err := strconv.Atoi(tok[i+1:])
			if err != nil || q < 1 {
				return r, fmt.Errorf("bad playoff token %q: players are numbered from 1", tok)
			}
			m.Table, m.P2, m.Result = len(r.Matches)+1, q-1, results[tok[i]]
		}
		r.Matches = append(r.Matches, m)
	}
	return r, nil
}
