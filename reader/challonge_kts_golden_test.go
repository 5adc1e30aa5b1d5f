package reader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// readFixture reads a testdata file through the registry (detection included), naming it by
// its base name so that positions in golden files do not depend on the working directory.
func readFixture(t *testing.T, path string, opt Options) *tbsheet.Event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ReadBytes(data, filepath.Base(path), "", opt)
	if err != nil {
		for _, e := range tbsheet.Errors(err) {
			t.Errorf("%s", e)
		}
		t.FailNow()
	}
	return ev
}

// marked removes the ∑ markers from a test input and returns the line:col of each, in
// order: the places where the expected errors must point (the encoding/csv test convention).
func marked(s string) (string, []string) {
	var out strings.Builder
	var at []string
	line, col := 1, 1
	for _, r := range s {
		switch r {
		case '∑':
			at = append(at, fmt.Sprintf("%d:%d", line, col))
			continue
		case '\n':
			line, col = line+1, 0
		}
		out.WriteRune(r)
		col += len(string(r))
	}
	return out.String(), at
}

// errorLines returns each error of err as "pos: message" with the file name removed.
func errorLines(err error, file string) []string {
	var out []string
	for _, e := range tbsheet.Errors(err) {
		out = append(out, strings.TrimPrefix(e.Error(), file+":"))
	}
	return out
}

// TestSamples keeps the README's samples readable and detected as what they are.
func TestSamples(t *testing.T) {
	for file, format := range map[string]string{
		"../samples/challonge-swiss.json":  "challonge",
		"../samples/kts-locals.Tournament": "kts",
	} {
		ev, err := Read(file, "", Options{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if ev.Format != format || len(ev.Players) == 0 || len(ev.Rounds) == 0 {
			t.Errorf("%s: format %q, %d players, %d rounds", file, ev.Format, len(ev.Players), len(ev.Rounds))
		}
	}
}
