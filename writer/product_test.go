package writer

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// fileWriter is how p writes a file of the extension ext (with its byte order mark), for the
// tests of one format.
func fileWriter[T any](p *Product[T], ext string) func(io.Writer, T, Options) error {
	f, err := p.file("file" + ext)
	if err != nil {
		panic(err)
	}
	return f.writeFile
}

// TestOutputsDocumented: docs/outputs.md lists every product with the files it is written to
// and what --to prints, as the products say (go test ./writer -update rewrites the table).
func TestOutputsDocumented(t *testing.T) {
	row := func(name, commands string, exts, tos []string) string {
		code := func(words []string) string {
			if len(words) == 0 {
				return "–"
			}
			return "`" + strings.Join(words, "`, `") + "`"
		}
		return fmt.Sprintf("| %s | %s | %s | %s |\n", name, commands, code(exts), code(tos))
	}
	table := "| Output | Commands | Files (`-o`) | Standard output (`--to`) |\n|---|---|---|---|\n" +
		row(Standings.Name, "`standings`, `watch`", Standings.Exts(), Standings.Tos()) +
		row(Pair.Name+" (a new round)", "`pair`", Pair.Exts(), Pair.Tos()) +
		row(Pairings.Name, "`pairings`, `watch --pairings`", Pairings.Exts(), Pairings.Tos()) +
		row(Slips.Name, "`pairings --slips`, `pair --slips`", Slips.Exts(), Slips.Tos()) +
		row(Scenarios.Name, "`scenarios`, `watch --scenarios`", Scenarios.Exts(), Scenarios.Tos()) +
		row(Season.Name, "`season`, `watch --season`", Season.Exts(), Season.Tos()) +
		row(Results.Name, "`convert`", Results.Exts(), Results.Tos())
	const path = "../docs/outputs.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const start, end = "<!-- products: go test ./writer -update -->\n", "<!-- /products -->"
	before, rest, ok1 := strings.Cut(string(data), start)
	_, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s: no %q … %q section", path, start, end)
	}
	want := before + start + table + end + after
	if golden.Updating() {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(data) != want {
		t.Errorf("%s: the table of outputs is not the products' (go test ./writer -update):\n%s", path, golden.Diff(string(data), want))
	}
}
