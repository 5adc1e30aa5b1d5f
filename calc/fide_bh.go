package calc

// FIDE keys built on opponents' scores (C.07 Art. 8, 9): Buchholz, Fore Buchholz, Average of
// Opponents' Buchholz, Sonneborn-Berger and Koya, all with the unplayed-round rules of Art. 16.

import (
	"cmp"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func fideBHDef() *Def {
	d := &Def{ID: "fide-bh", Name: "Buchholz", Short: "BH", Format: FormatDecimal,
		Doc: "FIDE C.07 8.1: sum of the opponents' scores, trailing voluntary unplayed rounds of an " +
			"opponent counted as draws, each own unplayed round as a dummy opponent with the player's own score"}
	setFIDEKey(d, fideBH, 0, 0)
	return d
}

func fideFBDef() *Def {
	d := &Def{ID: "fide-fb", Name: "Fore Buchholz", Short: "FB", Format: FormatDecimal,
		Doc: "FIDE C.07 8.2: Buchholz with every game of the last round (forfeits included) counted as " +
			"a draw; last-round byes keep their points"}
	setFIDEKey(d, fideFB, 0, 0)
	return d
}

func fideAOBDef() *Def {
	d := &Def{ID: "fide-aob", Name: "Average of opponents' Buchholz", Short: "AOB", Format: FormatDecimal,
		Doc: "FIDE C.07 8.3: mean Buchholz of the opponents met over the board, rounded half up to two decimals"}
	setFIDELazy(d, fideAOB)
	return d
}

func fideSBDef() *Def {
	d := &Def{ID: "fide-sb", Name: "Sonneborn-Berger", Short: "SB", Format: FormatDecimal,
		Doc: "FIDE C.07 9.1: sum of each opponent's score times the points scored against him; " +
			"an unplayed round counts the dummy's score times the points it gave"}
	setFIDEKey(d, fideSB, 0, 0)
	return d
}

func fideKoyaDef() *Def {
	d := &Def{ID: "fide-koya", Name: "Koya", Short: "KS", Format: FormatDecimal,
		Doc: "FIDE C.07 9.2: points scored against opponents (forfeits included) who scored at least " +
			"half the maximum, their scores taken as they are"}
	setFIDELazy(d, fideKoya)
	return d
}

// fideBH is Buchholz with low and high cuts.
func fideBH(c *Context, low, high int, explain bool) func(p int) Figure {
	return fideOppSum(newFIDEData(c, false), low, high, explain, false)
}

// fideFB is Fore Buchholz: Buchholz as if every last-round game had been drawn.
func fideFB(c *Context, low, high int, explain bool) func(p int) Figure {
	return fideOppSum(newFIDEData(c, true), low, high, explain, false)
}

// fideSB is Sonneborn-Berger with low and high cuts; a term is the opponent's (or the
// dummy's) score times the points the player scored that round.
func fideSB(c *Context, low, high int, explain bool) func(p int) Figure {
	return fideOppSum(newFIDEData(c, false), low, high, explain, true)
}

// fideOppSum sums one term per round as opponent-based keys see them (f.opponents), with
// low and high cuts: the opponent's score (Buchholz), or with sb that score times the
// player's points (Sonneborn-Berger). The function it returns reuses its buffers: it is
// for one goroutine.
func fideOppSum(f *fideData, low, high int, explain, sb bool) func(p int) Figure {
	if explain {
		// An explanation is built for one player by a function made for it: it borrows
		// buffers instead of allocating its own.
		return func(p int) Figure {
			b := fideBufs.Get().(*fideBuf)
			defer fideBufs.Put(b)
			if f.den > 0 {
				return Figure{Explain: f.explainScaled(b, p, low, high, sb)}
			}
			return f.oppSum(b, p, low, high, true, sb)
		}
	}
	var own fideBuf // ranking reuses them for every player
	if f.den > 0 {
		// Ranking sums integers: no exact arithmetic, no terms (see fideData.den).
		return func(p int) Figure { return Figure{Value: Known(f.scaledSum(&own, p, low, high, sb))} }
	}
	return func(p int) Figure { return f.oppSum(&own, p, low, high, false, sb) }
}

// oppSum is player p's figure of fideOppSum from exact terms, with buffers b.
func (f *fideData) oppSum(b *fideBuf, p, low, high int, explain, sb bool) Figure {
	b.opps = f.opponents(b.opps, p)
	opps := b.opps
	if cap(b.terms) < len(opps) {
		b.terms = make([]fideTerm, 0, len(opps))
	}
	terms := b.terms[:0]
	var a *exprArena // a dummy's term nodes (see productLit)
	for j := range opps {
		o := &opps[j]
		t := fideTerm{round: f.c.Rounds[o.i], value: o.score, by: o.score, vur: o.vur}
		if sb && (!explain || low+high > 0) { // an explanation reads values for its cuts only
			t.value = o.score.Mul(o.pts)
		}
		if explain {
			t.expr = f.scoreLit(p, o)
			if sb {
				t.expr = f.productLit(&a, p, o)
			}
		}
		terms = append(terms, t)
	}
	var note i18n.Note
	if explain {
		note = f.oppNote(p)
	}
	return fideSum(terms, low, high, note, explain)
}

// explainScaled is player p's explanation of fideOppSum when ranking sums the scaled
// integers: the cuts ranking made, each term's shared literal, and exact values for the
// cut terms alone.
func (f *fideData) explainScaled(b *fideBuf, p, low, high int, sb bool) Explanation {
	f.scaledSum(b, p, low, high, sb)
	den := f.den
	if sb {
		den *= f.den
	}
	var a *exprArena // a dummy's term nodes (see productLit)
	var exprBuf [32]*Expr
	exprs := exprBuf[:0]
	recs := f.t.row(p)
	for i := range recs {
		k := f.round(i, recs[i])
		o := fideOpp{i: i, opp: tbsheet.NoPlayer, pts: k.pts, lit: k.lit}
		if opp := f.opponent(p, i); opp >= 0 {
			o.opp = int(opp)
		} else {
			o.score, _ = f.dummy(p, i, false)
		}
		if sb {
			exprs = append(exprs, f.productLit(&a, p, &o))
		} else {
			exprs = append(exprs, f.scoreLit(p, &o))
		}
	}
	var cutTerms [4]fideTerm
	cut := cutTerms[:0]
	for _, j := range b.cut {
		cut = append(cut, fideTerm{round: f.c.Rounds[j], value: exact.Frac(b.value[j], den), vur: b.vur[j]})
	}
	return fideExplain(exprs, cut, f.oppNote(p))
}

// scaledSum is player p's value of fideOppSum from the scaled integers, for ranking: the
// same terms and cuts, summed over den (Buchholz) or den² (Sonneborn-Berger).
func (f *fideData) scaledSum(b *fideBuf, p, low, high int, sb bool) exact.Num {
	rounds := len(f.c.Rounds)
	at := p * rounds
	b.by, b.vur, b.value, b.cut = f.sby[at:at+rounds], f.svur[at:at+rounds], b.value[:0], b.cut[:0]
	den := f.den
	if sb {
		den *= f.den
	}
	var sum int64
	for j, by := range b.by {
		v := int64(by)
		if sb {
			v *= int64(f.spts[at+j])
		}
		b.value = append(b.value, v)
		sum += v
	}
	if low+high > 0 {
		if b.cuts.by == nil {
			b.cuts = cutOrder{
				vur:   func(j int) bool { return b.vur[j] },
				by:    func(x, y int) int { return cmp.Compare(b.by[x], b.by[y]) },
				value: func(x, y int) int { return cmp.Compare(b.value[x], b.value[y]) },
			}
		}
		b.out = append(b.out[:0], make([]bool, rounds)...)
		b.cut = fideCutIndexes(b.cut[:0], b.out, b.cuts, low, high)
		for _, j := range b.cut {
			sum -= b.value[j]
		}
	}
	return exact.Frac(sum, den)
}

// fideBuf holds the buffers of one player's terms (see fideOppSum and scaledSum).
type fideBuf struct {
	opps  []fideOpp
	terms []fideTerm

	// scaledSum's terms: by and vur are views of the fideData
	by       []int32
	value    []int64
	vur, out []bool
	cut      []int
	cuts     cutOrder // reads by, value and vur
}

// fideBufs lends buffers to explanations, which run concurrently.
var fideBufs = sync.Pool{New: func() any { return new(fideBuf) }}

// fideAOB averages the Buchholz of the opponents met over the board.
func fideAOB(c *Context, _ bool) func(p int) Figure {
	f := newFIDEData(c, false)
	bh, lits := c.Get("fide-bh"), literals(c, "fide-bh")
	var opps []fideOpp
	return func(p int) Figure {
		var terms []*Expr
		var sum exact.Num
		opps = f.opponents(opps, p)
		for _, o := range opps {
			if o.played {
				terms = append(terms, lits[o.opp])
				sum = sum.Add(bh[o.opp].Value.Num)
			}
		}
		if len(terms) == 0 {
			return Figure{Explain: Explanation{Note: i18n.N("x.no-otb")}}
		}
		x := roundTo(Div(Sum(terms...), Int(int64(len(terms)))), 100)
		return Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x, Note: i18n.N("x.rounded")}}
	}
}

// fideKoya sums the points scored in the rounds paired against an opponent (played or
// forfeited) whose score is at least half of the maximum possible score (a win in every
// round). As in FIDE's checker, the opponents' scores are their own, without the
// unplayed-round rules of Art. 16, and rounds without an opponent count for nothing.
func fideKoya(c *Context, explain bool) func(p int) Figure {
	f := newFIDEData(c, false)
	limit := c.Points.Win.MulInt(int64(len(c.Rounds))).DivInt(2)
	return func(p int) Figure {
		var terms []*Expr
		var sum exact.Num
		var who []any
		for i, r := range f.t.row(p) {
			if !r.hasOpp() || f.score[r.opp].Cmp(limit) < 0 {
				continue
			}
			sum = sum.Add(f.pts(p, i))
			if explain {
				terms = append(terms, Num(f.pts(p, i)))
				who = append(who, i18n.N("x.round-name-pts", c.Rounds[i], f.name(int(r.opp)), halves(f.score[r.opp])))
			}
		}
		if !explain {
			return Figure{Value: Known(sum)}
		}
		note := i18n.N("x.koya-none", halves(limit))
		if len(who) > 0 {
			note = i18n.N("x.koya", halves(limit), i18n.Some{Items: who, Total: len(who)})
		}
		return Figure{Value: Known(sum), Explain: Explanation{Expr: Sum(terms...), Note: note}}
	}
}

// roundTo rounds x half up to a multiple of 1/scale, as an expression that shows it:
// ⌊x × scale + 0.5⌋ / scale (⌊x + 0.5⌋ for whole numbers).
func roundTo(x *Expr, scale int64) *Expr {
	half := Num(exact.Frac(1, 2))
	if scale == 1 {
		return Floor(Sum(x, half))
	}
	return Div(Floor(Sum(Mul(x, Int(scale)), half)), Int(scale))
}
