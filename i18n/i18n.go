// Package i18n holds every word tbsheet prints for people, in every language it writes: one
// catalogue (catalogue.csv, a row per key and a column per language), a Lang that knows its
// words and its punctuation, and Note, a sentence handed over as data (a key and its values)
// that each Lang renders. Packages that compute (calc, scenario, season) hand over Notes;
// the writers and the pages render them. The package imports nothing of tbsheet's.
package i18n

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A translator edits catalogue.csv in a spreadsheet: a new language is a new column and its
// code in langs. TestCatalogue checks that every row has every language, with the same
// formatting verbs in each.

//go:embed catalogue.csv
var catalogueCSV string

// langs are the languages tbsheet writes, English (the fallback) first.
var langs = []string{"en", "zh", "ja"}

// words holds the catalogue by language, then key.
var words = func() map[string]map[string]string {
	rows, err := csv.NewReader(strings.NewReader(catalogueCSV)).ReadAll()
	if err != nil || len(rows) == 0 || !slices.Equal(rows[0][1:], langs) {
		panic(fmt.Sprintf("i18n: catalogue.csv: want the columns key,%s: %v", strings.Join(langs, ","), err))
	}
	m := map[string]map[string]string{}
	for _, l := range langs {
		m[l] = map[string]string{}
	}
	for _, row := range rows[1:] {
		for i, l := range langs {
			if row[i+1] != "" {
				m[l][row[0]] = row[i+1]
			}
		}
	}
	return m
}()

// Langs lists the codes of the languages tbsheet writes ("en", "zh", "ja"), English first.
func Langs() []string { return slices.Clone(langs) }

// Lang is a language tbsheet writes, by its code: it knows its words and its punctuation. A
// code tbsheet does not know writes English.
type Lang string

// Of returns the language of a code as typed ("ZH" is zh).
func Of(code string) Lang { return Lang(strings.ToLower(code)) }

// Has reports whether the catalogue holds key in l itself.
func (l Lang) Has(key string) bool {
	_, ok := words[string(l)][key]
	return ok
}

// Text returns the word for key in l, falling back to English, then to the key itself.
func (l Lang) Text(key string) string {
	if s, ok := words[string(l)][key]; ok {
		return s
	}
	if s, ok := words["en"][key]; ok {
		return s
	}
	return key
}

// Textf formats the entry for key, which holds verbs ("drop R%d"), with args.
func (l Lang) Textf(key string, args ...any) string {
	return fmt.Sprintf(l.Text(key), args...)
}

// Name is the language's name in itself ("日本語"), for a link that offers it.
func (l Lang) Name() string { return l.Text("lang.name") }

// Colon is the separator after a legend key or a name: ": ", a full-width colon in Chinese
// and Japanese.
func (l Lang) Colon() string { return l.Text("colon") }

// List joins words as a list: "A, B and C", "A、B、C".
func (l Lang) List(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], l.Text("list-sep")) + l.Text("and") + words[len(words)-1]
}

// MaxNamed is the most names a list of names (Names) writes out. A longer list names the
// first MaxNamed−1 and counts the others ("A, B, C and 37 others"), so that a note shared by
// every member of a large tied group stays short: the output of an event grows with its
// players, not with the square of its largest group.
const MaxNamed = 4

// plural returns the key of n's form of an entry with forms (key.one, key.other): the
// catalogue's "plural.one" is the count that takes the first form in l. Chinese and Japanese
// nouns have no plural, but a form may still say more ("each") for more than one.
func (l Lang) plural(key string, n int64) string {
	if l.Text("plural.one") == strconv.FormatInt(n, 10) {
		return key + ".one"
	}
	return key + ".other"
}

// Keys lists the keys the catalogue holds in l itself, sorted: for tests that check every
// entry (that the fonts draw each).
func (l Lang) Keys() []string {
	keys := make([]string, 0, len(words[string(l)]))
	for k := range words[string(l)] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
