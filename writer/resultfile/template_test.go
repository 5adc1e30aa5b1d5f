package resultfile

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

func TestWriteTemplate(t *testing.T) {
	for _, lang := range i18n.Langs() {
		var b bytes.Buffer
		if err := WriteTemplate(&b, 0, "", writer.Options{Lang: lang, Now: writertest.Now}); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		sheets := f.GetSheetList()
		if len(sheets) != DefaultTemplateRounds+3 {
			t.Fatalf("%s: sheets %q", lang, sheets)
		}
		// The Event sheet comes first and is open: the event's name, date and system, blank,
		// and its rounds, with a hint after each; the workbook itself has no title to be taken
		// for the name.
		if handkept.SheetKind(sheets[0]) != "event" || f.GetActiveSheetIndex() != 0 {
			t.Errorf("%s: first sheet %q is not the open Event sheet", lang, sheets[0])
		}
		event, _ := f.GetRows(sheets[0])
		for i, key := range []string{"name", "date", "system", "rounds"} {
			want := map[string]string{"rounds": strconv.Itoa(DefaultTemplateRounds)}[key]
			if len(event) <= i || handkept.EventFieldKey(event[i][0]) != key || len(event[i]) != 3 ||
				event[i][1] != want || !strings.HasPrefix(event[i][2], "← ") {
				t.Errorf("%s: Event sheet row %d %q, want %s, %q and a hint", lang, i+1, event, key, want)
			}
		}
		for _, cell := range []string{"B1", "B2"} { // a date stays as typed
			id, _ := f.GetCellStyle(sheets[0], cell)
			if st, err := f.GetStyle(id); err != nil || st.NumFmt != 49 {
				t.Errorf("%s: %s!%s is not a text cell", lang, sheets[0], cell)
			}
		}
		if p, err := f.GetDocProps(); err != nil || p.Title != "" {
			t.Errorf("%s: the workbook's title is %q (%v)", lang, p.Title, err)
		}
		sheets = sheets[1:]
		if handkept.SheetKind(sheets[0]) != "players" {
			t.Errorf("%s: first sheet %q is not a Players sheet to the hand-kept reader", lang, sheets[0])
		}
		for n := 1; n <= DefaultTemplateRounds; n++ {
			if got, ok := handkept.RoundSheetNumber(sheets[n]); !ok || got != n {
				t.Errorf("%s: sheet %q reads as round %d, %v; want %d", lang, sheets[n], got, ok, n)
			}
		}
		checkHeader(t, f, sheets[0], writer.PlayersKeys)
		checkHeader(t, f, sheets[1], []string{"table", "p1", "p2", "result"})
		rows, err := f.GetRows(sheets[0])
		if err != nil || len(rows) != 1 {
			t.Errorf("%s: the Players sheet has %d rows (%v), want only the header", lang, len(rows), err)
		}
		dvs, err := f.GetDataValidations(sheets[1])
		if err != nil || len(dvs) != 2 {
			t.Fatalf("%s: validations %v, %v", lang, dvs, err)
		}
		for _, dv := range dvs {
			if strings.HasPrefix(dv.Sqref, "D2") && (dv.ErrorStyle == nil || *dv.ErrorStyle != "warning") {
				t.Errorf("%s: the Result validation blocks other values", lang)
			}
		}
		// Excel keeps typed results as text: 2-1 must not become the 1st of February.
		checkTextColumn(t, f, sheets[1], "D")
		checkTextColumn(t, f, sheets[0], "B")
		// The instructions are in every language, the chosen one first.
		instr, _ := f.GetCols(sheets[len(sheets)-1])
		var want []string
		for _, l := range i18n.Langs() {
			if l != lang {
				want = append(want, "", writer.Label(l, "template.howto.0"))
			}
		}
		if len(instr) != 1 || instr[0][0] != writer.Label(lang, "template.howto.0") || !slices.Contains(instr[0], want[1]) || !slices.Contains(instr[0], want[3]) {
			t.Errorf("%s: instructions %q", lang, instr)
		}
		// They name the Event sheet's System row: an organizer of another game learns there
		// that an empty one ranks by Magic's rules.
		if sys := handkept.EventFieldLabel("system", lang); !strings.Contains(writer.Label(lang, "template.howto.1"), sys) {
			t.Errorf("%s: the Event sheet's instructions do not name %s: %q", lang, sys, writer.Label(lang, "template.howto.1"))
		}
		f.Close()
	}
}

func checkHeader(t *testing.T, f *excelize.File, sheet string, keys []string) {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", sheet, err)
	}
	for i, k := range keys {
		if i >= len(rows[0]) || handkept.ColumnKey(rows[0][i]) != k {
			t.Errorf("%s header %q does not read as %v", sheet, rows[0], keys)
			return
		}
	}
}

func checkTextColumn(t *testing.T, f *excelize.File, sheet, col string) {
	t.Helper()
	id, err := f.GetColStyle(sheet, col)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := f.GetStyle(id); err != nil || s.NumFmt != 49 {
		t.Errorf("%s column %s is not a text column (format %d, %v)", sheet, col, s.NumFmt, err)
	}
}

func TestWriteTemplateRounds(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTemplate(&b, 12, "pokemon", writer.Options{Lang: "ja"}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 15 || got[13] != "第12回戦" {
		t.Errorf("sheets %q", got)
	}
	for _, n := range []int{-1, 100} {
		if err := WriteTemplate(&bytes.Buffer{}, n, "", writer.Options{}); err == nil {
			t.Errorf("%d rounds accepted", n)
		}
	}
}

// TestResultChoices checks the Result dropdown: every entry is a result tbsheet reads, every
// form tbsheet documents is offered, and the list fits Excel's 255 characters.
func TestResultChoices(t *testing.T) {
	choices := resultChoices()
	if n := len([]rune(strings.Join(choices, ","))); n > 255 {
		t.Errorf("the dropdown is %d characters long", n)
	}
	for _, c := range choices {
		_, _, err1 := handkept.ParseResultCell(c, true)
		_, _, err2 := handkept.ParseResultCell(c, false)
		if err1 != nil && err2 != nil {
			t.Errorf("%q is offered but not read: %v", c, err1)
		}
	}
	for _, f := range handkept.ResultForms() {
		if !strings.Contains(","+strings.Join(choices, ",")+",", ","+f+",") {
			t.Errorf("%q is not offered", f)
		}
	}
}

// TestTemplateInstructionsKnown: the Instructions sheet the template writes in each language
// is one tbsheet's reader knows and skips without a note.
func TestTemplateInstructionsKnown(t *testing.T) {
	for _, lang := range i18n.Langs() {
		if name := writer.Label(lang, "sheet.instructions"); handkept.SheetKind(name) != "instructions" {
			t.Errorf("%s: the template's %q is not an instructions sheet to the reader", lang, name)
		}
	}
}
