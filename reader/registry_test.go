package reader

import (
	"errors"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestErrorLines: a problem in a text input shows its line with a caret under the place,
// counted as the format counts columns: bytes of the decoded text (CSV in any encoding, XML,
// JSON), characters for TRF; a minified JSON dump's one line is cut around the place.
func TestErrorLines(t *testing.T) {
	trf := trfTestLine("1", "Müller, Jürgen", "20k0", "1.0", "1", "")
	json := `{"tournament":{"id":1,"name":"` + strings.Repeat("x", 200) + `","tournament_type":"swiss",` +
		`"participants":[{"participant":{"id":1,"name":"A"}}],"matches":[}}`
	for _, tt := range []struct {
		name, file, from, input string
		want                    string // the first problem's Detail
	}{
		{"csv", "r.csv", "", "Round,Player 1,Player 2,Result\n1,Alice,Bob,2:1?\n",
			"    1,Alice,Bob,2:1?\n                ^"},
		{"csv in Windows-1252", "r.csv", "", "Round,Player 1,Player 2,Result\r\n1,Jos\xe9,Bob,xx\r\n",
			"    1,José,Bob,xx\n               ^"},
		{"csv with old Mac line ends", "r.csv", "", "Round,Player 1,Player 2,Result\r1,A,B,zz\r",
			"    1,A,B,zz\n          ^"},
		{"trf, columns in characters", "x.trf", "trf", "012 Open\n" + trf + "\n",
			"    " + trf + "\n" + strings.Repeat(" ", 4+48) + "^"},
		{"xml", "e.wer", "", "<?xml version=\"1.0\"?>\n<event>\n  <participation>\n    <person/>\n  </participation>\n</event>\n",
			"        <person/>\n" + strings.Repeat(" ", 4+4) + "^"},
		{"minified json", "d.json", "challonge", json,
			"    …" + json[len(json)-62:] + "\n" + strings.Repeat(" ", 4+61) + "^"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes([]byte(tt.input), tt.file, tt.from, Options{})
			errs := tbsheet.Errors(err)
			if len(errs) == 0 {
				t.Fatal("no error")
			}
			if got := errs[0].Detail(); got != tt.want {
				t.Errorf("%v:\n%s\nwant\n%s", errs[0], got, tt.want)
			}
		})
	}
}

// TestErrorKinds: each kind of problem a reader reports wraps its own sentinel.
func TestErrorKinds(t *testing.T) {
	for _, tt := range []struct {
		name, file, from, input string
		want                    error
	}{
		{"not results", "r.csv", "csv", "Shopping list\nmilk\n", tbsheet.ErrFormat},
		{"no result column", "r.csv", "csv", "Round,Player 1,Player 2,Table\n1,A,B,1\n", tbsheet.ErrColumns},
		{"bad table", "r.csv", "csv", "Round,Player 1,Player 2,Result,Table\n1,A,B,2-0,x\n", tbsheet.ErrValue},
		{"bad result", "r.csv", "csv", "Round,Player 1,Player 2,Result\n1,A,B,x\n", tbsheet.ErrResult},
		{"missing round", "r.csv", "csv", "Round,Player 1,Player 2,Result\n1,A,B,2-0\n3,A,B,2-0\n", tbsheet.ErrRounds},
		{"too many fields", "r.csv", "csv", strings.Repeat(",", 2000), tbsheet.ErrTooLarge},
		{"trf rating", "x.trf", "trf", trfTestLine("1", "Alpha, Ann", "20k0", "1.0", "1", "") + "\n", tbsheet.ErrValue},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes([]byte(tt.input), tt.file, tt.from, Options{})
			if !errors.Is(err, tt.want) {
				t.Errorf("%v: not %v", err, tt.want)
			}
		})
	}
	players := []tbsheet.Player{{ID: "A", Name: "A", DroppedAfter: 1}, {ID: "B", Name: "B"}}
	_, err := ReadBytes([]byte("Round,Player 1,Player 2,Result\n1,A,B,2-0\n2,A,B,2-0\n"), "r.csv", "", Options{Players: players})
	if !errors.Is(err, tbsheet.ErrDroppedPaired) {
		t.Errorf("paired after dropping: %v", err)
	}
}
