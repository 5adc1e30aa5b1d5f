package calc

import (
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
		{"empty sum", Sum(), "0", "0"},
		{"squares", Sum(Mul(Int(5), Int(5)), Mul(Int(6), Int(6))), "5 × 5 + 6 × 6", "61"},
	}
	for _, tt := range tests {
		if got := tt.x.String(); got != tt.text {
			t.Errorf("%s: text %q, want %q", tt.name, got, tt.text)
		}
		if got := tt.x.Eval().String(); got != tt.val {
			t.Errorf("%s: value %s, want %s", tt.name, got, tt.val)
		}
	}
}
