package watch

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/lockedbuf"
)

// Events can be slow on a loaded machine: every wait is for a condition, with this deadline.
const deadline = 30 * time.Second

// clock is the fixed time of every line the tests read.
func clock() time.Time { return time.Date(2026, 3, 14, 11, 42, 5, 0, time.Local) }

// harness runs Run in the background for one test.
type harness struct {
	t                 *testing.T
	job               *fakeJob
	log, errs, detail *lockedbuf.Buffer
	cancel            context.CancelFunc
	done              chan error
}

// fixture returns a file of testdata/watch.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "watch", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// testConfig is cfg with the tests' short waits and captured output.
// testExts are the extensions a folder input watches in these tests, as the CLI gives the
// readers'.
var testExts = []string{".csv", ".json", ".tdf", ".tournament", ".trf", ".txt", ".wer", ".xlsx"}

func (h *harness) config(cfg Config) Config {
	if cfg.Exts == nil {
		cfg.Exts = testExts
	}
	if cfg.Debounce == 0 {
		cfg.Debounce = 50 * time.Millisecond
	}
	if cfg.Lead == 0 {
		cfg.Lead = 15 * time.Millisecond // the job runs ahead of the debounce, as by default
	}
	if cfg.Settle == 0 {
		cfg.Settle = 400 * time.Millisecond
	}
	cfg.Log, cfg.Errors, cfg.Verbose, cfg.Now = h.log, h.errs, h.detail, clock
	if cfg.Outputs == nil {
		cfg.Outputs = func(in string) []string { return []string{h.job.out(in)} }
	}
	return cfg
}

// start runs the watch and waits for the initial run of `initial` inputs.
func start(t *testing.T, cfg Config, job *fakeJob, initial int) *harness {
	t.Helper()
	h := &harness{t: t, job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}, done: make(chan error, 1)}
	cfg = h.config(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- Run(ctx, cfg, job.run) }()
	t.Cleanup(func() {
		if err := h.stop(); err != nil {
			t.Errorf("Run: %v", err)
		}
		if t.Failed() {
			t.Logf("log:\n%s\nerrors:\n%s\nverbose:\n%s", h.log, h.errs, h.detail)
		}
		if m := job.modified(); len(m) > 0 {
			t.Errorf("inputs written by a commit: %v", m)
		}
	})
	h.waitFor("the initial runs", func() bool { return len(job.committed()) >= initial })
	return h
}

// stop cancels the watch and returns Run's result.
func (h *harness) stop() error {
	h.cancel()
	select {
	case err := <-h.done:
		h.done <- err // stop is idempotent
		return err
	case <-time.After(deadline):
		return errors.New("Run did not return after cancel")
	}
}

// waitFor waits until cond holds, failing the test after the deadline or if Run returns.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	waitUntil(h.t, what, func() bool {
		select {
		case err := <-h.done:
			h.done <- err
			h.t.Fatalf("Run returned %v while waiting for %s", err, what)
		default:
		}
		return cond()
	})
}

// waitUntil waits until cond holds, failing the test after the deadline.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(deadline)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitRuns waits until watch has reported a run for each of want, in order: the standings
// of each text the job accepts, committed (written), and a broken save for each other. It
// checks the commits; the tests that break a save check what watch printed.
func (h *harness) waitRuns(want ...[]byte) {
	h.t.Helper()
	var commits []string
	for _, w := range want {
		if accepts(w) {
			commits = append(commits, string(w))
		}
	}
	h.waitFor("the runs to be reported", func() bool {
		return len(h.job.committed()) >= len(commits) && h.reports() >= len(want)
	})
	got := h.job.committed()
	if len(got) != len(commits) {
		h.t.Fatalf("%d commits, want %d", len(got), len(commits))
	}
	for i := range commits {
		if got[i] != commits[i] {
			h.t.Errorf("commit %d read:\n%s\nwant:\n%s", i+1, got[i], commits[i])
		}
	}
}

var (
	summaryRE = regexp.MustCompile(`(?m)^11:42:05 .* players · `)
	problemRE = regexp.MustCompile(`(?m)^11:42:05 .*: \d+ problems?; `)
)

// reports counts the runs watch has reported: summary lines and broken saves.
func (h *harness) reports() int {
	return len(summaryRE.FindAllString(h.log.String(), -1)) + len(problemRE.FindAllString(h.errs.String(), -1))
}

// waitLine waits until a line of buf matches the pattern.
func (h *harness) waitLine(buf *lockedbuf.Buffer, pattern string) {
	h.t.Helper()
	re := regexp.MustCompile("(?m)" + pattern)
	h.waitFor("a line matching "+pattern, func() bool { return re.MatchString(buf.String()) })
}

// checkFile checks a file's content.
func checkFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s:\n%s\nwant:\n%s", filepath.Base(path), got, want)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// A save pattern writes data over path the way a program saves a document.
type savePattern struct {
	name string
	save func(t *testing.T, path string, data []byte)
}

var savePatterns = []savePattern{
	{"LibreOffice", saveLibreOffice},
	{"Excel", saveExcel},
	{"in place", saveInPlace},
}

// saveLibreOffice saves as LibreOffice does: a lock file while
// the document is open, the new content written to lu*.tmp in several writes, renamed over
// the document, a chmod, the lock removed on close.
func saveLibreOffice(t *testing.T, path string, data []byte) {
	t.Helper()
	dir, base := filepath.Split(path)
	lock := filepath.Join(dir, ".~lock."+base+"#")
	writeFile(t, lock, []byte(",Organizer,laptop,14.03.2026 11:40,file:///home/organizer/.config/libreoffice/4;"))
	tmp := filepath.Join(dir, "lu"+randomHex(4)+"xv5.tmp")
	f, err := os.Create(tmp)
	if err != nil {
		t.Fatal(err)
	}
	third := len(data) / 3
	for _, part := range [][]byte{data[:third], data[third : 2*third], data[2*third:]} {
		if _, err := f.Write(part); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
}

// saveExcel saves as Excel does (Microsoft KB 814068): the owner file ~$name while the
// workbook is open, the new content in an extensionless temporary file, the original
// deleted, the temporary renamed to the original's name.
func saveExcel(t *testing.T, path string, data []byte) {
	t.Helper()
	dir, base := filepath.Split(path)
	owner := filepath.Join(dir, "~$"+base)
	writeFile(t, owner, append([]byte("\x0aOrganizer"), make([]byte, 150)...))
	tmp := filepath.Join(dir, strings.ToUpper(randomHex(4)))
	writeFile(t, tmp, data)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(owner); err != nil {
		t.Fatal(err)
	}
}

// saveInPlace truncates the file and writes the new content, as simple programs do.
func saveInPlace(t *testing.T, path string, data []byte) {
	t.Helper()
	writeFile(t, path, data)
}

// saveSplit truncates the file, writes the first half (ending on a line, so that it reads as
// a whole smaller file), pauses, then writes the rest.
func saveSplit(pause time.Duration) func(t *testing.T, path string, data []byte) {
	return func(t *testing.T, path string, data []byte) {
		t.Helper()
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		half := bytes.IndexByte(data[len(data)/2:], '\n') + len(data)/2 + 1
		if _, err := f.Write(data[:half]); err != nil {
			t.Fatal(err)
		}
		time.Sleep(pause) // part of the save being simulated, not a wait for the watcher
		if _, err := f.Write(data[half:]); err != nil {
			t.Fatal(err)
		}
	}
}

// drive does what Run's loop does with the deadlines that have passed and the runs they
// start, without file system events, until nothing is left to do now.
func drive(w *watcher) {
	ctx := context.Background()
	for {
		w.due(ctx)
		if w.busy == nil {
			return
		}
		w.finished(ctx, <-w.results)
	}
}
