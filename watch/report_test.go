package watch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet"
)

func entries(names ...string) []Entry {
	var out []Entry
	for i, n := range names {
		out = append(out, Entry{Rank: i + 1, Name: n, Points: fmt.Sprint(12 - i)})
	}
	return out
}

func TestChanges(t *testing.T) {
	tests := []struct {
		name      string
		prev, cur []Entry
		n         int
		want      int
	}{
		{"same", entries("Alice", "王伟", "佐藤 健"), entries("Alice", "王伟", "佐藤 健"), 8, 0},
		{"swap", entries("Alice", "王伟", "佐藤 健"), entries("王伟", "Alice", "佐藤 健"), 8, 2},
		{"new player enters", entries("Alice", "王伟", "佐藤 健"), entries("Alice", "Priya", "王伟"), 8, 2},
		{"beyond n ignored", entries("Alice", "王伟", "佐藤 健"), entries("Alice", "王伟", "Priya"), 2, 0},
		{"place filled", entries("Alice"), entries("Alice", "王伟"), 8, 1},
		{"place emptied", entries("Alice", "王伟"), entries("Alice"), 8, 1},
		{"ids tell namesakes apart",
			[]Entry{{Rank: 1, ID: "1000234567", Name: "Wang Wei"}, {Rank: 2, ID: "1000987654", Name: "Wang Wei"}},
			[]Entry{{Rank: 1, ID: "1000987654", Name: "Wang Wei"}, {Rank: 2, ID: "1000234567", Name: "Wang Wei"}}, 8, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := changes(tt.prev, tt.cur, tt.n); got != tt.want {
				t.Errorf("changes = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestSummaryLine(t *testing.T) {
	top := entries("Alice Martin", "王伟", "佐藤 健", "Jonas Becker")
	tied := []Entry{{Rank: 1, Name: "王伟", Points: "13"}, {Rank: 1, Name: "佐藤 健", Points: "13"}, {Rank: 3, Name: "Alice", Points: "12"}}
	threeTied := []Entry{{Rank: 1, Name: "Magnus", Points: "4½"}, {Rank: 1, Name: "Hikaru", Points: "4½"}, {Rank: 1, Name: "Ding", Points: "4½"}}
	tests := []struct {
		name  string
		s     Summary
		prev  []Entry
		first bool
		want  string
	}{
		{"first", Summary{Round: 4, Rounds: 5, Players: 128, Top: top, Wrote: []string{"standings.xlsx", "standings.pdf"}}, nil, true,
			"round 4 of 5 · 128 players · #1 Alice Martin 12 pts · first standings · wrote standings.xlsx, standings.pdf"},
		{"changes", Summary{Round: 5, Rounds: 5, Players: 128, Top: top, Wrote: []string{"standings.xlsx"}}, entries("王伟", "Alice Martin", "佐藤 健", "Jonas Becker"), false,
			"round 5 of 5 · 128 players · #1 Alice Martin 12 pts · 2 changes in the top 8 · wrote standings.xlsx"},
		{"one change", Summary{Round: 5, Players: 4, Top: top}, entries("Alice Martin", "王伟", "佐藤 健", "Priya Raman"), false,
			"round 5 · 4 players · #1 Alice Martin 12 pts · 1 change in the top 8"},
		{"no change", Summary{Round: 5, Players: 4, Top: top}, top, false,
			"round 5 · 4 players · #1 Alice Martin 12 pts · no change in the top 8"},
		{"shared first place", Summary{Round: 5, Rounds: 5, Players: 3, Top: tied}, nil, true,
			"round 5 of 5 · 3 players · #1 王伟 & 佐藤 健 13 pts · first standings"},
		{"three share first place", Summary{Round: 5, Rounds: 9, Players: 3, Top: threeTied}, nil, true,
			"round 5 of 9 · 3 players · #1 Magnus & 2 others 4½ pts · first standings"},
		{"no results yet", Summary{Rounds: 5, Players: 1, Top: []Entry{{Name: "Alice"}}}, nil, true,
			"no results yet · 1 player · #1 Alice · first standings"},
		{"no players", Summary{}, nil, true, "no results yet · 0 players · first standings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := summaryLine(tt.s, tt.prev, tt.first, 8); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestBrokenReport: every problem of a broken save on its own line, in the standings form.
func TestBrokenReport(t *testing.T) {
	list := tbsheet.ErrorList{
		tbsheet.Errorf(tbsheet.Pos{File: "results.xlsx", Sheet: "Round 3", Row: 7, Col: 4}, tbsheet.ErrResult,
			`"2:1?" is not a result (expected 2-1, W, L, D, BYE …)`),
		tbsheet.Errorf(tbsheet.Pos{File: "results.xlsx", Sheet: "Round 3", Row: 9, Col: 3}, tbsheet.ErrUnknownPlayer,
			`"Alce Martin" is not a registered player`),
	}
	tests := []struct {
		name string
		good *Summary
		err  error
		want string
	}{
		{"error list, nothing written yet", nil, fmt.Errorf("reading: %w", list),
			"11:42:05 results.xlsx: 2 problems; no standings written yet:\n" +
				"results.xlsx: Round 3!D7: \"2:1?\" is not a result (expected 2-1, W, L, D, BYE …)\n" +
				"results.xlsx: Round 3!C9: \"Alce Martin\" is not a registered player\n"},
		{"plain error, standings kept", &Summary{Round: 3, Rounds: 5}, errors.New("standings.pdf: permission denied"),
			"11:42:05 results.xlsx: 1 problem; the standings of 11:42:05 (round 3 of 5) stay:\n" +
				"standings.pdf: permission denied\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			w := &watcher{cfg: Config{Errors: &b, Now: clock}}
			in := &input{name: "results.xlsx", good: tt.good, goodAt: clock(), lastOK: true}
			w.broken(in, [32]byte{1}, "", tt.err)
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", &b, tt.want)
			}
			if in.lastOK {
				t.Errorf("a broken save left the input marked good")
			}
		})
	}
}

func TestTempKind(t *testing.T) {
	tests := []struct{ name, want string }{
		{"results.xlsx", ""},
		{"第3轮.xlsx", ""},
		{"event.Tournament", ""},
		{"~$results.xlsx", "Excel owner file"},
		{".~lock.results.xlsx#", "LibreOffice lock file"},
		{"lu1848k2xv5.tmp", "temporary file"},
		{"lu1848K2XV5.TMP", "temporary file"},
		{".standings.xlsx.123456.tmp", "temporary file"},
		{"._results.xlsx", "hidden file"},
		{"results.csv~", "backup file"},
		{"Cedd4100", "file without extension"},
		{"3A7F19C2", "file without extension"},
	}
	for _, tt := range tests {
		if got := tempKind(tt.name); got != tt.want {
			t.Errorf("tempKind(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestAccepts: a folder input takes results files by extension, in any case.
func TestAccepts(t *testing.T) {
	w := &watcher{exts: map[string]bool{}}
	for _, e := range testExts {
		w.exts[e] = true
	}
	for name, want := range map[string]bool{
		"results.xlsx": true, "RESULTS.XLSX": true, "locals.Tournament": true, "pods.tdf": true,
		"fnm.wer": true, "open.trf": true, "dump.json": true, "matches.csv": true, "notes.txt": true,
		"notes.docx": false, "standings.pdf": false, "~$results.xlsx": false, "Cedd4100": false,
		".~lock.results.xlsx#": false, "results.xlsx.tmp": false,
	} {
		if got := w.accepts(name); got != want {
			t.Errorf("accepts(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestOnDisk: an input typed in another case is matched with the name events will carry.
func TestOnDisk(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"Results.xlsx", "day2.csv"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for typed, want := range map[string]string{
		"Results.xlsx": "Results.xlsx", "RESULTS.XLSX": "Results.xlsx",
		"day2.csv": "day2.csv", "Day2.CSV": "day2.csv", "missing.csv": "missing.csv",
	} {
		if got := onDisk(dir, typed); got != want {
			t.Errorf("onDisk(%q) = %q, want %q", typed, got, want)
		}
	}
}
