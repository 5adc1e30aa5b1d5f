package writer

import (
	"encoding/csv"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
)

// UTF8BOM starts every CSV file tbsheet writes: Excel on Windows reads a file without it in
// the local code page and garbles every non-ASCII name.
const UTF8BOM = "\uFEFF"

// WriteCSV writes the standings as CSV: a header row, then one row per ranked player with the
// columns of the XLSX Standings sheet except the formulas (rank, player, id, points, record,
// dropped-after round, one column per tiebreak, note). Values are written as the system
// displays them ("61.64%", "00722435", "+1"), with an ASCII minus; n/a is empty. Text cells
// that a spreadsheet would run as a formula are defused (see csvSafe). Headers follow
// opt.Lang.
//
// WriteCSV writes no byte-order mark, for pipes and scripts; the .csv file writer adds one
// for Excel.
func WriteCSV(w io.Writer, st *calc.Standings, opt Options) error {
	cols := standingsColumns(st, opt.Lang, false)
	cw := NewCSVWriter(w, opt)
	number := CSVNumber(opt.CSVSep)
	record := make([]string, len(cols))
	for i, c := range cols {
		record[i] = CSVSafe(c.header)
	}
	if err := cw.Write(record); err != nil {
		return err
	}
	ev := st.Event
	for i := range st.Rows {
		r := &st.Rows[i]
		for j, c := range cols {
			var s string
			switch c.kind {
			case colRank:
				s = strconv.Itoa(r.Rank)
			case colPlayer:
				s = ev.Players[r.Player].Name
			case colID:
				s = ev.Players[r.Player].ID
			case colPoints:
				s = number(FormatPoints(st, r.Points))
			case colRecord:
				s = Record(st, r)
			case colDropped:
				if r.DroppedAfter > 0 {
					s = strconv.Itoa(r.DroppedAfter)
				}
			case colValue:
				s = number(strings.ReplaceAll(st.Columns[c.tb].FormatValue(figure(r, c.tb).Value), "−", "-"))
			case colNote:
				s = rowNote(st, r, opt.Lang)
			}
			record[j] = CSVSafe(s)
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

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

// plainNumber matches the numbers tbsheet writes ("7", "-3", "+1", "4.5", "61.64%", "4,5"),
// which a spreadsheet reads as numbers, never as formulas.
var plainNumber = regexp.MustCompile(`^[+-]?[0-9]+([.,][0-9]+)?%?$`)

// CSVSafe defuses a cell that a spreadsheet would run as a formula (OWASP "CSV injection"): a
// text starting with =, +, -, @, tab or carriage return gets a leading apostrophe. A player
// named "=HYPERLINK(…)" on a Challonge sign-up sheet must not become a live link in the
// organizer's Excel. Plain numbers ("-3", "+1") are left alone.
func CSVSafe(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || plainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}
