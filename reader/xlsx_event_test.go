package reader

import (
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestEventSheet: an Event sheet's header row is no news; a row that names no field is
// noted; the System and Tiebreaks cells are remembered, so that a name tbsheet does not
// know is reported there.
func TestEventSheet(t *testing.T) {
	matches := testSheet{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Bob", "2-0"}}}
	tests := []struct {
		name          string
		rows          [][]string
		system, tbs   tbsheet.Pos
		notes         []string
		wantSys, wTbs string
	}{
		{"header", [][]string{{"Item", "Value"}, {"System", "mgt"}, {"Tiebreaks", "mtg-omw, mtg-gwp"}},
			tbsheet.Pos{File: "results.xlsx", Sheet: "Event", Row: 2, Col: 2}, tbsheet.Pos{File: "results.xlsx", Sheet: "Event", Row: 3, Col: 2},
			nil, "mgt", "mtg-omw,mtg-gwp"},
		{"no header", [][]string{{"System", "mtg"}, {"Colour", "blue"}},
			tbsheet.Pos{File: "results.xlsx", Sheet: "Event", Row: 1, Col: 2}, tbsheet.Pos{},
			[]string{`sheet "Event": row 2 ("Colour") ignored`}, "mtg", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, _ := buildBook(t, testSheet{"Event", tt.rows}, matches)
			ev, err := ReadBytes(data, "results.xlsx", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ev.System != tt.wantSys || ev.SystemPos != tt.system || ev.TiebreaksPos != tt.tbs {
				t.Errorf("system %q at %v, tiebreaks at %v", ev.System, ev.SystemPos, ev.TiebreaksPos)
			}
			if got := strings.Join(ev.Tiebreaks, ","); got != tt.wTbs {
				t.Errorf("tiebreaks %q, want %q", got, tt.wTbs)
			}
			if !slices.Equal(en(ev.Notes), tt.notes) {
				t.Errorf("notes %q, want %q", en(ev.Notes), tt.notes)
			}
		})
	}
}
