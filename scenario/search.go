package scenario

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// The search, for rounds too large to rank in every combination.
//
//  1. Three combinations are ranked (every Player 1 wins, every table drawn, every Player 2
//     wins): they give every player's points, and every key that depends only on his own
//     results, under each of his results.
//  2. Points first: for each player and result, how many others certainly finish above him
//     and how many may, over all combinations (each table independently). Most verdicts are
//     proved here.
//  3. For the players points leave undecided, and everyone who can finish on their points,
//     the tiebreaks that grow with the opponents' results are bounded by ranking the
//     combinations where all of a player's opponents win, or all lose. The counts are then
//     redone with every key.
//  4. Combinations built to put a player out of the cut (or in it) are ranked, as witnesses
//     that his verdict depends.
//  5. What is still unproved is settled, when the budget allows, by ranking every
//     combination the counts around the player do not settle (settle.go).
//
// Every step is sound: a bound holds in every combination, and a witness is a real
// combination ranked by calc. What is not proved when the budget runs out stays Depends,
// with Outcome.Proved false.

// item is one player of the round with one of his results.
type item struct {
	i   int // Report.Players index
	p   int
	r   Result
	own int // his open table (index in analysis.tables), or −1
	pts exact.Num
	// b are the bounds in force: on points alone, then with every key (fullPass).
	b bounds
	// per holds, with every key, each table's counts under each outcome (nil for outcomes
	// his own table cannot have); fixed those of the players not at open tables.
	per   [][outcomes]*counts
	fixed counts
	// settled, when not nil, is his exact outcome, every combination his bounds did not
	// settle ranked (see settle).
	settled *Outcome
	// proof, when not nil, is what the depth-first search showed (prove.go).
	proof *proof
}

// searcher holds the search's state.
type searcher struct {
	*analysis
	reach []reach
	// iv[p][r] bounds player p's keys over the combinations where he has result r (a
	// player not at an open table: index Win); nil for players outside the standings.
	iv [][3][]interval
	// ranked lists the players in the standings who are not at an open table.
	ranked []int
	opps   [][]int
	items  []*item
}

func (a *analysis) search(ctx context.Context) error {
	s := newSearcher(a)
	if err := s.patterns(ctx); err != nil {
		return err
	}
	if s.reach[0] != own {
		return fmt.Errorf("scenario: ranking by %s, which may depend on other players' results, is not supported", a.keys[0].ID)
	}
	s.pointsPass()
	var open []*item
	for _, it := range s.items {
		if in, out, _, _ := it.b.decide(a.cut); !in && !out {
			open = append(open, it)
		}
	}
	err := s.boundTiebreaks(ctx, open)
	for _, it := range open {
		s.fullPass(it)
	}
	if err == nil && !s.opt.proveOnly {
		err = s.witnesses(ctx, open)
	}
	if err == nil && !s.opt.proveOnly {
		err = s.settle(ctx, open)
	}
	if err == nil {
		err = s.prove(ctx, open)
	}
	if err != nil && !errors.Is(err, errBudget) {
		return err
	}
	if errors.Is(err, errBudget) {
		a.rep.Stopped = true
	}
	s.finish()
	return nil
}

// newSearcher starts a search of a's round.
func newSearcher(a *analysis) *searcher {
	s := &searcher{analysis: a}
	for _, d := range a.keys {
		s.reach = append(s.reach, reachOf(d))
	}
	s.opponents()
	return s
}

// opponents lists every player's opponents in the rounds up to the analysed one, whatever
// the results (an unreported match included: more opponents only make bounds wider).
func (s *searcher) opponents() {
	s.opps = make([][]int, len(s.base.Players))
	for _, r := range s.base.Rounds {
		for _, m := range r.Matches {
			if m.P2 >= 0 {
				s.opps[m.P1] = append(s.opps[m.P1], m.P2)
				s.opps[m.P2] = append(s.opps[m.P2], m.P1)
			}
		}
	}
	for p := range s.opps {
		slices.Sort(s.opps[p])
		s.opps[p] = slices.Compact(s.opps[p])
	}
}

// patterns reads every player's own keys under each of his results from the uniform
// combinations, and lists the items.
func (s *searcher) patterns(ctx context.Context) error {
	ranked, err := s.uniform(ctx)
	if err != nil {
		return err
	}
	s.iv = make([][3][]interval, len(s.base.Players))
	for o, std := range ranked {
		for _, row := range std.Rows {
			p := row.Player
			r := Win
			if seat := s.seats[p]; seat.table >= 0 {
				r = resultOf(uint8(o), seat.side)
			}
			if s.iv[p][r] != nil {
				continue
			}
			iv := make([]interval, len(s.keys))
			for k := range iv {
				iv[k] = anyValue
				if s.reach[k] == own {
					iv[k] = exactly(keyValue(&row, k))
				}
			}
			s.iv[p][r] = iv
		}
	}
	for _, row := range ranked[0].Rows {
		if s.seats[row.Player].table < 0 && s.eligible[row.Player] {
			s.ranked = append(s.ranked, row.Player)
		}
	}
	for i, pl := range s.rep.Players {
		if pl.Dropped || s.iv[pl.Player][Win] == nil {
			continue
		}
		for _, r := range s.resultsOf(pl.Player) {
			it := &item{i: i, p: pl.Player, r: r, own: s.seats[pl.Player].table}
			it.pts = s.iv[pl.Player][r][0].lo.Num
			s.items = append(s.items, it)
		}
	}
	return nil
}

// keyValue returns key k's value in a row: the primary key, then the order's keys, which
// are the standings' first columns.
func keyValue(row *calc.Row, k int) calc.Value {
	if k == 0 {
		return calc.Known(row.Points)
	}
	return row.Figures[k-1].Value
}

// pointsCounts counts a player on points v against a player on points P as points alone see
// it: above, or on the same points (which may go either way).
func pointsCounts(v, P exact.Num) counts {
	switch v.Cmp(P) {
	case 1:
		return counts{1, 1, 1, 1}
	case 0:
		return counts{canAbove: 1, canAtOrAbove: 1}
	}
	return counts{}
}

// pointsPass bounds every item on points alone. Items on the same points share the work:
// each table's extremes are summed once per score, then each item's own table is taken out
// and put back with his result.
func (s *searcher) pointsPass() {
	byPoints := map[string][]*item{}
	var scores []exact.Num
	for _, it := range s.items {
		key := it.pts.String()
		if byPoints[key] == nil {
			scores = append(scores, it.pts)
		}
		byPoints[key] = append(byPoints[key], it)
	}
	for _, P := range scores {
		per := make([][outcomes]counts, len(s.tables))
		var sum bounds
		for t, tb := range s.tables {
			for o := range uint8(outcomes) {
				for side, p := range tb.p {
					if s.eligible[p] && s.iv[p][Win] != nil {
						per[t][o] = per[t][o].plus(pointsCounts(s.pts(p, resultOf(o, side)), P))
					}
				}
			}
			lo, hi := extremes(per[t][:])
			sum.lo, sum.hi = sum.lo.plus(lo), sum.hi.plus(hi)
		}
		var fixed counts
		for _, q := range s.ranked {
			fixed = fixed.plus(pointsCounts(s.pts(q, Win), P))
		}
		for _, it := range byPoints[P.String()] {
			b := bounds{sum.lo.plus(fixed), sum.hi.plus(fixed)}
			if it.own >= 0 {
				lo, hi := extremes(per[it.own][:])
				b.lo, b.hi = sub(b.lo, lo), sub(b.hi, hi)
				seat := s.seats[it.p]
				opp := s.tables[it.own].p[1-seat.side]
				if s.eligible[opp] {
					c := pointsCounts(s.pts(opp, it.r.Mirror()), P)
					b.lo, b.hi = b.lo.plus(c), b.hi.plus(c)
				}
			} else {
				self := pointsCounts(P, P)
				b.lo, b.hi = sub(b.lo, self), sub(b.hi, self)
			}
			it.b = b
		}
	}
}

// pts returns player p's points with result r (Win for a player not at an open table).
func (s *searcher) pts(p int, r Result) exact.Num {
	if s.seats[p].table < 0 {
		r = Win
	}
	return s.iv[p][r][0].lo.Num
}

// extremes returns the componentwise least and greatest of some counts.
func extremes(cs []counts) (lo, hi counts) {
	lo, hi = cs[0], cs[0]
	for _, c := range cs[1:] {
		lo, hi = minCounts(lo, c), maxCounts(hi, c)
	}
	return lo, hi
}

func sub(c, d counts) counts {
	return counts{c.mustAbove - d.mustAbove, c.canAbove - d.canAbove,
		c.mustAtOrAbove - d.mustAtOrAbove, c.canAtOrAbove - d.canAtOrAbove}
}

// keysOf returns player p's key bounds with result r.
func (s *searcher) keysOf(p int, r Result) []interval {
	if s.seats[p].table < 0 {
		r = Win
	}
	return s.iv[p][r]
}

// fullPass redoes an item's counts table by table with every key's bounds.
func (s *searcher) fullPass(it *item) {
	x := s.iv[it.p][it.r]
	it.per = make([][outcomes]*counts, len(s.tables))
	it.b = bounds{}
	for t, tb := range s.tables {
		for o := range uint8(outcomes) {
			if t == it.own && resultOf(o, s.seats[it.p].side) != it.r {
				continue
			}
			c := &counts{}
			for side, p := range tb.p {
				if p != it.p && s.eligible[p] && s.iv[p][Win] != nil {
					c.add(relate(s.keysOf(p, resultOf(o, side)), x))
				}
			}
			it.per[t][o] = c
		}
		lo, hi := extremesOf(it.per[t])
		it.b.lo, it.b.hi = it.b.lo.plus(lo), it.b.hi.plus(hi)
	}
	it.fixed = counts{}
	for _, q := range s.ranked {
		if q != it.p {
			it.fixed.add(relate(s.keysOf(q, Win), x))
		}
	}
	it.b.lo, it.b.hi = it.b.lo.plus(it.fixed), it.b.hi.plus(it.fixed)
}

// extremesOf is extremes over a table's possible outcomes.
func extremesOf(per [outcomes]*counts) (lo, hi counts) {
	first := true
	for _, c := range per {
		switch {
		case c == nil:
		case first:
			lo, hi, first = *c, *c, false
		default:
			lo, hi = minCounts(lo, *c), maxCounts(hi, *c)
		}
	}
	return lo, hi
}

// boundTiebreaks bounds the keys that grow with the opponents' results for every player who
// can finish on the points of an open item, by ranking the combinations where all of his
// opponents win, or all lose.
func (s *searcher) boundTiebreaks(ctx context.Context, open []*item) error {
	if !slices.Contains(s.reach, opponents) || len(open) == 0 {
		return nil
	}
	scores := map[string]bool{}
	for _, it := range open {
		scores[it.pts.String()] = true
	}
	type rival struct {
		p int
		r Result
	}
	var rivals []rival
	for p := range s.base.Players {
		if !s.eligible[p] || s.iv[p][Win] == nil {
			continue
		}
		rs := Results[:1]
		if s.seats[p].table >= 0 {
			rs = Results[:]
		}
		for _, r := range rs {
			if scores[s.pts(p, r).String()] {
				rivals = append(rivals, rival{p, r})
			}
		}
	}
	// Each request is one combination constraint (some tables' outcomes) under which the
	// rival's keys reach an extreme; requests that agree share a ranked combination.
	type request struct {
		rv     int
		max    bool
		cons   []constraint
		config int
	}
	var reqs []*request
	for k, rv := range rivals {
		for _, up := range []bool{true, false} {
			for _, cons := range s.extremeConstraints(rv.p, rv.r, up) {
				reqs = append(reqs, &request{rv: k, max: up, cons: cons})
			}
		}
	}
	var configs [][]int8
	for _, rq := range reqs {
		rq.config = -1
		for c, cfg := range configs {
			if fits(cfg, rq.cons) {
				rq.config = c
				break
			}
		}
		if rq.config < 0 {
			cfg := make([]int8, len(s.tables))
			for t := range cfg {
				cfg[t] = -1
			}
			configs = append(configs, cfg)
			rq.config = len(configs) - 1
		}
		for _, c := range rq.cons {
			configs[rq.config][c.t] = int8(c.o)
		}
	}
	values := make([][]calc.Value, len(reqs)) // the request's rival's keys, once ranked
	var stop error
	const chunk = 8
	for lo := 0; lo < len(configs) && stop == nil; lo += chunk {
		hi := min(lo+chunk, len(configs))
		assigns := make([][]uint8, hi-lo)
		for c := range assigns {
			assigns[c] = make([]uint8, len(s.tables))
			for t, o := range configs[lo+c] {
				assigns[c][t] = 1 // a table no request constrains is drawn
				if o >= 0 {
					assigns[c][t] = uint8(o)
				}
			}
		}
		ranked := make([]*calc.Standings, len(assigns))
		rows := make([][]int, len(assigns))
		err := s.rank(ctx, assigns, func(c int, std *calc.Standings, _ []status) {
			ranked[c], rows[c] = std, rowIndex(std, len(s.base.Players))
		})
		if err != nil {
			stop = err
			break
		}
		for q, rq := range reqs {
			if rq.config < lo || rq.config >= hi {
				continue
			}
			std := ranked[rq.config-lo]
			row := &std.Rows[rows[rq.config-lo][rivals[rq.rv].p]]
			values[q] = make([]calc.Value, len(s.keys))
			for k := range s.keys {
				values[q][k] = keyValue(row, k)
			}
		}
	}
	// A bound holds only if every alternative of its direction was ranked.
	for k, rv := range rivals {
		iv := slices.Clone(s.keysOf(rv.p, rv.r))
		for key, rch := range s.reach {
			if rch != opponents {
				continue
			}
			lo, hi, haveLo, haveHi := calc.Value{}, calc.Value{}, true, true
			firstLo, firstHi := true, true
			for q, rq := range reqs {
				if rq.rv != k {
					continue
				}
				if values[q] == nil {
					if rq.max {
						haveHi = false
					} else {
						haveLo = false
					}
					continue
				}
				v := values[q][key]
				if rq.max {
					if firstHi || v.Cmp(hi) > 0 {
						hi, firstHi = v, false
					}
				} else if firstLo || v.Cmp(lo) < 0 {
					lo, firstLo = v, false
				}
			}
			b := anyValue
			if haveLo && !firstLo {
				b.lo = lo
			}
			if haveHi && !firstHi {
				b.hi, b.top = hi, false
			}
			iv[key] = b
		}
		if s.seats[rv.p].table < 0 {
			s.iv[rv.p][Win] = iv
		} else {
			s.iv[rv.p][rv.r] = iv
		}
	}
	return stop
}

// constraint sets one table's outcome.
type constraint struct {
	t int
	o uint8
}

// fits reports whether a partial combination agrees with constraints.
func fits(cfg []int8, cons []constraint) bool {
	for _, c := range cons {
		if cfg[c.t] >= 0 && cfg[c.t] != int8(c.o) {
			return false
		}
	}
	return true
}

// maxConflicts is the most tables at which two of a player's opponents meet that the bounds
// try in every outcome (3ⁿ combinations); with more, his keys stay unbounded.
const maxConflicts = 3

// extremeConstraints returns the alternatives under which player p with result r has his
// keys at their greatest (up) or least: his own table at r, every opponent at another table
// winning (or losing), and each table where two of his opponents meet in each of its
// outcomes. nil when there are too many such tables.
func (s *searcher) extremeConstraints(p int, r Result, up bool) [][]constraint {
	var base []constraint
	own := s.seats[p]
	if own.table >= 0 {
		base = append(base, constraint{own.table, outcomeFor(r, own.side)})
	}
	count := map[int]int{}
	for _, o := range s.opps[p] {
		if t := s.seats[o].table; t >= 0 && t != own.table {
			count[t]++
		}
	}
	var conflicts []int
	for _, o := range s.opps[p] {
		t := s.seats[o].table
		if t < 0 || t == own.table {
			continue
		}
		if count[t] > 1 {
			if !slices.Contains(conflicts, t) {
				conflicts = append(conflicts, t)
			}
			continue
		}
		want := Loss
		if up {
			want = Win
		}
		base = append(base, constraint{t, outcomeFor(want, s.seats[o].side)})
	}
	if len(conflicts) > maxConflicts {
		return nil
	}
	slices.Sort(conflicts)
	alts := [][]constraint{base}
	for _, t := range conflicts {
		var next [][]constraint
		for _, alt := range alts {
			for o := range uint8(outcomes) {
				next = append(next, append(slices.Clone(alt), constraint{t, o}))
			}
		}
		alts = next
	}
	return alts
}

// rowIndex returns each player's row in standings, or −1.
func rowIndex(st *calc.Standings, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	for i, r := range st.Rows {
		out[r.Player] = i
	}
	return out
}

// finish turns every item's bounds and witnesses into its outcome.
func (s *searcher) finish() {
	done := map[int]bool{}
	for _, it := range s.items {
		pl := &s.rep.Players[it.i]
		w := s.seen[it.i][it.r]
		in, out, notMake, notMiss := it.b.decide(s.cut)
		if pf := it.proof; pf != nil {
			notMake, notMiss = notMake || pf.notMake, notMiss || pf.notMiss
			// A search through every node that did not show a side proves it cannot happen.
			in, out = in || pf.complete && !notMake && !w.notMake, out || pf.complete && !notMiss && !w.notMiss
		}
		o := Outcome{Proved: true}
		o.Best, o.Worst = it.b.places(w)
		switch {
		case it.settled != nil:
			o = *it.settled
		case in:
			o.Verdict = In
		case out:
			o.Verdict = Out
		default:
			o.Verdict = Depends
			o.Proved = (notMake || w.notMake) && (notMiss || w.notMiss)
			s.explainSearch(&o, it)
		}
		s.setOutcome(pl, it.r, o)
		done[it.i] = true
	}
	for i := range s.rep.Players {
		pl := &s.rep.Players[i]
		switch {
		case pl.Dropped:
			s.dropped(pl)
		case !done[i]:
			// In the round but in no standings (cannot happen: a match is a round played).
			for r := range pl.Outcomes {
				pl.Outcomes[r] = Outcome{Verdict: Depends}
			}
		}
	}
}
