package reader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCSV feeds the CSV fixtures and samples/f1.csv, mutated, to the CSV reader and the
// players-list reader: they must return an event or positioned errors, never panic or hang.
func FuzzCSV(f *testing.F) {
	var files []string
	for _, pattern := range []string{"*.csv", "*.tsv", "*.sjis", "*.gbk", "*.cp1252"} {
		m, _ := filepath.Glob(filepath.Join(fixtureDir, pattern))
		files = append(files, m...)
	}
	files = append(files, "../samples/f1.csv")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// Hostile text: a quote never closed, damaged UTF-8, control and invisible characters.
	f.Add([]byte("Round,Player 1,Player 2,Result\n1,\"Ann,Bob,2-0\n2,Bob,\"Cy\",1-0\n"))
	f.Add([]byte("Round,Player 1,Player 2,Result\n1,M\xc3ller,王,2-0\n"))
	f.Add([]byte("Round,Player 1,Player 2,Result\n1,Ann\x1b[2J,Bob\u200b,2-0\n2,Bob,Ann,0-2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sniffCSV(data, "f.csv")
		ev, err := readCSV(data, "f.csv", Options{})
		checkRead(t, "f.csv", ev, err)
		checkPrintable(t, ev, err)
		_, err = readPlayersBytes(data, "f.csv")
		checkErrorFiles(t, err, "f.csv")
	})
}

// TestCheckWidth: a line of maxFields separators or more (commas, semicolons and tabs
// together) is refused with its line number; one fewer is read, on any line.
func TestCheckWidth(t *testing.T) {
	seps := func(n int) string { return strings.Repeat(",;\t", n/3+1)[:n] }
	tests := []struct {
		text string
		line int // 0: accepted
	}{
		{"", 0},
		{"a,b\n" + seps(maxFields-1) + "\n", 0},
		{"a,b\n" + seps(maxFields), 2},
		{"a,b\r\nc,d\r\n" + seps(maxFields) + "\r\n", 3},
		{seps(maxFields-1) + "\n" + seps(maxFields-1) + "\nx" + seps(maxFields) + "x\n", 3},
	}
	for i, tt := range tests {
		err := checkWidth(tt.text, "r.csv")
		want := ""
		if tt.line > 0 {
			want = fmt.Sprintf("r.csv:%d: the line has more than %d fields: not a results table", tt.line, maxFields)
		}
		if got := fmt.Sprint(err); err == nil && want != "" || err != nil && got != want {
			t.Errorf("%d: %v, want %q", i, err, want)
		}
	}
}
