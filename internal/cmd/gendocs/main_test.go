package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// TestPageUpToDate fails when docs/tiebreakers.md is not what gendocs writes from calc's
// definitions, the template and the README: a tiebreak added or reworded, a preset changed or
// a decision edited without running go generate ./internal/cmd/gendocs. With -update it
// rewrites the page.
func TestPageUpToDate(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := render(&b, string(readme)); err != nil {
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

// TestDecisions: the page quotes each system's decisions from the README, with links to the
// README's sections made to work from docs/, and a README without one is an error.
func TestDecisions(t *testing.T) {
	readme := "# x\n\n## Decisions where the rules are silent\n\nIntro.\n\n" +
		"**Ranking and standings**\n- shared ranks\n\n**The wall PDF**\n- not quoted\n\n" +
		"**Magic** — floor, see [Tests](#tests).\n\n**Yu-Gi-Oh! (KTS)** — pooled.\n\n**Pokémon** — half.\n\n" +
		"**Cryptozoic** — wins.\n\n**Challonge** — MB.\n\n**Chess (FIDE)** — C.07.\n\n## Licences\n\nnot quoted\n"
	got, err := decisions(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := "\n**Ranking and standings**\n- shared ranks\n" +
		"\n**Magic** — floor, see [Tests](../README.md#tests).\n" +
		"\n**Yu-Gi-Oh! (KTS)** — pooled.\n\n**Pokémon** — half.\n\n**Cryptozoic** — wins.\n" +
		"\n**Challonge** — MB.\n\n**Chess (FIDE)** — C.07.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := decisions(strings.Replace(readme, "**Cryptozoic**", "**Mantis**", 1)); err == nil {
		t.Error("a README without the Cryptozoic decisions was accepted")
	}
}
