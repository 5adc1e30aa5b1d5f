package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
)

// TestWatchLock: a second watch of an output is refused while the first runs, and takes
// over the lock of one that ended without removing it; releasing removes the locks.
func TestWatchLock(t *testing.T) {
	dir := t.TempDir()
	out, folder := filepath.Join(dir, "s.pdf"), filepath.Join(dir, "out")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	release, err := LockOutputs([]string{out, folder + string(filepath.Separator), out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockOutputs([]string{out}); !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), "another tbsheet watch (process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("a second watch of s.pdf: %v", err)
	}
	if _, err := LockOutputs([]string{filepath.Join(folder, "")}); err == nil {
		t.Error("a second watch of out/ was not refused")
	}
	release()
	if m, _ := filepath.Glob(filepath.Join(dir, ".*tbsheet-lock")); len(m) > 0 {
		t.Errorf("locks left: %q", m)
	}
	// A watch that was killed left its lock: the process it names has ended.
	if err := os.WriteFile(lockName(out), []byte("2147483646\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	release, err = LockOutputs([]string{out})
	if err != nil {
		t.Fatalf("a stale lock: %v", err)
	}
	release()
}
