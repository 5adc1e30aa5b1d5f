//go:build e2e

package writer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
)

// sampleStandings reads every sample and returns its standings (one per division), final
// ones after a top cut, as `tbsheet standings` computes them.
func sampleStandings(t *testing.T) map[string]*calc.Standings {
	t.Helper()
	entries, err := os.ReadDir("../samples")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*calc.Standings{}
	for _, e := range entries {
		path := filepath.Join("..", "samples", e.Name())
		ev, err := reader.Read(path, "", reader.Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		events := []*tbsheet.Event{ev}
		if len(ev.Pods) > 0 {
			events = ev.Pods
		}
		for _, ev := range events {
			st, err := calc.Compute(ev, calc.Options{})
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			name := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			if ev.Pod != "" {
				name += "-" + strings.ToLower(ev.Pod)
			}
			out[name] = calc.Final(st)
		}
	}
	return out
}

// TestPDFSamplesE2E renders every sample in every language, by rank and by name, and reads
// it back: the event's title, every player, each column's plain definition in the language,
// no caveat; the renders the README shows are kept with -pdf-png.
func TestPDFSamplesE2E(t *testing.T) {
	renders := map[string]string{"fnm-store en rank": "sample-fnm-store.png",
		"kts-locals ja rank": "sample-kts-locals-final-ja.png", "yugioh-cn zh name": "sample-yugioh-cn-zh-by-name.png"}
	for name, st := range sampleStandings(t) {
		for _, lang := range i18n.Langs() {
			for _, byName := range []bool{false, true} {
				order := map[bool]string{false: "rank", true: "name"}[byName]
				what := name + " " + lang + " " + order
				cut := 0
				if name == "fnm-store" {
					cut = 8
				}
				path := writeStandingsTemp(t, st, Options{Lang: lang, ByName: byName, Cut: cut}, "sample.pdf")
				text := strings.Join(writertest.PDFText(t, path), "\n")
				flat := strings.Join(strings.Fields(text), " ")
				for _, word := range strings.Fields(EventTitle(st, lang)) {
					if !strings.Contains(text, word) {
						t.Errorf("%s: the title's %q is not printed", what, word)
					}
				}
				for _, r := range st.Rows {
					if n := st.Event.Players[r.Player].Name; !strings.Contains(text, writertest.PrintedName(n)) {
						t.Errorf("%s: %q is not printed", what, n)
					}
				}
				for _, c := range st.Columns {
					def := tiebreakKey(c, lang) + Colon(lang) + i18n.Of(lang).Note(c.Plain)
					if !strings.Contains(strings.ReplaceAll(flat, " ", ""), strings.ReplaceAll(def, " ", "")) {
						t.Errorf("%s: the legend lacks %q", what, def)
					}
				}
				checkNoCaveats(t, what, text)
				if file, ok := renders[what]; ok {
					writertest.SavePNG(t, path, file)
				}
			}
		}
	}
}
