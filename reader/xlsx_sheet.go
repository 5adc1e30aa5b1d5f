package reader

// A worksheet streamed row by row as a rowSource: each <row>'s cells as text (raw values:
// numbers as saved, dates as serial numbers, shared strings looked up), padded with blanks
// up to each cell's column, trailing blanks dropped, as a table is indexed by header. Damage
// (XML cut short or broken, a shared string that does not exist, cells out of place) stops
// the sheet with an error at the row it is in.

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
)

// The largest row and column a worksheet has.
const (
	sheetMaxRow = 1 << 20
	sheetMaxCol = 1 << 14
)

// sheetRows streams one worksheet.
type sheetRows struct {
	wb    *workbook
	sheet string
	part  *zip.File
	x     *xmlPart
	row   int // the current row's number
	whole int // the last row read whole
	cells []string
	// uncached maps the columns (0-based) of the current row that hold a formula whose value
	// was never saved to the formula.
	uncached map[int]string
	err      error
	done     bool
	// rows counts the rows read whole, empty ones included; fast is set while the rows are
	// scanned without the decoder (xlsx_rows.go), slow once that gave up on this sheet.
	rows       int
	fast, slow bool
	text       []byte // the scanner's unescaped text
}

// sheet starts streaming a worksheet.
func (wb *workbook) sheet(name string) (*sheetRows, error) {
	at := tbsheet.Pos{File: wb.file, Sheet: name}
	part := wb.target[name]
	f := wb.parts[strings.ToLower(part)]
	switch {
	case part == "":
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "the workbook is damaged: it does not say where the sheet's data is")
	case f == nil:
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "the workbook is damaged: the sheet's data (%s) is missing", part)
	}
	x, err := openPart(f)
	if err != nil {
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "the workbook is damaged: the sheet %v", err)
	}
	return &sheetRows{wb: wb, sheet: name, part: f, x: x}, nil
}

func (s *sheetRows) close() { s.x.close() }

func (s *sheetRows) Next() bool {
	for s.err == nil && !s.done {
		if !s.readRow() {
			break
		}
		if len(s.cells) == 0 {
			continue
		}
		s.wb.cells += len(s.cells)
		if s.wb.cells > s.wb.maxCells {
			s.err = tbsheet.Errorf(s.Pos(0), tbsheet.ErrTooLarge,
				"stopped reading here: the workbook holds more than %d cells, far more than a results sheet "+
					"(--max-size raises this limit with the file size)", s.wb.maxCells)
			break
		}
		return true
	}
	return false
}

// damaged stops the sheet with an error at the current row (col 0) or cell.
func (s *sheetRows) damaged(col int, format string, args ...any) {
	p := s.Pos(col - 1)
	if col <= 0 {
		p.Col = 0
	}
	s.err = tbsheet.Errorf(p, tbsheet.ErrFormat, format, args...)
}

// broken stops the sheet on an error of its XML: what is wrong, and that what follows is lost.
func (s *sheetRows) broken(err error) {
	where := "before its first row"
	if s.whole > 0 {
		where = fmt.Sprintf("after row %d", s.whole)
	}
	s.damaged(0, "the workbook is damaged: the sheet %v %s, and what follows is lost; save it again from Excel or LibreOffice",
		err, where)
}

// readRow reads the next <row> of the sheet data into cells; false at the end of the sheet
// data, or with err set.
func (s *sheetRows) readRow() bool {
	if s.fast {
		switch s.scanRow() {
		case scannedRow:
			s.rows++
			return true
		case scannedAll: // the decoder reads </sheetData>
			s.fast = false
		case scanFailed:
			return s.err == nil && s.readSlowly()
		}
	}
	for {
		tok, err := s.x.next()
		if err == io.EOF {
			s.done = true
			return false
		}
		if err != nil {
			s.broken(err)
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "row" && s.x.parent() == "sheetData" {
				if !s.startRow(attr(t, "r")) || !s.readCells() {
					return false
				}
				s.rows++
				return true
			}
			if t.Name.Local == "sheetData" && s.x.in("sheetData") && !s.slow && !s.x.recoded && scanSheets {
				s.fast = true
				return s.readRow()
			}
		case xml.EndElement:
			if t.Name.Local == "sheetData" {
				s.done = true
				return false
			}
		}
	}
}

// startRow takes the row's number from its r attribute, v (the next row when it has none).
func (s *sheetRows) startRow(v string) bool {
	n := s.row + 1
	if v != "" {
		r, err := strconv.Atoi(v)
		if err != nil || r < 1 || r > sheetMaxRow {
			s.damaged(0, "the workbook is damaged: a row is numbered %s", tbsheet.Quote(v))
			return false
		}
		n = r
	}
	s.row, s.cells = n, nil
	clear(s.uncached)
	return true
}

// cell is the cell being read.
type cell struct {
	col            int // 1-based
	typ            string
	v, f, is       strings.Builder
	hasV, hasF, in bool // in: an <is> inline string
}

// readCells reads the cells up to the row's end.
func (s *sheetRows) readCells() bool {
	var c cell
	for {
		tok, err := s.x.next()
		if err != nil {
			if err == io.EOF {
				err = errCutShort
			}
			s.broken(err)
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "c":
				if s.x.parent() == "row" && !s.startCell(&c, attr(t, "r"), attr(t, "t")) {
					return false
				}
			case "v":
				c.hasV = true
			case "f":
				c.hasF = true
			case "is":
				c.in = true
			}
		case xml.CharData:
			switch {
			case s.x.in("v") && s.x.parent() == "c":
				c.v.Write(t)
			case s.x.in("f") && s.x.parent() == "c":
				c.f.Write(t)
			case s.x.in("t") && (s.x.parent() == "is" || s.x.parent() == "r" && s.x.grandparent() == "is"):
				c.is.Write(t)
			}
		case xml.EndElement:
			switch {
			case t.Name.Local == "c" && s.x.in("row"):
				if !s.endCell(&c) {
					return false
				}
			case t.Name.Local == "row" && s.x.in("sheetData"):
				s.whole = s.row
				return true
			}
		}
	}
}

// startCell starts a cell at the column its r attribute (ref) names (the next column when it
// has none), of type typ (its t attribute).
func (s *sheetRows) startCell(c *cell, ref, typ string) bool {
	col := c.col + 1
	if ref != "" {
		var ok bool
		if col, ok = cellColumn(ref); !ok {
			s.damaged(0, "the workbook is damaged: a cell is named %s", tbsheet.Quote(ref))
			return false
		}
	}
	if col <= len(s.cells) || col > sheetMaxCol {
		s.damaged(0, "the workbook is damaged: the row's cells are out of order")
		return false
	}
	c.col, c.typ = col, typ
	c.v.Reset()
	c.f.Reset()
	c.is.Reset()
	c.hasV, c.hasF, c.in = false, false, false
	return true
}

// endCell adds a finished cell's value to the row: the text of a string cell, the saved
// value of a number or formula, as saved (raw).
func (s *sheetRows) endCell(c *cell) bool {
	v := c.v.String()
	switch {
	case c.typ == "s" && v != "":
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			i = -1
		}
		if v, err = s.wb.sharedString(i); err != nil {
			s.damaged(c.col, "%v", err)
			return false
		}
	case c.typ == "inlineStr" && c.in:
		v = unescapeOOXML(c.is.String())
	}
	if c.hasF && (!c.hasV || v == "" && c.typ != "str" && c.typ != "inlineStr") {
		f := c.f.String()
		if f == "" {
			f = "… (a shared formula)"
		}
		if s.uncached == nil {
			s.uncached = map[int]string{}
		}
		s.uncached[c.col-1] = f
	}
	if v == "" && !c.hasF || c.col > maxFields {
		return true // past the widest table tbsheet reads, as a CSV line (a stray cell in XFD)
	}
	for len(s.cells) < c.col-1 {
		s.cells = append(s.cells, "")
	}
	s.cells = append(s.cells, v)
	return true
}

func (s *sheetRows) Cells() []string { return s.cells }

func (s *sheetRows) Pos(i int) tbsheet.Pos {
	return tbsheet.Pos{File: s.wb.file, Sheet: s.sheet, Row: s.row, Col: i + 1}
}

func (s *sheetRows) Err() error { return s.err }

func (s *sheetRows) Uncached(i int) string { return s.uncached[i] }

// attr returns a start tag's attribute by local name, or "".
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// cellColumn returns the 1-based column of a cell reference ("C7" → 3).
func cellColumn(ref string) (int, bool) {
	col, i := 0, 0
	for ; i < len(ref) && i < 4; i++ {
		ch := ref[i] | 0x20 // lower case
		if ch < 'a' || ch > 'z' {
			break
		}
		col = col*26 + int(ch-'a'+1)
	}
	if i == 0 || col > sheetMaxCol {
		return 0, false
	}
	if _, err := strconv.Atoi(ref[i:]); err != nil {
		return 0, false
	}
	return col, true
}
