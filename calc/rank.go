package calc

import (
	"fmt"
	"slices"
	"strings"
)

// span is a run of players idx[lo:hi] still tied on every key so far.
type span struct{ lo, hi int }

// rank orders the players who are in the standings by keys, fills st.Rows and notes the
// ties nothing breaks (tiebreakers.md §A.3.8). Within a tie the display order is by name,
// case-insensitively, then by the order of the input.
func rank(st *Standings, keys []*Def) {
	c, ev := st.ctx, st.Event
	t := tallyOf(c)
	var idx []int
	for p := range ev.Players {
		if !ev.Players[p].Disqualified && t.played(p) > 0 {
			idx = append(idx, p)
		}
	}
	folded := make([]string, len(ev.Players))
	for _, p := range idx {
		folded[p] = strings.ToLower(ev.Players[p].Name)
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := strings.Compare(folded[a], folded[b]); c != 0 {
			return c
		}
		if c := strings.Compare(ev.Players[a].Name, ev.Players[b].Name); c != 0 {
			return c
		}
		return a - b
	})
	// display[p] is p's place in the display order: every later sort breaks ties with it,
	// which makes plain (unstable, faster) sorts deterministic.
	display := make([]int32, len(ev.Players))
	for i, p := range idx {
		display[p] = int32(i)
	}

	figs := make([][]Figure, len(keys))
	for k, d := range keys {
		figs[k] = c.Get(d.ID)
		if d.Group != nil {
			figs[k] = slices.Clone(figs[k]) // the group figures belong to these standings
		}
	}
	spans := []span{{0, len(idx)}}
	for k, d := range keys {
		f := figs[k]
		var next []span
		for _, s := range spans {
			grp := idx[s.lo:s.hi]
			if d.Group != nil {
				for i, fig := range d.Group(c, grp) {
					f[grp[i]] = fig
				}
			}
			slices.SortFunc(grp, func(a, b int) int {
				if c := f[b].Value.Cmp(f[a].Value); c != 0 {
					return c
				}
				return int(display[a] - display[b])
			})
			for lo := s.lo; lo < s.hi; {
				hi := lo + 1
				for hi < s.hi && f[idx[hi]].Value.Cmp(f[idx[lo]].Value) == 0 {
					hi++
				}
				if hi-lo > 1 {
					next = append(next, span{lo, hi})
				}
				lo = hi
			}
		}
		spans = next
	}
	for k, d := range keys {
		if d.Group == nil {
			continue
		}
		for _, p := range idx {
			if f := &figs[k][p]; !f.Value.OK && f.Explain.Note == "" && f.Explain.Expr == nil {
				f.Explain.Note = "no tie left to break"
			}
		}
	}

	colFigs := make([][]Figure, len(st.Columns))
	for j, d := range st.Columns {
		colFigs[j] = c.Get(d.ID)
		if k := indexOf(keys, d.ID); k >= 0 {
			colFigs[j] = figs[k]
		}
	}
	prim := figs[0]
	slab := make([]Figure, len(idx)*len(st.Columns))
	st.Rows = make([]Row, len(idx))
	for i, p := range idx {
		row := &st.Rows[i]
		*row = Row{Rank: i + 1, Player: p, Points: prim[p].Value.Num, DroppedAfter: c.DroppedAfter(p),
			Wins:   int(t.count(p, wonResults...)),
			Losses: int(t.count(p, lostResults...)),
			Draws:  int(t.count(p, drawnResults...)),
			Byes:   int(t.count(p, byeResults...))}
		row.Figures = slab[i*len(st.Columns) : (i+1)*len(st.Columns) : (i+1)*len(st.Columns)]
		for j := range st.Columns {
			row.Figures[j] = colFigs[j][p]
		}
	}
	noteTies(st, idx, spans, slices.ContainsFunc(keys, func(d *Def) bool { return d.ID == "pkm-h2h" }))
}

// noteTies gives the players of each span the span's shared rank and a note naming the
// players they are tied with.
func noteTies(st *Standings, idx []int, spans []span, pokemon bool) {
	if len(spans) == 0 {
		return
	}
	ev := st.Event
	tied := 0
	for _, s := range spans {
		tied += s.hi - s.lo
		for i := s.lo; i < s.hi; i++ {
			st.Rows[i].Rank = s.lo + 1
			others := make([]int, 0, 4)
			for j := s.lo; j < s.hi && len(others) < 4; j++ {
				if j != i {
					others = append(others, idx[j])
				}
			}
			note := "tied with " + nameList(ev, others, s.hi-s.lo-1) + " on every key"
			if pokemon {
				note += ": the handbook orders them at random"
			}
			st.Rows[i].Note = note
		}
	}
	msg := fmt.Sprintf("%d players in %d %s are tied on every key and share a rank", tied, len(spans),
		plural(len(spans), "group", "groups"))
	if pokemon {
		msg += "; the Play! Pokémon handbook (§5.5.1.1) orders them at random: draw lots"
	}
	st.Notes = append(st.Notes, msg)
}

// rowOf returns, for every player index, his row in st.Rows, or −1.
func rowOf(st *Standings) []int {
	out := make([]int, len(st.Event.Players))
	for i := range out {
		out[i] = -1
	}
	for i, r := range st.Rows {
		out[r.Player] = i
	}
	return out
}
