package writer

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// TestTableNoEscapes: whatever a name, the title or a note holds, the terminal table sends no
// control character but line ends and no bidirectional control: nothing from an input can
// clear the screen, retitle the window or reorder a line. (Readers refuse such names; the
// table must not rely on it.)
func TestTableNoEscapes(t *testing.T) {
	st := testStandings()
	hostile := []string{"Ann\x1b[2J\x1b[H", "Bob\x1b]0;pwned\x07", "Eve\u202etxt.exe", "Dee\u009b31m", "Tab\there\r\nnext"}
	for i, name := range hostile {
		st.Event.Players[st.Rows[i].Player].Name = name
	}
	st.Event.Name = "Title\x1b[5m"
	st.Notes = append(st.Notes, i18n.N("note.unreported", 1, "Ann", "Red\x1b[31m"))
	var b strings.Builder
	if err := WriteTable(&b, st, Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	noEscapes(t, "the table", out)
	if !strings.Contains(out, "Ann␛[2J␛[H") {
		t.Errorf("the name is not shown with visible escapes:\n%s", out)
	}
}

// TestScenariosTableNoEscapes: the scenarios table, like the standings table, sends no control
// or bidirectional character from a name or the event's title (every part of it names
// players: rows, conditions, tables, notes).
func TestScenariosTableNoEscapes(t *testing.T) {
	rep := testScenarios(t)
	hostile := []string{"Ann\x1b[2J\x1b[H", "Bob\x1b]0;pwned\x07", "Eve\u202etxt.exe", "Dee\u009b31m"}
	for i, name := range hostile {
		rep.Event.Players[i].Name = name
	}
	rep.Event.Name = "Title\x1b[5m"
	var b strings.Builder
	if err := WriteScenariosTable(&b, rep, Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	noEscapes(t, "the scenarios table", out)
	if !strings.HasPrefix(out, "Title␛[5m · ") {
		t.Errorf("the title is not shown with visible escapes:\n%s", out)
	}
}

// TestTerminalTitlesPlain: the title line of every terminal table (standings, pairings,
// scenarios) names the game in the output's language, without the rules reference of the
// system's title ("Magic: The Gathering (MTR App. C)"), which is for `tbsheet systems`.
func TestTerminalTitlesPlain(t *testing.T) {
	st, p, rep := testStandings(), testPairings(t), testScenarios(t)
	for _, lang := range Langs() {
		opt := Options{Lang: lang}
		outs := map[string]func(*strings.Builder) error{
			"standings": func(b *strings.Builder) error { return WriteTable(b, st, opt) },
			"pairings":  func(b *strings.Builder) error { return WritePairingsTable(b, p, BothLists, opt) },
			"scenarios": func(b *strings.Builder) error { return WriteScenariosTable(b, rep, opt) },
		}
		for name, write := range outs {
			var b strings.Builder
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			title, _, _ := strings.Cut(b.String(), "\n")
			if strings.Contains(title, "MTR") || !strings.HasSuffix(title, " · "+GameName(st, lang)) {
				t.Errorf("%s, %s: title %q, want it to end with %q", name, lang, title, GameName(st, lang))
			}
		}
	}
}

// noEscapes fails t for each control or bidirectional character of out but its line ends:
// what a terminal would act on rather than show.
func noEscapes(t *testing.T, what, out string) {
	t.Helper()
	for _, r := range out {
		if r != '\n' && (tbsheet.IsControl(r) || tbsheet.IsBidiControl(r)) {
			t.Errorf("%s holds %U:\n%s", what, r, out)
		}
	}
}
