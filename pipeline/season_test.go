package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// club is the published example of a season: five events of a club.
const club = "../testdata/season/club"

// clubRules are the published example's: 15/12/10/8/6/4 for places, the best 4 events.
func clubRules() season.Options {
	var places []exact.Num
	for _, p := range []int64{15, 12, 10, 8, 6, 4} {
		places = append(places, exact.Int(p))
	}
	return season.Options{Rules: season.Rules{Places: places, Best: 4}}
}

// TestSeasonInputs: folders, patterns and files become the season's files, each once; what
// names no results file is the input's error, standard input and a malformed pattern usage
// errors.
func TestSeasonInputs(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		args  []string
		n     int
		usage bool
		err   string
	}{
		{args: []string{club}, n: 5},
		{args: []string{club + "/2026-0[1-2]-club.csv"}, n: 2},
		{args: []string{club + "/2026-01-club.csv", club, "./" + club + "/2026-02-club.csv"}, n: 5},
		{args: []string{"-"}, usage: true, err: "not standard input"},
		{args: []string{club + "/[.csv"}, usage: true, err: "not a pattern"},
		{args: []string{club + "/nosuch-*.csv"}, err: "no file matches"},
		{args: []string{empty}, err: "no results file in the folder"},
	}
	for _, tt := range tests {
		got, err := SeasonInputs(tt.args)
		switch {
		case tt.err != "" && (err == nil || errors.Is(err, calc.ErrUsage) != tt.usage || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: %v, want %q (usage %v)", tt.args, err, tt.err, tt.usage)
		case tt.err == "" && (err != nil || len(got) != tt.n):
			t.Errorf("%q: %q, %v; want %d files", tt.args, got, err, tt.n)
		}
	}
}

// TestSeasonNumber: a number of points from 0, a multiplier above 0, none above the most.
func TestSeasonNumber(t *testing.T) {
	tests := []struct {
		s        string
		positive bool
		want     string // "" for a usage error
	}{
		{"", false, "0"}, {"3", false, "3"}, {"1.5", true, "1.5"}, {"0", false, "0"},
		{"0", true, ""}, {"-1", false, ""}, {"x", false, ""}, {"1000001", false, ""},
	}
	for _, tt := range tests {
		v, err := SeasonNumber("--per-win", tt.s, tt.positive)
		switch {
		case tt.want == "" && !errors.Is(err, calc.ErrUsage):
			t.Errorf("%q: %v, want a usage error", tt.s, err)
		case tt.want != "" && (err != nil || v.String() != tt.want):
			t.Errorf("%q: %v, %v; want %s", tt.s, v, err, tt.want)
		}
	}
}

// TestComputeSeason ranks the published example (57 after four events, 60 with a further
// first), with a multiplier that finds its event by its file, and refuses multipliers that
// are malformed or name no event.
func TestComputeSeason(t *testing.T) {
	inputs, err := SeasonInputs([]string{club})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		inputs      []string
		multipliers []string
		top         string // the leader's points; "" for a usage error
		err         string
	}{
		{name: "four events", inputs: inputs[:4], top: "57"},
		{name: "five events", inputs: inputs, top: "60"},
		{name: "a premier event", inputs: inputs, multipliers: []string{"2026-05-club.csv=2"}, top: "75"},
		{name: "no multiplier", inputs: inputs, multipliers: []string{"2026-05-club.csv"}, err: "give an event's file and its multiplier"},
		{name: "a multiplier of 0", inputs: inputs, multipliers: []string{"2026-05-club.csv=0"}, err: "from above 0"},
		{name: "no such event", inputs: inputs, multipliers: []string{"nosuch.csv=2"}, err: "is none of the season's files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, _, _, err := (&Job{}).SeasonEvents(tt.inputs)
			if err != nil {
				t.Fatal(err)
			}
			s, err := ComputeSeason(tt.inputs, events, tt.multipliers, clubRules())
			if tt.err != "" {
				if !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("%v, want a usage error %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Rows[0].Points.String(); got != tt.top {
				t.Errorf("the leader has %s, want %s", got, tt.top)
			}
		})
	}
}

// TestSeasonEvents: an input with several divisions is a usage error unless the job keeps
// one; the problems of every input come together.
func TestSeasonEvents(t *testing.T) {
	cup := "../samples/pokemon-league-cup.tdf"
	if _, _, _, err := (&Job{}).SeasonEvents([]string{cup}); !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), "a season ranks one") {
		t.Errorf("divisions: %v", err)
	}
	events, _, _, err := (&Job{Pod: "masters"}).SeasonEvents([]string{cup})
	if err != nil || events[cup].Standings.Event.Pod != "Masters" {
		t.Errorf("--pod masters: %v", err)
	}
	_, _, _, err = (&Job{}).SeasonEvents([]string{"nosuch-1.csv", club + "/2026-01-club.csv", "nosuch-2.csv"})
	if list := tbsheet.Errors(err); len(list) != 2 || errors.Is(err, calc.ErrUsage) {
		t.Errorf("two missing files: %v", err)
	}
}

// TestSeasonWatch: a watched season starts with the events there are, ranks a saved event
// in with them, and keeps it once its table is written.
func TestSeasonWatch(t *testing.T) {
	dir := t.TempDir()
	inputs, err := SeasonInputs([]string{club})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs[:4] {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(in)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "season.csv")
	j := &Job{}
	w, err := j.NewSeasonWatch([]string{dir}, []string{out}, nil, clubRules())
	if err != nil {
		t.Fatal(err)
	}
	r, err := j.ReadFile(inputs[4])
	if err != nil {
		t.Fatal(err)
	}
	s, write, _, err := w.Prepare(inputs[4], r.Standings, writer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Rows[0].Points.String(); got != "60" {
		t.Errorf("the leader has %s, want 60", got)
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
	if len(w.events) != 5 {
		t.Errorf("%d events kept, want 5", len(w.events))
	}
	if _, err := j.NewSeasonWatch([]string{dir}, []string{filepath.Join(dir, "2026-01-club.csv")}, nil, clubRules()); !errors.Is(err, calc.ErrUsage) {
		t.Errorf("a season's table over an event: %v", err)
	}
}
