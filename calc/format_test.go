package calc

import (
	"testing"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func TestFormatValue(t *testing.T) {
	tests := []struct {
		format Format
		v      Value
		want   string
	}{
		{FormatPercent, Known(exact.MustParse("0.6163988")), "61.64%"},
		{FormatPercent, Known(exact.Frac(1, 3)), "33.33%"},
		{FormatPercent, Known(exact.MustParse("0.33")), "33.00%"},
		{FormatSigned, Known(exact.Int(1)), "+1"},
		{FormatSigned, Known(exact.Int(-3)), "−3"},
		{FormatSigned, Known(exact.Int(0)), "0"},
		{FormatDecimal, Known(exact.MustParse("4.5")), "4.5"},
		{FormatDecimal, Known(exact.Int(11)), "11"},
		{FormatDecimal, Known(exact.Frac(1, 3)), "0.3333"},
		{FormatInt, Known(exact.Int(61)), "61"},
		{FormatInt, Known(exact.Int(-1)), "−1"},
		{FormatKTS, Known(exact.Int(722435)), "00722435"},
		{FormatKTS, Known(exact.Int(33726677)), "33726677"},
		{FormatPercent, NA, ""},
		{FormatKTS, NA, ""},
	}
	for _, tt := range tests {
		d := &Def{Format: tt.format}
		if got := d.FormatValue(tt.v); got != tt.want {
			t.Errorf("format %d of %v: %q, want %q", tt.format, tt.v.Num, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	pct := &Def{Format: FormatPercent}
	floor := Num(exact.MustParse("0.33"))
	x := Div(Sum(Max(floor, Ratio(12, 24)), Max(floor, Ratio(4, 15))), Int(2))
	tests := []struct {
		f    Figure
		want string
	}{
		{Figure{Value: Known(x.Eval()), Explain: Explanation{Expr: x}}, "(12/24 + 0.33↑4/15) / 2 = 41.50%"},
		{Figure{Explain: Explanation{Note: i18n.N("x.only-byes")}}, "n/a — only byes: no opponents"},
		{Figure{Value: Known(exact.Int(0)), Explain: Explanation{Expr: Int(0), Note: i18n.N("x.no-opponents")}}, "0.00% — no opponents"},
		{Figure{}, "n/a"},
	}
	for _, tt := range tests {
		if got := fullText(pct, tt.f); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
