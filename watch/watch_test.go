package watch

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/lockedbuf"
)

// outputBeside writes a file's standings next to it: standings-NAME. In a folder input the
// output has an accepted extension, so watch must know it as an output to avoid a loop.
func outputBeside(in string) string {
	return filepath.Join(filepath.Dir(in), "standings-"+filepath.Base(in))
}

// inputModes are the two ways to name an input: the file itself, or its folder.
var inputModes = []struct {
	name  string
	input func(file string) string
}{
	{"file", func(file string) string { return file }},
	{"folder", filepath.Dir},
}

// leadModes are the two ways a save's job runs: ahead, while the save settles (the default),
// or once it has settled (Lead = Debounce turns running ahead off).
var leadModes = []struct {
	name string
	lead time.Duration
}{
	{"ahead", 0},
	{"settled", 50 * time.Millisecond},
}

// TestSavePatterns saves three rounds in a row with each program's save pattern and checks
// that each save is written exactly once, from the whole new content, and that the outputs
// follow. Outputs sit in the watched folder.
func TestSavePatterns(t *testing.T) {
	r3, r4, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round5.txt")
	for _, p := range savePatterns {
		for _, mode := range inputModes {
			for _, lead := range leadModes {
				t.Run(p.name+"/"+mode.name+"/"+lead.name, func(t *testing.T) {
					path := filepath.Join(t.TempDir(), "results.txt")
					writeFile(t, path, r3)
					job := &fakeJob{out: outputBeside}
					h := start(t, Config{Inputs: []string{mode.input(path)}, Lead: lead.lead}, job, 1)
					checkFile(t, outputBeside(path), expectedOutput(t, r3))
					p.save(t, path, r4)
					h.waitRuns(r3, r4)
					checkFile(t, outputBeside(path), expectedOutput(t, r4))
					p.save(t, path, r5)
					h.waitRuns(r3, r4, r5)
					checkFile(t, outputBeside(path), expectedOutput(t, r5))
					if e := h.errs.String(); e != "" {
						t.Errorf("errors printed:\n%s", e)
					}
					// Nothing tbsheet or the editor wrote beside the input was taken for an input.
					if re := regexp.MustCompile(`(?m)running.*(standings-|lock|~\$|\.tmp)`); re.MatchString(h.detail.String()) {
						t.Errorf("a lock, temporary or output file was checked")
					}
					if lead.lead > 0 && strings.Contains(h.detail.String(), "running ahead") {
						t.Errorf("the job ran ahead with running ahead off")
					}
				})
			}
		}
	}
}

// TestSplitWrite: a save written in two parts with a pause shorter than the debounce runs
// the job once, on the whole file, although the first part alone reads as a valid file.
func TestSplitWrite(t *testing.T) {
	r3, r4 := undeclared(fixture(t, "round3.txt")), undeclared(fixture(t, "round4.txt"))
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{path}, Debounce: 500 * time.Millisecond}, job, 1)
	saveSplit(20*time.Millisecond)(t, path, r4)
	h.waitRuns(r3, r4)
	// A marker save: had the first half run, it would come before this one.
	saveInPlace(t, path, r3)
	h.waitRuns(r3, r4, r3)
}

// undeclared drops the player count from the header, so that a file cut at a line reads as a
// whole, smaller file.
func undeclared(data []byte) []byte {
	return regexp.MustCompile(`, \d+ players`).ReplaceAll(data, nil)
}

// TestIncompleteFile: a file caught mid-write, seen by the job (fewer rows than announced) or
// by watch (a truncated zip), is read again until it is whole; the job runs once on it.
func TestIncompleteFile(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	tests := []struct {
		name, file string
		encode     func([]byte) []byte
		why        string // the verbose line of the retry
	}{
		{"rows missing", "results.txt", func(b []byte) []byte { return b }, `the file is incomplete: 8 of 16 players; looking again`},
		{"truncated workbook", "results.xlsx", func(b []byte) []byte { return zipResults(t, b) }, `a truncated workbook \(zip: not a valid zip file\); looking again`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			writeFile(t, path, tt.encode(r3))
			job := &fakeJob{out: outputBeside}
			// Settle long enough that the second write surely comes before watch gives up.
			h := start(t, Config{Inputs: []string{path}, Settle: 20 * time.Second}, job, 1)
			full := tt.encode(r4)
			cut := bytes.Index(full, []byte("陈杰"))
			if tt.file == "results.xlsx" {
				cut = len(full) / 2
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if _, err := f.Write(full[:cut]); err != nil {
				t.Fatal(err)
			}
			h.waitLine(h.detail, tt.why)
			if _, err := f.Write(full[cut:]); err != nil {
				t.Fatal(err)
			}
			h.waitRuns(r3, r4)
			checkFile(t, outputBeside(path), expectedOutput(t, r4))
			if e := h.errs.String(); e != "" {
				t.Errorf("errors printed:\n%s", e)
			}
		})
	}
}

// TestStillIncomplete: a file that stays incomplete for Settle is a broken save; the last
// good outputs stay.
func TestStillIncomplete(t *testing.T) {
	r3 := fixture(t, "round3.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{path}}, job, 1)
	saveInPlace(t, path, r3[:bytes.Index(r3, []byte("陈杰"))])
	h.waitLine(h.errs, `^11:42:05 .*results.txt: still incomplete after 400ms; the standings of 11:42:05 \(round 3 of 5\) stay:$`)
	h.waitLine(h.errs, `^.*results.txt: the file is incomplete: 8 of 16 players$`)
	checkFile(t, outputBeside(path), expectedOutput(t, r3))
	if n := len(job.committed()); n != 1 {
		t.Errorf("%d complete runs, want 1", n)
	}
}

// TestBrokenSave: a save with typos prints every problem in the standings format and keeps
// the last good outputs; the corrected save runs and says what changed since the last good
// standings.
func TestBrokenSave(t *testing.T) {
	r3, typo, r4 := fixture(t, "round3.txt"), fixture(t, "round4-typo.txt"), fixture(t, "round4.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{path}}, job, 1)
	saveLibreOffice(t, path, typo)
	h.waitRuns(r3, typo)
	wantErrs := "11:42:05 " + path + ": 2 problems; the standings of 11:42:05 (round 3 of 5) stay:\n" +
		path + `:6:2: "9½" is not a number of points` + "\n" +
		path + `:10:2: "W" is not a number of points` + "\n"
	if got := h.errs.String(); got != wantErrs {
		t.Errorf("errors:\n%s\nwant:\n%s", got, wantErrs)
	}
	checkFile(t, outputBeside(path), expectedOutput(t, r3))

	saveLibreOffice(t, path, r4)
	h.waitRuns(r3, typo, r4)
	checkFile(t, outputBeside(path), expectedOutput(t, r4))
	wantLog := "11:42:05 watching " + path + "; press Ctrl-C to stop\n" +
		"11:42:05 round 3 of 5 · 16 players · #1 Alice Martin & 王伟 9 pts · first standings · wrote standings-results.txt\n" +
		"11:42:05 round 4 of 5 · 16 players · #1 王伟 12 pts · 6 changes in the top 8 · wrote standings-results.txt\n"
	if got := h.log.String(); got != wantLog {
		t.Errorf("log:\n%s\nwant:\n%s", got, wantLog)
	}

	// Fixing a typo back to the last good content runs again: the organizer sees the fix.
	saveInPlace(t, path, typo)
	h.waitRuns(r3, typo, r4, typo)
	saveInPlace(t, path, r4)
	h.waitRuns(r3, typo, r4, typo, r4)
}

// TestDeletedAndRecreated: a deleted input keeps its outputs and is awaited; when it comes
// back (even with the same content) it runs and says so.
func TestDeletedAndRecreated(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	for _, mode := range inputModes {
		t.Run(mode.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "results.txt")
			writeFile(t, path, r3)
			job := &fakeJob{out: outputBeside}
			h := start(t, Config{Inputs: []string{mode.input(path)}}, job, 1)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if mode.name == "file" {
				h.waitLine(h.errs, `results.txt is gone \(deleted or renamed\?\); the standings of 11:42:05 \(round 3 of 5\) stay; waiting for it to be saved again$`)
			} else {
				h.waitLine(h.log, `results.txt is gone; no longer watched \(the standings of 11:42:05 \(round 3 of 5\) stay\)$`)
			}
			checkFile(t, outputBeside(path), expectedOutput(t, r3))
			writeFile(t, path, r3)
			h.waitRuns(r3, r3)
			saveExcel(t, path, r4)
			h.waitRuns(r3, r3, r4)
			checkFile(t, outputBeside(path), expectedOutput(t, r4))
		})
	}
}

// TestLockFiles: lock and owner files appearing and disappearing beside the input never
// cause a check.
func TestLockFiles(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	for _, mode := range inputModes {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "results.txt")
			writeFile(t, path, r3)
			job := &fakeJob{out: outputBeside}
			h := start(t, Config{Inputs: []string{mode.input(path)}}, job, 1)
			for _, lock := range []string{".~lock.results.txt#", "~$results.txt"} {
				writeFile(t, filepath.Join(dir, lock), []byte("Organizer"))
				if err := os.Remove(filepath.Join(dir, lock)); err != nil {
					t.Fatal(err)
				}
			}
			// Events arrive in order: once the last removal is seen, so were the others.
			h.waitLine(h.detail, `remove ~\$results.txt: ignored \(Excel owner file\)$`)
			if strings.Contains(h.detail.String(), "results.txt: checking") {
				t.Errorf("a lock file made watch check the input:\n%s", h.detail)
			}
			saveInPlace(t, path, r4)
			h.waitRuns(r3, r4)
		})
	}
}

// TestOwnOutputs: the job writing its output into the watched folder (through a hidden .tmp
// renamed into place) does not trigger a run.
func TestOwnOutputs(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	dir := t.TempDir()
	path := filepath.Join(dir, "results.txt")
	writeFile(t, path, r3)
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{dir}}, job, 1)
	h.waitLine(h.detail, `create standings-results.txt: ignored \(an output of .*results.txt\)$`)
	if strings.Contains(h.detail.String(), "results.txt: checking") {
		t.Errorf("the job's own output made watch check the input:\n%s", h.detail)
	}
	saveInPlace(t, path, r4)
	h.waitRuns(r3, r4)
	if n := job.callCount(); n != 2 {
		t.Errorf("the job ran %d times, want 2", n)
	}
}

// TestPolling: with Poll, saves and new files are found without events.
func TestPolling(t *testing.T) {
	r3, r4, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round5.txt")
	for _, mode := range inputModes {
		t.Run(mode.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "results.txt")
			writeFile(t, path, r3)
			job := &fakeJob{out: outputBeside}
			h := start(t, Config{Inputs: []string{mode.input(path)}, Poll: 50 * time.Millisecond}, job, 1)
			saveLibreOffice(t, path, r4)
			h.waitRuns(r3, r4)
			saveInPlace(t, path, r5)
			h.waitRuns(r3, r4, r5)
			checkFile(t, outputBeside(path), expectedOutput(t, r5))
			if mode.name == "folder" {
				day2 := filepath.Join(dir, "day2.txt")
				saveInPlace(t, day2, r3)
				h.waitRuns(r3, r4, r5, r3)
				checkFile(t, outputBeside(day2), expectedOutput(t, r3))
			}
			if strings.Contains(h.detail.String(), "create") {
				t.Errorf("file system events were used while polling")
			}
		})
	}
}

// TestSeveralInputs: files in several folders and a folder input each get a first run, a
// line naming them, and a run of their own when saved; a file created later in the folder is
// picked up.
func TestSeveralInputs(t *testing.T) {
	r3, r4, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round5.txt")
	a := filepath.Join(t.TempDir(), "swiss-a.txt")
	events := t.TempDir()
	b := filepath.Join(events, "swiss-b.txt")
	writeFile(t, a, r3)
	writeFile(t, b, r4)
	writeFile(t, filepath.Join(events, "notes.docx"), []byte("not results"))
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{a, events}}, job, 2)
	h.waitRuns(r3, r4)
	saveExcel(t, b, r5)
	h.waitRuns(r3, r4, r5)
	c := filepath.Join(events, "swiss-c.txt")
	saveLibreOffice(t, c, r3)
	h.waitRuns(r3, r4, r5, r3)
	log := h.log.String()
	for _, want := range []string{
		"watching " + a + ", " + events + " (1 results file)",
		a + ": round 3 of 5",
		b + ": round 4 of 5 · 16 players · #1 王伟 12 pts · first standings",
		b + ": round 5 of 5 · 16 players · #1 王伟 & 佐藤 健 13 pts · 5 changes in the top 8",
		c + ": round 3 of 5",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestStop: cancelling stops Run promptly even while the job runs, and leaves no goroutine.
func TestStop(t *testing.T) {
	before := runtime.NumGoroutine()
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, fixture(t, "round3.txt"))
	job := &fakeJob{out: outputBeside, hold: make(chan struct{})}
	h := &harness{t: t, job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}, done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- Run(ctx, h.config(Config{Inputs: []string{path}}), job.run) }()
	h.waitFor("the job to start", func() bool { return strings.Contains(h.detail.String(), "running") })
	if err := h.stop(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := os.Stat(outputBeside(path)); !os.IsNotExist(err) {
		t.Errorf("a cancelled job wrote its output")
	}
	if !strings.HasSuffix(h.log.String(), "11:42:05 stopped\n") {
		t.Errorf("log does not end with the stop:\n%s", h.log)
	}
	waitUntil(t, "goroutines to end", func() bool { return runtime.NumGoroutine() <= before })
}

// TestStartErrors: what Run refuses before watching anything.
func TestStartErrors(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "results.txt"), filepath.Join(t.TempDir(), "results.txt")
	out := filepath.Join(t.TempDir(), "standings.txt")
	writeFile(t, path, fixture(t, "round3.txt"))
	writeFile(t, other, fixture(t, "round4.txt"))
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"nothing", Config{}, "watch: no input to watch"},
		{"missing", Config{Inputs: []string{filepath.Join(dir, "result.txt")}}, filepath.Join(dir, "result.txt") + ": no such file or folder"},
		{"output is input", Config{Inputs: []string{path}, Outputs: func(in string) []string { return []string{in} }},
			path + " is both an input and an output of " + path + ": tbsheet never writes to its inputs"},
		{"input is another's output", Config{Inputs: []string{dir, path}, Exts: testExts, Outputs: func(in string) []string {
			return []string{filepath.Join(filepath.Dir(in), "results.txt")}
		}}, path + " is both an input and an output of " + path + ": tbsheet never writes to its inputs"},
		{"two inputs, one output", Config{Inputs: []string{path, other}, Outputs: func(string) []string { return []string{out} }},
			other + ": its output " + out + " would also be the output of " + path + " (give the two files different names)"},
		{"folder without extensions", Config{Inputs: []string{dir}},
			"watch: " + dir + " is a folder, but no results file extensions were given (Config.Exts)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := &fakeJob{out: outputBeside}
			err := Run(context.Background(), tt.cfg, job.run)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Run: %v, want %s", err, tt.want)
			}
			conflict := strings.Contains(tt.want, "never writes") || strings.Contains(tt.want, "also be the output")
			if errors.Is(err, ErrOutputConflict) != conflict {
				t.Errorf("Run: %v: errors.Is(ErrOutputConflict) = %v, want %v", err, !conflict, conflict)
			}
			if job.callCount() != 0 {
				t.Errorf("the job ran")
			}
		})
	}
}

// TestFolderOutputConflict: in a folder input, a file whose outputs would be another's (r.csv
// and r.txt both writing out/r.txt) is refused with a message, at the start or when it
// appears; the other files are watched, and the first file's outputs are its own.
func TestFolderOutputConflict(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	events, out := t.TempDir(), t.TempDir()
	a, b := filepath.Join(events, "a.txt"), filepath.Join(events, "a.csv")
	writeFile(t, a, r3)
	writeFile(t, b, r4)
	outputs := func(in string) string {
		return filepath.Join(out, strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))+".out")
	}
	job := &fakeJob{out: outputs}
	h := start(t, Config{Inputs: []string{events}}, job, 1)
	h.waitLine(h.errs, `^11:42:05 `+regexp.QuoteMeta(a)+`: its output .*a\.out would also be the output of `+regexp.QuoteMeta(b)+` \(give the two files different names\); not watched$`)
	h.waitRuns(r4)
	checkFile(t, outputs(b), expectedOutput(t, r4))
	c := filepath.Join(events, "b.txt")
	saveLibreOffice(t, c, r3)
	h.waitRuns(r4, r3)
	d := filepath.Join(events, "b.csv")
	saveLibreOffice(t, d, r4)
	h.waitLine(h.errs, `^11:42:05 `+regexp.QuoteMeta(d)+`: its output .*b\.out would also be the output of `+regexp.QuoteMeta(c))
	saveInPlace(t, a, r4)
	saveInPlace(t, d, r3)
	saveInPlace(t, c, r4)
	h.waitRuns(r4, r3, r4)
	checkFile(t, outputs(c), expectedOutput(t, r4))
}

// TestRescan: after an event overflow (or at a poll) changed and new files are checked, and
// unchanged ones are not.
func TestRescan(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	writeFile(t, a, fixture(t, "round3.txt"))
	writeFile(t, b, fixture(t, "round3.txt"))
	job := &fakeJob{out: outputBeside}
	cfg := (&harness{job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}}).config(Config{Inputs: []string{dir}})
	w, err := newWatcher(cfg.withDefaults(), job.run)
	if err != nil {
		t.Fatal(err)
	}
	drive(w)
	if len(w.pending) != 0 || len(job.committed()) != 2 {
		t.Fatalf("initial runs: %d pending, %d runs", len(w.pending), len(job.committed()))
	}
	writeFile(t, b, fixture(t, "round4.txt"))
	c := filepath.Join(dir, "c.txt")
	writeFile(t, c, fixture(t, "round5.txt"))
	w.rescan()
	var got []string
	for _, in := range w.order {
		if _, ok := w.pending[in]; ok {
			got = append(got, filepath.Base(in.path))
		}
	}
	if strings.Join(got, " ") != "b.txt c.txt" {
		t.Errorf("rescan scheduled %v, want b.txt c.txt", got)
	}
}

// TestJobPanic: a bug in the job met on one save — on the job's goroutine or on one of the
// goroutines it works on — is reported as a broken save, without a stack, the last good
// outputs stay, and the watch goes on.
func TestJobPanic(t *testing.T) {
	for _, worker := range []bool{false, true} {
		t.Run(map[bool]string{false: "job", true: "worker"}[worker], func(t *testing.T) {
			r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
			path := filepath.Join(t.TempDir(), "results.txt")
			writeFile(t, path, r3)
			job := &fakeJob{out: outputBeside, panicOn: "Bobby Tables", panicInWorker: worker}
			h := start(t, Config{Inputs: []string{path}}, job, 1)
			saveInPlace(t, path, append(bytes.Clone(r3), "Bobby Tables\t0\n"...))
			h.waitLine(h.errs, `^.*results.txt: internal error in tbsheet, please report it with this file: index out of range \[3\] with length 3$`)
			if strings.Contains(h.errs.String(), "goroutine") {
				t.Errorf("a stack reached the organizer:\n%s", h.errs)
			}
			checkFile(t, outputBeside(path), expectedOutput(t, r3))
			saveInPlace(t, path, r4)
			h.waitRuns(r3, r4)
		})
	}
}

// TestFolderRemoved: when a watched folder goes away, Run says so and returns.
func TestFolderRemoved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "event")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "results.txt")
	writeFile(t, path, fixture(t, "round3.txt"))
	job := &fakeJob{out: func(string) string { return filepath.Join(filepath.Dir(dir), "standings.txt") }}
	h := &harness{t: t, job: job, log: &lockedbuf.Buffer{}, errs: &lockedbuf.Buffer{}, detail: &lockedbuf.Buffer{}}
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), h.config(Config{Inputs: []string{path}}), job.run) }()
	waitUntil(t, "the initial run", func() bool { return len(job.committed()) == 1 })
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if want := "watch: the folder " + dir + " was deleted or renamed; start tbsheet watch again"; err == nil || err.Error() != want {
			t.Errorf("Run: %v, want %s", err, want)
		}
	case <-time.After(deadline):
		t.Fatal("Run went on without its folder")
	}
}

// TestSymlinkedInput: an input that is a link to a file elsewhere follows saves of the file
// it points to (the link's own folder hears nothing).
func TestSymlinkedInput(t *testing.T) {
	r3, r4 := fixture(t, "round3.txt"), fixture(t, "round4.txt")
	target := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, target, r3)
	link := filepath.Join(t.TempDir(), "tonight.txt")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	job := &fakeJob{out: func(string) string { return outputBeside(link) }}
	h := start(t, Config{Inputs: []string{link}}, job, 1)
	saveLibreOffice(t, target, r4)
	h.waitRuns(r3, r4)
	checkFile(t, outputBeside(link), expectedOutput(t, r4))
}

// TestNotesOnce: a note is printed on the save that brings it, not again on every save after
// it; the line says how many are as before.
func TestNotesOnce(t *testing.T) {
	r3 := fixture(t, "round3.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	first := append(bytes.Clone(r3), "note: Bob has no result yet\nnote: Cy has no result yet\n"...)
	writeFile(t, path, first)
	job := &fakeJob{out: outputBeside}
	h := start(t, Config{Inputs: []string{path}}, job, 1)
	second := append(bytes.Clone(r3), "note: Bob has no result yet\nnote: Dee has no result yet\n"...)
	saveInPlace(t, path, second)
	h.waitRuns(first, second)
	log := h.log.String()
	for _, want := range []string{"  Bob has no result yet\n  Cy has no result yet\n", "  Dee has no result yet\n  (1 note as before)\n"} {
		if !strings.Contains(log, want) {
			t.Errorf("log has no %q:\n%s", want, log)
		}
	}
	if strings.Count(log, "Bob has no result yet") != 1 {
		t.Errorf("a note printed twice:\n%s", log)
	}
}
