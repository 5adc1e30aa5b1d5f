//go:build e2e

package writer

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

// The workbook on paper: LibreOffice prints tbsheet's workbooks to PDF and poppler reads the
// pages back, as an organizer's "print the whole workbook" would come out.

// TestLibreOfficePrintsSmallEvent prints the whole workbook of a 16-player event: the
// Standings sheet on one page (the first), every sheet fitted to its pages' width, no more
// pages than a sheet each and one more for the Explain sheet, each page headed by the event
// and the title and footed by its sheet's name.
func TestLibreOfficePrintsSmallEvent(t *testing.T) {
	st := writertest.Compute(writertest.BigEvent(16), calc.Options{System: "mtg"})
	pages := libreOfficePages(t, st, Options{Now: writertest.Now})
	names := SheetNamesFor("en")
	sheets := []string{names.standings, names.explain, names.Matches, names.Players, names.Event, names.about}
	if len(pages) > len(sheets)+1 {
		t.Errorf("the workbook prints on %d pages, want at most %d", len(pages), len(sheets)+1)
	}
	first := pages[0]
	if footer(first) != names.standings {
		t.Fatalf("page 1 is %q, want the Standings", footer(first))
	}
	for _, r := range st.Rows {
		if name := st.Event.Players[r.Player].Name; !strings.Contains(first, name) {
			t.Errorf("page 1 lacks %s: the Standings do not fit on one page", name)
		}
	}
	if footer(pages[1]) != names.explain {
		t.Errorf("page 2 is %q, want the Explain sheet: the Standings take more than one page", footer(pages[1]))
	}
	printed := map[string]bool{}
	for i, p := range pages {
		printed[footer(p)] = true
		for _, want := range []string{st.Event.Name, Title(st, "en")} {
			if !strings.Contains(p, want) {
				t.Errorf("page %d (%s) lacks the header %q", i+1, footer(p), want)
			}
		}
	}
	for _, s := range sheets {
		if !printed[s] {
			t.Errorf("no page of sheet %s", s)
		}
	}
}

// TestLibreOfficePrintTitles prints a 200-player event's standings: several pages, each with
// the event's name, the title, the date and the header row.
func TestLibreOfficePrintTitles(t *testing.T) {
	st := writertest.BigStandings(200)
	st.Event.Date = "2026-05-16"
	pages := libreOfficePages(t, st, Options{Now: writertest.Now})
	var standings []string
	for _, p := range pages {
		if footer(p) == "Standings" {
			standings = append(standings, p)
		}
	}
	if len(standings) < 2 {
		t.Fatalf("the Standings print on %d pages; the test needs several", len(standings))
	}
	for i, p := range standings {
		for _, want := range []string{st.Event.Name, Title(st, "en") + " · 2026-05-16", "Rank", "Player", "OMW%"} {
			if !strings.Contains(p, want) {
				t.Errorf("Standings page %d lacks %q", i+1, want)
			}
		}
	}
	if last := standings[len(standings)-1]; !strings.Contains(last, st.Event.Players[st.Rows[len(st.Rows)-1].Player].Name) {
		t.Error("the last player is not on the last Standings page")
	}
}

// footer returns the sheet name a page's footer carries: the first word of its last line
// ("Standings      Page 1 of 6").
func footer(page string) string {
	lines := strings.Split(strings.TrimRight(page, "\n "), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// libreOfficePages writes st's workbook, has LibreOffice print it to PDF, and returns the
// text of each page (pdftotext -layout).
func libreOfficePages(t *testing.T, st *calc.Standings, opt Options) []string {
	t.Helper()
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, opt, XLSXConfig{}); err != nil {
		t.Fatal(err)
	}
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatalf("LibreOffice (soffice) is not installed (Debian: libreoffice-calc-nogui): %v", err)
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.xlsx")
	if err := os.WriteFile(book, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, soffice, "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--headless", "--convert-to", "pdf", "--outdir", dir, book)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, "pdftotext", "-layout", filepath.Join(dir, "book.pdf"), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	pages := strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
	if len(pages) == 0 || pages[0] == "" {
		t.Fatal("LibreOffice printed no page")
	}
	return pages
}
