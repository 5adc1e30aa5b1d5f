package calc

// FIDE keys built on ratings (C.07 Art. 10): average rating of opponents, tournament
// performance rating, perfect tournament performance, and the opponents' averages of those.
// Only games played over the board count; a key is n/a when an opponent it needs is unrated,
// since nothing in the input says what rating to use for him (C.07 10.1).

import (
	"sort"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func fideARODef() *Def {
	d := &Def{ID: "fide-aro", Name: "Average rating of opponents", Short: "ARO", Format: FormatInt,
		Doc: "FIDE C.07 10.1: mean rating of the opponents met over the board, rounded to a whole number (n/a if one is unrated)"}
	setFIDEKey(d, fideARO, 0, 0)
	return d
}

func fideRatingDefs() []*Def {
	defs := []*Def{
		fideARODef(),
		{ID: "fide-tpr", Name: "Tournament performance rating", Short: "TPR", Format: FormatInt,
			Doc: "FIDE C.07 10.2: ARO + dp, dp from FIDE table 8.1(a) for the score fraction p " +
				"of the games played (rounded to 0.01)",
			compute: fideTPR},
		{ID: "fide-ptp", Name: "Perfect tournament performance", Short: "PTP", Format: FormatInt,
			Doc: "FIDE C.07 10.3: the lowest rating whose expected score against the opponents met " +
				"(FIDE table 8.1(b)) reaches the score; a zero score is the lowest opponent −800 " +
				"(a perfect score is reached at the highest opponent +736)",
			compute: fidePTP},
		{ID: "fide-apro", Name: "Average performance rating of opponents", Short: "APRO", Format: FormatInt,
			Doc: "FIDE C.07 10.4: mean TPR of the opponents met over the board, rounded"},
		{ID: "fide-appo", Name: "Average perfect performance of opponents", Short: "APPO", Format: FormatInt,
			Doc: "FIDE C.07 10.5: mean PTP of the opponents met over the board, rounded"},
	}
	setFIDELazy(defs[len(defs)-2], fideAverageOf("fide-tpr"))
	setFIDELazy(defs[len(defs)-1], fideAverageOf("fide-ptp"))
	return defs
}

// fideGame is one game played over the board, for the rating keys.
type fideGame struct {
	round, opp int
	rating     int64
	result     exact.Num // 1, ½ or 0 whatever the points system: ratings count games
}

// fideGames returns p's games played over the board, or a note naming the unrated opponents.
// The notes are written once for every player: each rating key quotes the same.
func fideGames(c *Context, p int) ([]fideGame, i18n.Note) {
	notes := memoize(c, "fide-unrated", func() []i18n.Note {
		out := make([]i18n.Note, len(c.Event.Players))
		for q := range out {
			_, out[q] = fideGamesOf(c, q)
		}
		return out
	})
	if !notes[p].IsZero() {
		return nil, notes[p]
	}
	return fideGamesOf(c, p)
}

// fideGamesOf is fideGames, worked out.
func fideGamesOf(c *Context, p int) ([]fideGame, i18n.Note) {
	var games []fideGame
	var unrated []i18n.Note
	for i, r := range tallyOf(c).row(p) {
		if !fidePlayed(r.res) {
			continue
		}
		g := fideGame{round: c.Rounds[i], opp: int(r.opp), rating: int64(c.Event.Players[r.opp].Rating)}
		switch r.res {
		case tbsheet.Win:
			g.result = exact.Int(1)
		case tbsheet.Draw, tbsheet.IntentionalDraw:
			g.result = exact.Frac(1, 2)
		}
		if g.rating <= 0 {
			unrated = append(unrated, i18n.N("x.round-kind", g.round, c.Event.Players[g.opp].Name))
		}
		games = append(games, g)
	}
	switch {
	case len(unrated) > 0:
		return nil, i18n.N("x.unrated", i18n.Join("list-sep", unrated...))
	case len(games) == 0:
		return nil, i18n.N("x.no-otb")
	}
	return games, i18n.Note{}
}

// fideARO averages the opponents' ratings, without the low lowest and high highest; its
// figures always carry their explanation (the arithmetic gives the value).
func fideARO(c *Context, low, high int, _ bool) func(p int) Figure {
	return func(p int) Figure {
		games, why := fideGames(c, p)
		if !why.IsZero() {
			return Figure{Explain: Explanation{Note: why}}
		}
		var terms []fideTerm
		for _, g := range games {
			r := exact.Int(g.rating)
			terms = append(terms, fideTerm{round: g.round, value: r, by: r, expr: Int(g.rating)})
		}
		kept, cut := fideCut(terms, low, high)
		if len(kept) == 0 {
			return Figure{Explain: Explanation{Note: i18n.N("x.all-cut")}}
		}
		x := fideMean(kept)
		var note i18n.Note
		if len(cut) > 0 {
			s := make([]i18n.Note, len(cut))
			for k, t := range cut {
				s[k] = i18n.N("x.round-kind", t.round, t.value.String())
			}
			note = i18n.N("x.cut", i18n.Join("list-sep", s...))
		}
		return Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x, Note: note}}
	}
}

// fideMean is the rounded mean of the terms: ⌊(a + b + c) / 3 + 0.5⌋.
func fideMean(terms []fideTerm) *Expr {
	xs := make([]*Expr, len(terms))
	for j, t := range terms {
		xs[j] = t.expr
	}
	return roundTo(Div(Sum(xs...), Int(int64(len(xs)))), 1)
}

// fideTPR is ARO + dp(p).
func fideTPR(c *Context) []Figure {
	return fideEveryone(c, func(p int) Figure {
		games, why := fideGames(c, p)
		if !why.IsZero() {
			return Figure{Explain: Explanation{Note: why}}
		}
		var terms []fideTerm
		var score exact.Num
		for _, g := range games {
			terms = append(terms, fideTerm{value: exact.Int(g.rating), expr: Int(g.rating)})
			score = score.Add(g.result)
		}
		frac := score.DivInt(int64(len(games)))
		pc := frac.MulInt(100).Add(exact.Frac(1, 2)).Floor() // p in hundredths, rounded half up
		dp := fideDP(pc)
		x := Sum(fideMean(terms), Int(dp))
		note := i18n.N("x.tpr", halves(score), len(games), exact.Frac(pc, 100).Round(2), signed(exact.Int(dp)))
		return Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x, Note: note}}
	})
}

// fidePTP finds the lowest whole rating whose expected score reaches the player's score.
func fidePTP(c *Context) []Figure {
	return fideEveryone(c, func(p int) Figure {
		games, why := fideGames(c, p)
		if !why.IsZero() {
			return Figure{Explain: Explanation{Note: why}}
		}
		var score exact.Num
		lo, hi := games[0].rating, games[0].rating
		for _, g := range games {
			score = score.Add(g.result)
			lo, hi = min(lo, g.rating), max(hi, g.rating)
		}
		if score.Sign() == 0 { // every rating reaches a zero score: C.07 sets lowest − 800
			return Figure{Value: Known(exact.Int(lo - 800)), Explain: Explanation{Expr: Sub(Int(lo), Int(800)),
				Note: i18n.N("x.ptp-zero")}}
		}
		// Expected scores, in hundredths, grow with the rating: search the lowest that reaches
		// the score. At lo−736 every expectation is 0 and at hi+736 every one is 1, so a
		// perfect score gives hi+736.
		target := score.MulInt(100)
		expected := func(r int64) int64 {
			var e int64
			for _, g := range games {
				e += fidePD(r - g.rating)
			}
			return e
		}
		r := lo - 736 + int64(sort.Search(int(hi-lo+1473), func(k int) bool {
			return exact.Int(expected(lo-736+int64(k))).Cmp(target) >= 0
		}))
		note := i18n.N("x.ptp", r, exact.Frac(expected(r), 100).Round(2), halves(score))
		return Figure{Value: Known(exact.Int(r)), Explain: Explanation{Note: note}}
	})
}

// fideAverageOf averages another rating key over the opponents met over the board.
func fideAverageOf(id string) func(c *Context, explain bool) func(p int) Figure {
	return func(c *Context, explain bool) func(p int) Figure {
		of, lits := c.Get(id), literals(c, id)
		short, _ := Lookup(id)
		return func(p int) Figure { return fideAverage(c, p, of, lits, short, explain) }
	}
}

// fideAverage is player p's fideAverageOf; without explain, its explanation is left out.
func fideAverage(c *Context, p int, of []Figure, lits []*Expr, short *Def, explain bool) Figure {
	var terms []fideTerm
	var missing []i18n.Note // opponents without a value ("R3 Dana")
	for i, r := range tallyOf(c).row(p) {
		if !fidePlayed(r.res) {
			continue
		}
		v := of[r.opp].Value
		if !v.OK {
			missing = append(missing, i18n.N("x.round-kind", c.Rounds[i], c.Event.Players[r.opp].Name))
			continue
		}
		terms = append(terms, fideTerm{round: c.Rounds[i], value: v.Num, expr: lits[r.opp]})
	}
	switch {
	case len(missing) > 0:
		return Figure{Explain: Explanation{Note: i18n.N("x.no-value", short.Short, i18n.Join("list-sep", missing...))}}
	case len(terms) == 0:
		return Figure{Explain: Explanation{Note: i18n.N("x.no-otb")}}
	}
	x := fideMean(terms)
	if !explain {
		return Figure{Value: Known(x.Eval())}
	}
	return Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x}}
}

// fideDPTable is FIDE table 8.1(a) (Handbook B.02, FIDE Rating Regulations effective
// 1 January 2024, unchanged since 2009): the rating difference dp for a score fraction p,
// indexed by p in hundredths from 0.50 to 1.00; p below 0.50 mirrors it (dp(1−p) = −dp(p)).
var fideDPTable = [51]int64{
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50–.59
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60–.69
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70–.79
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80–.89
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90–.99
	800, // 1.00
}

// fideDP returns dp for p given in hundredths (0..100).
func fideDP(pc int64) int64 {
	if pc >= 50 {
		return fideDPTable[pc-50]
	}
	return -fideDPTable[50-pc]
}

// fidePDUpper is FIDE table 8.1(b): the largest rating difference D (|D|) for which the
// higher-rated player's expected score is 0.50, 0.51, … 0.99; above 735 it is 1.00.
var fidePDUpper = [50]int64{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68, // .50–.59
	76, 83, 91, 98, 106, 113, 121, 129, 137, 145, // .60–.69
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235, // .70–.79
	245, 256, 267, 278, 290, 302, 315, 328, 344, 357, // .80–.89
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735, // .90–.99
}

// fidePD returns the expected score, in hundredths, of a player rated d points above his
// opponent (table 8.1(b); negative d gives the lower-rated side, 100 − PD(|d|)).
func fidePD(d int64) int64 {
	if d < 0 {
		return 100 - fidePD(-d)
	}
	k := sort.Search(len(fidePDUpper), func(j int) bool { return fidePDUpper[j] >= d })
	return 50 + int64(k)
}
