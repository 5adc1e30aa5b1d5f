package writer

import (
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// What the explanations say beside their arithmetic, wherever they are printed (the XLSX
// Explain and Standings sheets, tbsheet explain): whom each term of a sum over opponents
// comes from, and what the floor and cap arrows mean.

// OpponentTerms names the opponent behind each term of an explanation that sums over
// opponents: "vs Carol 6/12, vs Dave 0.33↑3/12". It is "" when the explanation names none.
func OpponentTerms(ev *tbsheet.Event, lang string, x calc.Explanation) string {
	if len(x.Terms) == 0 {
		return ""
	}
	parts := make([]string, len(x.Terms))
	for i, t := range x.Terms {
		parts[i] = labelf(lang, "vs-term", playerName(ev, t.Opp), t.Expr)
	}
	return strings.Join(parts, label(lang, "terms-sep"))
}

// namesOpponents reports whether any figure of column j names the opponents it sums.
func namesOpponents(st *calc.Standings, j int) bool {
	for i := range st.Rows {
		if len(figure(&st.Rows[i], j).Explain.Terms) > 0 {
			return true
		}
	}
	return false
}

// BoundsLegend explains the floor and cap arrows that text uses, each with its first use
// as the example: "0.33↑3/12: 3/12 is below the floor 0.33, so 0.33 counts instead." It is
// "" when text has no arrow.
func BoundsLegend(lang, text string) string {
	var lines []string
	for _, b := range []struct {
		arrow, key string
	}{{"↑", "floor-legend"}, {"↓", "cap-legend"}} {
		if limit, operand, ok := boundExample(text, b.arrow); ok {
			lines = append(lines, fmt.Sprintf(label(lang, b.key), limit, operand))
		}
	}
	return strings.Join(lines, "\n")
}

// boundsSample keeps, of the texts added, the first that uses a floor and the first that
// uses a cap: all BoundsLegend needs of a whole sheet.
type boundsSample struct{ floor, cap string }

func (s *boundsSample) add(text string) {
	if s.floor == "" && strings.Contains(text, "↑") {
		s.floor = text
	}
	if s.cap == "" && strings.Contains(text, "↓") {
		s.cap = text
	}
}

// legend is BoundsLegend of the texts added.
func (s *boundsSample) legend(lang string) string {
	return BoundsLegend(lang, s.floor+"\n"+s.cap)
}

// boundExample finds the first "limit↑operand" in text: the number before the arrow and
// the operand after it (a number or fraction, or a bracketed expression).
func boundExample(text, arrow string) (limit, operand string, ok bool) {
	i := strings.Index(text, arrow)
	if i < 0 {
		return "", "", false
	}
	before, after := []rune(text[:i]), []rune(text[i+len(arrow):])
	start := len(before)
	for start > 0 && strings.ContainsRune("0123456789./−-", before[start-1]) {
		start--
	}
	end, depth := 0, 0
	for ; end < len(after); end++ {
		r := after[end]
		if r == '(' || r == '⌊' {
			depth++
		} else if depth > 0 && (r == ')' || r == '⌋') {
			if depth--; depth == 0 {
				end++
				break
			}
		} else if depth == 0 && !strings.ContainsRune("0123456789./", r) {
			break
		}
	}
	return string(before[start:]), string(after[:end]), start < len(before) && end > 0
}
