package scenario

import (
	"context"

	"github.com/tbsheet/tbsheet/calc"
)

// Each combination's standing of a player is kept as a code for the conditions: whether he
// makes the cut, misses it or shares the line, and whether points alone decided it.
const (
	codeMakes  = 0
	codeShares = 1
	codeMisses = 2
	codeTie    = 4 // players on his points decide by tiebreaks
)

func codeOf(s status) uint8 {
	c := uint8(codeShares)
	switch {
	case s.makes:
		c = codeMakes
	case s.misses:
		c = codeMisses
	}
	if s.tiebreak {
		c |= codeTie
	}
	return c
}

// run analyses the round: every combination when the budget allows it, else a search.
func (a *analysis) run(ctx context.Context) error {
	var err error
	if !a.opt.search && pow3f(len(a.tables))*float64(a.cost) <= float64(a.budget) {
		err = a.exhaustive(ctx)
	} else {
		err = a.search(ctx)
	}
	if err != nil {
		return err
	}
	a.rep.Ranked = a.ranked
	return a.outlook(ctx)
}

// exhaustive ranks every combination of the round's results: every verdict, place and
// condition is then exact.
func (a *analysis) exhaustive(ctx context.Context) error {
	n := len(a.tables)
	total := 1
	for range n {
		total *= 3
	}
	players := a.rep.Players
	codes := make([][]uint8, len(players))
	for i := range codes {
		codes[i] = make([]uint8, total)
	}
	const batch = 256
	for lo := 0; lo < total; lo += batch {
		hi := min(lo+batch, total)
		assigns := make([][]uint8, hi-lo)
		for k := range assigns {
			assigns[k] = decode(lo+k, n)
		}
		err := a.rank(ctx, assigns, func(k int, std *calc.Standings, st []status) {
			a.keepUniform(lo+k, total, std)
			for i := range players {
				codes[i][lo+k] = codeOf(st[players[i].Player])
			}
		})
		if err != nil {
			return err
		}
	}
	a.rep.Exhaustive = true
	for i := range players {
		pl := &players[i]
		if pl.Dropped {
			a.dropped(pl)
			continue
		}
		own := a.seats[pl.Player]
		for _, r := range a.resultsOf(pl.Player) {
			w := a.seen[i][r]
			o := Outcome{Proved: true,
				Best: Places{w.bestSeen, w.bestSeen}, Worst: Places{w.worstSeen, w.worstSeen}}
			switch {
			case !w.notMake:
				o.Verdict = In
			case !w.notMiss:
				o.Verdict = Out
			default:
				o.Verdict = Depends
				a.explainExact(&o, codes[i], own, r)
			}
			a.setOutcome(pl, r, o)
		}
	}
	return nil
}

// decode returns combination number k: table t's outcome is the t-th base-3 digit of k.
func decode(k, n int) []uint8 {
	out := make([]uint8, n)
	for t := range out {
		out[t] = uint8(k % 3)
		k /= 3
	}
	return out
}

// pow3 returns 3ⁿ for small n.
func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// resultsOf returns the results player p can have: all three when his table is open, else
// Win, which stands for his fixed result.
func (a *analysis) resultsOf(p int) []Result {
	if a.seats[p].table >= 0 {
		return Results[:]
	}
	return Results[:1]
}

// setOutcome stores o as pl's outcome for r; a fixed result's outcome holds for all three.
func (a *analysis) setOutcome(pl *Player, r Result, o Outcome) {
	if a.seats[pl.Player].table >= 0 {
		pl.Outcomes[r] = o
		return
	}
	for i := range pl.Outcomes {
		pl.Outcomes[i] = o
	}
}

// dropped gives a player who dropped his outcomes: out, with no place.
func (a *analysis) dropped(pl *Player) {
	for i := range pl.Outcomes {
		pl.Outcomes[i] = Outcome{Verdict: Out, Proved: true}
	}
}

// keepUniform keeps the standings of combination k if it is one of the uniform ones (every
// table ending in outcome o is combination o·(3ⁿ−1)/2), so that uniform need not rank it
// again.
func (a *analysis) keepUniform(k, total int, st *calc.Standings) {
	if a.uniformSt == nil {
		a.uniformSt = make([]*calc.Standings, outcomes)
	}
	for o := range outcomes {
		if k == o*(total-1)/2 {
			a.uniformSt[o] = st
		}
	}
}
