package scenario

// Step 4 of the search (search.go): combinations built to show that a player's verdict
// depends on the other tables, a witness where he does not make the cut and one where he
// does not miss it.

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet/calc"
)

// maxSteps is how many rounds of moves the local search of one witness tries, and
// movesPerStep how many moves each ranks.
const (
	maxSteps     = 5
	movesPerStep = 6
)

// want is a witness the search looks for: a combination where an item's player does not
// make the cut (notMake), or does not miss it.
type want struct {
	it      *item
	notMake bool
	// cur is the best combination so far, st its standings and score how close it comes.
	cur   []uint8
	st    *calc.Standings
	score [2]int
}

// witnesses looks for combinations that show open items depend: one where the player does
// not make the cut, one where he does not miss it. For each witness still missing it ranks
// combinations built for it (see witnessCombination), then searches around the best: each
// step ranks a few combinations that differ from it at one table, chosen to move the player
// the right way (his opponents' results, those of the players on his points next to him, a
// table that changes the points around him), and keeps the best.
func (s *searcher) witnesses(ctx context.Context, open []*item) error {
	var wants []*want
	for _, it := range open {
		in, out, notMake, notMiss := it.b.decide(s.cut)
		if !in && !notMake {
			wants = append(wants, &want{it: it, notMake: true})
		}
		if !out && !notMiss {
			wants = append(wants, &want{it: it, notMake: false})
		}
	}
	found := func(w *want) bool {
		seen := s.seen[w.it.i][w.it.r]
		return w.notMake && seen.notMake || !w.notMake && seen.notMiss
	}
	// try ranks combinations for wants (of[c] for assigns[c]) and keeps for each want the
	// best combination that is not worse than its own.
	try := func(assigns [][]uint8, of []*want) error {
		return s.rank(ctx, assigns, func(c int, std *calc.Standings, st []status) {
			w := of[c]
			if sc := w.scoreOf(st[w.it.p]); w.cur == nil || !better(w.score, sc) {
				w.cur, w.st, w.score = assigns[c], std, sc
			}
		})
	}
	// The built combinations, a few wants at a time: one often serves other items too.
	const batch = 2
	for lo := 0; lo < len(wants); lo += batch {
		var assigns [][]uint8
		var of []*want
		for _, w := range wants[lo:min(lo+batch, len(wants))] {
			if !found(w) {
				for _, mustFirst := range []bool{true, false} {
					assigns = append(assigns, s.witnessCombination(w.it, w.notMake, mustFirst))
					of = append(of, w)
				}
			}
		}
		if len(assigns) > 0 {
			if err := try(assigns, of); err != nil {
				return err
			}
		}
	}
	// Then a local search, a step at a time for every witness still missing, the closest
	// first, so that a budget too small for all of them goes where it is likeliest to help.
	rngs := map[*want]*rand.Rand{}
	for _, w := range wants {
		h := fnv.New64a()
		fmt.Fprint(h, w.it.p, w.it.r, w.notMake)
		rngs[w] = rand.New(rand.NewPCG(h.Sum64(), 1))
	}
	for range maxSteps {
		var left []*want
		for _, w := range wants {
			if w.cur != nil && !found(w) {
				left = append(left, w)
			}
		}
		slices.SortStableFunc(left, func(a, b *want) int { return a.gap(s.cut) - b.gap(s.cut) })
		for lo := 0; lo < len(left); lo += batch {
			var assigns [][]uint8
			var of []*want
			for _, w := range left[lo:min(lo+batch, len(left))] {
				if found(w) {
					continue
				}
				moves := s.moves(w)
				for _, k := range rngs[w].Perm(len(moves))[:min(movesPerStep, len(moves))] {
					next := slices.Clone(w.cur)
					next[moves[k].t] = moves[k].o
					assigns, of = append(assigns, next), append(of, w)
				}
			}
			if len(assigns) == 0 {
				continue
			}
			if err := try(assigns, of); err != nil {
				return err
			}
		}
	}
	return nil
}

// gap is how far the best combination so far is from the witness: the players still to
// push above him (to keep him out), or to pull below him.
func (w *want) gap(cut int) int {
	if w.notMake {
		return cut + 1 - w.score[0]
	}
	return -w.score[0] - cut
}

// scoreOf measures how close a combination where the player stands st comes to the
// witness: to keep him out, the players at or above him, then above him; to let him in,
// the reverse, negated. Higher is closer.
func (w *want) scoreOf(st status) [2]int {
	if w.notMake {
		return [2]int{st.atOrAbove, st.place}
	}
	return [2]int{-st.place, -st.atOrAbove}
}

func better(a, b [2]int) bool { return a[0] > b[0] || a[0] == b[0] && a[1] > b[1] }

// moves returns the one-table changes of a want's combination worth trying: make the
// player's opponents lose (to keep him out) or win; make the players on his points who stand
// on the wrong side of him do better or worse, themselves or through their opponents; change
// a table that changes the points around him.
func (s *searcher) moves(w *want) []constraint {
	it, cur := w.it, w.cur
	var out []constraint
	seen := map[constraint]bool{}
	add := func(p int, r Result) {
		seat := s.seats[p]
		if seat.table < 0 || seat.table == it.own {
			return
		}
		c := constraint{seat.table, outcomeFor(r, seat.side)}
		if cur[c.t] != c.o && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	up, down := Win, Loss // for his opponents: up raises his tiebreaks
	if w.notMake {
		up, down = Loss, Win
	}
	for _, o := range s.opps[it.p] {
		add(o, up)
	}
	rows := w.st.Rows
	mine := slices.IndexFunc(rows, func(r calc.Row) bool { return r.Player == it.p })
	for _, row := range rows {
		q := row.Player
		if q == it.p || !s.eligible[q] || row.Points.Cmp(it.pts) != 0 {
			continue
		}
		if w.notMake == (row.Rank > rows[mine].Rank || row.Rank == rows[mine].Rank) {
			// On the wrong side of him: he should pass them (or they him).
			add(q, up.Mirror())
			for _, o := range s.opps[q] {
				add(o, down)
			}
		}
	}
	for t := range s.tables {
		if per := it.per[t]; t != it.own && (*per[0] != *per[1] || *per[1] != *per[2]) {
			for o := range uint8(outcomes) {
				if c := (constraint{t, o}); cur[t] != o && !seen[c] {
					seen[c] = true
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// witnessCombination builds a combination meant to keep item it out of the cut (notMake) or
// in it: each table ends as the counts say is worst (or best) for him, the players certainly
// ahead of him counted first (mustFirst) or those who may be; where the counts do not care,
// his opponents lose (win) and the opponents of players on his points who may pass him win
// (lose), so that the tiebreaks go against him (for him).
func (s *searcher) witnessCombination(it *item, notMake, mustFirst bool) []uint8 {
	score := func(c *counts) [2]int {
		sc := [2]int{c.mustAtOrAbove, c.canAtOrAbove}
		if !notMake {
			sc = [2]int{-c.canAbove, -c.mustAbove}
		}
		if mustFirst != notMake {
			sc[0], sc[1] = sc[1], sc[0]
		}
		return sc
	}
	assign := make([]uint8, len(s.tables))
	tied := make([][]uint8, len(s.tables))
	for t := range s.tables {
		var best [2]int
		first := true
		for o := range uint8(outcomes) {
			c := it.per[t][o]
			if c == nil {
				continue
			}
			sc := score(c)
			switch {
			case first || sc[0] > best[0] || sc[0] == best[0] && sc[1] > best[1]:
				best, first, tied[t] = sc, false, []uint8{o}
			case sc == best:
				tied[t] = append(tied[t], o)
			}
		}
		assign[t] = tied[t][0]
	}
	// The players who may pass him on tiebreaks in this combination, and their opponents.
	x := s.iv[it.p][it.r]
	rivalOpp := map[int]bool{}
	mark := func(p int, r Result) {
		if p != it.p && s.eligible[p] && s.iv[p][Win] != nil && relate(s.keysOf(p, r), x) == unknownRel {
			for _, o := range s.opps[p] {
				rivalOpp[o] = true
			}
		}
	}
	for t, tb := range s.tables {
		for side, p := range tb.p {
			mark(p, resultOf(assign[t], side))
		}
	}
	for _, q := range s.ranked {
		mark(q, Win)
	}
	mine := map[int]bool{}
	for _, o := range s.opps[it.p] {
		mine[o] = true
	}
	for t, tb := range s.tables {
		if len(tied[t]) < 2 {
			continue
		}
		bestScore, pick := -1, tied[t][0]
		for _, o := range tied[t] {
			sc := 0
			for side, p := range tb.p {
				r := resultOf(o, side)
				if mine[p] && (r == Loss) == notMake && r != Draw {
					sc += 2
				}
				if rivalOpp[p] && (r == Win) == notMake && r != Draw {
					sc++
				}
			}
			if sc > bestScore {
				bestScore, pick = sc, o
			}
		}
		assign[t] = pick
	}
	return assign
}
