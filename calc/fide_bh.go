package calc

// FIDE keys built on opponents' scores (C.07 Art. 8, 9): Buchholz, Fore Buchholz, Average of
// Opponents' Buchholz, Sonneborn-Berger and Koya, all with the unplayed-round rules of Art. 16.

import (
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet/exact"
)

func fideBHDef() *Def {
	return &Def{ID: "fide-bh", Name: "Buchholz", Short: "BH", Format: FormatDecimal,
		Doc: "FIDE C.07 8.1: sum of the opponents' scores, trailing voluntary unplayed rounds of an " +
			"opponent counted as draws, each own unplayed round as a dummy opponent with the player's own score",
		compute: func(c *Context) []Figure { return fideBH(c, 0, 0) }}
}

func fideFBDef() *Def {
	return &Def{ID: "fide-fb", Name: "Fore Buchholz", Short: "FB", Format: FormatDecimal,
		Doc:        "FIDE C.07 8.2: Buchholz with every game of the last round counted as a draw",
		Unverified: "last-round forfeits count as played draws too; last-round byes keep their points",
		compute:    func(c *Context) []Figure { return fideFB(c, 0, 0) }}
}

func fideAOBDef() *Def {
	return &Def{ID: "fide-aob", Name: "Average of opponents' Buchholz", Short: "AOB", Format: FormatDecimal,
		Doc:        "FIDE C.07 8.3: mean Buchholz of the opponents met over the board, rounded to two decimals",
		Unverified: "AOB averages played games only and is rounded half up to 0.01 (TieBreakServer not checked)",
		compute:    fideAOB}
}

func fideSBDef() *Def {
	return &Def{ID: "fide-sb", Name: "Sonneborn-Berger", Short: "SB", Format: FormatDecimal,
		Doc: "FIDE C.07 9.1: sum of each opponent's score times the points scored against him; " +
			"an unplayed round counts the dummy's score times the points it gave",
		compute: func(c *Context) []Figure { return fideSB(c, 0, 0) }}
}

func fideKoyaDef() *Def {
	return &Def{ID: "fide-koya", Name: "Koya", Short: "KS", Format: FormatDecimal,
		Doc:        "FIDE C.07 9.2: points scored against opponents who scored at least half the maximum",
		Unverified: "the limit is fixed at 50%; an own unplayed round counts when the dummy (own score) reaches it",
		compute:    fideKoya}
}

// fideBH computes Buchholz with low and high cuts.
func fideBH(c *Context, low, high int) []Figure {
	return fideBHWith(c, newFIDEData(c, false), low, high)
}

// fideFB computes Fore Buchholz: Buchholz as if every last-round game had been drawn.
func fideFB(c *Context, low, high int) []Figure {
	return fideBHWith(c, newFIDEData(c, true), low, high)
}

func fideBHWith(c *Context, f *fideData, low, high int) []Figure {
	return fideEveryone(c, func(p int) Figure {
		var terms []fideTerm
		var notes []string
		for _, o := range f.opponents(p) {
			terms = append(terms, fideTerm{round: c.Rounds[o.i], value: o.score, expr: Num(o.score), vur: o.vur})
			if o.note != "" {
				notes = append(notes, o.note)
			}
		}
		return fideSum(terms, low, high, f.rules, notes)
	})
}

// fideSB computes Sonneborn-Berger with low and high cuts; a term is the opponent's (or the
// dummy's) score times the points the player scored that round.
func fideSB(c *Context, low, high int) []Figure {
	f := newFIDEData(c, false)
	return fideEveryone(c, func(p int) Figure {
		var terms []fideTerm
		var notes []string
		for _, o := range f.opponents(p) {
			terms = append(terms, fideTerm{round: c.Rounds[o.i], value: o.score.Mul(o.pts),
				expr: Mul(Num(o.score), Num(o.pts)), vur: o.vur})
			if o.note != "" {
				notes = append(notes, o.note)
			}
		}
		return fideSum(terms, low, high, f.rules, notes)
	})
}

// fideAOB averages the Buchholz of the opponents met over the board.
func fideAOB(c *Context) []Figure {
	f := newFIDEData(c, false)
	bh := c.Get("fide-bh")
	return fideEveryone(c, func(p int) Figure {
		var terms []*Expr
		var sum exact.Num
		for _, o := range f.opponents(p) {
			if o.played {
				terms = append(terms, Num(bh[o.opp].Value.Num))
				sum = sum.Add(bh[o.opp].Value.Num)
			}
		}
		if len(terms) == 0 {
			return Figure{Explain: Explanation{Note: "no game played over the board"}}
		}
		x := roundTo(Div(Sum(terms...), Int(int64(len(terms)))), 100)
		return Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x, Note: "rounded to 0.01"}}
	})
}

// fideKoya sums the points scored against opponents (or dummies) whose score is at least
// half of the maximum possible score (a win in every round).
func fideKoya(c *Context) []Figure {
	f := newFIDEData(c, false)
	limit := c.Points.Win.MulInt(int64(len(c.Rounds))).DivInt(2)
	return fideEveryone(c, func(p int) Figure {
		var terms []*Expr
		var sum exact.Num
		var who []string
		for _, o := range f.opponents(p) {
			if o.score.Cmp(limit) < 0 {
				continue
			}
			terms = append(terms, Num(o.pts))
			sum = sum.Add(o.pts)
			name := "dummy"
			if o.opp >= 0 {
				name = f.name(o.opp)
			}
			who = append(who, fmt.Sprintf("R%d %s %s", c.Rounds[o.i], name, halves(o.score)))
		}
		note := fmt.Sprintf("no opponent scored %s or more", halves(limit))
		if len(who) > 0 {
			note = fmt.Sprintf("opponents with %s or more: %s", halves(limit), strings.Join(who, ", "))
		}
		return Figure{Value: Known(sum), Explain: Explanation{Expr: Sum(terms...), Note: note}}
	})
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
