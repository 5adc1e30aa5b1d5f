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
// When it succeeds the pairing costs exactly the bound, so it is optimal. Only when the
// forbidden pairs make the bound unreachable (small or rematch-heavy fields, a late round)
// does [optimal] solve the whole round as a minimum-cost perfect matching.
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
	// pairing is played there. Two players may not share a fixed table unless they meet.
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
// play, or the one asked for), Count how many (unreported tables, planned rounds).
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
		return nil, &RoundError{Err: fmt.Errorf("%w: fewer than two players are left to pair", ErrNoPairing), Round: next}
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

// nextRound returns the number of the round to pair, or why none can be.
func nextRound(ev *tbsheet.Event) (int, error) {
	if r := pairings.InPlay(ev); r != 0 {
		i := slices.IndexFunc(ev.Rounds, func(x tbsheet.Round) bool { return !x.Playoff && x.Number == r })
		open := 0
		for _, m := range ev.Rounds[i].Matches {
			if m.Result == tbsheet.Unreported {
				open++
			}
		}
		return 0, &RoundError{Err: ErrRoundInPlay, Round: r, Count: open}
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
		return nil, -1, cost{}, fmt.Errorf("%w: every player has had a bye", ErrNoPairing)
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
	pairs, c, ok := f.optimal(byeTo)
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
