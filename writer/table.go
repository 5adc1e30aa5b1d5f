package writer

import (
	"fmt"
	"io"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// WriteTable prints standings as an aligned text table for a terminal: a title line, one row
// per player (by rank, or by name with opt.ByName; with a top cut, the finish beside the
// name, as on the wall), then the players' notes in opt.Lang (each tie on every key once). The standings' own notes (st.Notes)
// are the caller's to print: tbsheet prints them on stderr in every mode. Columns stay
// aligned with Chinese and Japanese names because widths are measured in terminal cells,
// where a wide character takes two. Text from the input (names, the event's title) is printed as
// tbsheet.Printable shows it: no input can send an escape sequence to the terminal.
func WriteTable(w io.Writer, st *calc.Standings, opt Options) error {
	header := []string{"#", label(opt.Lang, "player")}
	finish := hasFinish(st)
	if finish {
		header = append(header, label(opt.Lang, "finish"))
	}
	header = append(header, PointsHeader(st, opt.Lang), label(opt.Lang, "record."+RecordOrder(st).String()))
	for _, d := range st.Columns {
		header = append(header, d.Short)
	}
	rows := [][]string{header}
	for _, i := range printOrder(st, opt) {
		r := &st.Rows[i]
		name := tbsheet.Printable(st.Event.Players[r.Player].Name)
		if r.DroppedAfter > 0 {
			name += " (" + labelf(opt.Lang, "drop-after", r.DroppedAfter) + ")"
		}
		row := []string{fmt.Sprint(r.Rank), name}
		if finish {
			row = append(row, finishWord(opt.Lang, r))
		}
		row = append(row, FormatPoints(st, r.Points), Record(st, r))
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
			widths[i] = max(widths[i], cellWidth(c))
		}
	}
	var b strings.Builder
	var title []string
	order := ""
	if opt.ByName {
		order = label(opt.Lang, orderLabel(st, opt))
	}
	for _, s := range []string{st.Event.Name, st.Event.Pod, Title(st, opt.Lang), order, GameName(st, opt.Lang)} {
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
			b.WriteString(strings.Repeat("─", total) + " " + labelf(opt.Lang, "top-cut", opt.Cut) + "\n")
			continue
		}
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-cellWidth(c))
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
		b.WriteString("\n" + label(opt.Lang, "note-mark") + tbsheet.Printable(n))
	}
	if strings.Contains(b.String(), "\n"+label(opt.Lang, "note-mark")) {
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
