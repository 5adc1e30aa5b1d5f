package standingsheet

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// FuzzWriters feeds arbitrary player and event names (emoji, characters beyond the Basic
// Multilingual Plane, control and invisible characters, invalid UTF-8, formulas, very long
// strings) into every standings writer (XLSX, PDF, CSV, JSON), the terminal table and the
// explain output, in every language and both orders. None may panic; each must write its
// output, so that one odd name never costs the organizer the others (issue 10: a 🐉 in a
// name crashed fpdf and every output was lost).
func FuzzWriters(f *testing.F) {
	for _, seed := range [][2]string{
		{"Dragon 🐉 Slayer", "Friday 🎴 Magic"}, {"𠮷田 太郎", "大会"}, {"=HYPERLINK(\"x\")", "-1"},
		{"\x00\x1b[31m\u202eevil", "\ufeff"}, {"bad \xff\xfe utf-8", "\xc3"}, {"👨\u200d👩\u200d👧 👍🏽", ""},
		{"Maximiliano Alejandro de la Santísima Trinidad Wolfeschlegelsteinhausenbergerdorff", "FNM — Modern"},
	} {
		f.Add(seed[0], seed[1], uint8(0))
	}
	writers := Standings.Exts()
	f.Fuzz(func(t *testing.T, name, event string, opts uint8) {
		ev := writertest.SmallEvent()
		ev.Players[int(opts)%len(ev.Players)].Name = name
		ev.Players[(int(opts)+3)%len(ev.Players)].ID = name
		ev.Name = event
		st, err := calc.Compute(ev, calc.Options{System: "mtg"})
		if err != nil {
			t.Skip() // a name the model refuses (two players of one name) is the readers' to report
		}
		langs := i18n.Langs()
		opt := writer.Options{Now: writertest.Now, Lang: langs[int(opts/2)%len(langs)], ByName: opts%2 == 1, Cut: int(opts % 5)}
		for _, ext := range writers {
			var b bytes.Buffer
			if err := fileWriter(ext)(&b, st, opt); err != nil || b.Len() == 0 {
				t.Errorf("%s: %v (%d bytes)", ext, err, b.Len())
			}
		}
		var b bytes.Buffer
		if err := WriteTable(&b, st, opt); err != nil {
			t.Errorf("table: %v", err)
		}
		for row := range st.Rows {
			if st.Event.Players[st.Rows[row].Player].Name == name {
				if err := WriteExplain(&b, st, row, opt); err != nil {
					t.Errorf("explain: %v", err)
				}
			}
		}
	})
}
