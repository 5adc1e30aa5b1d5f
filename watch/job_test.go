package watch

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/safego"
	"github.com/tbsheet/tbsheet/writer"
)

// fakeJob stands in for the CLI's read → compute → render pipeline. Its input is the tiny
// text format of testdata/watch/README.md (or a zip holding it as results.txt, for the
// workbook tests); it ranks by points and renders "rank<TAB>name<TAB>points" lines, which its
// commit writes through writer.AtomicFile, as the real job does. It records every call and
// every commit, and checks that a commit does not write the input.
type fakeJob struct {
	// out maps an input to its output file.
	out func(input string) string
	// hold, when non-nil, makes each call (with holdOn, each call on data containing holdOn)
	// wait until it is closed or ctx is cancelled.
	hold   chan struct{}
	holdOn string
	// panicOn, when not empty, makes the job panic on an input containing it; with
	// panicInWorker, in one of the goroutines it ranks on, as the real job's writers and
	// tiebreaks do (they carry the panic back with internal/safego).
	panicOn       string
	panicInWorker bool
	// unzip turns a zip input into the text format; nil means the zip's results.txt.
	unzip func(data []byte) ([]byte, error)

	mu      sync.Mutex
	calls   []jobCall // every call that returned, in that order
	active  int       // calls in progress
	commits []jobCommit
	bad     []string // inputs modified by a commit
}

type jobCall struct {
	input string
	data  string // the text, unzipped
	err   error
}

type jobCommit struct {
	input, data string
	at          time.Time // when the commit started writing
}

func (j *fakeJob) run(ctx context.Context, input string, data []byte) (Prepared, error) {
	j.mu.Lock()
	j.active++
	j.mu.Unlock()
	out, s, text, err := j.compute(ctx, input, data)
	j.mu.Lock()
	defer j.mu.Unlock()
	j.active--
	j.calls = append(j.calls, jobCall{input: input, data: text, err: err})
	if err != nil {
		return Prepared{}, err
	}
	commit := func() error {
		before, beforeData := snapshot(input)
		at := time.Now()
		err := writer.AtomicFile(j.out(input), func(w io.Writer) error {
			_, err := io.WriteString(w, out)
			return err
		})
		after, afterData := snapshot(input)
		j.mu.Lock()
		defer j.mu.Unlock()
		if !before.equal(after) || !bytes.Equal(beforeData, afterData) {
			j.bad = append(j.bad, input)
		}
		j.commits = append(j.commits, jobCommit{input: input, data: text, at: at})
		return err
	}
	return Prepared{Summary: s, Commit: commit}, nil
}

func snapshot(path string) (stamp, []byte) {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}, nil
	}
	data, _ := os.ReadFile(path)
	return stampOf(fi), data
}

var headerRE = regexp.MustCompile(`^round (\d+) of (\d+)(?:, (\d+) players)?$`)

// compute ranks the input and renders the output: the output's text, the summary, the input
// text read.
func (j *fakeJob) compute(ctx context.Context, input string, data []byte) (string, Summary, string, error) {
	if j.hold != nil && (j.holdOn == "" || bytes.Contains(data, []byte(j.holdOn))) {
		select {
		case <-j.hold:
		case <-ctx.Done():
			return "", Summary{}, string(data), ctx.Err()
		}
	}
	if j.panicOn != "" && bytes.Contains(data, []byte(j.panicOn)) {
		if !j.panicInWorker {
			panic("index out of range [3] with length 3")
		}
		var g safego.Group
		g.Go(func() {})
		g.Go(func() { panic("index out of range [3] with length 3") })
		g.Wait()
	}
	if bytes.HasPrefix(data, []byte("PK")) {
		unzip := j.unzip
		if unzip == nil {
			unzip = unzipResults
		}
		var err error
		if data, err = unzip(data); err != nil {
			return "", Summary{}, "", fmt.Errorf("%s: %w", input, err)
		}
	}
	text := string(data)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	m := headerRE.FindStringSubmatch(lines[0])
	if m == nil {
		return "", Summary{}, text, tbsheet.Errorf(tbsheet.Pos{File: input, Row: 1}, tbsheet.ErrFormat, "%q is not a round header", lines[0])
	}
	if m[3] != "" {
		if want, _ := strconv.Atoi(m[3]); len(lines)-1 < want {
			return "", Summary{}, text, fmt.Errorf("%s: %w: %d of %d players", input, ErrIncomplete, len(lines)-1, want)
		}
	}
	var (
		errs tbsheet.ErrorList
		top  []Entry
		pts  = map[string]int{}
	)
	var notes []string
	for i, l := range lines[1:] {
		if n, ok := strings.CutPrefix(l, "note: "); ok { // a line the job reports as a note
			notes = append(notes, n)
			continue
		}
		name, p, _ := strings.Cut(l, "\t")
		n, err := strconv.Atoi(p)
		if err != nil {
			errs.Addf(tbsheet.Pos{File: input, Row: i + 2, Col: 2}, tbsheet.ErrResult, "%q is not a number of points", p)
			continue
		}
		top = append(top, Entry{Name: name, Points: p})
		pts[name] = n
	}
	if err := errs.Err(); err != nil {
		return "", Summary{}, text, err
	}
	slices.SortStableFunc(top, func(a, b Entry) int { return pts[b.Name] - pts[a.Name] })
	var out strings.Builder
	for i := range top {
		top[i].Rank = i + 1
		if i > 0 && pts[top[i].Name] == pts[top[i-1].Name] {
			top[i].Rank = top[i-1].Rank
		}
		fmt.Fprintf(&out, "%d\t%s\t%s\n", top[i].Rank, top[i].Name, top[i].Points)
	}
	round, _ := strconv.Atoi(m[1])
	rounds, _ := strconv.Atoi(m[2])
	s := Summary{Round: round, Rounds: rounds, Players: len(top), Top: top, Wrote: []string{filepath.Base(j.out(input))}, Notes: notes}
	return out.String(), s, text, nil
}

func unzipResults(data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	f, err := zr.Open("results.txt")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// zipResults wraps text as results.txt in a zip, a stand-in for a workbook.
func zipResults(t *testing.T, text []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	f, err := zw.Create("results.txt")
	if err == nil {
		_, err = f.Write(text)
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// committed returns the texts committed, in order.
func (j *fakeJob) committed() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []string
	for _, c := range j.commits {
		out = append(out, c.data)
	}
	return out
}

// commitTimes returns when each commit started writing.
func (j *fakeJob) commitTimes() []time.Time {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []time.Time
	for _, c := range j.commits {
		out = append(out, c.at)
	}
	return out
}

// callsOn returns the calls that read text, in order.
func (j *fakeJob) callsOn(text []byte) []jobCall {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []jobCall
	for _, c := range j.calls {
		if c.data == string(text) {
			out = append(out, c)
		}
	}
	return out
}

func (j *fakeJob) callCount() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.calls)
}

func (j *fakeJob) running() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.active
}

func (j *fakeJob) modified() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.bad...)
}

// accepts reports whether the fake job computes standings from a results text.
func accepts(text []byte) bool {
	j := &fakeJob{out: func(string) string { return "out.txt" }}
	_, _, _, err := j.compute(context.Background(), "x.txt", text)
	return err == nil
}

// expectedOutput is what the fake job writes for a results text.
func expectedOutput(t *testing.T, text []byte) string {
	t.Helper()
	j := &fakeJob{out: func(string) string { return "out.txt" }}
	out, _, _, err := j.compute(context.Background(), "x.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
