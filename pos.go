package tbsheet

import (
	"strconv"
	"strings"
)

// Pos is a place in an input file. It prints the way an organizer finds the place again:
//
//	results.xlsx: Round 3!C7     a workbook cell (Sheet set)
//	results.csv:7:3              a line and column of a text file (CSV, XML, TRF)
//	dump.json: matches[12]       a path inside a JSON document
type Pos struct {
	// File is the input file's name as the user gave it.
	File string
	// Sheet is the worksheet's name for workbooks, else "". It prints as [Printable] shows it.
	Sheet string
	// Row is the 1-based row (workbook) or line (text file); 0 if unknown.
	Row int
	// Col is the 1-based column (workbook) or byte column (text file); 0 if unknown.
	Col int
	// Path locates the place in a tree-shaped input (JSON), when Row is unknown.
	Path string
}

// String formats the position as in the type's documentation. Parts that are unknown are
// left out.
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	switch {
	case p.Sheet != "":
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(Printable(p.Sheet))
		switch {
		case p.Row > 0 && p.Col > 0:
			b.WriteString("!" + CellName(p.Col, p.Row))
		case p.Row > 0:
			b.WriteString("!" + strconv.Itoa(p.Row) + ":" + strconv.Itoa(p.Row))
		}
	case p.Row > 0:
		b.WriteString(":" + strconv.Itoa(p.Row))
		if p.Col > 0 {
			b.WriteString(":" + strconv.Itoa(p.Col))
		}
	case p.Path != "":
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(p.Path)
	}
	return b.String()
}

// CellName returns a spreadsheet cell name ("C7") for a 1-based column and row.
func CellName(col, row int) string {
	return ColumnName(col) + strconv.Itoa(row)
}

// ColumnName returns a spreadsheet column name ("A", "Z", "AA") for a 1-based column.
func ColumnName(col int) string {
	var s []byte
	for col > 0 {
		col--
		s = append([]byte{byte('A' + col%26)}, s...)
		col /= 26
	}
	return string(s)
}
