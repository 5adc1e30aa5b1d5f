package reader

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// TestMixedResultKinds: a results table mixing W/L/D with game scores gets a warning naming
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
			for _, n := range en(ev.Warnings) {
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

// TestLegacyEncodings: a file not in UTF-8 is read in the encoding that makes sense of the
// whole of it, whatever its bytes suggest: Windows-1252 names whose accented letters stand
// together ("Núñez", which the bytes alone take for Shift-JIS), Shift-JIS and GBK names.
func TestLegacyEncodings(t *testing.T) {
	tests := []struct {
		name  string
		enc   encoding.Encoding
		names []string
	}{
		{"Windows-1252, accents together", charmap.Windows1252, []string{"José Núñez", "Ana López", "Chloé Dupont", "Søren Ærø"}},
		{"Windows-1252, accents apart", charmap.Windows1252, []string{"Chloé Dupont", "Søren Ærø", "Zoë Lefèvre", "Inés García"}},
		{"Shift-JIS", japanese.ShiftJIS, []string{"山田 太郎", "ｽｽﾞｷ", "佐藤 花子", "ジョン・スミス"}},
		{"GBK", simplifiedchinese.GBK, []string{"王小明", "李华", "张伟", "刘洋"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := fmt.Sprintf("Round,Player 1,Player 2,Result\n1,%s,%s,2-0\n1,%s,%s,0-2\n", tt.names[0], tt.names[1], tt.names[2], tt.names[3])
			data, err := tt.enc.NewEncoder().String(text)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := ReadBytes([]byte(data), "r.csv", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range tt.names {
				if ev.Players[i].Name != want {
					t.Errorf("player %d read as %q, want %q", i, ev.Players[i].Name, want)
				}
			}
		})
	}
}

// TestDropsSummarized: a handful of inferred drops get a note each; more get one note that
// lists them, so that a large event's notes do not run to hundreds of lines.
func TestDropsSummarized(t *testing.T) {
	csv := func(stoppers int) string {
		var b strings.Builder
		b.WriteString("Round,Player 1,Player 2,Result\n")
		for i := 0; i < stoppers+2; i += 2 {
			fmt.Fprintf(&b, "1,P%d,P%d,2-0\n", i, i+1)
		}
		b.WriteString("2,P0,P1,2-0\n")
		return b.String()
	}
	for _, tt := range []struct {
		stoppers, notes int
	}{{4, 4}, {10, 1}} {
		ev, err := ReadBytes([]byte(csv(tt.stoppers)), "r.csv", "csv", Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, note := range en(ev.Notes) {
			if strings.Contains(note, "counted as dropped") {
				n++
			}
		}
		if n != tt.notes {
			t.Errorf("%d players dropping: %d notes, want %d: %q", tt.stoppers, n, tt.notes, en(ev.Notes))
		}
	}
}
