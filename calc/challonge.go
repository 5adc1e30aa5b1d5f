package calc

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Challonge's Swiss tie-breaks (docs/tiebreakers.md#challonge, and its
// decisions). They use the configured points: Challonge's 1 / 0.5 / 0 / bye 1 unless the dump or
// --points says otherwise.
func init() {
	register(&Def{
		ID: "chl-game-wins", Name: "Game/set wins", Short: "GW",
		Doc:     "Games (or sets) won, over entered game scores; byes and results without games add none.",
		Format:  FormatInt,
		compute: computeGameWins, explain: explainGameWins,
	})
	register(&Def{
		ID: "chl-game-win-pct", Name: "Game/set win percentage", Short: "GW%",
		Doc:        "Games won / games played, over entered game scores; n/a without any.",
		Unverified: "Challonge does not publish how it computes this key: games won over games played is assumed",
		Format:     FormatPercent,
		compute:    computeGameWinPct, explain: explainGameWinPct,
	})
	register(&Def{
		ID: "chl-set-diff", Name: "Set difference", Short: "+/−",
		Doc:     "Games (sets) won minus games lost, over entered game scores.",
		Format:  FormatSigned,
		compute: computeSetDiff, explain: explainSetDiff,
	})
	register(&Def{
		ID: "chl-points-scored", Name: "Points scored", Short: "PS",
		Doc:     "Total points scored in matches with point scores (Challonge scores_csv, a Points column); 0 without any.",
		Format:  FormatDecimal,
		compute: computePointsScored, explain: explainPointsScored,
		readsRecords: true, // a match's point scores are read from its record
	})
	register(&Def{
		ID: "chl-points-diff", Name: "Points difference", Short: "PD",
		Doc:     "Points scored minus points conceded, in matches with point scores; 0 without any.",
		Format:  FormatSigned,
		compute: computePointsDiff, explain: explainPointsDiff,
		readsRecords: true, // a match's point scores are read from its record
	})
	register(&Def{
		ID: "chl-wins-vs-tied", Name: "Wins vs tied participants", Short: "WvT",
		Doc:     "Wins in matches against players who finished on the same points.",
		Format:  FormatInt,
		compute: computeWinsVsTied, explain: explainWinsVsTied,
	})
	register(&Def{
		ID: "chl-median-buchholz", Name: "Median-Buchholz", Short: "MB",
		Doc:        "Sum of the opponents' points without the highest and the lowest; 0 with fewer than 3 opponents; byes add nothing.",
		Unverified: "Challonge does not document fewer than 3 opponents or byes: tbsheet gives 0 with fewer than 3 opponents, and byes add nothing",
		Format:     FormatDecimal,
		compute:    computeMedianBuchholz, explain: explainMedianBuchholz,
	})
}

// chlGames returns a round's entered games: none for a bye or any result without
// an opponent, none for a result entered without games.
func chlGames(s slot, g gameCount) (won, lost, drawn int64, ok bool) {
	if !s.hasOpp() || !s.known {
		return 0, 0, 0, false
	}
	return int64(g.won), int64(g.lost), int64(g.drawn), true
}

// gameTotals returns p's entered games won, lost and drawn.
func gameTotals(c *Context, p int) (won, lost, drawn int64, entered bool) {
	t := tallyOf(c)
	gr := t.gameRow(gamesOf(c), p)
	for i, s := range t.row(p) {
		if w, l, d, ok := chlGames(s, gr[i]); ok {
			won, lost, drawn, entered = won+w, lost+l, drawn+d, true
		}
	}
	return
}

// noGames is the note of a game key with no game scores entered.
var noGames = i18n.N("x.no-games")

func computeGameWins(c *Context) []Figure {
	t := tallyOf(c)
	return intFigures(t.n, func(p int) int64 { w, _, _, _ := gameTotals(c, p); return w })
}

func explainGameWins(c *Context, p int) Explanation {
	var won []int
	t := tallyOf(c)
	gr := t.gameRow(gamesOf(c), p)
	for i, s := range t.row(p) {
		if w, _, _, ok := chlGames(s, gr[i]); ok {
			won = append(won, int(w))
		}
	}
	return sumExplanation(won, func(w int) *Expr { return Int(int64(w)) }, noGames)
}

func computeGameWinPct(c *Context) []Figure {
	t := tallyOf(c)
	figs := make([]Figure, t.n)
	for p := range figs {
		if w, l, d, _ := gameTotals(c, p); w+l+d > 0 {
			figs[p].Value = Known(exact.Frac(w, w+l+d))
		}
	}
	return figs
}

func explainGameWinPct(c *Context, p int) Explanation {
	w, l, d, _ := gameTotals(c, p)
	if w+l+d == 0 {
		return Explanation{Note: i18n.N("x.no-games.na")}
	}
	return Explanation{Expr: Ratio(w, w+l+d)}
}

func computeSetDiff(c *Context) []Figure {
	t := tallyOf(c)
	return intFigures(t.n, func(p int) int64 { w, l, _, _ := gameTotals(c, p); return w - l })
}

func explainSetDiff(c *Context, p int) Explanation {
	w, l, _, entered := gameTotals(c, p)
	if !entered {
		return Explanation{Expr: Int(0), Note: noGames}
	}
	return Explanation{Expr: Sub(Int(w), Int(l))}
}

// scores returns the point scores of p's rounds against an opponent that have them.
func scores(c *Context, p int) []tbsheet.Score {
	var out []tbsheet.Score
	for _, rec := range c.Records[p] {
		if s := rec.Score(); rec.HasOpponent() && s.Known {
			out = append(out, s)
		}
	}
	return out
}

// scoreTotals returns p's points scored and conceded.
func scoreTotals(c *Context, p int) (scored, conceded exact.Num, known bool) {
	var s, k fracSum
	for _, sc := range scores(c, p) {
		s.addNum(sc.P1)
		k.addNum(sc.P2)
		known = true
	}
	return s.value(), k.value(), known
}

// noScores is the note of a point key with no point scores in the input.
var noScores = i18n.N("x.no-scores")

func computePointsScored(c *Context) []Figure {
	figs := make([]Figure, len(c.Event.Players))
	for p := range figs {
		s, _, _ := scoreTotals(c, p)
		figs[p].Value = Known(s)
	}
	return figs
}

func explainPointsScored(c *Context, p int) Explanation {
	sc := scores(c, p)
	if len(sc) == 0 {
		return Explanation{Expr: Int(0), Note: noScores}
	}
	terms := make([]*Expr, len(sc))
	for i, s := range sc {
		terms[i] = Num(s.P1)
	}
	return Explanation{Expr: Sum(terms...)}
}

func computePointsDiff(c *Context) []Figure {
	figs := make([]Figure, len(c.Event.Players))
	for p := range figs {
		s, k, _ := scoreTotals(c, p)
		figs[p].Value = Known(s.Sub(k))
	}
	return figs
}

func explainPointsDiff(c *Context, p int) Explanation {
	s, k, known := scoreTotals(c, p)
	if !known {
		return Explanation{Expr: Int(0), Note: noScores}
	}
	return Explanation{Expr: Sub(Num(s), Num(k))}
}

// primaryID returns the primary key's id: points unless ranking by match wins.
func primaryID(c *Context) string {
	if c.RankBy == "" {
		return "points"
	}
	return c.RankBy
}

// primary returns every player's primary-key figures.
func primary(c *Context) []Figure { return c.Get(primaryID(c)) }

// won reports whether a round is a win over an opponent.
func won(s slot) bool { return s.res == tbsheet.Win || s.res == tbsheet.ForfeitWin }

// winsVsTied returns the rounds in which p beat a player on the same primary value.
func winsVsTied(c *Context, prim []Figure, p int) (rounds []int, beaten []int) {
	for i, s := range tallyOf(c).row(p) {
		if won(s) && prim[s.opp].Value.Cmp(prim[p].Value) == 0 {
			rounds, beaten = append(rounds, c.Rounds[i]), append(beaten, int(s.opp))
		}
	}
	return rounds, beaten
}

// computeWinsVsTied: wins against players with the same points; every player on those
// points is in the group, not only the players tied on earlier keys. The wins are
// counted, not listed, and the values compared as integers over one denominator when they
// have one: each opponent's figure is 80 bytes away from the next.
func computeWinsVsTied(c *Context) []Figure {
	t, prim := tallyOf(c), primary(c)
	same := func(a, b int) bool { return prim[a].Value.Cmp(prim[b].Value) == 0 }
	if sc := scaledOf(c, primaryID(c)); sc != nil {
		same = func(a, b int) bool { return sc.n[a] == sc.n[b] }
	}
	return intFigures(t.n, func(p int) int64 {
		n := int64(0)
		for _, s := range t.row(p) {
			if won(s) && same(int(s.opp), p) {
				n++
			}
		}
		return n
	})
}

func explainWinsVsTied(c *Context, p int) Explanation {
	rounds, beaten := winsVsTied(c, primary(c), p)
	if len(rounds) == 0 {
		return Explanation{Expr: Int(0), Note: i18n.N("x.no-wins-vs-tied")}
	}
	wins := make([]i18n.Note, len(beaten))
	for i, o := range beaten {
		wins[i] = i18n.N("x.name-round", c.Event.Players[o].Name, rounds[i])
	}
	return Explanation{Expr: Int(int64(len(rounds))), Note: i18n.N("x.beat", i18n.Join("list-sep", wins...))}
}

// computeMedianBuchholz: Σ of the opponents' points minus the highest and the lowest, with
// 3 or more opponents; 0 otherwise (docs/tiebreakers.md#decisions-where-the-rules-are-silent; the worked example's 11 = 3 + 3 + 5 of 1.5, 3, 3, 5, 9).
func computeMedianBuchholz(c *Context) []Figure {
	t, pts, sc := tallyOf(c), c.Get("points"), scaledOf(c, "points")
	figs := make([]Figure, t.n)
	for p := range figs {
		if sc != nil {
			if sum, hi, lo, k, ok := sc.opponentStats(t, p); ok {
				figs[p].Value = Known(exact.Int(0))
				if k >= 3 {
					figs[p].Value = Known(exact.Frac(sum-hi-lo, sc.den))
				}
				continue
			}
		}
		var s fracSum
		var hi, lo exact.Num
		k := 0
		for _, sl := range t.row(p) {
			if !sl.hasOpp() {
				continue
			}
			v := pts[sl.opp].Value.Num
			s.addNum(v)
			if k == 0 || v.Cmp(hi) > 0 {
				hi = v
			}
			if k == 0 || v.Cmp(lo) < 0 {
				lo = v
			}
			k++
		}
		figs[p].Value = Known(exact.Int(0))
		if k >= 3 {
			figs[p].Value = Known(s.value().Sub(hi).Sub(lo))
		}
	}
	return figs
}

func explainMedianBuchholz(c *Context, p int) Explanation {
	pts := literals(c, "points")
	var vals []*Expr
	var named []OppTerm
	for _, o := range tallyOf(c).opponents(p) {
		vals = append(vals, pts[o])
		named = append(named, OppTerm{Opp: o, Expr: pts[o]})
	}
	if len(vals) < 3 {
		return Explanation{Expr: Int(0), Note: i18n.N("x.median-few", len(vals))}
	}
	return Explanation{Expr: Sub(Sum(vals...), Max(vals...), Min(vals...)), Terms: named}
}
