package calc

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// span is a run of players idx[lo:hi] still tied on every key so far.
type span struct{ lo, hi int }

// rank orders the players who are in the standings by keys, fills st.Rows and notes the
// ties nothing breaks (docs/tiebreakers.md#decisions-where-the-rules-are-silent). Within a tie the display order is by name,
// case-insensitively, then by the order of the input. Each key's sort keeps tied players in
// the order they had (the input order at first), and the names are sorted only inside the
// spans still tied at the end, or before a group key: sorting every player by name first
// would cost more than all the keys together, for the same order.
func rank(st *Standings, keys []*Def) {
	c, ev := st.ctx, st.Event
	t := tallyOf(c)
	idx := make([]int, 0, len(ev.Players)) // sized once: growing it would allocate it several times over
	for p := range ev.Players {
		if !ev.Players[p].Disqualified && t.played(p) > 0 {
			idx = append(idx, p)
		}
	}

	figs := make([][]Figure, len(keys))
	for k, d := range keys {
		figs[k] = c.Get(d.ID)
		if d.Group != nil {
			figs[k] = slices.Clone(figs[k]) // the group figures belong to these standings
		}
	}
	spans := []span{{0, len(idx)}}
	buf := make([]sortEntry, 0, len(idx))
	named := false // the spans are in name order: a group key sorted them so, and sorts keep ties in place
	for k, d := range keys {
		f := figs[k]
		var next []span
		for _, s := range spans {
			grp := idx[s.lo:s.hi]
			if d.Group != nil {
				sortByName(ev, grp) // a group key sees its group in the display order
				for i, fig := range d.Group(c, grp) {
					f[grp[i]] = fig
				}
			}
			buf, next = sortByValue(grp, f, buf, s.lo, next)
		}
		spans = next
		named = named || d.Group != nil
	}
	if !named {
		for _, s := range spans {
			sortByName(ev, idx[s.lo:s.hi])
		}
	}
	for k, d := range keys {
		if d.Group == nil {
			continue
		}
		for _, p := range idx {
			if f := &figs[k][p]; !f.Value.OK && f.Explain.Note.IsZero() && f.Explain.Expr == nil {
				f.Explain.Note = i18n.N("x.no-tie")
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
	// The rows are filled player by player in index order, each into its place: reading the
	// columns' figures in memory order costs less than reading them in rank order.
	prim, cols := figs[0], len(st.Columns)
	slab := make([]Figure, len(idx)*cols)
	st.Rows = make([]Row, len(idx))
	place := make([]int32, len(ev.Players)) // row index + 1; 0 outside the standings
	for i, p := range idx {
		place[p] = int32(i + 1)
	}
	for p := range ev.Players {
		i := int(place[p]) - 1
		if i < 0 {
			continue
		}
		row := &st.Rows[i]
		row.Rank, row.Player, row.Points, row.DroppedAfter = i+1, p, prim[p].Value.Num, c.DroppedAfter(p)
		row.Wins = int(t.count(p, wonResults...))
		row.Losses = int(t.count(p, lostResults...))
		row.Draws = int(t.count(p, drawnResults...))
		row.Byes = int(t.count(p, byeResults...))
		row.Figures = slab[i*cols : (i+1)*cols : (i+1)*cols]
		for j := range cols {
			// The slab is zeroed: most figures have no explanation yet, and copying the empty
			// one would cost the garbage collector's write barrier on every figure.
			f := &colFigs[j][p]
			row.Figures[j].Value = f.Value
			if f.Explain.Expr != nil || !f.Explain.Note.IsZero() || f.Explain.Terms != nil {
				row.Figures[j].Explain = f.Explain
			}
		}
	}
	noteTies(st, idx, spans, slices.ContainsFunc(keys, func(d *Def) bool { return d.ID == "pkm-h2h" }))
}

// sortEntry is a player as sortByValue sorts him: his value as a float64 (n/a as −∞) beside
// his index and his place in the group, so that the sort reads memory in order.
type sortEntry struct {
	key    float64
	p, pos int32
}

// sortByValue sorts the players of grp by their figures in f, higher first, players of equal
// value keeping their order in grp, exactly as comparing the exact values would. The float64 of an
// exact value never orders two values the wrong way round (rounding to the nearest is
// monotonic), but it may make two different values equal: each run of equal floats is then
// sorted again exactly. buf is reused and returned, and so is ties, with the runs of grp
// whose values are equal appended as spans offset by base: finding them as it sorts reads
// the exact values only where floats are equal.
func sortByValue(grp []int, f []Figure, buf []sortEntry, base int, ties []span) ([]sortEntry, []span) {
	buf = buf[:0]
	for i, p := range grp {
		e := sortEntry{key: math.Inf(-1), p: int32(p), pos: int32(i)}
		if v := f[p].Value; v.OK {
			e.key = v.Num.Float64()
		}
		buf = append(buf, e)
	}
	slices.SortFunc(buf, func(a, b sortEntry) int {
		if a.key != b.key {
			if a.key > b.key {
				return -1
			}
			return 1
		}
		return int(a.pos - b.pos)
	})
	for lo := 0; lo < len(buf); {
		hi := lo + 1
		exact := true // every value of the run is the same
		for hi < len(buf) && buf[hi].key == buf[lo].key {
			if exact && f[buf[hi].p].Value.Cmp(f[buf[lo].p].Value) != 0 {
				exact = false
			}
			hi++
		}
		if exact {
			if hi-lo > 1 {
				ties = append(ties, span{base + lo, base + hi})
			}
			lo = hi
			continue
		}
		slices.SortFunc(buf[lo:hi], func(a, b sortEntry) int {
			if c := f[b.p].Value.Cmp(f[a.p].Value); c != 0 {
				return c
			}
			return int(a.pos - b.pos)
		})
		for a := lo; a < hi; { // the runs of equal values among the equal floats
			b := a + 1
			for b < hi && f[buf[b].p].Value.Cmp(f[buf[a].p].Value) == 0 {
				b++
			}
			if b-a > 1 {
				ties = append(ties, span{base + a, base + b})
			}
			a = b
		}
		lo = hi
	}
	for i, e := range buf {
		grp[i] = int(e.p)
	}
	return buf, ties
}

// sortByName sorts players in the display order of a tie: by name, case-insensitively, then
// by name, then by index (the input order).
func sortByName(ev *tbsheet.Event, grp []int) {
	slices.SortFunc(grp, func(a, b int) int {
		na, nb := ev.Players[a].Name, ev.Players[b].Name
		return cmp.Or(compareFolded(na, nb), strings.Compare(na, nb), a-b)
	})
}

// compareFolded compares strings.ToLower(a) with strings.ToLower(b) without building them:
// ranking a large event sorts many small tied groups, and lowering every name allocated
// more than the sort itself. ToLower lowers rune by rune (an invalid byte becoming U+FFFD,
// as here), and UTF-8 orders bytes as it orders runes, so comparing the lowered runes
// orders as comparing the lowered strings.
func compareFolded(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if c := cmp.Compare(unicode.ToLower(ra), unicode.ToLower(rb)); c != 0 {
			return c
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// noteTies gives the players of each span the span's shared rank and a note naming the
// players they are tied with.
func noteTies(st *Standings, idx []int, spans []span, pokemon bool) {
	if len(spans) == 0 {
		return
	}
	ev := st.Event
	note, rowNote := "note.ties", "row.tie" // the handbook orders a Pokémon tie at random
	if pokemon {
		note, rowNote = "note.ties.random", "row.tie.random"
	}
	tied := 0
	for _, s := range spans {
		tied += s.hi - s.lo
		for i := s.lo; i < s.hi; i++ {
			st.Rows[i].Rank = s.lo + 1
			others := make([]string, 0, i18n.MaxNamed)
			for j := s.lo; j < s.hi && len(others) < i18n.MaxNamed; j++ {
				if j != i {
					others = append(others, ev.Players[idx[j]].Name)
				}
			}
			st.Rows[i].Note = i18n.N(rowNote, i18n.Names{List: others, Total: s.hi - s.lo - 1})
		}
	}
	st.Notes = append(st.Notes, i18n.N(note, len(spans), tied)) // the count of groups chooses the form
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
