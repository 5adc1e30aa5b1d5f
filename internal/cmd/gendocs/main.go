// Command gendocs writes docs/tiebreakers.md, the organizers' reference for every preset and
// tiebreak id: the tables and definitions come from the calc package's own registries (the
// same text `tbsheet systems`, `tbsheet tiebreaks` and the XLSX About sheet print), the prose
// around them from tiebreakers.md.tmpl beside this file. The test in this folder fails when
// the checked-in file is not what this command writes.
//
//	go generate ./internal/cmd/gendocs
package main

//go:generate go run . -o ../../../docs/tiebreakers.md

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/template"

	"github.com/tbsheet/tbsheet/calc"
)

//go:embed tiebreakers.md.tmpl
var page string

func main() {
	out := flag.String("o", "docs/tiebreakers.md", "the file to write")
	readme := flag.String("readme", "../../../README.md", "the README whose decisions the page quotes")
	flag.Parse()
	var b bytes.Buffer
	text, err := os.ReadFile(*readme)
	if err == nil {
		err = render(&b, string(text))
	}
	if err == nil {
		err = os.WriteFile(*out, b.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// render writes the page: the template with the presets and tiebreaks of calc, and the
// decisions of readme (the README's text) about ranking and each system.
func render(w io.Writer, readme string) error {
	quoted, err := decisions(readme)
	if err != nil {
		return err
	}
	t, err := template.New("tiebreakers.md").Funcs(template.FuncMap{
		"decisions": func() string { return quoted },
		"systems":   calc.Systems,
		"family":    family,
		"plain":     func(d *calc.Def) string { return d.Plain.In("en") },
		"heading":   heading,
		"ids":       codeList,
		"points": func(s *calc.System) string {
			p := s.Points
			return fmt.Sprintf("%s / %s / %s / %s", p.Win, p.Draw, p.Loss, p.Bye)
		},
		"also": func(s *calc.System) string { return codeList(s.Aliases) },
	}).Parse(page)
	if err != nil {
		return err
	}
	return t.Execute(w, nil)
}

// heading names a tiebreak for its heading: its name and, unless the name holds it, its
// column header ("Opponents' match-win percentage (OMW%)").
func heading(d *calc.Def) string {
	if strings.Contains(d.Name, d.Short) {
		return d.Name
	}
	return d.Name + " (" + d.Short + ")"
}

// family returns the registered tiebreaks whose ids start with one of the prefixes, in the
// order `tbsheet tiebreaks` lists them; "" stands for the ids without a system prefix
// (points, match-wins, buchholz, …).
func family(prefixes ...string) []*calc.Def {
	var out []*calc.Def
	for _, d := range calc.Tiebreaks() {
		for _, p := range prefixes {
			if p == "" && !hasSystemPrefix(d.ID) || p != "" && strings.HasPrefix(d.ID, p) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// hasSystemPrefix reports whether id belongs to one system's family (mtg-omw, fide-bh).
func hasSystemPrefix(id string) bool {
	for _, p := range []string{"mtg-", "kts-", "pkm-", "cz-", "chl-", "fide-"} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// codeList writes ids as inline code, comma-separated: `a`, `b`.
func codeList(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = "`" + id + "`"
	}
	return strings.Join(q, ", ")
}

// decidedSystems are the headings, in bold, of the README's decisions that the page quotes:
// ranking, and each system's tiebreaks. The README keeps them (they are its decisions, and
// the issues ask for them there); the page quotes them so that they are read with the
// definitions they complete, and cannot drift from the README's.
var decidedSystems = []string{"Ranking and standings", "Magic", "Yu-Gi-Oh!", "Pokémon", "Cryptozoic", "Challonge", "Chess"}

// decisions returns the blocks of the README's "Decisions where the rules are silent" whose
// bold heading starts with one of decidedSystems, in that order, its links to the README's
// own sections pointed at the README. A heading it cannot find is an error: the README was
// reorganized and this command must follow.
func decisions(readme string) (string, error) {
	_, section, ok := strings.Cut(readme, "\n## Decisions where the rules are silent\n")
	if !ok {
		return "", fmt.Errorf("the README has no section \"Decisions where the rules are silent\"")
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	blocks := map[string]string{}
	var heading string
	for _, line := range strings.SplitAfter(section, "\n") {
		if strings.HasPrefix(line, "**") {
			heading = ""
			for _, h := range decidedSystems {
				if strings.HasPrefix(line, "**"+h) {
					heading = h
				}
			}
		}
		if heading != "" {
			blocks[heading] += line
		}
	}
	var b strings.Builder
	for _, h := range decidedSystems {
		block, ok := blocks[h]
		if !ok {
			return "", fmt.Errorf("the README's decisions have no block headed **%s", h)
		}
		b.WriteString("\n")
		b.WriteString(strings.TrimRight(strings.ReplaceAll(block, "](#", "](../README.md#"), "\n"))
		b.WriteString("\n")
	}
	return b.String(), nil
}
