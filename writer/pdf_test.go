package writer

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/fontfile"
	"github.com/tbsheet/tbsheet/internal/swissgen"
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
		{"eight players", testStandings(), Options{Cut: 2}, 1},
		{"one full A4 page, legend on the next", bigStandings(41), Options{}, 2},
		{"110 players on A4, the legend on a page of its own", bigStandings(110), Options{Cut: 8}, 4},
		{"110 players by name", bigStandings(110), Options{Cut: 8, ByName: true}, 4},
		{"110 players on Letter", bigStandings(110), Options{Cut: 8, Paper: "Letter"}, 4},
		{"no round played", notPlayed(), Options{}, 1},
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

// namedStandings returns the standings of a generated event whose players have the given
// names.
func namedStandings(names ...string) *calc.Standings {
	ev := swissgen.Generate(swissgen.Config{Players: len(names), Rounds: 3, Seed: 1})
	for i, n := range names {
		ev.Players[i].Name = n
	}
	return compute(ev, calc.Options{System: "mtg"})
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
	st := namedStandings("Kim", "Alex", "Kim")
	d := layoutFor(t, st, Options{ByName: true})
	var kims []string
	for _, r := range st.Rows {
		if st.Event.Players[r.Player].Name == "Kim" {
			kims = append(kims, strconv.Itoa(r.Rank))
		}
	}
	if r1, r2 := plain(d.rows[1].cells[0]), plain(d.rows[2].cells[0]); r1 != kims[0] || r2 != kims[1] {
		t.Errorf("the two Kims are ranked %s, %s; want %s, %s", r1, r2, kims[0], kims[1])
	}
}

// TestPDFRows checks every cell of the printed table against the standings, the marks of
// dropped players and the top cut, by rank and by name.
func TestPDFRows(t *testing.T) {
	st := testStandings()
	d := layoutFor(t, st, Options{Cut: 2})
	if len(d.rows) != len(st.Rows) {
		t.Fatalf("%d rows, want %d", len(d.rows), len(st.Rows))
	}
	dropped := 0
	for i, r := range st.Rows {
		want := []string{strconv.Itoa(r.Rank), st.Event.Players[r.Player].Name, st.RankBy.FormatValue(calc.Known(r.Points)),
			calc.RecordWLD.Format(r.Wins, r.Losses, r.Draws)}
		for j, c := range st.Columns {
			v := c.FormatValue(figure(&r, j).Value)
			if v == "" {
				v = "–"
			}
			want = append(want, v)
		}
		var got []string
		for _, c := range d.rows[i].cells {
			got = append(got, plain(c))
		}
		if !slices.Equal(got, want) {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
		tag, grey := plain(d.rows[i].tag), d.rows[i].cells[1].gray
		switch {
		case r.DroppedAfter > 0:
			dropped++
			if want := fmt.Sprintf("(drop R%d)", r.DroppedAfter); tag != want || grey != grayDropped {
				t.Errorf("row %d, dropped: tag %q, grey %d; want %s, %d", i+1, tag, grey, want, grayDropped)
			}
		case tag != "" || grey != 0:
			t.Errorf("row %d is marked %q or greyed (%d)", i+1, tag, grey)
		}
	}
	if dropped == 0 {
		t.Error("no dropped player to check")
	}
	if d.cut != 2 || plain(d.cutLabel) != "▲ Top 2 ▲" {
		t.Errorf("cut %d %q, want 2 %q", d.cut, plain(d.cutLabel), "▲ Top 2 ▲")
	}
	heads := []string{"Rank", "Player", "Points", "W-L-D"}
	for _, c := range st.Columns {
		heads = append(heads, c.Short)
	}
	var got []string
	for _, c := range d.cols {
		got = append(got, plain(c.head))
	}
	if !slices.Equal(got, heads) {
		t.Errorf("headers %q, want %q", got, heads)
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
	for i, r := range st.Rows {
		name, want := st.Event.Players[r.Player].Name, ""
		switch {
		case i < 2:
			want = "前2名"
		case r.DroppedAfter > 0:
			want = fmt.Sprintf("（第%d轮后退赛）", r.DroppedAfter)
		}
		if marks[name] != want {
			t.Errorf("by name, zh: %s marked %q, want %q", name, marks[name], want)
		}
	}
	if got := plain(d.subtitle); got != "第3轮后排名（共3轮） — 按姓名" {
		t.Errorf("zh title %q", got)
	}
}

func TestPDFRecordOrder(t *testing.T) {
	st := compute(smallEvent(), calc.Options{System: "fide"})
	d := layoutFor(t, st, Options{})
	r := st.Rows[0]
	if h, c := plain(d.cols[3].head), plain(d.rows[0].cells[3]); h != "W-D-L" || c != fmt.Sprintf("%d-%d-%d", r.Wins, r.Draws, r.Losses) {
		t.Errorf("chess record column %q %q, want W-D-L %d-%d-%d", h, c, r.Wins, r.Draws, r.Losses)
	}
}

// TestPDFCutTie: a cut that splits players tied on every key, or leaves a dropped player above
// the line, is drawn and warned about; a cut everyone makes is neither.
func TestPDFCutTie(t *testing.T) {
	st := compute(bigEvent(110), calc.Options{System: "challonge", AfterRound: 7}) // ties are common
	tie := 0                                                                       // the first row that shares its rank with the row above, neither dropped
	for i := 1; i < len(st.Rows); i++ {
		if st.Rows[i].Rank == st.Rows[i-1].Rank && st.Rows[i].DroppedAfter == 0 && st.Rows[i-1].DroppedAfter == 0 {
			tie = i
			break
		}
	}
	if tie <= 0 {
		t.Fatal("no tie in the standings")
	}
	_, warnings := renderPDF(t, st, Options{Now: testNow, Cut: tie})
	if want := fmt.Sprintf("top-%d cut splits players tied at rank %d", tie, st.Rows[tie].Rank); len(warnings) != 1 || !strings.Contains(warnings[0], want) {
		t.Errorf("cut %d: warnings %q, want one about the tie at the cut", tie, warnings)
	}

	st = testStandings()
	drop := slices.IndexFunc(st.Rows, func(r calc.Row) bool { return r.DroppedAfter > 0 })
	r := st.Rows[drop]
	_, warnings = renderPDF(t, st, Options{Now: testNow, Cut: drop + 1})
	want := fmt.Sprintf("%s (rank %d) dropped after round %d but is above the top-%d line",
		st.Event.Players[r.Player].Name, r.Rank, r.DroppedAfter, drop+1)
	if !slices.Contains(warnings, want) {
		t.Errorf("cut %d: warnings %q, want %q", drop+1, warnings, want)
	}

	// A cut everyone makes is neither drawn nor marked nor checked.
	all := len(st.Rows)
	for _, byName := range []bool{false, true} {
		d := layoutFor(t, st, Options{Cut: all, ByName: byName, Warn: func(m string) { t.Errorf("cut %d: %s", all, m) }})
		if d.cut != 0 {
			t.Errorf("cut %d of %d players: a cut line", all, all)
		}
		for _, r := range d.rows {
			if strings.Contains(plain(r.tag), "Top") {
				t.Errorf("cut %d of %d players: %q marked", all, all, plain(r.cells[1]))
			}
		}
	}
}

// notPlayed returns the standings of an event whose players are registered but whose first
// round is not paired yet: no one is ranked.
func notPlayed() *calc.Standings {
	ev := smallEvent()
	ev.Rounds = nil
	return compute(ev, calc.Options{System: "mtg"})
}

func TestPDFTitle(t *testing.T) {
	ev := smallEvent()
	ev.PlannedRounds = 0
	st := compute(ev, calc.Options{System: "mtg", AfterRound: 2})
	d := layoutFor(t, st, Options{})
	if got := plain(d.subtitle); got != "Standings after round 2 of 3 — by rank" {
		t.Errorf("title %q", got)
	}
	d = layoutFor(t, notPlayed(), Options{ByName: true, Lang: "ja"})
	if got := plain(d.subtitle); got != "順位表 — 名前順" {
		t.Errorf("title without rounds %q", got)
	}
	for lang, want := range map[string]string{"en": "Page 2 of 15", "zh": "第2页，共15页", "ja": "2 / 15 ページ"} {
		if got := (&standingsPDF{opt: Options{Lang: lang}}).pageOf(2, 15); got != want {
			t.Errorf("%s: page footer %q, want %q", lang, got, want)
		}
	}
}

// TestPDFLegend: the legend explains the points, the record and every tiebreak (with the
// assumption an unverified one rests on), then lists the notes, the players' own last.
func TestPDFLegend(t *testing.T) {
	st := testStandings()
	r := &st.Rows[0]
	r.Note = "order with #2 decided by lot"
	d := layoutFor(t, st, Options{})
	var lines []string
	icons := 0
	for _, l := range d.legend {
		lines = append(lines, plain(l.t))
		if l.icon {
			icons++
		}
	}
	want := []string{"Tiebreakers", "Points: win 3, draw 1, loss 0, bye 3", "W-L-D: wins (byes included), losses, draws"}
	unverified := 0
	for _, c := range st.Columns {
		want = append(want, c.Short+": "+c.Doc)
		if c.Unverified != "" {
			want = append(want, "Unverified: "+c.Unverified)
			unverified++
		}
	}
	want = append(want, "Notes")
	want = append(want, st.Notes...)
	want = append(want, st.Event.Players[r.Player].Name+": "+r.Note)
	if !slices.Equal(lines, want) {
		t.Errorf("legend\n%q\nwant\n%q", lines, want)
	}
	if icons != unverified || unverified == 0 {
		t.Errorf("%d warning icons, want one per unverified tiebreak (%d)", icons, unverified)
	}
}

// TestPDFLayoutScale covers the orientation and scale choice and the column widths, with 2 to
// 16 tiebreak columns, the widest (percentages) first.
func TestPDFLayoutScale(t *testing.T) {
	var ids []string
	for _, d := range calc.Tiebreaks() {
		if d.ID != "points" && d.ID != "match-wins" {
			ids = append(ids, d.ID)
		}
	}
	narrow := func(id string) int { // 0 for a percentage, the widest values
		if d, _ := calc.Lookup(id); d.Format == calc.FormatPercent {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(ids, func(a, b string) int { return narrow(a) - narrow(b) })
	tests := []struct {
		columns   int
		landscape bool
		shrunk    bool
	}{{2, false, false}, {4, false, true}, {6, true, false}, {16, true, true}}
	for _, tt := range tests {
		st := compute(smallEvent(), calc.Options{System: "mtg", Tiebreaks: ids[:tt.columns]})
		d := layoutFor(t, st, Options{})
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
	st := testStandings()
	b, warnings := renderPDF(t, st, Options{Now: testNow, Font: font})
	if !bytes.HasPrefix(b, []byte("%PDF-")) || pdfPages(b) != 1 {
		t.Fatal("no PDF written")
	}
	want := []string{`font lacks "森" (U+68EE) used in the event name; it prints as a blank box`}
	seen := map[rune]bool{'森': true}
	for _, r := range st.Rows {
		name := st.Event.Players[r.Player].Name
		first := []rune(name)[0]
		if first > 0x2E80 && !seen[first] { // a CJK name whose first character is not reported yet
			seen[first] = true
			want = append(want, fmt.Sprintf("font lacks %q (U+%04X) used in player %q; it prints as a blank box", string(first), first, name))
		}
	}
	if len(want) < 3 {
		t.Fatal("the standings have no Chinese or Japanese name")
	}
	for _, w := range want {
		if !slices.Contains(warnings, w) {
			t.Errorf("no warning %q in %q", w, warnings)
		}
	}
	seenWarning := map[string]bool{}
	for _, w := range warnings {
		r := w[:strings.Index(w, ")")]
		if seenWarning[r] {
			t.Errorf("warned twice: %s", w)
		}
		seenWarning[r] = true
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
