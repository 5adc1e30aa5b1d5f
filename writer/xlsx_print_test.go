package writer

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

// TestXLSXPrintSetup checks what every sheet of a standings workbook prints: fitted to one
// page wide on the chosen paper, its header row repeated on every page, a header with the
// event's name, the title and the date, a footer with the sheet's name and the page number;
// the Standings sheet without its formula columns.
func TestXLSXPrintSetup(t *testing.T) {
	for _, lang := range i18n.Langs() {
		for _, paper := range []struct {
			name string
			size int
		}{{"A4", paperA4}, {"Letter", paperLetter}} {
			st := writertest.Standings()
			st.Event.Date = "2026-05-16"
			f := writeXLSX(t, st, Options{Lang: lang, Paper: paper.name, Now: writertest.Now}, XLSXConfig{})
			titles := map[string]string{}
			areas := map[string]string{}
			for _, dn := range f.GetDefinedName() {
				switch dn.Name {
				case "_xlnm.Print_Titles":
					titles[dn.Scope] = dn.RefersTo
				case "_xlnm.Print_Area":
					areas[dn.Scope] = dn.RefersTo
				}
			}
			for _, sheet := range f.GetSheetList() {
				where := lang + "/" + paper.name + "/" + sheet
				layout, err := f.GetPageLayout(sheet)
				if err != nil {
					t.Fatal(err)
				}
				if layout.Size == nil || *layout.Size != paper.size || layout.FitToWidth == nil || *layout.FitToWidth != 1 ||
					layout.FitToHeight == nil || *layout.FitToHeight != 0 {
					t.Errorf("%s: page layout %s, want paper %d, one page wide", where, show(layout), paper.size)
				}
				if props, err := f.GetSheetProps(sheet); err != nil || props.FitToPage == nil || !*props.FitToPage {
					t.Errorf("%s: not fitted to the page (%v)", where, err)
				}
				quoted := "'" + sheet + "'"
				if got := titles[sheet]; got != quoted+"!$1:$1" {
					t.Errorf("%s: print titles %q, want the first row", where, got)
				}
				hf, err := f.GetHeaderFooter(sheet)
				if err != nil || hf == nil {
					t.Fatalf("%s: no header (%v)", where, err)
				}
				for _, want := range []string{escapeHeader(st.Event.Name), escapeHeader(Title(st, lang)), "2026-05-16"} {
					if !strings.Contains(hf.OddHeader, want) {
						t.Errorf("%s: header %q lacks %q", where, hf.OddHeader, want)
					}
				}
				if want := "&L&A&R" + label(lang, "print.page-of"); hf.OddFooter != want || !strings.Contains(want, "&P") {
					t.Errorf("%s: footer %q, want %q", where, hf.OddFooter, want)
				}
			}
			names := SheetNamesFor(lang)
			cols := standingsColumns(st, lang, true)
			last := 0
			for cols[last].kind != colFormula {
				last++
			}
			if got, want := areas[names.standings], fmt.Sprintf("'%s'!$A:$%s", names.standings, colName(last)); got != want {
				t.Errorf("%s: Standings print area %q, want %q (up to the note)", lang, got, want)
			}
		}
	}
}

func show(l excelize.PageLayoutOptions) string {
	deref := func(p *int) any {
		if p == nil {
			return nil
		}
		return *p
	}
	return fmt.Sprintf("size %v, fit %v×%v", deref(l.Size), deref(l.FitToWidth), deref(l.FitToHeight))
}

func colName(n int) string {
	s, err := excelize.ColumnNumberToName(n)
	if err != nil {
		panic(err)
	}
	return s
}

// TestXLSXOrientation: a short wide table prints landscape on one page, a long one portrait
// on fewer pages than landscape would take, a narrow one portrait.
func TestXLSXOrientation(t *testing.T) {
	b := &Book{Lang: "en"}
	for _, tt := range []struct {
		name      string
		st        *calc.Standings
		want      string
		wantPages int // Standings pages in that orientation (0: not checked)
	}{
		{"16 players", writertest.Compute(writertest.BigEvent(16), calc.Options{System: "mtg"}), "landscape", 1},
		{"200 players", writertest.BigStandings(200), "portrait", 0},
	} {
		tb, err := (&Book{Lang: "en", Styles: testStyler(t)}).standingsTable("Standings", tt.st, explainAll(tt.st, "en"), 0, XLSXConfig{})
		if err != nil {
			t.Fatal(err)
		}
		if got := b.pageOrientation(tb); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
	narrow := NewTable("Event", []string{"Item", "Value"})
	narrow.Add([]any{"Name", "FNM"}, []string{"Name", "FNM"})
	if got := b.pageOrientation(narrow); got != "portrait" {
		t.Errorf("a narrow table prints %s, want portrait", got)
	}
}

// testStyler returns the styles of a fresh embedded workbook, for building tables alone.
func testStyler(t *testing.T) *styler {
	t.Helper()
	b, err := NewEmbeddedBook("en", "Standings")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.F.Close() })
	return b.Styles
}

func TestTablePages(t *testing.T) {
	tb := NewTable("S", []string{"A"})
	for range 100 {
		tb.Add([]any{"x"}, []string{"x"})
	}
	// A page of 30 rows holds the header and 29 rows: 100 rows take 4 pages.
	if got := tb.pages(30 * rowPoints); got != 4 {
		t.Errorf("%d pages, want 4", got)
	}
	tb.notes = []string{"a legend"}
	if got := tb.pages(101 * rowPoints); got != 2 {
		t.Errorf("with a legend that does not fit: %d pages, want 2", got)
	}
	w := NewTable("W", []string{"A"})
	w.maxWidth, w.wrap = 12, true // 10 characters a line
	w.Add([]any{"x"}, []string{strings.Repeat("x", 25) + "\nyy"})
	if got := w.rowLines(w.wrapped[0]); got != 4 {
		t.Errorf("a cell of 25 + 2 characters in 10-character lines takes %d lines, want 4", got)
	}
}

func TestPrintHeader(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    PrintSetup
		want string
	}{
		{"event", PrintSetup{Event: "FNM", Title: "Standings after round 4 of 4", Date: "2026-03-06"},
			"&C&14&\"-,Bold\"FNM\n&10&\"-,Regular\"Standings after round 4 of 4 · 2026-03-06"},
		{"ampersand and digits", PrintSetup{Event: "2026 Dungeons & Dragons", Title: "Final standings", Date: "2026-03-06"},
			"&C&14&\"-,Bold\"2026 Dungeons && Dragons\n&10&\"-,Regular\"Final standings · 2026-03-06"},
		{"no event", PrintSetup{Title: "Standings", Date: "2026-03-06"}, "&C&12&\"-,Bold\"Standings · 2026-03-06"},
	} {
		if got := tt.p.header(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	long := PrintSetup{Event: strings.Repeat("龍の巣ゲームズ ", 60), Title: "Standings after round 4 of 4", Date: "2026-03-06"}
	h := long.header()
	if n := len(utf16.Encode([]rune(h))); n > headerLimit {
		t.Errorf("a long event name makes a header of %d units, over Excel's %d", n, headerLimit)
	}
	if !strings.Contains(h, "…\n") || !strings.HasSuffix(h, "Standings after round 4 of 4 · 2026-03-06") {
		t.Errorf("a long event name is not shortened, or the title is cut: %q", h)
	}
}

// TestStandingsAlignment: numbers stand one indent off the right edge and the record is
// centred, so that "10" and "3-0-1" never read as "103-0-1".
func TestStandingsAlignment(t *testing.T) {
	st := writertest.Standings()
	f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{})
	for j, c := range standingsColumns(st, "en", true) {
		want, ok := map[colKind]string{colRank: "right/1", colPoints: "right/1", colRecord: "center/0",
			colValue: "right/1", colFormula: "right/1", colDropped: "right/1"}[c.kind]
		if !ok {
			continue
		}
		for row := 2; row <= len(st.Rows)+1; row++ {
			cell := tbsheet.CellName(j+1, row)
			id, err := f.GetCellStyle("Standings", cell)
			if err != nil {
				t.Fatal(err)
			}
			s, err := f.GetStyle(id)
			if err != nil {
				t.Fatal(err)
			}
			got := "none"
			if s.Alignment != nil {
				got = fmt.Sprintf("%s/%d", s.Alignment.Horizontal, s.Alignment.Indent)
			}
			if got != want {
				t.Errorf("%s (%s) aligned %s, want %s", cell, c.header, got, want)
			}
		}
	}
}

// TestIgnoredTextNumbers: the columns of IDs stored as text (Standings, Players) tell Excel
// not to flag them; no other column is exempted.
func TestIgnoredTextNumbers(t *testing.T) {
	st := writertest.Standings()
	for i := range st.Event.Players {
		st.Event.Players[i].ID = fmt.Sprintf("%010d", 4018830000+i) // COSSY-like ids with a leading zero
	}
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, Options{Now: writertest.Now}, XLSXConfig{}); err != nil {
		t.Fatal(err)
	}
	got := ignoredErrors(t, b.Bytes())
	n := len(st.Rows) + 1
	idCol := 0
	for j, c := range standingsColumns(st, "en", true) {
		if c.kind == colID {
			idCol = j + 1
		}
	}
	want := map[string]string{
		"Standings": fmt.Sprintf("%s2:%s%d", colName(idCol), colName(idCol), n),
		"Players":   fmt.Sprintf("B2:B%d", len(st.Event.Players)+1),
	}
	for sheet, ref := range want {
		if got[sheet] != ref {
			t.Errorf("%s: numbers stored as text ignored in %q, want %q", sheet, got[sheet], ref)
		}
	}
	// The Event sheet's values are text, a number of rounds among them.
	if ref := got["Event"]; !strings.HasPrefix(ref, "B2:B") {
		t.Errorf("Event: numbers stored as text ignored in %q, want its values (column B)", ref)
	}
	for sheet, ref := range got {
		if _, ok := want[sheet]; !ok && sheet != "Event" {
			t.Errorf("%s: numbers stored as text ignored in %q, want nowhere", sheet, ref)
		}
	}
}

func TestNumberText(t *testing.T) {
	for s, want := range map[string]bool{"0100421518": true, "12": true, "-3.5": true, "+1": true,
		"": false, "Alice": false, "2-1": false, "2026-03-06": false, "3,1,0,3": false, "1e5x": false} {
		if got := numberText(s); got != want {
			t.Errorf("numberText(%q) = %v, want %v", s, got, want)
		}
	}
}

// ignoredErrors returns, by sheet name, the ranges where a workbook ignores Excel's "number
// stored as text" check.
func ignoredErrors(t *testing.T, data []byte) map[string]string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string, v any) {
		f, err := z.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	read("xl/workbook.xml", &wb)
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	read("xl/_rels/workbook.xml.rels", &rels)
	out := map[string]string{}
	for _, s := range wb.Sheets {
		for _, r := range rels.Rels {
			if r.ID != s.RID {
				continue
			}
			var ws struct {
				Ignored []struct {
					Sqref        string `xml:"sqref,attr"`
					NumberAsText bool   `xml:"numberStoredAsText,attr"`
				} `xml:"ignoredErrors>ignoredError"`
			}
			read(path.Join("xl", strings.TrimPrefix(r.Target, "/xl/")), &ws)
			for _, ie := range ws.Ignored {
				if ie.NumberAsText {
					out[s.Name] = ie.Sqref
				}
			}
		}
	}
	return out
}

// TestOpponentTerms: each term is named by its opponent, in the output's language.
func TestOpponentTerms(t *testing.T) {
	ev := &tbsheet.Event{Players: []tbsheet.Player{{Name: "Ann"}, {Name: "Carol"}, {Name: "Dave 2"}}}
	x := calc.Explanation{Terms: []calc.OppTerm{
		{Opp: 1, Expr: calc.Ratio(6, 12)},
		{Opp: 2, Expr: calc.Max(calc.Num(exact.Frac(33, 100)), calc.Ratio(3, 12))},
	}}
	for lang, want := range map[string]string{
		"en": "vs Carol: 6/12, vs Dave 2: 0.33↑3/12",
		"zh": "对 Carol：6/12，对 Dave 2：0.33↑3/12",
		"ja": "対 Carol：6/12、対 Dave 2：0.33↑3/12",
	} {
		if got := OpponentTerms(ev, lang, x); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := OpponentTerms(ev, "en", calc.Explanation{Expr: calc.Ratio(1, 2)}); got != "" {
		t.Errorf("an explanation without terms names %q", got)
	}
}

func TestBoundsLegend(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"(6/12 + 0.33↑3/12) / 2 = 41.50%", "0.33↑3/12: 3/12 is below the floor 0.33, so 0.33 counts instead."},
		{"0.25↑0/5", "0.25↑0/5: 0/5 is below the floor 0.25, so 0.25 counts instead."},
		{"999↓⌊(3 × 5 + 1) × 1000 / (3 × 5)⌋ = 999",
			"999↓⌊(3 × 5 + 1) × 1000 / (3 × 5)⌋: ⌊(3 × 5 + 1) × 1000 / (3 × 5)⌋ is above the cap 999, so 999 counts instead."},
		{"−3↑(1 − 5) + 2", "−3↑(1 − 5): (1 − 5) is below the floor −3, so −3 counts instead."},
		{"(6/12 + 9/12) / 2", ""},
	} {
		if got := BoundsLegend("en", tt.text); got != tt.want {
			t.Errorf("BoundsLegend(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestExplainSheetLegend: the Explain sheet says under its table what the floor arrow means.
func TestExplainSheetLegend(t *testing.T) {
	st := writertest.Standings()
	f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{})
	rows, err := f.GetRows("Explain")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, r := range rows[1 : len(st.Rows)+1] {
		all = append(all, strings.Join(r, "\n"))
	}
	want := BoundsLegend("en", strings.Join(all, "\n"))
	if !strings.Contains(want, "↑") {
		t.Fatal("the test standings use no floor")
	}
	if got := rows[len(rows)-1]; len(rows) != len(st.Rows)+3 || len(got) != 1 || got[0] != want {
		t.Errorf("the sheet ends with %q (%d rows), want the legend %q after a blank row", got, len(rows), want)
	}
}
