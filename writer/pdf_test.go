package writer

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/fontfile"
)

var testNow = time.Date(2026, 5, 18, 19, 30, 0, 0, time.UTC)

// pdfPages counts the page objects of a PDF (page objects are not compressed).
var pageObject = regexp.MustCompile(`/Type /Page\s`)

func pdfPages(b []byte) int { return len(pageObject.FindAll(b, -1)) }

// plain returns the characters of a shaped text.
func plain(t text) string {
	var b strings.Builder
	for _, g := range t.glyphs {
		b.WriteRune(g.r)
	}
	return b.String()
}

func layoutFor(t *testing.T, st *calc.Standings, opt Options) *standingsPDF {
	t.Helper()
	d, err := layoutPDF(st, opt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPDFPages(t *testing.T) {
	tests := []struct {
		name  string
		st    *calc.Standings
		opt   Options
		pages int
	}{
		{"five players", testStandings(), Options{Cut: 2}, 1},
		{"one full A4 page, legend on the next", bigStandings(41), Options{}, 2},
		{"110 players on A4", bigStandings(110), Options{Cut: 8}, 3},
		{"110 players by name", bigStandings(110), Options{Cut: 8, ByName: true}, 3},
		{"110 players on Letter", bigStandings(110), Options{Cut: 8, Paper: "Letter"}, 4},
		{"no players", &calc.Standings{Event: &tbsheet.Event{}, System: &calc.System{Name: "mtg"}}, Options{}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opt.Now = testNow
			b, _ := renderPDF(t, tt.st, tt.opt)
			if got := pdfPages(b); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			checkPagination(t, layoutFor(t, tt.st, tt.opt))
		})
	}
}

// checkPagination checks the layout's invariants: every row once and in order, the cut line
// right under its row and on the same page, column headers on every page that has rows,
// and nothing below the footer line.
func checkPagination(t *testing.T, d *standingsPDF) {
	t.Helper()
	next := 0
	for n, p := range d.paginate() {
		y := d.tableTop()
		if p.table {
			y += headRowH * d.scale
		}
		for k, it := range p.items {
			switch it.kind {
			case itemRow:
				if !p.table {
					t.Errorf("page %d: a row on a page without column headers", n+1)
				}
				if it.row != next {
					t.Errorf("page %d: row %d, want %d", n+1, it.row, next)
				}
				next++
			case itemCut:
				if k == 0 || p.items[k-1].kind != itemRow || p.items[k-1].row != d.cut-1 {
					t.Errorf("page %d: the cut line does not follow row %d", n+1, d.cut)
				}
			}
			y += it.h
		}
		if y > d.bodyBottom()+1e-9 {
			t.Errorf("page %d: body ends at %.1f mm, below %.1f mm", n+1, y, d.bodyBottom())
		}
	}
	if next != len(d.rows) {
		t.Errorf("%d rows printed, want %d", next, len(d.rows))
	}
}

// TestPDFRowsPerPage pins the wall-legibility trade-off: 13 pt names, about 40 rows a page.
func TestPDFRowsPerPage(t *testing.T) {
	for paper, want := range map[string]int{"A4": 41, "Letter": 38} {
		d := layoutFor(t, bigStandings(200), Options{Paper: paper})
		pages := d.paginate()
		if got := len(pages[0].items); got != want {
			t.Errorf("%s: %d rows on page 1, want %d", paper, got, want)
		}
	}
}

func TestPDFDeterministic(t *testing.T) {
	st := bigStandings(60)
	opt := Options{Now: testNow, Cut: 8, Lang: "ja"}
	a, _ := renderPDF(t, st, opt)
	b, _ := renderPDF(t, st, opt)
	if !bytes.Equal(a, b) {
		t.Fatal("two renders of the same standings differ")
	}
	opt.Now = testNow.Add(time.Minute)
	if c, _ := renderPDF(t, st, opt); bytes.Equal(a, c) {
		t.Fatal("renders at different times are identical: the time is not printed")
	}
}

func TestPDFSubsetTags(t *testing.T) {
	b, _ := renderPDF(t, testStandings(), Options{Now: testNow})
	if bytes.Contains(b, []byte("/utf8")) {
		t.Error("an fpdf font name is left untagged")
	}
	tags := regexp.MustCompile(`/FontName /([A-Z]{6})\+(\w+)`).FindAllSubmatch(b, -1)
	if len(tags) != 3 {
		t.Fatalf("%d tagged font descriptors, want 3", len(tags))
	}
	if string(tags[0][1]) == string(tags[1][1]) {
		t.Errorf("two fonts share the subset tag %s", tags[0][1])
	}
}

func TestPDFPaper(t *testing.T) {
	for _, tt := range []struct{ paper, box string }{
		{"", "[0 0 595.28 841.89]"}, {"A4", "[0 0 595.28 841.89]"}, {"letter", "[0 0 612.00 792.00]"},
	} {
		b, _ := renderPDF(t, testStandings(), Options{Now: testNow, Paper: tt.paper})
		if !bytes.Contains(b, []byte("/MediaBox "+tt.box)) {
			t.Errorf("paper %q: no MediaBox %s", tt.paper, tt.box)
		}
	}
	err := writePDF(io.Discard, testStandings(), Options{Paper: "A3"})
	if err == nil || !strings.Contains(err.Error(), `"A3"`) {
		t.Errorf("paper A3: error %v, want one naming it", err)
	}
}

// namedStandings returns standings whose players have the given names, ranked in that order.
func namedStandings(names ...string) *calc.Standings {
	st := testStandings()
	ev := *st.Event
	ev.Players = nil
	st.Event, st.Rows = &ev, nil
	for i, n := range names {
		ev.Players = append(ev.Players, tbsheet.Player{Name: n})
		st.Rows = append(st.Rows, calc.Row{Rank: i + 1, Player: i, Figures: make([]calc.Figure, len(st.Columns))})
	}
	return st
}

func TestPDFByNameOrder(t *testing.T) {
	latin := []string{"Zoë Adams", "Łukasz Żółć", "Émile Dubois", "Lars Berg", "Ana Silva", "Mateo Ruiz"}
	chinese := []string{"王小明", "张三", "李伟", "陈静"}
	tests := []struct {
		lang  string
		names []string
		want  []string
	}{
		{"", latin, []string{"Ana Silva", "Émile Dubois", "Lars Berg", "Łukasz Żółć", "Mateo Ruiz", "Zoë Adams"}},
		{"en", latin, []string{"Ana Silva", "Émile Dubois", "Lars Berg", "Łukasz Żółć", "Mateo Ruiz", "Zoë Adams"}},
		{"zh", chinese, []string{"陈静", "李伟", "王小明", "张三"}}, // pinyin: chen, li, wang, zhang
		{"", chinese, []string{"张三", "李伟", "王小明", "陈静"}},   // code points
		{"en", []string{"Kim", "Alex", "Kim"}, []string{"Alex", "Kim", "Kim"}},
	}
	for _, tt := range tests {
		d := layoutFor(t, namedStandings(tt.names...), Options{ByName: true, Lang: tt.lang})
		var got []string
		for _, r := range d.rows {
			got = append(got, plain(r.cells[d.player]))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("lang %q: order %q, want %q", tt.lang, got, tt.want)
		}
	}
	// Equal names keep rank order.
	d := layoutFor(t, namedStandings("Kim", "Alex", "Kim"), Options{ByName: true})
	if r1, r2 := plain(d.rows[1].cells[0]), plain(d.rows[2].cells[0]); r1 != "1" || r2 != "3" {
		t.Errorf("the two Kims are ranked %s, %s; want 1, 3", r1, r2)
	}
}

func TestPDFRows(t *testing.T) {
	st := testStandings()
	d := layoutFor(t, st, Options{Cut: 2})
	want := [][]string{
		{"1", "Carol Smith", "7", "2-0-1", "59.15%", "83.33%"},
		{"2", "Łukasz Żółć", "7", "2-0-1", "55.39%", "100.00%"},
		{"3", "山田 太郎", "6", "2-1-0", "48.15%", "57.14%"},
		{"4", "王小明", "3", "1-2-0", "66.67%", "42.86%"},
		{"5", "鈴木さくら", "0", "0-2-0", "77.78%", "–"},
	}
	for i, r := range d.rows {
		var got []string
		for _, c := range r.cells {
			got = append(got, plain(c))
		}
		if !slices.Equal(got, want[i]) {
			t.Errorf("row %d = %q, want %q", i+1, got, want[i])
		}
	}
	if got := plain(d.rows[4].tag); got != "(drop R2)" || d.rows[4].cells[1].gray != grayDropped {
		t.Errorf("dropped row: tag %q, grey %d; want (drop R2), %d", got, d.rows[4].cells[1].gray, grayDropped)
	}
	if plain(d.rows[0].tag) != "" || d.rows[0].cells[1].gray != 0 {
		t.Error("row 1 is marked or greyed")
	}
	if d.cut != 2 || plain(d.cutLabel) != "▲ Top 2 ▲" {
		t.Errorf("cut %d %q, want 2 %q", d.cut, plain(d.cutLabel), "▲ Top 2 ▲")
	}
	var heads []string
	for _, c := range d.cols {
		heads = append(heads, plain(c.head))
	}
	if want := []string{"Rank", "Player", "Points", "W-L-D", "OMW%", "GW%"}; !slices.Equal(heads, want) {
		t.Errorf("headers %q, want %q", heads, want)
	}

	// By name, the top-cut players are marked instead of a line.
	d = layoutFor(t, st, Options{Cut: 2, ByName: true, Lang: "zh"})
	if d.cut != 0 {
		t.Error("a cut line in the by-name list")
	}
	marks := map[string]string{}
	for _, r := range d.rows {
		marks[plain(r.cells[1])] = plain(r.tag)
	}
	wantMarks := map[string]string{"Carol Smith": "前2名", "Łukasz Żółć": "前2名", "山田 太郎": "",
		"王小明": "", "鈴木さくら": "（第2轮后退赛）"}
	for n, m := range wantMarks {
		if marks[n] != m {
			t.Errorf("by name, zh: %s marked %q, want %q", n, marks[n], m)
		}
	}
	if got := plain(d.subtitle); got != "第3轮后排名（共3轮） — 按姓名" {
		t.Errorf("zh title %q", got)
	}
}

func TestPDFRecordOrder(t *testing.T) {
	st := testStandings()
	st.System, _ = calc.LookupSystem("fide")
	d := layoutFor(t, st, Options{})
	if h, c := plain(d.cols[3].head), plain(d.rows[0].cells[3]); h != "W-D-L" || c != "2-1-0" {
		t.Errorf("chess record column %q %q, want W-D-L 2-1-0", h, c)
	}
}

func TestPDFCutTie(t *testing.T) {
	st := bigStandings(20) // rows 1 and 2 share rank 1
	_, warnings := renderPDF(t, st, Options{Now: testNow, Cut: 1})
	if len(warnings) != 1 || !strings.Contains(warnings[0], "top-1 cut splits players tied at rank 1") {
		t.Errorf("warnings %q, want one about the tie at the cut", warnings)
	}
	if _, warnings := renderPDF(t, st, Options{Now: testNow, Cut: 8}); len(warnings) != 0 {
		t.Errorf("cut 8: warnings %q", warnings)
	}

	st = testStandings()
	st.Rows[1].DroppedAfter = 2 // Łukasz Żółć, rank 2
	_, warnings = renderPDF(t, st, Options{Now: testNow, Cut: 2})
	want := []string{"Łukasz Żółć (rank 2) dropped after round 2 but is above the top-2 line"}
	if !slices.Equal(warnings, want) {
		t.Errorf("cut 2: warnings %q, want %q", warnings, want)
	}

	// A cut everyone makes is neither drawn nor marked nor checked.
	for _, byName := range []bool{false, true} {
		d := layoutFor(t, st, Options{Cut: 5, ByName: byName, Warn: func(m string) { t.Errorf("cut 5: %s", m) }})
		if d.cut != 0 {
			t.Error("cut 5 of 5 players: a cut line")
		}
		for _, r := range d.rows {
			if strings.Contains(plain(r.tag), "Top") {
				t.Errorf("cut 5 of 5 players: %q marked", plain(r.cells[1]))
			}
		}
	}
}

func TestPDFTitle(t *testing.T) {
	st := testStandings()
	st.Rounds = []int{1, 2}
	st.Event.PlannedRounds = 0
	d := layoutFor(t, st, Options{})
	if got := plain(d.subtitle); got != "Standings after round 2 of 3 — by rank" {
		t.Errorf("title %q", got)
	}
	st.Rounds = nil
	d = layoutFor(t, st, Options{ByName: true, Lang: "ja"})
	if got := plain(d.subtitle); got != "順位表 — 名前順" {
		t.Errorf("title without rounds %q", got)
	}
	for lang, want := range map[string]string{"en": "Page 2 of 15", "zh": "第2页，共15页", "ja": "2 / 15 ページ"} {
		if got := (&standingsPDF{opt: Options{Lang: lang}}).pageOf(2, 15); got != want {
			t.Errorf("%s: page footer %q, want %q", lang, got, want)
		}
	}
}

func TestPDFLegend(t *testing.T) {
	st := testStandings()
	c := *st.Columns[0]
	c.Unverified = "assumed floor"
	st.Columns = []*calc.Def{&c, st.Columns[1]}
	st.Rows[0].Note = "order with #2 decided by lot"
	d := layoutFor(t, st, Options{})
	var lines []string
	icons := 0
	for _, l := range d.legend {
		lines = append(lines, plain(l.t))
		if l.icon {
			icons++
		}
	}
	want := []string{"Tiebreakers", "Points: win 3, draw 1, loss 0, bye 3",
		"W-L-D: wins (byes included), losses, draws", "OMW%: OMW% (test definition)",
		"Unverified: assumed floor", "GW%: GW% (test definition)", "–: no value (n/a)",
		"Notes", "test standings, hand-built", "Carol Smith: order with #2 decided by lot"}
	if !slices.Equal(lines, want) {
		t.Errorf("legend\n%q\nwant\n%q", lines, want)
	}
	if icons != 1 {
		t.Errorf("%d warning icons, want 1", icons)
	}
}

// TestPDFLayoutScale covers the orientation and scale choice and the column widths.
func TestPDFLayoutScale(t *testing.T) {
	withColumns := func(n int) *calc.Standings {
		st := testStandings()
		for len(st.Columns) < n {
			st.Columns = append(st.Columns, st.Columns[len(st.Columns)%2])
		}
		for i := range st.Rows {
			for len(st.Rows[i].Figures) < n {
				st.Rows[i].Figures = append(st.Rows[i].Figures, st.Rows[i].Figures[0])
			}
		}
		return st
	}
	tests := []struct {
		columns   int
		landscape bool
		shrunk    bool
	}{{2, false, false}, {4, false, true}, {6, true, false}, {16, true, true}}
	for _, tt := range tests {
		d := layoutFor(t, withColumns(tt.columns), Options{})
		if d.landscape != tt.landscape || (d.scale < 1) != tt.shrunk {
			t.Errorf("%d columns: landscape %v scale %.2f, want landscape %v shrunk %v",
				tt.columns, d.landscape, d.scale, tt.landscape, tt.shrunk)
		}
		ws := d.widths()
		sum := 0.0
		for _, w := range ws {
			sum += w
		}
		if diff := sum - (d.pageW - 2*marginX); diff > 1e-9 || diff < -1e-9 {
			t.Errorf("%d columns: widths sum to %.2f mm, page is %.2f mm", tt.columns, sum, d.pageW-2*marginX)
		}
		if ws[d.player] < minPlayerW*d.scale-1e-9 {
			t.Errorf("%d columns: player column %.1f mm < %.1f mm", tt.columns, ws[d.player], minPlayerW*d.scale)
		}
		// Every number fits its column whole, at any scale: a column is as wide as its widest
		// cell, and that cell must not be cut to "1…" by rounding.
		for _, r := range d.rows {
			for c, cell := range r.cells {
				if c == d.player {
					continue
				}
				if got := cell.fit(ws[c]-2*cellPad*d.scale, d.scale, d.ell); plain(got) != plain(cell) {
					t.Errorf("%d columns: cell %q of column %d printed as %q", tt.columns, plain(cell), c, plain(got))
				}
			}
		}
	}
}

func testFonts(t *testing.T) (*fontSet, *[]string) {
	t.Helper()
	var warnings []string
	fs, err := loadFonts(Options{Warn: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	return fs, &warnings
}

func TestTextFitAndWrap(t *testing.T) {
	fs, warnings := testFonts(t)
	ell := fs.shape("…", style{}, "")
	name := fs.shape("Maximiliano Alejandro de la Santísima Trinidad 山田 太郎", style{pt: bodyPt}, "")
	for _, w := range []float64{10, 40, 60, 90} {
		got := name.fit(w, 1, ell)
		if got.width(1) > w+1e-9 {
			t.Errorf("fit(%v) is %.2f mm wide", w, got.width(1))
		}
		s := plain(got)
		if !strings.HasSuffix(s, "…") || strings.HasSuffix(s, " …") || !strings.HasPrefix(plain(name), strings.TrimSuffix(s, "…")) {
			t.Errorf("fit(%v) = %q", w, s)
		}
	}
	if got := plain(name.fit(1000, 1, ell)); got != plain(name) {
		t.Errorf("a text that fits was changed to %q", got)
	}
	if got := plain(name.fit(1, 1, ell)); got != "" {
		t.Errorf("fit(1 mm) = %q, want nothing", got)
	}

	para := fs.shape("OMW%: the average of each opponent's match-win percentage, each at least 33%; "+
		"对手胜率的平均值，每位对手至少按百分之三十三计算，轮空不计入。", style{pt: legendPt}, "")
	for _, w := range []float64{30, 60, 120} {
		lines := para.wrap(w, 1)
		var joined strings.Builder
		for i, l := range lines {
			if l.width(1) > w+1e-9 {
				t.Errorf("wrap(%v): line %d is %.1f mm wide", w, i+1, l.width(1))
			}
			s := plain(l)
			if s == "" || s[0] == ' ' {
				t.Errorf("wrap(%v): line %d = %q", w, i+1, s)
			}
			joined.WriteString(s)
		}
		strip := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		if strip(joined.String()) != strip(plain(para)) {
			t.Errorf("wrap(%v) lost text: %q", w, joined.String())
		}
		if w < 100 && len(lines) < 2 {
			t.Errorf("wrap(%v) gave %d line", w, len(lines))
		}
	}
	if len(*warnings) != 0 {
		t.Errorf("warnings: %q", *warnings)
	}
}

func TestShapeWarnsOncePerCharacter(t *testing.T) {
	fs, warnings := testFonts(t)
	fs.names, _ = newFace(familyPrefix+"names", goregular.TTF) // a names font without Hangul
	fs.shape("김민준", style{}, `player "김민준"`)
	fs.shape("김민준 Kim", style{bold: true}, `player "김민준 Kim"`)
	want := []string{
		`font lacks "김" (U+AE40) used in player "김민준"; it prints as a blank box`,
		`font lacks "민" (U+BBFC) used in player "김민준"; it prints as a blank box`,
		`font lacks "준" (U+C900) used in player "김민준"; it prints as a blank box`,
	}
	if !slices.Equal(*warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", *warnings, want)
	}
}

func TestShapeSpecialCharacters(t *testing.T) {
	fs, warnings := testFonts(t)
	if got := plain(fs.shape("\ufeffAna\tSilva\u200b\n", style{}, "")); got != "Ana Silva " {
		t.Errorf("shaped %q", got)
	}
	// fpdf reads only the BMP character map, so a supplementary-plane kanji cannot print.
	fs.shape("𠮷野 家", style{}, `player "𠮷野 家"`)
	if len(*warnings) != 1 || !strings.Contains((*warnings)[0], "U+20BB7") {
		t.Errorf("warnings %q, want one for U+20BB7", *warnings)
	}
}

// TestPDFMissingGlyph renders with a --font that lacks CJK: the PDF is still written and
// every missing character is reported once, with where it is used.
func TestPDFMissingGlyph(t *testing.T) {
	font := filepath.Join(t.TempDir(), "goregular.ttf")
	if err := os.WriteFile(font, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	b, warnings := renderPDF(t, testStandings(), Options{Now: testNow, Font: font})
	if !bytes.HasPrefix(b, []byte("%PDF-")) || pdfPages(b) != 1 {
		t.Fatal("no PDF written")
	}
	for _, w := range []string{
		`font lacks "森" (U+68EE) used in the event name; it prints as a blank box`,
		`font lacks "山" (U+5C71) used in player "山田 太郎"; it prints as a blank box`,
		`font lacks "王" (U+738B) used in player "王小明"; it prints as a blank box`,
	} {
		if !slices.Contains(warnings, w) {
			t.Errorf("no warning %q", w)
		}
	}
	seen := map[string]bool{}
	for _, w := range warnings {
		r := w[:strings.Index(w, ")")]
		if seen[r] {
			t.Errorf("warned twice: %s", w)
		}
		seen[r] = true
	}
}

// goRegularTTC wraps Go Regular in a one-face TrueType Collection.
func goRegularTTC() []byte {
	be := binary.BigEndian
	const shift = 16 // the collection header before the face
	out := append([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"), goregular.TTF...)
	n := int(be.Uint16(out[shift+4:]))
	for i := 0; i < n; i++ {
		rec := out[shift+12+16*i:]
		be.PutUint32(rec[8:], be.Uint32(rec[8:])+shift)
	}
	return out
}

// withFSType returns Go Regular with its OS/2 fsType set.
func withFSType(fsType uint16) []byte {
	be := binary.BigEndian
	b := append([]byte(nil), goregular.TTF...)
	n := int(be.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		rec := b[12+16*i:]
		if string(rec[:4]) == "OS/2" {
			be.PutUint16(b[be.Uint32(rec[8:])+8:], fsType)
		}
	}
	return b
}

func TestPDFFontOption(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cff := append([]byte("OTTO"), goregular.TTF[4:]...)
	tests := []struct {
		name string
		path string
		want error // nil: renders
	}{
		{"collection, face 0 used", write("go.ttc", goRegularTTC()), nil},
		{"CFF outlines", write("cff.otf", cff), fontfile.ErrCFF},
		{"embedding forbidden", write("restricted.ttf", withFSType(2)), fontfile.ErrNoEmbedding},
		{"not a font", write("names.csv", []byte("Name\nAna\n")), fontfile.ErrFormat},
		{"missing file", filepath.Join(dir, "nope.ttf"), fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := writePDF(io.Discard, testStandings(), Options{Now: testNow, Font: tt.path})
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("error %v", err)
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Fatalf("error %v, want %v", err, tt.want)
			case err != nil && !strings.Contains(err.Error(), filepath.Base(tt.path)):
				t.Errorf("error %q does not name the font file", err)
			}
		})
	}
}

// TestGlyphCoverage runs every non-ASCII character of the samples and test inputs, the test
// fixtures and every label through the embedded fonts: none may print as a blank box.
func TestGlyphCoverage(t *testing.T) {
	fonts, warnings := testFonts(t)
	inputs := map[string]bool{".csv": true, ".json": true, ".xml": true, ".tournament": true,
		".tdf": true, ".wer": true, ".trf": true, ".txt": true}
	files := 0
	for _, dir := range []string{"../samples", "../testdata", "testdata"} {
		err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			if err != nil || e.IsDir() || !inputs[strings.ToLower(filepath.Ext(path))] {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			shapeNonASCII(fonts, string(b), path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Error("no input files found in samples/ or testdata/")
	}
	for _, st := range []*calc.Standings{testStandings(), bigStandings(300)} {
		for _, p := range st.Event.Players {
			fonts.shape(p.Name, style{}, "player "+p.Name)
		}
	}
	for lang, m := range labels {
		for key, s := range m {
			fonts.shape(s, style{}, lang+" label "+key)
			fonts.shape(s, style{bold: true}, lang+" label "+key)
		}
	}
	for _, w := range *warnings {
		t.Error(w)
	}
}

// shapeNonASCII shapes every run of non-ASCII, non-control characters in s.
func shapeNonASCII(fonts *fontSet, s, path string) {
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 || unicode.IsControl(r) }) {
		fonts.shape(run, style{}, path+": "+run)
	}
}

func BenchmarkPDF(b *testing.B) {
	st := bigStandings(4096)
	opt := Options{Now: testNow, Cut: 64}
	for b.Loop() {
		if err := writePDF(io.Discard, st, opt); err != nil {
			b.Fatal(err)
		}
	}
}
