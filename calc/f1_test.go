package calc

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
)

// want is one expected figure: value is exact ("15/24", "2.5", "7592526"), "~0.5926" for a
// value rounded to the decimals shown, or "n/a".
type want struct {
	player, id, value string
}

// checkFigures compares the figures of st with wants.
func checkFigures(t *testing.T, st *Standings, wants []want) {
	t.Helper()
	for _, w := range wants {
		f := figure(t, st, w.player, w.id)
		got := "n/a"
		if f.Value.OK {
			got = f.Value.Num.String()
		}
		switch {
		case w.value == "n/a":
			if f.Value.OK {
				t.Errorf("%s %s = %s, want n/a", w.player, w.id, got)
			}
		case strings.HasPrefix(w.value, "~"):
			dec := w.value[strings.Index(w.value, ".")+1:]
			if !f.Value.OK || f.Value.Num.Round(len(dec)) != w.value[1:] {
				t.Errorf("%s %s = %s, want %s", w.player, w.id, got, w.value)
			}
		default:
			if !f.Value.OK || !f.Value.Num.Equal(exact.MustParse(w.value)) {
				t.Errorf("%s %s = %s, want %s", w.player, w.id, got, w.value)
			}
		}
	}
}

// TestF1 checks every number the tiebreak definitions' worked fixture F1 gives for MTG, KTS,
// Pokémon, Challonge and Cryptozoic, and the chess progressive scores (PS, which equal
// `progressive` on F1).
func TestF1(t *testing.T) {
	ev := parseEvent(t, f1)
	tests := []struct {
		name    string
		opt     Options
		ranking string
		wants   []want
	}{
		{"mtg", Options{System: "mtg", Show: []string{"mtg-mwp", "points"}},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Carol", "points", "7"}, {"Erin", "points", "7"}, {"Alice", "points", "6"}, {"Dave", "points", "3"}, {"Bob", "points", "0"},
				{"Carol", "mtg-mwp", "7/9"}, {"Erin", "mtg-mwp", "~0.7778"}, {"Alice", "mtg-mwp", "~0.6667"},
				{"Dave", "mtg-mwp", "1/3"}, {"Bob", "mtg-mwp", "0.33"},
				{"Carol", "mtg-omw", "16/27"}, {"Carol", "mtg-omw", "~0.5926"}, {"Erin", "mtg-omw", "~0.5539"},
				{"Alice", "mtg-omw", "~0.4804"}, {"Dave", "mtg-omw", "~0.7222"}, {"Bob", "mtg-omw", "~0.7222"},
				{"Carol", "mtg-gwp", "15/24"}, {"Erin", "mtg-gwp", "15/18"}, {"Alice", "mtg-gwp", "15/21"},
				{"Dave", "mtg-gwp", "9/21"}, {"Bob", "mtg-gwp", "0.33"},
				{"Carol", "mtg-ogw", "~0.6587"}, {"Erin", "mtg-ogw", "~0.4775"}, {"Alice", "mtg-ogw", "~0.4612"},
				{"Dave", "mtg-ogw", "~0.6696"}, {"Bob", "mtg-ogw", "~0.7738"},
			}},
		{"mtg floor 1/3", Options{System: "mtg", MTGFloor: "1/3"},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Alice", "mtg-omw", "~0.481481"}, {"Erin", "mtg-omw", "~0.555556"}, {"Bob", "mtg-gwp", "1/3"},
			}},
		{"kts", Options{System: "kts"},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Carol", "kts-omw", "592"}, {"Carol", "kts-oomw", "526"}, {"Carol", "kts-number", "7592526"},
				{"Erin", "kts-omw", "466"}, {"Erin", "kts-oomw", "644"}, {"Erin", "kts-number", "7466644"},
				{"Alice", "kts-omw", "416"}, {"Alice", "kts-oomw", "666"}, {"Alice", "kts-number", "6416666"},
				{"Dave", "kts-omw", "722"}, {"Dave", "kts-oomw", "509"}, {"Dave", "kts-number", "3722509"},
				{"Bob", "kts-omw", "722"}, {"Bob", "kts-oomw", "435"}, {"Bob", "kts-number", "722435"},
			}},
		{"pokemon", Options{System: "pokemon", Show: []string{"pkm-wp"}},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Carol", "pkm-wp", "5/6"}, {"Erin", "pkm-wp", "0.75"}, {"Alice", "pkm-wp", "2/3"},
				{"Dave", "pkm-wp", "0.25"}, {"Bob", "pkm-wp", "0.25"},
				{"Carol", "pkm-owp", "~0.5556"}, {"Erin", "pkm-owp", "~0.5417"}, {"Alice", "pkm-owp", "~0.4444"},
				{"Dave", "pkm-owp", "0.75"}, {"Bob", "pkm-owp", "~0.7083"},
				{"Carol", "pkm-oowp", "~0.5787"}, {"Erin", "pkm-oowp", "~0.6319"}, {"Alice", "pkm-oowp", "~0.6713"},
				{"Dave", "pkm-oowp", "0.5"}, {"Bob", "pkm-oowp", "~0.4931"},
			}},
		{"challonge", Options{System: "challonge", Show: []string{"buchholz", "progressive"}},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Alice", "points", "2"}, {"Bob", "points", "0"}, {"Carol", "points", "2.5"}, {"Dave", "points", "1"}, {"Erin", "points", "2.5"},
				{"Alice", "buchholz", "3.5"}, {"Carol", "buchholz", "5.5"}, {"Erin", "buchholz", "2.5"},
				{"Alice", "chl-median-buchholz", "1"}, {"Carol", "chl-median-buchholz", "2"}, {"Erin", "chl-median-buchholz", "0"},
				{"Carol", "chl-wins-vs-tied", "0"}, {"Erin", "chl-wins-vs-tied", "0"},
				// The chess PS column: progressive on 1 / ½ / 0 points.
				{"Carol", "progressive", "5.5"}, {"Erin", "progressive", "5.5"}, {"Alice", "progressive", "4"},
				{"Dave", "progressive", "2"}, {"Bob", "progressive", "0"},
			}},
		{"cryptozoic", Options{System: "cryptozoic"},
			"1 Carol, 2 Erin, 3 Alice, 4 Dave, 5 Bob", []want{
				{"Alice", "match-wins", "2"}, {"Carol", "match-wins", "2"}, {"Erin", "match-wins", "2"},
				{"Dave", "match-wins", "1"}, {"Bob", "match-wins", "0"},
				{"Carol", "cz-t1", "2"}, {"Erin", "cz-t1", "0"}, {"Alice", "cz-t1", "-1"},
				{"Carol", "cz-t2", "2"}, {"Erin", "cz-t2", "5"}, {"Alice", "cz-t2", "8"},
				{"Carol", "cz-t3", "0"}, {"Erin", "cz-t3", "0"}, {"Alice", "cz-t3", "4"}, {"Dave", "cz-t3", "10"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := compute(t, ev, tt.opt)
			if got := ranking(st); got != tt.ranking {
				t.Errorf("ranking %s, want %s", got, tt.ranking)
			}
			checkFigures(t, st, tt.wants)
		})
	}
}

// TestF1Explanations checks the arithmetic shown for F1 against the way the spec writes it.
func TestF1Explanations(t *testing.T) {
	ev := parseEvent(t, f1)
	tests := []struct {
		system, player, id, text string
	}{
		{"mtg", "Carol", "mtg-omw", "(3/9 + 6/9 + 7/9) / 3 = 59.26%"},
		{"mtg", "Erin", "mtg-omw", "(0.33↑0/6 + 7/9) / 2 = 55.39%"},
		{"mtg", "Bob", "mtg-gwp", "0.33↑0/12 = 33.00%"},
		{"mtg", "Carol", "mtg-gwp", "15/24 = 62.50%"},
		{"mtg", "Carol", "points", "2 × 3 + 1 × 1 = 7 — W-L-D 2-0-1"},
		{"mtg", "Erin", "points", "1 × 3 + 1 × 1 + 1 × 3 = 7 — W-L-D 2-0-1, 1 bye"},
		{"kts", "Carol", "kts-omw", "⌊(3 × 5 + 1) × 1000 / (3 × 9)⌋ = 592"},
		{"kts", "Bob", "kts-number", "0 × 1000000 + 722 × 1000 + 435 = 00722435"},
		{"pokemon", "Erin", "pkm-wp", "1.5 / 2 = 75.00% — 1 bye removed"},
		{"pokemon", "Dave", "pkm-wp", "0.25↑0/2 = 25.00% — 1 bye removed"},
		{"pokemon", "Bob", "pkm-wp", "0.25↑0/2 = 25.00% — dropped: at most 75%"},
		{"pokemon", "Carol", "pkm-owp", "(0.25↑0/2 + 2/3 + 1.5 / 2) / 3 = 55.56%"},
		{"challonge", "Alice", "chl-median-buchholz", "0 + 2.5 + 1 − max(0, 2.5, 1) − min(0, 2.5, 1) = 1"},
		{"challonge", "Erin", "chl-median-buchholz", "0 — 2 opponents: Median-Buchholz needs 3 or more, so 0"},
		{"challonge", "Carol", "progressive", "1 + 2 + 2.5 = 5.5"},
		{"challonge", "Bob", "progressive", "0 + 0 + 0 = 0 — frozen after round 2 (dropped)"},
		{"cryptozoic", "Alice", "cz-t1", "−2 + 2 − 1 = −1"},
		{"cryptozoic", "Dave", "cz-t3", "1 × 1 + 3 × 3 = 10"},
		{"cryptozoic", "Erin", "match-wins", "1 + 1 = 2 — byes count as wins"},
	}
	for _, tt := range tests {
		st := compute(t, ev, Options{System: tt.system})
		f := figure(t, st, tt.player, tt.id)
		d, _ := Lookup(tt.id)
		if got := fullText(d, f); got != tt.text {
			t.Errorf("%s %s %s:\n got %s\nwant %s", tt.system, tt.player, tt.id, got, tt.text)
		}
	}
}
