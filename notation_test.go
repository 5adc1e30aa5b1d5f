package tbsheet

import "testing"

func TestParseResultCell(t *testing.T) {
	tests := []struct {
		cell   string
		opp    bool
		result Result
		games  string
		bad    bool
	}{
		{"2-1", true, Win, "2-1", false},
		{"1-2", true, Loss, "1-2", false},
		{"1-1-1", true, Draw, "1-1-1", false},
		{"2-1-1", true, Win, "2-1-1", false},
		{" ２－１ ", true, Win, "2-1", false},
		{"2:1", true, Win, "2-1", false},
		{"W", true, Win, "no games", false},
		{"l", true, Loss, "no games", false},
		{"D", true, Draw, "no games", false},
		{"ID", true, IntentionalDraw, "no games", false},
		{"ID 0-0-3", true, IntentionalDraw, "0-0-3", false},
		{"id (1-1)", true, IntentionalDraw, "1-1", false},
		{"ID 2-1", true, 0, "", true},
		{"DL", true, DoubleLoss, "no games", false},
		{"1-0", true, Win, "1-0", false},
		{"½-½", true, Draw, "no games", false},
		{"0.5-0.5", true, Draw, "no games", false},
		{"+", true, ForfeitWin, "no games", false},
		{"-", true, ForfeitLoss, "no games", false},
		{"○", true, Win, "no games", false},
		{"负", true, Loss, "no games", false},
		{"", true, Unreported, "no games", false},
		{"2:1?", true, 0, "", true},
		{"", false, Bye, "no games", false},
		{"BYE", false, Bye, "no games", false},
		{"2-0", false, Bye, "2-0", false},
		{"L", false, LossNoOpponent, "no games", false},
		{"½", false, HalfBye, "no games", false},
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

// TestResultCellRoundTrip: every result tbsheet writes reads back to the same result and games.
func TestResultCellRoundTrip(t *testing.T) {
	g := func(a, b, d int) Games { return Games{Known: true, P1: a, P2: b, Drawn: d} }
	for _, m := range []Match{
		{Result: Win, Games: g(2, 1, 0)}, {Result: Loss, Games: g(0, 2, 0)}, {Result: Draw, Games: g(1, 1, 1)},
		{Result: Win}, {Result: Loss}, {Result: Draw}, {Result: IntentionalDraw, Games: g(0, 0, 3)}, {Result: IntentionalDraw},
		{Result: DoubleLoss}, {Result: ForfeitWin}, {Result: ForfeitLoss}, {Result: DoubleForfeit},
		{Result: Unreported}, {Result: Bye, P2: NoPlayer}, {Result: Bye, P2: NoPlayer, Games: g(2, 0, 0)},
		{Result: LossNoOpponent, P2: NoPlayer}, {Result: LossNoOpponent, P2: NoPlayer, Games: g(0, 2, 0)}, {Result: HalfBye, P2: NoPlayer}, {Result: ZeroBye, P2: NoPlayer},
	} {
		cell := FormatResultCell(m)
		r, games, err := ParseResultCell(cell, !m.Result.Solo())
		if err != nil || r != m.Result || games != m.Games {
			t.Errorf("%v %v → %q → %v %v %v", m.Result, m.Games, cell, r, games, err)
		}
	}
}

func TestColumnsAndSheets(t *testing.T) {
	for header, key := range map[string]string{
		"Round": "round", "ＲＯＵＮＤ": "round", "轮次": "round", "ラウンド": "round", "Table #": "table",
		"桌号": "table", "Player 1": "p1", "P1": "p1", "选手1": "p1", "プレイヤー1": "p1", "Result": "result",
		"比分": "result", "結果": "result", "Score": "result", "P1 Wins": "p1wins", "Dropped After": "dropped",
		"Notes": "",
	} {
		if got := ColumnKey(header); got != key {
			t.Errorf("ColumnKey(%q) = %q, want %q", header, got, key)
		}
	}
	for name, n := range map[string]int{"Round 1": 1, "R2": 2, "第3轮": 3, "第4回戦": 4, "5回戦": 5, "rd 6": 6, "Players": 0, "Round": 0} {
		got, ok := RoundSheetNumber(name)
		if got != n || ok != (n > 0) {
			t.Errorf("RoundSheetNumber(%q) = %d, %v; want %d", name, got, ok, n)
		}
	}
	if SheetKind("選手") != "" || SheetKind("Players") != "players" || SheetKind("对阵") != "matches" {
		t.Error("SheetKind")
	}
}

func TestPosString(t *testing.T) {
	for _, tt := range []struct {
		p    Pos
		want string
	}{
		{Pos{File: "results.xlsx", Sheet: "Round 3", Row: 7, Col: 3}, "results.xlsx: Round 3!C7"},
		{Pos{File: "r.csv", Row: 7, Col: 12}, "r.csv:7:12"},
		{Pos{File: "dump.json", Path: "matches[12]"}, "dump.json: matches[12]"},
		{Pos{File: "r.xlsx", Sheet: "R1", Row: 4}, "r.xlsx: R1!4:4"},
		{Pos{Col: 28, Row: 1, Sheet: "S"}, "S!AB1"},
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v = %q, want %q", tt.p, got, tt.want)
		}
	}
}

// TestParseResultCellCJK covers the separators Chinese and Japanese organizers type between
// game counts, and the bye words of solo rows.
func TestParseResultCellCJK(t *testing.T) {
	for _, tt := range []struct {
		cell   string
		opp    bool
		result Result
		games  string
	}{
		{"2比1", true, Win, "2-1"},
		{"0 比 2", true, Loss, "0-2"},
		{"２対１", true, Win, "2-1"},
		{"1对1对1", true, Draw, "1-1-1"},
		{"輪空", false, Bye, "no games"},
		{"(bye)", false, Bye, "no games"},
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
}

func TestPlayoffStage(t *testing.T) {
	for name, stage := range map[string]int{
		"Top 8": 8, "T8": 8, "top16": 16, "ＴＯＰ ４": 4, "Quarterfinals": 8, "Quarter-Finals": 8, "QF": 8,
		"Semifinals": 4, "SF": 4, "Semis": 4, "Final": 2, "F": 2, "Grand Final": 2, "8强": 8, "八强": 8,
		"十六强": 16, "半决赛": 4, "决赛": 2, "1/4决赛": 8, "準々決勝": 8, "準決勝": 4, "決勝": 2, "ベスト8": 8,
		"Round 1": 0, "R2": 0, "Players": 0, "Top": 0, "T1": 0, "Finale": 0, "": 0,
	} {
		got, ok := PlayoffStage(name)
		if got != stage || ok != (stage > 0) {
			t.Errorf("PlayoffStage(%q) = %d, %v; want %d", name, got, ok, stage)
		}
	}
	for _, lang := range []string{"en", "zh", "ja", "xx"} {
		for _, stage := range []int{2, 4, 8, 16, 32} {
			name := PlayoffName(stage, lang)
			if got, ok := PlayoffStage(name); !ok || got != stage {
				t.Errorf("PlayoffName(%d, %s) = %q reads back as %d, %v", stage, lang, name, got, ok)
			}
			if _, ok := RoundSheetNumber(name); ok {
				t.Errorf("PlayoffName(%d, %s) = %q reads as a Swiss round sheet", stage, lang, name)
			}
		}
	}
	if ColumnKey("P1 Points") != "p1points" || ColumnKey("选手2得分") != "p2points" {
		t.Error("points columns")
	}
}
