package i18n

import (
	"fmt"
	"strings"
)

// Note is a sentence handed over as data: the catalogue's key of its words and the values
// they are written with. A value is a number (an int of any size), a string written as it
// is (a player's name, a figure), a Note (a word or a sentence of the catalogue, written in
// the same language: a result, a round, a reason), a list of Notes ([]Note, written as a
// list) or Names (players' names written as a list).
//
// An entry with forms for a count has a row per form, key.one and key.other: the note's
// first number chooses the form.
type Note struct {
	Key  string
	Args []any
}

// N makes a note of the catalogue's key with its values.
func N(key string, args ...any) Note { return Note{Key: key, Args: args} }

// IsZero reports whether n is no note.
func (n Note) IsZero() bool { return n.Key == "" }

// Names are players' names written as a list: all of them up to MaxNamed, else the first
// MaxNamed−1 and a count of the others. List holds the first names, at least
// min(Total, MaxNamed) of them; Total is how many the list stands for.
type Names struct {
	List  []string
	Total int
}

// Some is a list of which only the first items are written, then a count of the others
// ("Ann 3, Bob 2½ and 4 others"): Items are values of a note, Total how many the list holds.
type Some struct {
	Items []any
	Total int
}

// joinKeys are the keys of notes that join their values (Notes) with a separator instead of
// formatting them: the key's entry is the separator.
var joinKeys = map[string]bool{"sep.notes": true, "list-sep": true, "sep.then": true}

// Join makes one note of several, each written in turn and separated by sep's entry:
// "sep.notes" ("; "), "list-sep" (", ") or "sep.then" ("; then "). Zero notes are left
// out; one note is itself.
func Join(sep string, notes ...Note) Note {
	var parts []any
	for _, n := range notes {
		if !n.IsZero() {
			parts = append(parts, n)
		}
	}
	switch len(parts) {
	case 0:
		return Note{}
	case 1:
		return parts[0].(Note)
	}
	return Note{Key: sep, Args: parts}
}

// Note writes n in l.
func (l Lang) Note(n Note) string {
	if n.IsZero() {
		return ""
	}
	if joinKeys[n.Key] {
		parts := make([]string, len(n.Args))
		for i, a := range n.Args {
			parts[i] = l.value(a)
		}
		return strings.Join(parts, l.Text(n.Key))
	}
	key := n.Key
	if !l.Has(key) && !Lang("en").Has(key) {
		if c, ok := firstCount(n.Args); ok {
			key = l.plural(key, c)
		}
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		switch a.(type) {
		case Note, []Note, Names, Some:
			args[i] = l.value(a)
		default:
			args[i] = a
		}
	}
	format := l.Text(key)
	if !strings.Contains(strings.ReplaceAll(format, "%%", ""), "%") {
		return strings.ReplaceAll(format, "%%", "%") // a form that writes no value ("without the lowest")
	}
	return fmt.Sprintf(format, args...)
}

// Notes writes each of notes in l.
func (l Lang) Notes(notes []Note) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = l.Note(n)
	}
	return out
}

// value writes one value of a note in l.
func (l Lang) value(a any) string {
	switch v := a.(type) {
	case Note:
		return l.Note(v)
	case []Note:
		return l.List(l.Notes(v))
	case Names:
		if v.Total <= MaxNamed {
			return l.List(v.List[:v.Total])
		}
		return l.Textf("names.others", strings.Join(v.List[:MaxNamed-1], l.Text("list-sep")), v.Total-MaxNamed+1)
	case Some:
		parts := make([]string, len(v.Items))
		for i, item := range v.Items {
			parts[i] = l.value(item)
		}
		text := strings.Join(parts, l.Text("list-sep"))
		if more := v.Total - len(v.Items); more > 0 {
			text = l.Note(N("x.and-more", more, text))
		}
		return text
	}
	return fmt.Sprint(a)
}

// firstCount returns a note's first number, which chooses the form of an entry with forms.
func firstCount(args []any) (int64, bool) {
	for _, a := range args {
		switch v := a.(type) {
		case int:
			return int64(v), true
		case int64:
			return v, true
		case int32:
			return int64(v), true
		}
	}
	return 0, false
}
