package writer

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
)

// The words printed for people (headers, legends, titles, the pages' words) are one
// catalogue, catalogue.csv: a row per key, a column per language (key, en, zh, ja), so that
// a translator edits one file in a spreadsheet and a new language is a new column (and its
// entry in langs and in the punctuation of [colon] and [listWords]). TestCatalogue checks
// that every row has every language and the same formatting verbs in each.

//go:embed catalogue.csv
var catalogueCSV string

// labels holds the catalogue by language, then key.
var labels = func() map[string]map[string]string {
	rows, err := csv.NewReader(strings.NewReader(catalogueCSV)).ReadAll()
	if err != nil || len(rows) == 0 || !slices.Equal(rows[0][1:], langs) {
		panic(fmt.Sprintf("writer: catalogue.csv: want the columns key,%s: %v", strings.Join(langs, ","), err))
	}
	m := map[string]map[string]string{}
	for _, l := range langs {
		m[l] = map[string]string{}
	}
	for _, row := range rows[1:] {
		for i, l := range langs {
			if row[i+1] != "" { // an empty cell is a word calc writes in English (rowNote)
				m[l][row[0]] = row[i+1]
			}
		}
	}
	return m
}()

// langs are the supported --lang values, English (the fallback) first.
var langs = []string{"en", "zh", "ja"}

// Langs lists the supported --lang values.
func Langs() []string { return slices.Clone(langs) }

// LangName is a language's name in itself ("日本語"), for a link that offers it.
func LangName(lang string) string { return label(lang, "lang.name") }

// label returns the word for key in lang, falling back to English, then to the key itself.
func label(lang, key string) string {
	if s, ok := labels[strings.ToLower(lang)][key]; ok {
		return s
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}
