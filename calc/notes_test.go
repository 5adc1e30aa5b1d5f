package calc

import "github.com/tbsheet/tbsheet/i18n"

// en writes a note in English, as the tests compare them.
func en(n i18n.Note) string { return i18n.Lang("en").Note(n) }

// enNotes writes notes in English.
func enNotes(ns []i18n.Note) []string { return i18n.Lang("en").Notes(ns) }

// fullText is a figure's arithmetic and value, then its note in English: what a writer
// prints for it in English.
func fullText(d *Def, f Figure) string {
	s := d.Text(f)
	if !f.Explain.Note.IsZero() {
		s += " — " + en(f.Explain.Note)
	}
	return s
}
