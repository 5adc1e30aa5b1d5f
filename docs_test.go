package tbsheet

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocsLinks: the pages a user reads in his clone (README.md, ARCHITECTURE.md, docs/)
// never send him to ../shared, which only the developers' machines have, and every relative
// link they hold leads to a file of the repository.
func TestDocsLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"README.md", "ARCHITECTURE.md"}, pages...)
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "../shared") {
			t.Errorf("%s mentions ../shared, which a user's clone does not have", page)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), target)); err != nil {
				t.Errorf("%s links to %s, which is not in the repository", page, target)
			}
		}
	}
}

// TestCommentReferences: every document a Go comment cites is in the repository (a page of
// docs/ and the heading it names, a sample, a template), and no comment cites the developers'
// own documents (the spec's tiebreakers.md §…, formats.md, libraries.md, cli.md, the seeds),
// which a user's clone does not have.
func TestCommentReferences(t *testing.T) {
	ref := regexp.MustCompile(`\b(docs/[\w.-]+\.md)(#[\p{L}\p{N}_-]+)?`)
	foreign := regexp.MustCompile(`(?:^|[^/\w])(?:tiebreakers|formats|libraries|cli|style)\.md\b(?:[^.]|$)|seed 00\d|\.\./shared`)
	heading := regexp.MustCompile(`(?m)^#+ (.*)$`)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		a := map[string]bool{}
		if b, err := os.ReadFile(page); err == nil {
			for _, m := range heading.FindAllStringSubmatch(string(b), -1) {
				a[slug(m[1])] = true
			}
		}
		anchors[page] = a
		return a
	}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			_, comment, ok := strings.Cut(line, "//")
			if !ok {
				continue
			}
			if foreign.MatchString(comment) && path != "docs_test.go" {
				t.Errorf("%s:%d cites a document that is not in the repository: %s", path, i+1, strings.TrimSpace(comment))
			}
			for _, m := range ref.FindAllStringSubmatch(comment, -1) {
				if _, err := os.Stat(m[1]); err != nil {
					t.Errorf("%s:%d cites %s, which is not in the repository", path, i+1, m[1])
				} else if m[2] != "" && !anchorsOf(m[1])[strings.TrimPrefix(m[2], "#")] {
					t.Errorf("%s:%d cites %s%s, a heading %s does not have", path, i+1, m[1], m[2], m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// slug is the anchor of a Markdown heading, as the forges make it: lower case, letters,
// digits, spaces as hyphens.
func slug(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	var b strings.Builder
	for _, r := range h {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// maxFileLines is the most lines a Go file may have: a longer one holds more than one job.
const maxFileLines = 800

// TestFileSize keeps every Go file under maxFileLines.
func TestFileSize(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(path, "testdata") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := strings.Count(string(b), "\n"); n > maxFileLines {
			t.Errorf("%s has %d lines, more than %d: split it by what its parts do", path, n, maxFileLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
