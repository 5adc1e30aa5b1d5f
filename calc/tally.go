package calc

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// slot is one player's round in the compact form every hot loop reads: 8 bytes instead of a
// Record's 32, so that a pass over a 100 000-player event stays in cache. The game counts,
// which only the game keys read, are beside the slots (gamesOf).
type slot struct {
	opp   int32 // opponent index, or tbsheet.NoPlayer
	res   tbsheet.Result
	known bool          // games known
	color tbsheet.Color // the player's colour (chess)
	full  bool          // a Bye given before pairing (Match.FullPointBye), named apart in notes
}

// gameCount is a round's games from the player's side, when its slot has them (known).
type gameCount struct{ won, lost, drawn int32 }

// hasOpp reports whether the round had a real opponent (played or forfeited).
func (s slot) hasOpp() bool { return s.opp >= 0 }

// numResults is the number of Result kinds, Absent included.
const numResults = int(tbsheet.Absent) + 1

// tally is the crosstable in compact form with per-player counters. It is built once per
// Context (see tallyOf) and only read afterwards.
type tally struct {
	ct     *Crosstable
	n, r   int    // players, counted rounds
	slots  []slot // player-major: player p's rounds are slots[p*r : (p+1)*r]
	counts [][numResults]int32
	// drop is the round after which a player stopped: Player.DroppedAfter, or for a
	// disqualified player with unplayed trailing rounds, his last round. 0 = completed.
	drop []int
}

// tallyOf returns the context's tally, building it on first use.
func tallyOf(c *Context) *tally {
	return memoize(c, "tally", func() *tally { return newTally(c.Crosstable) })
}

func newTally(ct *Crosstable) *tally {
	t := &tally{ct: ct, n: len(ct.Event.Players), r: len(ct.Rounds)}
	t.slots = make([]slot, t.n*t.r)
	t.counts = make([][numResults]int32, t.n)
	t.drop = make([]int, t.n)
	// Every slot starts absent; the matches then fill theirs, read in memory order.
	for i := range t.slots {
		t.slots[i] = slot{opp: tbsheet.NoPlayer, res: tbsheet.Absent}
	}
	for i, r := range ct.counted {
		for j := range r.Matches {
			m := &r.Matches[j]
			if m.Result == tbsheet.Unreported {
				continue
			}
			t.slots[m.P1*t.r+i] = slot{opp: int32(m.P2), res: m.Result, known: m.Games.Known, color: m.Color,
				full: m.Result == tbsheet.Bye && m.FullPointBye}
			if m.P2 != tbsheet.NoPlayer {
				t.slots[m.P2*t.r+i] = slot{opp: int32(m.P1), res: m.Result.Mirror(), known: m.Games.Known,
					color: m.Color.Mirror()}
			}
		}
	}
	for p := range t.n {
		last := 0 // index+1 of the last round with a record
		for i, s := range t.row(p) {
			t.counts[p][s.res]++
			if s.res != tbsheet.Absent {
				last = i + 1
			}
		}
		t.drop[p] = ct.DroppedAfter(p)
		if t.drop[p] == 0 && ct.Event.Players[p].Disqualified && last > 0 && last < t.r {
			t.drop[p] = ct.Rounds[last-1]
		}
	}
	return t
}

// row returns player p's slots.
func (t *tally) row(p int) []slot { return t.slots[p*t.r : (p+1)*t.r] }

// gamesOf returns the game counts of every slot, laid out as the slots, built on first use.
func gamesOf(c *Context) []gameCount {
	return memoize(c, "games", func() []gameCount {
		t := tallyOf(c)
		out := make([]gameCount, len(t.slots))
		for i, r := range t.ct.counted {
			for j := range r.Matches {
				m := &r.Matches[j]
				if m.Result == tbsheet.Unreported || !m.Games.Known {
					continue
				}
				g1, g2 := matchGames(m)
				out[m.P1*t.r+i] = g1
				if m.P2 != tbsheet.NoPlayer {
					out[m.P2*t.r+i] = g2
				}
			}
		}
		return out
	})
}

// matchGames returns a match's game counts from P1's side and from P2's.
func matchGames(m *tbsheet.Match) (p1, p2 gameCount) {
	g := m.Games
	return gameCount{int32(g.P1), int32(g.P2), int32(g.Drawn)}, gameCount{int32(g.P2), int32(g.P1), int32(g.Drawn)}
}

// gameRow returns player p's game counts from gamesOf.
func (t *tally) gameRow(games []gameCount, p int) []gameCount { return games[p*t.r : (p+1)*t.r] }

// count returns how many of p's rounds have one of the results.
func (t *tally) count(p int, results ...tbsheet.Result) int64 {
	var n int64
	for _, r := range results {
		n += int64(t.counts[p][r])
	}
	return n
}

// played returns the number of rounds p has a record in (byes and losses without an
// opponent included): MTR's "rounds played", KTS's Matches.
func (t *tally) played(p int) int64 { return int64(t.r) - t.count(p, tbsheet.Absent) }

// Result classes under a scoring: which of Points' four values a round earns.
const (
	classNone = iota // absent: no points
	classWin
	classDraw
	classLoss
	classBye
	numClasses
)

// class maps a result to the Points value it earns (tbsheet.Points documents the mapping).
var class = [numResults]uint8{
	tbsheet.Win: classWin, tbsheet.ForfeitWin: classWin,
	tbsheet.Draw: classDraw, tbsheet.IntentionalDraw: classDraw, tbsheet.HalfBye: classDraw,
	tbsheet.Loss: classLoss, tbsheet.ForfeitLoss: classLoss, tbsheet.DoubleLoss: classLoss,
	tbsheet.DoubleForfeit: classLoss, tbsheet.ZeroBye: classLoss, tbsheet.LossNoOpponent: classLoss,
	tbsheet.Bye: classBye,
}

// classValue returns the points of a result class.
func classValue(pts tbsheet.Points, cl uint8) exact.Num {
	switch cl {
	case classWin:
		return pts.Win
	case classDraw:
		return pts.Draw
	case classLoss:
		return pts.Loss
	case classBye:
		return pts.Bye
	}
	return exact.Num{}
}

// classCounts returns how many of p's rounds fall in each class.
func (t *tally) classCounts(p int) [numClasses]int64 {
	var n [numClasses]int64
	for res, k := range t.counts[p] {
		n[class[res]] += int64(k)
	}
	return n
}

// Record counts used by several systems.
var (
	wonResults  = []tbsheet.Result{tbsheet.Win, tbsheet.ForfeitWin, tbsheet.Bye}
	lostResults = []tbsheet.Result{tbsheet.Loss, tbsheet.ForfeitLoss, tbsheet.DoubleLoss,
		tbsheet.DoubleForfeit, tbsheet.ZeroBye, tbsheet.LossNoOpponent}
	drawnResults = []tbsheet.Result{tbsheet.Draw, tbsheet.IntentionalDraw, tbsheet.HalfBye}
	byeResults   = []tbsheet.Result{tbsheet.Bye, tbsheet.HalfBye, tbsheet.ZeroBye}
)

// isLoss reports whether a result is a lost round (for Cryptozoic's T3).
func isLoss(r tbsheet.Result) bool { return class[r] == classLoss }

// fracSum adds fractions exactly and fast. It keeps an unreduced sum n/d whose denominator
// is the least common multiple of the terms', which costs one gcd against a small
// denominator per term, and moves to exact.Num only when a product would overflow. Summing
// with exact.Num directly would reduce (two large gcds) at every step.
type fracSum struct {
	n, d int64 // d == 0: nothing added yet
	big  bool
	acc  exact.Num
}

// add adds n/d (d > 0).
func (s *fracSum) add(n, d int64) {
	switch {
	case s.big:
		s.acc = s.acc.Add(exact.Frac(n, d))
		return
	case s.d == 0:
		s.n, s.d = n, d
		return
	case s.d == d:
		if v, ok := add64(s.n, n); ok {
			s.n = v
			return
		}
	default:
		g := gcd64(s.d, d)
		m := d / g
		nd, ok1 := mul64(s.d, m)
		a, ok2 := mul64(s.n, m)
		b, ok3 := mul64(n, s.d/g)
		if ok1 && ok2 && ok3 {
			if v, ok := add64(a, b); ok {
				s.n, s.d = v, nd
				return
			}
		}
	}
	s.big, s.acc = true, exact.Frac(s.n, s.d).Add(exact.Frac(n, d))
}

// addNum adds x.
func (s *fracSum) addNum(x exact.Num) {
	if n, d, ok := x.Parts(); ok && !s.big {
		s.add(n, d)
		return
	}
	if !s.big {
		s.big, s.acc = true, s.value()
	}
	s.acc = s.acc.Add(x)
}

// value returns the sum.
func (s *fracSum) value() exact.Num {
	switch {
	case s.big:
		return s.acc
	case s.d == 0:
		return exact.Int(0)
	}
	return exact.Frac(s.n, s.d)
}

// mean returns the sum divided by k (k > 0).
func (s *fracSum) mean(k int64) exact.Num {
	if !s.big && s.d != 0 {
		if d, ok := mul64(s.d, k); ok {
			return exact.Frac(s.n, d)
		}
	}
	return s.value().DivInt(k)
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	return c, c/b == a && !(a == -1 && b == -1<<63) && !(b == -1 && a == -1<<63)
}

// lessFrac reports whether a/b < c/d for small non-negative fractions (b, d > 0).
func lessFrac(a, b, c, d int64) bool { return a*d < c*b }

// meanExpr returns the Expr of the average of terms, (t1 + t2 + …) / n: the term itself
// when there is one. Its nodes are allocated together: writers build one per opponent-based
// explanation they write.
func meanExpr(terms []*Expr) *Expr {
	if len(terms) == 1 {
		return terms[0]
	}
	m := &struct {
		div, sum Expr
		divArgs  [2]*Expr
	}{}
	m.sum = Expr{Op: OpSum, Args: terms}
	m.divArgs = [2]*Expr{&m.sum, intExpr(len(terms))}
	m.div = Expr{Op: OpDiv, Args: m.divArgs[:]}
	return &m.div
}

// smallInts are the literals 0 to 63, shared (an Expr is never changed once built): the
// count dividing a mean is one of them, and a node less for each of a hundred thousand
// explanations is 80 bytes less for the collector to clear and scan.
var smallInts = func() (x [64]Expr) {
	for i := range x {
		x[i] = Expr{Op: OpNum, Val: exact.Int(int64(i))}
	}
	return x
}()

// intExpr returns the literal n, shared when it is small.
func intExpr(n int) *Expr {
	if n >= 0 && n < len(smallInts) {
		return &smallInts[n]
	}
	return Int(int64(n))
}

// exprArena hands out Expr nodes and their operand lists from slabs, so that building the
// shared terms of a hundred thousand explanations costs a few allocations instead of
// hundreds of thousands. A node of at most two operands keeps their list beside it, and
// the nodes of one term are handed out one after another: printing an explanation that
// quotes a term of each opponent reads one short stretch of memory per opponent, not a node
// here, its operand list there and its operands elsewhere. It is not safe for concurrent
// use: each arena belongs to one memoized builder.
type exprArena struct {
	cells []exprCell
	ptrs  []*Expr
}

// exprCell is an arena's node with room for two operands.
type exprCell struct {
	Expr
	args [2]*Expr
}

// newArena returns an arena with room for that many nodes, and that many operands of nodes
// with more than two.
func newArena(nodes, operands int) *exprArena {
	a := &exprArena{cells: make([]exprCell, 0, nodes)}
	if operands > 0 {
		a.ptrs = make([]*Expr, 0, operands)
	}
	return a
}

// cell stores x and returns its cell.
func (a *exprArena) cell(x Expr) *exprCell {
	if len(a.cells) == cap(a.cells) {
		a.cells = make([]exprCell, 0, max(64, cap(a.cells)))
	}
	a.cells = append(a.cells, exprCell{Expr: x})
	return &a.cells[len(a.cells)-1]
}

// num, ratio and op build the nodes Num, Ratio and any operation in the arena.
func (a *exprArena) num(v exact.Num) *Expr { return &a.cell(Expr{Op: OpNum, Val: v}).Expr }

func (a *exprArena) ratio(n, d int64) *Expr { return &a.cell(Expr{Op: OpRatio, N: n, D: d}).Expr }

func (a *exprArena) op(op Op, args ...*Expr) *Expr {
	if len(args) <= len(exprCell{}.args) {
		c := a.cell(Expr{Op: op})
		n := copy(c.args[:], args)
		c.Args = c.args[:n:n]
		return &c.Expr
	}
	if len(a.ptrs)+len(args) > cap(a.ptrs) {
		a.ptrs = make([]*Expr, 0, max(64, cap(a.ptrs), len(args)))
	}
	start := len(a.ptrs)
	a.ptrs = append(a.ptrs, args...)
	return &a.cell(Expr{Op: op, Args: a.ptrs[start:len(a.ptrs):len(a.ptrs)]}).Expr
}

// literals returns every player's figure of tiebreak id as a literal node (nil for n/a),
// built once: the explanations of opponent-based keys quote them.
func literals(c *Context, id string) []*Expr {
	return memoize(c, "literals:"+id, func() []*Expr {
		figs := c.Get(id)
		a := newArena(len(figs), 0)
		out := make([]*Expr, len(figs))
		for p, f := range figs {
			if f.Value.OK {
				out[p] = a.num(f.Value.Num)
			}
		}
		return out
	})
}

// terms returns term(a, p) for every player, built once under key and shared by the
// explanations that quote a player's figure (his own, his opponents' averages).
func terms(c *Context, key string, n int, term func(a *exprArena, p int) *Expr) []*Expr {
	return memoize(c, "terms:"+key, func() []*Expr {
		// Two nodes a player, and room for the few shared ones (a floor, a cap): one more
		// node than room would take a second slab as large as the first.
		a := newArena(2*n+2, 0)
		out := make([]*Expr, n)
		for p := range out {
			out[p] = term(a, p)
		}
		return out
	})
}
