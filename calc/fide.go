package calc

// FIDE Tie-Break Regulations (Handbook C.07, 2023; docs/tiebreakers.md#chess-fide-c07): the chess preset, the
// scoring of a chess round, the unplayed-round rules of Art. 16 that every FIDE key shares,
// and the data every key reads (fide_cut.go holds the Cut-n / Median-n modifiers, the other
// fide_*.go files the keys themselves).

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// FIDE rule sets for unplayed rounds (Options.FIDERules).
const (
	// FIDE2023 is C.07 effective 1 July 2023: a player's own unplayed rounds count as games
	// against a dummy opponent with the player's own final score.
	FIDE2023 = "2023"
	// FIDE2026 is the revision effective 1 March 2026: the dummy's score is capped (16.4.1,
	// 16.4.2). Cuts are the same under both rule sets (see fideCutIndexes).
	FIDE2026 = "2026"
)

// CheckFIDERules reports whether s names a FIDE rule set tbsheet implements ("", "2023",
// "2026"); Compute calls it so that a typo is a usage error before anything is computed.
func CheckFIDERules(s string) error {
	switch s {
	case "", FIDE2023, FIDE2026:
		return nil
	}
	return fmt.Errorf("unknown FIDE rules %q (use 2023 or 2026)", s)
}

func init() {
	for _, d := range fideDefs() {
		register(d)
	}
	parsers = append(parsers, parseFIDEModifier)
	registerSystem(&System{
		Name:      "fide",
		Aliases:   []string{"chess"},
		Spellings: []string{"国际象棋", "國際象棋", "チェス", "schach", "échecs", "ajedrez"},
		Title:     "Chess (FIDE C.07)",
		Points:    tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Loss: exact.Int(0), Bye: exact.Int(1)},
		RankBy:    "points",
		Tiebreaks: []string{"fide-bh-c1", "fide-bh", "fide-sb", "fide-de"},
		Record:    RecordWDL,
	})
}

// fideDefs lists every registered FIDE id in the order `tbsheet tiebreaks` shows them.
func fideDefs() []*Def {
	defs := []*Def{
		fideBHDef(),
		fideMod("bh", 1, 0), fideMod("bh", 2, 0), fideMod("bh", 1, 1), fideMod("bh", 2, 2),
		fideFBDef(),
		fideAOBDef(),
		fideSBDef(),
		fideMod("sb", 1, 0),
		fideKoyaDef(),
		fidePSDef(),
		fideMod("ps", 1, 0),
		fideDEDef(),
	}
	defs = append(defs, fideCountDefs()...)
	defs = append(defs, fideRatingDefs()...)
	defs = append(defs, fideMod("aro", 1, 0))
	return defs
}

// fideModifiable lists the FIDE keys that take modifiers and whether they take Median-n too
// (Progressive Score is only ever cut at its start).
var fideModifiable = map[string]bool{"bh": true, "fb": true, "sb": true, "aro": true, "ps": false}

// parseFIDEModifier builds ids like "fide-bh-c3" or "fide-sb-m2" that are not registered.
func parseFIDEModifier(id string) (*Def, bool) {
	rest, ok := strings.CutPrefix(id, "fide-")
	if !ok {
		return nil, false
	}
	base, mod, ok := strings.Cut(rest, "-")
	if !ok || len(mod) < 2 || (mod[0] != 'c' && mod[0] != 'm') {
		return nil, false
	}
	median, known := fideModifiable[base]
	if !known || (mod[0] == 'm' && !median) {
		return nil, false
	}
	n, err := strconv.Atoi(mod[1:])
	if err != nil || n < 1 || n > 99 || strconv.Itoa(n) != mod[1:] {
		return nil, false
	}
	if mod[0] == 'm' {
		return fideMod(base, n, n), true
	}
	return fideMod(base, n, 0), true
}

// fideMod returns the Def of a modified key: Cut-low (high == 0) or Median-low (high == low).
func fideMod(base string, low, high int) *Def {
	var d *Def
	var fn fideKey
	switch base {
	case "bh":
		d, fn = fideBHDef(), fideBH
	case "fb":
		d, fn = fideFBDef(), fideFB
	case "sb":
		d, fn = fideSBDef(), fideSB
	case "aro":
		d, fn = fideARODef(), fideARO
	case "ps":
		d, fn = fidePSDef(), fidePS
	default:
		panic("calc: no FIDE modifier for " + base)
	}
	lowest := "the lowest value"
	if low > 1 {
		lowest = fmt.Sprintf("the %d lowest values", low)
	}
	if base == "ps" {
		lowest = "the first round's running score"
		if low > 1 {
			lowest = fmt.Sprintf("the first %d rounds' running scores", low)
		}
	}
	withModifier(d, base, low, high)
	if high == 0 {
		d.ID += fmt.Sprintf("-c%d", low)
		d.Name += fmt.Sprintf(" Cut-%d", low)
		d.Short += fmt.Sprintf("-C%d", low)
		d.Doc += fmt.Sprintf("; Cut-%d: without %s", low, lowest)
	} else {
		highest := "the highest"
		if high > 1 {
			highest = fmt.Sprintf("the %d highest", high)
		}
		d.ID += fmt.Sprintf("-m%d", low)
		d.Name += fmt.Sprintf(" Median-%d", low)
		d.Short += fmt.Sprintf("-M%d", low)
		d.Doc += fmt.Sprintf("; Median-%d: without %s and %s", low, lowest, highest)
	}
	switch base {
	case "bh", "fb":
		d.Doc += " (voluntary unplayed rounds cut first)"
	case "sb":
		d.Doc += " (the lowest value is the contribution of the opponent with the lowest score, the " +
			"lower one on equal scores; a voluntary unplayed round is cut instead unless its contribution is lower)"
	}
	setFIDEKey(d, fn, low, high)
	return d
}

// ---------------------------------------------------------------------------------------
// Chess rounds under Art. 16.

// fidePlayed reports whether the round was a game played over the board. Every other round
// (byes, forfeits, absences) is an unplayed round.
func fidePlayed(r tbsheet.Result) bool {
	switch r {
	case tbsheet.Win, tbsheet.Loss, tbsheet.Draw, tbsheet.IntentionalDraw, tbsheet.DoubleLoss:
		return true
	}
	return false
}

// fideVUR reports whether an unplayed round was voluntary (Art. 16.2): a requested half- or
// zero-point bye, a forfeit loss, an absence (after a withdrawal, before a late entry). A
// pairing-allocated bye, a full-point bye and a forfeit win are not voluntary.
func fideVUR(r tbsheet.Result) bool {
	switch r {
	case tbsheet.HalfBye, tbsheet.ZeroBye, tbsheet.Absent, tbsheet.LossNoOpponent,
		tbsheet.ForfeitLoss, tbsheet.DoubleForfeit:
		return true
	}
	return false
}

// fideUnpairedVUR reports whether r is a voluntary unplayed round without a scheduled
// opponent: the rounds 16.3 counts as draws when they end the player's tournament.
func fideUnpairedVUR(r tbsheet.Result) bool { return fideVUR(r) && r.Solo() }

// fideForfeit reports whether r is a scheduled game that was not played.
func fideForfeit(r tbsheet.Result) bool {
	return r == tbsheet.ForfeitWin || r == tbsheet.ForfeitLoss || r == tbsheet.DoubleForfeit
}

// fideKind names an unplayed round for notes ("PAB", "full-point bye", "half-point bye").
func fideKind(s slot) i18n.Note {
	switch s.res {
	case tbsheet.Bye:
		if s.full {
			return i18n.N("round.full-bye")
		}
		return i18n.N("round.pab")
	case tbsheet.HalfBye:
		return i18n.N("round.half-bye")
	case tbsheet.ZeroBye:
		return i18n.N("round.zero-bye")
	case tbsheet.LossNoOpponent:
		return i18n.N("round.loss-no-opponent")
	case tbsheet.Absent:
		return i18n.N("round.absence")
	case tbsheet.ForfeitWin:
		return i18n.N("round.forfeit-win")
	case tbsheet.ForfeitLoss:
		return i18n.N("round.forfeit-loss")
	case tbsheet.DoubleForfeit:
		return i18n.N("round.double-forfeit")
	}
	return i18n.N("text", s.res.String())
}

// fideData is what every FIDE key starts from: each player's points per round, final score
// and adjusted score (16.3), under the Context's points and rules.
type fideData struct {
	c     *Context
	t     *tally // the players' rounds
	rules string
	// score[p] is p's final score; adj[p] the score p counts for as someone's opponent.
	score, adj []exact.Num
	// drawn[p] lists the rounds (indexes) 16.3 counts as draws for p's opponents.
	drawn [][]int
	// fore is true for Fore Buchholz: every game of the last round counts as a draw.
	fore bool
	// rr is true in an all-play-all (fideRoundRobin): direct encounter counts forfeits.
	rr bool
	// Ranking sums opponents' scores as integers: den is a common denominator of the points
	// a round can score; spts[p*len(Rounds)+i] are pts[p][i] times den, and sby the same
	// round's opponent score (adjusted, or the dummy's) times den, which every
	// opponent-based key reads; svur marks the voluntary unplayed rounds. den is 0 when no
	// such denominator keeps every sum of Sonneborn-Berger in int64; ranking then sums the
	// exact terms, as explanations always do.
	den       int64
	spts, sby []int32 // den is checked to keep every score in int32
	svur      []bool

	// results[r] is what a round with result r is, foreLast what Fore Buchholz's last-round
	// pairings are (see round): a lookup, not a switch per record.
	results  [tbsheet.Absent + 1]fideRound
	foreLast fideRound

	// oppNotes[p] is oppNote(p), built once on first use.
	notesOnce sync.Once
	oppNotes  []i18n.Note
	// adjLits[p] holds adj[p] as a literal and ptsLits the points a round can score, built
	// once for explanations: every opponent of p quotes the same node. Nodes, not pointers:
	// an explanation takes the address of its opponent's node without loading a pointer
	// from a random place in a slice of a hundred thousand (a cache miss a term).
	litsOnce sync.Once
	adjLits  []exprCell
	ptsLits  []*Expr
	// ownLits[p] is score[p] as a literal (adjLits[p] when they are equal), which p's
	// dummies quote.
	ownLits []*Expr
	// products[3*p+k] holds adjLits[p] × ptsLits[k] (win, draw, loss), built once on first
	// use (see productLit); nodes, as adjLits.
	productsOnce sync.Once
	products     []exprCell

	// dePositions lends direct encounter a *[]int32 by player, −1 for every player outside
	// the group it ranks (see de): a lookup by index instead of a map, and one slice for
	// every group, which its run resets.
	dePositions sync.Pool
}

// scoreLit returns the literal of the score of p's opponent o: the opponent's shared one,
// p's own shared one for a dummy with p's score, or a dummy's own.
func (f *fideData) scoreLit(p int, o *fideOpp) *Expr {
	f.litsOnce.Do(f.buildLits)
	switch {
	case o.opp != tbsheet.NoPlayer: // an opponent's score is always his adjusted score
		return &f.adjLits[o.opp].Expr
	case o.score.Equal(f.score[p]):
		return f.ownLits[p]
	}
	return Num(o.score)
}

// pointsLit returns the literal of o's points.
func (f *fideData) pointsLit(o *fideOpp) *Expr {
	f.litsOnce.Do(f.buildLits)
	return f.ptsLits[o.lit]
}

// fidePointsLits are the points ptsLits holds, in its order (see fideRound.lit).
func fidePointsLits(pt tbsheet.Points) []exact.Num {
	return []exact.Num{pt.Win, pt.Draw, pt.Loss, pt.Bye, {}}
}

// productLit returns the Sonneborn-Berger term of a round, the opponent's (or dummy's)
// score times the points scored, built in *a (allocated on first use) for a dummy. A game's
// term is one of three nodes of its opponent (his score times a win's, a draw's or a loss's
// points), which every player who met him shares: built once, not once per explanation.
func (f *fideData) productLit(a **exprArena, p int, o *fideOpp) *Expr {
	if o.opp != tbsheet.NoPlayer && o.lit < 3 {
		f.litsOnce.Do(f.buildLits)
		f.productsOnce.Do(func() {
			b := newArena(3*len(f.adj), 0) // one slab: b.cells are the products
			for p := range f.adjLits {
				x := &f.adjLits[p].Expr
				b.op(OpMul, x, f.ptsLits[0])
				b.op(OpMul, x, f.ptsLits[1])
				b.op(OpMul, x, f.ptsLits[2])
			}
			f.products = b.cells
		})
		return &f.products[3*o.opp+o.lit].Expr
	}
	if *a == nil {
		rounds, unplayed := len(f.c.Rounds), 0
		for i := range rounds {
			if f.opponent(p, i) < 0 {
				unplayed++
			}
		}
		*a = newArena(unplayed, 0)
	}
	return (*a).op(OpMul, f.scoreLit(p, o), f.pointsLit(o))
}

func (f *fideData) buildLits() {
	adjusted := 0 // players whose adjusted score is not their own
	for p, v := range f.adj {
		if !v.Equal(f.score[p]) {
			adjusted++
		}
	}
	adj := newArena(len(f.adj), 0) // one slab: adj.cells are adjLits
	for _, v := range f.adj {
		adj.num(v)
	}
	f.adjLits = adj.cells
	a := newArena(adjusted+5, 0)
	f.ownLits = make([]*Expr, len(f.adj))
	for p, v := range f.adj {
		f.ownLits[p] = &f.adjLits[p].Expr
		if !v.Equal(f.score[p]) {
			f.ownLits[p] = a.num(f.score[p])
		}
	}
	for _, v := range fidePointsLits(f.c.Points) {
		f.ptsLits = append(f.ptsLits, a.num(v))
	}
}

// newFIDEData returns the Context's fideData (with or without Fore Buchholz), built once:
// every FIDE key and every tied group direct encounter ranks shares it, which keeps a
// preset's work linear in the number of matches.
func newFIDEData(c *Context, fore bool) *fideData {
	key := "fide"
	if fore {
		key = "fide-fore"
	}
	return memoize(c, key, func() *fideData { return buildFIDEData(c, fore) })
}

func buildFIDEData(c *Context, fore bool) *fideData {
	f := &fideData{c: c, t: tallyOf(c), rules: c.Options.FIDERules, fore: fore}
	f.dePositions.New = func() any { return new([]int32) }
	if f.rules == "" {
		f.rules = FIDE2023
	}
	f.den = fideDen(c)
	f.rr = fideRoundRobin(f.t, c.Event.RoundRobin)
	f.setRounds()
	n, rounds := f.t.n, f.t.r
	f.score = make([]exact.Num, n)
	f.adj = make([]exact.Num, n)
	f.drawn = make([][]int, n)
	if f.den > 0 {
		f.spts, f.sby, f.svur = make([]int32, n*rounds), make([]int32, n*rounds), make([]bool, n*rounds)
	}
	for p := range n {
		recs := f.t.row(p)
		var score fracSum // one reduction, not one per round, when there is no den
		var scaled int64  // the score × den
		last := -1        // the last round that is not voluntarily unplayed
		for i := range recs {
			r, at := recs[i], p*rounds+i
			k := f.round(i, r)
			if f.den > 0 {
				scaled += int64(k.spts)
				f.spts[at], f.svur[at] = k.spts, k.vur
			} else {
				score.addNum(k.pts)
			}
			if !k.vur {
				last = i
			}
		}
		f.score[p] = score.value()
		if f.den > 0 {
			f.score[p] = exact.Frac(scaled, f.den)
		}
		f.adj[p] = f.score[p]
		for i := last + 1; i < len(recs); i++ {
			if pts := f.pts(p, i); fideUnpairedVUR(recs[i].res) && !pts.Equal(c.Points.Draw) {
				f.adj[p] = f.adj[p].Sub(pts).Add(c.Points.Draw)
				f.drawn[p] = append(f.drawn[p], i)
			}
		}
	}
	if f.den > 0 {
		f.scaleOpponents()
	}
	return f
}

// fideDen returns a common denominator of the points a round can score, small enough that
// every score fits in int32 and every Sonneborn-Berger sum in int64, or 0 (see
// fideData.den).
func fideDen(c *Context) int64 {
	pt := c.Points
	var num, den []int64
	for _, v := range []exact.Num{pt.Win, pt.Draw, pt.Loss, pt.Bye} {
		n, d, ok := v.Parts()
		if !ok {
			return 0
		}
		num, den = append(num, n), append(den, d)
	}
	scaled, d := scaledFractions(num, den)
	if scaled == nil {
		return 0
	}
	// A score is at most rounds × the largest points, which keeps it in int32; a
	// Sonneborn-Berger sum is at most rounds × score × points ≤ (rounds × points)², and den²
	// its denominator, in int64.
	most := d
	for _, v := range scaled {
		most = max(most, v, -v)
	}
	if most >= 1<<31/int64(max(1, len(c.Rounds))) {
		return 0
	}
	return d
}

// fideRound is what a round is to the FIDE keys: its points (and their scaled value when
// there is a den), whether it was played, whether it was a voluntary unplayed round.
type fideRound struct {
	pts         exact.Num
	spts        int32
	lit         int // the first of fidePointsLits equal to pts: the index of its literal
	played, vur bool
}

// setRounds fills results and foreLast.
func (f *fideData) setRounds() {
	lits := fidePointsLits(f.c.Points)
	lit := func(v exact.Num) int { // every points value is one of them
		return slices.IndexFunc(lits, v.Equal)
	}
	for res := range f.results {
		r := tbsheet.Result(res)
		k := fideRound{pts: f.c.Points.For(r), played: fidePlayed(r)}
		k.lit, k.vur = lit(k.pts), fideVUR(r) && !k.played
		f.results[res] = k
	}
	f.foreLast = fideRound{pts: f.c.Points.Draw, lit: lit(f.c.Points.Draw), played: true}
	if f.den > 0 {
		for res := range f.results {
			f.results[res].spts = int32(f.scaled(f.results[res].pts))
		}
		f.foreLast.spts = int32(f.scaled(f.foreLast.pts))
	}
}

// round returns what round i of slot s is (see fideRound). Under Fore Buchholz every
// last-round pairing (with an opponent) is a played draw.
func (f *fideData) round(i int, s slot) *fideRound {
	if f.fore && i == len(f.c.Rounds)-1 && s.hasOpp() {
		return &f.foreLast
	}
	return &f.results[s.res]
}

// scaleOpponents fills sby.
func (f *fideData) scaleOpponents() {
	adj := make([]int32, len(f.adj))
	for p := range adj {
		adj[p] = int32(f.scaled(f.adj[p]))
	}
	for p := range f.t.n {
		for i := range f.t.r {
			if o := f.opponent(p, i); o >= 0 {
				f.sby[p*f.t.r+i] = adj[o]
			} else {
				d, _ := f.dummy(p, i, false)
				f.sby[p*f.t.r+i] = int32(f.scaled(d))
			}
		}
	}
}

// opponent returns p's opponent in Rounds[i] if they played (see round), else −1.
func (f *fideData) opponent(p, i int) int32 {
	s := f.t.slots[p*f.t.r+i]
	if !f.round(i, s).played {
		return -1
	}
	return s.opp
}

// scaled returns v × den; v is a sum of points, whose denominator divides den.
func (f *fideData) scaled(v exact.Num) int64 {
	n, d, _ := v.Parts()
	return n * (f.den / d)
}

// pts returns p's points in Rounds[i].
func (f *fideData) pts(p, i int) exact.Num { return f.round(i, f.t.row(p)[i]).pts }

// dummy returns the score of the dummy opponent that stands in for p's unplayed round i
// (16.4): p's own final score; under the 2026 rules capped by the scheduled opponent's
// adjusted score after a forfeit (16.4.1) and by a draw in every round otherwise (16.4.2).
// Its reason is a note only when explain is set: computing needs no words.
func (f *fideData) dummy(p, i int, explain bool) (exact.Num, i18n.Note) {
	s, how := f.score[p], "x.dummy.own"
	switch r := f.t.row(p)[i]; {
	case f.rules != FIDE2026:
	case fideForfeit(r.res):
		if o := f.adj[r.opp]; o.Cmp(s) < 0 {
			if !explain {
				return o, i18n.Note{}
			}
			return o, i18n.N("x.dummy.capped", f.name(int(r.opp)))
		}
	default:
		if limit := f.c.Points.Draw.MulInt(int64(len(f.c.Rounds))); limit.Cmp(s) < 0 {
			s, how = limit, "x.dummy.draws"
		}
	}
	if !explain {
		return s, i18n.Note{}
	}
	return s, i18n.N(how)
}

func (f *fideData) name(p int) string { return f.c.Event.Players[p].Name }

// fideOpp is one round seen by an opponent-based key: the opponent's (adjusted) score or the
// dummy's, and the player's points in that round.
type fideOpp struct {
	i      int       // index into Rounds
	opp    int       // opponent, or NoPlayer for a dummy
	score  exact.Num // adjusted opponent score, or dummy score
	pts    exact.Num // own points that round
	lit    int       // the index of pts's literal (see fideRound)
	vur    bool
	played bool
}

// opponents returns p's rounds as opponent-based keys see them (16.3, 16.4), appended to
// dst[:0]; oppNote says how they came about.
func (f *fideData) opponents(dst []fideOpp, p int) []fideOpp {
	recs := f.t.row(p)
	out := dst[:0]
	if cap(out) < len(recs) {
		out = make([]fideOpp, 0, len(recs))
	}
	for i := range recs {
		r := recs[i]
		k := f.round(i, r)
		o := fideOpp{i: i, opp: tbsheet.NoPlayer, pts: k.pts, lit: k.lit, vur: k.vur, played: k.played}
		if o.played {
			o.opp, o.score = int(r.opp), f.adj[r.opp]
		} else {
			o.score, _ = f.dummy(p, i, false)
		}
		out = append(out, o)
	}
	return out
}

// oppNote returns the note of p's opponent-based figures: how his unplayed rounds and his
// opponents' adjusted scores came about ("R3 Ann's R9 absence counts ½; R5 PAB: dummy 4
// (own score)"), or "". Every key built on opponents' scores writes the same note, so the
// notes are built once for every player, on first use.
func (f *fideData) oppNote(p int) i18n.Note {
	f.notesOnce.Do(f.buildNotes)
	return f.oppNotes[p]
}

func (f *fideData) buildNotes() {
	drawn := make([]i18n.Note, len(f.drawn)) // quoted by every opponent of the player
	for q, d := range f.drawn {
		if len(d) > 0 {
			drawn[q] = f.drawnNote(q)
		}
	}
	f.oppNotes = make([]i18n.Note, f.t.n)
	var parts []i18n.Note
	for p := range f.t.n {
		parts = parts[:0]
		for i, r := range f.t.row(p) {
			played := f.round(i, r).played
			if played && drawn[r.opp].IsZero() {
				continue
			}
			if played {
				parts = append(parts, i18n.N("x.opp-counts", f.c.Rounds[i], f.name(int(r.opp)), drawn[r.opp]))
				continue
			}
			score, how := f.dummy(p, i, true)
			parts = append(parts, i18n.N("x.dummy", f.c.Rounds[i], fideKind(r), halves(score), how))
		}
		f.oppNotes[p] = i18n.Join("sep.notes", parts...)
	}
}

// drawnNote says which of p's rounds count as draws for his opponents ("R3 absence counts ½").
func (f *fideData) drawnNote(p int) i18n.Note {
	rounds := make([]i18n.Note, len(f.drawn[p]))
	for k, i := range f.drawn[p] {
		rounds[k] = roundKind(f.c.Rounds[i], fideKind(f.t.row(p)[i]))
	}
	return i18n.N("x.counts", len(rounds), i18n.Join("list-sep", rounds...), halves(f.c.Points.Draw))
}

// roundKind is "R3 absence": a round and what kind of round it was.
func roundKind(round int, kind i18n.Note) i18n.Note { return i18n.N("x.round-kind", round, kind) }

// halves writes a number as chess players do: "½", "2½", "3", else a decimal.
func halves(n exact.Num) string {
	if n.IsInt() {
		return signed(n)
	}
	if d := n.MulInt(2); d.IsInt() && n.Sign() > 0 {
		if w := n.Floor(); w > 0 {
			return strconv.FormatInt(w, 10) + "½"
		}
		return "½"
	}
	return formatNum(FormatDecimal, n)
}
