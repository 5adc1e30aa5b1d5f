package pipeline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// TestJob runs the pipeline on the bundled samples through its API: divisions, --pod,
// final standings after a top cut, the title, the self-check, and the note naming the
// preset a file without a game is ranked by.
func TestJob(t *testing.T) {
	no := false
	tests := []struct {
		name  string
		input string
		job   Job
		// pods are the divisions ranked, "" for an event without.
		pods []string
		// finals are the divisions with final standings (a top cut played and not refused).
		finals []string
		title  string
		note   string // a note that must be there ("" for none to look for)
		none   string // a note that must not be there
	}{
		{name: "every division", input: "pokemon-league-cup.tdf", pods: []string{"Junior", "Senior", "Masters"}, finals: []string{"Masters"}},
		{name: "one division", input: "pokemon-league-cup.tdf", job: Job{Pod: "senior"}, pods: []string{"Senior"}},
		{name: "final after the top cut", input: "challonge-swiss.json", pods: []string{""}, finals: []string{""}},
		{name: "the Swiss standings asked for", input: "challonge-swiss.json", job: Job{Final: &no}, pods: []string{""}},
		{name: "a title", input: "f1.csv", job: Job{Title: "Friday"}, pods: []string{""}, title: "Friday"},
		{name: "the file's name as title", input: "f1.csv", pods: []string{""}, title: "f1"},
		{name: "the preset assumed", input: "f1.csv", pods: []string{""}, note: "ranked by the mtg preset"},
		{name: "the preset given", input: "f1.csv", job: Job{CalcOpt: calc.Options{System: "mtg"}}, pods: []string{""},
			none: "ranked by the mtg preset"},
		{name: "the self-check agrees", input: "kts-locals.Tournament", job: Job{Check: true}, pods: []string{""},
			finals: []string{""}, note: "the file's own standings agree with tbsheet's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.job.ReadFile("../samples/" + tt.input)
			if err != nil {
				t.Fatal(err)
			}
			var pods, finals []string
			for _, st := range r.Standings {
				pods = append(pods, st.Event.Pod)
				if st.Final {
					finals = append(finals, st.Event.Pod)
				}
				if tt.title != "" && st.Event.Name != tt.title {
					t.Errorf("title %q, want %q", st.Event.Name, tt.title)
				}
			}
			if !slices.Equal(pods, tt.pods) || !slices.Equal(finals, tt.finals) {
				t.Errorf("divisions %q, final %q; want %q, final %q", pods, finals, tt.pods, tt.finals)
			}
			notes := strings.Join(r.Notes, "\n")
			if tt.note != "" && !strings.Contains(notes, tt.note) {
				t.Errorf("no note %q in\n%s", tt.note, notes)
			}
			if tt.none != "" && strings.Contains(notes, tt.none) {
				t.Errorf("a note %q in\n%s", tt.none, notes)
			}
		})
	}
}

// TestJobErrors: a division the file does not have is a usage error naming those it has; a
// file that is not there is the input's error; warnings stop a strict job.
func TestJobErrors(t *testing.T) {
	_, err := (&Job{Pod: "Seniors League"}).ReadFile("../samples/pokemon-league-cup.tdf")
	if !errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), "Junior, Senior, Masters") {
		t.Errorf("an unknown division: %v, want a usage error naming the divisions", err)
	}
	if _, err := (&Job{}).ReadFile("../samples/no-such-file.csv"); err == nil || errors.Is(err, calc.ErrUsage) {
		t.Errorf("a missing file: %v, want the input's error", err)
	}
	warnings := []string{"warning: x.csv: Sofia Rosi and Sofia Rossi may be one player"}
	if err := (&Job{Strict: true}).StrictErr(warnings); !errors.Is(err, ErrStrict) {
		t.Errorf("strict with warnings: %v", err)
	}
	if err := (&Job{}).StrictErr(warnings); err != nil {
		t.Errorf("not strict: %v", err)
	}
	if err := (&Job{Strict: true}).StrictErr(nil); err != nil {
		t.Errorf("strict without warnings: %v", err)
	}
}

// TestFiles: one output, several standings: each file is named after its division, and a
// note says so.
func TestFiles(t *testing.T) {
	r, err := (&Job{}).ReadFile("../samples/pokemon-league-cup.tdf")
	if err != nil {
		t.Fatal(err)
	}
	var all []Sourced
	for _, st := range r.Standings {
		all = append(all, Sourced{Input: "cup.tdf", Standings: st})
	}
	files, notes := Files([]string{"cup.tdf"}, []string{"out/s.pdf"}, all)
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		if f.Output != "out/s.pdf" || f.Input != "cup.tdf" {
			t.Errorf("%s: output %q, input %q", f.Path, f.Output, f.Input)
		}
	}
	if want := []string{"out/s-junior.pdf", "out/s-senior.pdf", "out/s-masters.pdf"}; !slices.Equal(paths, want) {
		t.Errorf("files %q, want %q", paths, want)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "holds 3 divisions") {
		t.Errorf("notes %q", notes)
	}
	if files, notes := Files([]string{"cup.tdf"}, []string{"s.pdf"}, all[:1]); len(files) != 1 || files[0].Path != "s.pdf" || notes != nil {
		t.Errorf("one standings: %+v, %q", files, notes)
	}
}

// TestReadFiles: the standings of every input, each with its input; the problems of every
// input together; a usage error stops the reading.
func TestReadFiles(t *testing.T) {
	all, notes, _, err := (&Job{}).ReadFiles([]string{"../samples/f1.csv", "../samples/pokemon-league-cup.tdf"})
	if err != nil || len(all) != 4 || all[0].Input != "../samples/f1.csv" || all[3].Input != "../samples/pokemon-league-cup.tdf" || len(notes) == 0 {
		t.Errorf("%d standings, %d notes, %v", len(all), len(notes), err)
	}
	_, _, _, err = (&Job{}).ReadFiles([]string{"nosuch-1.csv", "../samples/f1.csv", "nosuch-2.csv"})
	if list := tbsheet.Errors(err); len(list) != 2 || !strings.Contains(list[1].Error(), "nosuch-2.csv") {
		t.Errorf("two missing files: %v", err)
	}
	_, _, _, err = (&Job{Pod: "nosuch"}).ReadFiles([]string{"../samples/pokemon-league-cup.tdf", "nosuch-1.csv"})
	if !errors.Is(err, calc.ErrUsage) {
		t.Errorf("a division the input has not: %v", err)
	}
}

// TestReadPlayers: a players list gives the results their names; its positioned problems
// come first among an input's, in one run; a list that is not there is the error.
func TestReadPlayers(t *testing.T) {
	j := &Job{}
	if err := j.ReadPlayers("../testdata/kts/locals-players.csv"); err != nil || len(j.ReadOpt.Players) == 0 {
		t.Fatalf("%v", err)
	}
	if _, err := j.ReadFile("../testdata/kts/locals-matches.csv"); err != nil {
		t.Errorf("results with their players list: %v", err)
	}
	bad := &Job{}
	if err := bad.ReadPlayers("../cmd/tbsheet/testdata/cli/bad-players.csv"); err != nil || len(bad.PlayersErr) == 0 {
		t.Fatalf("a list with problems: %v, %d problems", err, len(bad.PlayersErr))
	}
	_, err := bad.ReadFile("../cmd/tbsheet/testdata/cli/bad-results.csv")
	if list := tbsheet.Errors(err); len(list) <= len(bad.PlayersErr) || list[0] != bad.PlayersErr[0] {
		t.Errorf("the list's problems and the results': %v", err)
	}
	if err := (&Job{}).ReadPlayers("nosuch-players.csv"); err == nil {
		t.Error("a missing list read")
	}
}
