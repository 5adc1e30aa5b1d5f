package reader

import (
	"path/filepath"
	"testing"
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
