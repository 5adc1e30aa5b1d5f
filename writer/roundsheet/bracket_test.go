package roundsheet

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/bracketspec"
	"github.com/tbsheet/tbsheet/internal/cutgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// cutBracket returns the bracket of a top cut of writertest.BigEvent(n) (Latin, Chinese and Japanese
// names, some very long) with played rounds played and the next paired, results at its
// first results tables (see cutgen.Play).
func cutBracket(t testing.TB, n, cut, played, results int) *topcut.Bracket {
	t.Helper()
	ev := writertest.BigEvent(n)
	opt := calc.Options{System: "mtg"}
	if err := cutgen.Play(ev, opt, cut, played, results); err != nil {
		t.Fatal(err)
	}
	return topcut.Read(writertest.Compute(ev, opt))
}

// TestBracketScreen puts a top 8 in words: its seeds, each round's games in bracket order
// with the tables of those being played and the games won, the winner's column.
func TestBracketScreen(t *testing.T) {
	b := cutBracket(t, 20, 8, 1, 1) // quarterfinals played, the first semifinal too
	s := NewBracketScreen(b, writer.Options{Lang: "en"})
	name := func(seed int) string { return tbsheet.Printable(b.Event.Players[b.Seeds[seed-1]].Name) }
	side := func(x BracketSide) string {
		out := x.Seed + " " + x.Name + " " + x.Score
		switch {
		case x.Won:
			out += " won"
		case x.Lost:
			out += " lost"
		case x.Pending:
			out += " pending"
		}
		return out
	}
	var got []string
	for _, r := range s.Rounds {
		got = append(got, "["+r.Name+"]")
		for _, g := range r.Games {
			var sides []string
			for _, x := range g.Sides {
				sides = append(sides, side(x))
			}
			got = append(got, strings.TrimSpace(g.Table+" "+strings.Join(sides, " / ")))
		}
	}
	want := []string{
		"[Quarterfinals]",
		"1 " + name(1) + " 2 won / 8 " + name(8) + " 1 lost",
		"4 " + name(4) + " 1 lost / 5 " + name(5) + " 2 won",
		"2 " + name(2) + " 2 won / 7 " + name(7) + " 1 lost",
		"3 " + name(3) + " 2 won / 6 " + name(6) + " 1 lost",
		"[Semifinals]",
		"1 " + name(1) + " 2 won / 5 " + name(5) + " 1 lost",
		"Table 2 2 " + name(2) + "  / 3 " + name(3),
		"[Final]",
		"1 " + name(1) + "  /  to be decided  pending",
		"[Winner]",
		"",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if s.Title != "Top 8 bracket" || !s.Ordered || len(s.Extras) != 0 {
		t.Errorf("title %q, ordered %v, extras %q", s.Title, s.Ordered, s.Extras)
	}
	done := NewBracketScreen(cutBracket(t, 20, 4, 2, 1), writer.Options{Lang: "ja"})
	if w := done.Rounds[len(done.Rounds)-1]; w.Name != "優勝" || !w.Games[0].Sides[0].Won || w.Games[0].Sides[0].Name == "" {
		t.Errorf("the winner's column: %+v", w)
	}
	if got := NewBracketScreen(cutBracket(t, 20, 6, 0, 0), writer.Options{Lang: "zh"}).Rounds[0].Games[0].Sides[1].Name; got != "轮空" {
		t.Errorf("a top 6: seed 1's opponent is %q, want a bye", got)
	}
}

// TestBracketSections: a bracket of up to 16 places is one page; a larger one a page per 16
// places of its first round, then the rounds from those pages' last on.
func TestBracketSections(t *testing.T) {
	for _, tt := range []struct {
		cut   int
		pages []string // each page's columns and its first game: "0-3 from 8"
	}{
		{2, []string{"0-1 from 0"}},
		{8, []string{"0-3 from 0"}},
		{16, []string{"0-4 from 0"}},
		{32, []string{"0-3 from 0", "0-3 from 8", "3-5 from 0"}},
		{64, []string{"0-3 from 0", "0-3 from 8", "0-3 from 16", "0-3 from 24", "3-6 from 0"}},
	} {
		var got []string
		for _, sec := range bracketSections(NewBracketScreen(cutBracket(t, 2*tt.cut+16, tt.cut, 0, 0), writer.Options{})) {
			got = append(got, fmt.Sprintf("%d-%d from %d", sec.cols[0], sec.cols[len(sec.cols)-1], sec.from))
		}
		if !slices.Equal(got, tt.pages) {
			t.Errorf("top %d: pages %q, want %q", tt.cut, got, tt.pages)
		}
	}
}

// TestBracketPDF writes brackets of every size in every language: a PDF, the same bytes
// twice, one landscape page per section, no character the fonts lack.
func TestBracketPDF(t *testing.T) {
	for _, tt := range []struct{ cut, played, results, pages int }{
		{2, 0, 0, 1}, {6, 1, 1, 1}, {8, 0, 0, 1}, {8, 2, 1, 1}, {16, 1, 3, 1}, {32, 0, 0, 3},
	} {
		b := cutBracket(t, 2*tt.cut+16, tt.cut, tt.played, tt.results)
		for _, lang := range i18n.Langs() {
			var warnings []string
			opt := writer.Options{Lang: lang, Now: writertest.Now, Warn: func(msg string) { warnings = append(warnings, msg) }}
			var x, y bytes.Buffer
			if err := WriteBracketPDF(&x, b, opt); err != nil {
				t.Fatal(err)
			}
			if err := WriteBracketPDF(&y, b, opt); err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(x.Bytes(), []byte("%PDF")) || !bytes.Equal(x.Bytes(), y.Bytes()) {
				t.Errorf("top %d, %s: not a PDF, or not the same twice", tt.cut, lang)
			}
			if n := writertest.PDFPages(x.Bytes()); n != tt.pages {
				t.Errorf("top %d, %s: %d pages, want %d", tt.cut, lang, n, tt.pages)
			}
			if len(warnings) > 0 {
				t.Errorf("top %d, %s: %v", tt.cut, lang, warnings)
			}
		}
	}
}

// FuzzBracket writes the bracket page and every standings output of events whose playoff
// rounds are anything (bracketspec, "|" between rounds) with any name: nothing fails, and
// standings whose cut is not finished keep the Swiss ranks.
func FuzzBracket(f *testing.F) {
	for _, s := range []string{"1>8 4?5 2>7 3>6", "1>8 4>5 2>7 3>6|1?4 2>3", "1+ 4>5 2+ 3<6|1>4 2=6", "1x2",
		"1>6 2>5 3>7 4<8|1>8 2>3|1>2", "1>4 2>3|1>2 4>3"} {
		f.Add(s, "Dragon 🐉 Slayer", uint8(0))
	}
	f.Fuzz(func(t *testing.T, rounds, name string, opts uint8) {
		ev := writertest.SmallEvent()
		ev.Players[int(opts)%len(ev.Players)].Name = name
		for k, spec := range strings.Split(rounds, "|") {
			r, err := bracketspec.Round(len(ev.Rounds)+1+k, spec, "")
			if err != nil {
				t.Skip()
			}
			ev.Rounds = append(ev.Rounds, r)
		}
		if len(ev.Validate()) > 0 {
			t.Skip() // the readers refuse such a file
		}
		swiss, err := calc.Compute(ev, calc.Options{System: "mtg"})
		if err != nil {
			t.Skip()
		}
		st := calc.Final(swiss)
		if st.Cut > 0 && !st.Final {
			for i := range st.Rows {
				if st.Rows[i].Rank != swiss.Rows[i].Rank || st.Rows[i].Player != swiss.Rows[i].Player {
					t.Fatalf("row %d: rank %d, want the Swiss rank %d", i+1, st.Rows[i].Rank, swiss.Rows[i].Rank)
				}
			}
		}
		langs := i18n.Langs()
		opt := writer.Options{Now: writertest.Now, Lang: langs[int(opts/2)%len(langs)], Cut: int(opts % 5)}
		for _, ext := range standingsheet.Standings.Exts() {
			if b, err := standingsheet.Standings.Render("standings"+ext, st, opt); err != nil || len(b) == 0 {
				t.Errorf("%s: %v (%d bytes)", ext, err, len(b))
			}
		}
		if b := topcut.Read(st); b != nil {
			var buf bytes.Buffer
			if err := WriteBracketPDF(&buf, b, opt); err != nil || buf.Len() == 0 {
				t.Errorf("bracket: %v", err)
			}
		}
	})
}
