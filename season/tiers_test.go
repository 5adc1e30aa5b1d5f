package season_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/season"
)

func TestParseTiers(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"bands", "# players: points\n4-7: 50, 40\n\n16+: 100 80 60 # large\n8–15：80、60、50\n", "4-7 [50 40]; 8-15 [80 60 50]; 16+ [100 80 60]"},
		{"one size", "\ufeff8: 3,2,1.5\r\n", "8-8 [3 2 1.5]"},
		{"no colon", "8-15 80 60\n", `tiers.txt:1:1: "8-15 80 60": give the players, a colon, then the points (8-15: 80, 60, 50)`},
		{"bad band", "  x: 1\n", `tiers.txt:1:3: "x": not a number of players (1 to 1000000), a range (8-15) or a minimum (16+)`},
		{"reversed", "9-3: 1\n", `tiers.txt:1:1: "9-3": not a range of players: the second number must be at least the first (8-15)`},
		{"bad points", "8: 3, x, -1\n", `tiers.txt:1:7: "x" is not a number of points` + "\n" + `tiers.txt:1:10: "-1" is not a number of points`},
		{"overlap", "4-8: 1\n8+: 2\n", `tiers.txt:2:1: "8+" overlaps the band of line 1`},
		{"empty", "# nothing\n", "tiers.txt: no tiers: write one line per size band, such as 8-15: 80, 60, 50"},
		{"no points", "8:\n", `tiers.txt:1:3: no points for the places of "8"`},
		{"binary", "\xff\xfe", "tiers.txt: not a tiers file: not UTF-8 text"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tiers, err := season.ParseTiers([]byte(tt.in), "tiers.txt")
			var got string
			if err != nil {
				var lines []string
				for _, e := range tbsheet.Errors(err) {
					lines = append(lines, e.Error())
				}
				got = strings.Join(lines, "\n")
			} else {
				var parts []string
				for _, t := range tiers {
					band := fmt.Sprintf("%d-%d", t.Min, t.Max)
					if t.Max == 0 {
						band = fmt.Sprintf("%d+", t.Min)
					}
					parts = append(parts, fmt.Sprintf("%s %v", band, t.Places))
				}
				got = strings.Join(parts, "; ")
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// FuzzParseTiers: any file gives tiers that do not overlap or positioned errors, never a
// panic.
func FuzzParseTiers(f *testing.F) {
	for _, s := range []string{"4-7: 50, 40\n8+: 80\n", "8: 1", "#\n", "1-1000000: 1/3 ½\n", "x", "9-3:"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tiers, err := season.ParseTiers(data, "f")
		if err != nil {
			for _, e := range tbsheet.Errors(err) {
				if e.Pos.File != "f" {
					t.Fatalf("error without the file: %v", e)
				}
			}
			return
		}
		for i := 1; i < len(tiers); i++ {
			prev := tiers[i-1]
			if prev.Max == 0 || prev.Max >= tiers[i].Min {
				t.Fatalf("tiers overlap: %v", tiers)
			}
		}
		for _, t0 := range tiers {
			if len(t0.Places) == 0 {
				t.Fatalf("a tier without places: %v", tiers)
			}
		}
	})
}
