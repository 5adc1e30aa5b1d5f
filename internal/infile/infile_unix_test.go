//go:build unix

package infile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenSpecial: a named pipe and a device, also through a link, are refused without being
// opened — the named pipe would block the open until a writer came, and the test with it.
func TestOpenSpecial(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	devLink := filepath.Join(dir, "zero.xlsx")
	if err := os.Symlink("/dev/zero", devLink); err != nil {
		t.Fatal(err)
	}
	checkOpen(t, []struct{ path, kind string }{
		{fifo, "a named pipe"},
		{"/dev/zero", "a device"},
		{devLink, "a device"},
	})
}
