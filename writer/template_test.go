package writer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/handkept"
	"github.com/xuri/excelize/v2"
)

func TestWriteTemplate(t *testing.T) {
	for _, lang := range Langs() {
		var b bytes.Buffer
		if err := WriteTemplate(&b, 0, Options{Lang: lang, Now: testNow}); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		sheets := f.GetSheetList()
		if len(sheets) != DefaultTemplateRounds+2 {
			t.Fatalf("%s: sheets %q", lang, sheets)
		}
		if handkept.SheetKind(sheets[0]) != "players" {
			t.Errorf("%s: first sheet %q is not a Players sheet to the hand-kept reader", lang, sheets[0])
		}
		for n := 1; n <= DefaultTemplateRounds; n++ {
			if got, ok := handkept.RoundSheetNumber(sheets[n]); !ok || got != n {
				t.Errorf("%s: sheet %q reads as round %d, %v; want %d", lang, sheets[n], got, ok, n)
			}
		}
		checkHeader(t, f, sheets[0], playersKeys)
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
		instr, _ := f.GetCellValue(sheets[len(sheets)-1], "A1")
		if instr != instructions[0] {
			t.Errorf("%s: instructions start %q", lang, instr)
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
	if err := WriteTemplate(&b, 12, Options{Lang: "ja"}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 14 || got[12] != "第12回戦" {
		t.Errorf("sheets %q", got)
	}
	for _, n := range []int{-1, 100} {
		if err := WriteTemplate(&bytes.Buffer{}, n, Options{}); err == nil {
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
