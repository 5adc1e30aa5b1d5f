package standingsheet

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// Excel's limits on a formula (Microsoft's "Excel specifications and limits"): a formula
// longer than maxFormulaLen characters, nested deeper than maxFormulaNesting function calls
// or calling a function with more than maxFunctionArgs arguments is refused when the
// workbook opens, so such an explanation is written as its value alone.
const (
	maxFormulaLen     = 8192 // the leading "=" included
	maxFormulaNesting = 64
	maxFunctionArgs   = 255
)

// precedence of a rendered formula fragment: what it may stand next to without parentheses.
type precedence uint8

const (
	precAdd  precedence = iota + 1 // a+b, a-b
	precMul                        // a*b, a/b
	precAtom                       // 3, (1/3), MAX(…), (a+b)
)

// excelFormula renders an explanation's arithmetic as an Excel formula, without the leading
// "=" (excelize adds it): "(MAX(0.33,12/24)+MAX(0.33,21/24))/2". Every node of the tree is
// kept, floors that do not apply included, so that the formula recomputes the value the way
// the definition does. ok is false when the formula would break one of Excel's limits; the
// caller then writes the value alone.
func excelFormula(x *calc.Expr) (formula string, ok bool) {
	var fw formulaWriter
	fw.write(x, precAdd)
	if fw.b.Len()+1 > maxFormulaLen || fw.maxDepth > maxFormulaNesting {
		return "", false
	}
	return fw.b.String(), true
}

type formulaWriter struct {
	b               strings.Builder
	depth, maxDepth int // function-call nesting
}

// prec returns the precedence of x as write renders it.
func prec(x *calc.Expr) precedence {
	switch x.Op {
	case calc.OpRatio, calc.OpDiv:
		return precMul
	case calc.OpSum, calc.OpSub:
		switch len(x.Args) {
		case 0:
			return precAtom
		case 1:
			return prec(x.Args[0])
		}
		return precAdd
	case calc.OpMul:
		switch len(x.Args) {
		case 0:
			return precAtom
		case 1:
			return prec(x.Args[0])
		}
		return precMul
	}
	return precAtom // literals (negative ones and fractions parenthesized), functions
}

// write renders x, in parentheses when it binds more loosely than least.
func (fw *formulaWriter) write(x *calc.Expr, least precedence) {
	if prec(x) < least {
		fw.b.WriteByte('(')
		defer fw.b.WriteByte(')')
	}
	switch x.Op {
	case calc.OpNum:
		fw.b.WriteString(literal(x.Val))
	case calc.OpRatio:
		fw.b.WriteString(integer(x.N))
		fw.b.WriteByte('/')
		fw.b.WriteString(integer(x.D))
	case calc.OpSum, calc.OpSub:
		if len(x.Args) == 0 {
			fw.b.WriteByte('0')
		}
		sep := byte('+')
		if x.Op == calc.OpSub {
			sep = '-'
		}
		for i, a := range x.Args {
			if i == 0 {
				fw.write(a, precAdd)
				continue
			}
			fw.b.WriteByte(sep)
			// a+(b-c) is a+b-c, but a-(b+c) is not a-b+c.
			if x.Op == calc.OpSub {
				fw.write(a, precMul)
			} else {
				fw.write(a, precAdd)
			}
		}
	case calc.OpMul:
		if len(x.Args) == 0 {
			fw.b.WriteByte('1')
		}
		for i, a := range x.Args {
			if i > 0 {
				fw.b.WriteByte('*')
			}
			fw.write(a, precMul)
		}
	case calc.OpDiv:
		fw.write(x.Args[0], precMul)
		fw.b.WriteByte('/')
		fw.write(x.Args[1], precAtom)
	case calc.OpMax:
		fw.call("MAX", x.Args)
	case calc.OpMin:
		fw.call("MIN", x.Args)
	case calc.OpFloor:
		fw.floor(x.Args[0])
	}
}

// call renders a function of many arguments, nesting it when Excel's argument limit would be
// exceeded: MAX(MAX(a1,…,a255),MAX(a256,…)) is the same number.
func (fw *formulaWriter) call(name string, args []*calc.Expr) {
	fw.enter()
	defer fw.leave()
	fw.b.WriteString(name)
	fw.b.WriteByte('(')
	if len(args) > maxFunctionArgs {
		for i := 0; i < len(args); i += maxFunctionArgs {
			if i > 0 {
				fw.b.WriteByte(',')
			}
			fw.call(name, args[i:min(i+maxFunctionArgs, len(args))])
		}
	} else {
		for i, a := range args {
			if i > 0 {
				fw.b.WriteByte(',')
			}
			fw.write(a, precAdd)
		}
	}
	fw.b.WriteByte(')')
}

// floor renders the integer part of a, which rounds toward −∞ like Excel's INT. A
// spreadsheet computes a in binary floating point, so an argument that is exactly an integer
// (1000 × 29/40) may come out a hair below it and INT would drop a whole unit. A nudge of
// 1E-9 removes that noise; it is only added when it cannot carry the exact value across an
// integer, which tbsheet checks on the exact value. (ROUND(a, 9) would say the same thing
// but spreadsheets implement it by scaling, which adds noise of its own.)
func (fw *formulaWriter) floor(a *calc.Expr) {
	fw.enter()
	defer fw.leave()
	fw.b.WriteString("INT(")
	fw.write(a, precAdd)
	if nudgeSafe(a) {
		fw.b.WriteString("+" + floorNudge)
	}
	fw.b.WriteByte(')')
}

// floorNudge is added to INT's argument; see floor.
const floorNudge = "1E-9"

// nudgeSafe reports whether adding floorNudge to a's value keeps its integer part: the value
// is an integer or lies at least 1E-8 below the next one, and is small enough (|v| < 10⁶) for
// a double to resolve the nudge. It decides on the exact value calc computes (Expr.Eval), never
// on a floating-point estimate of it.
func nudgeSafe(a *calc.Expr) bool {
	v := a.Eval()
	if v.Cmp(exact.Int(1_000_000)) >= 0 || v.Cmp(exact.Int(-1_000_000)) <= 0 {
		return false
	}
	if v.IsInt() {
		return true
	}
	gap := exact.Int(v.Floor() + 1).Sub(v) // distance up to the next integer
	return gap.Cmp(exact.Frac(1, 100_000_000)) >= 0
}

func (fw *formulaWriter) enter() {
	fw.depth++
	fw.maxDepth = max(fw.maxDepth, fw.depth)
}

func (fw *formulaWriter) leave() { fw.depth-- }

// literal writes a number the way a formula can hold it exactly: a terminating decimal
// ("0.33"), else a fraction in parentheses ("(125/216)"); negative numbers are parenthesized
// ("(-3)") so that no operator can bind to the sign.
func literal(v exact.Num) string {
	s := v.String() // an integer, a terminating decimal, or a reduced fraction "n/d"
	if v.Sign() < 0 || strings.Contains(s, "/") {
		return "(" + s + ")"
	}
	return s
}

// integer writes one side of a ratio, parenthesized when negative.
func integer(n int64) string {
	if n < 0 {
		return "(" + strconv.FormatInt(n, 10) + ")"
	}
	return strconv.FormatInt(n, 10)
}
