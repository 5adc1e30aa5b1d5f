package calc

import (
	"strings"

	"github.com/tbsheet/tbsheet/exact"
)

// Op is the operation of an [Expr] node.
type Op uint8

// The operations an explanation is built from. Writers render each one: as text here
// ([Expr.String]) and as a spreadsheet formula in writer/.
const (
	// OpNum is a literal number, Val ("0.33", "2.5", or a fraction "7/24").
	OpNum Op = iota
	// OpRatio is the fraction N/D written unreduced, as the spec's examples do ("12/24").
	OpRatio
	// OpSum adds its Args.
	OpSum
	// OpSub subtracts Args[1:] from Args[0].
	OpSub
	// OpMul multiplies its Args.
	OpMul
	// OpDiv divides Args[0] by Args[1].
	OpDiv
	// OpMax is the largest of its Args. With two Args whose first is a literal it is a floor,
	// and the text shows "0.33↑4/15" when the floor applies.
	OpMax
	// OpMin is the smallest of its Args. With two Args whose first is a literal it is a cap,
	// and the text shows "0.75↓5/6" when the cap applies.
	OpMin
	// OpFloor is the integer part of Args[0] (KTS truncates its per-mille figures).
	OpFloor
)

// Expr is the arithmetic behind one tiebreak value, kept as a tree so that it can be printed
// as text for people and as a live formula in a workbook. Eval of an explanation's Expr equals
// the tiebreak's value exactly; tests hold every tiebreak to that.
type Expr struct {
	Op Op
	// Val is the literal of an OpNum node.
	Val exact.Num
	// N and D are the numerator and denominator of an OpRatio node (D ≠ 0).
	N, D int64
	// Args are the operands of every other node.
	Args []*Expr
}

// Num returns a literal node.
func Num(v exact.Num) *Expr { return &Expr{Op: OpNum, Val: v} }

// Int returns a literal integer node.
func Int(n int64) *Expr { return Num(exact.Int(n)) }

// Ratio returns an unreduced fraction node n/d.
func Ratio(n, d int64) *Expr { return &Expr{Op: OpRatio, N: n, D: d} }

// Sum returns a node adding args.
func Sum(args ...*Expr) *Expr { return &Expr{Op: OpSum, Args: args} }

// Sub returns a node computing args[0] − args[1] − ….
func Sub(args ...*Expr) *Expr { return &Expr{Op: OpSub, Args: args} }

// Mul returns a node multiplying args.
func Mul(args ...*Expr) *Expr { return &Expr{Op: OpMul, Args: args} }

// Div returns a node computing a / b.
func Div(a, b *Expr) *Expr { return &Expr{Op: OpDiv, Args: []*Expr{a, b}} }

// Max returns a node taking the largest of args; Max(Num(floor), x) is a floor.
func Max(args ...*Expr) *Expr { return &Expr{Op: OpMax, Args: args} }

// Min returns a node taking the smallest of args; Min(Num(cap), x) is a cap.
func Min(args ...*Expr) *Expr { return &Expr{Op: OpMin, Args: args} }

// Floor returns a node taking the integer part of a.
func Floor(a *Expr) *Expr { return &Expr{Op: OpFloor, Args: []*Expr{a}} }

// Eval computes the node's exact value. A division by zero, which a well-formed explanation
// never contains, panics.
func (x *Expr) Eval() exact.Num {
	switch x.Op {
	case OpNum:
		return x.Val
	case OpRatio:
		return exact.Frac(x.N, x.D)
	case OpSum:
		var s exact.Num
		for _, a := range x.Args {
			s = s.Add(a.Eval())
		}
		return s
	case OpSub:
		s := x.Args[0].Eval()
		for _, a := range x.Args[1:] {
			s = s.Sub(a.Eval())
		}
		return s
	case OpMul:
		p := exact.Int(1)
		for _, a := range x.Args {
			p = p.Mul(a.Eval())
		}
		return p
	case OpDiv:
		return x.Args[0].Eval().Div(x.Args[1].Eval())
	case OpMax, OpMin:
		best := x.Args[0].Eval()
		for _, a := range x.Args[1:] {
			v := a.Eval()
			if (x.Op == OpMax && v.Cmp(best) > 0) || (x.Op == OpMin && v.Cmp(best) < 0) {
				best = v
			}
		}
		return best
	case OpFloor:
		return exact.Int(x.Args[0].Eval().Floor())
	}
	panic("calc: unknown Expr op")
}

// String writes the arithmetic the way the spec's worked examples do:
// "(12/24 + 21/24 + 0.33↑4/15) / 3". Floors and caps that do not apply are left out.
func (x *Expr) String() string {
	var b strings.Builder
	x.write(&b)
	return b.String()
}

// bound reports whether a Max/Min node is a floor or cap (a literal and one operand), and if
// so whether the bound applies.
func (x *Expr) bound() (isBound, applies bool) {
	if (x.Op != OpMax && x.Op != OpMin) || len(x.Args) != 2 || x.Args[0].Op != OpNum {
		return false, false
	}
	c := x.Args[1].Eval().Cmp(x.Args[0].Val)
	if x.Op == OpMax {
		return true, c < 0
	}
	return true, c > 0
}

// shown returns the node that is printed in place of x: a floor or cap that does not apply
// prints as its operand.
func (x *Expr) shown() *Expr {
	if isBound, applies := x.bound(); isBound && !applies {
		return x.Args[1].shown()
	}
	return x
}

func (x *Expr) write(b *strings.Builder) {
	x = x.shown()
	switch x.Op {
	case OpNum:
		b.WriteString(signed(x.Val))
	case OpRatio:
		b.WriteString(exact.Int(x.N).String() + "/" + exact.Int(x.D).String())
	case OpSum:
		if len(x.Args) == 0 {
			b.WriteString("0")
		}
		for i, a := range x.Args {
			s := a.shown()
			if i > 0 {
				if s.Op == OpNum && s.Val.Sign() < 0 {
					b.WriteString(" − " + s.Val.Neg().String())
					continue
				}
				b.WriteString(" + ")
			}
			a.writeOperand(b, s.Op == OpSum || s.Op == OpSub)
		}
	case OpSub:
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(" − ")
			}
			a.writeOperand(b, i > 0 && (a.shown().Op == OpSum || a.shown().Op == OpSub))
		}
	case OpMul, OpDiv:
		sep := " × "
		if x.Op == OpDiv {
			sep = " / "
		}
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(sep)
			}
			op := a.shown().Op
			paren := op == OpSum || op == OpSub
			if i > 0 && (x.Op == OpDiv && (op == OpMul || op == OpDiv) || x.Op == OpMul && op == OpDiv) {
				paren = true
			}
			a.writeOperand(b, paren)
		}
	case OpMax, OpMin:
		if isBound, _ := x.bound(); isBound {
			arrow := "↑"
			if x.Op == OpMin {
				arrow = "↓"
			}
			b.WriteString(signed(x.Args[0].Val) + arrow)
			op := x.Args[1].shown().Op
			x.Args[1].writeOperand(b, op == OpSum || op == OpSub || op == OpMul || op == OpDiv)
			return
		}
		name := "max("
		if x.Op == OpMin {
			name = "min("
		}
		b.WriteString(name)
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
		b.WriteString(")")
	case OpFloor:
		b.WriteString("⌊")
		x.Args[0].write(b)
		b.WriteString("⌋")
	}
}

func (x *Expr) writeOperand(b *strings.Builder, paren bool) {
	if paren {
		b.WriteString("(")
	}
	x.write(b)
	if paren {
		b.WriteString(")")
	}
}

// signed writes a literal with a real minus sign, as printed standings do ("−3").
func signed(v exact.Num) string {
	if v.Sign() < 0 {
		return "−" + v.Neg().String()
	}
	return v.String()
}
