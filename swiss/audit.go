package swiss

import (
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/pairings"
)

// Problem is a kind of pairing the rules do not allow.
type Problem uint8

// The problems Audit finds.
const (
	// Rematch: two players meet a second time.
	Rematch Problem = iota
	// SecondBye: a player has a second bye.
	SecondBye
	// ByeNotLowest: the bye went to a player with more points than another who had no bye.
	ByeNotLowest
	// NeedlessCross: the round has more pairs across points groups than it needed.
	NeedlessCross
)

// Finding is one problem in a round already paired.
type Finding struct {
	Problem Problem
	// Round and Table say where: the table of the pair, 0 for a bye or a whole round.
	Round, Table int
	// Tables are, for NeedlessCross, the tables of the round's pairs across points groups.
	Tables []int
	// Players are the pair (Rematch), the bye's player (SecondBye, ByeNotLowest, with the
	// player who should have had it second), or nothing (NeedlessCross).
	Players []int
	// Cross and Least are, for NeedlessCross, the round's pairs across points groups and the
	// fewest its players could have had without a rematch.
	Cross, Least int
}

// Audit checks every Swiss round of ev against the pairing rules, each from the standings
// before it (counted with opt): rematches, second byes, a bye not given to one of the
// players with the fewest points among those without one, and more pairs across points
// groups than the round's players needed (with the pairs it had allowed, so that a round
// with a rematch is judged on its other pairs).
func Audit(ev *tbsheet.Event, opt calc.Options) ([]Finding, error) {
	opt.NoExplain, opt.AfterRound = true, 0
	rounds := ev.SwissRounds()
	slices.SortStableFunc(rounds, func(a, b tbsheet.Round) int { return a.Number - b.Number })
	var out []Finding
	for i, r := range rounds {
		before := *ev
		before.Rounds = rounds[:i]
		st, err := calc.Compute(&before, opt)
		if err != nil {
			return nil, err
		}
		points := pointsOf(st, len(ev.Players))
		h := history(ev, rounds[:i])
		tables := pairings.TableNumbers(r)
		var paired, crossTables []int
		for k, m := range r.Matches {
			switch {
			case m.P2 != tbsheet.NoPlayer:
				paired = append(paired, m.P1, m.P2)
				if !points[m.P1].Equal(points[m.P2]) {
					crossTables = append(crossTables, tables[k])
				}
				if h.forbidden(m.P1, m.P2) {
					out = append(out, Finding{Problem: Rematch, Round: r.Number, Table: tables[k], Players: []int{m.P1, m.P2}})
				}
			case m.Result == tbsheet.Bye && h.bye[m.P1]:
				out = append(out, Finding{Problem: SecondBye, Round: r.Number, Players: []int{m.P1}})
			}
		}
		for _, m := range r.Matches {
			if m.P2 != tbsheet.NoPlayer || m.Result != tbsheet.Bye {
				continue
			}
			for _, q := range paired {
				if !h.bye[q] && points[q].Cmp(points[m.P1]) < 0 {
					out = append(out, Finding{Problem: ByeNotLowest, Round: r.Number, Players: []int{m.P1, q}})
					break
				}
			}
		}
		// The pairs the round played are allowed, rematches included: the round is judged on
		// the rest.
		for k := 0; k+1 < len(paired); k += 2 {
			a, b := paired[k], paired[k+1]
			h.met[a] = slices.DeleteFunc(h.met[a], func(q int) bool { return q == b })
			h.met[b] = slices.DeleteFunc(h.met[b], func(q int) bool { return q == a })
		}
		f := newField(paired, pairPoints(paired, points), h.met)
		if least := f.leastCross(); len(crossTables) > least {
			slices.Sort(crossTables)
			out = append(out, Finding{Problem: NeedlessCross, Round: r.Number, Tables: crossTables, Cross: len(crossTables), Least: least})
		}
	}
	return out, nil
}

// pairPoints returns the points of the players, in their order.
func pairPoints(players []int, points []exact.Num) []exact.Num {
	out := make([]exact.Num, len(players))
	for i, p := range players {
		out[i] = points[p]
	}
	return out
}

// leastCross is the fewest pairs across points groups a pairing of the field can have
// (the field always has one: the round as it was paired).
func (f *field) leastCross() int {
	rng := rand.New(rand.NewPCG(1, 1))
	if _, ok := f.construct(rng); ok {
		return f.bound().cross
	}
	_, c, _ := f.optimal(nil, rng)
	return c.cross
}
