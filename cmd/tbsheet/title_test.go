package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestEventTitle: the event's name comes from the workbook's Event sheet, else from the file
// name (a blank template's is never "tbsheet"), and --title overrides both; the Event
// sheet's date goes along.
func TestEventTitle(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "friday-modern.xlsx")
	if code, _, stderr := runAt(t, dir, "template", "-o", book, "--rounds", "1"); code != 0 {
		t.Fatalf("template: %s", stderr)
	}
	f, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sheet, cell, v string }{
		{"Players", "A2", "Ann"}, {"Players", "A3", "Bob"},
		{"Round 1", "A2", "1"}, {"Round 1", "B2", "Ann"}, {"Round 1", "C2", "Bob"}, {"Round 1", "D2", "2-0"},
	} {
		if err := f.SetCellStr(c.sheet, c.cell, c.v); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	name := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runAt(t, dir, append([]string{"standings", book, "--to", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var doc struct{ Event struct{ Name string } }
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		return doc.Event.Name
	}
	if got := name(); got != "friday-modern" {
		t.Errorf("a blank Event sheet: the event is %q, want the file name", got)
	}
	// Templates written before the Event sheet carried the title "tbsheet".
	if err := f.SetDocProps(&excelize.DocProperties{Title: "tbsheet"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	if got := name(); got != "friday-modern" {
		t.Errorf("an older template: the event is %q, want the file name", got)
	}
	if got := name("--title", "FNM Modern"); got != "FNM Modern" {
		t.Errorf("--title: %q", got)
	}
	if err := f.SetCellStr("Event", "B1", "Friday Night Modern"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStr("Event", "B2", "2026-03-06"); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if got := name(); got != "Friday Night Modern" {
		t.Errorf("the Event sheet's name: %q", got)
	}
	if got := name("--title", "FNM"); got != "FNM" {
		t.Errorf("--title over the Event sheet: %q", got)
	}
	pdf := filepath.Join(dir, "standings.pdf")
	if code, _, stderr := runAt(t, dir, "standings", book, "-o", pdf); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(pdf); err != nil || len(b) == 0 {
		t.Fatalf("no PDF: %v", err)
	}
}
