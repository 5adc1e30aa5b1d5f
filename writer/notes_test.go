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
	"github.com/tbsheet/tbsheet/i18n"
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

// missingKeys adds to missing the keys of n and of the notes inside it that the catalogue
// does not hold in lang: an entry with forms needs both.
func missingKeys(lang i18n.Lang, n i18n.Note, missing map[string]bool) {
	if n.IsZero() {
		return
	}
	if !lang.Has(n.Key) && !(lang.Has(n.Key+".one") && lang.Has(n.Key+".other")) {
		missing[string(lang)+" "+n.Key] = true
	}
	for _, a := range n.Args {
		switch v := a.(type) {
		case i18n.Note:
			missingKeys(lang, v, missing)
		case []i18n.Note:
			for _, m := range v {
				missingKeys(lang, m, missing)
			}
		case i18n.Some:
			for _, item := range v.Items {
				if m, ok := item.(i18n.Note); ok {
					missingKeys(lang, m, missing)
				}
			}
		}
	}
}

// TestNotesTranslated: every note calc hands over on the corpus (the standings' notes, the
// rows' notes and every figure's explanation) is in the catalogue in every language, and so
// is every note inside it.
func TestNotesTranslated(t *testing.T) {
	missing := map[string]bool{}
	seen := 0
	check := func(n i18n.Note) {
		if n.IsZero() {
			return
		}
		seen++
		for _, lang := range Langs() {
			missingKeys(i18n.Lang(lang), n, missing)
		}
	}
	for _, st := range noteCorpus(t) {
		for _, n := range st.Notes {
			check(n)
		}
		for i := range st.Rows {
			check(st.Rows[i].Note)
			for j := range st.Columns {
				check(st.Explain(i, j).Note)
			}
		}
	}
	if seen < 100 {
		t.Fatalf("%d notes in the corpus: the test checks too little", seen)
	}
	var list []string
	for k := range missing {
		list = append(list, k)
	}
	slices.Sort(list)
	for _, k := range list {
		t.Errorf("the catalogue has no %s", k)
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
		i := slices.IndexFunc(st.Notes, func(n i18n.Note) bool { return n.Key == "note.declared-not-followed" })
		if i < 0 {
			t.Fatalf("%s: no note of the declared tie-breaks in %q", d, i18n.Lang("en").Notes(st.Notes))
		}
		for _, lang := range []string{"zh", "ja"} {
			got := i18n.Lang(lang).Note(st.Notes[i])
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
