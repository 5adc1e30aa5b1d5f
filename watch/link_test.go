package watch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputSwappedForALink: a watched input replaced, while watched, by a symbolic link to a
// file in another folder is read through the link, and later saves of that file are saves of
// the input.
func TestInputSwappedForALink(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	path, target := filepath.Join(dir, "results.txt"), filepath.Join(other, "kept.txt")
	writeFile(t, path, fixture(t, "round3.txt"))
	writeFile(t, target, fixture(t, "round3.txt"))
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{path}}, job, 1)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	// The swap itself changes nothing: the link's file holds what the input held.
	h.waitFor("the swap to be read", func() bool { return strings.Contains(h.detail.String(), "content unchanged") })
	writeFile(t, target, fixture(t, "round4.txt"))
	h.waitFor("the save of the linked file", func() bool { return len(job.committed()) >= 2 })
}
