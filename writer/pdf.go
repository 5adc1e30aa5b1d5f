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

	"codeberg.org/go-pdf/fpdf"

	"github.com/tbsheet/tbsheet/calc"
)

// The wall PDF: standings printed large enough to read from a metre away, about forty rows
// to an A4 page, the table header repeated on every page, a top-cut line, dropped players
// greyed and kept, and a legend of the tiebreakers. Options.ByName prints the alphabetical
// list players use to find themselves. Layout (this file) is separate from drawing
// (pdf_draw.go) and typesetting (pdf_text.go): the page count is known before the first page
// is drawn, so "Page X of Y" is plain text, exactly right-aligned.

func init() {
	registerStandings(".pdf", writePDF)
	addLabels("en", map[string]string{
		"unverified":        "Unverified",
		"legend.points":     "%s: win %s, draw %s, loss %s, bye %s",
		"legend.record.wld": "W-L-D: wins (byes included), losses, draws",
		"legend.record.wlt": "W-L-T: wins (byes included), losses, ties",
		"legend.record.wdl": "W-D-L: wins (byes included), draws, losses",
		"legend.na":         "–: no value (n/a)",
		"notes":             "Notes",
		"drop-mark":         "(%s)",
	})
	addLabels("zh", map[string]string{
		"unverified":        "未核实",
		"legend.points":     "%s：胜 %s，平 %s，负 %s，轮空 %s",
		"legend.record.wld": "胜-负-平：胜场（含轮空）、负场、平局",
		"legend.record.wlt": "胜-负-平：胜场（含轮空）、负场、平局",
		"legend.record.wdl": "胜-平-负：胜场（含轮空）、平局、负场",
		"legend.na":         "–：无数值",
		"notes":             "备注",
		"drop-mark":         "（%s）",
	})
	addLabels("ja", map[string]string{
		"unverified":        "未確認",
		"legend.points":     "%s：勝ち %s、引き分け %s、負け %s、不戦勝 %s",
		"legend.record.wld": "勝-敗-分：勝ち（不戦勝を含む）、負け、引き分け",
		"legend.record.wlt": "勝-敗-分：勝ち（不戦勝を含む）、負け、引き分け",
		"legend.record.wdl": "勝-分-敗：勝ち（不戦勝を含む）、引き分け、負け",
		"legend.na":         "–：値なし",
		"notes":             "注記",
		"drop-mark":         "（%s）",
	})
}

// Page geometry in millimetres and type sizes in points. The table's sizes are multiplied
// by the layout's scale when many tiebreak columns leave too little room for names.
const (
	marginX      = 12.0
	marginTop    = 10.0
	marginBottom = 9.0
	headBlockH   = 17.0 // event line, title line and a gap, above the table
	footerH      = 7.0

	titlePt  = 18.0
	subPt    = 13.0
	metaPt   = 10.0
	footPt   = 9.0
	legendPt = 10.0
	legendH  = 4.8 // line height of the legend

	headPt   = 11.0 // table header
	bodyPt   = 13.0 // names and figures: legible from a metre away
	tagPt    = 10.0 // "(drop R3)", "Top 8"
	headRowH = 7.5
	rowH     = 6.0
	cutH     = 6.0
	cellPad  = 1.8

	// minSqueeze is the smallest fraction of its size a long name is set in before it is cut.
	minSqueeze = 0.78
	// minPlayerW is the narrowest player column, at scale 1, before the layout turns the
	// page or shrinks the type: about 30 characters.
	minPlayerW = 75.0
	// minPortraitScale is the smallest scale kept in portrait; below it, landscape.
	minPortraitScale = 0.85

	grayDropped = 0x70
	grayMeta    = 0x50
	grayStripe  = 0xEC
	grayHeadRow = 0xD4
)

// paper sizes in mm, portrait.
var papers = map[string][2]float64{"a4": {210, 297}, "letter": {215.9, 279.4}}

// pdfColumn is one table column.
type pdfColumn struct {
	head  text
	right bool    // right-aligned (numbers)
	w     float64 // width at scale 1, padding included; the player column's is computed
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
	t       text
	indent  float64
	heading bool // a heading keeps its first line below it on the page
	// icon draws the warning triangle (⚠, which none of the fonts has) before the text.
	icon bool
}

// standingsPDF is a laid-out standings document.
type standingsPDF struct {
	st    *calc.Standings
	opt   Options
	now   time.Time // printed in the footer and the PDF's dates
	fonts *fontSet
	ell   text // "…" for truncation

	pageW, pageH float64
	landscape    bool
	scale        float64

	// The page header (title and system, subtitle and source) and the footer's time.
	title, system, subtitle, source, generated text

	cols   []pdfColumn
	player int // index of the player column
	rows   []pdfRow
	// cut is the number of rows above the top-cut line (by rank), or 0 for no line.
	cut      int
	cutLabel text // "▲ Top 8 ▲"
	legend   []legendLine
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
	d := &standingsPDF{st: st, opt: opt, now: opt.now(), fonts: fonts, pageW: size[0], pageH: size[1], scale: 1}
	d.ell = fonts.shape("…", style{}, "an ellipsis")
	return d, nil
}

func (d *standingsPDF) label(key string) string { return label(d.opt.Lang, key) }

// heading shapes the page header and footer texts.
func (d *standingsPDF) heading() {
	fs, ev := d.fonts, d.st.Event
	var parts []string
	for _, s := range []string{ev.Name, ev.Pod} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	name := strings.Join(parts, " · ")
	if name == "" {
		name = d.label("standings")
	}
	d.title = fs.shape(name, style{bold: true, pt: titlePt}, "the event name")
	if sys := d.st.System; sys != nil {
		s := sys.Title
		if s == "" {
			s = sys.Name
		}
		d.system = fs.shape(s, style{pt: metaPt, gray: grayMeta}, "the system title")
	}
	title := Title(d.st, d.opt.Lang)
	order := d.label(orderLabel(d.st, d.opt))
	d.subtitle = fs.shape(title+" — "+order, style{bold: true, pt: subPt}, "the title")
	if ev.Source != "" {
		d.source = fs.shape(d.label("source")+": "+filepath.Base(ev.Source),
			style{pt: metaPt, gray: grayMeta}, "the source file name")
	}
	d.generated = fs.shape(fmt.Sprintf(d.label("generated"), d.now.Format("2006-01-02 15:04")),
		style{pt: footPt, gray: grayMeta}, "the footer")
}

// table shapes the column headers and every row.
func (d *standingsPDF) table() {
	fs, st := d.fonts, d.st
	head := func(s string, right bool) pdfColumn {
		return pdfColumn{head: fs.shape(s, style{bold: true, pt: headPt}, "a column header"), right: right}
	}
	d.cols = []pdfColumn{head(d.label("rank"), true), head(d.label("player"), false),
		head(pointsHeader(st, d.opt.Lang), true), head(d.label("record."+recordOrder(st).String()), true)}
	d.player = 1
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
		d.rows = append(d.rows, d.row(st.Rows[i], d.opt.ByName && i < cut, cut))
	}

	d.measure()
}

// measure sets every column's width at scale 1: the widest of its header and cells, plus
// padding.
func (d *standingsPDF) measure() {
	for c := range d.cols {
		w := d.cols[c].head.width(1)
		for _, r := range d.rows {
			w = max(w, r.cells[c].width(1))
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
func (d *standingsPDF) row(r calc.Row, top bool, cut int) pdfRow {
	fs, st := d.fonts, d.st
	name := st.Event.Players[r.Player].Name
	gray := 0
	if r.DroppedAfter > 0 {
		gray = grayDropped
	}
	body := style{pt: bodyPt, gray: gray}
	points := r.Points.String()
	if st.RankBy != nil {
		points = st.RankBy.FormatValue(calc.Known(r.Points))
	}
	row := pdfRow{cells: []text{
		fs.shape(strconv.Itoa(r.Rank), style{pt: bodyPt, gray: gray, bold: top}, "a rank"),
		fs.shape(name, body, fmt.Sprintf("player %q", name)),
		fs.shape(points, body, "points"),
		fs.shape(Record(st, &r), body, "a record"),
	}}
	for k, def := range st.Columns {
		v := "–" // n/a
		if k < len(r.Figures) && r.Figures[k].Value.OK {
			v = def.FormatValue(r.Figures[k].Value)
		}
		row.cells = append(row.cells, fs.shape(v, body, def.Short+" of "+strconv.Quote(name)))
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

// legendLines shapes the legend printed after the table: what the points, record and each
// tiebreak mean, then the calculation's notes.
func (d *standingsPDF) legendLines() {
	fs, st := d.fonts, d.st
	plain := style{pt: legendPt}
	bold := style{bold: true, pt: legendPt}
	add := func(t text, indent float64, icon bool) {
		d.legend = append(d.legend, legendLine{t: t, indent: indent, icon: icon})
	}
	heading := func(key string) {
		d.legend = append(d.legend, legendLine{heading: true,
			t: fs.shape(d.label(key), style{bold: true, pt: legendPt + 1}, "the legend")})
	}
	heading("legend")
	if st.RankBy == nil || st.RankBy.ID == "points" {
		p := st.Points
		add(fs.shape(fmt.Sprintf(d.label("legend.points"), pointsHeader(st, d.opt.Lang),
			p.Win, p.Draw, p.Loss, p.Bye), plain, "the legend"), 0, false)
	} else {
		add(fs.shape(pointsHeader(st, d.opt.Lang)+": ", bold, "the legend").join(
			fs.shape(st.RankBy.Doc, plain, "the legend")), 0, false)
	}
	add(fs.shape(d.label("legend.record."+recordOrder(st).String()), plain, "the legend"), 0, false)
	for _, def := range st.Columns {
		add(fs.shape(def.Short+": ", bold, "the legend").join(
			fs.shape(def.Doc, plain, "the legend of "+def.Short)), 0, false)
		if def.Unverified != "" {
			add(fs.shape(d.label("unverified")+": "+def.Unverified, plain, "the legend of "+def.Short), 5, true)
		}
	}
	na := false
	for _, r := range st.Rows {
		for _, f := range r.Figures {
			na = na || !f.Value.OK
		}
	}
	if na {
		add(fs.shape(d.label("legend.na"), plain, "the legend"), 0, false)
	}

	var notes []text
	for _, n := range st.Notes {
		notes = append(notes, fs.shape(n, plain, "a note"))
	}
	for _, r := range st.Rows {
		if r.Note != "" {
			name := st.Event.Players[r.Player].Name
			notes = append(notes, fs.shape(name, style{pt: legendPt}, fmt.Sprintf("player %q", name)).
				join(fs.shape(": "+r.Note, plain, "a note")))
		}
	}
	if len(notes) > 0 {
		heading("notes")
		for _, n := range notes {
			add(n, 0, false)
		}
	}
}

// orient picks portrait or landscape and the table's scale: portrait at full size when the
// player column keeps minPlayerW; else the orientation that needs the least shrinking
// (portrait down to minPortraitScale). Every table width is proportional to the scale.
func (d *standingsPDF) orient() {
	fixed := minPlayerW
	for c, col := range d.cols {
		if c != d.player {
			fixed += col.w
		}
	}
	fit := func(pageW float64) float64 { return min(1, (pageW-2*marginX)/fixed) }
	portrait, landscape := fit(d.pageW), fit(d.pageH)
	if portrait < minPortraitScale && landscape > portrait {
		d.landscape, d.scale = true, landscape
		d.pageW, d.pageH = d.pageH, d.pageW
		return
	}
	d.scale = portrait
}

// widths returns every column's width in mm at the layout's scale; the player column takes
// what the others leave.
func (d *standingsPDF) widths() []float64 {
	ws := make([]float64, len(d.cols))
	rest := d.pageW - 2*marginX
	for c, col := range d.cols {
		if c != d.player {
			ws[c] = col.w * d.scale
			rest -= ws[c]
		}
	}
	ws[d.player] = rest
	return ws
}

// item is one block of a page's body.
type item struct {
	kind itemKind
	row  int // itemRow: index into rows
	// text, indent and icon are an itemLegend's line (one wrapped piece of a legendLine).
	text   text
	indent float64
	icon   bool
	h      float64
	// keep is the height that must fit below this item on the same page (the cut line
	// under the last top-cut row; a heading's first line).
	keep float64
}

type itemKind uint8

const (
	itemRow itemKind = iota
	itemCut
	itemGap
	itemLegend
)

// page is one page's body; table pages repeat the column headers.
type page struct {
	table bool
	items []item
}

// tableTop is where the column headers (or, on a page without rows, the legend) start.
func (d *standingsPDF) tableTop() float64 { return marginTop + headBlockH }

// bodyBottom is where the footer starts.
func (d *standingsPDF) bodyBottom() float64 { return d.pageH - marginBottom - footerH }

// items lists the body blocks in order: rows with the cut line, then the legend wrapped to
// the page width.
func (d *standingsPDF) items() []item {
	var items []item
	for i := range d.rows {
		if d.cut > 0 && i == d.cut-1 {
			items = append(items, item{kind: itemRow, row: i, h: rowH * d.scale, keep: cutH * d.scale},
				item{kind: itemCut, h: cutH * d.scale})
			continue
		}
		items = append(items, item{kind: itemRow, row: i, h: rowH * d.scale})
	}
	items = append(items, item{kind: itemGap, h: 5})
	width := d.pageW - 2*marginX
	for _, line := range d.legend {
		for k, piece := range line.t.wrap(width-line.indent, 1) {
			it := item{kind: itemLegend, text: piece, indent: line.indent, icon: line.icon && k == 0, h: legendH}
			if line.heading {
				it.h, it.keep = legendH+1.5, legendH
			}
			items = append(items, it)
		}
	}
	return items
}

// paginate distributes the items over pages. A page starting with table rows gets the
// column headers; a gap never starts a page.
func (d *standingsPDF) paginate() []page {
	var pages []page
	y := 0.0
	start := func(table bool) {
		pages = append(pages, page{table: table})
		y = d.tableTop()
		if table {
			y += headRowH * d.scale
		}
	}
	for _, it := range d.items() {
		table := it.kind == itemRow || it.kind == itemCut
		if len(pages) == 0 {
			start(table)
		}
		cur := &pages[len(pages)-1]
		if y+it.h+it.keep > d.bodyBottom() && len(cur.items) > 0 {
			start(table)
			cur = &pages[len(pages)-1]
		}
		if it.kind == itemGap && len(cur.items) == 0 {
			continue
		}
		cur.items = append(cur.items, it)
		y += it.h
	}
	if len(pages) == 0 {
		start(true)
	}
	return pages
}

// intVerb matches the integer verbs of a label ("%d", "%[2]d").
var intVerb = regexp.MustCompile(`%(\[\d+\])?d`)

// pageOf formats the footer's "Page %d of %d" in the document's language.
func (d *standingsPDF) pageOf(n, total int) string {
	return fmt.Sprintf(intVerb.ReplaceAllString(d.label("page-of"), "%${1}s"), strconv.Itoa(n), strconv.Itoa(total))
}

// render draws the pages and writes the PDF.
func (d *standingsPDF) render(w io.Writer) error {
	// fpdf takes the portrait size and turns it for "L".
	orientation, size := "P", fpdf.SizeType{Wd: d.pageW, Ht: d.pageH}
	if d.landscape {
		orientation, size = "L", fpdf.SizeType{Wd: d.pageH, Ht: d.pageW}
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "mm", Size: size})
	pdf.SetMargins(marginX, marginTop, marginX)
	pdf.SetAutoPageBreak(false, marginBottom)
	// A fixed date and sorted catalogs make the same standings give the same bytes.
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(d.now)
	pdf.SetModificationDate(d.now)
	pdf.SetCreator("tbsheet", true)
	pdf.SetTitle(d.st.Event.Name, true)
	if d.opt.Lang != "" {
		pdf.SetLang(d.opt.Lang)
	}
	if err := d.fonts.register(pdf); err != nil {
		return err
	}
	pages := d.paginate()
	for i, p := range pages {
		pdf.AddPage()
		d.drawPage(pdf, p, i+1, len(pages))
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("PDF: %w", err)
	}
	_, err := w.Write(d.fonts.tagSubsets(buf.Bytes()))
	return err
}
