package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// TestPageUpToDate fails when docs/tiebreakers.md is not what gendocs writes from calc's
// definitions, the template and decisions.md: a tiebreak added or reworded, a preset changed or
// a decision edited without running go generate ./internal/cmd/gendocs. With -update it
// rewrites the page.
func TestPageUpToDate(t *testing.T) {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		t.Fatal(err)
	}
	const page = "../../../docs/tiebreakers.md"
	if golden.Updating() {
		if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, b.Bytes()) {
		t.Errorf("docs/tiebreakers.md is stale: run go generate ./internal/cmd/gendocs (or go test ./internal/cmd/gendocs -update) and review the diff\n%s",
			golden.Diff(string(want), b.String()))
	}
}
