package watch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestVerboseLogInTheFolder: the verbose log written into the watched folder (watch -v
// 2>watch.log) does not feed itself: a line per write of the log would write the log again,
// and it grew by megabytes a second.
func TestVerboseLogInTheFolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.txt")
	writeFile(t, path, fixture(t, "round3.txt"))
	log, err := os.Create(filepath.Join(dir, "watch.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	job := &fakeJob{out: outputBeside}
	cfg := Config{Inputs: []string{dir}, Exts: testExts, Debounce: 50 * time.Millisecond, Settle: 400 * time.Millisecond,
		Log: log, Errors: log, Verbose: log, Now: clock}
	cfg.Outputs = func(in string) []string { return []string{job.out(in)} }
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := Run(ctx, cfg, job.run); err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}
	if fi, err := log.Stat(); err != nil || fi.Size() > 16<<10 {
		t.Errorf("the log holds %d bytes after 2 s (%v): it feeds itself", fi.Size(), err)
	}
}
