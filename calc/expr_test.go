package calc

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
)

func TestExprString(t *testing.T) {
	floor := func(x *Expr) *Expr { return Max(Num(exact.MustParse("0.33")), x) }
	tests := []struct {
		name string
		x    *Expr
		text string
		val  string
	}{
		{
			"MTR OMW with one floored opponent",
			Div(Sum(floor(Ratio(12, 24)), floor(Ratio(21, 24)), floor(Ratio(4, 15))), Int(3)),
			"(12/24 + 21/24 + 0.33↑4/15) / 3", "341/600",
		},
		{
			"KTS per-mille, truncated and capped",
			Min(Int(999), Floor(Div(Mul(Sum(Mul(Int(3), Int(5)), Int(1)), Int(1000)), Mul(Int(3), Int(9))))),
			"⌊(3 × 5 + 1) × 1000 / (3 × 9)⌋", "592",
		},
		{
			"cap that applies",
			Min(Num(exact.MustParse("0.75")), Ratio(5, 5)),
			"0.75↓5/5", "0.75",
		},
		{
			"T1 with a floored opponent",
			Sum(Max(Int(-3), Int(4)), Max(Int(-3), Int(0)), Max(Int(-3), Int(-4))),
			"4 + 0 + −3↑−4", "1",
		},
		{
			"negative literal in a sum",
			Sum(Int(3), Int(-2)),
			"3 − 2", "1",
		},
		{
			"median: sum minus extremes",
			Sub(Sum(Num(exact.MustParse("1.5")), Int(3), Int(3), Int(5), Int(9)), Max(Num(exact.MustParse("1.5")), Int(3), Int(3), Int(5), Int(9)), Min(Num(exact.MustParse("1.5")), Int(3), Int(3), Int(5), Int(9))),
			"1.5 + 3 + 3 + 5 + 9 − max(1.5, 3, 3, 5, 9) − min(1.5, 3, 3, 5, 9)", "11",
		},
		{
			"bounds inside bounds: a cap over floors, a floor over a cap that does not apply",
			Min(Int(1), Sum(floor(Ratio(1, 6)), Max(Int(0), Min(Int(2), Ratio(1, 2))), floor(Ratio(5, 6)))),
			"1↓(0.33↑1/6 + 1/2 + 5/6)", "1",
		},
		{
			"a fraction equal to its floor, unreduced: the floor does not apply",
			Sum(Max(Num(exact.MustParse("0.33")), Ratio(66, 200)), Max(Num(exact.Frac(1, 3)), Ratio(3, 9))),
			"66/200 + 3/9", "199/300",
		},
		{
			"fractions too large to cross-multiply in 64 bits",
			Sum(Max(Num(exact.Frac(1, 3)), Ratio(1<<40, 3<<40+1)), Max(Num(exact.Frac(1<<40, 3)), Ratio(1<<41, 6))),
			"1/3↑1099511627776/3298534883329 + 2199023255552/6", "1099511627777/3",
		},
		{"empty sum", Sum(), "0", "0"},
		{"squares", Sum(Mul(Int(5), Int(5)), Mul(Int(6), Int(6))), "5 × 5 + 6 × 6", "61"},
	}
	// More floors than the printer keeps on the stack: twenty opponents, three floored.
	many, text := make([]*Expr, 20), ""
	for i := range many {
		many[i] = Max(Num(exact.Frac(1, 4)), Ratio(int64(i), 10))
		switch {
		case i == 0:
			text = "0.25↑0/10"
		case i < 3:
			text += fmt.Sprintf(" + 0.25↑%d/10", i)
		default:
			text += fmt.Sprintf(" + %d/10", i)
		}
	}
	tests = append(tests, struct {
		name string
		x    *Expr
		text string
		val  string
	}{"twenty floors under a cap", Min(Int(5), Sum(many...)), "5↓(" + text + ")", "5"})
	for _, tt := range tests {
		if got := tt.x.String(); got != tt.text {
			t.Errorf("%s: text %q, want %q", tt.name, got, tt.text)
		}
		if got := tt.x.Eval().String(); got != tt.val {
			t.Errorf("%s: value %s, want %s", tt.name, got, tt.val)
		}
	}
}

// TestAppendInt: the printer's fast path for one- and two-digit numbers writes what strconv
// writes, at and beyond its edges.
func TestAppendInt(t *testing.T) {
	for _, n := range []int64{0, 1, 9, 10, 11, 42, 99, 100, 101, 999, -1, -9, -10, -99, -100, math.MaxInt64, math.MinInt64} {
		if got, want := string(appendInt([]byte("x"), n)), "x"+strconv.FormatInt(n, 10); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
}
