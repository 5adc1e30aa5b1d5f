package reader

import (
	"strings"
	"testing"
)

// TestMixedResultKinds: a results table mixing W/L/D with game scores gets a note naming
// the rows of the rarer kind; one written one way gets none.
func TestMixedResultKinds(t *testing.T) {
	tests := []struct {
		name, csv, want string
	}{
		{"mixed", "Round,Player 1,Player 2,Result\n1,Ann,Bob,W\n1,Cat,Dan,2-1\n2,Ann,Cat,2-0\n2,Bob,Dan,1-2\n",
			"results are written two ways: 3 with games (2-1) and 1 without (W, L, D); the game-win tiebreaks (GW%, OGW%) count no games for a result without them; the 1 without games (W, L, D) are at line 2: write every result the same way"},
		{"games only", "Round,Player 1,Player 2,Result\n1,Ann,Bob,2-0\n1,Cat,Dan,2-1\n", ""},
		{"W/L only, byes and IDs aside", "Round,Player 1,Player 2,Result\n1,Ann,Bob,W\n1,Cat,Dan,ID\n1,Eve,,BYE\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(tt.csv), "r.csv", "csv", Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, n := range ev.Notes {
				if strings.Contains(n, "written two ways") {
					got = strings.TrimPrefix(n, "r.csv: ")
				}
			}
			if got != tt.want {
				t.Errorf("note %q\nwant %q", got, tt.want)
			}
		})
	}
}
