package reader

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

var update = flag.Bool("update", false, "rewrite golden files")

// modelDump writes an event as stable, readable text for golden files: every field of the
// model that a reader sets, one line per player and per match.
func modelDump(ev *tbsheet.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "event %q date %q source %q format %q system %q planned-rounds %d teams %v\n",
		ev.Name, ev.Date, ev.Source, ev.Format, ev.System, ev.PlannedRounds, ev.Teams)
	if p := ev.Points; p != nil {
		fmt.Fprintf(&b, "points win %s draw %s loss %s bye %s\n", p.Win, p.Draw, p.Loss, p.Bye)
	}
	if len(ev.Tiebreaks) > 0 {
		fmt.Fprintf(&b, "tiebreaks %s\n", strings.Join(ev.Tiebreaks, ", "))
	}
	fmt.Fprintf(&b, "players %d\n", len(ev.Players))
	for i, p := range ev.Players {
		fmt.Fprintf(&b, "  #%d %s %q", i, p.ID, p.Name)
		if p.DroppedAfter > 0 {
			fmt.Fprintf(&b, " dropped-after %d", p.DroppedAfter)
		}
		if p.Disqualified {
			b.WriteString(" disqualified")
		}
		if p.Rating > 0 {
			fmt.Fprintf(&b, " rating %d", p.Rating)
		}
		if len(p.Members) > 0 {
			fmt.Fprintf(&b, " members %q", p.Members)
		}
		if r := p.Reported; r != nil {
			b.WriteString(" reported{")
			var parts []string
			if r.Rank > 0 {
				parts = append(parts, fmt.Sprintf("rank %d", r.Rank))
			}
			keys := make([]string, 0, len(r.Values))
			for k := range r.Values {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				parts = append(parts, fmt.Sprintf("%s %s", k, r.Values[k]))
			}
			b.WriteString(strings.Join(parts, ", ") + "}")
		}
		fmt.Fprintf(&b, " @ %s\n", p.Pos)
	}
	name := func(i int) string {
		if i == tbsheet.NoPlayer {
			return "-"
		}
		if i < 0 || i >= len(ev.Players) {
			return fmt.Sprintf("#%d?", i)
		}
		return ev.Players[i].Name
	}
	for _, r := range ev.Rounds {
		kind := "swiss"
		if r.Playoff {
			kind = "playoff"
		}
		fmt.Fprintf(&b, "round %d %s (%d matches) @ %s\n", r.Number, kind, len(r.Matches), r.Pos)
		for _, m := range r.Matches {
			fmt.Fprintf(&b, "  ")
			if m.Table > 0 {
				fmt.Fprintf(&b, "t%d ", m.Table)
			}
			fmt.Fprintf(&b, "%s vs %s: %s", name(m.P1), name(m.P2), m.Result)
			if m.Games.Known {
				fmt.Fprintf(&b, " games %s", m.Games)
			}
			if m.Score.Known {
				fmt.Fprintf(&b, " score %s-%s", m.Score.P1, m.Score.P2)
			}
			fmt.Fprintf(&b, " @ %s\n", m.Pos)
		}
	}
	for _, n := range ev.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
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
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the model read (run go test -update after checking):\n%s",
			golden, lineDiff(string(want), got))
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var out []string
	for i := 0; i < max(len(w), len(g)) && len(out) < 20; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			out = append(out, fmt.Sprintf("line %d\n  want %s\n  got  %s", i+1, wl, gl))
		}
	}
	return strings.Join(out, "\n")
}

// readFixture reads a testdata file through the registry (detection included), naming it by
// its base name so that positions in golden files do not depend on the working directory.
func readFixture(t *testing.T, path string, opt Options) *tbsheet.Event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ReadBytes(data, filepath.Base(path), "", opt)
	if err != nil {
		for _, e := range tbsheet.Errors(err) {
			t.Errorf("%s", e)
		}
		t.FailNow()
	}
	return ev
}

// marked removes the ∑ markers from a test input and returns the line:col of each, in
// order: the places where the expected errors must point (the encoding/csv test convention).
func marked(s string) (string, []string) {
	var out strings.Builder
	var at []string
	line, col := 1, 1
	for _, r := range s {
		switch r {
		case '∑':
			at = append(at, fmt.Sprintf("%d:%d", line, col))
			continue
		case '\n':
			line, col = line+1, 0
		}
		out.WriteRune(r)
		col += len(string(r))
	}
	return out.String(), at
}

// errorLines returns each error of err as "pos: message" with the file name removed.
func errorLines(err error, file string) []string {
	var out []string
	for _, e := range tbsheet.Errors(err) {
		out = append(out, strings.TrimPrefix(e.Error(), file+":"))
	}
	return out
}

// TestSamples keeps the README's samples readable and detected as what they are.
func TestSamples(t *testing.T) {
	for file, format := range map[string]string{
		"../samples/challonge-swiss.json":  "challonge",
		"../samples/kts-locals.Tournament": "kts",
	} {
		ev, err := Read(file, "", Options{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if ev.Format != format || len(ev.Players) == 0 || len(ev.Rounds) == 0 {
			t.Errorf("%s: format %q, %d players, %d rounds", file, ev.Format, len(ev.Players), len(ev.Rounds))
		}
	}
}
