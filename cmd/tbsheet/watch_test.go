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

// TestWatchRound: with --scenarios or --pairings, the job also renders what the round being
// played gives and writes it on commit; with every round played it writes none and says so.
func TestWatchRound(t *testing.T) {
	played := "Round,Table,Player 1,Player 2,Result\n1,1,Alice,Bob,2-0\n1,2,Carol,Dave,2-1\n1,,Erin,BYE,\n" +
		"2,1,Carol,Alice,2-1\n2,2,Erin,Bob,2-0\n2,,Dave,BYE,\n"
	paired := played + "3,1,Carol,Erin,\n3,2,Alice,Dave,\n3,,Bob,BYE,\n"
	for _, tt := range []struct {
		flag, file string
		args       []string
		want       []string // in the file written
	}{
		{"--scenarios", "scenarios.json", []string{"--cut", "2"}, []string{`"round": 3`}},
		{"--pairings", "pairings.txt", nil, []string{"Round 3 pairings", "    1  Carol "}},
	} {
		t.Run(tt.flag, func(t *testing.T) {
			dir := t.TempDir()
			input := filepath.Join(dir, "results.csv")
			out, file := filepath.Join(dir, "standings.csv"), filepath.Join(dir, tt.file)
			job := watchJobFor(t, io.Discard, append([]string{input, "-o", out, tt.flag, file}, tt.args...)...)

			p, err := job(context.Background(), input, []byte(paired))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(file); err == nil {
				t.Fatal("the job wrote the file before its commit")
			}
			if !slices.Equal(p.Summary.Wrote, []string{out, file}) {
				t.Errorf("wrote %v", p.Summary.Wrote)
			}
			if err := p.Commit(); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(file)
			for _, w := range tt.want {
				if err != nil || !strings.Contains(string(data), w) {
					t.Fatalf("%s: %v, no %q in\n%s", tt.file, err, w, data)
				}
			}

			p, err = job(context.Background(), input, []byte(played))
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(p.Summary.Wrote, file) || !slices.ContainsFunc(p.Summary.Notes, func(n string) bool {
				return strings.Contains(n, strings.TrimPrefix(tt.flag, "--")+": no round is waiting for results")
			}) {
				t.Errorf("all played: wrote %v, notes %v", p.Summary.Wrote, p.Summary.Notes)
			}
			if err := p.Commit(); err != nil {
				t.Fatal(err)
			}
			if again, _ := os.ReadFile(file); !bytes.Equal(again, data) {
				t.Error("the file was rewritten with every round played")
			}
		})
	}
}

// TestWatchBracket: --pairings follows the top cut: the playoff round being played (its
// PDF the bracket), then, once the final has a result, the final and its winner, which
// the file keeps.
func TestWatchBracket(t *testing.T) {
	sf, err := os.ReadFile(filepath.Join("..", "..", "testdata", "handkept", "topcut-sf.csv"))
	if err != nil {
		t.Fatal(err)
	}
	finished := string(sf[:len(sf)-1]) + "2-0\nF,1,Lucas Schmidt,Mia Rodriguez,2-1\n"
	dir := t.TempDir()
	input := filepath.Join(dir, "results.csv")
	out, pdf, txt := filepath.Join(dir, "standings.csv"), filepath.Join(dir, "bracket.pdf"), filepath.Join(dir, "round.txt")
	job := watchJobFor(t, io.Discard, input, "-o", out, "--pairings", pdf, "--pairings", txt)
	for _, tt := range []struct {
		data string
		want []string // in round.txt
	}{
		{string(sf), []string{"Semifinals pairings", "    2  Mia Rodriguez"}},
		{finished, []string{"Final pairings", "    1  Lucas Schmidt      12  Mia Rodriguez       9  2-1"}},
	} {
		p, err := job(context.Background(), input, []byte(tt.data))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Summary.Wrote, []string{out, pdf, txt}) {
			t.Errorf("wrote %v", p.Summary.Wrote)
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
		round, err := os.ReadFile(txt)
		for _, w := range tt.want {
			if err != nil || !strings.Contains(string(round), w) {
				t.Errorf("round.txt: %v, no %q in\n%s", err, w, round)
			}
		}
		if b, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Errorf("bracket.pdf: %v", err)
		}
	}
}

// TestWatchNotes: the notes of a save follow its line, as standings prints them; -q leaves
// them out.
func TestWatchNotes(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "results.csv")
	data := []byte(f1 + "4,1,Carol,Alice,\n4,2,Erin,Dave,2-0\n")
	for _, quiet := range []bool{false, true} {
		args := []string{input, "-o", filepath.Join(dir, "s.csv")}
		if quiet {
			args = append(args, "-q")
		}
		p, err := watchJobFor(t, io.Discard, args...)(context.Background(), input, data)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			"note: " + input + ": ranked by the mtg preset, Magic: The Gathering (MTR App. C), the default: the file names no game; name it with --system or a System row on the Event sheet",
			"note: " + input + ": Bob plays no match after round 2 of 4: counted as dropped after round 2 (give Dropped After on the Players sheet to say otherwise)",
			"note: " + input + ": round 4 has 1 unreported match: it is left out until complete",
			"note: " + input + ":10:17: round 4: Carol vs Alice has no result yet",
		}
		if quiet {
			want = nil
		}
		if !slices.Equal(p.Summary.Notes, want) {
			t.Errorf("quiet %v: notes\n%q\nwant\n%q", quiet, p.Summary.Notes, want)
		}
	}
}

// TestWatchMissingFolder: a watch whose output's folder does not exist is refused at once,
// saying so, not on every save with a guess about programs holding the file; like standings
// writing there, it is an output that cannot be written (exit 3).
func TestWatchMissingFolder(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runAt(t, ".", "watch", "../../samples/f1.csv", "-o", filepath.Join(dir, "no", "such", "s.pdf"))
	if code != exitOutput || !strings.Contains(stderr, "does not exist") || strings.Contains(stderr, "another program") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
