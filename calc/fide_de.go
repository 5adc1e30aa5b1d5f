package calc

// FIDE direct encounter (C.07 Art. 6), a key that depends on who is tied.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

func fideDEDef() *Def {
	return &Def{ID: "fide-de", Name: "Direct encounter", Short: "DE", Format: FormatInt,
		Doc: "FIDE C.07 6: among tied players, the points scored in their games against each other " +
			"when all met; when not all met, a player goes first only if his points exceed what any " +
			"other could have scored; applied again to each still-tied sub-group. The value is the " +
			"number of tied players ranked below",
		Unverified: "forfeits between tied players count as scored; when not all met only a leader is " +
			"separated, never a last player",
		compute: fideDEByScore,
		Group:   fideDE}
}

// fideDEByScore is direct encounter among the players tied on score, the group DE sees when
// it is the first tiebreak; ranking replaces it with the group actually tied (Def.Group).
func fideDEByScore(c *Context) []Figure {
	f := newFIDEData(c, false)
	groups := map[string][]int{}
	var keys []string
	for p := range c.Records {
		if !c.Played(p) || c.Event.Players[p].Disqualified {
			continue
		}
		k := f.score[p].String()
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], p)
	}
	out := make([]Figure, len(c.Records))
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
	var notes []deNote
	classes := f.deClasses(tied, &notes)
	below := map[int]int{}
	n := len(tied)
	for _, cl := range classes {
		n -= len(cl)
		for _, p := range cl {
			below[p] = n
		}
	}
	// Each member's notes, in the order they were made: one pass over the notes, not one per
	// member (a score group of a large event is thousands of players).
	texts := map[int][]string{}
	for _, nt := range notes {
		for p := range nt.members {
			texts[p] = append(texts[p], nt.text)
		}
	}
	out := make([]Figure, len(tied))
	for j, p := range tied {
		note := strings.Join(texts[p], "; ")
		if len(tied) < 2 {
			note = "not tied"
		}
		out[j] = Figure{Value: Known(exact.Int(int64(below[p]))), Explain: Explanation{Note: note}}
	}
	return out
}

type deNote struct {
	members map[int]bool
	text    string
}

// deClasses splits g into classes of equal players, best first, recursing into every class
// that DE separated from the rest.
func (f *fideData) deClasses(g []int, notes *[]deNote) [][]int {
	if len(g) < 2 {
		return [][]int{g}
	}
	in := map[int]bool{}
	for _, p := range g {
		in[p] = true
	}
	pts, maxp, allMet := f.deScores(g, in)
	var classes [][]int
	var text string
	if allMet {
		sorted := append([]int(nil), g...)
		sort.SliceStable(sorted, func(a, b int) bool { return pts[sorted[a]].Cmp(pts[sorted[b]]) > 0 })
		var parts []string
		for j, p := range sorted {
			if j == 0 || !pts[p].Equal(pts[sorted[j-1]]) {
				classes = append(classes, nil)
			}
			classes[len(classes)-1] = append(classes[len(classes)-1], p)
			parts = append(parts, f.name(p)+" "+halves(pts[p]))
		}
		text = fmt.Sprintf("%s all met: %s", f.names(g), strings.Join(parts, ", "))
	} else {
		// p is ahead when his points exceed every other member's possible best, that is the
		// best of maxp over the others: the highest maxp, or the second highest for the member
		// who holds the highest (linear in the group, not quadratic).
		first, second := -1, -1 // members with the highest and second highest maxp
		for _, q := range g {
			switch {
			case first < 0 || maxp[q].Cmp(maxp[first]) > 0:
				first, second = q, first
			case second < 0 || maxp[q].Cmp(maxp[second]) > 0:
				second = q
			}
		}
		top := -1
		for _, p := range g {
			best := first
			if p == first {
				best = second
			}
			if pts[p].Cmp(maxp[best]) > 0 {
				top = p
			}
		}
		if top < 0 {
			text = fmt.Sprintf("%s did not all meet and no one's points exceed every other's possible best", f.names(g))
			classes = [][]int{g}
		} else {
			var rest []int
			var best []string
			for _, q := range g {
				if q != top {
					rest = append(rest, q)
					best = append(best, f.name(q)+" "+halves(maxp[q]))
				}
			}
			text = fmt.Sprintf("%s did not all meet: %s's %s beats every other's possible best (%s)",
				f.names(g), f.name(top), halves(pts[top]), strings.Join(best, ", "))
			classes = [][]int{{top}, rest}
		}
	}
	*notes = append(*notes, deNote{members: in, text: text})
	if len(classes) == 1 {
		return classes
	}
	var out [][]int
	for _, cl := range classes {
		out = append(out, f.deClasses(cl, notes)...)
	}
	return out
}

// deScores returns, for the group in, each member's points against the others (the mean of
// the games when two met more than once; forfeits count as scored), the most each could have
// had by winning every game not played inside the group, and whether all members met.
func (f *fideData) deScores(g []int, in map[int]bool) (pts, maxp map[int]exact.Num, allMet bool) {
	pts, maxp, allMet = make(map[int]exact.Num, len(g)), make(map[int]exact.Num, len(g)), true
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
		recs := f.c.Records[p]
		for i := range recs {
			r := &recs[i] // records are large: read them in place
			if r.Opp == tbsheet.NoPlayer || !in[r.Opp] {
				continue
			}
			j := slices.IndexFunc(mets, func(m met) bool { return m.opp == r.Opp })
			if j < 0 {
				j = len(mets)
				mets = append(mets, met{opp: r.Opp})
			}
			mets[j].sum = mets[j].sum.Add(f.pts[p][i])
			mets[j].games++
		}
		var total exact.Num
		for _, m := range mets {
			total = total.Add(m.sum.DivInt(m.games))
		}
		unmet := int64(len(g) - 1 - len(mets))
		if unmet > 0 {
			allMet = false
		}
		pts[p] = total
		maxp[p] = total.Add(f.c.Points.Win.MulInt(unmet))
	}
	return pts, maxp, allMet
}
