//go:build e2e

package standingsheet

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// sampleStandings reads every sample and returns its standings (one per division), final
// ones after a top cut, as `tbsheet standings` computes them.
func sampleStandings(t *testing.T) map[string]*calc.Standings {
	t.Helper()
	entries, err := os.ReadDir("../../samples")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*calc.Standings{}
	for _, e := range entries {
		path := filepath.Join("..", "..", "samples", e.Name())
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
				path := writeStandingsTemp(t, st, writer.Options{Lang: lang, ByName: byName, Cut: cut}, "sample.pdf")
				text := strings.Join(writertest.PDFText(t, path), "\n")
				flat := strings.Join(strings.Fields(text), " ")
				for _, word := range strings.Fields(writer.EventTitle(st, lang)) {
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
					def := tiebreakKey(c, lang) + writer.Colon(lang) + i18n.Of(lang).Note(c.Plain)
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

// TestPDFEventSheetE2E fills the template as an organizer does, the Event sheet's name and
// date included, and reads the wall PDF back: the event's name heads it and its date is
// printed.
func TestPDFEventSheetE2E(t *testing.T) {
	var b bytes.Buffer
	if err := resultfile.WriteTemplate(&b, 1, "", writer.Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sheet, cell, v string }{
		{"Event", "B1", "Spring Open 2026 — Dragon's Den"}, {"Event", "B2", "Saturday 7 March 2026"},
		{"Players", "A2", "Ann"}, {"Players", "A3", "Bob"}, {"Players", "A4", "Cid"}, {"Players", "A5", "Dot"},
		{"Round 1", "A2", "1"}, {"Round 1", "B2", "Ann"}, {"Round 1", "C2", "Bob"}, {"Round 1", "D2", "2-1"},
		{"Round 1", "A3", "2"}, {"Round 1", "B3", "Cid"}, {"Round 1", "C3", "Dot"}, {"Round 1", "D3", "0-2"},
	} {
		if err := f.SetCellStr(c.sheet, c.cell, c.v); err != nil {
			t.Fatal(err)
		}
	}
	var filled bytes.Buffer
	if err := f.Write(&filled); err != nil {
		t.Fatal(err)
	}
	ev, err := reader.ReadBytes(filled.Bytes(), "results.xlsx", "", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := calc.Compute(ev, calc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(writertest.PDFText(t, writeStandingsTemp(t, st, writer.Options{}, "standings.pdf")), "\n")
	for _, want := range []string{"Spring Open 2026 — Dragon's Den", "Saturday 7 March 2026 · Magic: The Gathering",
		"Standings after round 1 of 1 — by rank"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "tbsheet ·") || strings.HasPrefix(strings.TrimSpace(text), "tbsheet") {
		t.Errorf("the page is titled tbsheet:\n%s", text)
	}
}
