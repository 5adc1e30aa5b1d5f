package writer

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// SortByName returns 0 … n−1 in the order of the names of the players who(i) returns, under
// lang's collation; by family name with family (see familyKey). Players of the same name
// keep their order.
func SortByName(n int, who func(i int) *tbsheet.Player, lang string, family bool) []int {
	tag := language.Und
	if lang != "" {
		tag = language.Make(lang)
	}
	c := collate.New(tag)
	key := func(p *tbsheet.Player) []string { return []string{p.Name} }
	if family {
		key = familyKey
	}
	keys := make([][]string, n)
	idx := make([]int, n)
	for i := range n {
		keys[i], idx[i] = key(who(i)), i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		for k, ka := range keys[idx[a]] {
			if d := c.CompareString(ka, keys[idx[b]][k]); d != 0 {
				return d < 0
			}
		}
		return false
	})
	return idx
}

// familyKey is what a player sorts by in the list by family name: the family name, the given
// name, then the whole name. A player without separate names is split as the name reads:
// "Murphy, Grace" at the comma; "Grace Murphy" at the last word; a name whose first word is
// Chinese, Japanese or Korean (王小明, 佐藤 健太) is written family name first and sorts as
// it is.
func familyKey(p *tbsheet.Player) []string {
	family, given := p.Family, p.Given
	switch last, first, comma := strings.Cut(p.Name, ","); {
	case family != "" || given != "":
		if family == "" { // a player known by a given name alone ("Sam") sorts by it
			family = given
		}
	case comma:
		family, given = strings.TrimSpace(last), strings.TrimSpace(first)
	case writtenFamilyFirst(p.Name):
		family = p.Name
	default:
		words := strings.Fields(p.Name)
		if len(words) > 0 {
			family, given = words[len(words)-1], strings.Join(words[:len(words)-1], " ")
		}
	}
	return []string{family, given, p.Name}
}

// writtenFamilyFirst reports whether s starts with a Han, kana or Hangul character.
func writtenFamilyFirst(s string) bool {
	for _, r := range s {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	}
	return false
}

// SortsByFamily reports whether a list by name sorts by family name: the organizer asked for it
// (Options.ByFamily), or some player's family name is known apart from the given name.
func SortsByFamily(st *calc.Standings, opt Options) bool {
	return opt.ByName && (opt.ByFamily || slices.ContainsFunc(st.Rows, func(r calc.Row) bool {
		return st.Event.Players[r.Player].Family != ""
	}))
}

// OrderLabel is the label key saying how a list is sorted: by rank, by name or by family
// name.
func OrderLabel(st *calc.Standings, opt Options) string {
	switch {
	case SortsByFamily(st, opt):
		return "by-family"
	case opt.ByName:
		return "by-name"
	}
	return "by-rank"
}
