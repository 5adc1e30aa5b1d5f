package scenario

// Separable keys: a key whose value is a mean over the player's opponents of a term that
// depends on one opponent's own record only (Magic's OMW% and OGW%: each opponent's match-
// or game-win percentage, floored) changes, when one open table's outcome changes, by an
// amount that depends on that table alone. Its value in any combination is then its value
// when every open table is drawn plus what each table's outcome adds, which the proof
// (prove.go) reads exactly, for every player and every combination, from 1 + 2 × tables
// ranked combinations: every open table drawn, and each table won by either side with all
// the others drawn.

import (
	"context"
	"math/rand/v2"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// separable lists the keys whose value is, for a player, a sum over his opponents of terms
// each of which depends on that opponent's own results only (a mean divides the sum by his
// number of opponents, which the round does not change).
var separable = map[string]bool{"mtg-omw": true, "mtg-ogw": true}

// linearChecks is how many further combinations are ranked to check that the keys add up
// as separable says, before the sums are trusted.
const linearChecks = 4

// linear holds the late keys' values with every open table drawn and what each table's
// outcome adds to them, each key's values as whole multiples of one fraction (1 over the
// least common denominator of them all), so that sums and comparisons are exact and cheap.
type linear struct {
	// base[p][l] is player p's late key l with every open table drawn; nil for a player
	// outside the standings.
	base [][]int64
	// terms[p] lists the tables whose outcome moves player p's late keys.
	terms [][]term
	// scale[l] is late key l's unit: one over scale[l].
	scale []int64
}

// term is what one table's outcomes add to a player's late keys, by outcome and late key
// (a draw adds nothing).
type term struct {
	t     int
	delta [outcomes][]int64
}

// maxScale bounds the common denominator of a key's values, and maxUnits the values in its
// units, so that no sum overflows.
const (
	maxScale = 1 << 40
	maxUnits = 1 << 50
)

// newLinear reads the separable keys' terms, or returns nil when a late key is not
// separable, when the work is more than a quarter of the budget, or when the sums do not
// give what ranking gives in the uniform combinations and in a few random ones.
func (pv *prover) newLinear(ctx context.Context) (*linear, error) {
	if pv.opt.noLinear {
		return nil, nil
	}
	for _, k := range pv.late {
		if !separable[pv.keys[k].ID] {
			return nil, nil
		}
	}
	n, nt, nl := len(pv.base.Players), len(pv.tables), len(pv.late)
	if int64(2*nt+linearChecks)*pv.cost > pv.budget/4 {
		return nil, nil
	}
	ranked, err := pv.uniform(ctx)
	if err != nil {
		return nil, err
	}
	read := func(std *calc.Standings) ([][]exact.Num, bool) {
		v := make([][]exact.Num, n)
		for _, row := range std.Rows {
			v[row.Player] = make([]exact.Num, nl)
			for i, k := range pv.late {
				x := keyValue(&row, k)
				if !x.OK {
					return nil, false
				}
				v[row.Player][i] = x.Num
			}
		}
		return v, true
	}
	base, ok := read(ranked[1])
	if !ok {
		return nil, nil
	}
	type numTerm struct {
		t     int
		delta [outcomes][]exact.Num
	}
	terms := make([][]numTerm, n)
	var assigns [][]uint8
	for t := range nt {
		for _, o := range []uint8{0, 2} {
			a := pv.uniformCombination(1)
			a[t] = o
			assigns = append(assigns, a)
		}
	}
	ok = true
	err = pv.rank(ctx, assigns, func(c int, std *calc.Standings, _ []status) {
		v, good := read(std)
		if !good {
			ok = false
			return
		}
		t, o := c/2, uint8(2*(c%2))
		for p := range n {
			if v[p] == nil || base[p] == nil {
				continue
			}
			var d []exact.Num
			for i := range nl {
				if v[p][i].Cmp(base[p][i]) != 0 {
					d = make([]exact.Num, nl)
					break
				}
			}
			if d == nil {
				continue
			}
			for i := range nl {
				d[i] = v[p][i].Sub(base[p][i])
			}
			ts := terms[p]
			if len(ts) == 0 || ts[len(ts)-1].t != t {
				ts = append(ts, numTerm{t: t, delta: [outcomes][]exact.Num{make([]exact.Num, nl), make([]exact.Num, nl), make([]exact.Num, nl)}})
			}
			ts[len(ts)-1].delta[o] = d
			terms[p] = ts
		}
	})
	if err != nil || !ok {
		return nil, err
	}
	// Each key in units of one over the common denominator of its values.
	scale := make([]int64, nl)
	for i := range scale {
		scale[i] = 1
	}
	units := func(v exact.Num, i int) (int64, bool) {
		u := v.MulInt(scale[i])
		if !u.IsInt() {
			return 0, false
		}
		n, _, ok := u.Parts()
		return n, ok && n < maxUnits && n > -maxUnits
	}
	widen := func(v exact.Num, i int) bool {
		_, d, ok := v.Parts()
		if !ok || d > maxScale {
			return false
		}
		g := d
		for a := scale[i]; a != 0; g, a = a, g%a {
		}
		if scale[i]/g > maxScale/d {
			return false
		}
		scale[i] = scale[i] / g * d
		return true
	}
	for p := range n {
		for i := range nl {
			if base[p] != nil && !widen(base[p][i], i) {
				return nil, nil
			}
			for _, tm := range terms[p] {
				for o := range outcomes {
					if !widen(tm.delta[o][i], i) {
						return nil, nil
					}
				}
			}
		}
	}
	l := &linear{base: make([][]int64, n), terms: make([][]term, n), scale: scale}
	for p := range n {
		if base[p] == nil {
			continue
		}
		l.base[p] = make([]int64, nl)
		for i := range nl {
			if l.base[p][i], ok = units(base[p][i], i); !ok {
				return nil, nil
			}
		}
		for _, tm := range terms[p] {
			ut := term{t: tm.t}
			for o := range outcomes {
				ut.delta[o] = make([]int64, nl)
				for i := range nl {
					if ut.delta[o][i], ok = units(tm.delta[o][i], i); !ok {
						return nil, nil
					}
				}
			}
			l.terms[p] = append(l.terms[p], ut)
		}
	}
	// The sums must agree with ranking: in the uniform combinations, and in a few others.
	checks := [][]uint8{pv.uniformCombination(0), pv.uniformCombination(2)}
	stds := []*calc.Standings{ranked[0], ranked[2]}
	rng := rand.New(rand.NewPCG(uint64(nt), uint64(n)))
	var more [][]uint8
	for range linearChecks {
		a := make([]uint8, nt)
		for t := range a {
			a[t] = uint8(rng.IntN(outcomes))
		}
		more = append(more, a)
	}
	err = pv.rank(ctx, more, func(c int, std *calc.Standings, _ []status) {
		checks, stds = append(checks, more[c]), append(stds, std)
	})
	if err != nil {
		return nil, err
	}
	for c, std := range stds {
		v, good := read(std)
		if !good {
			return nil, nil
		}
		for p := range n {
			if v[p] == nil {
				continue
			}
			for i := range nl {
				if u, ok := units(v[p][i], i); !ok || l.value(p, i, checks[c]) != u {
					return nil, nil
				}
			}
		}
	}
	return l, nil
}

// value returns player p's late key i in a complete combination, in the key's units.
func (l *linear) value(p, i int, assign []uint8) int64 {
	v := l.base[p][i]
	for _, tm := range l.terms[p] {
		v += tm.delta[assign[tm.t]][i]
	}
	return v
}

// relate returns player q's relation, with result rq, to the item's player in every
// completion of assign (which sets q's table): key by key, the least and the greatest of
// the difference, table by table.
func (pv *prover) relateLinear(q int, rq Result, assign []int8) relation {
	x, rx := pv.it.p, pv.it.r
	l := pv.lin
	qiv, xiv := pv.keysOf(q, rq), pv.keysOf(x, rx)
	late := 0
	for k := range pv.keys {
		if pv.reach[k] == own {
			switch c := qiv[k].lo.Cmp(xiv[k].lo); {
			case c > 0:
				return aboveRel
			case c < 0:
				return belowRel
			}
			continue
		}
		i := late
		late++
		lo := l.base[q][i] - l.base[x][i]
		hi := lo
		// The tables that move either: q's terms add, x's subtract, by outcome.
		add := func(t int) {
			var span [outcomes]int64
			for _, tm := range l.terms[q] {
				if tm.t == t {
					for o := range outcomes {
						span[o] += tm.delta[o][i]
					}
				}
			}
			for _, tm := range l.terms[x] {
				if tm.t == t {
					for o := range outcomes {
						span[o] -= tm.delta[o][i]
					}
				}
			}
			if a := assign[t]; a >= 0 {
				lo, hi = lo+span[a], hi+span[a]
				return
			}
			lo, hi = lo+min(span[0], span[1], span[2]), hi+max(span[0], span[1], span[2])
		}
		for _, tm := range l.terms[q] {
			add(tm.t)
		}
		for _, tm := range l.terms[x] {
			if !hasTerm(l.terms[q], tm.t) {
				add(tm.t)
			}
		}
		switch {
		case lo > 0:
			return aboveRel
		case hi < 0:
			return belowRel
		case lo == 0 && hi == 0:
			continue
		}
		return unknownRel
	}
	return tiedRel
}

// hasTerm reports whether terms include table t.
func hasTerm(terms []term, t int) bool {
	for _, tm := range terms {
		if tm.t == t {
			return true
		}
	}
	return false
}
