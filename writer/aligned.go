package writer

import (
	"bytes"
	"strings"
)

// WriteAligned writes rows as columns two spaces apart; left marks the left-aligned ones
// (the others are numbers, right-aligned). Widths count terminal cells.
func WriteAligned(b *strings.Builder, rows [][]string, left map[int]bool) {
	widths := make([]int, len(rows[0]))
	cells := make([]int, 0, len(rows)*len(widths)) // each cell's width, row by row
	for _, row := range rows {
		for i, c := range row {
			w := CellWidth(c)
			cells = append(cells, w)
			widths[i] = max(widths[i], w)
		}
	}
	total := 0
	for _, w := range widths {
		total += w + 2
	}
	b.Grow(len(rows) * total) // a hint: a page of thousands of tables is one allocation
	var line []byte
	k := 0
	for _, row := range rows {
		line = line[:0]
		for i, c := range row {
			if i > 0 {
				line = append(line, "  "...)
			}
			pad := widths[i] - cells[k]
			k++
			if left[i] {
				line = append(line, c...)
				line = appendSpaces(line, pad)
			} else {
				line = appendSpaces(line, pad)
				line = append(line, c...)
			}
		}
		b.Write(bytes.TrimRight(line, " "))
		b.WriteByte('\n')
	}
}

// appendSpaces appends n spaces.
func appendSpaces(line []byte, n int) []byte {
	for range n {
		line = append(line, ' ')
	}
	return line
}
