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
		Doc: "FIDE C.07 6: among tied players, the points scored in the games they played against each " +
			"other (forfeits left out) when all met; when not all met, the best goes first if his points " +
			"exceed what any other could have scored, then the next the same way; applied again to each " +
			"still-tied sub-group. The value is the number of tied players ranked below",
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
// of a group that DE separated, as FIDE's checker does.
func (f *fideData) deClasses(g []int, notes *[]deNote) [][]int {
	if len(g) < 2 {
		return [][]int{g}
	}
	in := map[int]bool{}
	for _, p := range g {
		in[p] = true
	}
	pts, maxp, allMet := f.deScores(g, in)
	sorted := append([]int(nil), g...)
	sort.SliceStable(sorted, func(a, b int) bool {
		if c := pts[sorted[a]].Cmp(pts[sorted[b]]); c != 0 {
			return c > 0
		}
		return maxp[sorted[a]].Cmp(maxp[sorted[b]]) > 0
	})
	classes := [][]int{{sorted[0]}}
	var text string
	if allMet {
		var parts []string
		for j, p := range sorted {
			if j > 0 {
				if pts[p].Equal(pts[sorted[j-1]]) {
					classes[len(classes)-1] = append(classes[len(classes)-1], p)
				} else {
					classes = append(classes, []int{p})
				}
			}
			if shown(j, len(sorted)) {
				parts = append(parts, f.name(p)+" "+halves(pts[p]))
			}
		}
		text = fmt.Sprintf("%s all met: %s", f.names(g), listOf(parts, len(sorted), ", "))
	} else {
		// Down the order of points: each player goes above all below him while his points
		// exceed every possible best below (the highest maxp of the rest); from the first who
		// does not, the rest stay tied.
		best := make([]exact.Num, len(sorted)) // best[j]: the highest maxp from sorted[j] on
		for j := len(sorted) - 1; j >= 0; j-- {
			best[j] = maxp[sorted[j]]
			if j+1 < len(sorted) && best[j+1].Cmp(best[j]) > 0 {
				best[j] = best[j+1]
			}
		}
		var parts []string
		steps := 0 // the players who went ahead, one after another
		for j := 1; j < len(sorted); j++ {
			above := sorted[j-1]
			if len(classes) == j && pts[above].Cmp(best[j]) > 0 {
				if shown(steps, len(sorted)) {
					below := sorted[j:]
					var rest []string
					for k, q := range below {
						if !shown(k, len(below)) {
							break
						}
						rest = append(rest, f.name(q)+" "+halves(maxp[q]))
					}
					parts = append(parts, fmt.Sprintf("%s's %s beats every possible best below (%s)",
						f.name(above), halves(pts[above]), listOf(rest, len(below), ", ")))
				}
				steps++
				classes = append(classes, []int{sorted[j]})
			} else {
				classes[len(classes)-1] = append(classes[len(classes)-1], sorted[j])
			}
		}
		switch {
		case steps == 0:
			text = fmt.Sprintf("%s did not all meet and no one's points exceed every other's possible best", f.names(g))
		case steps > len(parts):
			text = fmt.Sprintf("%s did not all meet: %s; then %d more the same way", f.names(g),
				strings.Join(parts, "; then "), steps-len(parts))
		default:
			text = fmt.Sprintf("%s did not all meet: %s", f.names(g), strings.Join(parts, "; then "))
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

// deScores returns, for the group in, each member's points in the games played against the
// others (the mean of the games when two met more than once; a forfeit is no game played),
// the most each could have had by winning every game not played inside the group, and
// whether all members met.
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
			if r.Opp == tbsheet.NoPlayer || !in[r.Opp] || !fidePlayed(r.Result) {
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
