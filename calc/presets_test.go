package calc

import "testing"

// TestLookupSystemSpellings: the names organizers write for a game find its preset.
func TestLookupSystemSpellings(t *testing.T) {
	for want, names := range map[string][]string{
		"mtg":     {"mtg", "MTG", "Magic", "magic", "Magic: The Gathering", "万智牌", "マジック"},
		"yugioh":  {"yugioh", "KTS", "Yu-Gi-Oh", "Yu-Gi-Oh!", "YU-GI-OH!", "遊戯王", "游戏王", "ｙｕｇｉｏｈ"},
		"pokemon": {"pokemon", "Pokémon", "POKÉMON", "Pokemon TCG", "宝可梦", "ポケモン"},
		"fide":    {"fide", "Chess", "国际象棋", "チェス"},
	} {
		for _, n := range names {
			s, ok := LookupSystem(n)
			if !ok || s.Name != want {
				t.Errorf("LookupSystem(%q) = %v, %v; want %s", n, s, ok, want)
			}
		}
	}
	for _, n := range []string{"", "!!", "poker", "magicx"} {
		if s, ok := LookupSystem(n); ok {
			t.Errorf("LookupSystem(%q) = %s", n, s.Name)
		}
	}
}
