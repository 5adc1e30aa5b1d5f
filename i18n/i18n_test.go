package i18n

import (
	"encoding/csv"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

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
			case text == "":
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

// TestCatalogueFormats: every entry is a format fmt writes without complaint ("%!"), given a
// value for each of its verbs: a per cent sign that is no verb is written "%%".
func TestCatalogueFormats(t *testing.T) {
	for _, lang := range Langs() {
		for _, key := range Lang(lang).Keys() {
			text := Lang(lang).Text(key)
			// The values by argument number, each of its verb's type; one English uses in its
			// place where this language leaves it out.
			vs := verbs(Lang("en").Text(key))
			for k, v := range verbs(text) {
				vs[k] = v
			}
			n := 0
			for k := range vs {
				n = max(n, int(k[0]-'0'))
			}
			args := make([]any, n)
			for i := range args {
				args[i] = "x"
				if vs[string(rune('1'+i))] == "d" {
					args[i] = 1
				}
			}
			got := Lang(lang).Textf(key, args...)
			if len(args) == 0 {
				got = Lang(lang).Note(N(key))
			}
			if strings.Contains(got, "%!") {
				t.Errorf("%s in %s: %q writes %q", key, lang, text, got)
			}
		}
	}
}
