package writer

import (
	"fmt"
	"io"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

func init() {
	addLabels("en", map[string]string{
		"explain.head":  "%[1]s — rank %[2]d, %[3]s %[4]s, record %[5]s",
		"explain.round": "round %d",
		"explain.vs":    "vs",
		"explain.na":    "n/a",
	})
	addLabels("zh", map[string]string{
		"explain.head":  "%[1]s — 第%[2]d名，%[6]s %[3]s，战绩 %[5]s",
		"explain.round": "第%d轮",
		"explain.vs":    "对",
		"explain.na":    "无数值",
	})
	addLabels("ja", map[string]string{
		"explain.head":  "%[1]s — %[2]d位、%[6]s %[3]s、戦績 %[5]s",
		"explain.round": "第%d回戦",
		"explain.vs":    "対",
		"explain.na":    "値なし",
	})
}

// WriteExplain prints one player's figures and rounds for `tbsheet explain`, in opt.Lang: who
// the player is (rank, points, record), which standings, one line per tiebreak (its column
// header, its name, its arithmetic and note), then the player's rounds with each
// opponent's record. row indexes st.Rows.
func WriteExplain(w io.Writer, st *calc.Standings, row int, opt Options) error {
	lang := opt.Lang
	r := &st.Rows[row]
	ev := st.Event
	p := ev.Players[r.Player]
	who := p.Name
	if p.ID != "" && p.ID != p.Name {
		who += " (" + p.ID + ")"
	}
	var b strings.Builder
	fmt.Fprintf(&b, label(lang, "explain.head")+"\n", who, r.Rank, formatPoints(st, r.Points), st.RankBy.Short,
		Record(st, r), pointsHeader(st, lang))
	b.WriteString(Title(st, lang) + "\n\n")

	lines := make([][]string, len(st.Columns))
	for i, d := range st.Columns {
		lines[i] = []string{d.Short, d.Names.In(lang), explainText(lang, d, r.Figures[i].Value, st.Explain(row, i))}
	}
	writeAligned(&b, lines, map[int]bool{0: true, 1: true, 2: true})

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
		line := resultWord(lang, rec.Result)
		if rec.Opp != tbsheet.NoPlayer {
			line += " " + label(lang, "explain.vs") + " " + ev.Players[rec.Opp].Name
			if o, ok := ranked[rec.Opp]; ok {
				line += " (" + Record(st, o) + ")"
			}
		}
		if rec.Games.Known {
			line += " " + rec.Games.String()
		}
		rounds = append(rounds, []string{labelf(lang, "explain.round", rec.Round), line})
	}
	writeAligned(&b, rounds, map[int]bool{0: true, 1: true})
	_, err := io.WriteString(w, b.String())
	return err
}

// explainText writes a figure's arithmetic and value ("(12/24 + 21/24) / 2 = 68.75%"), then
// its note in lang.
func explainText(lang string, d *calc.Def, v calc.Value, x calc.Explanation) string {
	s := d.Text(calc.Figure{Value: v, Explain: calc.Explanation{Expr: x.Expr}})
	if !v.OK {
		s = strings.TrimSuffix(s, "n/a") + label(lang, "explain.na")
	}
	if x.Note != "" {
		s += " — " + TranslateNotes(lang, x.Note)
	}
	return s
}

// TranslateNotes translates a note made of parts joined with "; " part by part.
func TranslateNotes(lang, note string) string {
	parts := strings.Split(note, "; ")
	for i, p := range parts {
		parts[i] = TranslateNote(lang, p)
	}
	sep := "; "
	if colon(lang) != ": " {
		sep = "；"
	}
	return strings.Join(parts, sep)
}
