//go:build e2e

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHostileCorpus runs the cases of testdata/hostile/cases.tsv, each in a fresh copy of
// testdata/hostile/files: the exit code and the words of the message each must get, and
// every file of the copy as it was (tbsheet never writes to what it reads).
func TestHostileCorpus(t *testing.T) {
	src := filepath.Join("..", "..", "testdata", "hostile")
	table, err := os.ReadFile(filepath.Join(src, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := os.ReadDir(filepath.Join(src, "files"))
	if err != nil {
		t.Fatal(err)
	}
	cases := 0
	for i, line := range strings.Split(strings.TrimSpace(string(table)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("cases.tsv:%d: %d fields, want 4", i+1, len(f))
		}
		want, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("cases.tsv:%d: exit code %q", i+1, f[2])
		}
		cases++
		t.Run(f[0], func(t *testing.T) {
			dir := t.TempDir()
			before := map[string]string{}
			for _, e := range files {
				data, err := os.ReadFile(filepath.Join(src, "files", e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				before[e.Name()] = string(data)
				if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, _, stderr := runAt(t, dir, strings.Fields(f[1])...)
			if code != want || !strings.Contains(stderr, f[3]) {
				t.Errorf("%s: exit %d, want %d and %q:\n%s", f[1], code, want, f[3], stderr)
			}
			for name, data := range before {
				if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != data {
					t.Errorf("%s: %s was changed (%v)", f[1], name, err)
				}
			}
		})
	}
	if cases < 10 {
		t.Errorf("%d cases", cases)
	}
}
