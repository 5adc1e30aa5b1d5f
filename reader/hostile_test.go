package reader

// Tests of hostile and mistaken hand-kept inputs (issue 10): names that look alike but are
// not, files cut short or damaged, text in an unknown encoding, the organizer's own slips.

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/japanese"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// TestInvisibleNames: a name written once with an invisible character (a zero-width space
// pasted with it, a bidirectional override) is the same player, with a note; a control
// character in a name is refused at its cell; a name wrapped over two lines is one line.
func TestInvisibleNames(t *testing.T) {
	const hdr = "Round,Player 1,Player 2,Result\n"
	tests := []struct {
		name, input string
		players     []string
		notes       []string
		err         string
	}{
		{"zero-width space", hdr + "1,Alice,Bob,2-0\n2,Bob,Alice\u200b,0-2\n", []string{"Alice", "Bob"},
			[]string{`r.csv: line 3: "Alice\u200b" and "Alice" (line 2) differ only by an invisible character (U+200B): read as one player, Alice`}, ""},
		{"first spelling invisible", hdr + "1,\ufeffAlice,Bob,2-0\n2,Bob,Alice,0-2\n", []string{"Alice", "Bob"},
			[]string{`r.csv: line 3: "Alice" and "\ufeffAlice" (line 2) differ only by an invisible character (U+FEFF): read as one player, Alice`}, ""},
		{"bidi override", hdr + "1,\u202eecilA,Bob,2-0\n", []string{"ecilA", "Bob"}, nil, ""},
		{"emoji joiner kept", hdr + "1,Fam 👨\u200d👩,Bob,2-0\n", []string{"Fam 👨\u200d👩", "Bob"}, nil, ""},
		{"wrapped name", hdr + "1,\"Carol\nAnn\",Bob,2-0\n2,Bob,Carol Ann,0-2\n", []string{"Carol Ann", "Bob"}, nil, ""},
		{"escape sequence", hdr + "1,Alice,Bob,2-0\n2,Bob,Mal\x1b[2Jlory,2-0\n", nil, nil,
			`r.csv:3:7: the name "Mal\x1b[2Jlory" holds a control character (U+001B) as its 4th character: retype it`},
		{"NUL", hdr + "1,Alice,Bo\x00b,2-0\n", nil, nil, `the name "Bo\x00b" holds a control character (U+0000) as its 3rd character`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(tt.input), "r.csv", "", Options{})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v\nwant %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range ev.Players {
				names = append(names, p.Name)
			}
			if !slices.Equal(names, tt.players) {
				t.Errorf("players %q, want %q", names, tt.players)
			}
			if !slices.Equal(en(ev.Notes), tt.notes) {
				t.Errorf("notes %q\nwant %q", en(ev.Notes), tt.notes)
			}
		})
	}
	// A workbook: the same, cell by cell. Excel writes a control character as _x0007_.
	data, _ := buildBook(t, testSheet{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"},
		{"n:1", "Alice", "Bob", "2-0"}, {"n:2", "Bob\u200b", "Alice", "0-2"}, {"n:3", "Bob", "Eve", "2-0"}}})
	data, err := patchZip(data, "xl/worksheets/sheet1.xml", "<t>Eve</t>", "<t>Eve_x0007_</t>")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadBytes(data, "r.xlsx", "", Options{})
	if got := listErrors(err); !strings.Contains(got, `r.xlsx: Matches!C4: the name "Eve\a" holds a control character (U+0007) as its 4th character`) {
		t.Errorf("got %s", got)
	}
}

// threeRounds is a workbook of three per-round sheets, for damaging.
func threeRounds(t *testing.T) []byte {
	hdr := []string{"Table", "Player 1", "Player 2", "Result"}
	rs := func(n string, rows ...[]string) testSheet { return testSheet{n, append([][]string{hdr}, rows...)} }
	data, _ := buildBook(t, rs("Round 1", []string{"n:1", "Alice", "Bob", "2-0"}, []string{"n:2", "Carol", "Dave", "2-0"}),
		rs("Round 2", []string{"n:1", "Alice", "Carol", "2-0"}, []string{"n:2", "Bob", "Dave", "2-0"}),
		rs("Round 3", []string{"n:1", "Alice", "Dave", "2-0"}, []string{"n:2", "Bob", "Carol", "2-0"}))
	return data
}

// editPart returns data with one part changed by edit.
func editPart(t *testing.T, data []byte, part string, edit func([]byte) []byte) []byte {
	t.Helper()
	out, err := rewriteZip(data, func(name string, b []byte) []byte {
		if name == part {
			return edit(b)
		}
		return b
	}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDamagedWorkbook: a sheet whose XML is cut short or broken, a cell that refers to a
// shared string the workbook does not hold, is an error at its place ("the workbook is
// damaged"), never a round read as unreported or a match dropped.
func TestDamagedWorkbook(t *testing.T) {
	book := threeRounds(t)
	const round3 = "xl/worksheets/sheet3.xml"
	cut := func(at string, extra int) func([]byte) []byte {
		return func(b []byte) []byte { return b[:bytes.Index(b, []byte(at))+extra] }
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"cut in a row", editPart(t, book, round3, cut(`<row r="3"`, 40)),
			`r.xlsx: Round 3!3:3: the workbook is damaged: the sheet ends in the middle (the file is cut short) after row 2, and what follows is lost`},
		{"cut between rows", editPart(t, book, round3, cut(`<row r="3"`, 0)),
			`r.xlsx: Round 3!2:2: the workbook is damaged: the sheet ends in the middle (the file is cut short) after row 2`},
		{"cut before the rows", editPart(t, book, round3, cut(`<sheetData>`, 3)),
			`r.xlsx: Round 3: the workbook is damaged: the sheet ends in the middle (the file is cut short) before its first row`},
		{"broken tag", editPart(t, book, round3, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`<row r="3">`), []byte(`<row r="3"><c r="A3"></row>`), 1)
		}), `r.xlsx: Round 3!3:3: the workbook is damaged: the sheet has broken XML (</row> closes an element it does not open) after row 2`},
		{"shared string out of range", editPart(t, book, round3, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`<c r="C3" t="inlineStr"><is><t>Carol</t></is></c>`), []byte(`<c r="C3" t="s"><v>99</v></c>`), 1)
		}), `r.xlsx: Round 3!C3: the workbook is damaged: the cell refers to shared text #99, but the workbook holds 0; save it again`},
		{"a bomb of text", editPart(t, book, round3, func(b []byte) []byte {
			return bytes.Replace(b, []byte(`<v>2</v>`), []byte(`<v>`+strings.Repeat("2", 2<<20)+`</v>`), 1)
		}), `r.xlsx: Round 3!3:3: the workbook is damaged: the sheet cannot be read (more than 1 MiB of text without a tag: not a spreadsheet) after row 2`},
		{"unknown sheet part", editPart(t, book, "xl/workbook.xml", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`r:id="rId5"`), []byte(`r:id="rId99"`), 1)
		}), `r.xlsx: Round 3: the workbook is damaged: it does not say where the sheet's data is`},
		{"missing sheet part", editPart(t, book, "xl/_rels/workbook.xml.rels", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`worksheets/sheet3.xml`), []byte(`worksheets/gone.xml`), 1)
		}), `r.xlsx: Round 3: the workbook is damaged: the sheet's data (xl/worksheets/gone.xml) is missing`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes(tt.data, "r.xlsx", "", Options{})
			if got := listErrors(err); !strings.Contains(got, tt.want) {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestSharedStrings: shared strings are read as Excel shows them: rich-text runs joined,
// without the phonetic guide of a Japanese name, with Office's _xHHHH_ escapes decoded.
func TestSharedStrings(t *testing.T) {
	book, err := workbookBytes(sheet{name: "Matches", rows: [][]any{{"Round", "Player 1", "Player 2", "Result"}, {1, "S0", "S1", "2-0"}}})
	if err == nil {
		book, err = withSharedStrings(book, []byte(`<?xml version="1.0" encoding="UTF-8"?>`+
			`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+
			`<si><r><rPr><b/></rPr><t>山</t></r><r><t xml:space="preserve">田 </t></r><r><t>太郎</t></r>`+
			`<rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si><si><t>Ann_x005F_x0041_B</t></si></sst>`))
	}
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ReadBytes(book, "r.xlsx", "", Options{})
	if err != nil {
		t.Fatal(listErrors(err))
	}
	m := ev.Rounds[0].Matches[0]
	if p1, p2 := ev.Players[m.P1].Name, ev.Players[m.P2].Name; p1 != "山田 太郎" || p2 != "Ann_x0041_B" {
		t.Errorf("players %q and %q", p1, p2)
	}
}

// TestLargeEvents: the readers take the events the calc benchmarks rank: more than 200,000
// rows, tables past 100,000; what bounds them is the file size limit (--max-size). (The
// workbook's cell limit, which follows it, is TestXLSXNotResults's "wide rows".)
func TestLargeEvents(t *testing.T) {
	const tables = 70_001 // 3 rounds: 210,003 rows
	var b strings.Builder
	b.WriteString("Round,Table,Player 1,Player 2,Result\n")
	for r := 1; r <= 3; r++ {
		for i := 1; i <= tables; i++ {
			fmt.Fprintf(&b, "%d,%d,P%d,Q%d,2-0\n", r, i, i, i)
		}
		fmt.Fprintf(&b, "%d,150000,Ann,Bob,2-0\n", r)
	}
	ev, err := ReadBytes([]byte(b.String()), "big.csv", "", Options{})
	if err != nil {
		t.Fatal(listErrors(err))
	}
	if m := ev.Rounds[2].Matches; len(ev.Rounds) != 3 || len(m) != tables+1 || m[tables].Table != 150000 {
		t.Errorf("%d rounds, %d matches in round 3", len(ev.Rounds), len(m))
	}
}

// TestRoundCap: a round number no event reaches is refused at its cell, as the other readers
// refuse it, not read as a thousand missing rounds.
func TestRoundCap(t *testing.T) {
	_, err := ReadBytes([]byte("Round,Player 1,Player 2,Result\n1,A,B,2-0\n10000,A,B,2-0\n"), "r.csv", "", Options{})
	if got := strings.TrimSpace(listErrors(err)); got != "r.csv:3:1: round 10000: tbsheet reads events of at most 1000 rounds" {
		t.Errorf("got %s", got)
	}
	for _, file := range []string{"../samples/fnm-modern.wer", "../samples/pokemon-league-cup.tdf"} {
		data := bytes.Replace(mustRead(t, file), []byte(`<round number="2"`), []byte(`<round number="10000"`), 1)
		_, err := ReadBytes(data, file, "", Options{})
		if err == nil || !strings.Contains(err.Error(), "round 10000: tbsheet reads events of at most 1000 rounds") {
			t.Errorf("%s: got %v", file, err)
		}
	}
}

// TestUnknownEncoding: text that is not UTF-8 and makes no sense in the encoding its bytes
// suggest (damaged UTF-8 read as Shift-JIS gives replacement characters and half-width
// katakana inside Latin names) is an error at the first line that is not UTF-8, not a list
// of garbled players; real Shift-JIS still reads.
func TestUnknownEncoding(t *testing.T) {
	damaged := "Round,Player 1,Player 2,Result\n1,王小明,José,2-0\n2,M\xc3ller,王小明,0-2\n"
	_, err := ReadBytes([]byte(damaged), "r.csv", "", Options{})
	errs := tbsheet.Errors(err)
	if len(errs) != 1 || errs[0].Error() != `r.csv:3: the file's encoding is unknown: this line is not UTF-8, `+
		`and read as Shift-JIS it makes no sense; save the file from Excel as "CSV UTF-8 (Comma delimited)"` ||
		errs[0].Detail() != "    2,M\ufffdller,王小明,0-2" {
		t.Errorf("got %s", listErrors(err))
	}
	sjis, err := japanese.ShiftJIS.NewEncoder().String("Round,Player 1,Player 2,Result\n1,山田 太郎,ｽｽﾞｷ,2-0\n")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ReadBytes([]byte(sjis), "r.csv", "", Options{})
	if err != nil || ev.Players[1].Name != "ｽｽﾞｷ" {
		t.Errorf("Shift-JIS: %v", err)
	}
}

// TestUnclosedQuote: a quote that is never closed would swallow the rest of the file into
// one cell (one "player" with a bye); it is an error at the cell where it opens. A cell
// quoted properly over two lines is read.
func TestUnclosedQuote(t *testing.T) {
	const hdr = "Round,Player 1,Player 2,Result\n"
	for _, tt := range []struct{ name, input, want string }{
		{"to the end", hdr + "1,Alice,Bob,2-0\n1,\"Carol,Dave,2-0\n2,Alice,Carol,2-0\n2,Bob,Dave,2-0\n",
			`r.csv:3:3: a quote (") opens this cell and is not closed where the cell ends: everything from here to the end of the file (line 5) is read as one cell`},
		{"to another quote", hdr + "1,Alice,\"Bob,2-0\n1,Carol,\"Dave\",2-0\n2,Alice,Carol,2-0\n",
			`r.csv:2:9: a quote (") opens this cell and is not closed where the cell ends: everything from here to line 3 is read as one cell`},
		{"closed", hdr + "1,Alice,\"Bob\nSmith\",2-0\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes([]byte(tt.input), "r.csv", "", Options{})
			got := ""
			if err != nil {
				got = tbsheet.Errors(err)[0].Error()
			}
			if !strings.HasPrefix(got, tt.want) || (got == "") != (tt.want == "") {
				t.Errorf("got %s\nwant %s", listErrors(err), tt.want)
			}
		})
	}
}

// TestAttendance: without a players list, a name that appears only in rounds where a
// similar name is missing is a warning naming both ("same player?"); a player with no match
// in a round between rounds he plays is a warning naming the round (a forgotten bye row).
// Names that differ only by a number are different players.
func TestAttendance(t *testing.T) {
	const hdr = "Round,Player 1,Player 2,Result\n"
	tests := []struct {
		name, input string
		notes       []string
	}{
		{"typo", hdr + "1,John Smith,Ann,2-0\n1,Bob,Cy,2-0\n2,John Smith,Bob,2-0\n2,Ann,Cy,2-0\n" +
			"3,Jon Smith,Cy,2-0\n3,Ann,Bob,2-0\n4,John Smith,Ann,2-0\n4,Bob,Cy,2-0\n",
			[]string{`r.csv: line 6: "Jon Smith" (round 3) and "John Smith" (rounds 1, 2 and 4) never play in the same round: ` +
				`same player? If so, correct the name`,
				"Jon Smith plays no match after round 3 of 4: counted as dropped after round 3 (give Dropped After on the Players sheet to say otherwise)"}},
		{"forgotten bye", hdr + "1,Ann,Bob,2-0\n1,Cy,Dee,2-0\n1,Eve,,BYE\n2,Ann,Cy,2-0\n2,Bob,Eve,2-0\n" +
			"3,Ann,Eve,2-0\n3,Bob,Cy,2-0\n3,Dee,,BYE\n",
			[]string{`r.csv: Dee has no match in round 2 but plays in round 3: a bye row forgotten? (a round without a match counts as not played)`}},
		{"numbered players", hdr + "1,Player 7,Ann,2-0\n1,Bob,Cy,2-0\n2,Player 8,Bob,2-0\n2,Ann,Cy,2-0\n",
			[]string{"Player 7 plays no match after round 1 of 2: counted as dropped after round 1 (give Dropped After on the Players sheet to say otherwise)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(tt.input), "r.csv", "", Options{})
			if err != nil {
				t.Fatal(listErrors(err))
			}
			if got := slices.Concat(en(ev.Warnings), en(ev.Notes)); !slices.Equal(got, tt.notes) {
				t.Errorf("warnings and notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.notes, "\n"))
			}
		})
	}
}

// TestEmptyPlayersSheet: the template's Players sheet, left empty, means no players list:
// the names in the matches are the players, not "unknown players".
func TestEmptyPlayersSheet(t *testing.T) {
	var b bytes.Buffer
	if err := resultfile.WriteTemplate(&b, 2, "", writer.Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sheet, cell, v string }{
		{"Round 1", "B2", "Ann"}, {"Round 1", "C2", "Bob"}, {"Round 1", "D2", "2-0"},
		{"Round 2", "B2", "Bob"}, {"Round 2", "C2", "Ann"}, {"Round 2", "D2", "2-1"},
	} {
		if err := f.SetCellValue(c.sheet, c.cell, c.v); err != nil {
			t.Fatal(err)
		}
	}
	b.Reset()
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	ev, err := ReadBytes(b.Bytes(), "results.xlsx", "", Options{})
	if err != nil {
		t.Fatal(listErrors(err))
	}
	if len(ev.Players) != 2 || !slices.Contains(en(ev.Notes), `sheet "Players" lists no players: the players are the names in the matches`) {
		t.Errorf("%d players, notes %q", len(ev.Players), en(ev.Notes))
	}
}

// TestUndetected: a file no format takes says its likely cause, from the reader its first
// bytes point to when there is one (as --from does), else from what it looks like.
func TestUndetected(t *testing.T) {
	book := threeRounds(t)
	challonge := mustRead(t, "../samples/challonge-swiss.json")
	kts := mustRead(t, "../samples/kts-locals.Tournament")
	ods, err := appendZipPart(nil, "mimetype", []byte("application/vnd.oasis.opendocument.spreadsheet"))
	if err == nil {
		ods, err = appendZipPart(ods, "content.xml", []byte("<office:document-content/>"))
	}
	numbers, err2 := appendZipPart(nil, "Index/Document.iwa", []byte("\x00\x01"))
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	password := append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), make([]byte, 600)...)
	for _, r := range "EncryptedPackage" {
		password = append(password, byte(r), 0)
	}
	var utf16 []byte
	for _, r := range "Round,Player 1,Player 2,Result\r\n1,Ann,Bob,2-0\r\n" {
		utf16 = append(utf16, byte(r), 0)
	}
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"results.xlsx", book[:len(book)*2/3], "results.xlsx: the file is cut short: its end is missing"},
		{"results.xlsx", password, "results.xlsx: a password-protected workbook: remove the password"},
		{"results.ods", ods, "an OpenDocument spreadsheet (.ods, as LibreOffice and Google Sheets save): save it as .xlsx"},
		{"results.numbers", numbers, "an Apple Numbers spreadsheet: export it as Excel (.xlsx)"},
		{"dump.json", challonge[:len(challonge)/2], "the JSON document ends too early (the file is cut short)"},
		{"e.Tournament", kts[:len(kts)/3], "the file is cut short: the XML ends before its elements are closed"},
		{"r.csv", utf16, "text in UTF-16 without a byte-order mark"},
		{"x.xml", []byte(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>`),
			"an XML document that declares entities (<!ENTITY …>)"},
		{"e.wer", []byte(`<?xml version="1.0"?><!DOCTYPE event [<!ENTITY a "x">]><event><participation/></event>`),
			"e.wer:1:22: the XML declares entities (<!ENTITY …>): no results file does"},
		{"page.html", []byte("<html><body>Standings</body></html>"), "a web page (HTML): download the results as a file instead"},
		{"notes.txt", []byte("Friday night\nAnn beat Bob\n"), `no header with Round, Player 1, Player 2 and Result in the first 10 rows (first row: "Friday night")`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes(tt.data, tt.name, "", Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestLongCells: no message quotes more than tbsheet.QuoteMax characters of a cell, nor shows
// more than a window of its line: a cell of a megabyte prints a line, not a megabyte.
func TestLongCells(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	for _, input := range []string{
		"Round,Player 1,Player 2,Result\n1,Ann,Bob," + huge + "\n",
		"Round,Player 1,Player 2,Result," + huge + "\n1,Ann,Bob,2-0\n1,Cy,Dee\n",
		"Round,Player 1,Player 2\n1,Ann,Bob\n",
		"Round,Player 1,Player 2,Result\n" + huge + ",Ann,Bob,2-0\n",
	} {
		_, err := ReadBytes([]byte(input), "r.csv", "", Options{})
		errs := tbsheet.Errors(err)
		if len(errs) == 0 {
			continue
		}
		for _, e := range errs {
			if len(e.Error()) > 400 || len(e.Detail()) > 400 {
				t.Errorf("a message of %d bytes and a line of %d: %.200s", len(e.Error()), len(e.Detail()), e.Error())
			}
		}
	}
	_, err := ReadBytes([]byte("Round,Player 1,Player 2,Result\n1,Ann,Bob,"+huge+"\n"), "r.csv", "", Options{})
	if err == nil || !strings.Contains(err.Error(), `"`+strings.Repeat("x", tbsheet.QuoteMax-1)+`…" is not a result`) {
		t.Errorf("got %.300v", err)
	}
}

// TestDamagedPlayersSheet: a Players sheet that stops early is no players list: only its
// damage is reported, not every player it lost as "not on the players list".
func TestDamagedPlayersSheet(t *testing.T) {
	data, _ := buildBook(t, testSheet{"Players", [][]string{{"Name"}, {"Ann"}, {"Bob"}, {"Cy"}, {"Dee"}}},
		testSheet{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"}, {"n:1", "Ann", "Bob", "2-0"}, {"n:1", "Cy", "Dee", "2-0"}}})
	data = editPart(t, data, "xl/worksheets/sheet1.xml", func(b []byte) []byte { return b[:bytes.Index(b, []byte(`<row r="4"`))+20] })
	_, err := ReadBytes(data, "r.xlsx", "", Options{})
	if errs := tbsheet.Errors(err); len(errs) != 1 || !strings.Contains(errs[0].Error(), "r.xlsx: Players!4:4: the workbook is damaged") {
		t.Errorf("got %s", listErrors(err))
	}
}

// TestDamagedPlayersFile: a players file that is a workbook cut short says so, as a results
// file does, rather than "no header" in its bytes.
func TestDamagedPlayersFile(t *testing.T) {
	book := threeRounds(t)
	_, err := readPlayersBytes(book[:len(book)/2], "players.xlsx")
	if err == nil || !strings.Contains(err.Error(), "players.xlsx: the file is cut short") {
		t.Errorf("got %v", err)
	}
}

// TestStrayCell: a cell far to the right (column XFD) is past any table: the rows are read
// as they are, not padded to 16,384 cells each.
func TestStrayCell(t *testing.T) {
	book := editPart(t, threeRounds(t), "xl/worksheets/sheet1.xml", func(b []byte) []byte {
		return bytes.Replace(b, []byte(`</row>`), []byte(`<c r="XFD1" t="inlineStr"><is><t>note</t></is></c></row>`), 1)
	})
	ev, err := ReadBytes(book, "r.xlsx", "", Options{})
	if err != nil || len(ev.Rounds) != 3 {
		t.Fatalf("got %v", err)
	}
	wb, err := openWorkbook(book, "r.xlsx", Options{}.limits())
	if err != nil {
		t.Fatal(err)
	}
	src, err := wb.sheet("Round 1")
	if err != nil || !src.Next() || len(src.Cells()) != 4 {
		t.Errorf("the header row: %v %q", err, src.Cells())
	}
}
