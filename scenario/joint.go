package scenario

// The proof's joint bound (prove.go): the players whose place against the item's player a
// node leaves open, counted together.

import (
	"context"
	"slices"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// maxJointConflicts is the most tables at which the players whose place against the item's
// player is open pull different ways that the joint bound tries in every outcome: each try
// is ranked, or, with separable keys, summed (linear.go), which is far cheaper.
const (
	maxJointConflicts       = 2
	maxJointConflictsLinear = 4
)

// joint bounds, at node nd, how many players can be above the item's player all together,
// where the relations one by one leave it open: a player above him in every completion of
// nd on the keys that move one way (points, his own keys, the keys that grow with the
// opponents' results: the prefix before the first other key) is counted above, one who may
// be at or above him on them may be. Each of these relations moves one way with each free
// table's outcome (a player's own result, his points rising with it; his opponents'; the
// item's player's opponents'): where all of them move the same way the table's outcome that
// brings the fewest above him (or the most) is known, and the others (conflicts) are tried
// in every outcome. The fewest above him over those completions is then the fewest over
// every completion, the most the most. It returns whether a combination where he does not
// make the cut (noMake) or does not miss it (noMiss) is impossible below nd; conflicts are
// the tables to set first when there are too many.
func (pv *prover) joint(ctx context.Context, nd *node, wantMake, wantMiss bool) (noMake, noMiss bool, conflicts []int, err error) {
	x := pv.it.p
	// The prefix of keys that move one way, and whether it reads the opponents' results.
	prefix, opps := 0, false
	for k := range pv.keys {
		if pv.reach[k] == unbounded {
			break
		}
		opps = opps || pv.reach[k] == opponents
		prefix++
	}
	// The players whose relation the node leaves open, and the others' counts.
	var open []int
	var fixedAbove, fixedAtOrAbove int
	constant := func(p int, rs []Result) {
		rel := nd.rel[p][rs[0]]
		for _, r := range rs[1:] {
			if nd.rel[p][r] != rel {
				rel = unknownRel
			}
		}
		switch rel {
		case unknownRel:
			open = append(open, p)
		case aboveRel:
			fixedAbove++
			fixedAtOrAbove++
		case tiedRel:
			fixedAtOrAbove++
		}
	}
	for t, tb := range pv.tables {
		for side, p := range tb.p {
			if !pv.counted(p) {
				continue
			}
			var rs []Result
			for o := range uint8(outcomes) {
				if (nd.assign[t] < 0 || nd.assign[t] == int8(o)) && pv.it.per[t][o] != nil {
					rs = append(rs, resultOf(o, side))
				}
			}
			constant(p, rs)
		}
	}
	for _, q := range pv.ranked {
		if pv.counted(q) {
			constant(q, []Result{Win})
		}
	}
	if len(open) == 0 {
		return false, false, nil, nil
	}
	// Which way each free table moves the open relations when its Player 1 does better.
	dir := make([]int8, len(pv.tables)) // +1 up, −1 down, 0 neither
	for t, tb := range pv.tables {
		if nd.assign[t] >= 0 {
			continue
		}
		a, b := tb.p[0], tb.p[1]
		up, down := false, false
		for _, q := range open {
			var qu, qd bool
			switch q {
			case a, b:
				// His own result: his points rise with it, which outweighs the rest.
				side := 0
				if q == b {
					side = 1
				}
				if !(pv.pts(q, Win).Cmp(pv.pts(q, Draw)) > 0 && pv.pts(q, Draw).Cmp(pv.pts(q, Loss)) > 0) {
					qu, qd = true, true
				} else if side == 0 {
					qu = true
				} else {
					qd = true
				}
			default:
				if opps {
					qu = pv.oppSet[q][a] || pv.oppSet[x][b]
					qd = pv.oppSet[q][b] || pv.oppSet[x][a]
				}
			}
			if qu && qd {
				up, down = true, true
				break
			}
			up, down = up || qu, down || qd
		}
		switch {
		case up && down:
			conflicts = append(conflicts, t)
			dir[t] = 0
		case up:
			dir[t] = 1
		case down:
			dir[t] = -1
		}
	}
	if len(conflicts) > maxJointConflictsLinear || pv.lin == nil && len(conflicts) > maxJointConflicts || pv.opt.apart && pv.lin != nil && len(conflicts) > 0 {
		if pv.lin == nil {
			return false, false, conflicts, nil
		}
		// Too many to try together: each open player gets the conflicts that move him tried
		// on his own, which bounds the sum less tightly, but soundly.
		var ok bool
		if wantMiss {
			var n int
			if n, ok = pv.jointApart(nd, open, dir, conflicts, prefix, opps, true); ok {
				noMiss = fixedAbove+n >= pv.cut
			}
		}
		if wantMake {
			var n int
			if n, ok = pv.jointApart(nd, open, dir, conflicts, prefix, opps, false); ok {
				noMake = fixedAtOrAbove+n <= pv.cut-1
			}
		}
		return noMake, noMiss, conflicts, nil
	}
	// least: the completions that bring the fewest above him (for noMiss), else the most.
	bound := func(least bool) ([]int, error) {
		var configs [][]int8
		for k := range pow3(len(conflicts)) {
			cfg := dominant(nd.assign, dir, least)
			for i, t := range conflicts {
				cfg[t] = int8(k / pow3(i) % 3)
			}
			configs = append(configs, cfg)
		}
		var vals [][]calc.Value
		if pv.lin == nil {
			var err error
			if vals, err = pv.values(ctx, nd.assign, configs); err != nil {
				return nil, err
			}
		}
		out := make([]int, len(configs))
		for c, cfg := range configs {
			full := pv.complete(nd.assign, cfg)
			late := func(p, i int) calc.Value {
				if pv.lin != nil {
					return calc.Known(exact.Int(pv.lin.value(p, i, full)))
				}
				return vals[c][p*len(pv.late)+i]
			}
			for _, q := range open {
				if pv.counts(q, full, prefix, late, least) {
					out[c]++
				}
			}
		}
		return out, nil
	}
	if wantMiss {
		ns, err := bound(true)
		if err != nil {
			return false, false, nil, err
		}
		noMiss = fixedAbove+slices.Min(ns) >= pv.cut
	}
	if wantMake {
		ns, err := bound(false)
		if err != nil {
			return false, false, nil, err
		}
		noMake = fixedAtOrAbove+slices.Max(ns) <= pv.cut-1
	}
	return noMake, noMiss, nil, nil
}

// dominant returns, for the free tables, the outcomes that bring the fewest players above
// the item's player (least) or the most, by the way each table moves them (dir); −1 for a
// table that moves none of them.
func dominant(assign []int8, dir []int8, least bool) []int8 {
	cfg := make([]int8, len(assign))
	for t := range cfg {
		cfg[t] = -1
		switch {
		case assign[t] >= 0 || dir[t] == 0:
		case dir[t] > 0 == least:
			cfg[t] = 2 // Player 1 does worst
		default:
			cfg[t] = 0
		}
	}
	return cfg
}

// counts reports whether open player q counts in a completion, on the first n keys: above
// the item's player (least: the bound on the fewest above him), or not below him.
func (pv *prover) counts(q int, full []uint8, n int, late func(p, i int) calc.Value, least bool) bool {
	x := pv.it.p
	rx, rq := pv.resultIn(x, full), pv.resultIn(q, full)
	if least {
		return pv.prefixAbove(q, rq, x, rx, n, late)
	}
	return !pv.prefixAbove(x, rx, q, rq, n, late)
}

// jointApart bounds the open players' count with the conflicts tried for each player on his
// own: the tables among them that move him, in every outcome, the others as dominant says.
// ok is false when one player has too many.
func (pv *prover) jointApart(nd *node, open []int, dir []int8, conflicts []int, n int, opps, least bool) (total int, ok bool) {
	x := pv.it.p
	base := dominant(nd.assign, dir, least)
	full := pv.complete(nd.assign, base)
	for _, q := range open {
		var mine []int
		for _, t := range conflicts {
			a, b := pv.tables[t].p[0], pv.tables[t].p[1]
			if a == q || b == q || opps && (pv.oppSet[q][a] || pv.oppSet[q][b] || pv.oppSet[x][a] || pv.oppSet[x][b]) {
				mine = append(mine, t)
			}
		}
		if len(mine) > maxJointConflictsLinear {
			return 0, false
		}
		late := func(p, i int) calc.Value { return calc.Known(exact.Int(pv.lin.value(p, i, full))) }
		best := -1
		for k := range pow3(len(mine)) {
			for i, t := range mine {
				full[t] = uint8(k / pow3(i) % 3)
			}
			c := 0
			if pv.counts(q, full, n, late, least) {
				c = 1
			}
			if best < 0 || least && c < best || !least && c > best {
				best = c
			}
		}
		for _, t := range mine {
			full[t] = 1
			if base[t] >= 0 {
				full[t] = uint8(base[t])
			}
		}
		total += best
	}
	return total, true
}

// prefixAbove reports whether player p with result rp is strictly above player q with
// result rq on the first n keys, in a completion whose late key values late gives (by
// player and late key).
func (pv *prover) prefixAbove(p int, rp Result, q int, rq Result, n int, late func(p, i int) calc.Value) bool {
	li := 0
	for k := range n {
		var a, b calc.Value
		if pv.reach[k] == own {
			a, b = pv.keysOf(p, rp)[k].lo, pv.keysOf(q, rq)[k].lo
		} else {
			a, b = late(p, li), late(q, li)
			li++
		}
		if c := a.Cmp(b); c != 0 {
			return c > 0
		}
	}
	return false
}
