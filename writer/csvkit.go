package writer

import (
	"encoding/csv"
	"io"
	"regexp"
	"strings"
)

// UTF8BOM starts every CSV file tbsheet writes: Excel on Windows reads a file without it in
// the local code page and garbles every non-ASCII name.
const UTF8BOM = "\uFEFF"

// NewCSVWriter starts a CSV file with the separator opt asks for (--csv-sep): the
// standings and the match list convert writes are separated alike.
func NewCSVWriter(w io.Writer, opt Options) *csv.Writer {
	cw := csv.NewWriter(w)
	if opt.CSVSep != 0 {
		cw.Comma = opt.CSVSep
	}
	return cw
}

// CSVNumber returns how numbers are written with the separator sep: as they are, or with a
// decimal comma after ';' ("4,5", "61,64%").
func CSVNumber(sep rune) func(string) string {
	if sep != ';' {
		return func(s string) string { return s }
	}
	return func(s string) string { return strings.Replace(s, ".", ",", 1) }
}

// PlainNumber matches the numbers tbsheet writes ("7", "-3", "+1", "4.5", "61.64%", "4,5"),
// which a spreadsheet reads as numbers, never as formulas.
var PlainNumber = regexp.MustCompile(`^[+-]?[0-9]+([.,][0-9]+)?%?$`)

// CSVSafe defuses a cell that a spreadsheet would run as a formula (OWASP "CSV injection"): a
// text starting with =, +, -, @, tab or carriage return gets a leading apostrophe. A player
// named "=HYPERLINK(…)" on a Challonge sign-up sheet must not become a live link in the
// organizer's Excel. Plain numbers ("-3", "+1") are left alone.
func CSVSafe(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || PlainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}
