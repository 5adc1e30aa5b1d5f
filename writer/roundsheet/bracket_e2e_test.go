//go:build e2e

package roundsheet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
)

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
		for _, lang := range i18n.Langs() {
			path := filepath.Join(t.TempDir(), "bracket.pdf")
			var warnings []string
			if err := os.WriteFile(path, renderBracket(t, b, writer.Options{Lang: lang, Now: writertest.Now,
				Warn: func(m string) { warnings = append(warnings, m) }}), 0o644); err != nil {
				t.Fatal(err)
			}
			if len(warnings) > 0 {
				t.Errorf("top %d, %s: %v", tt.cut, lang, warnings)
			}
			text := strings.Join(writertest.PDFText(t, path), "\n")
			flat := strings.Join(strings.Fields(text), " ")
			s := NewBracketScreen(b, writer.Options{Lang: lang})
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
func renderBracket(t *testing.T, b *topcut.Bracket, opt writer.Options) []byte {
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
