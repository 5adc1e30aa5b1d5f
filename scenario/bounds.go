package scenario

import "github.com/tbsheet/tbsheet/calc"

// interval bounds a key's value over a set of combinations: lo ≤ value ≤ hi, with hi
// unbounded when top. n/a is the lowest value there is, so calc.NA is an unbounded lo.
type interval struct {
	lo, hi calc.Value
	top    bool
}

// anyValue is the interval of a key nothing is known about.
var anyValue = interval{lo: calc.NA, top: true}

func exactly(v calc.Value) interval { return interval{lo: v, hi: v} }

func (iv interval) exact() bool { return !iv.top && iv.lo.Cmp(iv.hi) == 0 }

// relation is how a player q ranks against a player x in every combination of a set.
type relation uint8

const (
	// unknownRel: the bounds do not tell.
	unknownRel relation = iota
	// aboveRel: q ranks strictly above x in every combination.
	aboveRel
	// belowRel: q ranks strictly below x in every combination.
	belowRel
	// tiedRel: q and x are equal on every key in every combination.
	tiedRel
)

// relate compares two players' bounds key by key, as the ranking does: a key on which both
// are the same known value passes to the next; the first other key decides if the bounds do
// not overlap.
func relate(q, x []interval) relation {
	for k := range q {
		a, b := q[k], x[k]
		if a.exact() && b.exact() && a.lo.Cmp(b.lo) == 0 {
			continue
		}
		if !b.top && a.lo.Cmp(b.hi) > 0 {
			return aboveRel
		}
		if !a.top && a.hi.Cmp(b.lo) < 0 {
			return belowRel
		}
		return unknownRel
	}
	return tiedRel
}

// counts bound how many players rank above a player in one combination: mustX players
// certainly do, canX players may. Above is strictly above; atOrAbove includes sharing his
// place.
type counts struct {
	mustAbove, canAbove, mustAtOrAbove, canAtOrAbove int
}

// add counts one player in relation rel to him.
func (c *counts) add(rel relation) {
	switch rel {
	case aboveRel:
		c.mustAbove++
		c.canAbove++
		c.mustAtOrAbove++
		c.canAtOrAbove++
	case tiedRel:
		c.mustAtOrAbove++
		c.canAtOrAbove++
	case unknownRel:
		c.canAbove++
		c.canAtOrAbove++
	}
}

func (c counts) plus(d counts) counts {
	return counts{c.mustAbove + d.mustAbove, c.canAbove + d.canAbove,
		c.mustAtOrAbove + d.mustAtOrAbove, c.canAtOrAbove + d.canAtOrAbove}
}

func minCounts(c, d counts) counts {
	return counts{min(c.mustAbove, d.mustAbove), min(c.canAbove, d.canAbove),
		min(c.mustAtOrAbove, d.mustAtOrAbove), min(c.canAtOrAbove, d.canAtOrAbove)}
}

func maxCounts(c, d counts) counts {
	return counts{max(c.mustAbove, d.mustAbove), max(c.canAbove, d.canAbove),
		max(c.mustAtOrAbove, d.mustAtOrAbove), max(c.canAtOrAbove, d.canAtOrAbove)}
}

// bounds are each count's smallest and largest value over every combination. The tables
// are independent, so each extreme is the sum of the tables' extremes, and each is reached
// by a combination (not all by the same one).
type bounds struct{ lo, hi counts }

// decide reads what the bounds prove for a cut of k.
func (b bounds) decide(k int) (in, out, notMake, notMiss bool) {
	in = b.hi.canAtOrAbove <= k-1     // at most k−1 others at or above him, always
	out = b.lo.mustAbove >= k         // k others strictly above him, always
	notMake = b.hi.mustAtOrAbove >= k // some combination puts k others at or above him
	notMiss = b.lo.canAbove <= k-1    // some combination leaves fewer than k above him
	return
}

// places returns the ranges of his best and worst places the bounds prove, narrowed by the
// places ranked combinations showed (w.any).
func (b bounds) places(w witness) (best, worst Places) {
	best = Places{1 + b.lo.mustAbove, 1 + b.lo.canAbove}
	worst = Places{1 + b.hi.mustAbove, 1 + b.hi.canAbove}
	if w.any {
		best.Hi = min(best.Hi, w.bestSeen)
		worst.Lo = max(worst.Lo, w.worstSeen)
	}
	return best, worst
}

// status returns what a combination whose counts are c shows for certain: the status code
// (codeMakes, codeShares, codeMisses), or ok false when the counts do not settle it.
func (c counts) status(k int) (code uint8, ok bool) {
	switch {
	case c.canAtOrAbove <= k-1:
		return codeMakes, true
	case c.mustAbove >= k:
		return codeMisses, true
	case c.mustAtOrAbove >= k && c.canAbove <= k-1:
		return codeShares, true
	}
	return 0, false
}
