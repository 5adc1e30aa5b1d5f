//go:build unix

package reader

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadFileFIFO: a named pipe is refused at once; opening it would wait for a writer
// forever.
func TestReadFileFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "results.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	_, err := ReadFile(fifo, 0)
	want := fifo + ": not a results file but a named pipe: to read from a pipe, give - and send the results to tbsheet's standard input"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
