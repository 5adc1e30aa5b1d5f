//go:build e2e

package roundsheet

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestPairingsByNameE2E reads the pairings back with pdftotext, in every language, for a
// small, a middle-sized and a large round: the list by name comes first and holds every
// player of the round once, in alphabetical order, each with his points, table number and
// opponent (or his bye); the list by table follows with every table, both players and their
// points. With -pdf-png the first page of the 60-player round is kept in ../testdata/pdf.
func TestPairingsByNameE2E(t *testing.T) {
	for _, n := range []int{16, 60, 300} {
		p := largePairings(t, n)
		for _, lang := range i18n.Langs() {
			path := filepath.Join(t.TempDir(), "pairings.pdf")
			opt := writer.Options{Lang: lang, Now: writertest.Now, Warn: func(msg string) { t.Errorf("warning: %s", msg) }}
			data, err := Pairings.Render(path, PairingsDoc{Pairings: p, Lists: BothLists}, opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			s := newPairingWords(p, writer.Options{Lang: lang})
			byName, byTable := s.title()+" — "+s.byNameTitle(), s.title()+" — "+s.l("pa.by-table")
			// -raw keeps the order the page is drawn in: block after block, row after row.
			pages := strings.Split(writertest.Poppler(t, "pdftotext", "-raw", path, "-"), "\f")
			pages = pages[:len(pages)-1]
			var names, tables strings.Builder
			for k, page := range pages {
				switch {
				case strings.Contains(page, byName) && tables.Len() == 0:
					names.WriteString(page + " ")
				case strings.Contains(page, byTable):
					tables.WriteString(page + " ")
				default:
					t.Errorf("%d players, %s: page %d is in neither list, or out of order:\n%s", n, lang, k+1, page)
				}
			}
			var rows []string
			for _, i := range s.byName() {
				pl := &p.Players[i]
				rows = append(rows, row(s.name(pl.Player), s.points(pl), s.table(pl), s.opponent(pl)))
			}
			writertest.InOrder(t, names.String(), rows, strconv.Itoa(n)+" players, "+lang+", by name")
			rows = nil
			for _, tb := range p.Tables {
				a, b := &p.Players[tb.P1], &p.Players[tb.P2]
				rows = append(rows, row(strconv.Itoa(tb.Number), s.name(a.Player), s.points(a), s.name(b.Player), s.points(b)))
			}
			writertest.InOrder(t, tables.String(), rows, strconv.Itoa(n)+" players, "+lang+", by table")
			if n == 60 && lang == "en" {
				writertest.SavePNG(t, path, "pairings-by-name.png")
			}
		}
	}
}

// row is a row's cells as pdftotext reads them, one space apart; a cell with a word too
// long for its column (which wraps inside the word) ends the row there.
func row(cells ...string) string {
	var words []string
	for _, c := range cells {
		for _, w := range strings.Fields(c) {
			if utf8.RuneCountInString(w) > 20 {
				return strings.Join(words, " ")
			}
			words = append(words, w)
		}
	}
	return strings.Join(words, " ")
}

// TestSlipsE2E reads the result slips back with pdftotext: each table's slip has its number,
// the round and both players, in that order, in every language.
func TestSlipsE2E(t *testing.T) {
	p := largePairings(t, 60)
	for _, lang := range i18n.Langs() {
		path := filepath.Join(t.TempDir(), "slips.pdf")
		data, err := Slips.Render(path, p, writer.Options{Lang: lang, Now: writertest.Now, Warn: func(msg string) { t.Errorf("warning: %s", msg) }})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := newPairingWords(p, writer.Options{Lang: lang})
		var rows []string
		for _, tb := range p.Tables {
			a, b := &p.Players[tb.P1], &p.Players[tb.P2]
			rows = append(rows, row(writer.Labelf(lang, "table-n", tb.Number)), row(newPairingWords(p, writer.Options{Lang: lang}).roundName()),
				row(slipName(s.name(a.Player))), row(slipName(s.name(b.Player))))
		}
		writertest.InOrder(t, writertest.Poppler(t, "pdftotext", "-raw", path, "-"), rows, lang+" slips")
	}
}

// slipName is what of a name a slip prints in full: the first words of a name too long for
// the slip, which is cut.
func slipName(name string) string {
	if f := strings.Fields(name); utf8.RuneCountInString(name) > 50 {
		return strings.Join(f[:2], " ")
	}
	return name
}
