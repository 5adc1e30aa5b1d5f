package writer

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
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
// This file shapes the texts; pdf_layout.go sizes and paginates them, pdf_draw.go draws,
// pdf_text.go typesets. The page count is known before the first page is drawn, so "Page X
// of Y" is plain text, exactly right-aligned.

// Page geometry in millimetres and type sizes in points. The table's sizes are multiplied
// by the layout's scale (pdf_layout.go).
const (
	marginX      = 12.0
	marginTop    = 10.0
	marginBottom = 9.0
	footerH      = 7.0

	titlePt    = 24.0 // the event's name, on one line
	titleMinPt = 14.0 // the smallest a name on two lines is set in
	subPt      = 14.0
	metaPt     = 11.0
	footPt     = 9.0
	legendPt   = 10.5
	legendH    = 5.0 // line height of the legend at legendPt

	headPt   = 11.0 // table header
	bodyPt   = 13.0 // names and figures at scale 1
	tagPt    = 10.0 // "(drop R3)", "Top 8"
	headRowH = 7.5
	rowH     = 6.0
	cutH     = 6.0
	cellPad  = 1.8

	grayDropped = 0x70
	grayMeta    = 0x50
	grayStripe  = 0xEC
	grayHeadRow = 0xD4
)

// papers are the paper sizes in mm, portrait.
var papers = map[string][2]float64{"a4": {210, 297}, "letter": {215.9, 279.4}}

// pdfColumn is one table column.
type pdfColumn struct {
	head  text
	right bool    // right-aligned (numbers)
	w     float64 // width at scale 1, padding included
}

// pdfRow is one printed table row.
type pdfRow struct {
	// cells holds one text per column; the player column's is the name.
	cells []text
	// tag is printed at the right end of the player cell: "(drop R3)", or "Top 8" in the
	// by-name list.
	tag text
}

// legendLine is one paragraph of the legend.
type legendLine struct {
	t      text
	indent float64
	// heading keeps its first line below it on the page.
	heading bool
	// key marks a line that explains a column ("OMW%: …"): keys may be set in columns.
	key bool
}

// standingsPDF is a laid-out standings document. WriteScenariosPDF and the pairings PDF
// build on it: newPDF, heading (then their own subtitle), their columns and rows, measure,
// their legend, orient, render.
type standingsPDF struct {
	st    *calc.Standings
	opt   Options
	now   time.Time // printed in the footer and the PDF's dates
	fonts *fontSet
	ell   text // "…" for truncation

	pageW, pageH float64
	landscape    bool
	// scale multiplies the table's type and rows, leading the rows' height alone, to fill
	// the page of a small event (pdf_layout.go chooses them).
	scale, leading float64
	// lines is how many lines a row takes for the columns from spread on: 1, or more when
	// they do not fit beside the name even in landscape (--show all).
	lines int
	// spread is the index of the first column that may go to a row's second line (the
	// tiebreaks); 0 means none.
	spread int
	// lineCounts holds the lines each row takes, once orient has laid the table out.
	lineCounts []int

	// name is the document's title in the PDF's metadata: the event's, or the season's.
	name string
	// The page header: title (the event), meta (date and system, right of the subtitle),
	// subtitle (which list); the footer: source and time.
	title, meta, subtitle, footer text
	// titleLines is the title as laid out: one line, or two in smaller type.
	titleLines []text
	// qr is the QR code of Options.QR in the header's corner, nil for none.
	qr [][]bool

	cols   []pdfColumn
	player int // index of the player column
	rows   []pdfRow
	// cut is the number of rows above the top-cut line (by rank), or 0 for no line.
	cut      int
	cutLabel text // "▲ Top 8 ▲"
	legend   []legendLine
	// legendScale sizes the legend (1 = legendPt); legendCols is its number of columns for
	// key lines.
	legendScale float64
	legendCols  int
	// legendAllCols sets every line of the legend in legendCols columns, not only the keys.
	legendAllCols bool
	// flowLegend marks a legend of prose that reads on from the table (the scenarios'): when
	// it does not fit under the last rows, it starts there and runs on over the next pages in
	// columns, rather than taking rows along to a page of its own.
	flowLegend bool
}

func writePDF(w io.Writer, st *calc.Standings, opt Options) error {
	d, err := layoutPDF(st, opt)
	if err != nil {
		return err
	}
	return d.render(w)
}

// layoutPDF shapes every printed string (warning about characters the fonts lack), measures
// the columns and picks the orientation and scale.
func layoutPDF(st *calc.Standings, opt Options) (*standingsPDF, error) {
	d, err := newPDF(st, opt)
	if err != nil {
		return nil, err
	}
	d.heading()
	d.table()
	d.legendLines()
	d.orient()
	return d, nil
}

// newPDF starts a wall document on the paper and with the fonts opt asks for; the caller
// lays out its header, table and legend.
func newPDF(st *calc.Standings, opt Options) (*standingsPDF, error) {
	paper := strings.ToLower(opt.Paper)
	if paper == "" {
		paper = "a4"
	}
	size, ok := papers[paper]
	if !ok {
		return nil, fmt.Errorf("unknown paper size %q (use A4 or Letter)", opt.Paper)
	}
	fonts, err := loadFonts(opt)
	if err != nil {
		return nil, err
	}
	d := &standingsPDF{st: st, opt: opt, now: opt.now(), fonts: fonts, pageW: size[0], pageH: size[1],
		scale: 1, leading: 1, lines: 1, legendScale: 1, legendCols: 1}
	d.ell = fonts.shape("…", style{}, "an ellipsis")
	if opt.QR != "" {
		if d.qr, err = qrModules(opt.QR); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func (d *standingsPDF) label(key string) string { return label(d.opt.Lang, key) }

// EventTitle is the title of a wall page: the event's name and division ("Spring Open ·
// Masters"), or "Standings" for an event without a name. It is printable
// (tbsheet.Printable): a control character in the name (from the input, --title or the
// file's name) shows as its picture, not as a gap.
func EventTitle(st *calc.Standings, lang string) string {
	var parts []string
	for _, s := range []string{st.Event.Name, st.Event.Pod} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return label(lang, "standings")
	}
	return tbsheet.Printable(strings.Join(parts, " · "))
}

// GameName names the game or rule set of the standings for players, in lang: "Magic: The
// Gathering", "游戏王"; the system's title without its rules reference ("(MTR App. C)").
func GameName(st *calc.Standings, lang string) string {
	sys := st.System
	if sys == nil {
		return ""
	}
	if l := i18n.Of(lang); l.Has("game." + sys.Name) {
		return l.Text("game." + sys.Name)
	}
	title := sys.Title
	if title == "" {
		title = sys.Name
	}
	if i := strings.Index(title, " ("); i > 0 {
		title = title[:i]
	}
	return title
}

// heading shapes the page header and footer: the event's name, its date and system, which
// list the page is, and the source file and time in the footer. Pages other than standings
// replace the subtitle.
func (d *standingsPDF) heading() {
	fs, ev := d.fonts, d.st.Event
	d.name = EventTitle(d.st, d.opt.Lang)
	d.title = fs.shape(d.name, style{bold: true, pt: titlePt}, "the event name")
	d.meta = fs.shape(eventMeta(d.st, d.opt.Lang), style{pt: metaPt, gray: grayMeta}, "the date and system")
	order := d.label(orderLabel(d.st, d.opt))
	d.subtitle = fs.shape(Title(d.st, d.opt.Lang)+" — "+order, style{bold: true, pt: subPt}, "the title")
	d.footing(ev.Source)
}

// footing shapes the footer: the source file, when there is one, and the time.
func (d *standingsPDF) footing(source string) {
	footer := fmt.Sprintf(d.label("generated"), d.now.Format("2006-01-02 15:04"))
	if source != "" {
		footer = filepath.Base(source) + " · " + footer
	}
	d.footer = d.fonts.shape(footer, style{pt: footPt, gray: grayMeta}, "the footer")
}

// eventMeta is the line under an event's title: its date and game, as the wall PDF prints it.
func eventMeta(st *calc.Standings, lang string) string {
	var meta []string
	if s := strings.TrimSpace(st.Event.Date); s != "" {
		meta = append(meta, s)
	}
	if s := GameName(st, lang); s != "" {
		meta = append(meta, s)
	}
	return strings.Join(meta, " · ")
}

// table shapes the column headers and every row: rank, player, the playoff finish (final
// standings), points, record, then the tiebreaks, which may go to a second line.
func (d *standingsPDF) table() {
	fs, st := d.fonts, d.st
	head := func(s string, right bool) pdfColumn {
		return pdfColumn{head: fs.shape(s, style{bold: true, pt: headPt}, "a column header"), right: right}
	}
	d.cols = []pdfColumn{head(d.label("rank"), true), head(d.label("player"), false)}
	d.player = 1
	finish := hasFinish(st)
	if finish {
		d.cols = append(d.cols, head(d.label("finish"), false))
	}
	d.cols = append(d.cols, head(pointsHeader(st, d.opt.Lang), true), head(d.label("record."+recordOrder(st).String()), true))
	d.spread = len(d.cols)
	for _, def := range st.Columns {
		d.cols = append(d.cols, head(def.Short, true))
	}

	// A cut that everyone makes is not drawn.
	cut := d.opt.Cut
	if cut < 0 || cut >= len(st.Rows) {
		cut = 0
	}
	d.checkCut(cut)
	if !d.opt.ByName && cut > 0 {
		d.cut = cut
		d.cutLabel = fs.shape("▲ "+fmt.Sprintf(d.label("top-cut"), cut)+" ▲",
			style{bold: true, pt: tagPt}, "the top-cut label")
	}

	for _, i := range printOrder(st, d.opt) {
		d.rows = append(d.rows, d.row(st.Rows[i], d.opt.ByName && i < cut, cut, finish))
	}

	d.measure()
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
		return label(lang, "finish.in")
	case r.Finish <= 2:
		return label(lang, "finish."+strconv.Itoa(r.Finish))
	}
	return labelf(lang, "finish.top", r.Finish)
}

// measure sets every column's width at scale 1: the widest of its header and cells, plus
// padding. The player column counts the row's mark beside the name.
func (d *standingsPDF) measure() {
	for c := range d.cols {
		w := d.cols[c].head.width(1)
		for _, r := range d.rows {
			cw := r.cells[c].width(1)
			if c == d.player && len(r.tag.glyphs) > 0 {
				cw += r.tag.width(1) + cellPad
			}
			w = max(w, cw)
		}
		d.cols[c].w = w + 2*cellPad
	}
}

// checkCut warns about what the organizer must decide at the top cut: a tie across the
// line, and dropped players above it.
func (d *standingsPDF) checkCut(cut int) {
	rows := d.st.Rows
	if cut == 0 {
		return
	}
	if rows[cut-1].Rank == rows[cut].Rank {
		d.opt.warn("the top-%d cut splits players tied at rank %d; the line is drawn after row %d",
			cut, rows[cut].Rank, cut)
	}
	for _, r := range rows[:cut] {
		if r.DroppedAfter > 0 {
			d.opt.warn("%s (rank %d) dropped after round %d but is above the top-%d line",
				d.st.Event.Players[r.Player].Name, r.Rank, r.DroppedAfter, cut)
		}
	}
}

// row shapes one row; top marks a top-cut player in the by-name list.
func (d *standingsPDF) row(r calc.Row, top bool, cut int, finish bool) pdfRow {
	fs, st := d.fonts, d.st
	name := st.Event.Players[r.Player].Name
	gray := 0
	if r.DroppedAfter > 0 {
		gray = grayDropped
	}
	body := style{pt: bodyPt, gray: gray}
	who := fmt.Sprintf("player %q", name)
	row := pdfRow{cells: []text{
		fs.shape(strconv.Itoa(r.Rank), style{pt: bodyPt, gray: gray, bold: top || r.Finish == 1}, "a rank"),
		fs.shape(name, body, who),
	}}
	if finish {
		row.cells = append(row.cells, fs.shape(finishWord(d.opt.Lang, &r), style{pt: bodyPt, gray: gray, bold: r.Finish == 1}, "a finish"))
	}
	row.cells = append(row.cells, fs.shape(formatPoints(st, r.Points), body, "points"),
		fs.shape(Record(st, &r), body, "a record"))
	for k, def := range st.Columns {
		v := "–" // n/a
		if k < len(r.Figures) && r.Figures[k].Value.OK {
			v = def.FormatValue(r.Figures[k].Value)
		}
		row.cells = append(row.cells, fs.shape(v, body, def.Short))
	}
	var tags []string
	if top {
		tags = append(tags, fmt.Sprintf(d.label("top-cut"), cut))
	}
	if r.DroppedAfter > 0 {
		tags = append(tags, fmt.Sprintf(d.label("drop-mark"), fmt.Sprintf(d.label("drop-after"), r.DroppedAfter)))
	}
	if len(tags) > 0 {
		row.tag = fs.shape(strings.Join(tags, " "), style{pt: tagPt, gray: gray, bold: top}, "a row mark")
	}
	return row
}

// legendLines shapes the legend printed after the table, for players (legendKeys), then
// the notes (wallNotes).
func (d *standingsPDF) legendLines() {
	fs := d.fonts
	plain := style{pt: legendPt}
	for _, k := range legendKeys(d.st, d.opt.Lang) {
		d.legend = append(d.legend, legendLine{key: true,
			t: fs.shape(k.key, style{bold: true, pt: legendPt}, "the legend").join(fs.shape(k.rest, plain, "the legend"))})
	}
	notes := wallNotes(d.st, d.opt.Lang)
	if len(notes) > 0 {
		d.legend = append(d.legend, legendLine{heading: true,
			t: fs.shape(d.label("notes"), style{bold: true, pt: legendPt + 1}, "the legend")})
		for _, n := range notes {
			d.legend = append(d.legend, legendLine{t: fs.shape(n, plain, noteWhat)})
		}
	}
}

// legendKey is one line of the legend: the word it explains, in bold, and the rest of the
// line, separator first ("OMW%", ": the average of …").
type legendKey struct{ key, rest string }

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
		keyLine(labelf(lang, "legend.points", pointsHeader(st, lang), p.Win, p.Draw, p.Loss, p.Bye))
	} else {
		out = append(out, legendKey{pointsHeader(st, lang), colon(lang) + i18n.Of(lang).Note(st.RankBy.Plain)})
	}
	keyLine(label(lang, "legend.record."+recordOrder(st).String()))
	switch {
	case !hasFinish(st):
	case st.Final:
		keyLine(labelf(lang, "legend.finish", label(lang, "finish")))
	default:
		keyLine(labelf(lang, "legend.finish-in", label(lang, "finish")))
	}
	for _, def := range st.Columns {
		out = append(out, legendKey{tiebreakKey(def, lang), colon(lang) + i18n.Of(lang).Note(def.Plain)})
	}
	if hasNA(st) {
		keyLine(label(lang, "legend.na"))
	}
	return out
}

// tiebreakKey is a tiebreak's key in the legend: its column header and, in Chinese and
// Japanese, its name in the page's language, which the header abbreviates in English letters
// ("MB（中值布赫霍尔茨分）"), or the name alone when it holds the header ("对手胜率（YYY）").
func tiebreakKey(def *calc.Def, lang string) string {
	name := i18n.Of(lang).Note(def.Names)
	keyed := labelf(lang, "legend.key", def.Short, name)
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
			out = append(out, labelf(lang, key, listWords(lang, names)))
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

// intVerb matches the integer verbs of a label ("%d", "%[2]d").
var intVerb = regexp.MustCompile(`%(\[\d+\])?d`)

// pageOf formats the footer's "Page %d of %d" in the document's language.
func (d *standingsPDF) pageOf(n, total int) string {
	return fmt.Sprintf(intVerb.ReplaceAllString(d.label("page-of"), "%${1}s"), strconv.Itoa(n), strconv.Itoa(total))
}

// render draws the pages and writes the PDF.
func (d *standingsPDF) render(w io.Writer) error {
	pages := d.paginate()
	return d.output(w, func(pdf *fpdf.Fpdf) {
		for i, p := range pages {
			pdf.AddPage()
			d.drawPage(pdf, p, i+1, len(pages))
		}
	})
}

// output starts a document on the layout's paper and orientation, with its metadata and
// fonts, lets draw add and draw the pages, and writes the PDF. A failure inside the PDF
// library is an error, never a crash: the other outputs of the run are still written.
func (d *standingsPDF) output(w io.Writer, draw func(pdf *fpdf.Fpdf)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PDF: the PDF library failed: %v", r)
		}
	}()
	// fpdf takes the portrait size and turns it for "L".
	orientation, size := "P", fpdf.SizeType{Wd: d.pageW, Ht: d.pageH}
	if d.landscape {
		orientation, size = "L", fpdf.SizeType{Wd: d.pageH, Ht: d.pageW}
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "mm", Size: size})
	pdf.SetMargins(marginX, marginTop, marginX)
	pdf.SetAutoPageBreak(false, marginBottom)
	pdf.SetCompression(fpdfCompresses) // else compressPages does it, faster
	// A fixed date and sorted catalogs make the same standings give the same bytes.
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(d.now)
	pdf.SetModificationDate(d.now)
	pdf.SetCreator("tbsheet", true)
	pdf.SetTitle(printable(d.name), true)
	if d.opt.Lang != "" {
		pdf.SetLang(d.opt.Lang)
	}
	if err := d.fonts.register(pdf); err != nil {
		return err
	}
	draw(pdf)
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("PDF: %w", err)
	}
	doc, err := compressPages(buf.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(d.fonts.tagSubsets(doc))
	return err
}
