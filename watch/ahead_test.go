package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/lockedbuf"
)

// The tests of running ahead give the debounce a second, so that the run ahead (10ms after
// the save) surely comes first even on a loaded machine; they hold the job to look at the
// state while it runs.
const (
	aheadDebounce = time.Second
	aheadLead     = 10 * time.Millisecond
)

// TestRunAhead: the job runs while the save settles, once, and its result is written when
// the debounce ends, not before.
func TestRunAhead(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside, hold: make(chan struct{}), holdOn: string(r4)}
	h := start(t, Config{Inputs: []string{path}, Debounce: aheadDebounce, Lead: aheadLead}, job, 1)
	saved := time.Now() // the save's events come after
	saveLibreOffice(t, path, r4)
	h.waitFor("the job to run on the save", func() bool { return job.running() == 1 })
	if !strings.Contains(h.detail.String(), "results.txt: running ahead") {
		t.Fatalf("the job runs, but not ahead of the debounce")
	}
	close(job.hold)
	h.waitRuns(r3, r4)
	checkFile(t, outputBeside(path), expectedOutput(t, r4))
	if at := job.commitTimes()[1]; at.Before(saved.Add(aheadDebounce)) {
		t.Errorf("the outputs were written %v after the save, before the debounce of %v ended", at.Sub(saved), aheadDebounce)
	}
	if n := len(job.callsOn(r4)); n != 1 {
		t.Errorf("the job ran %d times on the save, want once: the run ahead is the one written", n)
	}
}

// TestNewerSaveCancelsRunAhead: a save that comes while the job runs ahead on the previous
// one cancels that run (its context is cancelled, its goroutine ends); only the last save is
// written, once, a debounce after its events.
func TestNewerSaveCancelsRunAhead(t *testing.T) {
	r3, r4, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round5.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	// Every round 4 save is held until cancelled; round 5 is not.
	job := &fakeJob{out: outputBeside, hold: make(chan struct{}), holdOn: "round 4 of 5"}
	h := start(t, Config{Inputs: []string{path}, Debounce: aheadDebounce, Lead: aheadLead}, job, 1)
	idle := runtime.NumGoroutine()
	var held [][]byte
	for i := range 5 {
		// Tom Nguyen's score changes from save to save: the organizer is still typing.
		data := bytes.Replace(r4, []byte("Tom Nguyen\t0"), fmt.Appendf(nil, "Tom Nguyen\t%d", i), 1)
		held = append(held, data)
		saveLibreOffice(t, path, data)
		h.waitFor(fmt.Sprintf("the run ahead of save %d", i+1), func() bool {
			return job.running() == 1 && strings.Count(h.detail.String(), "running ahead") == i+1
		})
	}
	saved := time.Now()
	saveLibreOffice(t, path, r5)
	h.waitRuns(r3, r5)
	for i, data := range held {
		calls := job.callsOn(data)
		if len(calls) != 1 || !errors.Is(calls[0].err, context.Canceled) {
			t.Errorf("save %d: calls %v, want one, cancelled", i+1, calls)
		}
	}
	if got := job.committed(); len(got) != 2 {
		t.Errorf("%d commits, want 2 (the initial run and the last save)", len(got))
	}
	if at := job.commitTimes()[1]; at.Before(saved.Add(aheadDebounce)) {
		t.Errorf("the outputs were written %v after the last save, before the debounce of %v ended", at.Sub(saved), aheadDebounce)
	}
	checkFile(t, outputBeside(path), expectedOutput(t, r5))
	waitUntil(t, "the cancelled runs' goroutines to end", func() bool {
		return job.running() == 0 && runtime.NumGoroutine() <= idle
	})
}

// TestRunAheadOnHalfASave: a run ahead that reads a file still being written fails (cut at a
// line: fewer players than announced; cut inside a line: not a number of points), and the
// failure is never reported, since the save had not settled; the finished save is written
// once.
func TestRunAheadOnHalfASave(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	tests := []struct {
		name string
		full []byte
		cut  int
	}{
		{"at a line", r4, bytes.Index(r4, []byte("陈杰"))},
		{"inside a line", undeclared(r4), bytes.Index(undeclared(r4), []byte("陈杰")) + len("陈杰\t")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "results.txt")
			writeFile(t, path, r3)
			job := &fakeJob{out: outputBeside}
			h := start(t, Config{Inputs: []string{path}, Debounce: aheadDebounce, Lead: aheadLead}, job, 1)
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := f.Write(tt.full[:tt.cut]); err != nil {
				t.Fatal(err)
			}
			h.waitFor("the run ahead on half the save", func() bool { return len(job.callsOn(tt.full[:tt.cut])) == 1 })
			if err := job.callsOn(tt.full[:tt.cut])[0].err; err == nil {
				t.Fatalf("half the save read as a whole file")
			}
			if _, err := f.Write(tt.full[tt.cut:]); err != nil {
				t.Fatal(err)
			}
			h.waitRuns(r3, tt.full)
			checkFile(t, outputBeside(path), expectedOutput(t, tt.full))
			if e := h.errs.String(); e != "" {
				t.Errorf("errors printed:\n%s", e)
			}
			if n := len(job.callsOn(tt.full)); n != 1 {
				t.Errorf("the job ran %d times on the whole save, want once", n)
			}
		})
	}
}

// TestChangedSinceRunAhead: when the file no longer holds the bytes the run ahead read once
// the save settles (here changed with no event at all), that result is not written: the job
// runs again on what the file holds.
func TestChangedSinceRunAhead(t *testing.T) {
	r3, r4, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round5.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside}
	h := &harness{job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}}
	w, err := newWatcher(h.config(Config{Inputs: []string{path}, Debounce: time.Hour}).withDefaults(), job.run)
	if err != nil {
		t.Fatal(err)
	}
	drive(w) // the initial run
	in := w.order[0]
	writeFile(t, path, r4)
	w.schedule(in)
	w.ahead[in] = time.Now() // the lead has passed, the debounce has not
	drive(w)
	if in.ready == nil || len(job.callsOn(r4)) != 1 {
		t.Fatalf("no run ahead on round 4 (%d calls)", len(job.callsOn(r4)))
	}
	writeFile(t, path, r5)
	w.pending[in] = time.Now() // the debounce ends
	drive(w)
	if got := job.committed(); len(got) != 2 || got[1] != string(r5) {
		t.Errorf("written: %q, want round 3 then round 5", got)
	}
	checkFile(t, outputBeside(path), expectedOutput(t, r5))
	if !strings.Contains(h.detail.String(), "results.txt: changed since it was run ahead") {
		t.Errorf("verbose log:\n%s", h.detail)
	}
	if n := len(job.callsOn(r5)); n != 1 {
		t.Errorf("the job ran %d times on round 5, want 1", n)
	}
}

// TestCommitFails: outputs that cannot be written (here their folder is missing; on Windows,
// a PDF open in a viewer) are reported like a broken save; the next save writes them.
func TestCommitFails(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	dir := t.TempDir()
	path := filepath.Join(dir, "results.txt")
	writeFile(t, path, r3)
	out := filepath.Join(dir, "out", "standings.txt")
	job := &fakeJob{out: func(string) string { return out }}
	h := start(t, Config{Inputs: []string{path}}, job, 1)
	h.waitLine(h.errs, `^11:42:05 .*results.txt: 1 problem; no standings written yet:$`)
	h.waitLine(h.errs, `^.*standings.txt: cannot write in .*out`)
	if err := os.Mkdir(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	saveLibreOffice(t, path, r4)
	h.waitLine(h.log, `round 4 of 5 · 16 players · #1 王伟 12 pts · first standings · wrote standings.txt$`)
	checkFile(t, out, expectedOutput(t, r4))
}

// TestNewerSaveDuringSettledRun: when the run on a settled save finds the file incomplete
// while a newer save has begun, it is not retried: the newer save's wait takes over.
func TestNewerSaveDuringSettledRun(t *testing.T) {
	r3 := fixture(t, "round3.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3[:bytes.Index(r3, []byte("陈杰"))])
	job := &fakeJob{out: outputBeside, hold: make(chan struct{})}
	h := &harness{job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}}
	w, err := newWatcher(h.config(Config{Inputs: []string{path}, Debounce: time.Hour}).withDefaults(), job.run)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w.due(ctx) // the initial run, held
	in := w.order[0]
	w.schedule(in) // an event while it runs
	close(job.hold)
	w.finished(ctx, <-w.results)
	if in.retries != 0 || w.pending[in].Before(time.Now().Add(time.Minute)) {
		t.Errorf("retried (%d retries, next look at %v)", in.retries, w.pending[in])
	}
	if !strings.Contains(h.detail.String(), "8 of 16 players; a newer save follows") {
		t.Errorf("verbose log:\n%s", h.detail)
	}
}
