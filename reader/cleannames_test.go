package reader

import (
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestNamesCleanedInEveryFormat: a name with a bidirectional override or a zero-width space
// reads, from every format, as the hand-kept readers read a name cell: without them, so
// that neither reaches the workbook, the CSV or the wall (where an override reorders the
// name, and a zero-width space makes two names look alike).
func TestNamesCleanedInEveryFormat(t *testing.T) {
	tests := []struct {
		file, old, new, want string
	}{
		{"../samples/challonge-swiss.json", `"name": "Kaito"`, `"name": "Kai\u202eto\u200b"`, "Kaito"},
		{"../samples/kts-locals.Tournament", "<FirstName>Chloé</FirstName>", "<FirstName>Chl&#x202E;oé&#x200B;</FirstName>", "Chloé Dubois"},
		{"../samples/pokemon-league-cup.tdf", "<firstname>Zoë</firstname>", "<firstname>Zo&#x202E;ë&#x200B;</firstname>", "Zoë Müller"},
		{"../samples/fnm-modern.wer", "Aaliyah", "Aal&#x202E;iyah&#x200B;", "Johnson, Aaliyah"},
		{"../testdata/trf/lakeside-open-2025.trf", "Petrov, Ivan ", "Petrov,\u202eIvan\u200b", "Petrov,Ivan"},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tt.old) {
			t.Fatalf("%s holds no %s", tt.file, tt.old)
		}
		data = []byte(strings.Replace(string(data), tt.old, tt.new, 1))
		ev, err := ReadBytes(data, tt.file, "", Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		found := false
		for _, e := range append([]*tbsheet.Event{ev}, ev.Pods...) {
			for _, p := range e.Players {
				for _, s := range []string{p.Name, p.Family, p.Given} {
					if strings.ContainsFunc(s, tbsheet.IsInvisible) {
						t.Errorf("%s: name %s holds an invisible character", tt.file, tbsheet.Quote(s))
					}
				}
				found = found || p.Name == tt.want
			}
		}
		if !found {
			t.Errorf("%s: no player %s", tt.file, tt.want)
		}
	}
}
