package writer

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet/calc"
)

// WriteTable prints standings as an aligned text table for a terminal: a title line, one row
// per player, then the notes. Columns stay aligned with Chinese and Japanese names because
// widths are measured in terminal cells (a wide character takes two).
func WriteTable(w io.Writer, st *calc.Standings, opt Options) error {
	header := []string{"#", label(opt.Lang, "player"), st.RankBy.Short, recordLabel(st, opt.Lang)}
	right := []bool{true, false, true, true}
	for _, d := range st.Columns {
		header = append(header, d.Short)
		right = append(right, true)
	}
	rows := [][]string{header}
	for _, r := range st.Rows {
		name := st.Event.Players[r.Player].Name
		if r.DroppedAfter > 0 {
			name += " (" + fmt.Sprintf(label(opt.Lang, "drop-after"), r.DroppedAfter) + ")"
		}
		row := []string{fmt.Sprint(r.Rank), name, st.RankBy.FormatValue(calc.Known(r.Points)), Record(st, r)}
		for i, d := range st.Columns {
			row = append(row, d.FormatValue(r.Figures[i].Value))
		}
		rows = append(rows, row)
	}

	widths := make([]int, len(header))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], cellWidth(c))
		}
	}
	var b strings.Builder
	fmt.Fprintln(&b, Title(st, opt.Lang))
	fmt.Fprintln(&b)
	for _, row := range rows {
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-cellWidth(c))
			if i > 0 {
				b.WriteString("  ")
			}
			switch {
			case right[i]:
				b.WriteString(pad + c)
			case i < len(row)-1:
				b.WriteString(c + pad)
			default:
				b.WriteString(c)
			}
		}
		b.WriteString("\n")
	}
	if len(st.Notes) > 0 {
		b.WriteString("\n")
		for _, n := range st.Notes {
			b.WriteString("note: " + n + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cellWidth returns how many terminal cells s takes: East Asian wide and full-width
// characters take two.
func cellWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Title returns the standings' one-line title: "Standings after round 3 of 5 · Magic: The
// Gathering · results.xlsx".
func Title(st *calc.Standings, lang string) string {
	parts := []string{RoundLine(st, lang), st.System.Title}
	if st.Event.Pod != "" {
		parts = append(parts, st.Event.Pod)
	}
	if st.Event.Name != "" {
		parts = append([]string{st.Event.Name}, parts...)
	}
	return strings.Join(parts, " · ")
}

// RoundLine returns "Standings after round N of M" in the language, N the last counted round
// and M the planned rounds (or N when unknown).
func RoundLine(st *calc.Standings, lang string) string {
	n := 0
	if len(st.Rounds) > 0 {
		n = st.Rounds[len(st.Rounds)-1]
	}
	m := max(st.Event.PlannedRounds, n)
	return fmt.Sprintf(label(lang, "standings-after"), n, m)
}

// recordLabel names the record column in the order the system prints it: W-D-L for chess,
// W-L-T for Pokémon, W-L-D otherwise.
func recordLabel(st *calc.Standings, lang string) string {
	switch st.System.Name {
	case "fide":
		return label(lang, "record.wdl")
	case "pokemon":
		return label(lang, "record.wlt")
	}
	return label(lang, "record.wld")
}

// Record writes a row's record in the system's order: "2-1-0" (W-L-D), "2-0-1" (W-D-L) for
// chess.
func Record(st *calc.Standings, r calc.Row) string {
	if st.System.Name == "fide" {
		return fmt.Sprintf("%d-%d-%d", r.Wins, r.Draws, r.Losses)
	}
	return fmt.Sprintf("%d-%d-%d", r.Wins, r.Losses, r.Draws)
}
