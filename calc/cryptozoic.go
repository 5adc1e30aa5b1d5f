package calc

import (
	"math"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Cryptozoic Tournament Tracker / Mantis T1–T3 (docs/tiebreakers.md#cryptozoic, and its
// decision). Players rank by match wins (byes are wins, draws are not); wins and losses are
// counted whatever the configured points.
func init() {
	register(&Def{
		ID: "cz-t1", Name: "Tiebreaker 1 (win/loss sum)", Short: "T1",
		Doc:        "Sum over the opponents of their wins minus losses, each opponent at least −3; a bye adds 0.",
		Unverified: "the −3 per-opponent floor and bye = 0 come from the seed document only (--cz-floor none drops the floor); opponents' byes count as their wins",
		Format:     FormatSigned,
		compute:    computeT1, explain: explainT1,
	})
	register(&Def{
		ID: "cz-t2", Name: "Tiebreaker 2 (first tiebreaker sum)", Short: "T2",
		Doc:     "Sum of the opponents' T1, one per round.",
		Format:  FormatSigned,
		compute: computeT2, explain: explainT2,
	})
	register(&Def{
		ID: "cz-t3", Name: "Tiebreaker 3 (timing)", Short: "T3",
		Doc:        "Sum of the squares of the round numbers of the rounds lost; later losses rank higher.",
		Unverified: "higher ranks higher, inferred from \"the importance of the rounds in which you lost\"",
		Format:     FormatInt,
		compute:    computeT3, explain: explainT3,
	})
}

// czFloor returns T1's per-opponent floor and whether there is one.
func czFloor(opt Options) (floor int64, ok bool, err error) {
	s := strings.ReplaceAll(strings.TrimSpace(opt.CZFloor), "−", "-")
	switch s {
	case "":
		return -3, true, nil
	case "none":
		return 0, false, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n > 0 {
		return 0, false, usagef("unknown --cz-floor %q (valid: -3, another negative whole number, or none)", opt.CZFloor)
	}
	return n, true, nil
}

// czStats are every player's wins minus losses and T1.
type czStats struct {
	floor    int64 // math.MinInt64 when there is no floor
	winsLoss []int64
	t1       []int64
}

func czOf(c *Context) *czStats {
	return memoize(c, "cz", func() *czStats {
		t := tallyOf(c)
		k := &czStats{floor: math.MinInt64, winsLoss: make([]int64, t.n), t1: make([]int64, t.n)}
		if f, ok, err := czFloor(c.Options); ok && err == nil {
			k.floor = f
		}
		for p := range k.winsLoss {
			k.winsLoss[p] = t.count(p, wonResults...) - t.count(p, lostResults...)
		}
		for p := range k.t1 {
			for _, s := range t.row(p) {
				if s.hasOpp() {
					k.t1[p] += max(k.floor, k.winsLoss[s.opp])
				}
			}
		}
		return k
	})
}

// computeT1: Σ over real opponents of max(−3, W − L); a bye contributes 0.
func computeT1(c *Context) []Figure {
	k := czOf(c)
	return intFigures(len(k.t1), func(p int) int64 { return k.t1[p] })
}

func explainT1(c *Context, p int) Explanation {
	k := czOf(c)
	var floor *Expr
	contrib := terms(c, "cz-t1", len(k.t1), func(a *exprArena, o int) *Expr {
		if k.floor == math.MinInt64 {
			return a.num(exact.Int(k.winsLoss[o]))
		}
		if floor == nil {
			floor = a.num(exact.Int(k.floor))
		}
		return a.op(OpMax, floor, a.num(exact.Int(k.winsLoss[o])))
	})
	return sumExplanation(tallyOf(c).opponents(p), func(o int) *Expr { return contrib[o] }, i18n.N("x.no-opponents"))
}

// computeT2: Σ over real opponents of their T1.
func computeT2(c *Context) []Figure {
	t, k := tallyOf(c), czOf(c)
	return intFigures(t.n, func(p int) int64 {
		var s int64
		for _, sl := range t.row(p) {
			if sl.hasOpp() {
				s += k.t1[sl.opp]
			}
		}
		return s
	})
}

func explainT2(c *Context, p int) Explanation {
	t1 := literals(c, "cz-t1")
	return sumExplanation(tallyOf(c).opponents(p), func(o int) *Expr { return t1[o] }, i18n.N("x.no-opponents"))
}

// lostRounds returns the round numbers of p's lost rounds.
func lostRounds(c *Context, p int) []int {
	var out []int
	for i, s := range tallyOf(c).row(p) {
		if isLoss(s.res) {
			out = append(out, c.Rounds[i])
		}
	}
	return out
}

// computeT3: Σ of the squares of the numbers of the rounds lost.
func computeT3(c *Context) []Figure {
	t := tallyOf(c)
	return intFigures(t.n, func(p int) int64 {
		var s int64
		for i, sl := range t.row(p) {
			if isLoss(sl.res) {
				r := int64(c.Rounds[i])
				s += r * r
			}
		}
		return s
	})
}

func explainT3(c *Context, p int) Explanation {
	return sumExplanation(lostRounds(c, p), func(r int) *Expr { return Mul(Int(int64(r)), Int(int64(r))) }, i18n.N("x.no-lost-rounds"))
}

// sumExplanation writes Σ term(x) over xs, or 0 with the note when xs is empty.
func sumExplanation(xs []int, term func(int) *Expr, none i18n.Note) Explanation {
	if len(xs) == 0 {
		return Explanation{Expr: Int(0), Note: none}
	}
	terms := make([]*Expr, len(xs))
	for i, x := range xs {
		terms[i] = term(x)
	}
	if len(terms) == 1 {
		return Explanation{Expr: terms[0]}
	}
	return Explanation{Expr: Sum(terms...)}
}
