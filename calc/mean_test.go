package calc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestMeanOverOpponents: the mean of the opponents' fractions is exact whichever way it is
// summed: over a common denominator (small denominators), or term by term when that
// denominator (large primes) or the sum (large numerators) overflows int64.
// Opponents with no fraction (d = 0) are left out.
func TestMeanOverOpponents(t *testing.T) {
	tl := newTally(NewCrosstable(swissgen.Generate(swissgen.Realistic(200, 9, 7)), 0))
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name string
		frac func() (n, d int64)
	}{
		{"small denominators", func() (int64, int64) { d := 3 * (1 + rng.Int64N(45)); return rng.Int64N(d + 1), d }},
		{"large prime denominators", func() (int64, int64) {
			d := []int64{1_000_000_007, 998_244_353, 2_147_483_647, 999_999_937}[rng.IntN(4)]
			return rng.Int64N(d), d
		}},
		{"sums past the int64 limit", func() (int64, int64) { return math.MaxInt64/4 - rng.Int64N(1000), 1 }},
		{"some n/a", func() (int64, int64) {
			if rng.IntN(3) == 0 {
				return 0, 0
			}
			return rng.Int64N(10), 10
		}},
	}
	for _, tt := range tests {
		n, d := make([]int64, tl.n), make([]int64, tl.n)
		for i := range n {
			n[i], d[i] = tt.frac()
		}
		got := meanOverOpponents(tl, n, d)
		for p := range tl.n {
			var sum exact.Num
			k := int64(0)
			for _, sl := range tl.row(p) {
				if sl.hasOpp() && d[sl.opp] != 0 {
					sum = sum.Add(exact.Frac(n[sl.opp], d[sl.opp]))
					k++
				}
			}
			want := NA
			if k > 0 {
				want = Known(sum.DivInt(k))
			}
			if got[p].Value.OK != want.OK || want.OK && got[p].Value.Num.Cmp(want.Num) != 0 {
				t.Fatalf("%s: player %d: %v, want %v", tt.name, p, got[p].Value, want)
			}
		}
	}
}

// TestFractions: figures become fractions for meanOverOpponents, n/a as d = 0, and a value
// that does not fit in int64 refuses the compact form.
func TestFractions(t *testing.T) {
	figs := []Figure{{Value: Known(exact.Frac(2, 3))}, {}, {Value: Known(exact.Int(5))}}
	n, d, ok := fractions(figs)
	if !ok || n[0] != 2 || d[0] != 3 || d[1] != 0 || n[2] != 5 || d[2] != 1 {
		t.Errorf("fractions = %v / %v, %v", n, d, ok)
	}
	huge := exact.Int(math.MaxInt64).Add(exact.Int(1))
	if _, _, ok := fractions(append(figs, Figure{Value: Known(huge)})); ok {
		t.Error("a value beyond int64 became a fraction")
	}
}
