package calc

import (
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Yu-Gi-Oh!, Konami Tournament Software (docs/tiebreakers.md#yu-gi-oh-kts, and its decision): pooled sums
// over opponents, integer division (truncation), capped at 999, no floor. Byes and KTS's
// "bye losses" (tbsheet.LossNoOpponent) are matches; a double loss is a match with 0 points.
// KTS ids always use KTS's own scoring, 3 / 1 / 0 with a bye a win.
func init() {
	const unverified = "the formula is proven on KTS 2.0.5.2 (and reproduces a 3.0.0.0 file); later builds were not available"
	register(&Def{
		ID: "kts-omw", Name: "Opponents' match-win rate (KTS YYY)", Short: "YYY",
		Doc:        "⌊(3 × opponents' wins + opponents' draws) × 1000 / (3 × opponents' matches)⌋, pooled over opponents, at most 999.",
		Unverified: unverified,
		Format:     FormatInt,
		compute:    computeKTSOMW, explain: explainKTSOMW,
	})
	register(&Def{
		ID: "kts-oomw", Name: "Opponents' opponents' match-win rate (KTS ZZZ)", Short: "ZZZ",
		Doc:        "The same pooled ratio over the opponents' opponents' records (each opponent's pooled sums added up).",
		Unverified: unverified,
		Format:     FormatInt,
		compute:    computeKTSOOMW, explain: explainKTSOOMW,
	})
	register(&Def{
		ID: "kts-number", Name: "KTS tie-breaker number", Short: "XXYYYZZZ",
		Doc:        "Points × 1 000 000 + YYY × 1 000 + ZZZ: the 8-digit number KTS ranks by.",
		Unverified: unverified,
		Format:     FormatKTS,
		compute:    computeKTSNumber, explain: explainKTSNumber,
	})
}

// ktsRecord is a pooled record: wins, draws and matches.
type ktsRecord struct{ w, d, m int64 }

func (r *ktsRecord) add(o ktsRecord) { r.w, r.d, r.m = r.w+o.w, r.d+o.d, r.m+o.m }

// rate is ⌊(3w + d) × 1000 / 3m⌋ capped at 999, or 0 without matches (KTS CalculateTies).
func (r ktsRecord) rate() int64 {
	if r.m == 0 {
		return 0
	}
	return min(999, (3*r.w+r.d)*1000/(3*r.m))
}

// expr writes the rate as "⌊(3 × 5 + 1) × 1000 / (3 × 9)⌋" (the cap shows when it applies).
func (r ktsRecord) expr() Explanation {
	if r.m == 0 {
		return Explanation{Expr: Int(0), Note: i18n.N("x.no-opponents")}
	}
	a := newArena(13, 0) // the formula's nodes with their operands, in one allocation
	i := func(n int64) *Expr { return a.num(exact.Int(n)) }
	three := i(3)
	return Explanation{Expr: a.op(OpMin, i(999), a.op(OpFloor, a.op(OpDiv,
		a.op(OpMul, a.op(OpSum, a.op(OpMul, three, i(r.w)), i(r.d)), i(1000)),
		a.op(OpMul, three, i(r.m)))))}
}

// ktsStats are KTS's per-player counters: own, opponents' and opponents' opponents' records.
type ktsStats struct {
	own, opp, oppOpp []ktsRecord
}

func ktsOf(c *Context) *ktsStats {
	return memoize(c, "kts", func() *ktsStats {
		t := tallyOf(c)
		k := &ktsStats{own: make([]ktsRecord, t.n), opp: make([]ktsRecord, t.n), oppOpp: make([]ktsRecord, t.n)}
		for p := range k.own {
			k.own[p] = ktsRecord{w: t.count(p, wonResults...), d: t.count(p, drawnResults...), m: t.played(p)}
		}
		// Opps holds one entry per match against a real opponent.
		for _, level := range []struct{ from, to []ktsRecord }{{k.own, k.opp}, {k.opp, k.oppOpp}} {
			for p := range level.to {
				for _, s := range t.row(p) {
					if s.hasOpp() {
						level.to[p].add(level.from[s.opp])
					}
				}
			}
		}
		return k
	})
}

// points is KTS's WinPoints: 3 per win (byes included) and 1 per draw.
func (k *ktsStats) points(p int) int64 { return 3*k.own[p].w + k.own[p].d }

func intFigures(n int, f func(p int) int64) []Figure {
	figs := make([]Figure, n)
	for p := range figs {
		figs[p].Value = Known(exact.Int(f(p)))
	}
	return figs
}

// computeKTSOMW is YYY.
func computeKTSOMW(c *Context) []Figure {
	k := ktsOf(c)
	return intFigures(len(k.opp), func(p int) int64 { return k.opp[p].rate() })
}

func explainKTSOMW(c *Context, p int) Explanation { return ktsOf(c).opp[p].expr() }

// computeKTSOOMW is ZZZ.
func computeKTSOOMW(c *Context) []Figure {
	k := ktsOf(c)
	return intFigures(len(k.oppOpp), func(p int) int64 { return k.oppOpp[p].rate() })
}

func explainKTSOOMW(c *Context, p int) Explanation { return ktsOf(c).oppOpp[p].expr() }

// computeKTSNumber is Tie2 = Points·1 000 000 + YYY·1 000 + ZZZ.
func computeKTSNumber(c *Context) []Figure {
	k := ktsOf(c)
	return intFigures(len(k.own), func(p int) int64 {
		return k.points(p)*1_000_000 + k.opp[p].rate()*1000 + k.oppOpp[p].rate()
	})
}

func explainKTSNumber(c *Context, p int) Explanation {
	k := ktsOf(c)
	return Explanation{Expr: Sum(Mul(Int(k.points(p)), Int(1_000_000)), Mul(Int(k.opp[p].rate()), Int(1000)),
		Int(k.oppOpp[p].rate()))}
}

// SplitKTS splits a KTS tie-breaker number XXYYYZZZ into its points, its opponents'
// match-win rate and its opponents' opponents' rate: 33726677 → 33, 726, 677
// (docs/tiebreakers.md#yu-gi-oh-kts). XX is not width-limited: 107592526 → 107, 592, 526.
func SplitKTS(n int64) (xx, yyy, zzz int64) {
	return n / 1_000_000, n / 1000 % 1000, n % 1000
}
