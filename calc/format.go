package calc

import (
	"strconv"

	"github.com/tbsheet/tbsheet/exact"
)

// FormatValue writes v the way the tiebreak's system displays it: "61.64%", "+1", "−3",
// "4.5", "00722435"; n/a is "".
func (d *Def) FormatValue(v Value) string {
	var buf [32]byte
	return string(d.AppendValue(buf[:0], v))
}

// AppendValue appends FormatValue(v) to dst.
func (d *Def) AppendValue(dst []byte, v Value) []byte {
	if !v.OK {
		return dst
	}
	return appendNum(dst, d.Format, v.Num)
}

func formatNum(f Format, n exact.Num) string {
	var buf [32]byte
	return string(appendNum(buf[:0], f, n))
}

// appendNum appends n as format f displays it (FormatValue).
func appendNum(dst []byte, f Format, n exact.Num) []byte {
	switch f {
	case FormatPercent:
		return append(n.MulInt(100).AppendRound(dst, 2), '%')
	case FormatSigned:
		if n.Sign() > 0 {
			return n.Append(append(dst, '+'))
		}
		return appendSigned(dst, n)
	case FormatKTS:
		var buf [20]byte
		digits := strconv.AppendInt(buf[:0], n.Floor(), 10)
		for range 8 - len(digits) {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	case FormatDecimal:
		if n.MulInt(100).IsInt() { // at most two decimals: written as they are ("2.5")
			return n.Append(dst)
		}
		return n.AppendRound(dst, 4)
	}
	return appendSigned(dst, n)
}

// Text writes a figure's arithmetic as one line: the arithmetic, "=", then the displayed
// value ("(12/24 + 21/24 + 0.33↑4/15) / 3 = 56.83%"). Arithmetic that is a bare number is not
// repeated ("0", not "0 = 0"). The note (Explain.Note) is data, which a writer words in its
// language after it.
func (d *Def) Text(f Figure) string { return string(d.AppendText(nil, f)) }

// AppendText appends Text(f) to dst: writers that write every explanation of a large event
// reuse one buffer.
func (d *Def) AppendText(dst []byte, f Figure) []byte {
	if x := f.Explain.Expr; x != nil && x.Op != OpNum {
		dst = appendExpr(dst, x)
		dst = append(dst, " = "...)
	}
	if f.Value.OK {
		dst = d.AppendValue(dst, f.Value)
	} else {
		dst = append(dst, "n/a"...)
	}
	return dst
}
