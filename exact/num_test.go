package exact

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestArithmetic(t *testing.T) {
	tests := []struct {
		name string
		got  Num
		want string
	}{
		{"zero value", Num{}, "0"},
		{"reduce", Frac(12, 24), "0.5"},
		{"negative denominator", Frac(1, -3), "-1/3"},
		{"add thirds", Frac(1, 3).Add(Frac(1, 3)).Add(Int(1)), "5/3"},
		{"sub", Int(1).Sub(Frac(1, 3)), "2/3"},
		{"mul cross-reduce", Frac(4, 15).Mul(Frac(15, 4)), "1"},
		{"div", Frac(493119, 100000).DivInt(8), "0.61639875"},
		{"div to fraction", Int(4).DivInt(15), "4/15"},
		{"overflow to big", Int(math.MaxInt64).Add(Int(1)), "9223372036854775808"},
		{"back from big", Int(math.MaxInt64).Add(Int(1)).Sub(Int(2)), "9223372036854775806"},
		{"decimal", MustParse("0.33"), "0.33"},
		{"half", MustParse("4½"), "4.5"},
		{"comma decimal", MustParse("2,5"), "2.5"},
		{"fraction", MustParse("7/24"), "7/24"},
		{"one point zero", MustParse("1.0"), "1"},
	}
	for _, tt := range tests {
		if s := tt.got.String(); s != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, s, tt.want)
		}
	}
}

// TestOrderIndependent is the reason the package exists: sums that are equal in exact
// arithmetic must compare equal whatever the order of the terms.
func TestOrderIndependent(t *testing.T) {
	a := Frac(1, 3).Add(Frac(1, 3)).Add(Int(1))
	b := Frac(2, 3).Add(Frac(2, 3)).Add(Frac(1, 3))
	if a.Cmp(b) != 0 {
		t.Fatalf("1/3+1/3+1 = %v, 2/3+2/3+1/3 = %v: must be equal", a, b)
	}
	if fa, fb := 1.0/3+1.0/3+1, 2.0/3+2.0/3+1.0/3; fa == fb {
		t.Log("float64 happened to agree on this machine")
	}
}

func TestCmp(t *testing.T) {
	big1 := FromRat(new(big.Rat).SetFrac64(math.MaxInt64, 3))
	tests := []struct {
		x, y Num
		want int
	}{
		{Frac(1, 3), MustParse("0.33"), 1},
		{Frac(-1, 2), Frac(1, 3), -1},
		{Int(0), Num{}, 0},
		{Frac(math.MaxInt64, math.MaxInt64-1), Frac(math.MaxInt64-1, math.MaxInt64-2), -1},
		{big1, Int(1), 1},
		{Frac(-5, 2), Frac(-3, 2), -1},
		{Frac(7, 2), Frac(-9, 2), 1}, // one denominator: the numerators decide
		{Int(3), Int(3), 0},
	}
	for _, tt := range tests {
		if got := tt.x.Cmp(tt.y); got != tt.want {
			t.Errorf("Cmp(%v, %v) = %d, want %d", tt.x, tt.y, got, tt.want)
		}
	}
}

func TestFloorAndRound(t *testing.T) {
	if f := Frac(16000, 27).Floor(); f != 592 {
		t.Errorf("floor 16000/27 = %d, want 592", f)
	}
	if f := Frac(-1, 2).Floor(); f != -1 {
		t.Errorf("floor -1/2 = %d, want -1", f)
	}
	if s := Frac(493119, 800000).MulInt(100).Round(2); s != "61.64" {
		t.Errorf("round = %s, want 61.64", s)
	}
	if s := Frac(-1, 8).Round(2); s != "-0.13" {
		t.Errorf("round -1/8 = %s, want -0.13", s)
	}
}

// TestRoundPaths holds Round's and AppendRound's int64 path to the math/big one it short-cuts, on the values
// standings print (percentages, halves) and on the edges of int64.
func TestRoundPaths(t *testing.T) {
	xs := []Num{Int(0), Int(-7), Frac(1, 2), Frac(-1, 2), Frac(5, 8), Frac(-5, 8), Frac(2, 3),
		Frac(493119, 800000).MulInt(100), Frac(math.MaxInt64, 3), Frac(math.MinInt64+1, 7),
		Frac(1, math.MaxInt64), Frac(math.MaxInt64, math.MaxInt64-1), Int(math.MinInt64)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		d := r.Int64N(1_000_000) + 1
		xs = append(xs, Frac(r.Int64N(2_000_001)-1_000_000, d), Frac(r.Int64()-math.MaxInt64/2, d))
	}
	for _, x := range xs {
		for _, k := range []int{0, 1, 2, 4, 12, 18, 19} {
			if got, want := x.Round(k), x.roundBig(k); got != want {
				t.Errorf("%s.Round(%d) = %s, math/big says %s", x, k, got, want)
			}
			if got, want := string(x.AppendRound([]byte("x="), k)), "x="+x.roundBig(k); got != want {
				t.Errorf("%s.AppendRound(\"x=\", %d) = %s, want %s", x, k, got, want)
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, s := range []string{"", "abc", "1e9", "½½", "-1½"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", s)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.33", "4½", "7/24", "2,5", "-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			return
		}
		w, err := Parse(v.String())
		if err != nil || w.Cmp(v) != 0 {
			t.Fatalf("%q → %v → %v, %v", s, v, w, err)
		}
	})
}

// TestSmallString checks String's and Append's int64 fast path against the math/big path.
func TestSmallString(t *testing.T) {
	values := []Num{MustParse("0.33"), MustParse("-2.5"), Int(0), Int(-7), Int(math.MinInt64 + 1), Frac(1, 3),
		Frac(1, 1024), MustParse("0.000000000001"), Frac(math.MaxInt64/2, 5), Frac(-1, 8), Frac(7, 24)}
	dens := []int64{1, 2, 4, 5, 8, 10, 16, 20, 25, 3, 7, 1000, 3125, 4096, 1 << 40}
	for i := range 5000 {
		values = append(values, Frac(int64(i*7919%2000001)-1000000, dens[i%len(dens)]))
	}
	for _, v := range values {
		want := v.Rat()
		var general string
		switch s, ok := decimal(want); {
		case want.IsInt():
			general = want.Num().String()
		case ok:
			general = s
		default:
			general = want.String()
		}
		if got := v.String(); got != general {
			t.Errorf("String(%s) = %q, want %q", want, got, general)
		}
		if got := string(v.Append([]byte("x="))); got != "x="+general {
			t.Errorf("Append(\"x=\", %s) = %q, want %q", want, got, "x="+general)
		}
	}
}

// TestFloat64 checks Float64's fast path against math/big's correctly rounded conversion.
func TestFloat64(t *testing.T) {
	values := []Num{Frac(1, 3), Frac(-2, 3), Frac(1<<53, 3), Frac(1<<53+1, 3), Int(math.MaxInt64), Frac(341, 600), Frac(7, 1<<54)}
	for i := range 5000 {
		values = append(values, Frac(int64(i)*1_000_003-2_500_000_000, int64(i%997+1)))
	}
	for _, v := range values {
		want, _ := v.Rat().Float64()
		if got := v.Float64(); got != want {
			t.Errorf("Float64(%s) = %v, want %v", v, got, want)
		}
	}
}

// TestMinInt64 pins the values whose absolute value does not fit in an int64: a sum that
// lands on math.MinInt64 must keep its sign through every later operation.
func TestMinInt64(t *testing.T) {
	tests := []struct {
		name string
		got  Num
		want string
	}{
		{"sum at the limit times 1/7", Int(-(1 << 62)).Add(Int(-(1 << 62))).Mul(Frac(1, 7)), "-9223372036854775808/7"},
		{"Int(MinInt64)", Int(math.MinInt64), "-9223372036854775808"},
		{"negated", Int(math.MinInt64).Neg(), "9223372036854775808"},
		{"Frac(MinInt64, 2)", Frac(math.MinInt64, 2), "-4611686018427387904"},
		{"Frac(1, MinInt64)", Frac(1, math.MinInt64), "-1/9223372036854775808"},
		{"divided by 3", Int(math.MinInt64).DivInt(3), "-9223372036854775808/3"},
		{"times -1", Int(math.MinInt64).MulInt(-1), "9223372036854775808"},
	}
	for _, tt := range tests {
		if s := tt.got.String(); s != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, s, tt.want)
		}
	}
}

// FuzzAgainstBigRat checks every operation against math/big.Rat on the same operands,
// extreme int64 values included: Num's int64 fast paths must give exactly big.Rat's answer.
func FuzzAgainstBigRat(f *testing.F) {
	f.Add(int64(-(1 << 62)), int64(1), int64(-(1 << 62)), int64(1))
	f.Add(int64(math.MinInt64), int64(1), int64(1), int64(7))
	f.Add(int64(math.MaxInt64), int64(3), int64(math.MinInt64), int64(math.MaxInt64))
	f.Add(int64(1), int64(3), int64(-2), int64(9))
	f.Add(int64(7), int64(2), int64(0), int64(5))         // × 0
	f.Add(int64(7), int64(2), int64(3), int64(3))         // × 1
	f.Add(int64(-4), int64(1), int64(6), int64(1))        // two integers
	f.Add(int64(1<<40), int64(1), int64(1<<40), int64(1)) // two integers whose product overflows
	f.Fuzz(func(t *testing.T, xn, xd, yn, yd int64) {
		if xd == 0 || yd == 0 {
			return
		}
		x, y := Frac(xn, xd), Frac(yn, yd)
		rx, ry := big.NewRat(xn, xd), big.NewRat(yn, yd)
		check := func(op string, got Num, want *big.Rat) {
			t.Helper()
			if got.Rat().Cmp(want) != 0 || got.Sign() != want.Sign() || got.String() != FromRat(want).String() {
				t.Fatalf("%s %s %s = %s, want %s", x, op, y, got, want.RatString())
			}
		}
		check("=x", x, rx)
		check("+", x.Add(y), new(big.Rat).Add(rx, ry))
		check("-", x.Sub(y), new(big.Rat).Sub(rx, ry))
		check("*", x.Mul(y), new(big.Rat).Mul(rx, ry))
		check("neg", x.Neg(), new(big.Rat).Neg(rx))
		if ry.Sign() != 0 {
			check("/", x.Div(y), new(big.Rat).Quo(rx, ry))
		}
		if c := x.Cmp(y); c != rx.Cmp(ry) {
			t.Fatalf("Cmp(%s, %s) = %d, want %d", x, y, c, rx.Cmp(ry))
		}
		if x.IsInt() != rx.IsInt() {
			t.Fatalf("IsInt(%s) = %v", x, x.IsInt())
		}
		if fl := new(big.Int).Div(rx.Num(), rx.Denom()); fl.IsInt64() && x.Floor() != fl.Int64() {
			t.Fatalf("Floor(%s) = %d, want %s", x, x.Floor(), fl)
		}
		if want, _ := rx.Float64(); x.Float64() != want {
			t.Fatalf("Float64(%s) = %v, want %v", x, x.Float64(), want)
		}
		if got, want := x.Round(4), x.roundBig(4); got != want {
			t.Fatalf("Round(%s, 4) = %s, want %s", x, got, want)
		}
	})
}
