package reader

import (
	"testing"
)

// TestFamilyNames: the readers of inputs that keep first and last names apart (KTS, Pokémon
// TOM, WER) give every player's family and given names, for the list by family name.
func TestFamilyNames(t *testing.T) {
	for _, tt := range []struct {
		file, name, family, given string
	}{
		{"../samples/kts-locals.Tournament", "Chloé Dubois", "Dubois", "Chloé"},
		{"../samples/pokemon-league-cup.tdf", "Zoë Müller", "Müller", "Zoë"},
		{"../samples/fnm-modern.wer", "Johnson, Aaliyah", "Johnson", "Aaliyah"},
	} {
		ev, err := Read(tt.file, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		players := ev.Players
		for _, pod := range ev.Pods {
			players = append(players, pod.Players...)
		}
		found := false
		for _, p := range players {
			if p.Family == "" && p.Given == "" {
				t.Errorf("%s: %s has neither family nor given name", tt.file, p.Name)
			}
			if p.Name == tt.name {
				found = true
				if p.Family != tt.family || p.Given != tt.given {
					t.Errorf("%s: %s is family %q, given %q; want %q, %q", tt.file, p.Name, p.Family, p.Given, tt.family, tt.given)
				}
			}
		}
		if !found {
			t.Errorf("%s: no player %q", tt.file, tt.name)
		}
	}
	// A hand-kept workbook has one name column: no family name is made up.
	ev, err := Read("../samples/fnm-store.xlsx", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ev.Players {
		if p.Family != "" || p.Given != "" {
			t.Errorf("fnm-store.xlsx: %s has family %q, given %q", p.Name, p.Family, p.Given)
		}
	}
}
