package scenario

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestEveryKeyClassified makes sure each registered tiebreak was looked at: bounded (reaches)
// or deliberately unbounded, so that a new tiebreak in calc is a decision here, not a
// silent "unbounded".
func TestEveryKeyClassified(t *testing.T) {
	for _, d := range calc.Tiebreaks() {
		_, bounded := reaches[d.ID]
		if !bounded && !slices.Contains(unboundedIDs, d.ID) && reachOf(d) == unbounded {
			t.Errorf("tiebreak %s is neither in reaches nor in unboundedIDs", d.ID)
		}
	}
	for _, id := range unboundedIDs {
		if _, ok := calc.Lookup(id); !ok {
			t.Errorf("unboundedIDs lists %s, which calc does not know", id)
		}
	}
	for id := range reaches {
		if _, ok := calc.Lookup(id); !ok {
			t.Errorf("reaches lists %s, which calc does not know", id)
		}
	}
	for id := range depths {
		if _, ok := calc.Lookup(id); !ok || !slices.Contains(unboundedIDs, id) {
			t.Errorf("depths lists %s, which is not an unbounded id of calc", id)
		}
	}
	for id := range separable {
		if _, ok := calc.Lookup(id); !ok {
			t.Errorf("separable lists %s, which calc does not know", id)
		}
	}
}

// TestBoundsHold checks the reach of every bounded key of every preset, and of the other
// bounded keys, on random small events: for every player and result, the bounds the search
// computes must hold the key's value in every combination, ranked by brute force.
func TestBoundsHold(t *testing.T) {
	var extra []string // bounded keys no preset orders by
	for id, r := range reaches {
		if r != unbounded {
			extra = append(extra, id)
		}
	}
	slices.Sort(extra)
	orders := map[string][]string{}
	for _, sys := range calc.Systems() {
		orders[sys.Name] = nil // the preset's own order
	}
	for i := 0; i < len(extra); i += 4 {
		orders[fmt.Sprint("extra", i)] = extra[i:min(i+4, len(extra))]
	}
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for name, order := range orders {
		for seed := range int64(seeds) {
			cfg := swissgen.Realistic(6+int(seed)%5, 3+int(seed)%2, 200+seed)
			cfg.DrawRate = 0.1
			ev := openLast(swissgen.Generate(cfg))
			copt := calc.Options{System: "fide", Tiebreaks: order}
			if order == nil {
				copt = calc.Options{System: name}
			}
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				a, err := newAnalysis(ev, Options{Calc: copt, Cut: 2, search: true})
				if err != nil {
					t.Fatal(err)
				}
				s := newSearcher(a)
				ctx := context.Background()
				if err := s.patterns(ctx); err != nil {
					t.Fatal(err)
				}
				s.pointsPass()
				if err := s.boundTiebreaks(ctx, s.items); err != nil {
					t.Fatal(err)
				}
				n := len(s.tables)
				copt.NoExplain = true
				for k := range pow3(n) {
					assign := decode(k, n)
					st, err := calc.Compute(a.event(assign), copt)
					if err != nil {
						t.Fatal(err)
					}
					for _, row := range st.Rows {
						p := row.Player
						if !a.eligible[p] {
							continue
						}
						iv := s.keysOf(p, a.resultIn(p, assign))
						for key := range a.keys {
							v, b := keyValue(&row, key), iv[key]
							if v.Cmp(b.lo) < 0 || !b.top && v.Cmp(b.hi) > 0 {
								t.Fatalf("%s of %s in combination %v: %v outside [%v, %v]", a.keys[key].ID,
									ev.Players[p].Name, assign, v.Num, b.lo.Num, b.hi.Num)
							}
						}
					}
				}
			})
		}
	}
}
