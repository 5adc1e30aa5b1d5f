package handkept

import "testing"

func TestColumnsAndSheets(t *testing.T) {
	for header, key := range map[string]string{
		"Round": "round", "ＲＯＵＮＤ": "round", "轮次": "round", "ラウンド": "round", "Table #": "table",
		"桌号": "table", "Player 1": "p1", "P1": "p1", "选手1": "p1", "プレイヤー1": "p1", "Result": "result",
		"比分": "result", "結果": "result", "Score": "result", "P1 Wins": "p1wins", "Dropped After": "dropped",
		"Notes": "", "玩家A": "p1", "玩家B": "p2", "玩家ａ": "p1", "玩家一": "p1", "玩家二": "p2",
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
