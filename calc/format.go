package calc

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/exact"
)

// FormatValue writes v the way the tiebreak's system displays it: "61.64%", "+1", "−3",
// "4.5", "00722435"; n/a is "".
func (d *Def) FormatValue(v Value) string {
	if !v.OK {
		return ""
	}
	return formatNum(d.Format, v.Num)
}

func formatNum(f Format, n exact.Num) string {
	switch f {
	case FormatPercent:
		return n.MulInt(100).Round(2) + "%"
	case FormatSigned:
		if n.Sign() > 0 {
			return "+" + n.String()
		}
		return signed(n)
	case FormatKTS:
		s := strconv.FormatInt(n.Floor(), 10)
		if len(s) < 8 {
			s = strings.Repeat("0", 8-len(s)) + s
		}
		return s
	case FormatDecimal:
		if n.IsInt() {
			return n.String()
		}
		if s := n.Round(2); exact.MustParse(s).Equal(n) {
			return strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return n.Round(4)
	}
	return signed(n)
}

// Text writes a figure's explanation as one line: the arithmetic, "=", the displayed value,
// then the note ("(12/24 + 21/24 + 0.33↑4/15) / 3 = 56.83%"). Arithmetic that is a bare
// number is not repeated ("0 — 2 opponents: …", not "0 = 0 — …").
func (d *Def) Text(f Figure) string { return string(d.AppendText(nil, f)) }

// AppendText appends Text(f) to dst: writers that write every explanation of a large event
// reuse one buffer.
func (d *Def) AppendText(dst []byte, f Figure) []byte {
	if x := f.Explain.Expr; x != nil && x.Op != OpNum {
		dst = appendExpr(dst, x)
		dst = append(dst, " = "...)
	}
	if f.Value.OK {
		dst = append(dst, d.FormatValue(f.Value)...)
	} else {
		dst = append(dst, "n/a"...)
	}
	if f.Explain.Note != "" {
		dst = append(dst, " — "...)
		dst = append(dst, f.Explain.Note...)
	}
	return dst
}
