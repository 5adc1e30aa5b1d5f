package infile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpen: a regular file (also through a link) opens; a folder is refused.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "results.csv")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, kind string }{
		{file, ""},
		{link, ""},
		{dir, "a folder"},
	}
	checkOpen(t, tests)
	if _, _, err := Open(filepath.Join(dir, "missing.csv")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v", err)
	}
}

// checkOpen opens each path: kind "" must open, any other must be refused as that kind.
func checkOpen(t *testing.T, tests []struct{ path, kind string }) {
	t.Helper()
	for _, tt := range tests {
		f, _, err := Open(tt.path)
		if f != nil {
			f.Close()
		}
		var nr *NotRegularError
		switch {
		case tt.kind == "" && err != nil:
			t.Errorf("%s: %v", tt.path, err)
		case tt.kind != "" && (!errors.As(err, &nr) || nr.Kind != tt.kind):
			t.Errorf("%s: got %v, want a refusal as %s", tt.path, err, tt.kind)
		}
	}
}

// endless is a reader that never ends, as a device or a pipe fed forever.
type endless struct{}

func (endless) Read(p []byte) (int, error) { return len(p), nil }

func TestReadAtMost(t *testing.T) {
	tests := []struct {
		name        string
		text        string
		size, limit int64
		over        bool
	}{
		{"within", "abc", 3, 3, false},
		{"stream within", "abc", -1, 3, false},
		{"stream over", "abcd", -1, 3, true},
		{"says too much", "", 10, 3, true},
		{"says less than it holds", "abcdef", 2, 3, true},
	}
	for _, tt := range tests {
		data, over, err := ReadAtMost(strings.NewReader(tt.text), tt.size, tt.limit)
		if err != nil || over != tt.over || (!over && string(data) != tt.text) {
			t.Errorf("%s: got %q, %v, %v", tt.name, data, over, err)
		}
	}
	if _, over, err := ReadAtMost(endless{}, -1, 1<<20); !over || err != nil {
		t.Errorf("endless: got over %v, %v", over, err)
	}
}
