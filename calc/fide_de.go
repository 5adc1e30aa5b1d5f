package calc

// FIDE direct encounter (C.07 Art. 6), a key that depends on who is tied.

import (
	"slices"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func fideDEDef() *Def {
	return &Def{ID: "fide-de", Name: "Direct encounter", Short: "DE", Format: FormatInt,
		Doc: "FIDE C.07 6: among tied players, the points scored in the games they played against each " +
			"other (forfeits left out, except in a round robin) when all met; when not all met, the best goes first if his points " +
			"exceed what any other could have scored, then the next the same way; applied again to each " +
			"still-tied sub-group. The value is the number of tied players ranked below; none where it separates nobody",
		compute: fideDEByScore,
		Group:   fideDE}
}

// fideRoundRobin reports whether the event is an all-play-all: the input says so, or every
// two players were paired with each other, and equally often (a double round robin too).
func fideRoundRobin(t *tally, says bool) bool {
	if says {
		return true
	}
	if t.n < 3 || t.r < t.n-1 { // each meets n−1 others, one a round
		return false
	}
	meetings := make([]int32, t.n*t.n)
	for p := range t.n {
		for _, s := range t.row(p) {
			if s.opp >= 0 {
				meetings[p*t.n+int(s.opp)]++
			}
		}
	}
	k := meetings[1]
	for p := range t.n {
		for q := range t.n {
			if p != q && (meetings[p*t.n+q] != k || k == 0) {
				return false
			}
		}
	}
	return true
}

// fideDEByScore is direct encounter among the players tied on score, the group DE sees when
// it is the first tiebreak; ranking replaces it with the group actually tied (Def.Group).
func fideDEByScore(c *Context) []Figure {
	f := newFIDEData(c, false)
	// a score as a map key: its reduced parts, or its text when it does not fit in them
	type scoreKey struct {
		n, d int64
		s    string
	}
	groups := map[scoreKey][]int{}
	var keys []scoreKey
	for p := range f.t.n {
		if f.t.played(p) == 0 || c.Event.Players[p].Disqualified {
			continue
		}
		var k scoreKey
		if n, d, ok := f.score[p].Parts(); ok {
			k.n, k.d = n, d
		} else {
			k.s = f.score[p].String()
		}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], p)
	}
	out := make([]Figure, f.t.n)
	for _, k := range keys {
		g := groups[k]
		for j, fig := range f.de(g) {
			out[g[j]] = fig
		}
	}
	return out
}

// fideDE ranks one tied group by direct encounter. Each member's value is the number of
// members ranked below him, so higher is better and members DE cannot separate are equal.
func fideDE(c *Context, tied []int) []Figure { return newFIDEData(c, false).de(tied) }

func (f *fideData) de(tied []int) []Figure {
	pos := f.dePositions.Get().(*[]int32)
	if *pos == nil {
		*pos = slices.Repeat([]int32{-1}, f.t.n)
	}
	d := &deRun{f: f, pos: *pos, in: make([]int32, len(tied))}
	for i, p := range tied {
		d.pos[p] = int32(i)
	}
	defer func() {
		for _, p := range tied {
			d.pos[p] = -1
		}
		f.dePositions.Put(pos)
	}()
	nums := make([]exact.Num, 2*len(tied)) // by position in tied
	d.pts, d.maxp = nums[:len(tied)], nums[len(tied):]
	var notes []deNote
	classes := d.classes(tied, &notes)
	out := make([]Figure, len(tied))
	if len(tied) == 1 {
		out[0].Explain.Note = i18n.N("x.not-tied")
		return out // no value: direct encounter decides nothing for a player alone on his score
	}
	n := len(tied)
	for _, cl := range classes {
		n -= len(cl)
		for _, p := range cl {
			if len(classes) > 1 {
				out[d.pos[p]].Value = Known(exact.Int(int64(n)))
			} // else no value: the group's games separate nobody, and a 0 for all would read as a result
		}
	}
	// Each member's notes, in the order they were made: one pass over the notes, not one per
	// member (a score group of a large event is thousands of players).
	for _, nt := range notes {
		for _, p := range nt.members {
			x := &out[d.pos[p]].Explain
			x.Note = i18n.Join("sep.notes", x.Note, nt.note)
		}
	}
	return out
}

// deRun is one group's direct encounter: its members' positions in the group, and each
// member's points and possible best, by position, in the sub-group being split.
type deRun struct {
	f         *fideData
	pos       []int32 // by player: position in the group, −1 outside it
	in        []int32 // by position: the number of the sub-group the member is in
	subgroups int32
	pts, maxp []exact.Num
}

type deNote struct {
	members []int
	note    i18n.Note
}

// classes splits g into classes of equal players, best first, recursing into every class
// of a group that DE separated, as FIDE's checker does.
func (d *deRun) classes(g []int, notes *[]deNote) [][]int {
	if len(g) < 2 {
		return [][]int{g}
	}
	f := d.f
	if f.deCannotSeparate(len(g)) {
		*notes = append(*notes, deNote{members: g, note: i18n.N("x.de-none-ahead", f.names(g))})
		return [][]int{g}
	}
	d.subgroups++
	for _, p := range g {
		d.in[d.pos[p]] = d.subgroups
	}
	allMet := d.scores(g)
	pts := func(p int) exact.Num { return d.pts[d.pos[p]] }
	maxp := func(p int) exact.Num { return d.maxp[d.pos[p]] }
	// the sort compares members by their positions, looked up once each
	type member struct {
		p  int
		at int32
	}
	ms := make([]member, len(g))
	for i, p := range g {
		ms[i] = member{p, d.pos[p]}
	}
	slices.SortStableFunc(ms, func(a, b member) int {
		if c := d.pts[b.at].Cmp(d.pts[a.at]); c != 0 {
			return c
		}
		return d.maxp[b.at].Cmp(d.maxp[a.at])
	})
	sorted := make([]int, len(g))
	for i, m := range ms {
		sorted[i] = m.p
	}
	classes := [][]int{{sorted[0]}}
	var note i18n.Note
	if allMet {
		var parts []any
		for j, p := range sorted {
			if j > 0 {
				if pts(p).Equal(pts(sorted[j-1])) {
					classes[len(classes)-1] = append(classes[len(classes)-1], p)
				} else {
					classes = append(classes, []int{p})
				}
			}
			if shown(j, len(sorted)) {
				parts = append(parts, i18n.N("x.name-pts", f.name(p), halves(pts(p))))
			}
		}
		note = i18n.N("x.de-all-met", f.names(g), i18n.Some{Items: parts, Total: len(sorted)})
	} else {
		// Down the order of points: each player goes above all below him while his points
		// exceed every possible best below (the highest maxp of the rest); from the first who
		// does not, the rest stay tied.
		best := make([]exact.Num, len(sorted)) // best[j]: the highest maxp from sorted[j] on
		for j := len(sorted) - 1; j >= 0; j-- {
			best[j] = maxp(sorted[j])
			if j+1 < len(sorted) && best[j+1].Cmp(best[j]) > 0 {
				best[j] = best[j+1]
			}
		}
		var parts []i18n.Note
		steps := 0 // the players who went ahead, one after another
		for j := 1; j < len(sorted); j++ {
			above := sorted[j-1]
			if len(classes) == j && pts(above).Cmp(best[j]) > 0 {
				if shown(steps, len(sorted)) {
					below := sorted[j:]
					var rest []any
					for k, q := range below {
						if !shown(k, len(below)) {
							break
						}
						rest = append(rest, i18n.N("x.name-pts", f.name(q), halves(maxp(q))))
					}
					parts = append(parts, i18n.N("x.de-ahead", f.name(above), halves(pts(above)),
						i18n.Some{Items: rest, Total: len(below)}))
				}
				steps++
				classes = append(classes, []int{sorted[j]})
			} else {
				classes[len(classes)-1] = append(classes[len(classes)-1], sorted[j])
			}
		}
		switch {
		case steps == 0:
			note = i18n.N("x.de-none-ahead", f.names(g))
		case steps > len(parts):
			note = i18n.N("x.de-not-all-met-more", f.names(g), i18n.Join("sep.then", parts...), steps-len(parts))
		default:
			note = i18n.N("x.de-not-all-met", f.names(g), i18n.Join("sep.then", parts...))
		}
	}
	*notes = append(*notes, deNote{members: g, note: note})
	if len(classes) == 1 {
		return classes
	}
	var out [][]int
	for _, cl := range classes {
		out = append(out, d.classes(cl, notes)...)
	}
	return out
}

// deCannotSeparate reports whether direct encounter leaves every group of n players tied,
// whatever their games, because the group is too large for anyone's points to exceed what
// another could still have scored: most score groups of a large event. Each player met at
// most k = len(Rounds) < n−1 others, so they did not all meet; p's points are at most
// k × the most a game scores (hi), and q's possible best at least
// k' × the least a game scores (lo) + Win × (n−1−k') for the k' ≤ k players q met: a
// line in k', lowest at k' = 0 or k' = k.
func (f *fideData) deCannotSeparate(n int) bool {
	k := len(f.c.Rounds)
	if n-1 <= k {
		return false
	}
	pt := f.c.Points
	hi := exact.Max(exact.Max(pt.Win, pt.Draw), exact.Max(pt.Loss, exact.Int(0)))
	lo := exact.Min(exact.Min(pt.Win, pt.Draw), pt.Loss)
	most := hi.MulInt(int64(k))
	least := exact.Min(pt.Win.MulInt(int64(n-1)), lo.MulInt(int64(k)).Add(pt.Win.MulInt(int64(n-1-k))))
	return most.Cmp(least) <= 0
}

// scores sets, for the sub-group g, each member's points in the games played against the
// others (the mean of the games when two met more than once; a forfeit is no game played)
// and the most each could have had by winning every game not played inside the sub-group,
// and reports whether all members met.
func (d *deRun) scores(g []int) (allMet bool) {
	f, allMet := d.f, true
	// A player's games inside the group, per opponent met; a few rounds' worth, so a slice
	// (a score group of a large event is thousands of players, each needing this).
	type met struct {
		opp   int
		sum   exact.Num
		games int64
	}
	var mets []met
	for _, p := range g {
		mets = mets[:0]
		for i := range f.c.Rounds { // direct encounter is never Fore
			o := f.opponent(p, i)
			if f.rr { // C.07 6.1: in a round robin a forfeit counts as a game
				o = f.t.row(p)[i].opp
			}
			if o < 0 {
				continue
			}
			if at := d.pos[o]; at < 0 || d.in[at] != d.subgroups {
				continue
			}
			j := slices.IndexFunc(mets, func(m met) bool { return m.opp == int(o) })
			if j < 0 {
				j = len(mets)
				mets = append(mets, met{opp: int(o)})
			}
			mets[j].sum = mets[j].sum.Add(f.pts(p, i))
			mets[j].games++
		}
		var total exact.Num
		for _, m := range mets {
			total = total.Add(m.sum.DivInt(m.games))
		}
		unmet := int64(len(g) - 1 - len(mets))
		if f.rr {
			unmet = 0 // in a round robin the players meet as scheduled: no possible best
		}
		if unmet > 0 {
			allMet = false
		}
		d.pts[d.pos[p]] = total
		d.maxp[d.pos[p]] = total.Add(f.c.Points.Win.MulInt(unmet))
	}
	return allMet
}
