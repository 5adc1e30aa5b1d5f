package reader

import "github.com/tbsheet/tbsheet/i18n"

// en writes a reader's notes or warnings in English, as the terminal prints them.
func en(notes []i18n.Note) []string { return i18n.Lang("en").Notes(notes) }
