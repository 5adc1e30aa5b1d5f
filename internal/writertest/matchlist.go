package writertest

import (
	"strconv"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

// CheckMatchList checks match-list rows (Round, Table, Player 1, Player 2, Result) against
// the event: every match in order, results that read back to the same result and games.
// renamed maps names to how the file writes them (defused formulas).
func CheckMatchList(t *testing.T, ev *tbsheet.Event, rows [][]string, renamed map[string]string) {
	t.Helper()
	name := func(p int) string {
		if p == tbsheet.NoPlayer {
			return ""
		}
		if s, ok := renamed[ev.Players[p].Name]; ok {
			return s
		}
		return ev.Players[p].Name
	}
	i := 0
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if i >= len(rows) {
				t.Fatalf("%d rows, want more", len(rows))
			}
			row := append(rows[i], make([]string, 5)...)
			i++
			round := strconv.Itoa(r.Number)
			if r.Playoff {
				round = handkept.PlayoffRoundLabel(r.Number)
			}
			table := ""
			if m.Table > 0 {
				table = strconv.Itoa(m.Table)
			}
			if row[0] != round || row[1] != table || row[2] != name(m.P1) || row[3] != name(m.P2) {
				t.Errorf("row %d = %q, want round %s table %s %s vs %s", i, row[:5], round, table, name(m.P1), name(m.P2))
			}
			res, games, err := handkept.ParseResultCell(row[4], m.P2 != tbsheet.NoPlayer)
			if err != nil || res != m.Result || (m.Games.Known && games != m.Games) {
				t.Errorf("row %d: result %q reads as %v %v (%v), want %v %v", i, row[4], res, games, err, m.Result, m.Games)
			}
		}
	}
	if i != len(rows) {
		t.Errorf("%d rows, want %d", len(rows), i)
	}
}
