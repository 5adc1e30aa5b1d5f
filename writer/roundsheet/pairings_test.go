package roundsheet

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// TestPairingsTable holds the terminal table, by table and by name, in every language.
func TestPairingsTable(t *testing.T) {
	p := writertest.Pairings(t)
	for _, lang := range i18n.Langs() {
		for _, by := range []struct {
			name  string
			lists PairingsLists
		}{{"table", BothLists}, {"name", ListByName}} {
			var b bytes.Buffer
			if err := WritePairingsTable(&b, p, by.lists, writer.Options{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("..", "..", "testdata", "writer", "pairings-"+lang+"-"+by.name+".golden.txt"), b.String())
		}
	}
}

// TestPairingsCSV holds the CSV by table and by name, and checks that a name a spreadsheet
// would run as a formula is defused and that inputs without IDs get no ID columns.
func TestPairingsCSV(t *testing.T) {
	p := writertest.Pairings(t)
	for _, tt := range []struct {
		name  string
		lists PairingsLists
		lang  string
	}{{"table-en", BothLists, "en"}, {"name-zh", ListByName, "zh"}} {
		var b bytes.Buffer
		if err := WritePairingsCSV(&b, p, tt.lists, writer.Options{Lang: tt.lang}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("..", "..", "testdata", "writer", "pairings-"+tt.name+".golden.csv"), b.String())
	}

	ev := writertest.PairingsEvent()
	for i := range ev.Players {
		ev.Players[i].ID = ev.Players[i].Name
	}
	ev.Players[0].Name, ev.Players[0].ID = "=HYPERLINK(1)", "=HYPERLINK(1)"
	q, err := pairings.Compute(ev, pairings.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WritePairingsCSV(&b, q, BothLists, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if lines[0] != "Round,Table,Player,Points,Opponent,Opponent points,Note" {
		t.Errorf("header without IDs: %s", lines[0])
	}
	if !strings.Contains(b.String(), "2,1,'=HYPERLINK(1),3,Émile Dubois,3,") {
		t.Errorf("the formula is not defused:\n%s", b.String())
	}
}

// TestPairingsJSON holds the JSON document.
func TestPairingsJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WritePairingsJSON(&b, writertest.Pairings(t)); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "..", "testdata", "writer", "pairings.golden.json"), b.String())
}

// TestPairingsColours checks that chess pairings say who has White: White first by table,
// each player's colour by name.
func TestPairingsColours(t *testing.T) {
	ev := writertest.PairingsEvent()
	r := &ev.Rounds[1]
	r.Matches[0].Color, r.Matches[1].Color, r.Matches[2].Color = tbsheet.Black, tbsheet.White, tbsheet.White
	p, err := pairings.Compute(ev, pairings.Options{Calc: calc.Options{System: "chess"}})
	if err != nil {
		t.Fatal(err)
	}
	var byTable, byName bytes.Buffer
	if err := WritePairingsTable(&byTable, p, BothLists, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := WritePairingsTable(&byName, p, ListByName, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Table  White ", "    1  Émile Dubois ", "Result"} {
		if !strings.Contains(byTable.String(), want) {
			t.Errorf("by table: no %q in\n%s", want, byTable.String())
		}
	}
	if !regexp.MustCompile(`(?m)Colour\n^Alice Chen +1 +1 +Émile Dubois +Black$`).MatchString(byName.String()) {
		t.Errorf("by name: no colour column, or Alice does not have Black:\n%s", byName.String())
	}
}

// TestRenderPairings checks the formats Pairings.Render writes and the one it refuses.
func TestRenderPairings(t *testing.T) {
	p := writertest.Pairings(t)
	for ext, prefix := range map[string]string{".pdf": "%PDF", ".csv": writer.UTF8BOM + "Round,", ".json": "{", ".txt": "Friday"} {
		data, err := Pairings.Render("pairings"+ext, PairingsDoc{Pairings: p, Lists: BothLists}, writer.Options{Now: writertest.Now})
		if err != nil || !bytes.HasPrefix(data, []byte(prefix)) {
			t.Errorf("%s: %v, starts %.12q", ext, err, data)
		}
	}
	if _, err := Pairings.Render("pairings.xlsx", PairingsDoc{Pairings: p, Lists: BothLists}, writer.Options{}); err == nil ||
		err.Error() != `pairings.xlsx: pairings are written to .pdf, .csv, .json, .txt` {
		t.Errorf("xlsx: %v", err)
	}
}

// TestPairingsPDF renders the wall pages in every language: no character the fonts lack,
// the same bytes twice, both lists or one.
func TestPairingsPDF(t *testing.T) {
	p := writertest.Pairings(t)
	for _, lang := range i18n.Langs() {
		for _, lists := range []PairingsLists{BothLists, ListByName, ListByTable} {
			var warnings []string
			opt := writer.Options{Lang: lang, Now: writertest.Now, Warn: func(msg string) { warnings = append(warnings, msg) }}
			var a, b bytes.Buffer
			if err := WritePairingsPDF(&a, p, lists, opt); err != nil {
				t.Fatal(err)
			}
			if err := WritePairingsPDF(&b, p, lists, opt); err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(a.Bytes(), []byte("%PDF")) || !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s: not a PDF, or not the same twice", lang)
			}
			want := 2
			if lists != BothLists {
				want = 1
			}
			if n := writertest.PDFPages(a.Bytes()); n != want {
				t.Errorf("%s, lists %d: %d pages, want %d", lang, lists, n, want)
			}
			if len(warnings) > 0 {
				t.Errorf("%s: %v", lang, warnings)
			}
		}
	}
}

// largePairings returns round 8 of writertest.BigEvent(n) being played: every match between two
// players unreported.
func largePairings(t testing.TB, n int) *pairings.Pairings {
	ev := writertest.BigEvent(n)
	last := &ev.Rounds[len(ev.Rounds)-1]
	for i := range last.Matches {
		if m := &last.Matches[i]; m.P2 != tbsheet.NoPlayer {
			m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
		}
	}
	p, err := pairings.Compute(ev, pairings.Options{Calc: calc.Options{System: "mtg"}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPairingsLayout lays both lists out for small and large rounds in every language and
// checks what a wall needs: every row on one page, in order; blocks that fit the page; type
// never below the size read from two metres; a small round in the largest type on one page,
// a large one in blocks side by side.
func TestPairingsLayout(t *testing.T) {
	for _, n := range []int{6, 16, 60, 300} {
		p := largePairings(t, n)
		for _, lang := range i18n.Langs() {
			d, err := newRoundPDF(p.Before, writer.Options{Lang: lang, Now: writertest.Now})
			if err != nil {
				t.Fatal(err)
			}
			d.Heading()
			s := newPairingWords(p, writer.Options{Lang: lang})
			paper := [2]float64{d.PageW, d.PageH} // portrait, before a layout turns the page
			for _, l := range []*wallList{d.byNameList(s), d.byTableList(s)} {
				what := fmt.Sprintf("%d players, %s, %s", n, lang, l.subtitle)
				l.measure()
				lay := l.layout(d, paper)
				if lay.scale < listMinScale-1e-9 || lay.scale > listMaxScale+1e-9 {
					t.Errorf("%s: scale %.2f", what, lay.scale)
				}
				var seen []int
				room := lay.pageH - writer.MarginBottom - writer.FooterH - lay.top - listHeadH*lay.scale
				for _, page := range lay.pages {
					if len(page) > lay.blocks {
						t.Errorf("%s: %d blocks on a page of %d", what, len(page), lay.blocks)
					}
					for _, b := range page {
						seen = append(seen, b...)
						if h := lay.height(b); h > room+1e-9 {
							t.Errorf("%s: a block %.1f mm tall in %.1f mm", what, h, room)
						}
					}
				}
				if want := len(l.rows); len(seen) != want || !slices.IsSorted(seen) {
					t.Errorf("%s: rows %v, want 0 to %d in order", what, seen, want-1)
				}
				blockW := 0.0
				for _, w := range lay.widths {
					blockW += w
				}
				if total := float64(lay.blocks)*blockW + float64(lay.blocks-1)*listGutter; total > lay.pageW-2*writer.MarginX+1e-6 {
					t.Errorf("%s: blocks %.1f mm wide on a %.1f mm page", what, total, lay.pageW)
				}
				switch {
				case n <= 16 && (len(lay.pages) != 1 || lay.landscape):
					t.Errorf("%s: %d pages, landscape %v; want one portrait page", what, len(lay.pages), lay.landscape)
				case n == 6 && l.ranges && lay.scale != listMaxScale:
					t.Errorf("%s: scale %.2f, want the largest type", what, lay.scale)
				case n == 300 && lay.blocks < 2:
					t.Errorf("%s: one block for %d rows", what, len(l.rows))
				}
			}
		}
	}
}

// TestPairingsByNameRows checks the list by name: every player once, alphabetically, with
// his table and opponent; a bye, a late entry and an unpaired player say so.
func TestPairingsByNameRows(t *testing.T) {
	p := writertest.Pairings(t)
	d, err := newRoundPDF(p.Before, writer.Options{Now: writertest.Now})
	if err != nil {
		t.Fatal(err)
	}
	l := d.byNameList(newPairingWords(p, writer.Options{Lang: "en"}))
	var got []string
	for _, r := range l.rows {
		line := []string{}
		for c, cell := range r.cells {
			line = append(line, cell.String())
			if tag := r.tags[c].String(); tag != "" {
				line = append(line, "("+tag+")")
			}
		}
		got = append(got, strings.Join(line, " | "))
	}
	want := []string{
		"Alice Chen | 3 | 1 | Émile Dubois",
		"Bob Okafor | 0 | 2 | 王芳",
		"Dan Kowalski | 0 | 3 | Grace Murphy",
		"Émile Dubois | 3 | 1 | Alice Chen",
		"Grace Murphy | (late entry) | 0 | 3 | Dan Kowalski",
		"Hiro Tanaka | 3 | – | Not paired: see the judge",
		"Ivy Lee | 0 | – | No opponent (loss)",
		"王芳 | 1 | 2 | Bob Okafor",
		"鈴木 さくら | 1 | – | Bye",
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows:\n got %q\nwant %q", got, want)
	}
}

// TestSlipsPDF renders the result slips in every language: no character the fonts lack, the
// same bytes twice, eight slips to an A4 page and six to a Letter page, none for a table
// whose result is entered, one for every table of a round played.
func TestSlipsPDF(t *testing.T) {
	for _, tt := range []struct {
		p     *pairings.Pairings
		paper string
		pages int
	}{
		{writertest.Pairings(t), "A4", 1},   // tables 1 and 3; table 2 has its result
		{largePairings(t, 60), "A4", 3},     // 24 tables
		{largePairings(t, 60), "Letter", 4}, // six to a page
	} {
		for _, lang := range i18n.Langs() {
			var warnings []string
			opt := writer.Options{Lang: lang, Paper: tt.paper, Now: writertest.Now, Warn: func(msg string) { warnings = append(warnings, msg) }}
			a, err := Slips.Render("slips.pdf", tt.p, opt)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Slips.Render("slips.pdf", tt.p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) || len(warnings) > 0 {
				t.Errorf("%s: not the same twice, or warnings %v", lang, warnings)
			}
			if n := writertest.PDFPages(a); n != tt.pages {
				t.Errorf("%s, %d tables on %s: %d pages, want %d", lang, len(tt.p.Tables), tt.paper, n, tt.pages)
			}
		}
	}
	played, err := pairings.Compute(writertest.PairingsEvent(), pairings.Options{Round: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSlipsPDF(&buf, played, writer.Options{Now: writertest.Now}); err != nil || writertest.PDFPages(buf.Bytes()) != 1 {
		t.Errorf("a round played: %v, %d pages", err, writertest.PDFPages(buf.Bytes()))
	}
}

// FuzzPairingsWriters gives two players any names: every pairings output renders, the table
// holds no control character, the CSV reads back with one row per player and the names as
// given (or defused), the JSON is valid and holds the names.
func FuzzPairingsWriters(f *testing.F) {
	f.Add("Alice Chen", "王芳")
	f.Add("=1+1", "a,\"b\"\nc")
	f.Add("", "\u200b\t★𠮷😀")
	f.Add("\x1b[31mRed", "\u202eevil")
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			t.Skip()
		}
		ev := writertest.PairingsEvent()
		ev.Players[0].Name, ev.Players[2].Name = a, b
		p, err := pairings.Compute(ev, pairings.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{".pdf", ".txt", ".json", ".csv"} {
			data, err := Pairings.Render("p"+ext, PairingsDoc{Pairings: p, Lists: BothLists}, writer.Options{Now: writertest.Now})
			if err != nil {
				t.Fatalf("%s: %v", ext, err)
			}
			if ext == ".txt" && strings.ContainsFunc(string(data), func(r rune) bool {
				return r != '\n' && (tbsheet.IsControl(r) || tbsheet.IsBidiControl(r))
			}) {
				t.Errorf("the table holds a control character:\n%q", data)
			}
		}
		if _, err := Slips.Render("s.pdf", p, writer.Options{Now: writertest.Now}); err != nil {
			t.Fatal(err)
		}
		var c bytes.Buffer
		if err := WritePairingsCSV(&c, p, ListByName, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&c).ReadAll()
		if err != nil || len(rows) != len(p.Players)+1 {
			t.Fatalf("CSV: %v, %d rows for %d players", err, len(rows), len(p.Players))
		}
		for _, name := range []string{a, b} {
			if !slices.ContainsFunc(rows, func(r []string) bool { return r[2] == name || r[2] == writer.CSVSafe(name) }) {
				t.Errorf("CSV: no row for %q", name)
			}
		}
		var j bytes.Buffer
		if err := WritePairingsJSON(&j, p); err != nil {
			t.Fatal(err)
		}
		var doc struct{ Players []struct{ Name string } }
		if err := json.Unmarshal(j.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(doc.Players, func(pl struct{ Name string }) bool { return pl.Name == a }) {
			t.Errorf("JSON: no player %q", a)
		}
	})
}

// BenchmarkPairings lists the last round of realistic generated Magic events and writes its
// wall PDF (both lists), as watch --pairings does on every save: 256 players × 8 rounds and
// 4,096 × 12. The baseline, in the same run, is one calc.Compute of the same event.
func BenchmarkPairings(b *testing.B) {
	for _, size := range []struct {
		name            string
		players, rounds int
	}{{"256", 256, 8}, {"4096", 4096, 12}} {
		ev := swissgen.Generate(swissgen.Realistic(size.players, size.rounds, 2026))
		last := &ev.Rounds[len(ev.Rounds)-1]
		for i := range last.Matches {
			if m := &last.Matches[i]; m.P2 != tbsheet.NoPlayer {
				m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
			}
		}
		copt := calc.Options{System: "mtg", NoExplain: true}
		b.Run(size.name+"/calc", func(b *testing.B) {
			for b.Loop() {
				if _, err := calc.Compute(ev, copt); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(size.name+"/pairings-pdf", func(b *testing.B) {
			for b.Loop() {
				p, err := pairings.Compute(ev, pairings.Options{Calc: copt})
				if err != nil {
					b.Fatal(err)
				}
				if err := WritePairingsPDF(io.Discard, p, BothLists, writer.Options{Now: writertest.Now}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestNameLinesLongName: an opponent's name too long for its column, squeezed as far as it
// may be, wraps at the largest size that cuts no word — after the hyphen of a double-barrelled
// name — rather than in small type: it is read from two metres.
func TestNameLinesLongName(t *testing.T) {
	fs, err := writer.LoadFonts(writer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	name := fs.Shape("Victor Vanderbilt-Featherstonehaugh", writer.Style{Pt: listOppPt}, "")
	const scale = listMinScale
	w := name.Width(scale)*0.55 + 2*listPad*scale // too wide squeezed to oppSqueeze
	lines, size := nameLines(name, writer.Text{}, w, scale, oppSqueeze)
	var got []string
	for _, l := range lines {
		got = append(got, l.String())
	}
	if want := []string{"Victor Vanderbilt-", "Featherstonehaugh"}; !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
	if size < 0.9*scale {
		t.Errorf("set at %.2f of the list's %.2f: smaller than it needs", size, scale)
	}
}
