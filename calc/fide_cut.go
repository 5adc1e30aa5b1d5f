package calc

// The Cut-n and Median-n modifiers of FIDE's tie-breaks (Art. 14, 16.5; docs/tiebreakers.md#chess-fide-c07),
// and how a FIDE key is summed, explained and registered.

import (
	"sort"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// fideTerm is one contribution to a sum that modifiers can cut.
type fideTerm struct {
	round int // round number, for notes
	value exact.Num
	// by is what the cuts order terms by: the opponent's (or dummy's) score for Buchholz
	// and Sonneborn-Berger, the value itself for the other keys.
	by   exact.Num
	expr *Expr
	vur  bool
}

// fideCut splits terms into kept and cut ones (see fideCutIndexes). When there are fewer
// terms than cuts, every term is cut.
func fideCut(terms []fideTerm, low, high int) (kept, cut []fideTerm) {
	out := make([]bool, len(terms))
	for _, j := range fideCutIndexes(nil, out, termCuts(terms), low, high) {
		cut = append(cut, terms[j])
	}
	for j, t := range terms {
		if !out[j] {
			kept = append(kept, t)
		}
	}
	return kept, cut
}

// cutOrder is what fideCutIndexes reads of the terms: whether term j is a voluntary
// unplayed round, and how terms a and b compare by "by" and by value (−1, 0, +1). Exact
// terms (termCuts) and ranking's scaled integers (fideData.scaledSum) both provide it.
type cutOrder struct {
	vur       func(j int) bool
	by, value func(a, b int) int
}

// termCuts is the cutOrder of exact terms.
func termCuts(terms []fideTerm) cutOrder {
	return cutOrder{
		vur:   func(j int) bool { return terms[j].vur },
		by:    func(a, b int) int { return terms[a].by.Cmp(terms[b].by) },
		value: func(a, b int) int { return terms[a].value.Cmp(terms[b].value) },
	}
}

// fideCutIndexes marks the terms that low and high cuts remove in out (one false per term)
// and appends their indexes to dst in the order they are cut, as FIDE's checker does under
// both rule sets:
//
//   - a low cut removes the least significant value: the term with the lowest "by" (the
//     opponent with the lowest score), on equal scores the lower contribution; but a player
//     with voluntary unplayed rounds loses the least significant of those instead, unless its
//     contribution is below the least significant value's (Art. 16.5). For Buchholz a
//     voluntary unplayed round is therefore always cut first; for Sonneborn-Berger the
//     higher of the two contributions goes;
//   - a high cut then removes the term with the highest "by", on equal scores the higher
//     contribution.
//
// Equal terms are taken in round order, which keeps explanations reproducible.
func fideCutIndexes(dst []int, out []bool, o cutOrder, low, high int) []int {
	left := len(out)
	cmp := func(a, b int) int { // by "by", then by value
		if c := o.by(a, b); c != 0 {
			return c
		}
		return o.value(a, b)
	}
	// first returns the term left that comes first by cmp, lowest first (sign 1) or highest
	// first (sign −1), and the first voluntary unplayed round among them, or -1: one pass.
	first := func(sign int) (best, vur int) {
		best, vur = -1, -1
		for j := range out {
			if out[j] {
				continue
			}
			if best < 0 || sign*cmp(j, best) < 0 {
				best = j
			}
			if o.vur(j) && (vur < 0 || sign*cmp(j, vur) < 0) {
				vur = j
			}
		}
		return best, vur
	}
	for n := 0; n < low && left > 0; n++ {
		j, v := first(1)
		if v >= 0 && o.value(j, v) <= 0 {
			j = v
		}
		out[j], left, dst = true, left-1, append(dst, j)
	}
	for n := 0; n < high && left > 0; n++ {
		j, _ := first(-1)
		out[j], left, dst = true, left-1, append(dst, j)
	}
	return dst
}

// fideSum returns the figure of a sum of terms with low and high cuts: the value or, when
// explain is set, its explanation alone (ranking has the value): the arithmetic
// "1 + 2 + 2.5 − 1" and the note, which says what was cut after note's own text (the
// terms' exprs are then set).
func fideSum(terms []fideTerm, low, high int, note i18n.Note, explain bool) Figure {
	var outBuf [32]bool // a whole event's rounds, without allocating
	var cutBuf [4]int
	var out []bool
	if len(terms) <= len(outBuf) {
		out = outBuf[:len(terms)]
	} else {
		out = make([]bool, len(terms))
	}
	cuts := fideCutIndexes(cutBuf[:0], out, termCuts(terms), low, high)
	if !explain {
		var sum fracSum // one reduction for the sum, not one per term
		for j, t := range terms {
			if !out[j] {
				sum.addNum(t.value)
			}
		}
		return Figure{Value: Known(sum.value())}
	}
	var exprBuf [32]*Expr // the operands, copied into the arena
	var cutTerms [4]fideTerm
	exprs, cut := exprBuf[:0], cutTerms[:0]
	for _, t := range terms {
		exprs = append(exprs, t.expr)
	}
	for _, j := range cuts {
		cut = append(cut, terms[j])
	}
	return Figure{Explain: fideExplain(exprs, cut, note)}
}

// fideExplain writes the explanation of a sum of exprs with the cut terms taken off (their
// round, value and vur): the arithmetic "1 + 2 + 2.5 − 1", and note followed by what was
// cut.
func fideExplain(exprs []*Expr, cut []fideTerm, note i18n.Note) Explanation {
	// the sum, the cut and its literals, allocated together
	a := newArena(2+len(cut), len(exprs)+1+len(cut))
	x := a.op(OpSum, exprs...)
	if len(cut) == 0 {
		return Explanation{Expr: x, Note: note}
	}
	var argBuf [8]*Expr
	args := append(argBuf[:0], x)
	terms := make([]i18n.Note, len(cut))
	for k, t := range cut {
		args = append(args, a.num(t.value))
		terms[k] = roundKind(t.round, i18n.N("text", halves(t.value)))
		if t.vur {
			terms[k] = i18n.N("x.round-vur", t.round, halves(t.value))
		}
	}
	x = a.op(OpSub, args...)
	return Explanation{Expr: x, Note: i18n.Join("sep.notes", note, i18n.N("x.cut", i18n.Join("list-sep", terms...)))}
}

// fideKey is a FIDE key with its cuts: it returns the function that gives player p's
// figure, with its explanation only when explain is set.
type fideKey func(c *Context, low, high int, explain bool) func(p int) Figure

// setFIDEKey makes key, cut low and high, the computation of d: compute fills the values
// alone, and explain builds one player's explanation on demand (see Options.NoExplain).
func setFIDEKey(d *Def, key fideKey, low, high int) {
	d.compute = func(c *Context) []Figure { return fideEveryone(c, key(c, low, high, false)) }
	d.explain = func(c *Context, p int) Explanation { return key(c, low, high, true)(p).Explain }
}

// setFIDELazy makes key the computation of d for a key whose explanation is not worth
// keeping for every player: compute keeps the values alone, and explain builds one player's
// figure again with its explanation (see Options.NoExplain). key(c, explain) returns the
// function that gives player p's figure; without explain it may leave the explanation out.
func setFIDELazy(d *Def, key func(c *Context, explain bool) func(p int) Figure) {
	d.compute = func(c *Context) []Figure {
		fig := key(c, false)
		return fideEveryone(c, func(p int) Figure { return Figure{Value: fig(p).Value} })
	}
	d.explain = func(c *Context, p int) Explanation { return key(c, true)(p).Explain }
}

// fideEveryone runs fig for every player index.
func fideEveryone(c *Context, fig func(p int) Figure) []Figure {
	out := make([]Figure, len(c.Event.Players))
	for p := range out {
		out[p] = fig(p)
	}
	return out
}

// names returns the players' names in index order, for notes: all of them up to MaxNamed,
// else the first few and a count of the others (see listOf).
func (f *fideData) names(ps []int) i18n.Some {
	ps = append([]int(nil), ps...)
	sort.Ints(ps)
	var s []any
	for i, p := range ps {
		if !shown(i, len(ps)) {
			break
		}
		s = append(s, f.name(p))
	}
	return i18n.Some{Items: s, Total: len(ps)}
}
