package standingsheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
)

// The wall PDF: the standings posted for players to read from a couple of metres. The event's
// name heads the page (wrapped or set smaller, never cut), the type is sized to the page (a
// small event fills it in large type, a large one stays dense, names are never cut), the
// table header repeats on every page, a top-cut line, dropped players greyed and kept, the
// playoff finish of final standings on the row, and a legend in the players' language: one
// plain line per column, then the notes, each tie once. What organizers need (caveats,
// settings) is in the workbook's About sheet and `tbsheet tiebreaks`, not here.
// Options.ByName prints the alphabetical list players use to find themselves.
//
// This file shapes the standings' texts; the kit (package writer) holds the wall document
// every product's PDF shares: pdf_doc.go, pdf_layout.go sizes and paginates it, pdf_draw.go
// draws, pdf_text.go typesets.
// The page count is known before the first page is drawn, so "Page X of Y" is plain
// text, exactly right-aligned.

// WritePDF writes the standings' wall PDF.
func WritePDF(w io.Writer, st *calc.Standings, opt writer.Options) error {
	d, err := LayoutPDF(st, opt)
	if err != nil {
		return err
	}
	return d.Render(w)
}

// LayoutPDF shapes every printed string (warning about characters the fonts lack), measures
// the columns and picks the orientation and scale.
func LayoutPDF(st *calc.Standings, opt writer.Options) (*writer.PDF, error) {
	d, err := writer.NewPDF(st, opt)
	if err != nil {
		return nil, err
	}
	d.Heading()
	w := wall{d}
	w.table()
	w.legendLines()
	d.Orient()
	return d, nil
}

// wall is the standings' wall document: the kit's, with the standings' table and legend.
type wall struct{ *writer.PDF }

// table shapes the column headers and every row: rank, player, the playoff finish (final
// standings), points, record, then the tiebreaks, which may go to a second line.
func (d wall) table() {
	fs, st := d.Fonts, d.Standings
	head := func(s string, right bool) writer.PDFColumn {
		return writer.PDFColumn{Head: fs.Shape(s, writer.Style{Bold: true, Pt: writer.HeadPt}, "a column header"), Right: right}
	}
	d.Cols = []writer.PDFColumn{head(d.Label("rank"), true), head(d.Label("player"), false)}
	d.Player = 1
	finish := hasFinish(st)
	if finish {
		d.Cols = append(d.Cols, head(d.Label("finish"), false))
	}
	d.Cols = append(d.Cols, head(writer.PointsHeader(st, d.Opt.Lang), true), head(d.Label("record."+writer.RecordOrder(st).String()), true))
	d.Spread = len(d.Cols)
	for _, def := range st.Columns {
		d.Cols = append(d.Cols, head(def.Short, true))
	}

	// A cut that everyone makes is not drawn.
	cut := d.Opt.Cut
	if cut < 0 || cut >= len(st.Rows) {
		cut = 0
	}
	d.checkCut(cut)
	if !d.Opt.ByName && cut > 0 {
		d.Cut = cut
		d.CutLabel = fs.Shape("▲ "+fmt.Sprintf(d.Label("top-cut"), cut)+" ▲",
			writer.Style{Bold: true, Pt: writer.TagPt}, "the top-cut label")
	}

	for _, i := range printOrder(st, d.Opt) {
		d.Rows = append(d.Rows, d.row(st.Rows[i], d.Opt.ByName && i < cut, cut, finish))
	}

	d.Measure()
}

// hasFinish reports whether the standings have a top cut to show: final standings, or
// those of a cut in progress.
func hasFinish(st *calc.Standings) bool {
	for _, r := range st.Rows {
		if r.Finish > 0 {
			return true
		}
	}
	return false
}

// finishWord names a row's playoff finish in lang: "Winner", "Finalist", "Top 4".
func finishWord(lang string, r *calc.Row) string {
	switch {
	case r.Finish == 0:
		return ""
	case r.StillIn:
		return writer.Label(lang, "finish.in")
	case r.Finish <= 2:
		return writer.Label(lang, "finish."+strconv.Itoa(r.Finish))
	}
	return writer.Labelf(lang, "finish.top", r.Finish)
}

// checkCut warns about what the organizer must decide at the top cut: a tie across the
// line, and dropped players above it.
func (d wall) checkCut(cut int) {
	rows := d.Standings.Rows
	if cut == 0 {
		return
	}
	if rows[cut-1].Rank == rows[cut].Rank {
		d.Opt.Warnf("the top-%d cut splits players tied at rank %d; the line is drawn after row %d",
			cut, rows[cut].Rank, cut)
	}
	for _, r := range rows[:cut] {
		if r.DroppedAfter > 0 {
			d.Opt.Warnf("%s (rank %d) dropped after round %d but is above the top-%d line",
				d.Standings.Event.Players[r.Player].Name, r.Rank, r.DroppedAfter, cut)
		}
	}
}

// row shapes one row; top marks a top-cut player in the by-name list.
func (d wall) row(r calc.Row, top bool, cut int, finish bool) writer.PDFRow {
	fs, st := d.Fonts, d.Standings
	name := st.Event.Players[r.Player].Name
	gray := 0
	if r.DroppedAfter > 0 {
		gray = writer.GrayDropped
	}
	body := writer.Style{Pt: writer.BodyPt, Gray: gray}
	who := fmt.Sprintf("player %q", name)
	row := writer.PDFRow{Cells: []writer.Text{
		fs.Shape(strconv.Itoa(r.Rank), writer.Style{Pt: writer.BodyPt, Gray: gray, Bold: top || r.Finish == 1}, "a rank"),
		fs.Shape(name, body, who),
	}}
	if finish {
		row.Cells = append(row.Cells, fs.Shape(finishWord(d.Opt.Lang, &r), writer.Style{Pt: writer.BodyPt, Gray: gray, Bold: r.Finish == 1}, "a finish"))
	}
	row.Cells = append(row.Cells, fs.Shape(writer.FormatPoints(st, r.Points), body, "points"),
		fs.Shape(writer.Record(st, &r), body, "a record"))
	for k, def := range st.Columns {
		v := "–" // n/a
		if k < len(r.Figures) && r.Figures[k].Value.OK {
			v = def.FormatValue(r.Figures[k].Value)
		}
		row.Cells = append(row.Cells, fs.Shape(v, body, def.Short))
	}
	var tags []string
	if top {
		tags = append(tags, fmt.Sprintf(d.Label("top-cut"), cut))
	}
	if r.DroppedAfter > 0 {
		tags = append(tags, fmt.Sprintf(d.Label("drop-mark"), fmt.Sprintf(d.Label("drop-after"), r.DroppedAfter)))
	}
	if len(tags) > 0 {
		row.Tag = fs.Shape(strings.Join(tags, " "), writer.Style{Pt: writer.TagPt, Gray: gray, Bold: top}, "a row mark")
	}
	return row
}

// legendLines shapes the legend printed after the table, for players (legendKeys), then
// the notes (wallNotes).
func (d wall) legendLines() {
	fs := d.Fonts
	plain := writer.Style{Pt: writer.LegendPt}
	for _, k := range legendKeys(d.Standings, d.Opt.Lang) {
		d.Legend = append(d.Legend, writer.PDFLegendLine{Key: true,
			T: fs.Shape(k.Key, writer.Style{Bold: true, Pt: writer.LegendPt}, "the legend").Join(fs.Shape(k.rest, plain, "the legend"))})
	}
	notes := wallNotes(d.Standings, d.Opt.Lang)
	if len(notes) > 0 {
		d.Legend = append(d.Legend, writer.PDFLegendLine{Heading: true,
			T: fs.Shape(d.Label("notes"), writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend")})
		for _, n := range notes {
			d.Legend = append(d.Legend, writer.PDFLegendLine{T: fs.Shape(n, plain, writer.NoteWhat)})
		}
	}
}

// legendKey is one line of the legend: the word it explains, in bold, and the rest of the
// line, separator first ("OMW%", ": the average of …").
type legendKey struct{ Key, rest string }

// legendKeys says, for players, in one plain line each in lang, what the standings' columns
// mean: the points, the record, the playoff finish, each tiebreak, and "–". The wall PDF
// prints it under the table, tbsheet serve under its standings page.
func legendKeys(st *calc.Standings, lang string) []legendKey {
	var out []legendKey
	keyLine := func(s string) {
		head, rest, ok := strings.Cut(s, "：")
		sep := "："
		if !ok {
			head, rest, _ = strings.Cut(s, ": ")
			sep = ": "
		}
		out = append(out, legendKey{head, sep + rest})
	}
	if st.RankBy == nil || st.RankBy.ID == "points" {
		p := st.Points
		keyLine(writer.Labelf(lang, "legend.points", writer.PointsHeader(st, lang), p.Win, p.Draw, p.Loss, p.Bye))
	} else {
		out = append(out, legendKey{writer.PointsHeader(st, lang), writer.Colon(lang) + i18n.Of(lang).Note(st.RankBy.Plain)})
	}
	keyLine(writer.Label(lang, "legend.record."+writer.RecordOrder(st).String()))
	switch {
	case !hasFinish(st):
	case st.Final:
		keyLine(writer.Labelf(lang, "legend.finish", writer.Label(lang, "finish")))
	default:
		keyLine(writer.Labelf(lang, "legend.finish-in", writer.Label(lang, "finish")))
	}
	for _, def := range st.Columns {
		out = append(out, legendKey{tiebreakKey(def, lang), writer.Colon(lang) + i18n.Of(lang).Note(def.Plain)})
	}
	if hasNA(st) {
		keyLine(writer.Label(lang, "legend.na"))
	}
	return out
}

// tiebreakKey is a tiebreak's key in the legend: its column header and, in Chinese and
// Japanese, its name in the page's language, which the header abbreviates in English letters
// ("MB（中值布赫霍尔茨分）"), or the name alone when it holds the header ("对手胜率（YYY）").
func tiebreakKey(def *calc.Def, lang string) string {
	name := i18n.Of(lang).Note(def.Names)
	keyed := writer.Labelf(lang, "legend.key", def.Short, name)
	switch {
	case keyed == def.Short || name == "" || name == def.Short:
		return def.Short
	case strings.Contains(name, def.Short):
		return name
	}
	return keyed
}

// hasNA reports whether some printed figure is n/a.
func hasNA(st *calc.Standings) bool {
	for _, r := range st.Rows {
		for _, f := range r.Figures {
			if !f.Value.OK {
				return true
			}
		}
	}
	return false
}

// wallNotes are the notes under the standings in lang, for players: calc's notes meant for
// them, then one line per group of players tied on every key.
func wallNotes(st *calc.Standings, lang string) []string {
	var out []string
	for _, n := range st.Notes {
		if byName, ok := wallNoteKeys[n.Key]; ok {
			out = append(out, sentence(i18n.Of(lang).Note(n), byName))
		}
	}
	return append(out, tieNotes(st, lang)...)
}

// wallNoteKeys are the notes of calc's that players read on the wall, each marked true when it
// starts with a name; the others (the tie summary, which the wall replaces with a line per
// tie; the rounds left out, which its title says) are the organizer's.
var wallNoteKeys = map[string]bool{
	"note.unreported":        false,
	"note.before-cut":        false,
	"note.playoff-unpaired":  true,
	"note.playoff-undecided": false,
	"note.bo1":               false,
	"note.no-game-scores":    false,
	"note.declared":          false,
	"note.no-scores":         true,
}

// sentence starts a note with a capital, unless it starts with a name.
func sentence(note string, byName bool) string {
	if byName {
		return note
	}
	r, size := utf8.DecodeRuneInString(note)
	return string(unicode.ToUpper(r)) + note[size:]
}

// tieNotes says, once per group, which players are tied on every key ("A and B are tied on
// every key"), in rank order: players who share a rank (in final standings, a place only
// players equal in finish and Swiss rank share).
func tieNotes(st *calc.Standings, lang string) []string {
	key := tieKey(st)
	var out []string
	rows := st.Rows
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Rank == rows[i].Rank {
			j++
		}
		if j-i > 1 {
			names := make([]string, 0, j-i)
			for _, r := range rows[i:j] {
				names = append(names, st.Event.Players[r.Player].Name)
			}
			out = append(out, writer.Labelf(lang, key, writer.ListWords(lang, names)))
		}
		i = j
	}
	return out
}

// tieKey is the label of a tie note: "tie", or "tie.random" where the Play! Pokémon handbook
// orders such ties at random (an order with head-to-head).
func tieKey(st *calc.Standings) string {
	for _, d := range st.Order {
		if d.ID == "pkm-h2h" {
			return "tie.random"
		}
	}
	return "tie"
}
