//go:build e2e

package writer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/topcut"
)

// TestCutStandingsPDFE2E reads the wall standings back with pdftotext while the top cut is
// played: the title says so, the eight players of the cut keep their Swiss ranks 1 to 8 in
// order, each marked still in or out, and nothing says "Final standings".
func TestCutStandingsPDFE2E(t *testing.T) {
	st := cutStandings()
	for lang, want := range map[string][3]string{
		"en": {"Standings after the Swiss · Top 8 in progress", "Still in", "Final standings"},
		"zh": {"瑞士轮后排名 · 8强淘汰赛进行中", "进行中", "最终排名"},
		"ja": {"スイスラウンド後の順位 · ベスト8 決勝トーナメント進行中", "進行中", "最終順位"},
	} {
		pages := writertest.PDFText(t, writeStandingsTemp(t, st, Options{Lang: lang}, "standings.pdf"))
		text := strings.Join(pages, "\n")
		if !strings.Contains(text, want[0]) || strings.Contains(text, want[2]) {
			t.Errorf("%s: the title is not %q (or says %q)", lang, want[0], want[2])
		}
		var names []string
		for _, r := range st.Rows[:9] {
			names = append(names, st.Event.Players[r.Player].Name)
		}
		checkOrder(t, strings.Split(text, "\n"), names)
		in := 0
		for _, line := range strings.Split(text, "\n") {
			for _, name := range names {
				if nameOnLine(line, name) && strings.Contains(line, want[1]) {
					in++
				}
			}
		}
		if in != 6 {
			t.Errorf("%s: %d rows say %q, want the 6 players still in", lang, in, want[1])
		}
	}
}

// TestBracketPDFE2E reads bracket pages back with pdftotext in every language: the title,
// each round's name, every seed's name (Chinese and Japanese ones too: the fonts print them),
// and the champion once the final is played; pdftoppm renders each page.
func TestBracketPDFE2E(t *testing.T) {
	for _, tt := range []struct {
		cut, played, results int
		rounds               []string // the columns, in English
	}{
		{8, 0, 0, []string{"Quarterfinals", "Semifinals", "Final", "Winner"}},
		{16, 1, 2, []string{"Top 16", "Quarterfinals", "Semifinals", "Final", "Winner"}},
		{4, 1, 1, []string{"Semifinals", "Final", "Winner"}},
	} {
		b := cutBracket(t, 2*tt.cut+16, tt.cut, tt.played, tt.results)
		for _, lang := range Langs() {
			path := filepath.Join(t.TempDir(), "bracket.pdf")
			var warnings []string
			if err := os.WriteFile(path, renderBracket(t, b, Options{Lang: lang, Now: writertest.Now,
				Warn: func(m string) { warnings = append(warnings, m) }}), 0o644); err != nil {
				t.Fatal(err)
			}
			if len(warnings) > 0 {
				t.Errorf("top %d, %s: %v", tt.cut, lang, warnings)
			}
			text := strings.Join(writertest.PDFText(t, path), "\n")
			flat := strings.Join(strings.Fields(text), " ")
			s := NewBracketScreen(b, Options{Lang: lang})
			for _, want := range append([]string{s.Title}, roundNames(s)...) {
				if !strings.Contains(flat, want) {
					t.Errorf("top %d, %s: the page lacks %q", tt.cut, lang, want)
				}
			}
			for _, p := range b.Seeds {
				if name := strings.Join(strings.Fields(b.Event.Players[p].Name), " "); len(name) < 40 && !strings.Contains(flat, name) {
					t.Errorf("top %d, %s: the page lacks seed %d, %q", tt.cut, lang, b.Seed(p), name)
				}
			}
			if b.Champion != tbsheet.NoPlayer && strings.Count(flat, b.Event.Players[b.Champion].Name) < tt.played+2 {
				t.Errorf("top %d, %s: the champion is not in the winner's column", tt.cut, lang)
			}
			if got := roundNames(s); lang == "en" && strings.Join(got, ",") != strings.Join(tt.rounds, ",") {
				t.Errorf("top %d: columns %q, want %q", tt.cut, got, tt.rounds)
			}
			png := filepath.Join(filepath.Dir(path), "page")
			writertest.Poppler(t, "pdftoppm", "-r", "30", "-png", path, png)
			if _, err := os.Stat(png + "-1.png"); err != nil {
				t.Errorf("top %d, %s: pdftoppm rendered no page: %v", tt.cut, lang, err)
			}
		}
	}
}

// renderBracket renders a bracket page in memory.
func renderBracket(t *testing.T, b *topcut.Bracket, opt Options) []byte {
	t.Helper()
	var buf strings.Builder
	if err := WriteBracketPDF(&buf, b, opt); err != nil {
		t.Fatal(err)
	}
	return []byte(buf.String())
}

// roundNames are the names of a bracket's columns.
func roundNames(s *BracketScreen) []string {
	var out []string
	for _, r := range s.Rounds {
		out = append(out, r.Name)
	}
	return out
}
