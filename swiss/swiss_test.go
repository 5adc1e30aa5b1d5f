package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/blossom"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// truncated returns ev with its first k rounds only (the event as it stood after round k).
func truncated(ev *tbsheet.Event, k int) *tbsheet.Event {
	out := *ev
	out.Rounds = nil
	for _, r := range ev.Rounds {
		if r.Number <= k {
			out.Rounds = append(out.Rounds, r)
		}
	}
	out.Players = slices.Clone(ev.Players)
	for i := range out.Players {
		if out.Players[i].DroppedAfter > k {
			out.Players[i].DroppedAfter = 0
		}
	}
	return &out
}

// problem is a round to pair as the test sees it, computed apart from the package's field.
type problem struct {
	active    []int
	points    []exact.Num
	forbidden map[[2]int]bool // by pairKey
	eligible  map[int]bool    // may take the bye (odd fields)
}

func newProblem(t *testing.T, ev *tbsheet.Event, opt Options) problem {
	t.Helper()
	c := opt.Calc
	c.NoExplain = true
	st, err := calc.Compute(ev, c)
	if err != nil {
		t.Fatal(err)
	}
	next := 1
	for _, r := range ev.Rounds {
		next = max(next, r.Number+1)
	}
	pb := problem{points: make([]exact.Num, len(ev.Players)), forbidden: map[[2]int]bool{}, eligible: map[int]bool{}}
	for _, r := range st.Rows {
		pb.points[r.Player] = r.Points
	}
	hadBye := map[int]bool{}
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if m.P2 >= 0 {
				pb.forbidden[pairKey(m.P1, m.P2)] = true
			} else if m.Result == tbsheet.Bye {
				hadBye[m.P1] = true
			}
		}
	}
	for _, a := range opt.Avoid {
		pb.forbidden[pairKey(a[0], a[1])] = true
	}
	for p, pl := range ev.Players {
		if !pl.Disqualified && (pl.DroppedAfter == 0 || pl.DroppedAfter >= next) && !slices.Contains(opt.Drop, p) {
			pb.active = append(pb.active, p)
		}
	}
	if len(pb.active)%2 == 1 {
		var least *exact.Num
		for _, p := range pb.active {
			if !hadBye[p] && (least == nil || pb.points[p].Cmp(*least) < 0) {
				v := pb.points[p]
				least = &v
			}
		}
		for _, p := range pb.active {
			if !hadBye[p] && pb.points[p].Equal(*least) {
				pb.eligible[p] = true
			}
		}
	}
	return pb
}

// costOf is the (cross pairs, sum of differences) of pairs.
func (pb problem) costOf(pairs [][2]int) (int, exact.Num) {
	cross, diff := 0, exact.Int(0)
	for _, pr := range pairs {
		if d := pb.points[pr[0]].Sub(pb.points[pr[1]]); d.Sign() != 0 {
			cross++
			if d.Sign() < 0 {
				d = d.Neg()
			}
			diff = diff.Add(d)
		}
	}
	return cross, diff
}

// bruteBest is the least cost over every legal pairing (−1 cross pairs when none exists).
func (pb problem) bruteBest() (int, exact.Num) {
	bestCross, bestDiff := -1, exact.Int(0)
	used := map[int]bool{}
	var pairs [][2]int
	byeGiven := len(pb.active)%2 == 0
	var rec func()
	rec = func() {
		i := slices.IndexFunc(pb.active, func(p int) bool { return !used[p] })
		if i < 0 {
			c, d := pb.costOf(pairs)
			if bestCross < 0 || c < bestCross || c == bestCross && d.Cmp(bestDiff) < 0 {
				bestCross, bestDiff = c, d
			}
			return
		}
		a := pb.active[i]
		used[a] = true
		if !byeGiven && pb.eligible[a] {
			byeGiven = true
			rec()
			byeGiven = false
		}
		for _, b := range pb.active[i+1:] {
			if !used[b] && !pb.forbidden[pairKey(a, b)] {
				used[b] = true
				pairs = append(pairs, [2]int{a, b})
				rec()
				pairs = pairs[:len(pairs)-1]
				used[b] = false
			}
		}
		used[a] = false
	}
	rec()
	return bestCross, bestDiff
}

// matchingBest is the least cost by a maximum-weight matching with weights written here
// (points are whole numbers in generated events): a cross pair costs 10⁶, a point of
// difference 1.
func (pb problem) matchingBest(t *testing.T) (int, exact.Num) {
	n := len(pb.active)
	var edges []blossom.Edge
	for i, a := range pb.active {
		for j := i + 1; j < n; j++ {
			b := pb.active[j]
			if pb.forbidden[pairKey(a, b)] {
				continue
			}
			c, d := pb.costOf([][2]int{{a, b}})
			edges = append(edges, blossom.Edge{I: i, J: j, W: 1e9 - int64(c)*1e6 - d.Floor()})
		}
		if pb.eligible[a] {
			edges = append(edges, blossom.Edge{I: i, J: n, W: 1e9})
		}
	}
	mate := blossom.Match(n+1, edges, true)
	var pairs [][2]int
	for i, j := range mate[:n] {
		if j < 0 && n%2 == 0 {
			return -1, exact.Int(0)
		}
		if i < j && j < n {
			pairs = append(pairs, [2]int{pb.active[i], pb.active[j]})
		}
	}
	if len(pairs) != n/2 {
		return -1, exact.Int(0)
	}
	return pb.costOf(pairs)
}

// checkPairing checks the properties every pairing must have and returns its pairs.
func checkPairing(t *testing.T, pb problem, p *Pairing, opt Options) [][2]int {
	t.Helper()
	seen := map[int]int{}
	tables := map[int]bool{}
	var pairs [][2]int
	byes := 0
	for _, m := range p.Round.Matches {
		seen[m.P1]++
		if m.P2 == tbsheet.NoPlayer {
			byes++
			if m.Result != tbsheet.Bye || !pb.eligible[m.P1] {
				t.Fatalf("bye to %d (result %v), who may not have it", m.P1, m.Result)
			}
			continue
		}
		seen[m.P2]++
		if m.Result != tbsheet.Unreported {
			t.Fatalf("a new match has a result: %+v", m)
		}
		if pb.forbidden[pairKey(m.P1, m.P2)] {
			t.Fatalf("%d and %d met before or must not meet", m.P1, m.P2)
		}
		if tables[m.Table] || m.Table < 1 {
			t.Fatalf("table %d given twice or invalid", m.Table)
		}
		tables[m.Table] = true
		for _, pl := range []int{m.P1, m.P2} {
			if ft, ok := opt.Fixed[pl]; ok && ft != m.Table && opt.Fixed[m.P1+m.P2-pl] != m.Table {
				t.Fatalf("player %d fixed at table %d plays at %d", pl, ft, m.Table)
			}
		}
		pairs = append(pairs, [2]int{m.P1, m.P2})
	}
	if byes != len(pb.active)%2 {
		t.Fatalf("%d byes for %d players", byes, len(pb.active))
	}
	if len(seen) != len(pb.active) {
		t.Fatalf("%d players paired, %d active", len(seen), len(pb.active))
	}
	for _, a := range pb.active {
		if seen[a] != 1 {
			t.Fatalf("active player %d appears %d times", a, seen[a])
		}
	}
	cross, diff := pb.costOf(pairs)
	if cross != p.Cross || !diff.Equal(p.Diff) {
		t.Fatalf("Pairing says cost (%d, %v), its pairs cost (%d, %v)", p.Cross, p.Diff, cross, diff)
	}
	return pairs
}

// randomOptions draws drops, avoided pairs and fixed tables for ev.
func randomOptions(rng *rand.Rand, ev *tbsheet.Event, seed uint64) Options {
	opt := Options{Seed: seed}
	n := len(ev.Players)
	if rng.IntN(3) == 0 {
		opt.Drop = append(opt.Drop, rng.IntN(n))
	}
	for range rng.IntN(3) {
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b {
			opt.Avoid = append(opt.Avoid, [2]int{a, b})
		}
	}
	if rng.IntN(4) == 0 {
		opt.Fixed = map[int]int{rng.IntN(n): 1 + rng.IntN(n)}
	}
	return opt
}

// TestPairIsOptimal pairs thousands of random events (even and odd fields, drops, late
// entries, avoided pairs, fixed tables) and checks every property of a pairing and that its
// cost is the least any legal pairing has: by brute force up to 12 players, by a
// maximum-weight matching above.
func TestPairIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	iters := 3000
	if testing.Short() {
		iters = 300
	}
	var reached, fallback, none int
	for iter := range iters {
		players := 2 + rng.IntN(40)
		if iter%3 == 0 {
			players = 2 + rng.IntN(11)
		}
		rounds := max(3, 1+rng.IntN(7))
		cfg := swissgen.Config{Players: players, Rounds: rounds, Seed: int64(iter), DropRate: 0.05, LateRate: 0.05, DQRate: 0.02, DrawRate: 0.05}
		full := swissgen.Generate(cfg)
		ev := truncated(full, rng.IntN(rounds+1))
		ev.PlannedRounds = 0
		opt := randomOptions(rng, ev, uint64(iter))
		pb := newProblem(t, ev, opt)
		var want int
		var wantDiff exact.Num
		switch {
		case len(pb.active) < 2:
			want = -1 // nobody to pair
		case len(pb.active) <= 12:
			want, wantDiff = pb.bruteBest()
		default:
			want, wantDiff = pb.matchingBest(t)
		}
		name := fmt.Sprintf("iter %d (%d players, %d rounds played, %d active)", iter, players, len(ev.Rounds), len(pb.active))
		p, err := Pair(ev, opt)
		var fe *FixedError
		switch {
		case errors.As(err, &fe):
			continue
		case errors.Is(err, ErrNoPairing):
			if want >= 0 {
				t.Fatalf("%s: no pairing, but one costing %d exists", name, want)
			}
			none++
			continue
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		if want < 0 {
			t.Fatalf("%s: paired, but the oracle finds no legal pairing", name)
		}
		checkPairing(t, pb, p, opt)
		if p.Cross != want || !p.Diff.Equal(wantDiff) {
			t.Fatalf("%s: cost (%d cross, %v), the least is (%d, %v)", name, p.Cross, p.Diff, want, wantDiff)
		}
		if f := newField(pb.active, pb.points, make([][]int, len(ev.Players))); p.Cross == f.bound().cross {
			reached++
		} else {
			fallback++
		}
	}
	t.Logf("%d at the bound without forbidden pairs, %d above it, %d without a legal pairing", reached, fallback, none)
}

// TestPairSeed: the same seed gives the same pairing, different seeds differ.
func TestPairSeed(t *testing.T) {
	ev := truncated(swissgen.Generate(swissgen.Config{Players: 64, Rounds: 5, Seed: 3}), 2)
	a, err := Pair(ev, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Pair(ev, Options{Seed: 1})
	c, _ := Pair(ev, Options{Seed: 2})
	if !slices.Equal(a.Round.Matches, b.Round.Matches) {
		t.Error("the same seed gave two pairings")
	}
	if slices.Equal(a.Round.Matches, c.Round.Matches) {
		t.Error("seeds 1 and 2 gave the same pairing")
	}
	if a.Round.Number != 3 {
		t.Errorf("paired round %d, want 3", a.Round.Number)
	}
}

// TestPairRefuses: a round in play, a top cut begun, every planned round paired, and a
// field where everyone has met.
func TestPairRefuses(t *testing.T) {
	ev := swissgen.Generate(swissgen.Config{Players: 8, Rounds: 3, Seed: 5})
	inPlay := truncated(ev, 3)
	inPlay.Rounds[2].Matches = slices.Clone(inPlay.Rounds[2].Matches)
	inPlay.Rounds[2].Matches[0].Result = tbsheet.Unreported
	cut := truncated(ev, 3)
	cut.PlannedRounds = 0
	cut.Rounds = append(cut.Rounds, tbsheet.Round{Number: 4, Playoff: true, Matches: []tbsheet.Match{{P1: 0, P2: 1}}})
	four := &tbsheet.Event{Source: "four", Players: []tbsheet.Player{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}}}
	four.Rounds = []tbsheet.Round{{Number: 1, Matches: []tbsheet.Match{{Table: 1, P1: 0, P2: 1, Result: tbsheet.Win}}}}
	three := &tbsheet.Event{Source: "three", Players: []tbsheet.Player{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}, {ID: "c", Name: "C"}}}
	for r, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 2, 0}} { // each a bye in turn
		three.Rounds = append(three.Rounds, tbsheet.Round{Number: r + 1, Matches: []tbsheet.Match{
			{Table: 1, P1: p[0], P2: p[1], Result: tbsheet.Win}, {P1: p[2], P2: tbsheet.NoPlayer, Result: tbsheet.Bye}}})
	}
	tests := []struct {
		name string
		ev   *tbsheet.Event
		drop []int
		want error
	}{
		{"every player has had a bye", three, nil, ErrAllHadBye},
		{"round in play", inPlay, nil, ErrRoundInPlay},
		{"planned rounds paired", truncated(ev, 3), nil, ErrSwissOver},
		{"top cut begun", cut, nil, ErrSwissOver},
		{"everyone has met", four, nil, ErrNoPairing},
		{"one player left", truncated(ev, 1), []int{0, 1, 2, 3, 4, 5, 6}, ErrTooFew},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Pair(tt.ev, Options{Drop: tt.drop}); !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
}

// FuzzPair pairs random events (any size, any round, drops, late entries, avoided pairs,
// fixed tables): never a panic, and every pairing it returns has every property of one.
func FuzzPair(f *testing.F) {
	f.Add(uint64(1), uint8(9), uint8(3), uint8(2), uint64(7))
	f.Add(uint64(2), uint8(40), uint8(6), uint8(5), uint64(0))
	f.Add(uint64(3), uint8(2), uint8(1), uint8(1), uint64(1))
	f.Fuzz(func(t *testing.T, event uint64, players, rounds, played uint8, seed uint64) {
		n := 2 + int(players)%64
		r := 1 + int(rounds)%8
		cfg := swissgen.Config{Players: n, Rounds: r, Seed: int64(event), DropRate: 0.05, LateRate: 0.05, DQRate: 0.02, DrawRate: 0.05}
		ev := truncated(swissgen.Generate(cfg), int(played)%(r+1))
		ev.PlannedRounds = 0
		rng := rand.New(rand.NewPCG(seed, event))
		opt := randomOptions(rng, ev, seed)
		p, err := Pair(ev, opt)
		var fe *FixedError
		if errors.As(err, &fe) || errors.Is(err, ErrNoPairing) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		checkPairing(t, newProblem(t, ev, opt), p, opt)
	})
}

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// TestOptimalStandsIn solves fields large enough for their large points groups to be
// stood for by a few of their players (with draws, so that small groups appear, and
// avoided pairs), straight by the exact matching (not first by the construction that
// usually reaches the bound), and checks the pairing and its cost against a maximum-weight
// matching over every player.
func TestOptimalStandsIn(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	iters := 40
	if testing.Short() {
		iters = 8
	}
	standIns := 0
	for iter := range iters {
		players := 100 + rng.IntN(150)
		cfg := swissgen.Config{Players: players, Rounds: 8, Seed: int64(iter), DropRate: 0.03, LateRate: 0.03, DrawRate: 0.15}
		ev := truncated(swissgen.Generate(cfg), 1+rng.IntN(5))
		ev.PlannedRounds = 0
		opt := randomOptions(rng, ev, uint64(iter))
		opt.Fixed = nil
		pb := newProblem(t, ev, opt)
		h := history(ev, ev.SwissRounds())
		for _, a := range opt.Avoid {
			h.forbid(a[0], a[1])
		}
		f := newField(pb.active, pairPoints(pb.active, pb.points), h.met)
		var byeTo []bool
		if len(pb.active)%2 == 1 {
			byeTo = make([]bool, len(pb.active))
			for i, p := range pb.active {
				byeTo[i] = pb.eligible[p]
			}
		}
		inside, outside := f.reach()
		standIns += f.reduce(2, inside, outside, byeTo).standIns
		pairs, c, ok := f.optimal(byeTo, rand.New(rand.NewPCG(uint64(iter), 1)))
		want, wantDiff := pb.matchingBest(t)
		name := fmt.Sprintf("iter %d (%d active, %d rounds played)", iter, len(pb.active), len(ev.Rounds))
		if !ok {
			if want >= 0 {
				t.Fatalf("%s: no pairing, but one costing %d exists", name, want)
			}
			continue
		}
		var round tbsheet.Round
		for _, pr := range f.eventPairs(pairs) {
			m := tbsheet.Match{Table: len(round.Matches) + 1, P1: pr[0], P2: pr[1]}
			if pr[1] == byePlayer {
				m = tbsheet.Match{P1: pr[0], P2: tbsheet.NoPlayer, Result: tbsheet.Bye}
			}
			round.Matches = append(round.Matches, m)
		}
		checkPairing(t, pb, &Pairing{Round: round, Cross: c.cross, Diff: c.diff}, Options{})
		if c.cross != want || !c.diff.Equal(wantDiff) {
			t.Fatalf("%s: cost (%d cross, %v), the least is (%d, %v)", name, c.cross, c.diff, want, wantDiff)
		}
	}
	t.Logf("%d groups stood for", standIns)
	if standIns < iters {
		t.Fatalf("only %d groups stood for in %d fields: the test does not exercise the reduction", standIns, iters)
	}
}

// TestOptimalStandsInHard solves made-up fields built to need the stand-ins' every rule:
// large groups beside tiny groups whose players have all met each other (so that several
// of them must leave for the large groups), players who have met many of a large group
// (so that the stand-ins must be more than the players who leave), and a bye; the cost is
// checked against a maximum-weight matching over every player.
func TestOptimalStandsInHard(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	iters := 300
	if testing.Short() {
		iters = 60
	}
	standIns := 0
	for iter := range iters {
		var points []exact.Num
		var groups [][]int
		for g := range 2 + rng.IntN(6) { // one points group each
			size := 1 + rng.IntN(4)
			if rng.IntN(2) == 0 {
				size = 20 + rng.IntN(40)
			}
			var members []int
			for range size {
				members = append(members, len(points))
				points = append(points, exact.Int(int64(30-3*g)))
			}
			groups = append(groups, members)
		}
		n := len(points)
		met := make([][]int, n)
		forbid := func(a, b int) {
			if a != b && !slices.Contains(met[a], b) {
				met[a], met[b] = append(met[a], b), append(met[b], a)
			}
		}
		for _, members := range groups {
			for _, a := range members {
				if len(members) <= 4 {
					for _, b := range members {
						forbid(a, b) // a tiny group whose players have all met
					}
					// and many players of one large group
					other := groups[rng.IntN(len(groups))]
					for _, b := range other[:rng.IntN(min(12, len(other))+1)] {
						forbid(a, b)
					}
					if iter%2 == 0 {
						// and every player of the other tiny groups, so that all of them
						// leave for the large groups
						for _, o := range groups {
							if len(o) <= 4 {
								for _, b := range o {
									forbid(a, b)
								}
							}
						}
					}
				} else if rng.IntN(4) == 0 {
					forbid(a, members[rng.IntN(len(members))])
				}
			}
		}
		players := make([]int, n)
		for i := range players {
			players[i] = i
		}
		f := newField(players, points, met)
		var byeTo []bool
		if n%2 == 1 {
			byeTo = make([]bool, n)
			for _, p := range f.groups[len(f.groups)-1] {
				byeTo[p] = rng.IntN(3) == 0
			}
		}
		inside, outside := f.reach()
		standIns += f.reduce(2, inside, outside, byeTo).standIns
		pairs, c, ok := f.optimal(byeTo, rand.New(rand.NewPCG(uint64(iter), 2)))
		want, wantOK := fieldOracle(f, byeTo)
		name := fmt.Sprintf("iter %d (%d players, groups %d)", iter, n, len(f.groups))
		if ok != wantOK {
			t.Fatalf("%s: paired %v, the oracle %v", name, ok, wantOK)
		}
		if !ok {
			continue
		}
		seen := map[int]bool{}
		var got int64
		for _, pr := range pairs {
			for _, p := range pr {
				if p != byePlayer && seen[p] {
					t.Fatalf("%s: player %d paired twice", name, p)
				}
				seen[p] = true
			}
			switch {
			case pr[1] == byePlayer:
				if !byeTo[pr[0]] {
					t.Fatalf("%s: bye to %d", name, pr[0])
				}
			case !f.allowed(pr[0], pr[1]):
				t.Fatalf("%s: %d and %d may not meet", name, pr[0], pr[1])
			default:
				pc := f.pairCost(pr[0], pr[1])
				got += int64(pc.cross)*1e6 + pc.diff.Floor()
			}
		}
		delete(seen, byePlayer)
		if len(seen) != n {
			t.Fatalf("%s: %d of %d players paired", name, len(seen), n)
		}
		if got != want || int64(c.cross)*1e6+c.diff.Floor() != want {
			t.Fatalf("%s: cost %d (says %d cross, %v), the least is %d", name, got, c.cross, c.diff, want)
		}
	}
	t.Logf("%d groups stood for", standIns)
	if standIns < iters/2 {
		t.Fatalf("only %d groups stood for in %d fields: the test does not exercise the reduction", standIns, iters)
	}
}

// fieldOracle is the least cost (10⁶ a pair across groups, 1 a point of difference) of a
// pairing of the whole field by a maximum-weight matching over every allowed pair, with
// weights written here.
func fieldOracle(f *field, byeTo []bool) (int64, bool) {
	n := len(f.players)
	var edges []blossom.Edge
	for a := range n {
		for b := a + 1; b < n; b++ {
			if !slices.Contains(f.forbid[a], b) {
				d := f.points[a].Sub(f.points[b])
				if d.Sign() < 0 {
					d = d.Neg()
				}
				var c int64
				if d.Sign() != 0 {
					c = 1e6 + d.Floor()
				}
				edges = append(edges, blossom.Edge{I: a, J: b, W: 1e9 - c})
			}
		}
		if byeTo != nil && byeTo[a] {
			edges = append(edges, blossom.Edge{I: a, J: n, W: 1e9})
		}
	}
	mate := blossom.Match(n+1, edges, true)
	var sum int64
	for a, b := range mate[:n] {
		if b < 0 {
			return 0, false
		}
		if a < b && b < n {
			sum += 1e9 - edges[slices.IndexFunc(edges, func(e blossom.Edge) bool { return e.I == a && e.J == b })].W
		}
	}
	return sum, true
}

// TestPairLargeFields pairs events of 120 to 320 players at every stage (draws, drops, late
// entries, avoided pairs), where the exact matching stands a few players in for the large
// groups, and checks every pairing and its cost against a matching over every player.
func TestPairLargeFields(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	iters := 60
	if testing.Short() {
		iters = 10
	}
	for iter := range iters {
		cfg := swissgen.Config{Players: 120 + rng.IntN(200), Rounds: 10, Seed: int64(iter), DropRate: 0.03, LateRate: 0.02, DrawRate: 0.1}
		ev := truncated(swissgen.Generate(cfg), 1+rng.IntN(9))
		ev.PlannedRounds = 0
		opt := randomOptions(rng, ev, uint64(iter))
		opt.Fixed = nil
		pb := newProblem(t, ev, opt)
		p, err := Pair(ev, opt)
		if err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		checkPairing(t, pb, p, opt)
		if want, wantDiff := pb.matchingBest(t); p.Cross != want || !p.Diff.Equal(wantDiff) {
			t.Fatalf("iter %d (%d active, %d rounds played): cost (%d, %v), the least is (%d, %v)",
				iter, len(pb.active), len(ev.Rounds), p.Cross, p.Diff, want, wantDiff)
		}
	}
}
