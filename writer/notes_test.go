package writer

import (
	"maps"
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
	events := corpusEvents(t, "../samples", "../testdata/trf", "../testdata/tdf", "../testdata/kts", "../testdata/challonge", "../testdata/wer")
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

// corpusEvents reads every input in dirs that reads without an error, each division of a
// multi-pod input as well as the file's event.
func corpusEvents(t *testing.T, dirs ...string) []*tbsheet.Event {
	t.Helper()
	var events []*tbsheet.Event
	for _, dir := range dirs {
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
	return events
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

// reportMissing fails t for each "lang key" in missing, in order.
func reportMissing(t *testing.T, missing map[string]bool) {
	t.Helper()
	for _, k := range slices.Sorted(maps.Keys(missing)) {
		t.Errorf("the catalogue has no %s", k)
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
		for _, lang := range i18n.Langs() {
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
	reportMissing(t, missing)
}

// TestReaderNotesTranslated: every note and warning the readers hand over on the samples and
// test inputs is in the catalogue in every language, and so is every note inside it, and
// writes its values without complaint; none is a sentence written as it is (the key "text"),
// which would reach a zh or ja workbook in English.
func TestReaderNotesTranslated(t *testing.T) {
	missing := map[string]bool{}
	keys := map[string]bool{}
	for _, ev := range corpusEvents(t, "../samples", "../testdata/handkept", "../testdata/hostile/files", "../testdata/trf",
		"../testdata/tdf", "../testdata/kts", "../testdata/challonge", "../testdata/wer") {
		for _, n := range slices.Concat(ev.Warnings, ev.Notes) {
			keys[n.Key] = true
			if n.Key == "text" {
				t.Errorf("%s: a note written as it is, in English only: %q", ev.Source, i18n.Lang("en").Note(n))
			}
			for _, lang := range i18n.Langs() {
				missingKeys(i18n.Lang(lang), n, missing)
				if text := i18n.Lang(lang).Note(n); strings.Contains(text, "%!") {
					t.Errorf("%s: %s writes %q in %s: its values do not fit its words", ev.Source, n.Key, text, lang)
				}
			}
		}
	}
	if len(keys) < 10 {
		t.Fatalf("%d kinds of note in the corpus (%v): the test checks too little", len(keys), keys)
	}
	reportMissing(t, missing)
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

// TestWorkbookReaderNotesInLanguage: a hand-kept file's warning (results written two ways)
// and notes reach a Chinese or Japanese workbook's notes section in its language, with no
// English sentence; an English workbook has the words the terminal prints.
func TestWorkbookReaderNotesInLanguage(t *testing.T) {
	const csv = "Round,Player 1,Player 2,Result\n1,Ann,Bob,W\n1,Cat,Dan,2-1\n2,Ann,Cat,2-0\n2,Bob,Dan,1-2\n3,Ann,Dan,2-0\n"
	ev, err := reader.ReadBytes([]byte(csv), "mixed.csv", "", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ev.Warnings, func(n i18n.Note) bool { return n.Key == "reader.mixed-results" })
	if i < 0 || len(ev.Notes) == 0 {
		t.Fatalf("warnings %q, notes %q: want the mixed results and a note", i18n.Lang("en").Notes(ev.Warnings), i18n.Lang("en").Notes(ev.Notes))
	}
	english := regexp.MustCompile(`[A-Za-z]{3,} [a-z]{3,}`) // two English words in a row
	st := writertest.Compute(ev, calc.Options{System: "mtg"})
	for _, lang := range i18n.Langs() {
		f := writeXLSX(t, st, Options{Lang: lang, Now: writertest.Now}, XLSXConfig{})
		rows, err := f.GetRows(SheetNamesFor(lang).about)
		if err != nil {
			t.Fatal(err)
		}
		// The notes section: the rows after its heading, up to the next heading.
		var notes []string
		in := false
		for _, r := range rows {
			switch {
			case len(r) == 1 && r[0] == label(lang, "notes"):
				in = true
			case len(r) == 1 && r[0] == label(lang, "unreported-matches"):
				in = false
			case in && len(r) > 0:
				notes = append(notes, strings.Join(r, " "))
			}
		}
		l := i18n.Lang(lang)
		if want := l.Note(ev.Warnings[i]); len(notes) == 0 || notes[0] != want {
			t.Errorf("%s: the notes section starts %q, want the warning %q", lang, notes, want)
		}
		for _, n := range ev.Notes {
			if !slices.Contains(notes, l.Note(n)) {
				t.Errorf("%s: the notes section %q lacks %q", lang, notes, l.Note(n))
			}
		}
		if lang == "en" {
			continue
		}
		for _, n := range notes {
			if m := english.FindString(n); m != "" {
				t.Errorf("%s: an English sentence (%q) in the notes section: %q", lang, m, n)
			}
		}
	}
}
