package calc

import (
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
)

// TestSortByValue: sorting by the float64 of each value, then again exactly where floats
// are equal, orders as the exact comparison does, n/a last and ties by display order.
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
	display := []int32{6, 5, 4, 3, 2, 1, 0}
	grp := []int{0, 1, 2, 3, 4, 5, 6}
	sortByValue(grp, f, display, nil)
	if want := []int{4, 5, 1, 2, 0, 6, 3}; !slices.Equal(grp, want) {
		t.Errorf("order %v, want %v", grp, want)
	}
}
