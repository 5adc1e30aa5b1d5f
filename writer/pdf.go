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
	MarginX      = 12.0
	marginTop    = 10.0
	MarginBottom = 9.0
	FooterH      = 7.0

	TitlePt    = 24.0 // the event's name, on one line
	titleMinPt = 14.0 // the smallest a name on two lines is set in
	SubPt      = 14.0
	MetaPt     = 11.0
	footPt     = 9.0
	LegendPt   = 10.5
	legendH    = 5.0 // line height of the legend at legendPt

	HeadPt   = 11.0 // table header
	BodyPt   = 13.0 // names and figures at scale 1
	TagPt    = 10.0 // "(drop R3)", "Top 8"
	headRowH = 7.5
	rowH     = 6.0
	cutH     = 6.0
	cellPad  = 1.8

	GrayDropped = 0x70
	GrayMeta    = 0x50
	GrayStripe  = 0xEC
	GrayHeadRow = 0xD4
)

// papers are the paper sizes in mm, portrait.
var papers = map[string][2]float64{"a4": {210, 297}, "letter": {215.9, 279.4}}

// PDFColumn is one table column.
type PDFColumn struct {
	Head  Text
	Right bool    // right-aligned (numbers)
	w     float64 // width at scale 1, padding included
}

// PDFRow is one printed table row.
type PDFRow struct {
	// Cells holds one text per column; the player column's is the name.
	Cells []Text
	// Tag is printed at the right end of the player cell: "(drop R3)", or "Top 8" in the
	// by-name list.
	Tag Text
}

// PDFLegendLine is one paragraph of the legend.
type PDFLegendLine struct {
	T      Text
	indent float64
	// Heading keeps its first line below it on the page.
	Heading bool
	// Key marks a line that explains a column ("OMW%: …"): keys may be set in columns.
	Key bool
}

// PDF is a wall document being laid out: the standings', and the kit the other products'
// PDFs (scenarios, pairings, the season's table) build on: NewPDF, heading (then their own
// subtitle), their columns and rows, Measure, their legend, Orient, Render.
type PDF struct {
	st    *calc.Standings
	Opt   Options
	now   time.Time // printed in the footer and the PDF's dates
	Fonts *FontSet
	Ell   Text // "…" for truncation

	PageW, PageH float64
	Landscape    bool
	// scale multiplies the table's type and rows, leading the rows' height alone, to fill
	// the page of a small event (pdf_layout.go chooses them).
	scale, leading float64
	// lines is how many lines a row takes for the columns from spread on: 1, or more when
	// they do not fit beside the name even in landscape (--show all).
	lines int
	// Spread is the index of the first column that may go to a row's second line (the
	// tiebreaks); 0 means none.
	Spread int
	// lineCounts holds the lines each row takes, once orient has laid the table out.
	lineCounts []int

	// Name is the document's title in the PDF's metadata: the event's, or the season's.
	Name string
	// The page header: title (the event), meta (date and system, right of the subtitle),
	// subtitle (which list); the footer: source and time.
	Title, Meta, Subtitle, footer Text
	// titleLines is the title as laid out: one line, or two in smaller type.
	titleLines []Text
	// qr is the QR code of Options.QR in the header's corner, nil for none.
	qr [][]bool

	Cols   []PDFColumn
	Player int // index of the player column
	Rows   []PDFRow
	// Cut is the number of rows above the top-cut line (by rank), or 0 for no line.
	Cut      int
	CutLabel Text // "▲ Top 8 ▲"
	Legend   []PDFLegendLine
	// legendScale sizes the legend (1 = legendPt); legendCols is its number of columns for
	// key lines.
	legendScale float64
	legendCols  int
	// legendAllCols sets every line of the legend in legendCols columns, not only the keys.
	legendAllCols bool
	// FlowLegend marks a legend of prose that reads on from the table (the scenarios'): when
	// it does not fit under the last rows, it starts there and runs on over the next pages in
	// columns, rather than taking rows along to a page of its own.
	FlowLegend bool
}

func writePDF(w io.Writer, st *calc.Standings, opt Options) error {
	d, err := layoutPDF(st, opt)
	if err != nil {
		return err
	}
	return d.Render(w)
}

// layoutPDF shapes every printed string (warning about characters the fonts lack), measures
// the columns and picks the orientation and scale.
func layoutPDF(st *calc.Standings, opt Options) (*PDF, error) {
	d, err := NewPDF(st, opt)
	if err != nil {
		return nil, err
	}
	d.Heading()
	d.table()
	d.legendLines()
	d.Orient()
	return d, nil
}

// NewPDF starts a wall document on the paper and with the fonts opt asks for; the caller
// lays out its header, table and legend.
func NewPDF(st *calc.Standings, opt Options) (*PDF, error) {
	paper := strings.ToLower(opt.Paper)
	if paper == "" {
		paper = "a4"
	}
	size, ok := papers[paper]
	if !ok {
		return nil, fmt.Errorf("unknown paper size %q (use A4 or Letter)", opt.Paper)
	}
	fonts, err := LoadFonts(opt)
	if err != nil {
		return nil, err
	}
	d := &PDF{st: st, Opt: opt, now: opt.Time(), Fonts: fonts, PageW: size[0], PageH: size[1],
		scale: 1, leading: 1, lines: 1, legendScale: 1, legendCols: 1}
	d.Ell = fonts.Shape("…", Style{}, "an ellipsis")
	if opt.QR != "" {
		if d.qr, err = qrModules(opt.QR); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func (d *PDF) Label(key string) string { return label(d.Opt.Lang, key) }

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

// Heading shapes the page header and footer: the event's name, its date and system, which
// list the page is, and the source file and time in the footer. Pages other than standings
// replace the subtitle.
func (d *PDF) Heading() {
	fs, ev := d.Fonts, d.st.Event
	d.Name = EventTitle(d.st, d.Opt.Lang)
	d.Title = fs.Shape(d.Name, Style{Bold: true, Pt: TitlePt}, "the event name")
	d.Meta = fs.Shape(EventMeta(d.st, d.Opt.Lang), Style{Pt: MetaPt, Gray: GrayMeta}, "the date and system")
	order := d.Label(orderLabel(d.st, d.Opt))
	d.Subtitle = fs.Shape(Title(d.st, d.Opt.Lang)+" — "+order, Style{Bold: true, Pt: SubPt}, "the title")
	d.Footing(ev.Source)
}

// Footing shapes the footer: the source file, when there is one, and the time.
func (d *PDF) Footing(source string) {
	footer := fmt.Sprintf(d.Label("generated"), d.now.Format("2006-01-02 15:04"))
	if source != "" {
		footer = filepath.Base(source) + " · " + footer
	}
	d.footer = d.Fonts.Shape(footer, Style{Pt: footPt, Gray: GrayMeta}, "the footer")
}

// EventMeta is the line under an event's title: its date and game, as the wall PDF prints it.
func EventMeta(st *calc.Standings, lang string) string {
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
func (d *PDF) table() {
	fs, st := d.Fonts, d.st
	head := func(s string, right bool) PDFColumn {
		return PDFColumn{Head: fs.Shape(s, Style{Bold: true, Pt: HeadPt}, "a column header"), Right: right}
	}
	d.Cols = []PDFColumn{head(d.Label("rank"), true), head(d.Label("player"), false)}
	d.Player = 1
	finish := hasFinish(st)
	if finish {
		d.Cols = append(d.Cols, head(d.Label("finish"), false))
	}
	d.Cols = append(d.Cols, head(PointsHeader(st, d.Opt.Lang), true), head(d.Label("record."+RecordOrder(st).String()), true))
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
			Style{Bold: true, Pt: TagPt}, "the top-cut label")
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
		return label(lang, "finish.in")
	case r.Finish <= 2:
		return label(lang, "finish."+strconv.Itoa(r.Finish))
	}
	return labelf(lang, "finish.top", r.Finish)
}

// Measure sets every column's width at scale 1: the widest of its header and cells, plus
// padding. The player column counts the row's mark beside the name.
func (d *PDF) Measure() {
	for c := range d.Cols {
		w := d.Cols[c].Head.Width(1)
		for _, r := range d.Rows {
			cw := r.Cells[c].Width(1)
			if c == d.Player && len(r.Tag.Glyphs) > 0 {
				cw += r.Tag.Width(1) + cellPad
			}
			w = max(w, cw)
		}
		d.Cols[c].w = w + 2*cellPad
	}
}

// checkCut warns about what the organizer must decide at the top cut: a tie across the
// line, and dropped players above it.
func (d *PDF) checkCut(cut int) {
	rows := d.st.Rows
	if cut == 0 {
		return
	}
	if rows[cut-1].Rank == rows[cut].Rank {
		d.Opt.warn("the top-%d cut splits players tied at rank %d; the line is drawn after row %d",
			cut, rows[cut].Rank, cut)
	}
	for _, r := range rows[:cut] {
		if r.DroppedAfter > 0 {
			d.Opt.warn("%s (rank %d) dropped after round %d but is above the top-%d line",
				d.st.Event.Players[r.Player].Name, r.Rank, r.DroppedAfter, cut)
		}
	}
}

// row shapes one row; top marks a top-cut player in the by-name list.
func (d *PDF) row(r calc.Row, top bool, cut int, finish bool) PDFRow {
	fs, st := d.Fonts, d.st
	name := st.Event.Players[r.Player].Name
	gray := 0
	if r.DroppedAfter > 0 {
		gray = GrayDropped
	}
	body := Style{Pt: BodyPt, Gray: gray}
	who := fmt.Sprintf("player %q", name)
	row := PDFRow{Cells: []Text{
		fs.Shape(strconv.Itoa(r.Rank), Style{Pt: BodyPt, Gray: gray, Bold: top || r.Finish == 1}, "a rank"),
		fs.Shape(name, body, who),
	}}
	if finish {
		row.Cells = append(row.Cells, fs.Shape(finishWord(d.Opt.Lang, &r), Style{Pt: BodyPt, Gray: gray, Bold: r.Finish == 1}, "a finish"))
	}
	row.Cells = append(row.Cells, fs.Shape(FormatPoints(st, r.Points), body, "points"),
		fs.Shape(Record(st, &r), body, "a record"))
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
		row.Tag = fs.Shape(strings.Join(tags, " "), Style{Pt: TagPt, Gray: gray, Bold: top}, "a row mark")
	}
	return row
}

// legendLines shapes the legend printed after the table, for players (legendKeys), then
// the notes (wallNotes).
func (d *PDF) legendLines() {
	fs := d.Fonts
	plain := Style{Pt: LegendPt}
	for _, k := range legendKeys(d.st, d.Opt.Lang) {
		d.Legend = append(d.Legend, PDFLegendLine{Key: true,
			T: fs.Shape(k.Key, Style{Bold: true, Pt: LegendPt}, "the legend").join(fs.Shape(k.rest, plain, "the legend"))})
	}
	notes := wallNotes(d.st, d.Opt.Lang)
	if len(notes) > 0 {
		d.Legend = append(d.Legend, PDFLegendLine{Heading: true,
			T: fs.Shape(d.Label("notes"), Style{Bold: true, Pt: LegendPt + 1}, "the legend")})
		for _, n := range notes {
			d.Legend = append(d.Legend, PDFLegendLine{T: fs.Shape(n, plain, NoteWhat)})
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
		keyLine(labelf(lang, "legend.points", PointsHeader(st, lang), p.Win, p.Draw, p.Loss, p.Bye))
	} else {
		out = append(out, legendKey{PointsHeader(st, lang), Colon(lang) + st.RankBy.Plain.In(lang)})
	}
	keyLine(label(lang, "legend.record."+RecordOrder(st).String()))
	switch {
	case !hasFinish(st):
	case st.Final:
		keyLine(labelf(lang, "legend.finish", label(lang, "finish")))
	default:
		keyLine(labelf(lang, "legend.finish-in", label(lang, "finish")))
	}
	for _, def := range st.Columns {
		out = append(out, legendKey{tiebreakKey(def, lang), Colon(lang) + def.Plain.In(lang)})
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
	name := def.Names[strings.ToLower(lang)]
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
		if wallNote(n) {
			out = append(out, sentence(TranslateNote(lang, n)))
		}
	}
	return append(out, tieNotes(st, lang)...)
}

// sentence starts a note of calc's with a capital, unless it starts with a name.
func sentence(note string) string {
	if n, _ := matchNote(note); n == nil || strings.HasPrefix(n.en, "%") {
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
			out = append(out, labelf(lang, key, ListWords(lang, names)))
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
func (d *PDF) pageOf(n, total int) string {
	return fmt.Sprintf(intVerb.ReplaceAllString(d.Label("page-of"), "%${1}s"), strconv.Itoa(n), strconv.Itoa(total))
}

// Render draws the pages and writes the PDF.
func (d *PDF) Render(w io.Writer) error {
	pages := d.paginate()
	return d.Output(w, func(pdf *fpdf.Fpdf) {
		for i, p := range pages {
			pdf.AddPage()
			d.drawPage(pdf, p, i+1, len(pages))
		}
	})
}

// Output starts a document on the layout's paper and orientation, with its metadata and
// fonts, lets draw add and draw the pages, and writes the PDF. A failure inside the PDF
// library is an error, never a crash: the other outputs of the run are still written.
func (d *PDF) Output(w io.Writer, draw func(pdf *fpdf.Fpdf)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PDF: the PDF library failed: %v", r)
		}
	}()
	// fpdf takes the portrait size and turns it for "L".
	orientation, size := "P", fpdf.SizeType{Wd: d.PageW, Ht: d.PageH}
	if d.Landscape {
		orientation, size = "L", fpdf.SizeType{Wd: d.PageH, Ht: d.PageW}
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "mm", Size: size})
	pdf.SetMargins(MarginX, marginTop, MarginX)
	pdf.SetAutoPageBreak(false, MarginBottom)
	pdf.SetCompression(fpdfCompresses) // else compressPages does it, faster
	// A fixed date and sorted catalogs make the same standings give the same bytes.
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(d.now)
	pdf.SetModificationDate(d.now)
	pdf.SetCreator("tbsheet", true)
	pdf.SetTitle(printable(d.Name), true)
	if d.Opt.Lang != "" {
		pdf.SetLang(d.Opt.Lang)
	}
	if err := d.Fonts.register(pdf); err != nil {
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
	_, err = w.Write(d.Fonts.tagSubsets(doc))
	return err
}
