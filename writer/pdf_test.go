package writer

import (
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

func layoutFor(t *testing.T, st *calc.Standings, opt Options) *PDF {
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
		{"eight players", writertest.Standings(), Options{Cut: 2}, 1},
		{"41 players: one page, the legend in columns", writertest.BigStandings(41), Options{Cut: 8}, 1},
		{"45 players: two pages, at least three rows with the legend", writertest.BigStandings(45), Options{Cut: 8}, 2},
		{"110 players on A4", writertest.BigStandings(110), Options{Cut: 8}, 3},
		{"110 players by name", writertest.BigStandings(110), Options{Cut: 8, ByName: true}, 3},
		{"110 players on Letter", writertest.BigStandings(110), Options{Cut: 8, Paper: "Letter"}, 4},
		{"no round played", writertest.NotPlayed(), Options{}, 1},
		{"every tiebreak", writertest.Compute(writertest.BigEvent(24), calc.Options{System: "mtg", Show: []string{"all"}}), Options{}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opt.Now = writertest.Now
			b, _ := renderPDF(t, tt.st, tt.opt)
			if got := writertest.PDFPages(b); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			checkPagination(t, layoutFor(t, tt.st, tt.opt))
		})
	}
}

// checkPagination checks the layout's invariants: every row once and in order, the cut line
// right under its row and on the same page, column headers on every page that has rows, the
// legend after the last row and never on a page of its own (unless it flows on from the
// rows' last page), at least minLastRows on the last page of rows, and nothing below the
// footer line.
func checkPagination(t *testing.T, d *PDF) {
	t.Helper()
	next := 0
	pages := d.paginate()
	for n, p := range pages {
		y := d.TableTop()
		if p.table {
			y += d.headH()
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
				if k == 0 || p.items[k-1].kind != itemRow || p.items[k-1].row != d.Cut-1 {
					t.Errorf("page %d: the cut line does not follow row %d", n+1, d.Cut)
				}
			case itemLegend:
				if next != len(d.Rows) {
					t.Errorf("page %d: the legend before row %d", n+1, next)
				}
			}
			y += it.h
		}
		if y > d.BodyBottom()+1e-6 {
			t.Errorf("page %d: body ends at %.1f mm, below %.1f mm", n+1, y, d.BodyBottom())
		}
		// A legend that flows on from the table fills the pages after the last rows.
		if rows := rowCount(p.items); rows == 0 && len(d.Rows) > 0 && !d.FlowLegend {
			t.Errorf("page %d of %d has no row: the legend stands alone", n+1, len(pages))
		}
	}
	if next != len(d.Rows) {
		t.Errorf("%d rows printed, want %d", next, len(d.Rows))
	}
	// Rows of several lines (every tiebreak shown) may leave fewer rows with the legend.
	n := len(pages)
	for n > 1 && rowCount(pages[n-1].items) == 0 {
		n-- // a flowing legend's pages
	}
	if n > 1 && len(d.Rows) > 2*minLastRows && d.lines == 1 {
		if rows := rowCount(pages[n-1].items); rows < minLastRows {
			t.Errorf("the last page has %d rows, want at least %d", rows, minLastRows)
		}
	}
}

// TestPDFTypeSize pins the wall-legibility trade-off: a small event fills its page in large
// type (up to 20 pt) with rows spaced out; an event of several pages is set dense, 13 pt
// names and about forty rows an A4 page; one that nearly fits a page is shrunk to fit it.
func TestPDFTypeSize(t *testing.T) {
	tests := []struct {
		name               string
		st                 *calc.Standings
		paper              string
		minPt, maxPt       float64
		pages, minPageRows int
	}{
		{"8 players", writertest.Standings(), "", 15, 20, 1, 8},
		{"16 players", writertest.BigStandings(16), "", 14, 20, 1, 16},
		// The round being played is in the title, not a note: 34 rows fill a page at 13.5 pt.
		{"34 players", writertest.BigStandings(34), "A4", 11, 14, 1, 34},
		// The longest synthetic names make the table a little narrower than 13 pt needs.
		{"200 players, A4", writertest.BigStandings(200), "A4", 12, 13.01, 6, 38},
		{"200 players, Letter", writertest.BigStandings(200), "Letter", 12, 13.01, 6, 35},
	}
	for _, tt := range tests {
		d := layoutFor(t, tt.st, Options{Paper: tt.paper})
		if pt := BodyPt * d.scale; pt < tt.minPt || pt > tt.maxPt {
			t.Errorf("%s: names in %.1f pt, want %.0f to %.0f", tt.name, pt, tt.minPt, tt.maxPt)
		}
		pages := d.paginate()
		if len(pages) != tt.pages || rowCount(pages[0].items) < tt.minPageRows {
			t.Errorf("%s: %d pages, %d rows on the first; want %d, at least %d", tt.name, len(pages),
				rowCount(pages[0].items), tt.pages, tt.minPageRows)
		}
		if d.Landscape {
			t.Errorf("%s: landscape", tt.name)
		}
	}
	// A one-page event fills its page: what is left under the legend is less than a row.
	d := layoutFor(t, writertest.BigStandings(20), Options{})
	used := d.TableTop() + d.headH() + legendGap + d.legendHeight()
	for _, n := range d.rowLines() {
		used += float64(n) * d.lineH()
	}
	if left := d.BodyBottom() - used; left > d.lineH() && d.leading < maxLeading {
		t.Errorf("20 players: %.0f mm left at the bottom of the page", left)
	}
}

func TestPDFTitle(t *testing.T) {
	ev := writertest.SmallEvent()
	ev.PlannedRounds = 0
	st := writertest.Compute(ev, calc.Options{System: "mtg", AfterRound: 2})
	d := layoutFor(t, st, Options{})
	if got := d.Subtitle.String(); got != "Standings after round 2 of 3 — by rank" {
		t.Errorf("title %q", got)
	}
	d = layoutFor(t, writertest.NotPlayed(), Options{ByName: true, Lang: "ja"})
	if got := d.Subtitle.String(); got != "順位表 — 名前順" {
		t.Errorf("title without rounds %q", got)
	}
	// The header names the event, its date and its game, without the rules reference.
	st = writertest.Standings()
	st.Event.Name, st.Event.Date = "Spring Open", "2026-03-06"
	for lang, want := range map[string]string{"en": "2026-03-06 · Magic: The Gathering", "ja": "2026-03-06 · マジック：ザ・ギャザリング"} {
		d = layoutFor(t, st, Options{Lang: lang})
		if got := d.Meta.String(); got != want || d.titleLines[0].String() != "Spring Open" {
			t.Errorf("%s: title %q, meta %q; want Spring Open, %q", lang, d.titleLines[0].String(), got, want)
		}
	}
	for lang, want := range map[string]string{"en": "Page 2 of 15", "zh": "第2页，共15页", "ja": "2 / 15 ページ"} {
		if got := (&PDF{Opt: Options{Lang: lang}}).pageOf(2, 15); got != want {
			t.Errorf("%s: page footer %q, want %q", lang, got, want)
		}
	}
}

// TestPDFLayoutScale covers the orientation, lines and scale chosen for 2 to every tiebreak
// column, the widest (percentages) first, and the grid: the columns fill the page's width,
// every number fits its column whole and every name is printed whole.
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
		lines     int
	}{{2, false, 1}, {4, false, 1}, {6, false, 1}, {9, true, 1}, {16, true, 1}, {24, true, 2}, {len(ids), true, 4}}
	for _, tt := range tests {
		ev := writertest.SmallEvent()
		ev.PlannedRounds = 0 // every key ranks, a Median-2 of its 3 rounds too
		st := writertest.Compute(ev, calc.Options{System: "mtg", Tiebreaks: ids[:tt.columns]})
		d := layoutFor(t, st, Options{})
		if d.Landscape != tt.landscape || d.lines != tt.lines {
			t.Errorf("%d columns: landscape %v, %d lines (scale %.2f); want landscape %v, %d lines",
				tt.columns, d.Landscape, d.lines, d.scale, tt.landscape, tt.lines)
		}
		if d.scale < minScale || d.scale > maxScale {
			t.Errorf("%d columns: scale %.2f", tt.columns, d.scale)
		}
		boxes := d.grid()
		right := 0.0
		for c, b := range boxes {
			right = max(right, b.x+b.w)
			if b.line >= d.lines || (c < d.Spread && b.line != 0) {
				t.Errorf("%d columns: column %d on line %d", tt.columns, c, b.line)
			}
		}
		if diff := right - d.tableWidth(); diff > 1e-9 || diff < -1e-9 {
			t.Errorf("%d columns: the columns end at %.2f mm, the table is %.2f mm", tt.columns, right, d.tableWidth())
		}
		for i, r := range d.Rows {
			for c, cell := range r.Cells {
				if c == d.Player {
					if lines := d.nameLines(i, boxes[c].w); len(lines) != 1 || lines[0].String() != cell.String() {
						t.Errorf("%d columns: name %q printed on %d lines", tt.columns, cell.String(), len(lines))
					}
					continue
				}
				if got := cell.Fit(boxes[c].w-2*cellPad*d.scale, d.scale, d.Ell); got.String() != cell.String() {
					t.Errorf("%d columns: cell %q of column %d printed as %q", tt.columns, cell.String(), c, got.String())
				}
			}
		}
	}
}

// TestPDFLongNames: a name longer than any column wraps in its row, whole; a long event
// name wraps to two lines in smaller type, whole.
func TestPDFLongNames(t *testing.T) {
	long := "Maximiliano Alejandro de la Santísima Trinidad Wolfeschlegelsteinhausenbergerdorff Montgomery-Featherstonehaugh"
	st := writertest.NamedStandings("Ann", long, "Bea", "Cid", "Dot", "Eve")
	st.Event.Name = "Friday Night Magic at the Dragon's Den Games and Comics Emporium — Modern Super Qualifier Season Finale"
	d := layoutFor(t, st, Options{})
	boxes := d.grid()
	for i, r := range d.Rows {
		lines := d.nameLines(i, boxes[d.Player].w)
		var got []string
		for _, l := range lines {
			if l.Width(d.scale) > boxes[d.Player].w-2*cellPad*d.scale+1e-6 {
				t.Errorf("a line of %q is wider than its cell", r.Cells[d.Player].String())
			}
			got = append(got, l.String())
		}
		if name := r.Cells[d.Player].String(); strings.Join(got, " ") != name || (name == long) != (len(lines) > 1) {
			t.Errorf("name %q printed as %q", name, got)
		}
	}
	var title []string
	for _, l := range d.titleLines {
		if l.Width(1) > d.tableWidth()+1e-6 {
			t.Errorf("a title line is %.0f mm wide", l.Width(1))
		}
		title = append(title, l.String())
	}
	if len(title) != 2 || strings.Join(title, " ") != st.Event.Name || d.titleLines[0].Pt >= TitlePt || d.titleLines[0].Pt < titleMinPt {
		t.Errorf("title %q in %.0f pt", title, d.titleLines[0].Pt)
	}
	checkPagination(t, d)
}

// legendText returns the legend's lines as printed text.
func legendText(d *PDF) []string {
	var lines []string
	for _, l := range d.Legend {
		lines = append(lines, l.T.String())
	}
	return lines
}

// TestPDFLongLegend: a legend too long for the page under the table (many notes) is set
// smaller, then in columns, notes included, so that a small event keeps to one page.
func TestPDFLongLegend(t *testing.T) {
	st := writertest.Standings()
	for i := range 60 {
		st.Notes = append(st.Notes, i18n.N("note.unreported", i+1, "Ann", "Bob"))
	}
	d := layoutFor(t, st, Options{})
	if pages := d.paginate(); len(pages) != 1 || !d.legendAllCols || d.legendCols < 2 {
		t.Errorf("%d pages, legend in %d columns (all: %v)", len(pages), d.legendCols, d.legendAllCols)
	}
	checkPagination(t, d)
}
