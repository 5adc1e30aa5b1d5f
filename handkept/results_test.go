package handkept

import (
	"strings"
	"testing"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
)

func TestParseResultCell(t *testing.T) {
	tests := []struct {
		cell   string
		opp    bool
		result tbsheet.Result
		games  string
		bad    bool
	}{
		{"2-1", true, tbsheet.Win, "2-1", false},
		{"1-2", true, tbsheet.Loss, "1-2", false},
		{"1-1-1", true, tbsheet.Draw, "1-1-1", false},
		{"2-1-1", true, tbsheet.Win, "2-1-1", false},
		{" ２－１ ", true, tbsheet.Win, "2-1", false},
		{"2:1", true, tbsheet.Win, "2-1", false},
		{"W", true, tbsheet.Win, "no games", false},
		{"l", true, tbsheet.Loss, "no games", false},
		{"D", true, tbsheet.Draw, "no games", false},
		{"ID", true, tbsheet.IntentionalDraw, "no games", false},
		{"ID 0-0-3", true, tbsheet.IntentionalDraw, "0-0-3", false},
		{"id (1-1)", true, tbsheet.IntentionalDraw, "1-1", false},
		{"ID 2-1", true, 0, "", true},
		{"DL", true, tbsheet.DoubleLoss, "no games", false},
		{"1-0", true, tbsheet.Win, "1-0", false},
		{"½-½", true, tbsheet.Draw, "no games", false},
		{"0.5-0.5", true, tbsheet.Draw, "no games", false},
		{"+", true, tbsheet.ForfeitWin, "no games", false},
		{"-", true, tbsheet.ForfeitLoss, "no games", false},
		{"○", true, tbsheet.Win, "no games", false},
		{"负", true, tbsheet.Loss, "no games", false},
		{"", true, tbsheet.Unreported, "no games", false},
		{"2:1?", true, 0, "", true},
		{"", false, tbsheet.Bye, "no games", false},
		{"BYE", false, tbsheet.Bye, "no games", false},
		{"2-0", false, tbsheet.Bye, "2-0", false},
		{"L", false, tbsheet.LossNoOpponent, "no games", false},
		{"½", false, tbsheet.HalfBye, "no games", false},
		{"D", false, 0, "", true},
	}
	for _, tt := range tests {
		r, g, err := ParseResultCell(tt.cell, tt.opp)
		if tt.bad {
			if err == nil {
				t.Errorf("%q: no error", tt.cell)
			}
			continue
		}
		if err != nil || r != tt.result || g.String() != tt.games {
			t.Errorf("%q (opponent %v) = %v %v %v, want %v %v", tt.cell, tt.opp, r, g, err, tt.result, tt.games)
		}
	}
}

// TestChessDrawCell: a chess game's draw (one with colours) is written ½-½, another draw D.
func TestChessDrawCell(t *testing.T) {
	for _, tc := range []struct {
		m    tbsheet.Match
		want string
	}{
		{tbsheet.Match{Result: tbsheet.Draw, Color: tbsheet.White}, "½-½"},
		{tbsheet.Match{Result: tbsheet.Draw, Color: tbsheet.Black}, "½-½"},
		{tbsheet.Match{Result: tbsheet.Draw}, "D"},
	} {
		if got := FormatResultCell(tc.m); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.m, got, tc.want)
		}
	}
}

// TestResultCellRoundTrip: every result tbsheet writes reads back to the same result and games.
func TestResultCellRoundTrip(t *testing.T) {
	g := func(a, b, d int) tbsheet.Games { return tbsheet.Games{Known: true, P1: a, P2: b, Drawn: d} }
	for _, m := range []tbsheet.Match{
		{Result: tbsheet.Win, Games: g(2, 1, 0)}, {Result: tbsheet.Loss, Games: g(0, 2, 0)}, {Result: tbsheet.Draw, Games: g(1, 1, 1)},
		{Result: tbsheet.Win}, {Result: tbsheet.Loss}, {Result: tbsheet.Draw}, {Result: tbsheet.Draw, Color: tbsheet.White}, {Result: tbsheet.IntentionalDraw, Games: g(0, 0, 3)}, {Result: tbsheet.IntentionalDraw},
		{Result: tbsheet.DoubleLoss}, {Result: tbsheet.ForfeitWin}, {Result: tbsheet.ForfeitLoss}, {Result: tbsheet.DoubleForfeit},
		{Result: tbsheet.Unreported}, {Result: tbsheet.Bye, P2: tbsheet.NoPlayer}, {Result: tbsheet.Bye, P2: tbsheet.NoPlayer, Games: g(2, 0, 0)},
		{Result: tbsheet.LossNoOpponent, P2: tbsheet.NoPlayer}, {Result: tbsheet.LossNoOpponent, P2: tbsheet.NoPlayer, Games: g(0, 2, 0)}, {Result: tbsheet.HalfBye, P2: tbsheet.NoPlayer}, {Result: tbsheet.ZeroBye, P2: tbsheet.NoPlayer},
	} {
		cell := FormatResultCell(m)
		r, games, err := ParseResultCell(cell, !m.Result.Solo())
		if err != nil || r != m.Result || games != m.Games {
			t.Errorf("%v %v → %q → %v %v %v", m.Result, m.Games, cell, r, games, err)
		}
	}
}

// TestParseResultCellCJK covers the separators Chinese and Japanese organizers type between
// game counts, and the bye words of solo rows.
func TestParseResultCellCJK(t *testing.T) {
	for _, tt := range []struct {
		cell   string
		opp    bool
		result tbsheet.Result
		games  string
	}{
		{"2比1", true, tbsheet.Win, "2-1"},
		{"0 比 2", true, tbsheet.Loss, "0-2"},
		{"２対１", true, tbsheet.Win, "2-1"},
		{"1对1对1", true, tbsheet.Draw, "1-1-1"},
		{"輪空", false, tbsheet.Bye, "no games"},
		{"(bye)", false, tbsheet.Bye, "no games"},
	} {
		r, g, err := ParseResultCell(tt.cell, tt.opp)
		if err != nil || r != tt.result || g.String() != tt.games {
			t.Errorf("%q = %v %v %v, want %v %v", tt.cell, r, g, err, tt.result, tt.games)
		}
	}
}

func TestIsBye(t *testing.T) {
	for cell, want := range map[string]bool{"BYE": true, " bye ": true, "(Bye)": true, "ＢＹＥ": true,
		"轮空": true, "不戦勝": true, "Byers": false, "": false, "Bob": false} {
		if got := IsBye(cell); got != want {
			t.Errorf("IsBye(%q) = %v", cell, got)
		}
	}
	// Every bye name, however it is typed: full width, lower case, between spaces.
	for name := range byeNames {
		for _, cell := range []string{name, width.Widen.String(name), " " + strings.ToLower(name) + "\u3000"} {
			if !IsBye(cell) {
				t.Errorf("IsBye(%q) = false", cell)
			}
		}
	}
}
