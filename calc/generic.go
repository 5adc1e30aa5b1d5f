package calc

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// The generic tiebreaks of docs/tiebreakers.md#tiebreak-ids. They use the configured points (preset,
// event, or --points), never a system's own scoring.
func init() {
	register(&Def{
		ID: "points", Name: "Match points", Short: "Pts",
		Doc:     "Points for wins, draws, losses and byes under the scoring in force (--points).",
		Format:  FormatDecimal,
		compute: computePoints, explain: explainPoints,
	})
	register(&Def{
		ID: "match-wins", Name: "Match wins", Short: "Wins",
		Doc:     "Rounds won, byes and forfeit wins included; draws are not wins.",
		Format:  FormatInt,
		compute: computeMatchWins, explain: explainMatchWins,
	})
	register(&Def{
		ID: "buchholz", Name: "Buchholz (sum of opponents' points)", Short: "Buch",
		Doc:     "Sum of the opponents' points, one per round against a real opponent; byes add nothing.",
		Format:  FormatDecimal,
		compute: computeBuchholz, explain: explainBuchholz,
	})
	register(&Def{
		ID: "progressive", Name: "Progressive score", Short: "Prog",
		Doc:     "Sum of the running score after each round; after a drop the score stays frozen and keeps being added.",
		Format:  FormatDecimal,
		compute: computeProgressive, explain: explainProgressive,
	})
	register(&Def{
		ID: "opp-progressive", Name: "Opponents' progressive score", Short: "OppProg",
		Doc:     "Sum of the opponents' progressive scores, one per round against a real opponent.",
		Format:  FormatDecimal,
		compute: computeOppProgressive, explain: explainOppProgressive,
	})
}

// classValues returns the configured points of each result class.
func classValues(pts tbsheet.Points) [numClasses]exact.Num {
	var v [numClasses]exact.Num
	for cl := uint8(classWin); cl < numClasses; cl++ {
		v[cl] = classValue(pts, cl)
	}
	return v
}

// weighted returns Σ k[cl] × v[cl] exactly, in int64 arithmetic when it can.
func weighted(v *[numClasses]exact.Num, k [numClasses]int64) exact.Num {
	var s fracSum
	for cl := classWin; cl < numClasses; cl++ {
		if k[cl] == 0 {
			continue
		}
		if n, d, ok := v[cl].Parts(); ok {
			if nk, ok := mul64(n, k[cl]); ok {
				s.add(nk, d)
				continue
			}
		}
		s.addNum(v[cl].MulInt(k[cl]))
	}
	return s.value()
}

// computePoints: Σ over rounds of the configured points of the result (tbsheet.Points).
func computePoints(c *Context) []Figure {
	t, v := tallyOf(c), classValues(c.Points)
	figs := make([]Figure, t.n)
	for p := range figs {
		figs[p].Value = Known(weighted(&v, t.classCounts(p)))
	}
	return figs
}

// explainPoints writes "wins × W + draws × D + byes × B (+ losses × L)" and the record.
func explainPoints(c *Context, p int) Explanation {
	t, v := tallyOf(c), classValues(c.Points)
	k := t.classCounts(p)
	var terms []*Expr
	for _, cl := range []uint8{classWin, classDraw, classBye, classLoss} {
		if k[cl] != 0 && v[cl].Sign() != 0 {
			terms = append(terms, Mul(Int(k[cl]), Num(v[cl])))
		}
	}
	var x *Expr
	switch len(terms) {
	case 0:
		x = Int(0)
	case 1:
		x = terms[0]
	default:
		x = Sum(terms...)
	}
	return Explanation{Expr: x, Note: recordNote(t, p)}
}

// recordNote describes p's record as "W-L-D 2-1-0, 1 bye".
func recordNote(t *tally, p int) i18n.Note {
	w, l, d := t.count(p, wonResults...), t.count(p, lostResults...), t.count(p, drawnResults...)
	if b := t.count(p, byeResults...); b > 0 {
		return i18n.N("x.record-byes", b, w, l, d) // the count of byes first: it chooses the form
	}
	return i18n.N("x.record", w, l, d)
}

// computeMatchWins counts won rounds: wins, forfeit wins and byes (docs/tiebreakers.md#decisions-where-the-rules-are-silent).
func computeMatchWins(c *Context) []Figure {
	t := tallyOf(c)
	figs := make([]Figure, t.n)
	for p := range figs {
		figs[p].Value = Known(exact.Int(t.count(p, wonResults...)))
	}
	return figs
}

func explainMatchWins(c *Context, p int) Explanation {
	t := tallyOf(c)
	won, byes := t.count(p, tbsheet.Win, tbsheet.ForfeitWin), t.count(p, tbsheet.Bye)
	if byes == 0 {
		return Explanation{Expr: Int(won)}
	}
	return Explanation{Expr: Sum(Int(won), Int(byes)), Note: i18n.N("x.byes-count-as-wins")}
}

// opponents returns the opponents of p's rounds against a real opponent, in round order
// (a repeated opponent appears once per round: docs/tiebreakers.md#how-a-standings-is-ranked).
func (t *tally) opponents(p int) []int {
	row := t.row(p)
	out := make([]int, 0, len(row))
	for _, s := range row {
		if s.hasOpp() {
			out = append(out, int(s.opp))
		}
	}
	return out
}

// scaledValues are every player's figures of a tiebreak as integers over one common
// denominator, so that sums and comparisons over opponents are plain int64 arithmetic.
// Points-based figures always fit: their denominators divide those of the configured points.
type scaledValues struct {
	n   []int64
	den int64
}

// scaledOf returns the figures of id over their least common denominator, or nil when one
// is n/a or they do not fit in int64 (callers then fall back to exact.Num).
func scaledOf(c *Context, id string) *scaledValues {
	return memoize(c, "scaled:"+id, func() *scaledValues {
		figs := c.Get(id)
		den := int64(1)
		for _, f := range figs {
			_, d, ok := f.Value.Num.Parts()
			if !f.Value.OK || !ok {
				return nil
			}
			if den%d != 0 {
				if den, ok = mul64(den/gcd64(den, d), d); !ok {
					return nil
				}
			}
		}
		s := &scaledValues{n: make([]int64, len(figs)), den: den}
		for p, f := range figs {
			n, d, _ := f.Value.Num.Parts()
			v, ok := mul64(n, den/d)
			if !ok {
				return nil
			}
			s.n[p] = v
		}
		return s
	})
}

// opponentStats returns the sum, the largest and the smallest of the scaled values of p's
// opponents (one per round against a real opponent), and how many there were; ok is false
// on overflow.
func (sc *scaledValues) opponentStats(t *tally, p int) (sum, hi, lo int64, k int, ok bool) {
	for _, sl := range t.row(p) {
		if !sl.hasOpp() {
			continue
		}
		v := sc.n[sl.opp]
		if sum, ok = add64(sum, v); !ok {
			return 0, 0, 0, 0, false
		}
		if k == 0 || v > hi {
			hi = v
		}
		if k == 0 || v < lo {
			lo = v
		}
		k++
	}
	return sum, hi, lo, k, true
}

// sumOverOpponents returns, for every player, the sum of tiebreak id's figures over the
// opponents of his rounds against a real opponent; n/a figures add nothing.
func sumOverOpponents(c *Context, id string) []Figure {
	t, vals, sc := tallyOf(c), c.Get(id), scaledOf(c, id)
	figs := make([]Figure, t.n)
	for p := range figs {
		if sc != nil {
			if sum, _, _, _, ok := sc.opponentStats(t, p); ok {
				figs[p].Value = Known(exact.Frac(sum, sc.den))
				continue
			}
		}
		var s fracSum
		for _, sl := range t.row(p) {
			if sl.hasOpp() && vals[sl.opp].Value.OK {
				s.addNum(vals[sl.opp].Value.Num)
			}
		}
		figs[p].Value = Known(s.value())
	}
	return figs
}

// explainOpponentSum writes the sum of the opponents' figures of tiebreak id as literals.
func explainOpponentSum(c *Context, id string, p int) Explanation {
	vals := literals(c, id)
	var opps []int
	for _, o := range tallyOf(c).opponents(p) {
		if vals[o] != nil {
			opps = append(opps, o)
		}
	}
	x := sumExplanation(opps, func(o int) *Expr { return vals[o] }, i18n.N("x.no-opponents"))
	for _, o := range opps {
		x.Terms = append(x.Terms, OppTerm{Opp: o, Expr: vals[o]})
	}
	return x
}

// computeBuchholz: Σ over real opponents of their points (docs/tiebreakers.md#tiebreak-ids, the seed's 小分).
func computeBuchholz(c *Context) []Figure {
	return sumOverOpponents(c, "points")
}

func explainBuchholz(c *Context, p int) Explanation {
	return explainOpponentSum(c, "points", p)
}

// computeProgressive: Σ over counted rounds of the running score (docs/tiebreakers.md#decisions-where-the-rules-are-silent).
// The round at index i adds its points to r − i running totals, so the sum is a weighted
// count per result class; absent rounds add nothing, which keeps a dropped player's score
// frozen and still added.
func computeProgressive(c *Context) []Figure {
	t, v := tallyOf(c), classValues(c.Points)
	figs := make([]Figure, t.n)
	for p := range figs {
		var w [numClasses]int64
		for i, s := range t.row(p) {
			w[class[s.res]] += int64(t.r - i)
		}
		figs[p].Value = Known(weighted(&v, w))
	}
	return figs
}

func explainProgressive(c *Context, p int) Explanation {
	t, v := tallyOf(c), classValues(c.Points)
	var run exact.Num
	terms := make([]*Expr, 0, t.r)
	for _, s := range t.row(p) {
		run = run.Add(v[class[s.res]])
		terms = append(terms, Num(run))
	}
	x := Explanation{Expr: Sum(terms...)}
	if d := t.drop[p]; d > 0 {
		x.Note = i18n.N("x.frozen", d)
	}
	return x
}

func computeOppProgressive(c *Context) []Figure {
	return sumOverOpponents(c, "progressive")
}

func explainOppProgressive(c *Context, p int) Explanation {
	return explainOpponentSum(c, "progressive", p)
}

// shown reports whether item i of a list of total items is written out in a note (see
// i18n.MaxNamed).
func shown(i, total int) bool { return total <= i18n.MaxNamed || i < i18n.MaxNamed-1 }
