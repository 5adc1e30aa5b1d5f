package standingsheet

import (
	"fmt"
	"io"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
)

// WriteTable prints standings as an aligned text table for a terminal: a title line, one row
// per player (by rank, or by name with opt.ByName; with a top cut, the finish beside the
// name, as on the wall), then the players' notes in opt.Lang (each tie on every key once). The standings' own notes (st.Notes)
// are the caller's to print: tbsheet prints them on stderr in every mode. Columns stay
// aligned with Chinese and Japanese names because widths are measured in terminal cells,
// where a wide character takes two. Text from the input (names, the event's title) is printed as
// tbsheet.Printable shows it: no input can send an escape sequence to the terminal.
func WriteTable(w io.Writer, st *calc.Standings, opt writer.Options) error {
	header := []string{"#", writer.Label(opt.Lang, "player")}
	finish := hasFinish(st)
	if finish {
		header = append(header, writer.Label(opt.Lang, "finish"))
	}
	header = append(header, writer.PointsHeader(st, opt.Lang), writer.Label(opt.Lang, "record."+writer.RecordOrder(st).String()))
	for _, d := range st.Columns {
		header = append(header, d.Short)
	}
	rows := [][]string{header}
	for _, i := range printOrder(st, opt) {
		r := &st.Rows[i]
		name := tbsheet.Printable(st.Event.Players[r.Player].Name)
		if r.DroppedAfter > 0 {
			name += " (" + writer.Labelf(opt.Lang, "drop-after", r.DroppedAfter) + ")"
		}
		row := []string{fmt.Sprint(r.Rank), name}
		if finish {
			row = append(row, finishWord(opt.Lang, r))
		}
		row = append(row, writer.FormatPoints(st, r.Points), writer.Record(st, r))
		for j, d := range st.Columns {
			v := "–" // n/a, as on the wall PDF: a blank would read as a figure left out
			if r.Figures[j].Value.OK {
				v = d.FormatValue(r.Figures[j].Value)
			}
			row = append(row, v)
		}
		rows = append(rows, row)
		if opt.Cut > 0 && !opt.ByName && i == opt.Cut-1 && i < len(st.Rows)-1 {
			rows = append(rows, nil) // the cut line
		}
	}

	widths := make([]int, len(header))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], writer.CellWidth(c))
		}
	}
	var b strings.Builder
	var title []string
	order := ""
	if opt.ByName {
		order = writer.Label(opt.Lang, writer.OrderLabel(st, opt))
	}
	for _, s := range []string{st.Event.Name, st.Event.Pod, writer.Title(st, opt.Lang), order, writer.GameName(st, opt.Lang)} {
		if s != "" {
			title = append(title, tbsheet.Printable(s))
		}
	}
	b.WriteString(strings.Join(title, " · ") + "\n\n")
	total := 2 * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	for _, row := range rows {
		if row == nil {
			b.WriteString(strings.Repeat("─", total) + " " + writer.Labelf(opt.Lang, "top-cut", opt.Cut) + "\n")
			continue
		}
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-writer.CellWidth(c))
			if i > 0 {
				b.WriteString("  ")
			}
			switch {
			case i != 1 && (i != 2 || !finish): // every column but the name and the finish is a number: right-aligned
				b.WriteString(pad + c)
			case i < len(row)-1:
				b.WriteString(c + pad)
			default:
				b.WriteString(c)
			}
		}
		b.WriteString("\n")
	}
	for _, n := range tieNotes(st, opt.Lang) {
		b.WriteString("\n" + writer.Label(opt.Lang, "note-mark") + tbsheet.Printable(n))
	}
	if strings.Contains(b.String(), "\n"+writer.Label(opt.Lang, "note-mark")) {
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
