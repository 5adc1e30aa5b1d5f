package standingsheet

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/xuri/excelize/v2"
)

var (
	num   = func(s string) *calc.Expr { return calc.Num(exact.MustParse(s)) }
	floor = func(x *calc.Expr) *calc.Expr { return calc.Max(num("0.33"), x) }
)

func TestExcelFormula(t *testing.T) {
	tests := []struct {
		name    string
		x       *calc.Expr
		formula string
	}{
		{"MTR OMW with one floored opponent",
			calc.Div(calc.Sum(floor(calc.Ratio(12, 24)), floor(calc.Ratio(21, 24)), floor(calc.Ratio(4, 15))), calc.Int(3)),
			"(MAX(0.33,12/24)+MAX(0.33,21/24)+MAX(0.33,4/15))/3"},
		{"KTS per-mille, truncated and capped",
			calc.Min(calc.Int(999), calc.Floor(calc.Div(calc.Mul(calc.Sum(calc.Mul(calc.Int(3), calc.Int(5)), calc.Int(1)), calc.Int(1000)), calc.Mul(calc.Int(3), calc.Int(9))))),
			"MIN(999,INT((3*5+1)*1000/(3*9)+1E-9))"},
		{"T1 with a floored opponent",
			calc.Sum(calc.Max(calc.Int(-3), calc.Int(4)), calc.Max(calc.Int(-3), calc.Int(0)), calc.Max(calc.Int(-3), calc.Int(-4))),
			"MAX((-3),4)+MAX((-3),0)+MAX((-3),(-4))"},
		{"negative literal in a sum", calc.Sum(calc.Int(3), calc.Int(-2)), "3+(-2)"},
		{"fraction literal", calc.Mul(calc.Num(exact.Frac(125, 216)), calc.Int(2)), "(125/216)*2"},
		{"negative fraction literal", calc.Sum(calc.Int(1), calc.Num(exact.Frac(-1, 3))), "1+(-1/3)"},
		{"decimal literal", calc.Sum(num("2.5"), num("0.125")), "2.5+0.125"},
		{"difference of sums", calc.Sub(calc.Sum(calc.Int(1), calc.Int(2)), calc.Sum(calc.Int(3), calc.Int(4)), calc.Int(5)),
			"1+2-(3+4)-5"},
		{"sum of differences", calc.Sum(calc.Sub(calc.Int(1), calc.Int(2)), calc.Sub(calc.Int(3), calc.Int(4))), "1-2+3-4"},
		{"ratio divided by ratio", calc.Div(calc.Ratio(1, 2), calc.Ratio(3, 4)), "1/2/(3/4)"},
		{"product of a quotient", calc.Mul(calc.Int(2), calc.Div(calc.Int(3), calc.Int(4))), "2*3/4"},
		{"quotient of a product", calc.Div(calc.Int(2), calc.Mul(calc.Int(3), calc.Int(4))), "2/(3*4)"},
		{"negative ratio", calc.Ratio(-3, 4), "(-3)/4"},
		{"empty sum and product", calc.Sum(calc.Sum(), calc.Mul()), "0+1"},
		{"one-term sum is its term", calc.Div(calc.Sum(calc.Ratio(1, 2)), calc.Int(1)), "1/2/1"},
		{"floor of a negative", calc.Floor(num("-8.5")), "INT((-8.5)+1E-9)"},
		{"floor of a negative integer", calc.Floor(calc.Int(-7)), "INT((-7)+1E-9)"},
		{"floor of a large number", calc.Floor(calc.Ratio(100000000001, 10)), "INT(100000000001/10)"},
		{"floor too close below an integer to round", calc.Floor(calc.Ratio(999999999999, 1000000000000)),
			"INT(999999999999/1000000000000)"},
	}
	for _, tt := range tests {
		got, ok := excelFormula(tt.x)
		if !ok || got != tt.formula {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, ok, tt.formula)
		}
	}
}

func TestExcelFormulaLimits(t *testing.T) {
	var terms []*calc.Expr
	for i := range 1000 {
		terms = append(terms, floor(calc.Ratio(int64(i), 999)))
	}
	if f, ok := excelFormula(calc.Div(calc.Sum(terms...), calc.Int(1000))); ok {
		t.Errorf("a %d-character formula was accepted", len(f))
	}
	deep := calc.Int(1)
	for range maxFormulaNesting + 1 {
		deep = calc.Max(calc.Int(0), deep)
	}
	if _, ok := excelFormula(deep); ok {
		t.Errorf("a formula nested %d deep was accepted", maxFormulaNesting+1)
	}
	var many []*calc.Expr
	for i := range 600 {
		many = append(many, calc.Int(int64(i%97)))
	}
	f, ok := excelFormula(calc.Max(many...))
	if !ok || strings.Count(f, "MAX(") != 4 {
		t.Errorf("600 arguments: %v %q, want MAX of three MAX calls", ok, f)
	}
	checkFormulas(t, []*calc.Expr{calc.Max(many...), calc.Min(many...)})
}

// TestExcelFormulaEvaluates computes random explanation trees with excelize's formula engine
// and compares every result with the exact value.
func TestExcelFormulaEvaluates(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := []*calc.Expr{
		// (0.7+0.1)*10 is 7.999999999999999 in binary floating point: INT needs the nudge.
		calc.Floor(calc.Mul(calc.Sum(num("0.7"), num("0.1")), calc.Int(10))),
		calc.Floor(calc.Mul(calc.Sum(num("-0.7"), num("-0.1")), calc.Int(10))),
	}
	for len(xs) < 400 {
		if x := randomExpr(rng, 4); x != nil {
			xs = append(xs, x)
		}
	}
	checkFormulas(t, xs)
}

// checkFormulas evaluates each expression's formula in excelize and compares it with Eval.
func checkFormulas(t *testing.T, xs []*calc.Expr) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, x := range xs {
		formula, ok := excelFormula(x)
		if !ok {
			t.Errorf("%s: no formula", x)
			continue
		}
		cell := "A" + strconv.Itoa(i+1)
		if err := f.SetCellFormula("Sheet1", cell, formula); err != nil {
			t.Fatal(err)
		}
		got, err := f.CalcCellValue("Sheet1", cell, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Errorf("%s: %v", formula, err)
			continue
		}
		g, err := strconv.ParseFloat(got, 64)
		want := x.Eval().Float64()
		if err != nil || !writertest.NearlyEqual(g, want) {
			t.Errorf("%s = %s in excelize, want %v (%s)", formula, got, want, x)
		}
	}
}

// randomExpr builds a random explanation tree of the given depth whose every division is by
// a non-zero value and whose size stays in the range tournaments produce; nil when a
// division by zero came up.
func randomExpr(rng *rand.Rand, depth int) (x *calc.Expr) {
	defer func() {
		if recover() != nil { // a division by zero inside Eval
			x = nil
		}
	}()
	x = randomNode(rng, depth)
	if v := x.Eval(); math.Abs(v.Float64()) > 1e12 {
		return nil
	}
	return x
}

func randomNode(rng *rand.Rand, depth int) *calc.Expr {
	leaf := func() *calc.Expr {
		switch rng.IntN(4) {
		case 0:
			return calc.Int(rng.Int64N(41) - 20)
		case 1:
			return calc.Ratio(rng.Int64N(40), rng.Int64N(39)+1)
		case 2:
			return calc.Num(exact.Frac(rng.Int64N(200)-100, rng.Int64N(23)+1))
		}
		return num([]string{"0.33", "0.25", "2.5", "-3", "0.125", "1000"}[rng.IntN(6)])
	}
	if depth == 0 || rng.IntN(4) == 0 {
		return leaf()
	}
	args := func(lo, hi int) []*calc.Expr {
		out := make([]*calc.Expr, lo+rng.IntN(hi-lo+1))
		for i := range out {
			out[i] = randomNode(rng, depth-1)
		}
		return out
	}
	switch rng.IntN(8) {
	case 0:
		return calc.Sum(args(0, 5)...)
	case 1:
		return calc.Sub(args(1, 4)...)
	case 2:
		return calc.Mul(args(0, 3)...)
	case 3:
		a := args(2, 2)
		return calc.Div(a[0], a[1])
	case 4:
		return calc.Max(args(1, 4)...)
	case 5:
		return calc.Min(args(1, 4)...)
	case 6:
		return calc.Floor(randomNode(rng, depth-1))
	}
	return floor(randomNode(rng, depth-1))
}
