package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestEveryProblemInOneRun: a workbook made with tbsheet template and filled in with
// mistakes reports every one of them in one run, the Event sheet's settings with the
// rounds' results.
func TestEveryProblemInOneRun(t *testing.T) {
	tests := []struct {
		name   string
		system string  // the Event sheet's System cell
		round  [][]any // Round 1's rows
		want   []string
	}{
		{"bad result and a player twice", "pokemon", [][]any{{1, "Ann", "Bob", "2-x"}, {2, "Cat", "Ann", "1-2"}},
			[]string{`Round 1!D2: "2-x" is not a result`, `Round 1!C3: player "Ann" appears twice in round 1 (also at Round 1!B2)`, "2 problems"}},
		{"unknown system and a bad result", "Pokemom", [][]any{{1, "Ann", "Bob", "2-x"}, {2, "Cat", "Dan", "1-2"}},
			[]string{`Event!B3: System: unknown system "pokemom" (did you mean "pokemon"?)`, `Round 1!D2: "2-x" is not a result`, "2 problems"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "event.xlsx")
			if code, _, stderr := runAt(t, ".", "template", "-o", path, "-q"); code != 0 {
				t.Fatalf("template: exit %d: %s", code, stderr)
			}
			f, err := excelize.OpenFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.SetCellStr("Event", "B3", tt.system); err != nil {
				t.Fatal(err)
			}
			for i, row := range tt.round {
				cell, _ := excelize.CoordinatesToCellName(1, i+2)
				if err := f.SetSheetRow("Round 1", cell, &row); err != nil {
					t.Fatal(err)
				}
			}
			if err := f.Save(); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runAt(t, ".", "standings", path)
			if code != exitInput {
				t.Errorf("exit %d, want %d", code, exitInput)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("no %q in:\n%s", w, stderr)
				}
			}
		})
	}
}
