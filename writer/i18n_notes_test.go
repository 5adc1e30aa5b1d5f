package writer

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
)

// noteCorpus returns standings whose notes cover what calc writes: every sample and test
// input under every preset with every tiebreak shown, final standings where there is a top
// cut, events with unreported matches, results without games, ties and drops.
func noteCorpus(t *testing.T) []*calc.Standings {
	t.Helper()
	var events []*tbsheet.Event
	for _, dir := range []string{"../samples", "../testdata/trf", "../testdata/tdf", "../testdata/kts", "../testdata/challonge", "../testdata/wer"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".golden") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			data, err := reader.ReadFile(path, 0)
			if err != nil {
				continue
			}
			ev, err := reader.ReadBytes(data, path, "", reader.Options{})
			if err != nil {
				continue
			}
			events = append(events, ev)
			events = append(events, ev.Pods...)
		}
	}
	if len(events) < 10 {
		t.Fatalf("%d events read", len(events))
	}
	var out []*calc.Standings
	for _, ev := range events {
		for _, s := range calc.Systems() {
			st, err := calc.Compute(ev, calc.Options{System: s.Name, Show: []string{"all"}})
			if err != nil {
				continue
			}
			out = append(out, st, calc.Final(st))
		}
	}
	for _, unknown := range []bool{false, true} {
		out = append(out, writertest.PresetStandings(24, 5, 3, unknown)...)
	}
	return append(out, writertest.BigStandings(60), finalStandings(), writertest.Compute(writertest.BigEvent(30), calc.Options{System: "fide", Show: []string{"all"}}))
}

// TestNotesTranslated: every note calc writes on the corpus (the standings' notes and each
// part of every figure's explanation) has a Chinese and a Japanese translation.
func TestNotesTranslated(t *testing.T) {
	unknown := map[string]bool{}
	check := func(note string) {
		for _, part := range strings.Split(note, "; ") {
			if n, _ := matchNote(part); n == nil {
				unknown[part] = true
			}
		}
	}
	for _, st := range noteCorpus(t) {
		for _, n := range st.Notes {
			check(n)
		}
		for i := range st.Rows {
			for j := range st.Columns {
				if n := st.Explain(i, j).Note; n != "" {
					check(n)
				}
			}
		}
	}
	var list []string
	for n := range unknown {
		list = append(list, n)
	}
	slices.Sort(list)
	for _, n := range list {
		t.Errorf("no translation for %q", n)
	}
	for _, n := range noteTexts {
		if n.zh == "" || n.ja == "" {
			t.Errorf("%q: no zh or ja", n.en)
		}
	}
}

// TestUnknownNoteKept: a note the catalog does not know (a reader's warning, in English)
// reaches a Chinese or Japanese workbook as written, not with full-width semicolons put
// into its English.
func TestUnknownNoteKept(t *testing.T) {
	const note = "results.csv: results are written two ways: 2 with games (2-1) and 2 without (W, L, D); the 2 without games are at line 2, line 4"
	for _, lang := range []string{"zh", "ja"} {
		if got := TranslateNotes(lang, note); got != note {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// TestRoundWordsTranslated: the round a note names keeps its number in every language
// ("beat Ann (round 2)" is "战胜 Ann （第2轮）"), and no English word of it is left.
func TestRoundWordsTranslated(t *testing.T) {
	for lang, want := range map[string]string{"zh": "战胜 Ann（第2轮）", "ja": "Ann（第2回戦）に勝ち"} {
		got := TranslateNote(lang, "beat Ann (round 2)")
		if strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(want, " ", "") {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	for lang, words := range roundWords() {
		for _, w := range words {
			if regexp.MustCompile(`\$\d[^\d\s]`).MatchString(w.with) {
				t.Errorf("%s: %q: a $n followed by a letter names no group (write ${n})", lang, w.with)
			}
		}
	}
}

// TestDeclaredReasonsTranslated: when a TRF declares a tie-break tbsheet cannot follow, the
// note says why in the reader's language too, the reason included (a note inside a note).
func TestDeclaredReasonsTranslated(t *testing.T) {
	const path = "../testdata/trf/lakeside-declared.trf"
	data, err := reader.ReadFile(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Every reason calc gives: a code it does not compute, not a tie-break, a point kind
	// that is none, two Cuts, a Cut it lacks, an unknown modifier, each modifier it does not
	// apply.
	declared := []string{"SB,EDET", "/", "BH:XX", "BH/C1/M1", "WIN/C1", "PS/M1", "BH/Z9", "BH/V0", "BH/V1,SB/V2"}
	for _, m := range "PDUFLKRSXN" {
		declared = append(declared, "BH/"+string(m))
	}
	english := regexp.MustCompile(`[a-z]{3,}`)
	for _, d := range declared {
		ev, err := reader.ReadBytes(data, path, "", reader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ev.DeclaredTiebreaks = d
		st, err := calc.Compute(ev, calc.Options{System: "fide"})
		if err != nil {
			t.Fatal(err)
		}
		var note string
		for _, n := range st.Notes {
			if strings.Contains(n, "declares the tie-breaks") {
				note = n
			}
		}
		if note == "" {
			t.Fatalf("%s: no note of the declared tie-breaks in %q", d, st.Notes)
		}
		for _, lang := range []string{"zh", "ja"} {
			got := TranslateNote(lang, note)
			rest := got
			for _, ok := range []string{path, "tbsheet", "--tiebreaks", "fide", "Koya", "Fore", "Median", "Cut"} {
				rest = strings.ReplaceAll(rest, ok, "")
			}
			if w := english.FindString(rest); w != "" {
				t.Errorf("%s in %s: English left (%q): %s", d, lang, w, got)
			}
		}
	}
}
