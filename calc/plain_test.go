package calc

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/i18n"
)

// TestPlainTexts: every tiebreak, registered or built from a modifier, has a name and a
// one-line definition for players in every language, free of what only organizers read:
// rule references, command-line settings, formulas' notation and caveats.
func TestPlainTexts(t *testing.T) {
	defs := Tiebreaks()
	for _, id := range []string{"fide-bh-c3", "fide-sb-m2", "fide-ps-c2", "fide-aro-c1", "fide-fb-m1"} {
		d, ok := Lookup(id)
		if !ok {
			t.Fatalf("no tiebreak %s", id)
		}
		defs = append(defs, d)
	}
	for _, d := range defs[len(defs)-5:] { // the modifiers' words: their forms too
		for _, n := range []i18n.Note{d.Names, d.Plain} {
			for _, lang := range i18n.Langs() {
				if got := i18n.Lang(lang).Note(n); strings.Contains(got, "%!") || strings.Contains(got, "tb.") {
					t.Errorf("%s in %s: %q", d.ID, lang, got)
				}
			}
		}
	}
	forbidden := []string{"§", "--", ".md", "⚠", "C.07", "MTR", "seed", "n/a", "⌊", "×", "÷"}
	for _, d := range defs {
		for _, lang := range []string{"en", "zh", "ja"} {
			for what, s := range map[string]string{"name": i18n.Lang(lang).Note(d.Names), "definition": i18n.Lang(lang).Note(d.Plain)} {
				if s == "" {
					t.Errorf("%s: no %s in %s", d.ID, what, lang)
				}
				for _, f := range forbidden {
					if strings.Contains(s, f) {
						t.Errorf("%s: the %s %q in %s has %q", d.ID, what, s, lang, f)
					}
				}
				if n := len([]rune(s)); n > 100 {
					t.Errorf("%s: the %s in %s is %d characters, more than a line: %q", d.ID, what, lang, n, s)
				}
			}
		}
		if en(d.Names) != d.Name {
			t.Errorf("%s: English name %q, want Name %q", d.ID, en(d.Names), d.Name)
		}
	}
	d, _ := Lookup("fide-bh-m2")
	for lang, want := range map[string]string{
		"en": "your opponents' scores added up, without the 2 highest and 2 lowest",
		"zh": "所有对手的得分之和，去掉最高与最低各2项",
		"ja": "対戦相手の得点の合計（上位・下位各2つを除く）",
	} {
		if got := i18n.Lang(lang).Note(d.Plain); got != want {
			t.Errorf("fide-bh-m2 in %s: %q, want %q", lang, got, want)
		}
	}
	if got := i18n.Lang("fr").Note(d.Plain); got != en(d.Plain) {
		t.Errorf("a language without translation reads %q, want the English", got)
	}
}

// TestSeedTerms: the names players read use the words of the organizers' own documents: a
// Chinese Yu-Gi-Oh! store on Challonge calls Median-Buchholz 中值-布赫霍尔茨 and the
// progressive score 累进分; a Japanese Magic store says オポネント and ゲーム for the
// opponents' and the game percentages.
func TestSeedTerms(t *testing.T) {
	for _, tc := range []struct{ id, lang, term string }{
		{"chl-median-buchholz", "zh", "中值布赫霍尔茨"},
		{"progressive", "zh", "累进分"},
		{"mtg-omw", "ja", "オポネント"},
		{"mtg-ogw", "ja", "オポネント・ゲーム"},
		{"mtg-gwp", "ja", "ゲーム"},
	} {
		d, ok := Lookup(tc.id)
		if !ok {
			t.Fatalf("no tiebreak %s", tc.id)
		}
		if name := i18n.Lang(tc.lang).Note(d.Names); !strings.Contains(name, tc.term) {
			t.Errorf("%s in %s: %q, want the organizers' word %q", tc.id, tc.lang, name, tc.term)
		}
	}
}
