package scenario

// The proof's search for a missing witness (prove.go): a hill climb over combinations whose
// standing of the item's player is summed from the separable keys (linear.go), a witness
// found counting only once ranked by calc.

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
)

// seekSteps is how many combinations the search for a missing witness sums (seek), and
// seekStarts from how many starting points.
const (
	seekSteps  = 4000
	seekStarts = 4
)

// seek looks for the witness the item still lacks before the depth-first search, when the
// keys are separable: a hill climb over the free tables' outcomes, each combination's
// standing of the item's player summed (linear.go), from a few random starting points. A
// combination found is ranked by calc, and counts only if
// ranking agrees.
func (pv *prover) seek(ctx context.Context, assign []int8) error {
	if pv.lin == nil || pv.opt.proveOnly {
		return nil
	}
	var free []int
	for t, o := range assign {
		if o < 0 {
			free = append(free, t)
		}
	}
	if len(free) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(pv.it.p), uint64(pv.it.r)))
	for _, wantMake := range []bool{true, false} {
		if wantMake && pv.found.notMake || !wantMake && pv.found.notMiss {
			continue
		}
		// score: how far the combination is from the witness (0 or less: it is one).
		score := func(full []uint8) int {
			above, atOrAbove := pv.standing(full)
			if wantMake {
				return pv.cut - atOrAbove // needs cut or more at or above him, himself included
			}
			return above - (pv.cut - 1) // needs fewer than cut above him
		}
		steps := 0
		for start := range seekStarts {
			full := pv.complete(assign, nil)
			for _, t := range free {
				full[t] = uint8(rng.IntN(outcomes))
			}
			cur := score(full)
			for ; steps < seekSteps*(start+1)/seekStarts && cur > 0; steps++ {
				t := free[rng.IntN(len(free))]
				old := full[t]
				full[t] = uint8((int(old) + 1 + rng.IntN(outcomes-1)) % outcomes)
				if sc := score(full); sc <= cur {
					cur = sc
				} else {
					full[t] = old
				}
			}
			pv.mu.Lock()
			pv.spent += int64(steps) * max(1, pv.cost/nodeShare) / 16
			pv.mu.Unlock()
			if cur <= 0 {
				err := pv.rank(ctx, [][]uint8{slices.Clone(full)}, nil)
				if err != nil {
					return err
				}
				pv.witnessed()
				break
			}
		}
	}
	return nil
}

// standing returns, in a complete combination, how many players count strictly above the
// item's player and how many at or above him, himself included, from the keys summed: the
// own keys, then the separable ones.
func (pv *prover) standing(full []uint8) (above, atOrAbove int) {
	x := pv.it.p
	rx := pv.resultIn(x, full)
	atOrAbove = 1
	for q := range pv.base.Players {
		if !pv.counted(q) {
			continue
		}
		rq := pv.resultIn(q, full)
		qk, xk := pv.keysOf(q, rq), pv.keysOf(x, rx)
		c, li := 0, 0
		for k := range pv.keys {
			if pv.reach[k] == own {
				c = qk[k].lo.Cmp(xk[k].lo)
			} else {
				a, b := pv.lin.value(q, li, full), pv.lin.value(x, li, full)
				li++
				c = cmp.Compare(a, b)
			}
			if c != 0 {
				break
			}
		}
		if c > 0 {
			above++
		}
		if c >= 0 {
			atOrAbove++
		}
	}
	return above, atOrAbove
}
