package calc

import (
	"errors"
	"testing"
)

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

// TestAfterRoundBeyond: --after-round past the event's last Swiss round is a usage error,
// not the standings of the last round under another name.
func TestAfterRoundBeyond(t *testing.T) {
	ev := parseEvent(t, "1: Ann W Ben\n2: Ann W Cal\n")
	if _, err := Compute(ev, Options{AfterRound: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := Compute(ev, Options{AfterRound: 3}); !errors.Is(err, ErrUsage) {
		t.Fatalf("after round 3 of 2: %v", err)
	}
}
