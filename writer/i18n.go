package writer

import (
	"github.com/tbsheet/tbsheet/i18n"
)

// The words printed for people are package i18n's catalogue; these name its lookups the
// way every writer calls them, by the --lang value as given.

// Label returns the word for key in lang as every output prints it ("rank" → "Rank"),
// falling back to English, then to the key itself.
func Label(lang, key string) string { return i18n.Of(lang).Text(key) }

// Labelf formats a label that holds verbs ("drop R%d", "web.updated" → "Updated %s").
func Labelf(lang, key string, args ...any) string { return i18n.Of(lang).Textf(key, args...) }

// Colon is the separator after a legend key or a name: a full-width colon in Chinese and
// Japanese.
func Colon(lang string) string { return i18n.Of(lang).Colon() }

// ListWords joins words as a list in lang: "A, B and C", "A、B、C".
func ListWords(lang string, words []string) string { return i18n.Of(lang).List(words) }
