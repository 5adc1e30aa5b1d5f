package reader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// dumpModel writes an event as readable text for golden files: every field a reader sets,
// positions included, pods in turn.
func dumpModel(ev *tbsheet.Event) string {
	var b strings.Builder
	dumpEvent(&b, ev, "")
	return b.String()
}

func dumpEvent(b *strings.Builder, ev *tbsheet.Event, indent string) {
	w := func(format string, args ...any) { fmt.Fprintf(b, indent+format+"\n", args...) }
	w("event %q date %q source %q format %q system %q pod %q planned %d teams %v",
		ev.Name, ev.Date, ev.Source, ev.Format, ev.System, ev.Pod, ev.PlannedRounds, ev.Teams)
	if ev.Points != nil || len(ev.Tiebreaks) > 0 {
		w("points %v tiebreaks %v", ev.Points, ev.Tiebreaks)
	}
	for _, n := range ev.Notes {
		w("note: %s", n)
	}
	for i, p := range ev.Players {
		var extra []string
		if p.DroppedAfter > 0 {
			extra = append(extra, fmt.Sprintf("dropped-after %d", p.DroppedAfter))
		}
		if p.Disqualified {
			extra = append(extra, "disqualified")
		}
		if p.Rating != 0 {
			extra = append(extra, fmt.Sprintf("rating %d", p.Rating))
		}
		if len(p.Members) > 0 {
			extra = append(extra, fmt.Sprintf("members %q", p.Members))
		}
		if p.Reported != nil {
			extra = append(extra, fmt.Sprintf("reported-rank %d", p.Reported.Rank))
			for k, v := range p.Reported.Values {
				extra = append(extra, fmt.Sprintf("reported %s=%s", k, v))
			}
		}
		w("player %d %s %q %s @%s", i, p.ID, p.Name, strings.Join(extra, " "), p.Pos)
	}
	for _, r := range ev.Rounds {
		kind := "swiss"
		if r.Playoff {
			kind = "playoff"
		}
		w("round %d %s @%s", r.Number, kind, r.Pos)
		for _, m := range r.Matches {
			opp := "-"
			if m.P2 != tbsheet.NoPlayer {
				opp = ev.Players[m.P2].Name
			}
			games := ""
			if m.Games.Known {
				games = " " + m.Games.String()
			}
			w("  table %d: %s vs %s: %s%s @%s", m.Table, ev.Players[m.P1].Name, opp, m.Result, games, m.Pos)
		}
	}
	for _, pod := range ev.Pods {
		dumpEvent(b, pod, indent+"  ")
	}
}

// checkGolden compares got with the golden file, or rewrites it under -update.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./reader -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the model read; diff with:\n%s", golden, firstDiff(string(want), got))
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d\nwant %s\n got %s", i+1, w, g)
		}
	}
	return "(no difference)"
}

// fixtures returns the files matching pattern under testdata plus the samples with ext.
func fixtures(t testing.TB, pattern, ext string) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", pattern))
	if err != nil {
		t.Fatal(err)
	}
	samples, _ := filepath.Glob(filepath.Join("..", "samples", "*"+ext))
	files = append(files, samples...)
	if len(files) == 0 {
		t.Fatalf("no fixtures for %s", pattern)
	}
	return files
}
