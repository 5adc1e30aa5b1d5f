package swiss

import (
	"math/rand/v2"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/blossom"
)

// optimal pairs the field at the least cost, exactly: a minimum-cost perfect matching (a
// maximum-weight matching of the most pairs, the weights the costs turned around) over a
// reduced graph in which every large points group is stood for by a few of its players
// (see the package doc for why that is exact). byeTo, when not nil, adds the bye as one
// more player whom the players it marks may meet at no cost; it pairs as byePlayer. ok is
// false when no pairing avoids every forbidden pair.
func (f *field) optimal(byeTo []bool, rng *rand.Rand) (pairs [][2]int, c cost, ok bool) {
	inside, outside := f.reach()
	bye := 0
	if byeTo != nil {
		bye = 1
	}
	odd := len(f.oddGroups())
	// excess bounds how many players beyond its parity an optimal pairing sends out of one
	// group (see the package doc): 2X + bye − odd groups for a pairing with X pairs across
	// groups. It starts a little above the bound's (0).
	excess := 2
	for {
		r := f.reduce(excess, inside, outside, byeTo)
		pairs, c, ok := r.solve(f, byeTo)
		switch {
		case !ok && r.standIns == 0:
			return nil, cost{}, false
		case !ok:
			// With stand-ins no player may leave a large group beyond its stand-ins:
			// look again with more of them (in the end, with every player).
			excess = 2*excess + 2
			continue
		case r.standIns > 0 && 2*c.cross+bye-odd > excess:
			// The least cost found has more pairs across groups than the stand-ins were
			// chosen for: the optimum may need more of them (it has no more pairs across
			// groups than this pairing), so look again with that many.
			excess = 2*c.cross + bye - odd
			continue
		}
		if out, ok := r.expand(f, pairs, rng); ok {
			return out, c, true
		}
		// The rest of a large group always pairs inside it (Dirac's theorem, in the package
		// doc); were it ever not to, the whole field is paired without stand-ins.
		excess = len(f.players) + 1
	}
}

// reduced is the graph optimal matches: every player of a small group, and for each large
// group a few of its players who stand for it (the players who may leave it), with one
// more node (a filler) when the group's other players are odd in number; and the bye.
type reduced struct {
	nodes []node
	// standIns counts the groups stood for.
	standIns int
	// whole lists the players of each group stood for.
	whole [][]int
}

// node is a vertex of the reduced graph.
type node struct {
	// player is the field player, −1 for a filler or the bye.
	player int
	// group is the group a stand-in or filler belongs to when the group is stood for, −1
	// otherwise.
	group int
	bye   bool
}

// reach returns, for each group, the most of its players one of them may not meet
// (inside) and the most of its players one player of another group may not meet (outside).
func (f *field) reach() (inside, outside []int) {
	inside, outside = make([]int, len(f.groups)), make([]int, len(f.groups))
	count := make([]int, len(f.groups))
	for a, fb := range f.forbid {
		for _, b := range fb {
			count[f.group[b]]++
		}
		for _, b := range fb {
			g := f.group[b]
			if g == f.group[a] {
				inside[g] = max(inside[g], count[g])
			} else {
				outside[g] = max(outside[g], count[g])
			}
		}
		for _, b := range fb {
			count[f.group[b]] = 0
		}
	}
	return inside, outside
}

// reduce builds the graph for pairings in which each group loses at most excess players
// beyond its parity (leave: one more for an odd group). A group is stood for by leave of its
// players more than the most of them one player of another group may not meet (the one who
// may take the bye first), when the rest of it, without any leave of them, still has two
// players more than twice the most of them one of them may not meet.
func (f *field) reduce(excess int, inside, outside []int, byeTo []bool) *reduced {
	r := &reduced{}
	for g, members := range f.groups {
		leave := len(members)%2 + excess
		keep := outside[g] + leave
		if len(members)-leave < 2*inside[g]+2 || len(members) <= keep+1 {
			for _, p := range members {
				r.nodes = append(r.nodes, node{player: p, group: -1})
			}
			continue
		}
		r.standIns++
		r.whole = append(r.whole, members)
		stand, first := make([]int, 0, keep), -1
		for _, p := range members {
			if byeTo != nil && byeTo[p] {
				stand, first = append(stand, p), p
				break
			}
		}
		for _, p := range members {
			if len(stand) == keep {
				break
			}
			if p != first {
				stand = append(stand, p)
			}
		}
		for _, p := range stand {
			r.nodes = append(r.nodes, node{player: p, group: g})
		}
		if (len(members)-keep)%2 == 1 {
			r.nodes = append(r.nodes, node{player: -1, group: g})
		}
	}
	if byeTo != nil {
		r.nodes = append(r.nodes, node{player: -1, group: -1, bye: true})
	}
	return r
}

// link reports whether nodes a and b may be paired in the reduced graph, and at what cost:
// the stand-ins and filler of one group may all meet each other at no cost (the group's
// other players pair them inside it), the bye meets the players byeTo marks, and players
// meet as in the field.
func (r *reduced) link(f *field, a, b node, byeTo []bool) (cost, bool) {
	if a.bye {
		a, b = b, a
	}
	switch {
	case b.bye:
		return cost{}, a.player >= 0 && byeTo[a.player]
	case a.group >= 0 && a.group == b.group:
		return cost{}, true
	case a.player < 0 || b.player < 0:
		return cost{}, false
	}
	return f.pairCost(a.player, b.player), f.allowed(a.player, b.player)
}

// solve matches the reduced graph at the least cost: pairs of node indexes, and the cost
// of the pairs across groups. ok is false when it has no perfect matching.
func (r *reduced) solve(f *field, byeTo []bool) (pairs [][2]int, c cost, ok bool) {
	den := int64(1)
	for _, p := range f.points {
		if _, d, ok := p.Parts(); ok {
			den = lcm(den, d)
		}
	}
	units := func(x exact.Num) int64 { return x.MulInt(den).Floor() }
	var spread int64
	if len(f.groups) > 1 {
		spread = units(f.points[f.groups[0][0]].Sub(f.points[f.groups[len(f.groups)-1][0]]))
	}
	n := len(r.nodes)
	// A pair across groups must cost more than every difference a pairing can add up.
	perCross := spread*int64(n/2+1) + 1
	top := perCross * 2
	var edges []blossom.Edge
	for a := range r.nodes {
		for b := a + 1; b < n; b++ {
			if pc, ok := r.link(f, r.nodes[a], r.nodes[b], byeTo); ok {
				edges = append(edges, blossom.Edge{I: a, J: b, W: top - int64(pc.cross)*perCross - units(pc.diff)})
			}
		}
	}
	mate := blossom.Match(n, edges, true)
	for a, b := range mate {
		if b < 0 {
			return nil, cost{}, false
		}
		if a < b {
			pairs = append(pairs, [2]int{a, b})
			if pc, _ := r.link(f, r.nodes[a], r.nodes[b], byeTo); pc.cross > 0 {
				c = c.add(pc)
			}
		}
	}
	return pairs, c, true
}

// expand turns the reduced graph's pairs into the field's: the pairs of players (the bye
// as byePlayer) kept, the stand-ins who met their own group's dropped, and each group
// stood for paired inside itself but for the players who left it. ok is false when such a
// rest has no perfect matching (which the choice of stand-ins rules out).
func (r *reduced) expand(f *field, pairs [][2]int, rng *rand.Rand) ([][2]int, bool) {
	var out [][2]int
	left := map[int]bool{}
	for _, pr := range pairs {
		a, b := r.nodes[pr[0]], r.nodes[pr[1]]
		if a.bye {
			a, b = b, a
		}
		switch {
		case a.group >= 0 && a.group == b.group:
			continue
		case b.bye:
			out = append(out, [2]int{a.player, byePlayer})
		default:
			out = append(out, [2]int{a.player, b.player})
		}
		left[a.player] = true
		if !b.bye {
			left[b.player] = true
		}
	}
	for _, members := range r.whole {
		var rest []int
		for _, p := range members {
			if !left[p] {
				rest = append(rest, p)
			}
		}
		m := newMatcher(len(rest), func(i, j int) bool { return f.allowed(rest[i], rest[j]) })
		order := rng.Perm(len(rest))
		m.greedy(order)
		if len(m.maximize(order)) > 0 {
			return nil, false
		}
		for i, j := range m.mate {
			if i < j {
				out = append(out, [2]int{rest[i], rest[j]})
			}
		}
	}
	return out, true
}
