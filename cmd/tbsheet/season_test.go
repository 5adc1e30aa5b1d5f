package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/watch"
)

// TestSeasonCommandLine runs tbsheet season as an organizer types it. The club's five
// events are the published example: three firsts and a second give 57 with
// 15/12/10/8/6/4 and the best 4; a further first raises it to 60.
func TestSeasonCommandLine(t *testing.T) {
	const club = "testdata/season/club"
	places := []string{"--places", "15,12,10,8,6,4"}
	checkCommandLines(t, []cliTest{
		{"season-published-57", append([]string{"season", club + "/2026-0[1-4]-club.csv", "--best", "4"}, places...), 0},
		{"season-published-60", append([]string{"season", club, "--best", "4"}, places...), 0},
		{"season-same-json", append([]string{"season", club, "--best", "4", "--same", "Caroll=Carol", "--to", "json"}, places...), 0},
		{"season-results-csv", []string{"season", club, "--per-win", "3", "--per-draw", "1", "--attend", "1", "--to", "csv"}, 0},
		{"season-places-and-results-ja", append([]string{"season", club, "--per-win", "1", "--lang", "ja", "--title", "クラブリーグ"}, places...), 0},
		{"season-tiers-multiplier", []string{"season", club, "--tiers", "testdata/season/tiers.txt",
			"--multiplier", club + "/2026-05-club.csv=2", "--ties", "events-played,head-to-head"}, 0},
		{"season-mixed-formats-zh", append([]string{"season", "samples/pokemon-league-cup.tdf", "samples/kts-locals.Tournament",
			"samples/fnm-store.xlsx", "--pod", "masters", "--lang", "zh", "-q"}, places...), 0},
		{"season-top-cuts", []string{"season", "testdata/handkept/topcut.xlsx", "testdata/handkept/topcut-qf.xlsx",
			"--places", "15,12,10,8,6,4,3,2", "--best", "1"}, 0},
		{"usage-season-no-rules", []string{"season", club}, exitUsage},
		{"usage-season-places-and-tiers", append([]string{"season", club, "--tiers", "testdata/season/tiers.txt"}, places...), exitUsage},
		{"usage-season-bad-places", []string{"season", club, "--places", "15,x"}, exitUsage},
		{"usage-season-multiplier-unknown", append([]string{"season", club, "--multiplier", "nosuch.csv=2"}, places...), exitUsage},
		{"usage-season-same-unknown", append([]string{"season", club, "--same", "Zed=Alice"}, places...), exitUsage},
		{"usage-season-ties", append([]string{"season", club, "--ties", "coin"}, places...), exitUsage},
		{"usage-season-divisions", append([]string{"season", "samples/pokemon-league-cup.tdf", "-q"}, places...), exitUsage},
		{"usage-season-output", append([]string{"season", club, "-o", "season.txt"}, places...), exitUsage},
		{"usage-season-output-is-input", append([]string{"season", club, "-o", club + "/2026-01-club.csv"}, places...), exitUsage},
		{"input-season-bad-tiers", []string{"season", club, "--tiers", "testdata/season/club/2026-01-club.csv"}, exitInput},
		{"input-season-no-files", append([]string{"season", "testdata/season/nosuch-*.csv"}, places...), exitInput},
	})
}

// TestSeasonFiles writes every season output at once, each through a temporary file.
func TestSeasonFiles(t *testing.T) {
	dir := t.TempDir()
	args := []string{"season", "testdata/season/club", "--places", "3,2,1"}
	for _, ext := range []string{".xlsx", ".pdf", ".csv", ".json"} {
		args = append(args, "-o", filepath.Join(dir, "season"+ext))
	}
	code, stdout, stderr := runAt(t, "../..", args...)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	for _, ext := range []string{".xlsx", ".pdf", ".csv", ".json"} {
		if fi, err := os.Stat(filepath.Join(dir, "season"+ext)); err != nil || fi.Size() == 0 {
			t.Errorf("season%s: %v", ext, err)
		}
		if !strings.Contains(stderr, "wrote "+filepath.Join(dir, "season"+ext)) {
			t.Errorf("stderr does not list season%s:\n%s", ext, stderr)
		}
	}
}

// TestWatchSeason: tbsheet watch FOLDER --season keeps the season's table current: the
// events in the folder at the start count, and a new event saved into it is ranked in on
// its save (the published example: 57, then 60 with a further first).
func TestWatchSeason(t *testing.T) {
	club := filepath.Join("..", "..", "testdata", "season", "club")
	dir, out := t.TempDir(), t.TempDir()
	copyEvent := func(name string) (string, []byte) {
		data, err := os.ReadFile(filepath.Join(club, name))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path, data
	}
	for _, n := range []string{"2026-01-club.csv", "2026-02-club.csv", "2026-03-club.csv"} {
		copyEvent(n)
	}
	fourth, data := copyEvent("2026-04-club.csv")
	table := filepath.Join(out, "season.csv")
	var stderr bytes.Buffer
	job := watchJobFor(t, &stderr, dir, "--season", table, "--places", "15,12,10,8,6,4", "--best", "4")
	alice := func() string {
		data, err := os.ReadFile(table)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Split(line, ","); len(f) > 3 && f[1] == "Alice" {
				return f[3]
			}
		}
		return ""
	}
	for _, step := range []struct {
		input string
		data  []byte
		want  string
	}{{fourth, data, "57"}, {}} {
		if step.input == "" {
			step.input, step.data = copyEvent("2026-05-club.csv")
			step.want = "60"
		}
		p, err := job(context.Background(), step.input, step.data)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(p.Summary.Wrote, table) {
			t.Errorf("the summary does not list %s: %v", table, p.Summary.Wrote)
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
		if got := alice(); got != step.want {
			t.Errorf("after %s, Alice has %s, want %s", filepath.Base(step.input), got, step.want)
		}
	}
}

// TestWatchSeasonOverEvent: watch --season refuses a table that would overwrite an event of
// the watched folder, and takes a table a run before left there for no event.
func TestWatchSeasonOverEvent(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "season", "club", "2026-01-club.csv"))
	if err != nil {
		t.Fatal(err)
	}
	event, table := filepath.Join(dir, "2026-01-club.csv"), filepath.Join(dir, "season.csv")
	for path, content := range map[string]string{event: string(data), table: "Rank,Player,Points\n1,Alice,15\n"} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		output string
		ok     bool
	}{{event, false}, {table, true}} {
		cmd := newWatchCmdRunning(func(context.Context, watch.Config, watch.Job) error { return nil })
		cmd.SetArgs([]string{dir, "--season", tc.output, "--places", "3,2,1"})
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		if err := cmd.Execute(); (err == nil) != tc.ok {
			t.Errorf("--season %s: %v", filepath.Base(tc.output), err)
		}
	}
	if got, _ := os.ReadFile(event); string(got) != string(data) {
		t.Error("the event was overwritten")
	}
}
