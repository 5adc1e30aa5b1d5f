package writer

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// TestTableOrientation: a narrow table prints portrait (standingsheet's TestXLSXOrientation:
// a short wide one landscape, a long one portrait).
func TestTableOrientation(t *testing.T) {
	b := &Book{Lang: "en"}
	narrow := NewTable("Event", []string{"Item", "Value"})
	narrow.Add([]any{"Name", "FNM"}, []string{"Name", "FNM"})
	if got := b.pageOrientation(narrow); got != "portrait" {
		t.Errorf("a narrow table prints %s, want portrait", got)
	}
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
	tb.Notes = []string{"a legend"}
	if got := tb.pages(101 * rowPoints); got != 2 {
		t.Errorf("with a legend that does not fit: %d pages, want 2", got)
	}
	w := NewTable("W", []string{"A"})
	w.MaxWidth, w.Wrap = 12, true // 10 characters a line
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

func TestNumberText(t *testing.T) {
	for s, want := range map[string]bool{"0100421518": true, "12": true, "-3.5": true, "+1": true,
		"": false, "Alice": false, "2-1": false, "2026-03-06": false, "3,1,0,3": false, "1e5x": false} {
		if got := numberText(s); got != want {
			t.Errorf("numberText(%q) = %v, want %v", s, got, want)
		}
	}
}
