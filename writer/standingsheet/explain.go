package standingsheet

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
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
	// The label's two %s are filled by hand into one buffer: fmt for every term of every
	// figure was most of the workbook's explanations' time.
	before, rest, _ := strings.Cut(writer.Label(lang, "vs-term"), "%s")
	between, after, _ := strings.Cut(rest, "%s")
	var b []byte
	for i, t := range x.Terms {
		if i > 0 {
			b = append(b, writer.Label(lang, "terms-sep")...)
		}
		b = append(append(append(b, before...), writer.PlayerName(ev, t.Opp)...), between...)
		b = append(append(b, t.Expr.String()...), after...)
	}
	return string(b)
}

// namesOpponents reports whether any figure of column j names the opponents it sums.
func namesOpponents(st *calc.Standings, j int) bool {
	for i := range st.Rows {
		if len(explainedFigure(st, &st.Rows[i], j).Explain.Terms) > 0 {
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
			lines = append(lines, fmt.Sprintf(writer.Label(lang, b.key), limit, operand))
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

// WriteExplain prints one player's figures and rounds for `tbsheet explain`, in opt.Lang: who
// the player is (rank, points, record), which standings, one line per tiebreak (its column
// header, its name, its arithmetic and note, and under it the opponent behind each term of
// a sum over opponents), what the floor and cap arrows mean, then the player's rounds with
// each opponent's record. row indexes st.Rows.
func WriteExplain(w io.Writer, st *calc.Standings, row int, opt writer.Options) error {
	lang := opt.Lang
	r := &st.Rows[row]
	ev := st.Event
	p := ev.Players[r.Player]
	who := p.Name
	if p.ID != "" && p.ID != p.Name {
		who += " (" + p.ID + ")"
	}
	who = tbsheet.Printable(who)
	var b strings.Builder
	fmt.Fprintf(&b, writer.Label(lang, "explain.head")+"\n", who, r.Rank, writer.FormatPoints(st, r.Points), st.RankBy.Short,
		writer.Record(st, r), writer.PointsHeader(st, lang))
	b.WriteString(writer.Title(st, lang) + "\n\n")

	var lines [][]string
	var all []string // everything printed, for the legend of its arrows
	for i, d := range st.Columns {
		x := st.Explain(row, i)
		text := explainText(lang, d, r.Figures[i].Value, x)
		lines = append(lines, []string{d.Short, i18n.Of(lang).Note(d.Names), text})
		all = append(all, text)
		if terms := OpponentTerms(ev, lang, x); terms != "" {
			lines = append(lines, []string{"", "", terms})
			all = append(all, terms)
		}
	}
	writer.WriteAligned(&b, printableCells(lines), map[int]bool{0: true, 1: true, 2: true})
	if legend := BoundsLegend(lang, strings.Join(all, "\n")); legend != "" {
		lines := strings.Split(legend, "\n")
		for i := range lines {
			lines[i] = tbsheet.Printable(lines[i])
		}
		b.WriteString("\n" + strings.Join(lines, "\n") + "\n")
	}

	if len(st.Rounds) == 0 {
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString("\n")
	ranked := map[int]*calc.Row{}
	for i := range st.Rows {
		ranked[st.Rows[i].Player] = &st.Rows[i]
	}
	ct := calc.NewCrosstable(ev, st.Rounds[len(st.Rounds)-1])
	var rounds [][]string
	for _, rec := range ct.Records[r.Player] {
		line := writer.Label(lang, "res."+rec.Result.String())
		if rec.Opp != tbsheet.NoPlayer {
			line += " " + writer.Label(lang, "explain.vs") + " " + ev.Players[rec.Opp].Name
			if o, ok := ranked[rec.Opp]; ok {
				line += " (" + writer.Record(st, o) + ")"
			}
		}
		if g := rec.Games(); g.Known {
			line += " " + g.String()
		}
		rounds = append(rounds, []string{writer.Labelf(lang, "explain.round", rec.Round), line})
	}
	writer.WriteAligned(&b, printableCells(rounds), map[int]bool{0: true, 1: true})
	_, err := io.WriteString(w, b.String())
	return err
}

// printableCells shows every cell as tbsheet.Printable does: names and notes from the input send
// no escape sequence to the terminal.
func printableCells(rows [][]string) [][]string {
	for _, r := range rows {
		for i := range r {
			r[i] = tbsheet.Printable(r[i])
		}
	}
	return rows
}

// explainText writes a figure's arithmetic and value ("(12/24 + 21/24) / 2 = 68.75%"), then
// its note in lang.
func explainText(lang string, d *calc.Def, v calc.Value, x calc.Explanation) string {
	return string(appendExplanation(nil, lang, d, calc.Figure{Value: v, Explain: x}))
}

// appendExplanation appends explainText's words to dst: writers that write every
// explanation of a large event (JSON) reuse one buffer.
func appendExplanation(dst []byte, lang string, d *calc.Def, f calc.Figure) []byte {
	dst = d.AppendText(dst, f)
	if !f.Value.OK {
		dst = append(bytes.TrimSuffix(dst, []byte("n/a")), writer.Label(lang, "explain.na")...)
	}
	if !f.Explain.Note.IsZero() {
		dst = append(append(dst, " — "...), i18n.Of(lang).Note(f.Explain.Note)...)
	}
	return dst
}
