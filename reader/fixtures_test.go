package reader

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/golden"
)

// fixtures lists the testdata files matching pattern and the samples with extension ext, for
// golden and fuzz tests.
func fixtures(t testing.TB, pattern, ext string) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", pattern))
	if err != nil {
		t.Fatal(err)
	}
	samples, _ := filepath.Glob(filepath.Join("..", "samples", "*"+ext))
	files = append(files, samples...)
	if len(files) == 0 {
		t.Fatalf("no fixtures for %s", pattern)
	}
	return files
}

// checkGoldenReads reads every fixture of a format (testdata/DIR/*EXT and the samples)
// through format detection, checks the format and default system it is read as, and
// compares the model with DIR/NAME.golden.
func checkGoldenReads(t *testing.T, dir, ext, format, system string) {
	for _, path := range fixtures(t, dir+"/*"+ext, ext) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := ReadBytes(data, name, "", Options{})
			if err != nil {
				t.Fatalf("read: %v", tbsheet.Errors(err))
			}
			if ev.Format != format || ev.System != system {
				t.Errorf("format %q system %q, want %s %s", ev.Format, ev.System, format, system)
			}
			golden.Check(t, filepath.Join("..", "testdata", dir, strings.TrimSuffix(name, ext)+".golden"), golden.Event(ev))
		})
	}
}

// checkErrorsAtMarks reads doc, a document with a ∑ marker before each place an error must
// point at (see marked), as format and requires exactly the errors want, in order.
func checkErrorsAtMarks(t *testing.T, doc, file, format string, want []string) {
	t.Helper()
	text, at := marked(doc)
	if len(at) != len(want) {
		t.Fatalf("test has %d markers for %d errors", len(at), len(want))
	}
	_, err := ReadBytes([]byte(text), file, format, Options{})
	var full []string
	for i, w := range want {
		full = append(full, at[i]+": "+w)
	}
	if got := errorLines(err, file); !reflect.DeepEqual(got, full) {
		t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(full, "\n  "))
	}
}
