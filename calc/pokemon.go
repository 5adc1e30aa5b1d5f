package calc

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Pokémon TCG, Play! Pokémon Tournament Rules Handbook / TOM (docs/tiebreakers.md#pokémon, and
// its decisions). Pokémon ids always use the handbook's own scoring.
func init() {
	register(&Def{
		ID: "pkm-wp", Name: "Win percentage", Short: "Win%",
		Doc:        "(Wins + ½ ties) / rounds played without byes, between 25% and 100% (75% for a player who dropped); helper for OWP.",
		Unverified: "a tie counts as half a win (RK9; the handbook text speaks only of wins)",
		Format:     FormatPercent,
		compute:    computePkmWP, explain: explainPkmWP,
	})
	register(&Def{
		ID: "pkm-owp", Name: "Opponents' win percentage", Short: "OWP",
		Doc:        "Mean of the opponents' win percentages, one per round; the player's byes are skipped.",
		Unverified: "a tie counts as half a win (RK9)",
		Format:     FormatPercent,
		compute:    computePkmOWP, explain: explainPkmOWP,
	})
	register(&Def{
		ID: "pkm-oowp", Name: "Opponents' opponents' win percentage", Short: "OOWP",
		Doc:     "Mean of the opponents' OWP, one per round; the player's byes are skipped.",
		Format:  FormatPercent,
		compute: computePkmOOWP, explain: explainPkmOOWP,
	})
	register(&Def{
		ID: "pkm-h2h", Name: "Head-to-head", Short: "H2H",
		Doc:     "Separates exactly two tied players who played each other: the winner ranks higher (1, the loser 0); any other tie stays, and the handbook orders it at random.",
		Format:  FormatInt,
		compute: func(c *Context) []Figure { return make([]Figure, len(c.Event.Players)) },
		Group:   pkmHeadToHead,
	})
}

var (
	pkmFloor      = exact.Frac(1, 4)
	pkmDroppedCap = exact.Frac(3, 4)
)

// pkmStats hold every player's win percentage before averaging.
type pkmStats struct {
	score2, den []int64 // WP = score2 / (2·den) before floor and cap; den 0: n/a
	byes        []int64
	dropped     []bool
	wpN, wpD    []int64 // the clamped WP, reduced (wpD 0: n/a)
}

func pkmOf(c *Context) *pkmStats {
	return memoize(c, "pkm", func() *pkmStats {
		t := tallyOf(c)
		k := &pkmStats{score2: make([]int64, t.n), den: make([]int64, t.n), byes: make([]int64, t.n),
			dropped: make([]bool, t.n), wpN: make([]int64, t.n), wpD: make([]int64, t.n)}
		for p := 0; p < t.n; p++ {
			k.score2[p] = 2*t.count(p, tbsheet.Win, tbsheet.ForfeitWin) + t.count(p, tbsheet.Draw, tbsheet.IntentionalDraw)
			k.byes[p] = t.count(p, byeResults...)
			k.dropped[p] = t.drop[p] > 0
			if k.dropped[p] {
				k.den[p] = t.played(p) - k.byes[p] // the rounds taken part in
			} else {
				k.den[p] = int64(t.r) - k.byes[p] // missed rounds count as played and lost
			}
			if k.den[p] <= 0 {
				continue
			}
			n, d := k.score2[p], 2*k.den[p]
			switch {
			case lessFrac(n, d, 1, 4):
				n, d = 1, 4
			case k.dropped[p] && lessFrac(3, 4, n, d):
				n, d = 3, 4
			}
			g := gcd64(n, d)
			k.wpN[p], k.wpD[p] = n/g, d/g
		}
		return k
	})
}

// wpTerms returns every player's WP as "0.25↑0/2", "2/3", "1.5 / 2" or "0.75↓2/2" (nil
// when n/a), built once and shared by the explanations that quote it.
func (k *pkmStats) wpTerms(c *Context) []*Expr {
	var floor, dropCap *Expr
	return terms(c, "pkm-wp", len(k.den), func(a *exprArena, p int) *Expr {
		if floor == nil {
			floor, dropCap = a.num(pkmFloor), a.num(pkmDroppedCap)
		}
		if k.den[p] <= 0 {
			return nil
		}
		var x *Expr
		if k.score2[p]%2 == 0 {
			x = a.ratio(k.score2[p]/2, k.den[p])
		} else {
			x = a.op(OpDiv, a.num(exact.Frac(k.score2[p], 2)), a.num(exact.Int(k.den[p])))
		}
		if k.dropped[p] {
			x = a.op(OpMin, dropCap, x)
		}
		return a.op(OpMax, floor, x)
	})
}

// computePkmWP: the player's own win percentage. Byes leave numerator and denominator; a completed
// player's denominator is the number of rounds minus byes (a late entry's missed rounds are
// lost rounds), a dropped (or disqualified) player's the rounds he took part in minus byes.
func computePkmWP(c *Context) []Figure {
	k := pkmOf(c)
	return fracFigures(k.wpN, k.wpD)
}

func explainPkmWP(c *Context, p int) Explanation {
	k := pkmOf(c)
	if k.den[p] <= 0 {
		return Explanation{Note: i18n.N("x.no-rounds-vs-opp")}
	}
	var notes []i18n.Note
	if k.byes[p] > 0 {
		notes = append(notes, i18n.N("x.byes-removed", k.byes[p]))
	}
	if k.dropped[p] {
		notes = append(notes, i18n.N("x.dropped-cap"))
	}
	return Explanation{Expr: k.wpTerms(c)[p], Note: i18n.Join("sep.notes", notes...)}
}

// computePkmOWP: the mean of the opponents' WP; floor and cap apply per opponent.
func computePkmOWP(c *Context) []Figure {
	k := pkmOf(c)
	return meanOverOpponents(tallyOf(c), k.wpN, k.wpD)
}

func explainPkmOWP(c *Context, p int) Explanation {
	wp := pkmOf(c).wpTerms(c)
	return explainOpponentMean(tallyOf(c), p, func(o int) *Expr { return wp[o] })
}

// computePkmOOWP: the mean of the opponents' OWP.
func computePkmOOWP(c *Context) []Figure {
	t, owp := tallyOf(c), c.Get("pkm-owp")
	if n, d, ok := fractions(owp); ok {
		return meanOverOpponents(t, n, d)
	}
	figs := make([]Figure, t.n) // an OWP that does not fit in int64
	for p := range figs {
		var s fracSum
		var k int64
		for _, sl := range t.row(p) {
			if sl.hasOpp() && owp[sl.opp].Value.OK {
				s.addNum(owp[sl.opp].Value.Num)
				k++
			}
		}
		if k > 0 {
			figs[p].Value = Known(s.mean(k))
		}
	}
	return figs
}

// explainPkmOOWP uses the opponents' OWP as exact literals (their own explanations show how
// each was obtained).
func explainPkmOOWP(c *Context, p int) Explanation {
	owp := literals(c, "pkm-owp")
	return explainOpponentMean(tallyOf(c), p, func(o int) *Expr { return owp[o] })
}

// pkmHeadToHead is the handbook's final tiebreaker: only a group of exactly
// two players who played each other, one having won more of their matches, is separated.
func pkmHeadToHead(c *Context, group []int) []Figure {
	figs := make([]Figure, len(group))
	ev := c.Event
	if len(group) != 2 {
		for i := range figs {
			figs[i].Explain.Note = i18n.N("x.h2h-many", len(group))
		}
		return figs
	}
	a, b := group[0], group[1]
	var aWon, bWon []int // round numbers
	met := false
	for i, s := range tallyOf(c).row(a) {
		if int(s.opp) != b {
			continue
		}
		met = true
		switch s.res {
		case tbsheet.Win, tbsheet.ForfeitWin:
			aWon = append(aWon, c.Rounds[i])
		case tbsheet.Loss, tbsheet.ForfeitLoss:
			bWon = append(bWon, c.Rounds[i])
		}
	}
	rounds := func(name string, rs []int) i18n.Note {
		s := make([]any, len(rs))
		for i, r := range rs {
			s[i] = r
		}
		return i18n.N("x.name-rounds", name, i18n.Some{Items: s, Total: len(s)})
	}
	switch {
	case !met:
		figs[0].Explain.Note = i18n.N("x.h2h-not-met", ev.Players[b].Name)
		figs[1].Explain.Note = i18n.N("x.h2h-not-met", ev.Players[a].Name)
	case len(aWon) == len(bWon):
		figs[0].Explain.Note = i18n.N("x.h2h-even", ev.Players[b].Name)
		figs[1].Explain.Note = i18n.N("x.h2h-even", ev.Players[a].Name)
	default:
		w, l, won := 0, 1, aWon
		if len(bWon) > len(aWon) {
			w, l, won = 1, 0, bWon
		}
		figs[w] = Figure{Value: Known(exact.Int(1)), Explain: Explanation{
			Note: i18n.N("x.beat", rounds(ev.Players[group[l]].Name, won))}}
		figs[l] = Figure{Value: Known(exact.Int(0)), Explain: Explanation{
			Note: i18n.N("x.lost-to", rounds(ev.Players[group[w]].Name, won))}}
	}
	return figs
}
