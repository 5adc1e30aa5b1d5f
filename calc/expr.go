package calc

import (
	"cmp"
	"strconv"

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
func (x *Expr) Eval() exact.Num { return x.eval((*Expr).Eval) }

// eval computes the node's value from its operands' values, which sub gives.
func (x *Expr) eval(sub func(*Expr) exact.Num) exact.Num {
	switch x.Op {
	case OpNum:
		return x.Val
	case OpRatio:
		return exact.Frac(x.N, x.D)
	case OpSum:
		var s exact.Num
		for _, a := range x.Args {
			s = s.Add(sub(a))
		}
		return s
	case OpSub:
		s := sub(x.Args[0])
		for _, a := range x.Args[1:] {
			s = s.Sub(sub(a))
		}
		return s
	case OpMul:
		p := exact.Int(1)
		for _, a := range x.Args {
			p = p.Mul(sub(a))
		}
		return p
	case OpDiv:
		return sub(x.Args[0]).Div(sub(x.Args[1]))
	case OpMax, OpMin:
		best := sub(x.Args[0])
		for _, a := range x.Args[1:] {
			v := sub(a)
			if (x.Op == OpMax && v.Cmp(best) > 0) || (x.Op == OpMin && v.Cmp(best) < 0) {
				best = v
			}
		}
		return best
	case OpFloor:
		return exact.Int(sub(x.Args[0]).Floor())
	}
	panic("calc: unknown Expr op")
}

// String writes the arithmetic the way the spec's worked examples do:
// "(12/24 + 21/24 + 0.33↑4/15) / 3". Floors and caps that do not apply are left out.
func (x *Expr) String() string { return string(appendExpr(nil, x)) }

// appendExpr appends x's text (String) to dst.
func appendExpr(dst []byte, x *Expr) []byte {
	p := printer{b: dst}
	p.write(x)
	return p.b
}

// isBound reports whether x is a floor or cap: a Max or Min of a literal and one operand.
func (x *Expr) isBound() bool {
	return (x.Op == OpMax || x.Op == OpMin) && len(x.Args) == 2 && x.Args[0].Op == OpNum
}

// printer writes an Expr as text. Whether a floor or cap applies depends on its operand's
// value; the printer evaluates each bound over more than a fraction once and remembers it
// (a fraction is compared again, which costs less), so that printing stays linear in the
// size of the tree however deeply bounds nest (a parent asks for the shown form of its
// operands, and each operand again of its own).
type printer struct {
	b []byte
	// The bounds remembered so far: the first ones in an array on the stack (an
	// explanation has a handful), the rest in a map.
	few  [16]boundEntry
	nfew int
	many map[*Expr]boundInfo
}

// boundInfo is whether a floor or cap node applies and, when its operand is more than a
// fraction (which is compared without being evaluated), the operand's value.
type boundInfo struct {
	applies    bool
	hasOperand bool
	operand    exact.Num
}

type boundEntry struct {
	x    *Expr
	info boundInfo
}

// value returns x's exact value, remembering it for bounds.
func (p *printer) value(x *Expr) exact.Num {
	if !x.isBound() {
		return x.eval(p.value)
	}
	switch bi := p.bound(x); {
	case bi.applies:
		return x.Args[0].Val
	case bi.hasOperand:
		return bi.operand
	}
	return x.Args[1].Eval() // a fraction
}

// bound returns what the printer knows of a bound node x, evaluating it the first time. A
// fraction of small integers, what most bounds hold (a floored percentage), is compared with
// the limit by cross-multiplying, without reducing it: cheaper than remembering it.
func (p *printer) bound(x *Expr) boundInfo {
	arg, lim := x.Args[1], x.Args[0].Val
	if ln, ld, ok := lim.Parts(); ok && arg.Op == OpRatio && arg.D > 0 && small(arg.N) && small(arg.D) && small(ln) && small(ld) {
		return boundInfo{applies: bounds(x.Op, cmp.Compare(arg.N*ld, ln*arg.D))}
	}
	for i := p.nfew - 1; i >= 0; i-- { // newest first: a node is asked for again right away
		if p.few[i].x == x {
			return p.few[i].info
		}
	}
	if bi, ok := p.many[x]; ok {
		return bi
	}
	bi := boundInfo{hasOperand: true, operand: p.value(arg)}
	bi.applies = bounds(x.Op, bi.operand.Cmp(lim))
	switch {
	case p.nfew < len(p.few):
		p.few[p.nfew] = boundEntry{x, bi}
		p.nfew++
	case p.many == nil:
		p.many = map[*Expr]boundInfo{x: bi}
	default:
		p.many[x] = bi
	}
	return bi
}

// bounds reports whether a floor (OpMax) or cap (OpMin) applies to an operand that compares
// with its limit as c.
func bounds(op Op, c int) bool { return (op == OpMax && c < 0) || (op == OpMin && c > 0) }

// small reports whether |n| < 2³¹, so that a product of two such numbers fits in an int64.
func small(n int64) bool { return -1<<31 < n && n < 1<<31 }

// shown returns the node that is printed in place of x: a floor or cap that does not apply
// prints as its operand.
func (p *printer) shown(x *Expr) *Expr {
	for x.isBound() && !p.bound(x).applies {
		x = x.Args[1]
	}
	return x
}

func (p *printer) write(x *Expr) { p.writeShown(p.shown(x)) }

// writeShown writes x, which is already the node shown in its place (shown).
func (p *printer) writeShown(x *Expr) {
	b := p
	switch x.Op {
	case OpNum:
		p.b = appendSigned(p.b, x.Val)
	case OpRatio:
		p.b = appendInt(p.b, x.N)
		p.b = append(p.b, '/')
		p.b = appendInt(p.b, x.D)
	case OpSum:
		if len(x.Args) == 0 {
			b.WriteString("0")
		}
		for i, a := range x.Args {
			s := p.shown(a)
			if i > 0 {
				if s.Op == OpNum && s.Val.Sign() < 0 {
					b.WriteString(" − ")
					p.b = appendSigned(p.b, s.Val.Neg())
					continue
				}
				b.WriteString(" + ")
			}
			p.writeOperand(s, s.Op == OpSum || s.Op == OpSub)
		}
	case OpSub:
		for i, a := range x.Args {
			if i > 0 {
				b.WriteString(" − ")
			}
			s := p.shown(a)
			p.writeOperand(s, i > 0 && (s.Op == OpSum || s.Op == OpSub))
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
			s := p.shown(a)
			op := s.Op
			paren := op == OpSum || op == OpSub
			if i > 0 && (x.Op == OpDiv && (op == OpMul || op == OpDiv) || x.Op == OpMul && op == OpDiv) {
				paren = true
			}
			p.writeOperand(s, paren)
		}
	case OpMax, OpMin:
		if x.isBound() { // and it applies, or shown would have skipped it
			arrow := "↑"
			if x.Op == OpMin {
				arrow = "↓"
			}
			p.b = appendSigned(p.b, x.Args[0].Val)
			b.WriteString(arrow)
			s := p.shown(x.Args[1])
			op := s.Op
			p.writeOperand(s, op == OpSum || op == OpSub || op == OpMul || op == OpDiv)
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
			p.write(a)
		}
		b.WriteString(")")
	case OpFloor:
		b.WriteString("⌊")
		p.write(x.Args[0])
		b.WriteString("⌋")
	}
}

// writeOperand writes the shown node s, in parentheses when paren is true.
func (p *printer) writeOperand(s *Expr, paren bool) {
	if paren {
		p.b = append(p.b, '(')
	}
	p.writeShown(s)
	if paren {
		p.b = append(p.b, ')')
	}
}

// appendInt appends n in decimal. Most fractions an explanation prints have one- or
// two-digit parts ("13/36"), a hundred thousand of them in a large event's JSON: those are
// written directly, at a fifth of strconv's cost.
func appendInt(dst []byte, n int64) []byte {
	switch {
	case 0 <= n && n < 10:
		return append(dst, byte('0'+n))
	case 10 <= n && n < 100:
		return append(dst, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(dst, n, 10)
}

// WriteString appends s.
func (p *printer) WriteString(s string) { p.b = append(p.b, s...) }

// appendSigned appends signed(v).
func appendSigned(dst []byte, v exact.Num) []byte {
	if v.Sign() < 0 {
		return v.Neg().Append(append(dst, "−"...))
	}
	return v.Append(dst)
}

// signed writes a literal with a real minus sign, as printed standings do ("−3").
func signed(v exact.Num) string {
	var buf [32]byte
	return string(appendSigned(buf[:0], v))
}
