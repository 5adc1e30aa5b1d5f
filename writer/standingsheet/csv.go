package standingsheet

import (
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
)

// WriteCSV writes the standings as CSV: a header row, then one row per ranked player with the
// columns of the XLSX Standings sheet except the formulas (rank, player, id, points, record,
// dropped-after round, one column per tiebreak, note). Values are written as the system
// displays them ("61.64%", "00722435", "+1"), with an ASCII minus; n/a is empty. Text cells
// that a spreadsheet would run as a formula are defused (see csvSafe). Headers follow
// opt.Lang.
//
// WriteCSV writes no byte-order mark, for pipes and scripts; the .csv file writer adds one
// for Excel.
func WriteCSV(w io.Writer, st *calc.Standings, opt writer.Options) error {
	cols := standingsColumns(st, opt.Lang, false)
	cw := writer.NewCSVWriter(w, opt)
	number := writer.CSVNumber(opt.CSVSep)
	record := make([]string, len(cols))
	for i, c := range cols {
		record[i] = writer.CSVSafe(c.header)
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
				s = number(writer.FormatPoints(st, r.Points))
			case colRecord:
				s = writer.Record(st, r)
			case colDropped:
				if r.DroppedAfter > 0 {
					s = strconv.Itoa(r.DroppedAfter)
				}
			case colValue:
				s = number(strings.ReplaceAll(st.Columns[c.tb].FormatValue(figure(r, c.tb).Value), "−", "-"))
			case colNote:
				s = i18n.Of(opt.Lang).Note(r.Note)
			}
			record[j] = writer.CSVSafe(s)
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
