// Package golden holds what golden-file tests share: the -update flag, the comparison with a
// readable diff, and a stable text dump of the model. It is imported by tests only: by every
// test package, those without golden files through an update_test.go, so that every test
// binary accepts -update and `go test ./... -update` runs everywhere (make test checks it).
package golden

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// update rewrites golden files instead of comparing with them: go test ./... -update.
var update = flag.Bool("update", false, "rewrite golden files")

// Updating reports whether the test run was asked to rewrite golden files.
func Updating() bool { return *update }

// Check compares got with the golden file at path, or rewrites the file under -update.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (check, then run go test -update):\n%s", path, Diff(string(want), got))
	}
}

// Diff shows the first lines where want and got differ.
func Diff(want, got string) string {
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

// Event writes an event as stable, readable text: every field of the model a reader sets,
// one line per player and per match, positions included, pods in turn.
func Event(ev *tbsheet.Event) string {
	var b strings.Builder
	dumpEvent(&b, ev, "")
	return b.String()
}

func dumpEvent(b *strings.Builder, ev *tbsheet.Event, indent string) {
	w := func(format string, args ...any) { fmt.Fprintf(b, indent+format+"\n", args...) }
	w("event %q date %q source %q format %q system %q pod %q planned-rounds %d teams %v",
		ev.Name, ev.Date, ev.Source, ev.Format, ev.System, ev.Pod, ev.PlannedRounds, ev.Teams)
	if p := ev.Points; p != nil {
		w("points win %s draw %s loss %s bye %s", p.Win, p.Draw, p.Loss, p.Bye)
	}
	if len(ev.Tiebreaks) > 0 {
		w("tiebreaks %s", strings.Join(ev.Tiebreaks, ", "))
	}
	if ev.DeclaredTiebreaks != "" {
		w("declared tiebreaks %q at %s", ev.DeclaredTiebreaks, ev.DeclaredTiebreaksPos)
	}
	if ev.ReportedOrderUnknown {
		w("reported ranks by unknown tiebreaks")
	}
	w("players %d", len(ev.Players))
	for i, p := range ev.Players {
		line := fmt.Sprintf("  #%d %s %q", i, p.ID, p.Name)
		if p.DroppedAfter > 0 {
			line += fmt.Sprintf(" dropped-after %d", p.DroppedAfter)
		}
		if p.Disqualified {
			line += " disqualified"
		}
		if p.Rating > 0 {
			line += fmt.Sprintf(" rating %d", p.Rating)
		}
		if len(p.Members) > 0 {
			line += fmt.Sprintf(" members %q", p.Members)
		}
		if r := p.Reported; r != nil {
			var parts []string
			if r.Rank > 0 {
				parts = append(parts, fmt.Sprintf("rank %d", r.Rank))
			}
			if r.Division != "" {
				parts = append(parts, "division "+r.Division)
			}
			keys := make([]string, 0, len(r.Values))
			for k := range r.Values {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				parts = append(parts, fmt.Sprintf("%s %s", k, r.Values[k]))
			}
			line += " reported{" + strings.Join(parts, ", ") + "}"
		}
		w("%s @ %s", line, p.Pos)
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
		w("round %d %s (%d matches) @ %s", r.Number, kind, len(r.Matches), r.Pos)
		for _, m := range r.Matches {
			line := "  "
			if m.Table > 0 {
				line += fmt.Sprintf("t%d ", m.Table)
			}
			line += fmt.Sprintf("%s vs %s: %s", name(m.P1), name(m.P2), m.Result)
			if m.Games.Known {
				line += " games " + m.Games.String()
			}
			if m.Score.Known {
				line += fmt.Sprintf(" score %s-%s", m.Score.P1, m.Score.P2)
			}
			if m.Color != tbsheet.ColorUnknown {
				line += fmt.Sprintf(" colour %s", map[tbsheet.Color]string{tbsheet.White: "white", tbsheet.Black: "black"}[m.Color])
			}
			w("%s @ %s", line, m.Pos)
		}
	}
	for _, n := range ev.Warnings {
		w("warning: %s", i18n.Lang("en").Note(n))
	}
	for _, n := range ev.Notes {
		w("note: %s", i18n.Lang("en").Note(n))
	}
	for _, pod := range ev.Pods {
		dumpEvent(b, pod, indent+"  ")
	}
}
