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
	"github.com/tbsheet/tbsheet/i18n"
)

//go:embed tiebreakers.md.tmpl
var page string

// decided are the decisions about ranking and each game's tiebreaks: the page quotes them
// beside the definitions they complete (docs/decisions.md, the other decisions, links here).
//
//go:embed decisions.md
var decided string

func main() {
	out := flag.String("o", "docs/tiebreakers.md", "the file to write")
	flag.Parse()
	var b bytes.Buffer
	err := render(&b)
	if err == nil {
		err = os.WriteFile(*out, b.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// render writes the page: the template with the presets and tiebreaks of calc, and the
// decisions about ranking and each system.
func render(w io.Writer) error {
	_, quoted, _ := strings.Cut(decided, "-->\n")
	quoted = "\n" + strings.TrimSpace(quoted) + "\n"
	t, err := template.New("tiebreakers.md").Funcs(template.FuncMap{
		"decisions": func() string { return quoted },
		"systems":   calc.Systems,
		"family":    family,
		"plain":     func(d *calc.Def) string { return i18n.Of("en").Note(d.Plain) },
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
