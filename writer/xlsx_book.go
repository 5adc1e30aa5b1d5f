package writer

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet/templates"
	"github.com/xuri/excelize/v2"
)

// Book is a workbook being written: the excelize file, its styles, the language of its
// headers and what its printed pages carry. Sheets are written whole, by streaming a table
// (see writeTable), which keeps large events fast and memory flat.
type Book struct {
	F *excelize.File
	// Lang is the language of its headers and labels.
	Lang   string
	styles *styler
	Print  PrintSetup
}

// NewBook wraps f; the styles come from the embedded template whatever f is, so that sheets
// tbsheet adds to an organizer's workbook look like its own.
func NewBook(f *excelize.File, lang string) (*Book, error) {
	spec, err := loadStyleSpec()
	if err != nil {
		return nil, err
	}
	return &Book{F: f, Lang: lang, styles: &styler{F: f, spec: spec, ids: map[StyleKey]int{}}}, nil
}

// NewEmbeddedBook starts a workbook from the embedded template, its style sheet renamed to
// first (the first sheet the caller writes). The caller closes book.f.
func NewEmbeddedBook(lang, first string) (*Book, error) {
	f, err := openEmbedded()
	if err != nil {
		return nil, err
	}
	b, err := NewBook(f, lang)
	if err == nil {
		err = f.SetSheetName(templates.StyleSheet, first)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return b, nil
}

// openEmbedded opens the embedded standings workbook (templates.Standings).
func openEmbedded() (*excelize.File, error) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Standings))
	if err != nil {
		return nil, fmt.Errorf("embedded workbook: %w", err)
	}
	return f, nil
}

// styleSpec holds the styles of templates.Standings' style cells.
type styleSpec struct {
	header, body, band, Dropped *excelize.Style
}

// loadStyleSpec reads the style cells of the embedded workbook, once.
var loadStyleSpec = sync.OnceValues(func() (*styleSpec, error) {
	f, err := openEmbedded()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var spec styleSpec
	for _, c := range []struct {
		cell string
		dst  **excelize.Style
	}{
		{templates.HeaderCell, &spec.header}, {templates.BodyCell, &spec.body},
		{templates.BandCell, &spec.band}, {templates.DroppedCell, &spec.Dropped},
	} {
		id, err := f.GetCellStyle(templates.StyleSheet, c.cell)
		if err != nil {
			return nil, fmt.Errorf("embedded workbook: %w", err)
		}
		if *c.dst, err = f.GetStyle(id); err != nil {
			return nil, fmt.Errorf("embedded workbook: %w", err)
		}
	}
	return &spec, nil
})

// RowKind is the look of a row: body rows alternate with banded ones.
type RowKind uint8

const (
	rowBody RowKind = iota
	rowBand
	RowHeader
)

// BandOf returns the look of the i-th data row (0-based).
func BandOf(i int) RowKind {
	if i%2 == 1 {
		return rowBand
	}
	return rowBody
}

// StyleKey identifies a cell style: the row's look, whether the player dropped, whether the
// top-cut line runs under the row, the number format ("" General, "@" text, else an Excel
// format code), the alignment, and whether long text wraps inside the cell.
type StyleKey struct {
	Row     RowKind
	Dropped bool
	Cut     bool
	NumFmt  string
	Align   Alignment
	Wrap    bool
}

// Alignment is a cell's horizontal alignment.
type Alignment uint8

const (
	alignDefault Alignment = iota // the spreadsheet's own: text left, numbers right
	// AlignPadded is right-aligned one indent away from the cell's right edge, so that a
	// number never runs into the text of the next column ("10 3-0-1", not "103-0-1").
	AlignPadded
	AlignCenter
)

// CutLine is the border drawn under the last player of the top cut (Options.Cut).
var CutLine = excelize.Border{Type: "bottom", Color: "C00000", Style: 5}

// styler makes cell styles on demand from the spec, one excelize style per distinct key.
type styler struct {
	F    *excelize.File
	spec *styleSpec
	ids  map[StyleKey]int
}

// BuiltinNumFmts are the formats Excel knows by number; writing them by number keeps the
// cell's format recognisable to every reader (10 is the percentage Excel's own button
// applies).
var BuiltinNumFmts = map[string]int{"0": 1, "0.00": 2, "0.00%": 10, "@": 49}

// id returns the style for a key, creating it the first time.
func (s *styler) id(k StyleKey) (int, error) {
	if id, ok := s.ids[k]; ok {
		return id, nil
	}
	var st excelize.Style
	switch k.Row {
	case RowHeader:
		st = *s.spec.header
	case rowBand:
		st = *s.spec.band
	default:
		st = *s.spec.body
	}
	if k.Dropped {
		st.Font = s.spec.Dropped.Font
	}
	if k.Cut {
		st.Border = append(slices.DeleteFunc(slices.Clone(st.Border), func(b excelize.Border) bool {
			return b.Type == "bottom"
		}), CutLine)
	}
	if k.Align != alignDefault || k.Wrap {
		a := excelize.Alignment{Vertical: "center"}
		if st.Alignment != nil {
			a = *st.Alignment
		}
		switch k.Align {
		case AlignPadded:
			a.Horizontal, a.Indent = "right", 1
		case AlignCenter:
			a.Horizontal = "center"
		}
		a.WrapText = a.WrapText || k.Wrap
		st.Alignment = &a
	}
	st.NumFmt, st.CustomNumFmt = 0, nil
	if n, ok := BuiltinNumFmts[k.NumFmt]; ok {
		st.NumFmt = n
	} else if k.NumFmt != "" {
		code := k.NumFmt
		st.CustomNumFmt = &code
	}
	id, err := s.F.NewStyle(&st)
	if err != nil {
		return 0, fmt.Errorf("style %q: %w", k.NumFmt, err)
	}
	s.ids[k] = id
	return id, nil
}

// Table is one sheet's content before it is streamed: a header row and data rows of
// excelize cells, with the width each column needs.
type Table struct {
	sheet  string
	header []string
	// Comments are notes on header cells, by column index (a tiebreak's definition).
	Comments map[int]string
	rows     [][]any
	widths   []float64
	// Freeze is the number of columns kept in view when scrolling right (the header row is
	// always kept in view).
	Freeze int
	// Filter adds an auto filter over the header and rows.
	Filter bool
	// MaxWidth caps a column's width in characters (0 = defaultMaxWidth); longer text
	// overflows into empty neighbours or is read in the formula bar.
	MaxWidth float64
	// PrintCols, when positive, limits the printed page to the first PrintCols columns
	// (the Standings sheet leaves out its formula columns, which repeat the values). Every
	// table is set up for printing (see pageSetup).
	PrintCols int
	// Wrap is set when cells wrap their text onto more lines: the layout of the printed
	// page then counts each row's lines, from wrapped (each row's cells as shown).
	Wrap    bool
	wrapped [][]string
	// Notes are lines written under the table after a blank row, outside its filter (a
	// legend).
	Notes []string
	// textNumbers marks the columns holding text that reads as a number (an ID such as
	// 0100421518): the sheet tells Excel not to flag them (see ignoreTextNumbers).
	textNumbers []bool
}

const defaultMaxWidth = 60

// NewTable starts a sheet's table with its header row; rows are added with Add.
func NewTable(sheet string, header []string) *Table {
	t := &Table{sheet: sheet, header: header, widths: make([]float64, len(header)), Filter: true}
	for i, h := range header {
		t.fit(i, h)
	}
	return t
}

// Add appends a row; shown holds each cell as it displays, for the column widths ("" for an
// empty cell).
func (t *Table) Add(row []any, shown []string) {
	t.rows = append(t.rows, row)
	for i, s := range shown {
		t.fit(i, s)
	}
	for i, v := range row {
		if c, ok := v.(excelize.Cell); ok {
			if s, ok := c.Value.(string); ok && numberText(s) {
				if i >= len(t.textNumbers) {
					t.textNumbers = append(t.textNumbers, make([]bool, i+1-len(t.textNumbers))...)
				}
				t.textNumbers[i] = true
			}
		}
	}
	if t.Wrap {
		t.wrapped = append(t.wrapped, shown)
	}
}

// fit widens column i to hold s, whose longest line counts.
func (t *Table) fit(i int, s string) {
	if i >= len(t.widths) {
		t.widths = append(t.widths, make([]float64, i+1-len(t.widths))...)
	}
	if w := longestLine(s); w > t.widths[i] {
		t.widths[i] = w
	}
}

// longestLine is the width of s's longest line.
func longestLine(s string) float64 {
	w := 0.0
	for line := range strings.SplitSeq(s, "\n") {
		w = max(w, TextWidth(line))
	}
	return w
}

// numberText reports whether s, written as text, is one that Excel reads as a number and
// flags with its "number stored as text" warning: "0100421518", "12", "-3.5".
func numberText(s string) bool {
	if s == "" || !strings.ContainsAny(s[:1], "0123456789+-.") {
		return false // most text (names) is told apart at its first byte
	}
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}

// TextWidth is the width of s in Excel's column unit (the width of a digit): East Asian
// wide and full-width characters take two.
func TextWidth(s string) float64 { return float64(CellWidth(s)) }

// WriteTable streams t into its sheet, which must exist and is replaced: column widths, the
// frozen header, the header styled with comments, the rows, the auto filter.
func (b *Book) WriteTable(t *Table) error {
	if err := b.pageSetup(t); err != nil {
		return fmt.Errorf("sheet %s: %w", t.sheet, err)
	}
	sw, err := b.F.NewStreamWriter(t.sheet)
	if err != nil {
		return fmt.Errorf("sheet %s: %w", t.sheet, err)
	}
	if err := b.streamTable(sw, t); err != nil {
		return fmt.Errorf("sheet %s: %w", t.sheet, err)
	}
	return nil
}

// colWidth is column i's width in characters: its widest cell with two characters of padding
// and room for the filter button in the header, capped at the table's MaxWidth.
func (t *Table) colWidth(i int) float64 {
	MaxWidth := t.MaxWidth
	if MaxWidth == 0 {
		MaxWidth = defaultMaxWidth
	}
	return min(MaxWidth, max(6, t.widths[i]+3))
}

func (b *Book) streamTable(sw *excelize.StreamWriter, t *Table) error {
	// From the last column to the first: the stream writer puts each width before the ones
	// already set, and the format requires the <col> entries in ascending order (Excel offers
	// to "repair" a file whose entries are not).
	for i := len(t.widths) - 1; i >= 0; i-- {
		if err := sw.SetColWidth(i+1, i+1, t.colWidth(i)); err != nil {
			return err
		}
	}
	topLeft, err := excelize.CoordinatesToCellName(t.Freeze+1, 2)
	if err != nil {
		return err
	}
	panes := &excelize.Panes{Freeze: true, XSplit: t.Freeze, YSplit: 1, TopLeftCell: topLeft, ActivePane: "bottomLeft"}
	if t.Freeze > 0 {
		panes.ActivePane = "bottomRight"
	}
	if err := sw.SetPanes(panes); err != nil {
		return err
	}
	hs, err := b.styles.id(StyleKey{Row: RowHeader})
	if err != nil {
		return err
	}
	header := make([]any, len(t.header))
	for i, h := range t.header {
		header[i] = excelize.Cell{StyleID: hs, Value: h}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	for i, row := range t.rows {
		var opts []excelize.RowOpts
		if t.Wrap {
			// LibreOffice keeps a row one line high unless told: wrapped text would overlap.
			opts = append(opts, excelize.RowOpts{Height: t.rowHeight(i)})
		}
		if err := sw.SetRow("A"+strconv.Itoa(i+2), row, opts...); err != nil {
			return err
		}
	}
	for i, note := range t.Notes {
		if err := sw.SetRow("A"+strconv.Itoa(len(t.rows)+3+i), []any{note}); err != nil {
			return err
		}
	}
	for _, col := range slices.Sorted(maps.Keys(t.Comments)) {
		text := t.Comments[col]
		cell, err := excelize.CoordinatesToCellName(col+1, 1)
		if err != nil {
			return err
		}
		if err := b.F.AddComment(t.sheet, excelize.Comment{Cell: cell, Author: "tbsheet", Text: text}); err != nil {
			return err
		}
	}
	if t.Filter && len(t.header) > 0 {
		last, err := excelize.CoordinatesToCellName(len(t.header), len(t.rows)+1)
		if err != nil {
			return err
		}
		if err := b.F.AutoFilter(t.sheet, "A1:"+last, nil); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// Cell returns a styled cell for a table row.
func (b *Book) Cell(k StyleKey, v any) (excelize.Cell, error) {
	id, err := b.styles.id(k)
	return excelize.Cell{StyleID: id, Value: v}, err
}

// Sheet, Header and Rows return what t holds: its sheet's name, its header row and its rows
// of cells (values, or excelize.Cell with their style). The benchmarks stream them with
// excelize alone, the baseline tbsheet's own work is measured against.
func (t *Table) Sheet() string { return t.sheet }

// Header returns t's header row (see [Table.Sheet]).
func (t *Table) Header() []string { return t.header }

// Rows returns t's rows of cells (see [Table.Sheet]).
func (t *Table) Rows() [][]any { return t.rows }

// StyleKeys lists the styles b has made, in the order their ids were made: a workbook that
// makes them in this order gives them the same ids.
func (b *Book) StyleKeys() []StyleKey {
	keys := slices.Collect(maps.Keys(b.styles.ids))
	slices.SortFunc(keys, func(x, y StyleKey) int { return b.styles.ids[x] - b.styles.ids[y] })
	return keys
}

// Style returns the id of the style k, creating it the first time.
func (b *Book) Style(k StyleKey) (int, error) { return b.styles.id(k) }

// HeaderStyle returns the look of the embedded template's header cells, for a sheet that
// heads its rows in a way of its own.
func (b *Book) HeaderStyle() excelize.Style { return *b.styles.spec.header }

// AddSheet creates a sheet named name (a tbsheet sheet added after the existing ones).
func (b *Book) AddSheet(name string) error {
	if _, err := b.F.NewSheet(name); err != nil {
		return fmt.Errorf("sheet %s: %w", name, err)
	}
	return nil
}
