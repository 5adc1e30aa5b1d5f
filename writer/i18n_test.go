package writer

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/season"
)

// fromCalc are the catalogue's rows with no English: in English the note is calc's own
// (rowNote), until calc's notes become data.
var fromCalc = []string{"row.others", "row.tie", "row.tie.random"}

// verb matches a formatting verb of a catalogue entry: "%s", "%[2]d"; "%%" is no verb.
var verb = regexp.MustCompile(`%(\[(\d+)\])?[a-z]`)

// verbs lists the verbs of s by argument: "%s and %[1]s" uses argument 1 as s.
func verbs(s string) map[string]string {
	out := map[string]string{}
	next := 1
	for _, m := range verb.FindAllStringSubmatch(strings.ReplaceAll(s, "%%", ""), -1) {
		n := next
		if m[2] != "" {
			n = int(m[2][0] - '0')
		}
		out[string(rune('0'+n))] = m[0][len(m[0])-1:]
		next = n + 1
	}
	return out
}

// TestCatalogue: every row of the catalogue has every language, with the same verb for an
// argument in each, and no key twice.
func TestCatalogue(t *testing.T) {
	f, err := os.Open("catalogue.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := append([]string{"key"}, Langs()...); !slices.Equal(rows[0], want) {
		t.Fatalf("columns %q, want %q", rows[0], want)
	}
	seen := map[string]bool{}
	for i, row := range rows[1:] {
		key := row[0]
		if seen[key] {
			t.Errorf("catalogue.csv:%d: %s twice", i+2, key)
		}
		seen[key] = true
		for j, lang := range Langs() {
			text := row[j+1]
			switch {
			case text == "" && !(lang == "en" && slices.Contains(fromCalc, key)):
				t.Errorf("catalogue.csv:%d: %s has no %s", i+2, key, lang)
			case text != "" && lang != "en" && row[1] != "" && !sameVerbs(verbs(text), verbs(row[1])):
				t.Errorf("catalogue.csv:%d: %s in %s formats %v, in English %v", i+2, key, lang, verbs(text), verbs(row[1]))
			}
		}
	}
}

// sameVerbs reports whether two entries format each argument they both use with the same
// verb: a translation may leave an argument out or use one English does not (a word in its
// own language), but "%d" where English has "%s" would print "%!d(string=…)".
func sameVerbs(a, b map[string]string) bool {
	for k, v := range a {
		if w, ok := b[k]; ok && w != v {
			return false
		}
	}
	return true
}

// TestCatalogueHasEveryKey: every key the writers and the pages name in their code is in
// the catalogue, and so is every key made from a list (each season tie, each system with a
// name of its own).
func TestCatalogueHasEveryKey(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../serve"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(fs) == 0 {
			t.Fatal("no Go file in", dir, err)
		}
		files = append(files, fs...)
	}
	keys := map[string]bool{}
	// A literal key given to label, labelf or a words type's l, f or label: the key is the
	// last argument's string, closed by the call's parenthesis or a comma.
	use := regexp.MustCompile(`(?:\blabel|\blabelf|\.l|\.f|\.label|\.labelf)\((?:(?:[^(),"]|\([^()]*\))+, )?"([a-z0-9][a-z0-9.\-]*)"[,)]`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			keys[m[1]] = true
		}
	}
	if len(keys) < 100 {
		t.Fatalf("found %d keys in the code: the pattern no longer sees the calls", len(keys))
	}
	for _, id := range season.Ties() {
		keys["season.tie."+id] = true
	}
	for key := range keys {
		for _, lang := range Langs() {
			if _, ok := labels[lang][key]; !ok && !(lang == "en" && slices.Contains(fromCalc, key)) {
				t.Errorf("the catalogue has no %s for %s", lang, key)
			}
		}
	}
	// A system named in one language is named in every language.
	for _, sys := range calc.Systems() {
		_, en := labels["en"]["game."+sys.Name]
		for _, lang := range Langs() {
			if _, ok := labels[lang]["game."+sys.Name]; ok != en {
				t.Errorf("game.%s is in English: %v, in %s: %v", sys.Name, en, lang, ok)
			}
		}
	}
}
