package writer

import (
	"strings"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// What a workbook looks like on paper. Every sheet tbsheet writes is fitted to the width of
// the page in the orientation that prints it on the fewest pages, repeats its header row on
// every page and, in a standings workbook, carries the event's name, the standings' title
// and the date at the top of each page and the sheet's name and page number at the bottom:
// a printed page that slips out of the pile still says what it is.

// PrintSetup is what the printed pages of a workbook carry: the paper and the header's event,
// title and date (an empty title: no header or footer, as in a converted event's workbook).
type PrintSetup struct {
	Paper              string // "A4" or "Letter" ("": A4)
	Event, Title, Date string
}

// The printed sheet's margins in inches: the top leaves room for the two-line header.
const (
	sheetMarginSide   = 0.5
	sheetMarginTop    = 0.95
	sheetMarginBottom = 0.7
	sheetMarginHeader = 0.3
	sheetMarginFooter = 0.3
)

// Sizes in points used to lay a table out on paper: a column of width w (Excel's unit, a
// digit of Calibri 11 with its padding) is about pointsPerWidth × w wide, a row of one line
// rowPoints high.
const (
	pointsPerWidth = 5.25
	rowPoints      = 15.0
)

// Excel's paper size codes.
const (
	paperLetter = 1
	paperA4     = 9
)

// paperPoints returns the paper's width and height in points, portrait, and its Excel code.
func paperPoints(paper string) (w, h float64, code int) {
	if strings.EqualFold(paper, "Letter") {
		return 612, 792, paperLetter
	}
	return 595.28, 841.89, paperA4
}

// pageSetup prepares t's sheet for printing; it runs before the stream writer starts, which
// writes the sheet properties first. The sheet is fitted to one page wide (as many tall as
// it needs) in the orientation of pageOrientation, its first row repeated on every page,
// the page limited to t.PrintCols columns when set, the header and footer of b.print, and
// Excel told that IDs stored as text are meant to be text.
func (b *Book) pageSetup(t *Table) error {
	on, one, unbounded := true, 1, 0
	if err := b.F.SetSheetProps(t.sheet, &excelize.SheetPropsOptions{FitToPage: &on}); err != nil {
		return err
	}
	orientation := b.pageOrientation(t)
	_, _, size := paperPoints(b.Print.Paper)
	if err := b.F.SetPageLayout(t.sheet, &excelize.PageLayoutOptions{
		Size: &size, Orientation: &orientation, FitToWidth: &one, FitToHeight: &unbounded,
	}); err != nil {
		return err
	}
	side, top, bottom := sheetMarginSide, sheetMarginTop, sheetMarginBottom
	header, footer := sheetMarginHeader, sheetMarginFooter
	if err := b.F.SetPageMargins(t.sheet, &excelize.PageLayoutMarginsOptions{
		Left: &side, Right: &side, Top: &top, Bottom: &bottom, Header: &header, Footer: &footer,
	}); err != nil {
		return err
	}
	quoted := "'" + strings.ReplaceAll(t.sheet, "'", "''") + "'"
	names := []excelize.DefinedName{{Name: "_xlnm.Print_Titles", RefersTo: quoted + "!$1:$1", Scope: t.sheet}}
	if t.PrintCols > 0 {
		last, err := excelize.ColumnNumberToName(t.PrintCols)
		if err != nil {
			return err
		}
		names = append(names, excelize.DefinedName{Name: "_xlnm.Print_Area", RefersTo: quoted + "!$A:$" + last, Scope: t.sheet})
	}
	for _, dn := range names {
		if err := b.F.SetDefinedName(&dn); err != nil {
			return err
		}
	}
	if b.Print.Title != "" {
		if err := b.F.SetHeaderFooter(t.sheet, &excelize.HeaderFooterOptions{
			OddHeader: b.Print.header(), OddFooter: "&L&A&R" + Label(b.Lang, "print.page-of"),
		}); err != nil {
			return err
		}
	}
	return b.ignoreTextNumbers(t)
}

// headerLimit is the longest header Excel accepts, in UTF-16 units.
const headerLimit = 255

// header is the page header: the event's name in large bold type over the title and the
// date, centred ("&C"). An event name too long for Excel's limit is shortened with "…".
func (p PrintSetup) header() string {
	second := escapeHeader(p.Title + " · " + p.Date)
	if p.Event == "" {
		return `&C&12&"-,Bold"` + second
	}
	build := func(event string) string {
		return `&C&14&"-,Bold"` + escapeHeader(event) + "\n" + `&10&"-,Regular"` + second
	}
	h, event := build(p.Event), []rune(p.Event)
	for len(utf16.Encode([]rune(h))) > headerLimit && len(event) > 1 {
		event = event[:len(event)-1]
		h = build(strings.TrimSpace(string(event)) + "…")
	}
	return h
}

// escapeHeader writes text for a header, where "&" starts a code. A code that sets the
// font size ("&14") would swallow the digits of a text that follows it ("2026 Regional"):
// the callers put the font code after the size, so that text never follows a size.
func escapeHeader(s string) string { return strings.ReplaceAll(s, "&", "&&") }

// pageOrientation returns the orientation that prints t on the fewest pages, fitted to the
// page's width; of two that print on as many pages, the one printing larger. A short wide
// table (a 16-player event's standings) prints landscape on one page, a long one (200
// players) portrait on fewer pages.
func (b *Book) pageOrientation(t *Table) string {
	width := 0.0
	for i := range t.widths {
		if t.PrintCols > 0 && i >= t.PrintCols {
			break
		}
		width += t.colWidth(i) * pointsPerWidth
	}
	pw, ph, _ := paperPoints(b.Print.Paper)
	best, bestPages, bestScale := "", 0, 0.0
	for _, o := range []struct {
		name string
		w, h float64
	}{{"portrait", pw, ph}, {"landscape", ph, pw}} {
		scale := min(1, (o.w-2*sheetMarginSide*72)/width)
		pages := t.pages((o.h - (sheetMarginTop+sheetMarginBottom)*72) / scale)
		if best == "" || pages < bestPages || pages == bestPages && scale > bestScale {
			best, bestPages, bestScale = o.name, pages, scale
		}
	}
	return best
}

// pages counts the pages t's rows fill when a page holds height points at full size, its
// header row repeated at the top of each.
func (t *Table) pages(height float64) int {
	head := rowPoints * float64(t.rowLines(t.header))
	pages, used := 1, head
	for i := range t.rows {
		h := t.rowHeight(i)
		if used+h > height && used > head {
			pages, used = pages+1, head
		}
		used += h
	}
	if notes := rowPoints * float64(len(t.Notes)+1); len(t.Notes) > 0 && used+notes > height {
		pages++
	}
	return pages
}

// rowHeight is the height of t's row i in points: one line, or as many as its wrapped cells
// take, up to Excel's highest row.
func (t *Table) rowHeight(i int) float64 {
	if !t.Wrap {
		return rowPoints
	}
	return min(excelize.MaxRowHeight, rowPoints*float64(t.rowLines(t.wrapped[i])))
}

// rowLines estimates how many lines a row of shown cells takes in t's columns: each line of
// a cell wraps at the column's width (its padding aside).
func (t *Table) rowLines(shown []string) int {
	n := 1
	for i, s := range shown {
		if i >= len(t.widths) {
			break
		}
		room := max(1, t.colWidth(i)-2)
		lines := 0
		for line := range strings.SplitSeq(s, "\n") {
			lines += max(1, int((TextWidth(line)+room-1)/room))
		}
		n = max(n, lines)
	}
	return n
}

// ignoreTextNumbers tells Excel that the columns of t holding numbers written as text (IDs
// such as 0100421518, whose leading zero a number would drop) are text on purpose, so that
// it does not mark every one of their cells with its "number stored as text" warning.
func (b *Book) ignoreTextNumbers(t *Table) error {
	var refs []string
	for i, yes := range t.textNumbers {
		if !yes {
			continue
		}
		from, err := excelize.CoordinatesToCellName(i+1, 2)
		if err != nil {
			return err
		}
		to, err := excelize.CoordinatesToCellName(i+1, len(t.rows)+1)
		if err != nil {
			return err
		}
		refs = append(refs, from+":"+to)
	}
	if len(refs) == 0 {
		return nil
	}
	return b.F.AddIgnoredErrors(t.sheet, strings.Join(refs, " "), excelize.IgnoredErrorsNumberStoredAsText)
}
