package calc

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Magic: The Gathering, MTR Appendix C (docs/tiebreakers.md#magic-the-gathering, and
// its decisions). MTG ids always use MTG's own scoring: 3 / 1 / 0, a bye a won round.
func init() {
	const floorNote = "the 0.33 floor (MTR text) is a setting: --mtg-floor 1/3 for software that uses 1/3"
	const noOpponents = "a player with no opponents (only byes, or losses with no opponent) gets the floor, as Melee gives it (the MTR is silent)"
	register(&Def{
		ID: "mtg-mwp", Name: "Match-win percentage", Short: "MW%",
		Doc:     "Match points / (3 × rounds played), at least 0.33; a bye is a won round (helper for OMW%).",
		Format:  FormatPercent,
		compute: computeMWP, explain: explainMWP,
	})
	register(&Def{
		ID: "mtg-omw", Name: "Opponents' match-win percentage", Short: "OMW%",
		Doc:        "Mean of the opponents' match-win percentages (each at least 0.33), one per round; byes are skipped; no opponents: the floor.",
		Unverified: floorNote + "; " + noOpponents,
		Format:     FormatPercent,
		compute:    computeOMW, explain: explainOMW,
	})
	register(&Def{
		ID: "mtg-gwp", Name: "Game-win percentage", Short: "GW%",
		Doc:        "Game points (3 per game won, 1 per game drawn) / (3 × games played), at least 0.33; a bye is 2-0 (1-0 when every match is best-of-one), an intentional draw 0-0-3.",
		Unverified: "forfeits without game counts are entered 2-0 (a convention, not MTR text); in a best-of-one event (nobody won 2 games) byes and forfeits count 1-0, as Melee counts a bye, where the MTR writes 2-0 (--mtg-bo1-bye 2-0); " + floorNote,
		Format:     FormatPercent,
		compute:    computeGWP, explain: explainGWP,
	})
	register(&Def{
		ID: "mtg-ogw", Name: "Opponents' game-win percentage", Short: "OGW%",
		Doc:        "Mean of the opponents' game-win percentages (each at least 0.33), one per round; byes are skipped; no opponents: the floor.",
		Unverified: floorNote + "; " + noOpponents,
		Format:     FormatPercent,
		compute:    computeOGW, explain: explainOGW,
	})
}

// mtgFloor returns the MWP/GWP floor as a fraction: 33/100 by default, or 1/3.
func mtgFloor(opt Options) (n, d int64, err error) {
	switch opt.MTGFloor {
	case "", "0.33", ".33", "33%":
		return 33, 100, nil
	case "1/3":
		return 1, 3, nil
	}
	return 0, 0, usagef("unknown --mtg-floor %q (valid: 0.33, 1/3)", opt.MTGFloor)
}

// mtgBo1Bye returns the games a bye is won by in an event where every match is best-of-one:
// 1 by default, as Melee counts it, or 2 as the MTR writes it (MTR App. C: "won the match 2–0").
func mtgBo1Bye(opt Options) (int64, error) {
	switch opt.MTGBo1Bye {
	case "", "1-0":
		return 1, nil
	case "2-0":
		return 2, nil
	}
	return 0, usagef("unknown --mtg-bo1-bye %q (valid: 1-0, 2-0)", opt.MTGBo1Bye)
}

// bestOfOne reports whether every match of ev is best-of-one: some Swiss match between two
// players has its games entered, and in none did a player win two games.
func bestOfOne(ev *tbsheet.Event) bool {
	games := false
	for _, r := range ev.Rounds {
		if r.Playoff {
			continue
		}
		for _, m := range r.Matches {
			if m.P2 == tbsheet.NoPlayer || !m.Games.Known {
				continue
			}
			if m.Games.P1 >= 2 || m.Games.P2 >= 2 {
				return false
			}
			games = games || m.Games.P1+m.Games.P2+m.Games.Drawn > 0
		}
	}
	return games
}

// hasGameScores reports whether some Swiss match between two players has its games entered.
func hasGameScores(ev *tbsheet.Event) bool {
	for _, r := range ev.Rounds {
		if r.Playoff {
			continue
		}
		for _, m := range r.Matches {
			if m.P2 != tbsheet.NoPlayer && m.Games.Known {
				return true
			}
		}
	}
	return false
}

// noGameScores is the note of an event whose results carry no game scores (W/L only), and
// the explanation of its GW% and OGW%, which are n/a.
var noGameScores = i18n.N("note.no-game-scores")

// mtgStats are every player's MTG figures before averaging.
type mtgStats struct {
	floorN, floorD int64
	floor          exact.Num
	// byeGames is how many games a round decided without play is won by (a bye, a forfeit
	// without games): 2, or 1 when every match of the event is best-of-one (bo1).
	byeGames int64
	bo1      bool
	// noGames is true when no Swiss match between two players has game scores (results
	// entered as W/L): GW% and OGW% are then n/a for everyone, not the floor for everyone.
	noGames bool
	// mp and rounds give MWP = mp / (3·rounds); gp and games give GWP = gp / (3·games).
	mp, rounds, gp, games []int64
	// mwp and gwp are the floored percentages as reduced fractions n/d (d = 0: n/a).
	mwpN, mwpD, gwpN, gwpD []int64
}

func mtgOf(c *Context) *mtgStats {
	return memoize(c, "mtg", func() *mtgStats {
		t := tallyOf(c)
		fn, fd, err := mtgFloor(c.Options)
		if err != nil {
			fn, fd = 33, 100 // Compute rejects a bad floor before any tiebreak runs
		}
		m := &mtgStats{floorN: fn, floorD: fd, floor: exact.Frac(fn, fd), byeGames: 2, noGames: !hasGameScores(c.Event)}
		if bestOfOne(c.Event) {
			m.bo1 = true
			m.byeGames, _ = mtgBo1Bye(c.Options) // Compute rejects a bad setting before any tiebreak runs
		}
		for _, s := range []*[]int64{&m.mp, &m.rounds, &m.gp, &m.games, &m.mwpN, &m.mwpD, &m.gwpN, &m.gwpD} {
			*s = make([]int64, t.n)
		}
		// The game points are summed from the matches, read in memory order: only a round
		// played counts games, and a table of every round's games would be as large as the
		// tally.
		add := func(p int, s slot, g gameCount) {
			w, l, d := mtgGames(s, g, m.byeGames)
			m.gp[p] += 3*w + d
			m.games[p] += w + l + d
		}
		for _, r := range t.ct.counted {
			for j := range r.Matches {
				mt := &r.Matches[j]
				if mt.Result == tbsheet.Unreported {
					continue
				}
				g1, g2 := matchGames(mt)
				add(mt.P1, slot{res: mt.Result, known: mt.Games.Known}, g1)
				if mt.P2 != tbsheet.NoPlayer {
					add(mt.P2, slot{res: mt.Result.Mirror(), known: mt.Games.Known}, g2)
				}
			}
		}
		for p := 0; p < t.n; p++ {
			m.mp[p] = 3*t.count(p, wonResults...) + t.count(p, drawnResults...)
			m.rounds[p] = t.played(p)
			if m.rounds[p] > 0 {
				m.mwpN[p], m.mwpD[p] = m.floored(m.mp[p], 3*m.rounds[p])
			}
			switch {
			case m.noGames: // n/a
			case m.games[p] > 0:
				m.gwpN[p], m.gwpD[p] = m.floored(m.gp[p], 3*m.games[p])
			default:
				m.gwpN[p], m.gwpD[p] = fn, fd // no games: the floor
			}
		}
		return m
	})
}

// floored returns max(floor, n/d) reduced.
func (m *mtgStats) floored(n, d int64) (int64, int64) {
	if lessFrac(n, d, m.floorN, m.floorD) {
		return m.floorN, m.floorD
	}
	g := gcd64(n, d)
	return n / g, d / g
}

// mtgGames returns the games (won, lost, drawn) a round counts in MTG game points:
// entered games; else n-0 for a bye or forfeit win, 0-n for a forfeit loss or a loss with no
// opponent (n = 2, or 1 in a best-of-one event), 0-0-3 for an intentional draw
// (MTR §2.5); none for a result entered without games (W, L, D, DL: §A.3.16) or a chess-only
// result.
func mtgGames(s slot, g gameCount, n int64) (won, lost, drawn int64) {
	switch s.res {
	case tbsheet.Win, tbsheet.Loss, tbsheet.Draw, tbsheet.DoubleLoss,
		tbsheet.ForfeitWin, tbsheet.ForfeitLoss, tbsheet.Bye, tbsheet.LossNoOpponent:
		if s.known {
			return int64(g.won), int64(g.lost), int64(g.drawn)
		}
	case tbsheet.IntentionalDraw:
		if s.known && g.won+g.lost+g.drawn > 0 {
			return int64(g.won), int64(g.lost), int64(g.drawn)
		}
		return 0, 0, 3
	}
	switch s.res {
	case tbsheet.ForfeitWin, tbsheet.Bye:
		return n, 0, 0
	case tbsheet.ForfeitLoss, tbsheet.LossNoOpponent:
		return 0, n, 0
	}
	return 0, 0, 0
}

// bo1Note is the standings note of an event where every match is best-of-one and a round
// decided without play counts 1-0; "" otherwise.
func bo1Note(c *Context) i18n.Note {
	m := mtgOf(c)
	if !m.bo1 || m.byeGames != 1 {
		return i18n.Note{}
	}
	t := tallyOf(c)
	for p := 0; p < t.n; p++ {
		for _, s := range t.row(p) {
			if w, l, _ := mtgGames(s, gameCount{}, m.byeGames); !s.known && w+l > 0 { // no games: none to read
				return i18n.N("note.bo1")
			}
		}
	}
	return i18n.Note{}
}

// mwpTerms returns every player's MWP as "0.33↑4/15" (the floor shows only when it
// applies; nil for a player without rounds), built once and shared by the explanations
// that quote it.
func (m *mtgStats) mwpTerms(c *Context) []*Expr {
	var floor *Expr
	return terms(c, "mtg-mwp", len(m.mp), func(a *exprArena, p int) *Expr {
		if floor == nil {
			floor = a.num(m.floor)
		}
		if m.rounds[p] == 0 {
			return nil
		}
		return a.op(OpMax, floor, a.ratio(m.mp[p], 3*m.rounds[p]))
	})
}

// gwpTerms returns every player's GWP likewise; the bare floor for a player without games.
func (m *mtgStats) gwpTerms(c *Context) []*Expr {
	var floor *Expr
	return terms(c, "mtg-gwp", len(m.gp), func(a *exprArena, p int) *Expr {
		if floor == nil {
			floor = a.num(m.floor)
		}
		if m.games[p] == 0 {
			return floor
		}
		return a.op(OpMax, floor, a.ratio(m.gp[p], 3*m.games[p]))
	})
}

// fracFigures turns fractions n/d into figures (d = 0: n/a).
func fracFigures(n, d []int64) []Figure {
	figs := make([]Figure, len(n))
	for p := range figs {
		if d[p] != 0 {
			figs[p].Value = Known(exact.Frac(n[p], d[p]))
		}
	}
	return figs
}

// computeMWP: max(0.33, MP / (3 · rounds played)), byes counting as won rounds.
func computeMWP(c *Context) []Figure {
	m := mtgOf(c)
	return fracFigures(m.mwpN, m.mwpD)
}

func explainMWP(c *Context, p int) Explanation {
	m := mtgOf(c)
	if m.rounds[p] == 0 {
		return Explanation{Note: i18n.N("x.no-rounds")}
	}
	return Explanation{Expr: m.mwpTerms(c)[p]}
}

// computeGWP: max(0.33, GP / (3 · games)), the player's own figure floored too; no
// games at all gives the floor.
func computeGWP(c *Context) []Figure {
	m := mtgOf(c)
	return fracFigures(m.gwpN, m.gwpD)
}

func explainGWP(c *Context, p int) Explanation {
	m := mtgOf(c)
	if m.noGames {
		return Explanation{Note: noGameScores}
	}
	x := Explanation{Expr: m.gwpTerms(c)[p]}
	if m.games[p] == 0 {
		x.Note = i18n.N("x.no-games-floor")
	}
	return x
}

// meanOverOpponents returns, for every player, the mean of the fractions n[o]/d[o] over
// the opponents of his rounds against a real opponent; n/a with no opponent.
// An opponent whose fraction is n/a (d = 0) is left out of the mean.
func meanOverOpponents(t *tally, n, d []int64) []Figure {
	figs := make([]Figure, t.n)
	sc, den := scaledFractions(n, d)
	for p := range figs {
		if v, ok := scaledMean(t, p, d, sc, den); ok {
			figs[p].Value = v
			continue
		}
		var s fracSum // no common denominator in int64, or the sum overflows
		var k int64
		for _, sl := range t.row(p) {
			if sl.hasOpp() && d[sl.opp] != 0 {
				s.add(n[sl.opp], d[sl.opp])
				k++
			}
		}
		if k > 0 {
			figs[p].Value = Known(s.mean(k))
		}
	}
	return figs
}

// fractions returns the figures' values as fractions n/d for meanOverOpponents (d = 0:
// n/a); ok is false when one does not fit in int64. Averaging over opponents reads them
// in this compact form: a figure is 80 bytes, and the opponents are spread over the event.
func fractions(figs []Figure) (n, d []int64, ok bool) {
	n, d = make([]int64, len(figs)), make([]int64, len(figs))
	for p, f := range figs {
		if !f.Value.OK {
			continue
		}
		if n[p], d[p], ok = f.Value.Num.Parts(); !ok {
			return nil, nil, false
		}
	}
	return n, d, true
}

// scaledMean is meanOverOpponents for player p from the fractions scaled to den
// (scaledFractions); ok is false when there are none or the sum overflows.
func scaledMean(t *tally, p int, d, scaled []int64, den int64) (v Value, ok bool) {
	if scaled == nil {
		return NA, false
	}
	var sum, k int64
	for _, sl := range t.row(p) {
		if sl.hasOpp() && d[sl.opp] != 0 {
			if sum, ok = add64(sum, scaled[sl.opp]); !ok {
				return NA, false
			}
			k++
		}
	}
	if k == 0 {
		return NA, true
	}
	if den, ok = mul64(den, k); !ok {
		return NA, false
	}
	return Known(exact.Frac(sum, den)), true
}

// scaledFractions returns the fractions n[i]/d[i] (d[i] = 0: none) over their least common
// denominator, so that a sum of them is a sum of integers (one reduction for the mean instead
// of one per term); nil when that denominator or a numerator does not fit in int64.
func scaledFractions(n, d []int64) (scaled []int64, den int64) {
	den = 1
	for _, di := range d {
		if di != 0 && den%di != 0 {
			var ok bool
			if den, ok = mul64(den/gcd64(den, di), di); !ok {
				return nil, 0
			}
		}
	}
	scaled = make([]int64, len(n))
	for i, di := range d {
		if di != 0 {
			var ok bool
			if scaled[i], ok = mul64(n[i], den/di); !ok {
				return nil, 0
			}
		}
	}
	return scaled, den
}

// explainOpponentMean writes the mean of term(o) over p's opponents; term returns nil for
// an opponent whose value is n/a, as meanOverOpponents leaves it out.
func explainOpponentMean(t *tally, p int, term func(o int) *Expr) Explanation {
	row := t.row(p)
	named := make([]OppTerm, 0, len(row))
	for _, s := range row {
		if !s.hasOpp() {
			continue
		}
		if x := term(int(s.opp)); x != nil {
			named = append(named, OppTerm{Opp: int(s.opp), Expr: x})
		}
	}
	switch len(named) {
	case 0:
		return Explanation{Note: i18n.N("x.only-byes")}
	case 1:
		return Explanation{Expr: named[0].Expr, Terms: named}
	}
	terms := make([]*Expr, len(named))
	for i, n := range named {
		terms[i] = n.Expr
	}
	return Explanation{Expr: meanExpr(terms), Terms: named}
}

// computeOMW: the mean of the opponents' MWP over the player's rounds with a real opponent;
// his byes are skipped, the opponents' byes count in their own MWP. A player with no
// opponent gets the floor, as Melee gives it.
func computeOMW(c *Context) []Figure {
	m := mtgOf(c)
	return m.floorWithoutOpponents(meanOverOpponents(tallyOf(c), m.mwpN, m.mwpD))
}

func explainOMW(c *Context, p int) Explanation {
	m := mtgOf(c)
	mwp := m.mwpTerms(c)
	return m.explainWithoutOpponents(explainOpponentMean(tallyOf(c), p, func(o int) *Expr { return mwp[o] }))
}

// computeOGW: the mean of the opponents' GWP, each floored; the floor with no opponent.
func computeOGW(c *Context) []Figure {
	m := mtgOf(c)
	if m.noGames {
		return make([]Figure, len(m.gwpD))
	}
	return m.floorWithoutOpponents(meanOverOpponents(tallyOf(c), m.gwpN, m.gwpD))
}

func explainOGW(c *Context, p int) Explanation {
	m := mtgOf(c)
	if m.noGames {
		return Explanation{Note: noGameScores}
	}
	gwp := m.gwpTerms(c)
	return m.explainWithoutOpponents(explainOpponentMean(tallyOf(c), p, func(o int) *Expr { return gwp[o] }))
}

// floorWithoutOpponents gives the floor to the players whose opponents' mean is n/a: those
// with no opponent at all (only byes, or losses with no opponent), since every opponent has
// an MWP and a GWP. The MTR is silent; Melee gives the floor and ranks them with it.
func (m *mtgStats) floorWithoutOpponents(figs []Figure) []Figure {
	for p := range figs {
		if !figs[p].Value.OK {
			figs[p].Value = Known(m.floor)
		}
	}
	return figs
}

// explainWithoutOpponents explains the floor of a player with no opponent.
func (m *mtgStats) explainWithoutOpponents(x Explanation) Explanation {
	if x.Expr == nil {
		return Explanation{Expr: Num(m.floor), Note: i18n.N("x.no-opponents-floor")}
	}
	return x
}
