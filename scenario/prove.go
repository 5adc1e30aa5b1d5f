package scenario

// Step 6 of the search (search.go), in a store-sized event: for an item the bounds, the
// witnesses and settle leave unproved, a depth-first search over the open tables proves the
// verdict, or finds what shows it depends.
//
// A node of the search is a partial combination: some tables' outcomes are set, the others
// free. At each node the counts around the player are bounded over every completion: each
// table counts between its extremes over the outcomes the node leaves it, each player as he
// certainly relates to the item's player with each result. That relation is first read from
// the bounds over all combinations; when they overlap, it is decided for the node: with
// separable keys (linear.go) by the least and the greatest difference of each key, table by
// table, exactly; otherwise by ranking two completions, the one where the rival's opponents
// lose and the player's win (the rival's keys at their least, the player's at their
// greatest) and the reverse, each table where they disagree tried in every outcome. A key
// that grows with the opponents' results is then above in every completion when it is above
// in the first; a key that depends on results further away is known once every table within
// its reach (depthOf) is set. The players still open are then bounded together (joint). A
// node whose bounds settle what is looked for is not searched further; a free table none of
// whose players is within reach of an open player cannot change his standing and is never
// branched on: when no other table is left, one completion is ranked, and it stands for
// them all.
//
// Before the search, a hill climb over summed combinations looks for the witness the item
// lacks (seek). The search stops as soon as it has shown both that the player may miss the
// cut and that he may make it (Depends, proved); when it runs through every node without
// showing one of them, it has proved In or Out. A witness counts only once ranked by calc.

import (
	"context"
	"errors"
	"slices"

	"github.com/tbsheet/tbsheet/calc"
)

// proof is what the depth-first search proved about an item.
type proof struct {
	// notMake, notMiss: some combination keeps him out of the cut (or on its line), some
	// does not leave him out.
	notMake, notMiss bool
	// complete is true when the search ran through every node: what it did not show cannot
	// happen.
	complete bool
}

// maxProofConflicts is the most tables at which the two extreme completions of a relation
// disagree that the proof tries in every outcome (3ⁿ pairs of completions); with more, the
// search sets them first.
const maxProofConflicts = 2

// nodeShare is how many nodes of the search cost as much work as ranking a combination.
const nodeShare = 8

// maxProofCache is the most key values the proof keeps from ranked completions, which
// nodes and items often share.
const maxProofCache = 1 << 20

// prover runs the depth-first search of one item.
type prover struct {
	*searcher
	it *item
	x  []interval
	// depth is how far, in opponents, a result can move a key (−1: anywhere); near[p] lists
	// the players within that distance of p, himself included (nil when depth is −1).
	depth   int
	near    [][]int
	nearSet []map[int]bool
	// oppSet[p] marks p's opponents.
	oppSet []map[int]bool
	// late are the keys whose relations the completions decide (not reach own).
	late []int
	// cache holds the late keys' values of every player in ranked completions, by
	// completion; cached counts the values it holds.
	cache  map[string][]calc.Value
	cached int
	// found is what the item's search has shown so far (complete unused).
	found proof
	// lin, when not nil, gives the late keys exactly in any combination (linear.go).
	lin *linear
}

// prove runs the depth-first search, in a store-sized event, for every open item still
// unproved, in the order of the items, each with an equal share of the budget left.
func (s *searcher) prove(ctx context.Context, open []*item) error {
	if len(s.base.Players) > StoreSized {
		// A larger event keeps to the bounds, the witnesses and settle, which prove most
		// of its verdicts in its time; the proof would spend the rest of the budget.
		return nil
	}
	var todo []*item
	for _, it := range open {
		if it.settled != nil {
			continue
		}
		in, out, notMake, notMiss := it.b.decide(s.cut)
		w := s.seen[it.i][it.r]
		if in || out || (notMake || w.notMake) && (notMiss || w.notMiss) {
			continue
		}
		todo = append(todo, it)
	}
	if len(todo) == 0 {
		return nil
	}
	pv := newProver(s)
	lin, err := pv.newLinear(ctx)
	if err != nil {
		return err
	}
	pv.lin = lin
	// Without sums every node ranks combinations, and proves less for its work: the search
	// then gets a quarter of the default budget, whatever the effort, so that running again
	// with a larger budget (Analyze) costs little where it proves nothing more.
	s.mu.Lock()
	end := s.budget
	if lin == nil {
		end = min(end, s.spent+DefaultBudget/4)
	}
	s.mu.Unlock()
	for i, it := range todo {
		s.mu.Lock()
		share := (end - s.spent) / int64(len(todo)-i)
		limit := s.spent + share
		s.mu.Unlock()
		err := pv.run(ctx, it, limit)
		if err != nil && !errors.Is(err, errProofShare) {
			return err
		}
	}
	return nil
}

// newProver prepares the search of s's items: the keys the completions decide, how far a
// result reaches, every player's opponents and neighbourhood.
func newProver(s *searcher) *prover {
	pv := &prover{searcher: s, depth: 0, cache: map[string][]calc.Value{}}
	for k, d := range s.keys {
		if s.reach[k] != own {
			pv.late = append(pv.late, k)
		}
		switch dk := depthOf(d); {
		case dk < 0 || pv.depth < 0:
			pv.depth = -1
		default:
			pv.depth = max(pv.depth, dk)
		}
	}
	n := len(s.base.Players)
	pv.oppSet = make([]map[int]bool, n)
	for p := range n {
		pv.oppSet[p] = map[int]bool{}
		for _, o := range s.opps[p] {
			pv.oppSet[p][o] = true
		}
	}
	if pv.depth >= 0 {
		pv.near, pv.nearSet = make([][]int, n), make([]map[int]bool, n)
		for p := range n {
			pv.near[p] = s.within(p, pv.depth)
		}
	}
	return pv
}

// errProofShare stops one item's search that has spent its share of the budget.
var errProofShare = errors.New("the item's share of the work budget is spent")

// within returns the players at most d opponents away from p, p first.
func (s *searcher) within(p, d int) []int {
	seen := map[int]bool{p: true}
	out, frontier := []int{p}, []int{p}
	for range d {
		var next []int
		for _, q := range frontier {
			for _, o := range s.opps[q] {
				if !seen[o] {
					seen[o] = true
					out = append(out, o)
					next = append(next, o)
				}
			}
		}
		frontier = next
	}
	return out
}

// run searches item it until its verdict is proved or the work reaches limit.
func (pv *prover) run(ctx context.Context, it *item, limit int64) error {
	pv.it, pv.x = it, pv.iv[it.p][it.r]
	w := pv.seen[it.i][it.r]
	_, _, notMake, notMiss := it.b.decide(pv.cut)
	pv.found = proof{notMake: notMake || w.notMake, notMiss: notMiss || w.notMiss}
	n := len(pv.base.Players)
	nd := &node{assign: make([]int8, len(pv.tables)), rel: make([][3]relation, n), tried: make([][3]bool, n), fresh: -1}
	for t := range nd.assign {
		nd.assign[t] = -1
	}
	if it.own >= 0 {
		nd.assign[it.own] = int8(outcomeFor(it.r, pv.seats[it.p].side))
	}
	err := pv.seek(ctx, nd.assign)
	if err == nil && !pv.done() {
		err = pv.dfs(ctx, nd, limit)
	}
	it.proof = &proof{notMake: pv.found.notMake, notMiss: pv.found.notMiss, complete: err == nil}
	return err
}

// node is a partial combination: assign[t] is table t's outcome, or −1 when free.
// rel[p][r] is player p's relation to the item's player, with result r (Win for a player
// not at an open table), in every completion, once decided (unknownRel until then); tried
// marks the relations the completions were asked about and left open.
type node struct {
	assign []int8
	rel    [][3]relation
	tried  [][3]bool
	// fresh is the table the node set last, −1 at the root.
	fresh int
}

// child returns nd with table t set to outcome o.
func (nd *node) child(t int, o uint8) *node {
	c := &node{assign: slices.Clone(nd.assign), rel: slices.Clone(nd.rel), tried: slices.Clone(nd.tried), fresh: t}
	c.assign[t] = int8(o)
	return c
}

// witnessed adds what the combinations ranked so far showed about the item.
func (pv *prover) witnessed() {
	w := pv.seen[pv.it.i][pv.it.r]
	pv.found.notMake, pv.found.notMiss = pv.found.notMake || w.notMake, pv.found.notMiss || w.notMiss
}

// done reports whether the search has shown both sides.
func (pv *prover) done() bool { return pv.found.notMake && pv.found.notMiss }

// dfs searches the completions of nd.
func (pv *prover) dfs(ctx context.Context, nd *node, limit int64) error {
	if err := ctx.Err(); err != nil {
		return err // most nodes rank nothing, which would notice
	}
	pv.mu.Lock()
	pv.spent += max(1, pv.cost/nodeShare)
	over := pv.spent > limit
	pv.mu.Unlock()
	if over {
		return errProofShare
	}
	b, per, open, err := pv.evaluate(ctx, nd)
	if err != nil {
		return err
	}
	k := pv.cut
	// What each side can still show below this node.
	wantMake, wantMiss := !pv.found.notMake, !pv.found.notMiss
	if wantMake {
		switch {
		case b.lo.mustAtOrAbove >= k:
			pv.found.notMake, wantMake = true, false
		case b.hi.canAtOrAbove <= k-1:
			wantMake = false
		}
	}
	if wantMiss {
		switch {
		case b.hi.canAbove <= k-1:
			pv.found.notMiss, wantMiss = true, false
		case b.lo.mustAbove >= k:
			wantMiss = false
		}
	}
	if !wantMake && !wantMiss {
		return nil
	}
	noMake, noMiss, conflicts, err := pv.joint(ctx, nd, wantMake, wantMiss)
	if err != nil {
		return err
	}
	pv.witnessed()
	wantMake, wantMiss = wantMake && !noMake && !pv.found.notMake, wantMiss && !noMiss && !pv.found.notMiss
	if !wantMake && !wantMiss {
		return nil
	}
	open.conflicts = append(open.conflicts, conflicts...)
	t := pv.branch(nd, per, open)
	if t < 0 {
		// Nothing left can change his standing: one completion stands for them all.
		assign := pv.complete(nd.assign, nil)
		return pv.rank(ctx, [][]uint8{assign}, func(_ int, _ *calc.Standings, st []status) {
			x := st[pv.it.p]
			pv.found.notMake = pv.found.notMake || !x.makes
			pv.found.notMiss = pv.found.notMiss || !x.misses
		})
	}
	// The outcomes likeliest to show what is missing first.
	var order []uint8
	for o := range uint8(outcomes) {
		if per[t][o] != nil {
			order = append(order, o)
		}
	}
	pt := per[t]
	slices.SortStableFunc(order, func(a, c uint8) int {
		if wantMake {
			return pt[c].mustAtOrAbove + pt[c].canAtOrAbove - pt[a].mustAtOrAbove - pt[a].canAtOrAbove
		}
		return pt[a].mustAbove + pt[a].canAbove - pt[c].mustAbove - pt[c].canAbove
	})
	for _, o := range order {
		if err := pv.dfs(ctx, nd.child(t, o), limit); err != nil {
			return err
		}
		if pv.done() {
			return nil
		}
	}
	return nil
}

// complete returns a completion of a partial combination: wishes (by table, −1 for none) for
// the free tables, and a draw where there is no wish.
func (pv *prover) complete(assign []int8, wishes []int8) []uint8 {
	out := make([]uint8, len(assign))
	for t, o := range assign {
		switch {
		case o >= 0:
			out[t] = uint8(o)
		case wishes != nil && wishes[t] >= 0:
			out[t] = uint8(wishes[t])
		default:
			out[t] = 1
		}
	}
	return out
}

// openSet is what a node leaves open: the players whose relation to the item's player it
// does not decide, and the free tables that block deciding one by completions.
type openSet struct {
	players   []int
	conflicts []int
}

// evaluate bounds the counts around the item's player over nd's completions, table by
// table and outcome by outcome, deciding by completions the relations the bounds over all
// combinations leave open. It returns the counts each free table's outcomes give.
func (pv *prover) evaluate(ctx context.Context, nd *node) (bounds, [][outcomes]*counts, openSet, error) {
	it := pv.it
	var open openSet
	// Each relation to decide is asked of two completions: the rival's keys at their least
	// and the player's at their greatest (above), and the reverse; requests that agree share
	// a completion.
	type class struct {
		assign       []int8
		above, below int // indexes in configs
	}
	type request struct {
		p       int
		r       Result
		classes []class
	}
	var reqs []*request
	var configs [][]int8
	place := func(wishes []int8) int {
		for c, cfg := range configs {
			if compatible(cfg, wishes) {
				for t, o := range wishes {
					if o >= 0 {
						cfg[t] = o
					}
				}
				return c
			}
		}
		configs = append(configs, slices.Clone(wishes))
		return len(configs) - 1
	}
	ask := func(p int, r Result, t int, o uint8) {
		if !pv.counted(p) || nd.rel[p][r] != unknownRel {
			return
		}
		if rel := relate(pv.keysOf(p, r), pv.x); rel != unknownRel {
			nd.rel[p][r] = rel
			return
		}
		if nd.tried[p][r] && !pv.moved(nd, p) {
			return
		}
		nd.tried[p][r] = true
		assign := slices.Clone(nd.assign)
		if t >= 0 {
			assign[t] = int8(o)
		}
		if pv.lin != nil {
			nd.rel[p][r] = pv.relateLinear(p, r, assign)
			return
		}
		// At the tables where the two extremes disagree, each outcome is a class of its own.
		conflicts := pv.conflicts(p, assign)
		if len(conflicts) > maxProofConflicts {
			open.conflicts = append(open.conflicts, conflicts...)
			return
		}
		rq := &request{p: p, r: r}
		for k := range pow3(len(conflicts)) {
			a := slices.Clone(assign)
			for i, ct := range conflicts {
				a[ct] = int8(k / pow3(i) % 3)
			}
			up, down := pv.wishes(p, a, true), pv.wishes(p, a, false)
			for u, o := range a {
				if o >= 0 && nd.assign[u] < 0 {
					up[u], down[u] = o, o
				}
			}
			rq.classes = append(rq.classes, class{assign: a, above: place(up), below: place(down)})
		}
		reqs = append(reqs, rq)
	}
	for t, tb := range pv.tables {
		for o := range uint8(outcomes) {
			if nd.assign[t] >= 0 && nd.assign[t] != int8(o) || it.per[t][o] == nil {
				continue
			}
			for side, p := range tb.p {
				ask(p, resultOf(o, side), t, o)
			}
		}
	}
	for _, q := range pv.ranked {
		ask(q, Win, -1, 0)
	}
	if len(reqs) > 0 {
		vals, err := pv.values(ctx, nd.assign, configs)
		if err != nil {
			return bounds{}, nil, open, err
		}
		for _, rq := range reqs {
			rel := unknownRel
			for i, c := range rq.classes {
				cr := pv.decide(rq.p, rq.r, c.assign, vals[c.above], vals[c.below])
				if i > 0 && cr != rel {
					rel = unknownRel
					break
				}
				rel = cr
			}
			nd.rel[rq.p][rq.r] = rel
		}
	}
	// The counts, with what is decided.
	var b bounds
	per := make([][outcomes]*counts, len(pv.tables))
	isOpen := map[int]bool{}
	for t, tb := range pv.tables {
		for o := range uint8(outcomes) {
			if nd.assign[t] >= 0 && nd.assign[t] != int8(o) || it.per[t][o] == nil {
				continue
			}
			c := &counts{}
			for side, p := range tb.p {
				if pv.counted(p) {
					rel := nd.rel[p][resultOf(o, side)]
					c.add(rel)
					if rel == unknownRel {
						isOpen[p] = true
					}
				}
			}
			per[t][o] = c
		}
		lo, hi := extremesOf(per[t])
		b.lo, b.hi = b.lo.plus(lo), b.hi.plus(hi)
	}
	for _, q := range pv.ranked {
		if pv.counted(q) {
			var c counts
			c.add(nd.rel[q][Win])
			b.lo, b.hi = b.lo.plus(c), b.hi.plus(c)
			if nd.rel[q][Win] == unknownRel {
				isOpen[q] = true
			}
		}
	}
	for p := range isOpen {
		open.players = append(open.players, p)
	}
	slices.Sort(open.players)
	return b, per, open, nil
}

// moved reports whether the table nd set last may move player p's keys or the item's
// player's: a relation left open before may then be decided.
func (pv *prover) moved(nd *node, p int) bool {
	if nd.fresh < 0 || pv.depth < 0 {
		return true
	}
	for _, q := range pv.tables[nd.fresh].p {
		if pv.isNear(p, q) || pv.isNear(pv.it.p, q) {
			return true
		}
	}
	return false
}

// isNear reports whether q is within reach of p's keys.
func (pv *prover) isNear(p, q int) bool {
	if pv.nearSet[p] == nil {
		pv.nearSet[p] = map[int]bool{}
		for _, r := range pv.near[p] {
			pv.nearSet[p][r] = true
		}
	}
	return pv.nearSet[p][q]
}

// counted reports whether player p counts in the item's player's standing.
func (pv *prover) counted(p int) bool {
	return p != pv.it.p && pv.eligible[p] && pv.iv[p][Win] != nil
}

// resultAt returns player p's result in a partial combination that sets it (Win for a
// player not at an open table).
func (pv *prover) resultAt(p int, assign []int8) Result {
	st := pv.seats[p]
	if st.table < 0 {
		return Win
	}
	return resultOf(uint8(assign[st.table]), st.side)
}

// conflicts returns the free tables at which the completions that put player p's keys and
// the item's player's at opposite extremes disagree: a common opponent, or two opponents of
// one of them meeting.
func (pv *prover) conflicts(p int, assign []int8) []int {
	var out []int
	x := pv.it.p
	for t, tb := range pv.tables {
		if assign[t] >= 0 {
			continue
		}
		a, c := tb.p[0], tb.p[1]
		switch {
		case pv.oppSet[x][a] && pv.oppSet[p][a], pv.oppSet[x][c] && pv.oppSet[p][c],
			pv.oppSet[x][a] && pv.oppSet[x][c], pv.oppSet[p][a] && pv.oppSet[p][c]:
			out = append(out, t)
		}
	}
	return out
}

// wishes returns the outcomes of the free tables that put player p's keys at their least and
// the item's player's at their greatest (above: to show p above him whatever happens), or
// the reverse; −1 for a table neither cares about.
func (pv *prover) wishes(p int, assign []int8, above bool) []int8 {
	out := make([]int8, len(assign))
	x := pv.it.p
	for t, tb := range pv.tables {
		out[t] = -1
		if assign[t] >= 0 {
			continue
		}
		for side, o := range tb.p {
			mine, theirs := pv.oppSet[x][o], pv.oppSet[p][o]
			if !mine && !theirs {
				continue
			}
			// Without conflicts he is the opponent of one of them only.
			r := Loss
			if mine == above {
				r = Win // his opponents win (above), p's opponents win (below)
			}
			out[t] = int8(outcomeFor(r, side))
		}
	}
	return out
}

// compatible reports whether two partial combinations agree where both are set.
func compatible(a, b []int8) bool {
	for t := range a {
		if a[t] >= 0 && b[t] >= 0 && a[t] != b[t] {
			return false
		}
	}
	return true
}

// values ranks the completions of assign that configs describe (through the cache) and
// returns each one's late key values, by player and late key.
func (pv *prover) values(ctx context.Context, assign []int8, configs [][]int8) ([][]calc.Value, error) {
	out := make([][]calc.Value, len(configs))
	n, nl := len(pv.base.Players), len(pv.late)
	var todo [][]uint8
	var at []int
	for c, cfg := range configs {
		full := pv.complete(assign, cfg)
		if v, ok := pv.cache[string(full)]; ok {
			out[c] = v
			continue
		}
		todo, at = append(todo, full), append(at, c)
	}
	if len(todo) == 0 {
		return out, nil
	}
	err := pv.rank(ctx, todo, func(c int, std *calc.Standings, _ []status) {
		v := make([]calc.Value, n*nl)
		for _, row := range std.Rows {
			for i, k := range pv.late {
				v[row.Player*nl+i] = keyValue(&row, k)
			}
		}
		out[at[c]] = v
		if pv.cached+len(v) > maxProofCache {
			clear(pv.cache)
			pv.cached = 0
		}
		pv.cache[string(todo[c])] = v
		pv.cached += len(v)
	})
	return out, err
}

// decide reads player p's relation to the item's player in every completion of assign from
// the late key values of the completion that puts p's keys at their least and his at their
// greatest (above) and of the reverse (below).
func (pv *prover) decide(p int, r Result, assign []int8, above, below []calc.Value) relation {
	x := pv.it.p
	qiv := pv.keysOf(p, r)
	nl := len(pv.late)
	late := 0
	for k := range pv.keys {
		if pv.reach[k] == own {
			switch c := qiv[k].lo.Cmp(pv.x[k].lo); {
			case c > 0:
				return aboveRel
			case c < 0:
				return belowRel
			}
			continue
		}
		qa, xa := above[p*nl+late], above[x*nl+late]
		qb, xb := below[p*nl+late], below[x*nl+late]
		late++
		if pv.reach[k] == opponents {
			switch {
			case qa.Cmp(xa) > 0:
				return aboveRel
			case qb.Cmp(xb) < 0:
				return belowRel
			case qa.Cmp(xa) == 0 && qb.Cmp(xb) == 0:
				continue
			}
			return unknownRel
		}
		if !pv.settledAround(p, assign) || !pv.settledAround(x, assign) {
			return unknownRel
		}
		switch c := qa.Cmp(xa); {
		case c > 0:
			return aboveRel
		case c < 0:
			return belowRel
		}
	}
	return tiedRel
}

// settledAround reports whether every table within reach of player p's keys is set.
func (pv *prover) settledAround(p int, assign []int8) bool {
	if pv.depth < 0 {
		return !slices.Contains(assign, -1)
	}
	for _, q := range pv.near[p] {
		if t := pv.seats[q].table; t >= 0 && assign[t] < 0 {
			return false
		}
	}
	return true
}

// branch returns the free table to set next, or −1 when no free table can change the item's
// player's standing: first a table that blocks deciding a relation, then one whose outcome
// changes the counts around him, then one near a player whose relation is open.
func (pv *prover) branch(nd *node, per [][outcomes]*counts, open openSet) int {
	best, bestScore := -1, 0
	var marked map[int]bool
	if len(open.players) > 0 && pv.depth >= 0 {
		marked = map[int]bool{}
		for _, p := range append(slices.Clone(open.players), pv.it.p) {
			for _, q := range pv.near[p] {
				marked[q] = true
			}
		}
	}
	for t, tb := range pv.tables {
		if nd.assign[t] >= 0 {
			continue
		}
		score := 0
		if slices.Contains(open.conflicts, t) {
			score += 1000
		}
		if lo, hi := extremesOf(per[t]); lo != hi {
			score += 100 + (hi.canAtOrAbove - lo.mustAbove)
		}
		if len(open.players) > 0 {
			for _, p := range tb.p {
				switch {
				case pv.depth < 0:
					score++
				case marked[p]:
					score += 10
					for _, q := range open.players {
						if q == p {
							score += 20
						}
					}
				}
			}
		}
		if score > bestScore {
			best, bestScore = t, score
		}
	}
	return best
}
