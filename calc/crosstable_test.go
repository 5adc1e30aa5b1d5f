package calc

import (
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestTallyOnly: a tiebreak that reads the players' rounds from the tally only (every Def
// without readsRecords) gives every player the same figure and explanation on a crosstable
// without Records as on one with them, and does not make Get build them.
func TestTallyOnly(t *testing.T) {
	ev := swissgen.Generate(swissgen.Realistic(40, 5, 11))
	sys, _ := LookupSystem("mtg")
	text := func(f Figure) string {
		x := f.Explain
		s := fmt.Sprint(f.Value.Cmp(NA), f.Value.Num, " ", en(x.Note))
		if x.Expr != nil {
			s += " " + x.Expr.String()
		}
		for _, o := range x.Terms {
			s += fmt.Sprint(" ", o.Opp, ":", o.Expr)
		}
		return s
	}
	n := 0
	for _, d := range Tiebreaks() {
		if d.readsRecords {
			continue
		}
		n++
		t.Run(d.ID, func(t *testing.T) {
			with := &Context{Crosstable: NewCrosstable(ev, 0), Points: sys.Points}
			without := &Context{Crosstable: newCrosstable(ev, 0), Points: sys.Points}
			want, got := with.Get(d.ID), without.Get(d.ID)
			for p := range ev.Players {
				w, g := want[p], got[p]
				w.Explain, g.Explain = with.Explain(d.ID, p), without.Explain(d.ID, p)
				if text(w) != text(g) {
					t.Errorf("player %d: %s without the records, %s with them", p, text(g), text(w))
				}
				if d.Group == nil || p == 0 {
					continue
				}
				for _, grp := range [][]int{{p - 1, p}, {p, int(tallyOf(with).row(p)[0].opp)}} {
					if grp[1] < 0 {
						continue
					}
					w, g := d.Group(with, grp), d.Group(without, grp)
					for i := range grp {
						if text(w[i]) != text(g[i]) {
							t.Errorf("group %v: %s without the records, %s with them", grp, text(g[i]), text(w[i]))
						}
					}
				}
			}
			if without.Records != nil {
				t.Error("Get built the records")
			}
		})
	}
	if n == 0 {
		t.Fatal("no tiebreak reads the tally only")
	}
}
