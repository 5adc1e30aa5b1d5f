package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeExample is a command the README (or a page of docs/) runs on a bundled sample, with
// what it shows.
type readmeExample struct {
	file string   // the page, for the message
	line int      // of the page
	args []string // after "tbsheet"
	want []string // lines; "…" stands for any number of lines
}

// readmeExamples finds the README's examples on the samples: a code block whose lines start
// with "$ tbsheet …", each followed by what it prints, and a block introduced by a paragraph
// naming the command ("`tbsheet scenarios samples/… --cut 8` prints:"), or by "The first
// command prints:" after a block of commands.
func readmeExamples(t *testing.T) []readmeExample {
	t.Helper()
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeExample
	for _, page := range append([]string{"../../README.md"}, pages...) {
		out = append(out, pageExamples(t, page)...)
	}
	return out
}

// pageExamples finds the examples of one page (see readmeExamples).
func pageExamples(t *testing.T, page string) []readmeExample {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	file := strings.TrimPrefix(page, "../../")
	lines := strings.Split(string(b), "\n")
	named := regexp.MustCompile("`(?:go run \\./cmd/)?tbsheet ([^`]*samples/[^`]*)`")
	var out []readmeExample
	var prose []string // the text since the last block
	var lastBlock []string
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimLeft(lines[i], " ")
		if !strings.HasPrefix(fence, "```") {
			prose = append(prose, lines[i])
			continue
		}
		indent := len(lines[i]) - len(fence)
		start := i + 1
		var block []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			block = append(block, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
		}
		para := strings.Join(prose, " ")
		prose = nil
		switch {
		case len(block) > 0 && strings.HasPrefix(block[0], "$ tbsheet "):
			for k := 0; k < len(block); k++ {
				if !strings.HasPrefix(block[k], "$ tbsheet ") || !strings.Contains(block[k], "samples/") {
					continue
				}
				ex := readmeExample{file: file, line: start + k + 1, args: shellWords(strings.TrimPrefix(block[k], "$ tbsheet "))}
				for k+1 < len(block) && !strings.HasPrefix(block[k+1], "$ ") {
					k++
					ex.want = append(ex.want, block[k])
				}
				out = append(out, ex)
			}
		case strings.HasSuffix(strings.TrimSpace(para), ":") && strings.Contains(para, " prints"):
			cmd := ""
			if m := named.FindAllStringSubmatch(para, -1); m != nil {
				cmd = m[len(m)-1][1]
			} else if strings.Contains(para, "first command") {
				for _, l := range lastBlock {
					if _, after, ok := strings.Cut(l, "tbsheet "); ok && strings.Contains(l, "samples/") {
						cmd, _, _ = strings.Cut(after, "#")
						break
					}
				}
			}
			if cmd != "" {
				out = append(out, readmeExample{file: file, line: start, args: shellWords(cmd), want: block})
			}
		}
		lastBlock = block
	}
	return out
}

// shellWords splits a command line on spaces, keeping what single quotes hold together.
func shellWords(s string) []string {
	var out []string
	for _, part := range regexp.MustCompile(`'[^']*'|\S+`).FindAllString(s, -1) {
		out = append(out, strings.Trim(part, "'"))
	}
	return out
}

// TestReadmeExamples runs every example the README and docs/ show on a bundled sample, as a user
// types it from the repository's root, and requires the output it shows: what stdout prints
// (or, for a command that fails, stderr), line for line, a "…" standing for lines left out.
func TestReadmeExamples(t *testing.T) {
	examples := readmeExamples(t)
	if len(examples) < 6 {
		t.Fatalf("found %d examples in the README", len(examples))
	}
	for _, ex := range examples {
		_, stdout, stderr := runAt(t, "../..", ex.args...)
		got := stdout
		if got == "" {
			got = stderr
		}
		if msg := matchLines(strings.Split(strings.TrimRight(got, "\n"), "\n"), ex.want); msg != "" {
			t.Errorf("%s:%d: tbsheet %s: %s\n%s", ex.file, ex.line, strings.Join(ex.args, " "), msg, got)
		}
	}
}

// matchLines reports how got differs from want, whose "…" lines stand for any lines.
func matchLines(got, want []string) string {
	g := 0
	for w := 0; w < len(want); w++ {
		if strings.TrimSpace(want[w]) == "…" {
			if w+1 == len(want) {
				return ""
			}
			for g < len(got) && got[g] != want[w+1] {
				g++
			}
			continue
		}
		if g >= len(got) {
			return "it ends before " + quote(want[w])
		}
		if got[g] != want[w] {
			return "it prints " + quote(got[g]) + " where the README shows " + quote(want[w])
		}
		g++
	}
	if g < len(got) {
		return "it prints more: " + quote(got[g])
	}
	return ""
}

func quote(s string) string { return "«" + s + "»" }
