package writer

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/xuri/excelize/v2"
)

func TestWriteCSVGolden(t *testing.T) {
	for _, lang := range i18n.Langs() {
		var b bytes.Buffer
		if err := WriteCSV(&b, writertest.Standings(), Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("..", "testdata", "writer", "standings-"+lang+".golden.csv"), b.String())
	}
}

func TestCSVFileHasBOM(t *testing.T) {
	var b bytes.Buffer
	if err := fileWriter(Standings, ".csv")(&b, writertest.Standings(), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), UTF8BOM+"Rank,") {
		t.Errorf("a .csv file starts %q, want the BOM and the header", b.String()[:10])
	}
	var plain bytes.Buffer
	if err := WriteCSV(&plain, writertest.Standings(), Options{}); err != nil {
		t.Fatal(err)
	}
	if b.String() != UTF8BOM+plain.String() {
		t.Error("the .csv file is not WriteCSV's output after a BOM")
	}
}

func TestCSVSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Alice", "Alice"},
		{"=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tTab", "'\tTab"},
		{"\rCR", "'\rCR"},
		{"-3", "-3"}, {"+1", "+1"}, {"-0.5", "-0.5"}, {"61.64%", "61.64%"}, {"-0,5", "-0,5"}, {"", ""},
		{"Łukasz", "Łukasz"}, {"王小明", "王小明"},
	}
	for _, tt := range tests {
		if got := CSVSafe(tt.in); got != tt.want {
			t.Errorf("csvSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCSVInjectedNames writes players whose names are formulas and checks that every such
// cell comes out defused, whatever column it lands in.
func TestCSVInjectedNames(t *testing.T) {
	ev := writertest.SmallEvent()
	ev.Players[0].Name, ev.Players[1].ID = "=1+1", "@cmd"
	st := writertest.Compute(ev, calc.Options{})
	st.Rows[0].Note = i18n.N("text", "-drop table")
	var b bytes.Buffer
	if err := WriteCSV(&b, st, Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	records, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range records {
		for _, cell := range rec {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) && !plainNumber.MatchString(cell) {
				t.Errorf("cell %q is live", cell)
			}
		}
	}
	if !strings.Contains(out, "'=1+1") {
		t.Errorf("the formula name is missing:\n%s", out)
	}
}

// TestIDColumn: the ID column is written only when the input has ids of its own; readers of
// inputs without ids use the name, and a column repeating the names is left out, in the CSV
// and the workbook's Standings sheet alike.
func TestIDColumn(t *testing.T) {
	withIDs := writertest.Standings()
	withoutIDs := writertest.Standings()
	for i := range withoutIDs.Event.Players {
		withoutIDs.Event.Players[i].ID = withoutIDs.Event.Players[i].Name
	}
	for _, tt := range []struct {
		name string
		st   *calc.Standings
		want bool
	}{{"ids", withIDs, true}, {"names as ids", withoutIDs, false}} {
		var b bytes.Buffer
		if err := WriteCSV(&b, tt.st, Options{}); err != nil {
			t.Fatal(err)
		}
		header, err := csv.NewReader(&b).Read()
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(header, "ID"); got != tt.want {
			t.Errorf("%s: CSV header %q has ID: %v, want %v", tt.name, header, got, tt.want)
		}
		var x bytes.Buffer
		if err := fileWriter(Standings, ".xlsx")(&x, tt.st, Options{Now: writertest.Now}); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&x)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows(SheetNamesFor("en").standings)
		f.Close()
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: Standings sheet: %v", tt.name, err)
		}
		if got := slices.Contains(rows[0], "ID"); got != tt.want {
			t.Errorf("%s: Standings header %q has ID: %v, want %v", tt.name, rows[0], got, tt.want)
		}
	}
}

// TestCSVSeparator: --csv-sep ';' writes what European Excel opens in columns, numbers with a
// decimal comma; a tab separates without touching numbers; the fields are the same.
func TestCSVSeparator(t *testing.T) {
	st := writertest.PresetStandings(24, 4, 3, false)[0] // Magic, percentages
	read := func(sep rune) [][]string {
		t.Helper()
		var b bytes.Buffer
		if err := WriteCSV(&b, st, Options{CSVSep: sep}); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(&b)
		if sep != 0 {
			r.Comma = sep
		}
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	comma, semicolon, tab := read(0), read(';'), read('\t')
	decimals := 0
	for i := range comma {
		for j := range comma[i] {
			if tab[i][j] != comma[i][j] {
				t.Errorf("row %d field %d: %q with tabs, %q with commas", i, j, tab[i][j], comma[i][j])
			}
			want := comma[i][j]
			if i > 0 && plainNumber.MatchString(want) {
				want = strings.Replace(want, ".", ",", 1)
			}
			if semicolon[i][j] != want {
				t.Errorf("row %d field %d: %q with ';', want %q", i, j, semicolon[i][j], want)
			}
			if want != comma[i][j] {
				decimals++
			}
		}
	}
	if decimals == 0 {
		t.Error("no decimal was written with a comma")
	}
}

// TestRowNoteTranslated: the Note column (CSV, XLSX) is in the output's language: calc's
// English note in English, and in Chinese and Japanese the same facts — the playoff finish,
// the players tied on every key — with no English word left, and a note exactly where calc
// writes one.
func TestRowNoteTranslated(t *testing.T) {
	all := append(writertest.PresetStandings(24, 5, 3, false), finalStandings())
	notes := 0
	for _, st := range all {
		for i := range st.Rows {
			r := &st.Rows[i]
			for _, lang := range []string{"zh", "ja"} {
				got := i18n.Lang(lang).Note(r.Note)
				if (got == "") != r.Note.IsZero() {
					t.Errorf("%s, %s: %q for calc's %v", lang, st.System.Name, got, r.Note)
				}
				rest := got
				for _, p := range st.Event.Players {
					rest = strings.ReplaceAll(rest, p.Name, "")
				}
				if strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyz") {
					t.Errorf("%s, %s: %q is not translated (in English %q)", lang, st.System.Name, got, i18n.Lang("en").Note(r.Note))
				}
				if got != "" {
					notes++
				}
			}
		}
	}
	if notes == 0 {
		t.Error("no row has a note: the test checks nothing")
	}
	var b strings.Builder
	if err := WriteCSV(&b, finalStandings(), Options{Lang: "zh"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), ",冠军\n") || strings.Contains(b.String(), "winner") {
		t.Errorf("the zh CSV's notes:\n%s", b.String())
	}
}
