package handkept

import "testing"

func TestPlayoffRound(t *testing.T) {
	for n := 1; n <= 20; n++ {
		if got, ok := PlayoffRoundNumber(PlayoffRoundLabel(n)); !ok || got != n {
			t.Errorf("PlayoffRoundNumber(%q) = %d, %v", PlayoffRoundLabel(n), got, ok)
		}
	}
	tests := []struct {
		cell string
		n    int
		ok   bool
	}{
		{"playoff 6", 6, true}, {"PLAYOFFS 7", 7, true}, {"PO6", 6, true}, {"Top Cut 8", 8, true},
		{"淘汰赛6", 6, true}, {"決勝 7", 7, true}, {"プレーオフ８", 8, true},
		{"6", 0, false}, {"Round 6", 0, false}, {"Playoff", 0, false}, {"Playoff 0", 0, false},
	}
	for _, tt := range tests {
		if n, ok := PlayoffRoundNumber(tt.cell); n != tt.n || ok != tt.ok {
			t.Errorf("PlayoffRoundNumber(%q) = %d, %v; want %d, %v", tt.cell, n, ok, tt.n, tt.ok)
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

// TestChineseNumeralRounds: hand-kept Chinese workbooks number their round sheets in words.
func TestChineseNumeralRounds(t *testing.T) {
	names := map[string]int{
		"第一轮": 1, "第二轮": 2, "第三轮": 3, "第十轮": 10, "第十一轮": 11, "第十二轮": 12, "第二十轮": 20,
		"第二十一轮": 21, "第一百零五轮": 105, "第两百轮": 200, "第九百九十九轮": 999, "第 四 轮": 4, "第五輪": 5,
		"第三回戦": 3, "第七回合": 7, "十二轮": 12, "第八": 8, "回合六": 6,
		"八": 0, "八强": 0, "第零轮": 0, "第二三轮": 0, "第十十轮": 0, "第百轮": 0, "第一千轮": 0, "第十百轮": 0,
	}
	for name, n := range names {
		got, ok := RoundSheetNumber(name)
		if got != n || ok != (n > 0) {
			t.Errorf("RoundSheetNumber(%q) = %d, %v; want %d", name, got, ok, n)
		}
	}
}
