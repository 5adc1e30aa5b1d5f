package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
)

// TestParseRound: a round by its number in any language, a playoff round by its stage;
// anything else a usage error.
func TestParseRound(t *testing.T) {
	tests := []struct {
		s             string
		number, stage int
		usage         bool
	}{
		{s: ""}, {s: "3", number: 3}, {s: "Round 3", number: 3}, {s: "第3轮", number: 3},
		{s: "QF", stage: 8}, {s: "Top 8", stage: 8}, {s: "决赛", stage: 2}, {s: "F", stage: 2},
		{s: "third", usage: true},
	}
	for _, tt := range tests {
		n, st, err := ParseRound(tt.s)
		if n != tt.number || st != tt.stage || errors.Is(err, calc.ErrUsage) != tt.usage || (err != nil) != tt.usage {
			t.Errorf("%q: round %d, stage %d, %v; want %d, %d, usage %v", tt.s, n, st, err, tt.number, tt.stage, tt.usage)
		}
	}
}

// TestReadInput: the events of an input's divisions (Pod keeps one), its notes; warnings
// stop a strict job.
func TestReadInput(t *testing.T) {
	in, err := (&Job{}).ReadInput("../samples/pokemon-league-cup.tdf")
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Events) != 3 || in.File == nil || len(in.Data) == 0 || in.Name != "../samples/pokemon-league-cup.tdf" {
		t.Errorf("%d events, name %q", len(in.Events), in.Name)
	}
	in, err = (&Job{Pod: "junior"}).ReadInput("../samples/pokemon-league-cup.tdf")
	if err != nil || len(in.Events) != 1 || in.Events[0].Pod != "Junior" {
		t.Errorf("--pod junior: %v", err)
	}
	in, err = (&Job{}).ReadInput("../samples/f1.csv")
	if err != nil || !strings.Contains(strings.Join(in.Notes, "\n"), "ranked by the mtg preset") {
		t.Errorf("the preset's note: %v", err)
	}
	if _, err := (&Job{}).ReadInput("../samples/no-such-file.csv"); err == nil || errors.Is(err, calc.ErrUsage) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestListPairings: the round being played, a round asked for, and no round waiting for
// results: the input's error, which says what --round does.
func TestListPairings(t *testing.T) {
	tests := []struct {
		input string
		opt   pairings.Options
		round int
		err   string
	}{
		{input: "samples/scenarios-rcq.xlsx", round: 5},
		{input: "samples/f1.csv", opt: pairings.Options{Round: 2}, round: 2},
		{input: "samples/f1.csv", err: "--round N lists round N"},
	}
	for _, tt := range tests {
		ev, _ := readEvent(t, tt.input)
		p, err := ListPairings(ev, tt.opt)
		switch {
		case tt.err != "" && (err == nil || !errors.Is(err, pairings.ErrNoRound) || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want %q", tt.input, err, tt.err)
		case tt.err == "" && (err != nil || p.Round != tt.round):
			t.Errorf("%s: %v", tt.input, err)
		}
	}
	ev, _ := readEvent(t, "samples/f1.csv")
	if _, err := Analyze(context.Background(), ev, scenario.Options{Cut: 8}); !errors.Is(err, scenario.ErrNoRound) ||
		!strings.Contains(err.Error(), "--round N analyses round N") {
		t.Errorf("scenarios without a round: %v", err)
	}
}

// TestRenderRound: one division's file keeps the output's name; several get one each, named
// after their division, for every output.
func TestRenderRound(t *testing.T) {
	in, err := (&Job{}).ReadInput("../samples/pokemon-league-cup.tdf")
	if err != nil {
		t.Fatal(err)
	}
	var all []*pairings.Pairings
	for _, ev := range in.Events {
		p, err := ListPairings(ev, pairings.Options{Round: 2})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p)
	}
	files, err := RenderPairings(all, []string{"p.csv", "p.json"}, roundsheet.BothLists, writer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		if len(f.Data) == 0 || f.Input != in.Name || !strings.HasPrefix(f.Path, "p-") || !strings.HasSuffix(f.Path, f.Output[1:]) {
			t.Errorf("%s: output %s, input %s, %d bytes", f.Path, f.Output, f.Input, len(f.Data))
		}
	}
	want := []string{"p-junior.csv", "p-senior.csv", "p-masters.csv", "p-junior.json", "p-senior.json", "p-masters.json"}
	if !slices.Equal(paths, want) {
		t.Errorf("files %q, want %q", paths, want)
	}
	files, err = RenderSlips(all[:1], []string{"slips.pdf"}, writer.Options{})
	if err != nil || len(files) != 1 || files[0].Path != "slips.pdf" {
		t.Errorf("one division's slips: %v", err)
	}
	if docs := PairingsDocs(all, roundsheet.ListByName); len(docs) != 3 || docs[0].Lists != roundsheet.ListByName {
		t.Errorf("docs %+v", docs)
	}
}
