package scenario

import (
	"math/bits"
	"slices"
)

// maxConditionTables is the most tables a condition is written over; beyond, only the
// tables are listed.
const maxConditionTables = 3

// maxLeafTables is the most tables whose outcomes the search enumerates to tell which of
// them matter to a player.
const maxLeafTables = 8

// explainExact fills a Depends outcome's tables and condition from every combination's code
// (codes[k] for combination k), among those where his own table gives him r.
func (a *analysis) explainExact(o *Outcome, codes []uint8, own seat, r Result) {
	n := len(a.tables)
	var vars []int
	for t := range n {
		if t != own.table {
			vars = append(vars, t)
		}
	}
	pow := powers(n)
	proj := make([]uint8, pow3(len(vars)))
	for k := range proj {
		full, rest := 0, k
		for _, t := range vars {
			full += rest % 3 * pow[t]
			rest /= 3
		}
		if own.table >= 0 {
			full += int(outcomeFor(r, own.side)) * pow[own.table]
		}
		proj[k] = codes[full]
		o.Tiebreaks = o.Tiebreaks || proj[k]&codeTie != 0
	}
	a.explain(o, proj, vars)
}

// explainSearch fills a Depends outcome found by the search: the tables whose results
// change the counts around him, and, when every combination of those is settled by the
// bounds, exactly which matter and how.
func (s *searcher) explainSearch(o *Outcome, it *item) {
	o.Tiebreaks = s.pointsUndecided(it)
	vars, _, base := s.leaves(it)
	if len(vars) <= maxLeafTables {
		codes := make([]uint8, pow3(len(vars)))
		settled := true
		for k := range codes {
			c, rest := base, k
			for _, t := range vars {
				c = c.plus(*it.per[t][rest%3])
				rest /= 3
			}
			code, ok := c.status(s.cut)
			if !ok {
				settled = false
				break
			}
			codes[k] = code
		}
		if settled {
			s.explain(o, codes, vars)
			return
		}
	}
	for _, t := range vars {
		o.Tables = append(o.Tables, s.tables[t].number)
	}
	slices.Sort(o.Tables)
	o.Others = true
}

// pointsUndecided reports whether some combination leaves item it's place on the line to
// tiebreaks: fewer than Cut others on more points, but Cut or more on at least his.
func (s *searcher) pointsUndecided(it *item) bool {
	k := s.cut
	var more, atLeast int
	for _, q := range s.ranked {
		if q != it.p {
			c := pointsCounts(s.pts(q, Win), it.pts)
			more, atLeast = more+c.mustAbove, atLeast+c.canAbove
		}
	}
	if more >= k {
		return false
	}
	// best[m] is the most others on at least his points with m others on more.
	best := make([]int, k)
	for m := range best {
		best[m] = -1
	}
	best[more] = atLeast
	for t, tb := range s.tables {
		next := make([]int, k)
		for m := range next {
			next[m] = -1
		}
		for o := range uint8(outcomes) {
			if it.per[t][o] == nil {
				continue
			}
			var c counts
			for side, p := range tb.p {
				if p != it.p && s.eligible[p] && s.iv[p][Win] != nil {
					c = c.plus(pointsCounts(s.pts(p, resultOf(o, side)), it.pts))
				}
			}
			for m, b := range best {
				if b >= 0 && m+c.mustAbove < k {
					next[m+c.mustAbove] = max(next[m+c.mustAbove], b+c.canAbove)
				}
			}
		}
		best = next
	}
	return slices.ContainsFunc(best, func(b int) bool { return b >= k })
}

// powers returns 3⁰ … 3ⁿ.
func powers(n int) []int {
	pow := make([]int, n+1)
	pow[0] = 1
	for t := range n {
		pow[t+1] = pow[t] * 3
	}
	return pow
}

// explain fills o.Tables with the tables (of vars) whose outcome changes the player's code,
// and o.Condition when they are few: codes[k] is his code in combination k of the tables
// in vars (k's j-th base-3 digit is vars[j]'s outcome).
func (a *analysis) explain(o *Outcome, codes []uint8, vars []int) {
	pow := powers(len(vars))
	matters := make([]bool, len(vars))
	for k, c := range codes {
		for j := range vars {
			if matters[j] {
				continue
			}
			d := k / pow[j] % 3
			for e := d + 1; e < 3; e++ {
				if codes[k+(e-d)*pow[j]]&3 != c&3 {
					matters[j] = true
				}
			}
		}
	}
	var js []int
	for j, m := range matters {
		if m {
			js = append(js, j)
			o.Tables = append(o.Tables, a.tables[vars[j]].number)
		}
	}
	slices.Sort(o.Tables)
	if len(js) == 0 || len(js) > maxConditionTables {
		return
	}
	// The code depends only on the tables in js: read it with the others at outcome 0.
	makes := make([]bool, pow3(len(js)))
	for c := range makes {
		k := 0
		for i, j := range js {
			k += c / pow[i] % 3 * pow[j]
		}
		makes[c] = codes[k]&3 == codeMakes
	}
	ts := make([]int, len(js))
	for i, j := range js {
		ts[i] = vars[j]
	}
	o.Condition = a.condition(ts, makes)
}

// A cube is a set of combinations of a few tables: for each table, a mask of the outcomes it
// allows (bit o for outcome o; all three bits = any outcome).
type cube []uint8

// condition writes when a player makes the cut as few alternatives as it can: makes[c] for
// combination c of tables ts (c's i-th base-3 digit is ts[i]'s outcome). It describes the
// combinations where he makes it, or those where he does not (Unless), whichever takes fewer
// terms.
func (a *analysis) condition(ts []int, makes []bool) *Condition {
	in := cover(len(ts), makes, true)
	out := cover(len(ts), makes, false)
	c := &Condition{}
	pick := in
	if len(out) < len(in) || len(out) == len(in) && literals(out) < literals(in) ||
		len(out) == len(in) && literals(out) == literals(in) && count(makes, false) < count(makes, true) {
		pick, c.Unless = out, true
	}
	for _, cb := range pick {
		var terms []Term
		for i, mask := range cb {
			if mask == 7 {
				continue
			}
			term := Term{Table: a.tables[ts[i]].number}
			for o := range uint8(outcomes) {
				if mask&(1<<o) != 0 {
					term.Results = append(term.Results, Result(o))
				}
			}
			terms = append(terms, term)
		}
		c.Any = append(c.Any, terms)
	}
	return c
}

func count(bs []bool, v bool) int {
	n := 0
	for _, b := range bs {
		if b == v {
			n++
		}
	}
	return n
}

func literals(cs []cube) int {
	n := 0
	for _, c := range cs {
		for _, m := range c {
			if m != 7 {
				n++
			}
		}
	}
	return n
}

// cover returns cubes whose union is exactly the combinations c with makes[c] == want:
// greedily, the cube covering most of what is left, fewest terms first.
func cover(n int, makes []bool, want bool) []cube {
	pow := powers(n)
	inside := func(cb cube) (cells []int, ok bool) {
		for c := range makes {
			all := true
			for i, m := range cb {
				if m&(1<<(c/pow[i]%3)) == 0 {
					all = false
					break
				}
			}
			if all {
				if makes[c] != want {
					return nil, false
				}
				cells = append(cells, c)
			}
		}
		return cells, true
	}
	// Every cube of n tables: 7ⁿ of them, at most 343.
	var cubes []cube
	var cells [][]int
	total := 1
	for range n {
		total *= 7
	}
	for k := range total {
		cb := make(cube, n)
		rest := k
		for i := range cb {
			cb[i] = uint8(rest%7 + 1)
			rest /= 7
		}
		if cs, ok := inside(cb); ok && len(cs) > 0 {
			cubes, cells = append(cubes, cb), append(cells, cs)
		}
	}
	left := map[int]bool{}
	for c, m := range makes {
		if m == want {
			left[c] = true
		}
	}
	var out []cube
	for len(left) > 0 {
		best, bestNew := -1, 0
		for i, cs := range cells {
			fresh := 0
			for _, c := range cs {
				if left[c] {
					fresh++
				}
			}
			if fresh > bestNew || fresh == bestNew && fresh > 0 && terms(cubes[i]) < terms(cubes[best]) {
				best, bestNew = i, fresh
			}
		}
		for _, c := range cells[best] {
			delete(left, c)
		}
		out = append(out, cubes[best])
	}
	return out
}

// terms weighs a cube by its terms, a term allowing one outcome more than one allowing two:
// fewer and wider terms read better.
func terms(cb cube) int {
	n := 0
	for _, m := range cb {
		if m != 7 {
			n += 4 - bits.OnesCount8(m)
		}
	}
	return n
}
