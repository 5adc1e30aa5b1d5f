package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
)

// TestCheckNames: an output over an input (by its name or a link to it), two outputs of one
// file (names differing in case), and "-" are usage errors that say where the name comes
// from; distinct names pass.
func TestCheckNames(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	s := filepath.Join(dir, "s.pdf")
	tests := []struct {
		name  string
		files []Named
		err   string
	}{
		{name: "distinct", files: Plain([]string{s, filepath.Join(dir, "s.csv")})},
		{name: "the input", files: Plain([]string{in}), err: "-o " + in + " is an input"},
		{name: "a link to the input", files: Plain([]string{link}), err: "is the input " + in + " under another name"},
		{name: "a division's file", files: []Named{{Path: in, Output: filepath.Join(dir, "r.pdf"), Input: "cup.tdf"}},
			err: "writes " + in + " for cup.tdf, which is an input"},
		{name: "one file twice", files: Plain([]string{s, strings.ToUpper(s[:len(s)-5]) + "s.pdf"}), err: "two outputs would be written to the same file"},
	}
	for _, tt := range tests {
		err := CheckNames([]string{in}, tt.files)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (!errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want a usage error %q", tt.name, err, tt.err)
		}
	}
	if err := CheckOutputs([]string{in}, []string{"-"}); !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), "--to json") {
		t.Errorf("-o -: %v", err)
	}
}

// TestConvertTargets: one event is one file; a multi-pod input in a one-event format is a
// file per division, as is the JSON model when a division is asked for.
func TestConvertTargets(t *testing.T) {
	in, err := (&Job{}).ReadInput("../samples/pokemon-league-cup.tdf")
	if err != nil {
		t.Fatal(err)
	}
	f1, err := (&Job{}).ReadInput("../samples/f1.csv")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input *Input
		out   string
		pod   string
		want  []string
	}{
		{input: f1, out: "r.xlsx", want: []string{"r.xlsx"}},
		{input: in, out: "r.xlsx", want: []string{"r-junior.xlsx", "r-senior.xlsx", "r-masters.xlsx"}},
		{input: in, out: "r.json", want: []string{"r.json"}},
		{input: in, out: "r.json", pod: "Junior", want: []string{"r-junior.json"}},
	}
	for _, tt := range tests {
		events := tt.input.Events
		if tt.pod != "" {
			events = events[:1]
		}
		files, err := RenderConvert(tt.input.Name, []string{tt.out}, tt.input.File, events, tt.pod, writer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			got = append(got, f.Path)
			if len(f.Data) == 0 || f.Output != tt.out || f.Input != tt.input.Name {
				t.Errorf("%s: %d bytes, output %s, input %s", f.Path, len(f.Data), f.Output, f.Input)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s (pod %q): %q, want %q", tt.out, tt.pod, got, tt.want)
		}
	}
}

// TestWatchOutputs: one input keeps the outputs' names; several add each input's name; an
// output folder receives a file per input and format; an output over an input is refused.
func TestWatchOutputs(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out") + "/"
	tests := []struct {
		name            string
		inputs, outputs []string
		rounds          []string
		want            map[string][]string // input → standings files
		wantRound       []string            // the first input's round files
		err             string
	}{
		{name: "one input", inputs: []string{"day1.csv"}, outputs: []string{"s.pdf"}, rounds: []string{"p.pdf"},
			want: map[string][]string{"day1.csv": {"s.pdf"}}, wantRound: []string{"p.pdf"}},
		{name: "two inputs", inputs: []string{"day1.csv", "day2.csv"}, outputs: []string{"s.pdf"}, rounds: []string{"p.pdf"},
			want: map[string][]string{"day1.csv": {"s-day1.pdf"}, "day2.csv": {"s-day2.pdf"}}, wantRound: []string{"p-day1.pdf"}},
		{name: "an output folder", inputs: []string{"day1.csv"}, outputs: []string{out},
			want: map[string][]string{"day1.csv": {filepath.Join(out, "day1.xlsx"), filepath.Join(out, "day1.pdf")}}},
		{name: "an output over an input", inputs: []string{"day1.csv", "s-day1.pdf"}, outputs: []string{"s.pdf"}, err: "is an input"},
	}
	for _, tt := range tests {
		standings, round, err := WatchOutputs(tt.inputs, tt.outputs, []string{"xlsx", "pdf"}, tt.rounds)
		if tt.err != "" {
			if !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for in, want := range tt.want {
			if got := standings(in); !slices.Equal(got, want) {
				t.Errorf("%s: %s: %q, want %q", tt.name, in, got, want)
			}
		}
		if got := round[0](tt.inputs[0]); !slices.Equal(got, tt.wantRound) {
			t.Errorf("%s: round files %q, want %q", tt.name, got, tt.wantRound)
		}
	}
}

// TestWatchRun: a run renders and writes nothing; its commit writes every file and prints
// the warnings; pairing files with no round waiting for results are kept, with a note; a
// run a newer save cancelled stops.
func TestWatchRun(t *testing.T) {
	input := "../samples/f1.csv"
	data, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	outs := []string{filepath.Join(dir, "s.csv"), filepath.Join(dir, "s.json")}
	var warned int
	w := &Watch{Job: &Job{}, Inputs: []string{input}, Standings: func(string) []string { return outs },
		Pairings: func(string) []string { return []string{filepath.Join(dir, "p.pdf")} },
		Warn:     func(lines []string) { warned++ }}
	p, err := w.Run(context.Background(), input, data)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 || warned > 0 {
		t.Fatalf("the run wrote %d files, warned %d times before its commit", len(ents), warned)
	}
	if !slices.Equal(p.Summary.Wrote, outs) || p.Summary.Players == 0 || len(p.Summary.Top) != p.Summary.Players {
		t.Errorf("summary %+v", p.Summary)
	}
	if !slices.ContainsFunc(p.Summary.Notes, func(n string) bool { return strings.Contains(n, "pairings: no round is waiting for results") }) {
		t.Errorf("no note that the pairings are kept: %q", p.Summary.Notes)
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if st, err := os.Stat(o); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", o, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "p.pdf")); err == nil || warned != 1 {
		t.Errorf("pairings written without a round, or warned %d times", warned)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.Run(ctx, input, data); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v", err)
	}
}
