package swiss

import (
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet/exact"
)

// field is the set of players to pair in one round, in the terms pairing needs: their
// points, their points groups and the pairs they may not play.
type field struct {
	// players are event indexes, one per field player.
	players []int
	// points are each field player's points going into the round.
	points []exact.Num
	// group is each field player's points group: 0 for the most points.
	group []int
	// groups lists each group's field players, most points first.
	groups [][]int
	// forbid lists, for each field player, the field players he may not meet (opponents
	// of earlier rounds, avoided pairs).
	forbid [][]int
}

// newField groups the players (event indexes) by points, most first; met lists, by event
// index, the players each may not meet.
func newField(players []int, points []exact.Num, met [][]int) *field {
	f := &field{players: players, points: points, group: make([]int, len(players)), forbid: make([][]int, len(players))}
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := points[b].Cmp(points[a]); c != 0 {
			return c
		}
		return a - b // as a stable sort, faster
	})
	for k, i := range order {
		if k == 0 || !points[i].Equal(points[order[k-1]]) {
			f.groups = append(f.groups, nil)
		}
		g := len(f.groups) - 1
		f.group[i] = g
		f.groups[g] = append(f.groups[g], i)
	}
	local := make([]int, len(met))
	for i := range local {
		local[i] = -1
	}
	for i, p := range players {
		local[p] = i
	}
	total := 0
	for _, p := range players {
		total += len(met[p])
	}
	backing := make([]int, 0, total) // one array for every list
	for i, p := range players {
		start := len(backing)
		for _, q := range met[p] {
			if j := local[q]; j >= 0 && j != i {
				backing = append(backing, j)
			}
		}
		f.forbid[i] = backing[start:len(backing):len(backing)]
	}
	return f
}

// allowed reports whether field players a and b may be paired.
func (f *field) allowed(a, b int) bool {
	return a != b && !slices.Contains(f.forbid[a], b)
}

// cost is what a pairing costs: the pairs across points groups first, then the sum of
// the point differences of those pairs.
type cost struct {
	cross int
	diff  exact.Num
}

func (c cost) less(d cost) bool {
	if c.cross != d.cross {
		return c.cross < d.cross
	}
	return c.diff.Cmp(d.diff) < 0
}

func (c cost) add(d cost) cost { return cost{cross: c.cross + d.cross, diff: c.diff.Add(d.diff)} }

// pairCost is the cost of pairing field players a and b.
func (f *field) pairCost(a, b int) cost {
	if f.group[a] == f.group[b] {
		return cost{}
	}
	d := f.points[a].Sub(f.points[b])
	if d.Sign() < 0 {
		d = d.Neg()
	}
	return cost{cross: 1, diff: d}
}

// bound is the cost no pairing of the field can beat: the one with no forbidden pair.
// Each group with an odd number of players must send one player across; the cheapest way
// pairs the odd groups in order of points, the first with the second, the third with the
// fourth (on a line, matching neighbours minimizes the sum of distances), and every other
// player inside his group.
func (f *field) bound() cost {
	var c cost
	odd := f.oddGroups()
	for i := 0; i+1 < len(odd); i += 2 {
		c.cross++
		c.diff = c.diff.Add(f.points[f.groups[odd[i]][0]].Sub(f.points[f.groups[odd[i+1]][0]]))
	}
	return c
}

// oddGroups lists the groups with an odd number of players, most points first.
func (f *field) oddGroups() []int {
	var odd []int
	for g, members := range f.groups {
		if len(members)%2 == 1 {
			odd = append(odd, g)
		}
	}
	return odd
}

// construct tries to pair the field at its bound: every group inside itself, and one
// player of each odd group against one of the next odd group. A pairing that reaches the
// bound is optimal; ok is false when the forbidden pairs make the bound unreachable, and
// the caller then asks the exact matching. The random source shuffles each group, so that
// pairings inside a group are random.
func (f *field) construct(rng *rand.Rand) (pairs [][2]int, ok bool) {
	ms := make([]*matcher, len(f.groups))
	orders := make([][]int, len(f.groups))
	exposed := make([][]int, len(f.groups))
	for g, members := range f.groups {
		ms[g] = newMatcher(len(members), func(i, j int) bool { return f.allowed(members[i], members[j]) })
		orders[g] = rng.Perm(len(members))
		ms[g].greedy(orders[g])
		exposed[g] = ms[g].maximize(orders[g])
		if len(exposed[g]) > len(members)%2 {
			return nil, false
		}
	}
	odd := f.oddGroups()
	for i := 0; i+1 < len(odd); i += 2 {
		a, c := odd[i], odd[i+1]
		fa, fc, found := f.floaters(ms[a], ms[c], exposed[a][0], exposed[c][0], f.groups[a], f.groups[c], rng)
		if !found {
			return nil, false
		}
		pairs = append(pairs, [2]int{f.groups[a][fa], f.groups[c][fc]})
	}
	for g, members := range f.groups {
		for i, j := range ms[g].mate {
			if i < j {
				pairs = append(pairs, [2]int{members[i], members[j]})
			}
		}
	}
	return pairs, true
}

// floaters chooses the players who leave two consecutive odd groups to meet each other:
// one of each group's players some maximum matching leaves unmatched, who may meet: the
// two the random matchings left, when they may, else two at random. It releases them from
// their groups, whose matchings stay perfect.
func (f *field) floaters(ma, mc *matcher, ua, uc int, a, c []int, rng *rand.Rand) (int, int, bool) {
	if f.allowed(a[ua], c[uc]) {
		return ua, uc, true // unmatched already: nothing to release
	}
	ma.search(ua)
	sa := members(ma.outer)
	mc.search(uc)
	sc := members(mc.outer)
	rng.Shuffle(len(sa), func(i, j int) { sa[i], sa[j] = sa[j], sa[i] })
	rng.Shuffle(len(sc), func(i, j int) { sc[i], sc[j] = sc[j], sc[i] })
	for _, x := range sa {
		for _, y := range sc {
			if f.allowed(a[x], c[y]) {
				return x, y, ma.release(x) && mc.release(y)
			}
		}
	}
	return 0, 0, false
}

// members lists the indexes set in a mask.
func members(mask []bool) []int {
	var out []int
	for i, in := range mask {
		if in {
			out = append(out, i)
		}
	}
	return out
}

func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}
