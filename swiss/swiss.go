// Package swiss pairs the next round of a card-game Swiss (Magic, Pokémon, Yu-Gi-Oh!,
// Cryptozoic, Challonge-style) and audits the rounds an event already has.
//
// # The rules
//
// Players meet within their points group (the players on the same points going into the
// round), at random inside a group; round 1 is one group, so it is random. Among the
// pairings with no rematch, no second bye and no avoided pair, tbsheet takes one with the
// fewest pairs across points groups, then the smallest sum of the point differences of
// those pairs, at random among equals. An odd field gives the bye to a player with the
// fewest points among those who have not had one (the Magic and Pokémon rule), and the bye
// scores as the system's bye. Players who dropped (the input's own marks, and Options.Drop
// for players leaving now) and disqualified players are not paired; a registered player
// who has not played yet (a late entry) is.
//
// # How the best pairing is found, fast
//
// Without forbidden pairs the best cost is known from the group sizes alone ([field.bound]):
// every group with an odd number of players sends exactly one player across, and the odd
// groups pair in order of points, the first with the second, the third with the fourth
// (matching neighbours on a line minimizes the sum of distances); any other choice has more
// cross pairs, or the same number and a larger sum. No pairing can cost less than that.
// [field.construct] tries to reach it with the forbidden pairs: a maximum matching inside
// every group (Edmonds' blossom algorithm, seeded by a random greedy pass), then, for each
// two consecutive odd groups, one player of each that some maximum matching of his group
// leaves out (the Gallai–Edmonds set the blossom search finds) and who may meet each other.
// When it succeeds the pairing costs exactly the bound, so it is optimal.
//
// # When the bound cannot be reached
//
// Only when the forbidden pairs make the bound unreachable (small or rematch-heavy fields,
// late rounds, and in any field two players who drew each other alone on their points)
// does [field.optimal] solve the round exactly, as a minimum-cost perfect matching
// (internal/blossom), with the bye as one more player joined only to the players who may
// take it. A matching over every player of a large field is far too slow (seconds for a
// few thousand players), so it matches a reduced graph in which every large group is stood
// for by a few of its players: the matching decides who leaves each large group, and the
// rest of the group is paired inside it afterwards. That is exact, for these reasons:
//
//   - Few players leave a group. Each pair across groups takes one player out of each of
//     two groups, the bye one more, and a group with an odd number of players loses an odd
//     number of them (the rest pair inside it): so a pairing with X pairs across groups
//     loses, over all groups, E = 2X + bye − (the number of odd groups) players beyond
//     each group's parity, and no group loses more than its parity plus E. An optimal
//     pairing has no more pairs across groups than any pairing found, which bounds its E.
//     Let L be a group's parity plus that bound.
//   - The rest of a large group always pairs inside it. If each player of a group may not
//     meet at most r of its other players, and at least 2r+2 of them stay, each has at least
//     half of the others as possible opponents, so (Dirac's theorem) they can be seated
//     around one table each next to a possible opponent, and an even number of them pair
//     off along it. A group is stood for only when it has 2r+2 players more than L.
//   - Any L players who leave can be replaced by stand-ins. If one player of another group
//     may not meet at most s players of the group, s+L stand-ins (one who may take the bye
//     first) always hold a different possible opponent for each player who leaves, so a
//     pairing that sends players out of the group sends stand-ins out at the same cost.
//   - In the reduced graph the stand-ins (and a filler when the rest is odd) may meet each
//     other freely at no cost: any of them who stay are paired inside the group with its
//     other players, by the two points above.
//
// So every pairing whose groups send out at most L players has one of the same cost in the
// reduced graph, and every matching of the reduced graph with at most L players out of a
// group is a pairing of the field of the same cost. [field.optimal] starts with E a little
// above the bound's (0) and, when the matching it finds has a larger E, matches again with
// that E: the optimum's is no larger, so the second matching is the optimum. (Were the
// reduced graph ever to have no perfect matching, or a group's rest no pairing, it looks
// again with more stand-ins, in the end with every player.) A 4,096-player round that
// needs it is paired in tens of milliseconds.
//
// The package does no I/O; it hands over data (rounds, findings), never sentences.
package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/pairings"
)

// The reasons Pair refuses. Each error Pair returns wraps one of them, or is a usage error
// of calc (errors.Is(err, calc.ErrUsage)).
var (
	// ErrRoundInPlay: a Swiss round has pairings waiting for results.
	ErrRoundInPlay = errors.New("a round is waiting for results")
	// ErrSwissOver: the top cut has begun, or every planned Swiss round is paired.
	ErrSwissOver = errors.New("the Swiss rounds are over")
	// ErrNoPairing: no pairing avoids every rematch, second bye and avoided pair.
	ErrNoPairing = errors.New("no pairing avoids every rematch, second bye and avoided pair")
	// ErrTooFew: fewer than two players are left to pair (it wraps ErrNoPairing).
	ErrTooFew = fmt.Errorf("%w: too few players", ErrNoPairing)
	// ErrAllHadBye: the field is odd and every player in it has had a bye (it wraps
	// ErrNoPairing).
	ErrAllHadBye = fmt.Errorf("%w: every player has had a bye", ErrNoPairing)
	// ErrChess: the event is ranked as chess, whose rounds the FIDE Dutch system pairs,
	// with colours: not this package.
	ErrChess = errors.New("chess events are paired by the FIDE Dutch system")
)

// Options say how to pair the next round.
type Options struct {
	// Calc are the ranking options the points going into the round are counted with, as for
	// standings (system, points). AfterRound must be 0.
	Calc calc.Options
	// Seed chooses among the equally good pairings; the same seed and event give the same
	// pairing.
	Seed uint64
	// Drop lists players (event indexes) who leave now, before the round.
	Drop []int
	// Avoid lists pairs of players (event indexes) who must not meet (siblings, teammates).
	Avoid [][2]int
	// Fixed gives players (event indexes) a table of their own (an accessible seat): their
	// pairing is played there (when two of them meet, at Player 1's). Two players may not
	// be given one table.
	Fixed map[int]int
}

// Pairing is the round Pair made.
type Pairing struct {
	// Round is the new round: its matches by table, table 1 the top pairing, Player 1 the
	// player with more points (then the better standing); the bye last, with the Bye
	// result; other results Unreported.
	Round tbsheet.Round
	// Before are the standings going into the round (its points groups).
	Before *calc.Standings
	// Cross and Diff are the pairing's cost: its pairs across points groups and the sum of
	// their point differences.
	Cross int
	Diff  exact.Num
}

// RoundError says why a round cannot be paired: Round is the round concerned (the one in
// play, or the one asked for), Count how many (unreported tables, planned rounds, players
// left).
type RoundError struct {
	Err          error
	Round, Count int
	// Playoff is true when ErrSwissOver is returned because the top cut has begun.
	Playoff bool
}

func (e *RoundError) Error() string {
	switch {
	case errors.Is(e.Err, ErrRoundInPlay):
		tables := "tables are"
		if e.Count == 1 {
			tables = "table is"
		}
		return fmt.Sprintf("round %d is being played (%d %s waiting for results): enter them before pairing round %d", e.Round, e.Count, tables, e.Round+1)
	case e.Playoff:
		return "the top cut has begun: its rounds are paired from its winners"
	case errors.Is(e.Err, ErrSwissOver):
		return fmt.Sprintf("all %d planned Swiss rounds are paired", e.Count)
	case errors.Is(e.Err, ErrTooFew) && e.Count == 1:
		return fmt.Sprintf("round %d: only one player is left to pair", e.Round)
	case errors.Is(e.Err, ErrTooFew):
		return fmt.Sprintf("round %d: no player is left to pair", e.Round)
	case errors.Is(e.Err, ErrAllHadBye):
		return fmt.Sprintf("round %d: the field is odd and every player in it has had a bye: nobody may have another", e.Round)
	}
	return fmt.Sprintf("round %d: %v", e.Round, e.Err)
}

func (e *RoundError) Unwrap() error { return e.Err }

// Pair pairs the round after the last Swiss round of ev.
func Pair(ev *tbsheet.Event, opt Options) (*Pairing, error) {
	if opt.Calc.AfterRound != 0 {
		return nil, &calc.UsageError{Msg: "the round to pair is the next one, not AfterRound"}
	}
	opt.Calc.NoExplain = true
	st, err := calc.Compute(ev, opt.Calc)
	if err != nil {
		return nil, err
	}
	if st.System != nil && st.System.Name == "fide" {
		return nil, ErrChess
	}
	next, err := nextRound(ev)
	if err != nil {
		return nil, err
	}
	h := history(ev, ev.SwissRounds())
	for _, a := range opt.Avoid {
		h.forbid(a[0], a[1])
	}
	points := pointsOf(st, len(ev.Players))
	dropped := make([]bool, len(ev.Players))
	for _, p := range opt.Drop {
		dropped[p] = true
	}
	var active []int
	for p := range ev.Players {
		pl := &ev.Players[p]
		if !dropped[p] && !pl.Disqualified && (pl.DroppedAfter == 0 || pl.DroppedAfter >= next) {
			active = append(active, p)
		}
	}
	if len(active) < 2 {
		return nil, &RoundError{Err: ErrTooFew, Round: next, Count: len(active)}
	}
	if err := checkFixed(opt.Fixed, active); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))
	rng.Shuffle(len(active), func(i, j int) { active[i], active[j] = active[j], active[i] })
	pairs, bye, c, err := pairField(active, points, h, rng)
	if err != nil {
		return nil, &RoundError{Err: err, Round: next}
	}
	p := &Pairing{Before: st, Cross: c.cross, Diff: c.diff}
	p.Round = tbsheet.Round{Number: next, Matches: seat(pairs, points, rankOf(st, len(ev.Players)), opt.Fixed)}
	if bye >= 0 {
		p.Round.Matches = append(p.Round.Matches, tbsheet.Match{P1: bye, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
	}
	return p, nil
}

// CheckNotInPlay returns a RoundError wrapping ErrRoundInPlay when a Swiss round of ev is
// waiting for results, which any engine must have before it pairs the next.
func CheckNotInPlay(ev *tbsheet.Event) error {
	r := pairings.InPlay(ev)
	if r == 0 {
		return nil
	}
	i := slices.IndexFunc(ev.Rounds, func(x tbsheet.Round) bool { return !x.Playoff && x.Number == r })
	open := 0
	for _, m := range ev.Rounds[i].Matches {
		if m.Result == tbsheet.Unreported {
			open++
		}
	}
	return &RoundError{Err: ErrRoundInPlay, Round: r, Count: open}
}

// nextRound returns the number of the round to pair, or why none can be.
func nextRound(ev *tbsheet.Event) (int, error) {
	if err := CheckNotInPlay(ev); err != nil {
		return 0, err
	}
	if slices.ContainsFunc(ev.Rounds, func(x tbsheet.Round) bool { return x.Playoff }) {
		return 0, &RoundError{Err: ErrSwissOver, Playoff: true}
	}
	last := 0
	for _, r := range ev.SwissRounds() {
		last = max(last, r.Number)
	}
	if ev.PlannedRounds > 0 && last >= ev.PlannedRounds {
		return 0, &RoundError{Err: ErrSwissOver, Round: last + 1, Count: ev.PlannedRounds}
	}
	return last + 1, nil
}

// record is what earlier rounds forbid: the players each player met (and may not meet
// again), and the players who had a bye.
type record struct {
	met [][]int
	bye []bool
}

// forbid records that a and b may not meet.
func (h *record) forbid(a, b int) {
	h.met[a] = append(h.met[a], b)
	h.met[b] = append(h.met[b], a)
}

// forbidden reports whether a and b may not meet.
func (h *record) forbidden(a, b int) bool { return slices.Contains(h.met[a], b) }

// history reads the pairs who met and the byes given in rounds.
func history(ev *tbsheet.Event, rounds []tbsheet.Round) record {
	h := record{met: make([][]int, len(ev.Players)), bye: make([]bool, len(ev.Players))}
	// One backing array for every list (a large event has thousands): count, then carve.
	count := make([]int, len(ev.Players))
	total := 0
	for _, r := range rounds {
		for _, m := range r.Matches {
			if m.P2 != tbsheet.NoPlayer {
				count[m.P1]++
				count[m.P2]++
				total += 2
			}
		}
	}
	backing := make([]int, 0, total)
	for p, n := range count {
		h.met[p] = backing[len(backing) : len(backing) : len(backing)+n]
		backing = backing[:len(backing)+n]
	}
	for _, r := range rounds {
		for _, m := range r.Matches {
			switch {
			case m.P2 != tbsheet.NoPlayer:
				h.forbid(m.P1, m.P2)
			case m.Result == tbsheet.Bye:
				h.bye[m.P1] = true
			}
		}
	}
	return h
}

// pointsOf returns every player's points in st (zero for a player not ranked yet: a late
// entry).
func pointsOf(st *calc.Standings, players int) []exact.Num {
	points := make([]exact.Num, players)
	for _, r := range st.Rows {
		points[r.Player] = r.Points
	}
	return points
}

// rankOf returns every player's rank in st (after every ranked player for one not ranked).
func rankOf(st *calc.Standings, players int) []int {
	rank := make([]int, players)
	for i := range rank {
		rank[i] = len(st.Rows) + 1
	}
	for _, r := range st.Rows {
		rank[r.Player] = r.Rank
	}
	return rank
}

// pairField pairs the active players (event indexes, in random order) at the least cost:
// the pairs, the bye (−1 for none) and the cost.
func pairField(active []int, points []exact.Num, h record, rng *rand.Rand) ([][2]int, int, cost, error) {
	if len(active)%2 == 0 {
		f := newField(active, pairPoints(active, points), h.met)
		pairs, c, err := f.best(nil, rng)
		return pairs, -1, c, err
	}
	var eligible []int
	for _, p := range active {
		if h.bye[p] {
			continue
		}
		if len(eligible) > 0 && points[p].Cmp(points[eligible[0]]) < 0 {
			eligible = eligible[:0]
		}
		if len(eligible) == 0 || points[p].Equal(points[eligible[0]]) {
			eligible = append(eligible, p)
		}
	}
	if len(eligible) == 0 {
		return nil, -1, cost{}, ErrAllHadBye
	}
	// Every candidate has the same points, so the bound is the same without any of them:
	// the first whose field reaches it is as good as any.
	const tries = 8
	for _, b := range eligible[:min(len(eligible), tries)] {
		rest := slices.DeleteFunc(slices.Clone(active), func(p int) bool { return p == b })
		f := newField(rest, pairPoints(rest, points), h.met)
		if pairs, ok := f.construct(rng); ok {
			return f.eventPairs(pairs), b, f.bound(), nil
		}
	}
	f := newField(active, pairPoints(active, points), h.met)
	isEligible := make([]bool, len(active))
	for i, p := range active {
		isEligible[i] = slices.Contains(eligible, p)
	}
	pairs, c, err := f.best(isEligible, rng)
	if err != nil {
		return nil, -1, cost{}, err
	}
	bye := -1
	for i, pr := range pairs {
		if pr[1] == byePlayer {
			bye = pr[0]
			pairs = slices.Delete(pairs, i, i+1)
			break
		}
	}
	return pairs, bye, c, nil
}

// byePlayer stands for the bye in the pairs optimal returns.
const byePlayer = -2

// best pairs the field at the least cost: at its bound when construct reaches it, else
// by the exact matching. byeTo, when not nil, adds the bye, which eligible players (by field
// index) may take; it pairs as byePlayer.
func (f *field) best(byeTo []bool, rng *rand.Rand) ([][2]int, cost, error) {
	if byeTo == nil {
		if pairs, ok := f.construct(rng); ok {
			return f.eventPairs(pairs), f.bound(), nil
		}
	}
	pairs, c, ok := f.optimal(byeTo, rng)
	if !ok {
		return nil, cost{}, ErrNoPairing
	}
	return f.eventPairs(pairs), c, nil
}

// eventPairs turns pairs of field players into pairs of event indexes (byePlayer stays).
func (f *field) eventPairs(pairs [][2]int) [][2]int {
	out := make([][2]int, len(pairs))
	for i, pr := range pairs {
		out[i] = pr
		for k := range pr {
			if pr[k] >= 0 {
				out[i][k] = f.players[pr[k]]
			}
		}
	}
	return out
}

// seat orders the pairs into tables: the pair with the most points at table 1 (by the
// higher points, then the lower), Player 1 the one with more points, then the better rank;
// pairs with a fixed table are played there, and the others take the numbers left, in
// order.
func seat(pairs [][2]int, points []exact.Num, rank []int, fixed map[int]int) []tbsheet.Match {
	better := func(a, b int) bool {
		if c := points[a].Cmp(points[b]); c != 0 {
			return c > 0
		}
		return rank[a] < rank[b]
	}
	for i, pr := range pairs {
		if better(pr[1], pr[0]) {
			pairs[i] = [2]int{pr[1], pr[0]}
		}
	}
	slices.SortStableFunc(pairs, func(x, y [2]int) int {
		if c := points[y[0]].Cmp(points[x[0]]); c != 0 {
			return c
		}
		return points[y[1]].Cmp(points[x[1]])
	})
	taken := map[int]bool{}
	table := make([]int, len(pairs))
	for i, pr := range pairs {
		for _, p := range pr {
			if t, ok := fixed[p]; ok && table[i] == 0 {
				table[i] = t
				taken[t] = true
			}
		}
	}
	next := 1
	matches := make([]tbsheet.Match, len(pairs))
	for i, pr := range pairs {
		if table[i] == 0 {
			for taken[next] {
				next++
			}
			table[i] = next
			next++
		}
		matches[i] = tbsheet.Match{Table: table[i], P1: pr[0], P2: pr[1]}
	}
	slices.SortStableFunc(matches, func(a, b tbsheet.Match) int { return a.Table - b.Table })
	return matches
}

// FixedError says that two players who do not meet were given the same table.
type FixedError struct{ Table, A, B int }

func (e *FixedError) Error() string {
	return fmt.Sprintf("table %d is fixed for two players", e.Table)
}

// checkFixed refuses fixed tables no pairing can honour: a table below 1, or one table
// for two players (unless nobody else is active, they must then meet: refused too, since
// the pairing may not pair them).
func checkFixed(fixed map[int]int, active []int) error {
	byTable := map[int]int{}
	for _, p := range active {
		t, ok := fixed[p]
		if !ok {
			continue
		}
		if t < 1 {
			return &calc.UsageError{Msg: fmt.Sprintf("table %d: tables are numbered from 1", t)}
		}
		if q, ok := byTable[t]; ok {
			return &FixedError{Table: t, A: q, B: p}
		}
		byTable[t] = p
	}
	return nil
}
