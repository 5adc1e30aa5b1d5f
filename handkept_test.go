package tbsheet

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
