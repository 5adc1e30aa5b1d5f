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
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
)

// The wall document every product's PDF is drawn on (the kit): the paper, the type sizes,
// the header (the event's name, its date and system, which list) and the footer, the
// table's columns and rows and the legend, and the rendering; each product shapes its
// own columns, rows and legend into it.

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
	// Standings are the standings the header names: the event, its game and its date.
	Standings *calc.Standings
	Opt       Options
	now       time.Time // printed in the footer and the PDF's dates
	Fonts     *FontSet
	Ell       Text // "…" for truncation

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
	d := &PDF{Standings: st, Opt: opt, now: opt.Time(), Fonts: fonts, PageW: size[0], PageH: size[1],
		scale: 1, leading: 1, lines: 1, legendScale: 1, legendCols: 1}
	d.Ell = fonts.Shape("…", Style{}, "an ellipsis")
	if opt.QR != "" {
		if d.qr, err = qrModules(opt.QR); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Label returns the word for key in the document's language.
func (d *PDF) Label(key string) string { return Label(d.Opt.Lang, key) }

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
		return Label(lang, "standings")
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
	fs, ev := d.Fonts, d.Standings.Event
	d.Name = EventTitle(d.Standings, d.Opt.Lang)
	d.Title = fs.Shape(d.Name, Style{Bold: true, Pt: TitlePt}, "the event name")
	d.Meta = fs.Shape(EventMeta(d.Standings, d.Opt.Lang), Style{Pt: MetaPt, Gray: GrayMeta}, "the date and system")
	order := d.Label(OrderLabel(d.Standings, d.Opt))
	d.Subtitle = fs.Shape(Title(d.Standings, d.Opt.Lang)+" — "+order, Style{Bold: true, Pt: SubPt}, "the title")
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
