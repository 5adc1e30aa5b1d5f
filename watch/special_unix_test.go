//go:build unix

package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSpecialFiles: an input that is a named pipe or a device (also through a link) is
// refused when the watch starts, and one that turns up in a watched folder is a broken save,
// not a wait: opening the pipe would block the watch for good, and /dev/zero, whose size
// reads 0, would never read the same twice and be retried forever.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo, dev := filepath.Join(dir, "pipe.txt"), filepath.Join(dir, "zero.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", dev); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a named pipe", dev: "a device", "/dev/zero": "a device"} {
		job := &fakeJob{out: outputBeside}
		err := Run(context.Background(), Config{Inputs: []string{path}, Exts: testExts}, job.run)
		if want := path + ": not a results file but " + kind; err == nil || err.Error() != want {
			t.Errorf("Run: %v, want %s", err, want)
		}
		if job.callCount() != 0 {
			t.Errorf("%s: the job ran", path)
		}
		_, _, err = readWhole(path, 1<<20)
		if want := "not a results file but " + kind; err == nil || err.Error() != want || errors.Is(err, ErrIncomplete) {
			t.Errorf("readWhole(%s): %v, want %s (a broken save, not an incomplete one)", path, err, want)
		}
	}
}
