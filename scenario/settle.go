package scenario

import (
	"context"
	"slices"

	"github.com/tbsheet/tbsheet/calc"
)

// maxMemoTables is the most open tables for which settle keeps what each ranked combination
// showed.
const maxMemoTables = 16

// maxSettleTables is the most tables an item's settled outcome keeps a code for each
// combination of, to say which tables matter (3¹² codes).
const maxSettleTables = 12

// leaves splits the open tables other than an item's own: vars, whose counts around him
// change with the outcome, and the rest, whose counts (with the players not at open tables
// and his own table's) add up to base.
func (s *searcher) leaves(it *item) (vars, rest []int, base counts) {
	base = it.fixed
	for t := range s.tables {
		per := it.per[t]
		switch {
		case t == it.own:
			for _, c := range per {
				if c != nil {
					base = base.plus(*c)
				}
			}
		case *per[0] == *per[1] && *per[1] == *per[2]:
			base = base.plus(*per[0])
			rest = append(rest, t)
		default:
			vars = append(vars, t)
		}
	}
	return vars, rest, base
}

// settle ranks, for open items, every combination their bounds leave unsettled, when the
// budget allows: their outcome is then exact, down to the tables that matter. Unproved
// items come first, then those proved to depend (for their condition, within the last
// quarter of the budget), cheapest first. A
// combination is settled when the counts around the player decide his standing against the
// line whatever its tiebreaks.
func (s *searcher) settle(ctx context.Context, open []*item) error {
	type job struct {
		it        *item
		vars, all []int
		leaf      []counts // by combination of vars
		unsettled []int    // combinations of vars the counts do not settle
		need      int
		proved    bool
	}
	var jobs []*job
	for _, it := range open {
		in, out, notMake, notMiss := it.b.decide(s.cut)
		if in || out {
			continue
		}
		w := s.seen[it.i][it.r]
		vars, rest, base := s.leaves(it)
		if len(vars) > maxLeafTables {
			continue
		}
		j := &job{it: it, vars: vars, all: append(slices.Clone(vars), rest...), leaf: make([]counts, pow3(len(vars))),
			proved: (notMake || w.notMake) && (notMiss || w.notMiss)}
		for k := range j.leaf {
			c, r := base, k
			for _, t := range vars {
				c = c.plus(*it.per[t][r%3])
				r /= 3
			}
			j.leaf[k] = c
			if _, ok := c.status(s.cut); !ok {
				j.unsettled = append(j.unsettled, k)
			}
		}
		j.need = len(j.unsettled) * pow3(len(rest))
		if j.need > 0 {
			jobs = append(jobs, j)
		}
	}
	slices.SortStableFunc(jobs, func(a, b *job) int {
		if a.proved != b.proved {
			if a.proved {
				return 1
			}
			return -1
		}
		return a.need - b.need
	})
	// Items often need the same combinations: with few tables, each ranked combination's
	// standing of every player of the round is kept, by combination number.
	type standing struct {
		code  uint8
		place int32
	}
	var memo map[int64][]standing
	if len(s.tables) <= maxMemoTables {
		memo = map[int64][]standing{}
	}
	number := func(assign []uint8) int64 {
		var k int64
		for t := len(assign) - 1; t >= 0; t-- {
			k = 3*k + int64(assign[t])
		}
		return k
	}
	for _, j := range jobs {
		s.mu.Lock()
		left := s.budget - s.spent
		if j.proved {
			// Conditions are worth a quarter of the budget, proofs all of it.
			left -= s.budget * 3 / 4
		}
		s.mu.Unlock()
		if int64(j.need)*s.cost > left {
			continue
		}
		it := j.it
		nv := len(j.vars)
		keep := len(j.all) <= maxSettleTables
		var codes []uint8
		if keep {
			codes = make([]uint8, pow3(len(j.all)))
		}
		o := Outcome{Verdict: Depends, Proved: true,
			Best: Places{len(s.base.Players), len(s.base.Players)}, Worst: Places{1, 1}}
		makes, misses := true, true
		note := func(code uint8, best, worst Places) {
			makes, misses = makes && code == codeMakes, misses && code == codeMisses
			o.Best = Places{min(o.Best.Lo, best.Lo), min(o.Best.Hi, best.Hi)}
			o.Worst = Places{max(o.Worst.Lo, worst.Lo), max(o.Worst.Hi, worst.Hi)}
		}
		restCombos := pow3(len(j.all) - nv)
		// Settled combinations of vars: one code (and a range of places) for all the others.
		for k, c := range j.leaf {
			code, ok := c.status(s.cut)
			if !ok {
				continue
			}
			note(code, Places{1 + c.mustAbove, 1 + c.canAbove}, Places{1 + c.mustAbove, 1 + c.canAbove})
			for r := range restCombos {
				if keep {
					codes[k+r*pow3(nv)] = code
				}
			}
		}
		// The others, ranked.
		var assigns [][]uint8
		var index []int
		flush := func() error {
			err := s.rank(ctx, assigns, func(c int, _ *calc.Standings, st []status) {
				x := st[it.p]
				code := codeOf(x) &^ codeTie
				note(code, Places{x.place, x.place}, Places{x.place, x.place})
				if keep {
					codes[index[c]] = code
				}
				if memo != nil {
					all := make([]standing, len(s.rep.Players))
					for i, pl := range s.rep.Players {
						all[i] = standing{codeOf(st[pl.Player]) &^ codeTie, int32(st[pl.Player].place)}
					}
					memo[number(assigns[c])] = all
				}
			})
			assigns, index = assigns[:0], index[:0]
			return err
		}
		for _, k := range j.unsettled {
			for r := range restCombos {
				assign := make([]uint8, len(s.tables))
				if it.own >= 0 {
					assign[it.own] = outcomeFor(it.r, s.seats[it.p].side)
				}
				for i, t := range j.all {
					d := k
					if i >= nv {
						d = r
						i -= nv
					}
					assign[t] = uint8(d / pow3(i) % 3)
				}
				if m, ok := memo[number(assign)]; ok {
					x := m[it.i]
					note(x.code, Places{int(x.place), int(x.place)}, Places{int(x.place), int(x.place)})
					if keep {
						codes[k+r*pow3(nv)] = x.code
					}
					continue
				}
				assigns, index = append(assigns, assign), append(index, k+r*pow3(nv))
				if len(assigns) == 64 {
					if err := flush(); err != nil {
						return err
					}
				}
			}
		}
		if len(assigns) > 0 {
			if err := flush(); err != nil {
				return err
			}
		}
		switch {
		case makes:
			o.Verdict = In
		case misses:
			o.Verdict = Out
		default:
			o.Tiebreaks = s.pointsUndecided(it)
			if keep {
				s.explain(&o, codes, j.all)
			} else {
				for _, t := range j.vars {
					o.Tables = append(o.Tables, s.tables[t].number)
				}
				slices.Sort(o.Tables)
				o.Others = true
			}
		}
		it.settled = &o
	}
	return nil
}
