//go:build e2e

package resultfile

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// TestPDFEventSheetE2E fills the template as an organizer does, the Event sheet's name and
// date included, and reads the wall PDF back: the event's name heads it and its date is
// printed.
func TestPDFEventSheetE2E(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTemplate(&b, 1, "", writer.Options{}); err != nil {
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
	path := filepath.Join(t.TempDir(), "standings.pdf")
	opt := writer.Options{Now: writertest.Now, Warn: func(msg string) { t.Errorf("warning: %s", msg) }}
	if err := writer.Standings.WriteFile(path, st, opt); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(writertest.PDFText(t, path), "\n")
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
