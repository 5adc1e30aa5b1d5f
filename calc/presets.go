package calc

import (
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// The presets of tiebreakers.md §A.1. The fide preset (alias chess) is registered by
// fide.go in the same way.
func init() {
	threeOne := points(3, 1, 0, 3)
	registerSystem(&System{
		Name: "mtg", Title: "Magic: The Gathering (MTR App. C)",
		Points: threeOne, RankBy: "points",
		Tiebreaks: []string{"mtg-omw", "mtg-gwp", "mtg-ogw"},
	})
	registerSystem(&System{
		Name: "yugioh", Aliases: []string{"kts", "ygo"}, Title: "Yu-Gi-Oh! (KTS)",
		Points: threeOne, RankBy: "points",
		Tiebreaks: []string{"kts-omw", "kts-oomw"},
		Show:      []string{"kts-number"},
	})
	registerSystem(&System{
		Name: "pokemon", Aliases: []string{"pkm", "tom"}, Title: "Pokémon TCG (Play! Pokémon)",
		Points: threeOne, RankBy: "points", Record: RecordWLT,
		Tiebreaks: []string{"pkm-owp", "pkm-oowp", "pkm-h2h"},
	})
	registerSystem(&System{
		Name: "cryptozoic", Aliases: []string{"cz", "mantis"}, Title: "Cryptozoic (Tournament Tracker)",
		Points: points(1, 0, 0, 1), RankBy: "match-wins",
		Tiebreaks: []string{"cz-t1", "cz-t2", "cz-t3"},
	})
	registerSystem(&System{
		Name: "challonge", Title: "Challonge Swiss",
		Points: tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Loss: exact.Int(0), Bye: exact.Int(1)},
		RankBy: "points", Record: RecordWLT,
		// The order of the seed's worked example (003_*); a dump's own tie_breaks win.
		Tiebreaks: []string{"chl-wins-vs-tied", "chl-median-buchholz"},
	})
}

// points returns whole-number match points for win, draw, loss and bye.
func points(w, d, l, bye int64) tbsheet.Points {
	return tbsheet.Points{Win: exact.Int(w), Draw: exact.Int(d), Loss: exact.Int(l), Bye: exact.Int(bye)}
}

var systems []*System

// systemOrder is the documented order of Systems: the order of tiebreakers.md §A.1.
var systemOrder = []string{"mtg", "yugioh", "pokemon", "cryptozoic", "challonge", "fide"}

// registerSystem adds a preset; each preset's file calls it from init. Every tiebreak the
// preset names must be registered by the time Compute runs.
func registerSystem(s *System) {
	for _, n := range append([]string{s.Name}, s.Aliases...) {
		if _, dup := LookupSystem(n); dup {
			panic("calc: system registered twice: " + n)
		}
	}
	systems = append(systems, s)
}

// Systems returns every preset in the order mtg, yugioh, pokemon, cryptozoic, challonge,
// fide (names not registered are skipped), then any other preset in registration order.
func Systems() []*System {
	out := slices.Clone(systems)
	rank := func(s *System) int {
		if i := slices.Index(systemOrder, s.Name); i >= 0 {
			return i
		}
		return len(systemOrder)
	}
	slices.SortStableFunc(out, func(a, b *System) int { return rank(a) - rank(b) })
	return out
}

// LookupSystem returns the preset with that name or alias, ignoring case ("KTS" is yugioh).
func LookupSystem(name string) (*System, bool) {
	for _, s := range systems {
		if strings.EqualFold(s.Name, name) || slices.ContainsFunc(s.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return s, true
		}
	}
	return nil, false
}

// systemNames lists the presets and their aliases for error messages.
func systemNames() []string {
	var out []string
	for _, s := range Systems() {
		out = append(out, s.Name)
		out = append(out, s.Aliases...)
	}
	return out
}
