package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/watch"
)

// watchJobFor returns the job `tbsheet watch ARGS...` runs on every save, built by the command
// line as the user types it, without watching anything.
func watchJobFor(t *testing.T, stderr io.Writer, args ...string) watch.Job {
	t.Helper()
	var job watch.Job
	cmd := newWatchCmdRunning(func(_ context.Context, _ watch.Config, j watch.Job) error {
		job = j
		return nil
	})
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(stderr)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	return job
}

// TestWatchJob: the job watch runs on a save renders every output and writes none; its
// commit writes the very files `tbsheet standings -o` writes, and prints the self-check
// differences then, with the outputs, not while the job runs (watch may drop that run).
func TestWatchJob(t *testing.T) {
	input := filepath.Join("..", "..", "testdata", "trf", "lakeside-ranked-backwards.trf")
	data, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}
	outputs := func(dir string) []string {
		var out []string
		for _, name := range []string{"standings.csv", "standings.json", "standings.xlsx", "standings.pdf"} {
			out = append(out, filepath.Join(dir, name))
		}
		return out
	}
	args := func(dir string) []string {
		var a []string
		for _, o := range outputs(dir) {
			a = append(a, "-o", o)
		}
		return a
	}
	watched, standalone := t.TempDir(), t.TempDir()
	var stderr bytes.Buffer
	job := watchJobFor(t, &stderr, append([]string{input}, args(watched)...)...)

	p, err := job(context.Background(), input, data)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(watched); len(ents) > 0 || stderr.Len() > 0 {
		t.Fatalf("the job wrote %d files and printed %q before its commit", len(ents), stderr.String())
	}
	if !slices.Equal(p.Summary.Wrote, outputs(watched)) || p.Summary.Round == 0 || p.Summary.Players == 0 {
		t.Errorf("summary %+v", p.Summary)
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	const diff = "self-check: Kim, Min-jun: rank is 13 in the input, tbsheet computes 1–3 on points"
	if !strings.Contains(stderr.String(), diff) {
		t.Errorf("the commit printed %q, want the self-check difference", stderr.String())
	}

	if code, _, errs := runAt(t, ".", append([]string{"standings", input}, args(standalone)...)...); code != 0 {
		t.Fatalf("standings: exit %d: %s", code, errs)
	}
	for _, name := range []string{"standings.csv", "standings.json"} { // the others carry the time
		got, err := os.ReadFile(filepath.Join(watched, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(standalone, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the one tbsheet standings writes", name)
		}
	}
	for _, o := range outputs(watched) {
		if st, err := os.Stat(o); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", o, err)
		}
	}

	// A run that watch cancelled (a newer save came) stops before rendering.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := job(ctx, input, data); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v, want context.Canceled", err)
	}
}
