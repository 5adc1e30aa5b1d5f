package calc

import (
	"cmp"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestSortByValue: sorting by the float64 of each value, then again exactly where floats
// are equal, orders as the exact comparison does, n/a last and ties in their order, and
// finds the runs of equal values.
func TestSortByValue(t *testing.T) {
	third := exact.Frac(1, 3)
	above := exact.Frac(1<<60+1, 3<<60) // a third plus 3·10⁻¹⁹: the same float64
	if third.Float64() != above.Float64() || third.Cmp(above) >= 0 {
		t.Fatal("the test needs two values a float64 cannot tell apart")
	}
	f := []Figure{
		{Value: Known(third)}, {Value: Known(above)}, {Value: Known(third)}, {},
		{Value: Known(exact.Int(1))}, {Value: Known(above)}, {},
	}
	grp := []int{6, 5, 4, 3, 2, 1, 0}
	_, ties := sortByValue(grp, f, nil, 10, nil)
	if want := []int{4, 5, 1, 2, 0, 6, 3}; !slices.Equal(grp, want) {
		t.Errorf("order %v, want %v", grp, want)
	}
	if want := []span{{11, 13}, {13, 15}, {15, 17}}; !slices.Equal(ties, want) {
		t.Errorf("ties %v, want %v", ties, want)
	}
}

// TestRankOrder: on small events full of ties, with names that differ only by case or not at
// all, every preset lists its rows in the order Compute documents: by the primary key and each
// tiebreak of the order, higher first, then by name case-insensitively, then by name, then by
// input order; players share a rank exactly when every key is equal.
func TestRankOrder(t *testing.T) {
	names := []string{"ann", "Ann", "ANN", "bob", "Bob", "Émile", "émile", "Zoë", "zoë", "李", "Ann"}
	for seed := range int64(40) {
		rng := rand.New(rand.NewSource(seed))
		ev := swissgen.Generate(swissgen.Realistic(2+rng.Intn(60), 1+rng.Intn(4), seed))
		for p := range ev.Players {
			ev.Players[p].Name = names[rng.Intn(len(names))]
		}
		for _, sys := range Systems() {
			t.Run(fmt.Sprintf("%s/%d", sys.Name, seed), func(t *testing.T) {
				st, err := Compute(ev, Options{System: sys.Name, NoExplain: true})
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i+1 < len(st.Rows); i++ {
					a, b := &st.Rows[i], &st.Rows[i+1]
					c := -a.Points.Cmp(b.Points) // the first key on which they differ, higher first
					for k := 0; c == 0 && k < len(st.Order); k++ {
						c = -a.Figures[k].Value.Cmp(b.Figures[k].Value)
					}
					if c > 0 {
						t.Fatalf("row %d is above row %d but its keys are lower", i+1, i+2)
					}
					if tied := c == 0; tied != (a.Rank == b.Rank) {
						t.Fatalf("rows %d and %d: tied on every key %v, ranks %d and %d", i+1, i+2, tied, a.Rank, b.Rank)
					}
					if c < 0 {
						continue
					}
					na, nb := ev.Players[a.Player].Name, ev.Players[b.Player].Name
					if cmp.Or(strings.Compare(strings.ToLower(na), strings.ToLower(nb)), strings.Compare(na, nb),
						a.Player-b.Player) >= 0 {
						t.Fatalf("tied rows %d (%s, #%d) and %d (%s, #%d) are not in display order",
							i+1, na, a.Player, i+2, nb, b.Player)
					}
				}
			})
		}
	}
}
