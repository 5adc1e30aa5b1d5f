package writer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/writer/resultfile"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
	"github.com/tbsheet/tbsheet/writer/seasontable"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

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
		row(standingsheet.Standings.Name, "`standings`, `watch`", standingsheet.Standings.Exts(), standingsheet.Standings.Tos()) +
		row(roundsheet.Pair.Name+" (a new round)", "`pair`", roundsheet.Pair.Exts(), roundsheet.Pair.Tos()) +
		row(roundsheet.Pairings.Name, "`pairings`, `watch --pairings`", roundsheet.Pairings.Exts(), roundsheet.Pairings.Tos()) +
		row(roundsheet.Slips.Name, "`pairings --slips`, `pair --slips`", roundsheet.Slips.Exts(), roundsheet.Slips.Tos()) +
		row(scenariosheet.Product.Name, "`scenarios`, `watch --scenarios`", scenariosheet.Product.Exts(), scenariosheet.Product.Tos()) +
		row(seasontable.Product.Name, "`season`, `watch --season`", seasontable.Product.Exts(), seasontable.Product.Tos()) +
		row(resultfile.Results.Name, "`convert`", resultfile.Results.Exts(), resultfile.Results.Tos())
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
