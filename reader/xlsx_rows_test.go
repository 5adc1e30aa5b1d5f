package reader

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// readBothWays reads a workbook with the row scanner and with the decoder alone, and fails
// when the events, notes or errors differ.
func readBothWays(t *testing.T, name string, data []byte) {
	t.Helper()
	read := func(scan bool) (*tbsheet.Event, string) {
		defer func(was bool) { scanSheets = was }(scanSheets)
		scanSheets = scan
		ev, err := ReadBytes(data, name, "xlsx", Options{})
		return ev, fmt.Sprint(err)
	}
	fast, fastErr := read(true)
	slow, slowErr := read(false)
	if !reflect.DeepEqual(fast, slow) || fastErr != slowErr {
		t.Errorf("%s: the scanner reads\n%.3000v\n%s\nthe decoder\n%.3000v\n%s", name, fast, fastErr, slow, slowErr)
	}
}

func TestScannedRowsAreTheDecoders(t *testing.T) {
	var files []string
	for _, glob := range []string{"../testdata/handkept/*.xlsx", "../samples/*.xlsx", "../templates/*.xlsx"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d workbooks found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		readBothWays(t, f, data)
	}
}

// TestScannerGivesUp edits a workbook's sheet into what the scanner does not take (and into
// damage) and checks that every edit reads as the decoder reads it.
func TestScannerGivesUp(t *testing.T) {
	ev := swissgen.Generate(swissgen.Realistic(24, 3, 1))
	data, err := workbookBytes(sheet{name: "Matches", rows: enMatchList.matchRows(ev, ev.Rounds)})
	if err != nil {
		t.Fatal(err)
	}
	var sheetXML string
	if err := rewriteZipParts(data, func(part string, b []byte) {
		if part == "xl/worksheets/sheet1.xml" {
			sheetXML = string(b)
		}
	}); err != nil || sheetXML == "" {
		t.Fatal("no sheet1.xml", err)
	}
	row := func(n int) string { return fmt.Sprintf(`<row r="%d"`, n) }
	edits := map[string]func(string) string{
		"as written":         func(s string) string { return s },
		"line breaks":        func(s string) string { return strings.ReplaceAll(s, "<row", "\n<row") },
		"line break late":    func(s string) string { return strings.Replace(s, row(20), "\n"+row(20), 1) },
		"blanks":             func(s string) string { return strings.ReplaceAll(s, "<c ", " <c  ") },
		"entities":           func(s string) string { return strings.ReplaceAll(s, "2-1", "2&#45;1&amp;&lt;&#x41;") },
		"bad entity":         func(s string) string { return strings.Replace(s, "0-2", "0&bogus;2", 1) },
		"control entity":     func(s string) string { return strings.Replace(s, "0-2", "0&#1;2", 1) },
		"newline entity":     func(s string) string { return strings.Replace(s, "0-2", "0&#10;2", 1) },
		"comment":            func(s string) string { return strings.Replace(s, row(9)+">", row(9)+"><!-- x -->", 1) },
		"rich text":          func(s string) string { return strings.Replace(s, "<is><t>", "<is><r><t>A</t></r><t>", 3) },
		"prefixed r":         func(s string) string { return strings.Replace(s, `<c r="B7"`, `<c x:r="B7"`, 1) },
		"cells out of order": func(s string) string { return strings.Replace(s, `<c r="B7"`, `<c r="A7"`, 1) },
		"unknown element":    func(s string) string { return strings.Replace(s, row(5)+">", row(5)+"><x/>", 1) },
		"cut short":          func(s string) string { return s[:strings.Index(s, row(15))+40] },
		"mismatched":         func(s string) string { return strings.Replace(s, "</v></c>", "</v></d>", 1) },
		"empty sheet data": func(s string) string {
			return s[:strings.Index(s, "<sheetData>")] + "<sheetData/>" + s[strings.Index(s, "</sheetData>")+12:]
		},
		"empty row":      func(s string) string { return strings.Replace(s, row(6)+">", row(6)+"/>"+row(6)+">", 1) },
		"bad row number": func(s string) string { return strings.Replace(s, row(8), `<row r="x"`, 1) },
		"bad shared string": func(s string) string {
			return strings.Replace(s, `<c r="C4" t="inlineStr"><is><t>`, `<c r="C4" t="s"><v>99</v><is><t>`, 1)
		},
		"formula":              func(s string) string { return strings.Replace(s, "<v>1</v>", "<f>1+0</f><v>1</v>", 2) },
		"shared formula":       func(s string) string { return strings.Replace(s, "<v>1</v>", `<f t="shared" si="0"/>`, 2) },
		"invalid UTF-8":        func(s string) string { return strings.Replace(s, "0-2", "0\xff2", 1) },
		"unquoted attribute":   func(s string) string { return strings.Replace(s, `r="B9"`, `r=B9`, 1) },
		"attribute entity":     func(s string) string { return strings.Replace(s, `r="B9"`, `r="&#66;9"`, 1) },
		"UTF-16 declared":      func(s string) string { return strings.Replace(s, `encoding="UTF-8"`, `encoding="UTF-16"`, 1) },
		"empty value":          func(s string) string { return strings.Replace(s, "<v>1</v>", "<v/>", 3) },
		"text between cells":   func(s string) string { return strings.Replace(s, "</c><c", "</c>x<c", 3) },
		"greater-than in text": func(s string) string { return strings.Replace(s, "0-2", "0>2", 1) },
	}
	for name, edit := range edits {
		t.Run(name, func(t *testing.T) {
			book, err := patchZipPart(data, "xl/worksheets/sheet1.xml", []byte(edit(sheetXML)))
			if err != nil {
				t.Fatal(err)
			}
			readBothWays(t, name, book)
		})
	}
}

// FuzzScannedSheet holds the row scanner to the decoder on any sheet.
func FuzzScannedSheet(f *testing.F) {
	fuzzSheet(f, []string{"matchlist-en.xlsx", "formulas.xlsx", "messy.xlsx", "matchlist-ja.xlsx"}, func(t *testing.T, data []byte) {
		readBothWays(t, "f.xlsx", data)
	})
}
