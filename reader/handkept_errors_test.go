package reader

// Error tests for the hand-kept readers. As in encoding/csv's reader tests, the expected
// positions are written into the input: "∑" before a cell marks a cell an error must point
// at, "¶" a row (an error about the header row, with no column). Errors without a row (about
// the whole file) need no mark. Errors and marks are compared in position order.

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/golden"
)

// csvMarks removes the marks from a CSV text and returns their positions (line and byte
// column, 1-based).
func csvMarks(text string) (string, []tbsheet.Pos) {
	var out strings.Builder
	var marks []tbsheet.Pos
	for n, line := range strings.SplitAfter(text, "\n") {
		col := 0
		for {
			i := strings.IndexAny(line[col:], "∑¶")
			if i < 0 {
				break
			}
			i += col
			p := tbsheet.Pos{Row: n + 1, Col: i + 1}
			if strings.HasPrefix(line[i:], "¶") {
				p.Col = 0
			}
			marks = append(marks, p)
			_, size := utf8Rune(line[i:])
			line = line[:i] + line[i+size:]
			col = i
		}
		out.WriteString(line)
	}
	return out.String(), marks
}

func utf8Rune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// testSheet is a worksheet of a test workbook. Cells are text, except "n:3" (a number),
// "=A1&B1|x" (a formula with the saved value x) and "=A1&B1" (a formula never calculated);
// a leading ∑ or ¶ marks the cell or row.
type testSheet struct {
	name string
	rows [][]string
}

func buildBook(t *testing.T, sheets ...testSheet) ([]byte, []tbsheet.Pos) {
	t.Helper()
	var marks []tbsheet.Pos
	var out []sheet
	for _, s := range sheets {
		ws := sheet{name: s.name}
		for r, row := range s.rows {
			var cells []any
			for c, v := range row {
				switch {
				case strings.HasPrefix(v, "∑"):
					marks = append(marks, tbsheet.Pos{Sheet: s.name, Row: r + 1, Col: c + 1})
					v = strings.TrimPrefix(v, "∑")
				case strings.HasPrefix(v, "¶"):
					marks = append(marks, tbsheet.Pos{Sheet: s.name, Row: r + 1})
					v = strings.TrimPrefix(v, "¶")
				}
				var cell any = v
				switch {
				case v == "":
					cell = nil
				case strings.HasPrefix(v, "n:"):
					f, err := strconv.ParseFloat(v[2:], 64)
					if err != nil {
						t.Fatal(err)
					}
					cell = f
				case strings.HasPrefix(v, "="):
					formula, value, cached := strings.Cut(v[1:], "|")
					cell = excelize.Cell{Formula: formula}
					if cached {
						cell = excelize.Cell{Formula: formula, Value: value}
					}
				}
				cells = append(cells, cell)
			}
			if len(cells) == 0 {
				cells = nil
			}
			ws.rows = append(ws.rows, cells)
		}
		out = append(out, ws)
	}
	data, err := workbookBytes(out...)
	if err != nil {
		t.Fatal(err)
	}
	return data, marks
}

// checkMarkedErrors compares err with the expected messages and marks.
func checkMarkedErrors(t *testing.T, err error, marks []tbsheet.Pos, want []string) {
	t.Helper()
	got := slices.Clone(tbsheet.Errors(err))
	slices.SortStableFunc(got, func(a, b *tbsheet.Error) int {
		return cmp.Or(cmp.Compare(a.Pos.Sheet, b.Pos.Sheet), cmp.Compare(a.Pos.Row, b.Pos.Row), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	slices.SortStableFunc(marks, func(a, b tbsheet.Pos) int {
		return cmp.Or(cmp.Compare(a.Sheet, b.Sheet), cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(want), listErrors(err))
	}
	m := 0
	for i, e := range got {
		if !strings.Contains(e.Error(), want[i]) {
			t.Errorf("error %d = %q, want it to contain %q", i, e.Error(), want[i])
		}
		if e.Pos.Row == 0 {
			continue
		}
		if m >= len(marks) {
			t.Errorf("error %q has a position but the input marks none", e)
			continue
		}
		if p := marks[m]; p.Sheet != e.Pos.Sheet || p.Row != e.Pos.Row || p.Col != e.Pos.Col {
			t.Errorf("error %q is at %s!%d:%d, the input marks %s!%d:%d", e, e.Pos.Sheet, e.Pos.Row, e.Pos.Col, p.Sheet, p.Row, p.Col)
		}
		m++
	}
	if m != len(marks) {
		t.Errorf("%d marks but %d positioned errors", len(marks), m)
	}
}

const rosterCSV = "Name,ID,Dropped After,Rating\nAlice,101,,1720\nBob,102,1,1650\nCarol,103,,\nDave,104,,1500\n"

func TestCSVErrors(t *testing.T) {
	const hdr = "Round,Table,Player 1,Player 2,Result\n"
	tests := []struct {
		name   string
		input  string
		roster bool
		errs   []string
	}{
		{"result", hdr + "1,1,Alice,Bob,∑2:1?\n",
			false, []string{`results.csv:2:15: "2:1?" is not a result (expected 2-1, 2-1-1, W, L, D, ID, DL, 1-0, 0-1, ½-½, +, -, BYE)`}},
		{"twice in a round", hdr + "1,1,Alice,Bob,2-0\n1,2,Carol,∑Bob,2-1\n",
			false, []string{`results.csv:3:11: player "Bob" appears twice in round 1 (also at line 2)`}},
		{"twice, other side", hdr + "1,1,Alice,Bob,2-0\n1,2,∑alice,Carol,2-1\n2,1,Alice,Carol,1-2\n",
			false, []string{`player "Alice" appears twice in round 1 (also at line 2)`}},
		{"himself", hdr + "1,1,Alice,∑ alice ,2-0\n", false, []string{`player "Alice" is paired against themselves`}},
		{"round and table", hdr + "∑one,1,Alice,Bob,2-0\n1,∑T?,Carol,Dave,2-0\n",
			false, []string{`"one" is not a round (expected a number like 3, or T8, QF, SF, F`, `"T?" is not a table number`}},
		{"empty round", hdr + "∑,1,Alice,Bob,2-0\n", false, []string{"the Round cell is empty"}},
		{"no player 2", "¶Round,Table,Player 1,Result\n1,1,Alice,2-0\n",
			false, []string{"results.csv:1: no Player 2 column; found Round, Table, Player 1, Result"}},
		{"no result", "¶Rd,Table #,P1,P2,Notes\n1,1,Alice,Bob,\n",
			false, []string{"no Result (or P1 Wins and P2 Wins) column; found Rd, Table #, P1, P2, Notes"}},
		{"two result columns", "Round,Result,Player 1,Player 2,∑Score\n1,2-0,Alice,Bob,2-0\n",
			false, []string{`two Result columns ("Result" and "Score"): delete or rename one`}},
		{"unknown player", hdr + "1,1,Alice,∑Bobb,2-0\n1,2,Carol,Dave,2-1\n",
			true, []string{`player "Bobb" is not on the players list (did you mean "Bob"?)`}},
		{"by id", hdr + "1,1,101,102,2-0\n1,2,Carol,104,2-1\n", true, nil},
		{"played after the drop", hdr + "1,1,Alice,Bob,2-0\n1,2,Carol,Dave,2-1\n2,1,Bob,Carol,∑0-2\n2,2,Alice,Dave,2-0\n",
			true, []string{`player "Bob" dropped after round 1 but is paired in round 2`}},
		{"games contradict", "Round,Player 1,Player 2,Result,P1 Wins,P2 Wins\n1,Alice,Bob,∑W,1,2\n1,Carol,Dave,∑2-1,2,0\n",
			false, []string{"1-2: a win needs more games won than lost", "the Result cell says 2-1 but the game columns say 2-0"}},
		{"games not numbers", "Round,Player 1,Player 2,P1 Wins,P2 Wins,Draws\n1,Alice,Bob,∑two,0,\n1,Carol,Dave,2,∑-1,\n",
			false, []string{`"two" is not a number of games`, `"-1" is not a number of games`}},
		{"solo draw", hdr + "1,1,Alice,BYE,∑D\n", false, []string{`"D" is not a result for a row without an opponent`}},
		{"solo equal games", "Round,Player 1,Player 2,P1 Wins,P2 Wins\n1,Alice,,∑1,1\n",
			false, []string{"1-1 for a row without an opponent"}},
		{"player 1 empty", hdr + "1,1,∑,Bob,2-0\n", false, []string{`Player 1 is empty (Player 2 is "Bob")`}},
		{"round missing", hdr + "1,1,Alice,Bob,2-0\n3,1,Alice,Bob,0-2\n", false, []string{"round 2 is missing: the rounds read are 1, 3"}},
		{"no rounds", "¶Table,Player 1,Player 2,Result\n1,Alice,Bob,2-0\n",
			false, []string{"no Round column and no round title row"}},
		{"excel error", hdr + "1,1,∑#N/A,Bob,2-0\n", false, []string{"the cell shows the spreadsheet error #N/A"}},
		{"bye first", hdr + "1,1,BYE,Alice,\n1,2,BYE,Bob,∑2-0\n1,3,Carol,Dave,2-0\n",
			false, []string{`"2-0": with BYE as Player 1 the result is unclear`}},
		{"both byes", hdr + "1,1,∑BYE,bye,\n", false, []string{"both players are byes"}},
		{"players list", "¶Name,ID,Dropped After,Rating\nAlice,1,,1500\n", false, []string{"this is a players list (Name, ID, Dropped After, Rating), not results"}},
		{"ok with notes", hdr + "1,1,Alice,Bob,2-0\n\n,,,,\nNotes:\n,,Carol was late,,\n", false, nil},
		{"quoted and multi-line", hdr + "1,1,\"Smith, Al\",\"Bob\",\"2-0\"\n1,2,\"Carol\nAnn\",Dave,∑\"2?\"\n",
			false, []string{`"2?" is not a result`}},
		{"excel date", hdr + "1,1,Alice,Bob,∑1-Feb\n1,2,Carol,Dave,∑2/1/2026\n", false,
			[]string{`"1-Feb" is not a result (expected 2-1, 2-1-1, W, L, D, ID, DL, 1-0, 0-1, ½-½, +, -, BYE): Excel turned what was typed into a date; format the Result column as Text`,
				`"2/1/2026" is not a result`}},
		{"sep line", "sep=;\n" + strings.ReplaceAll(hdr, ",", ";") + "1;1;Alice;Bob;∑x\n", false, []string{`"x" is not a result`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input, marks := csvMarks(tt.input)
			var opt Options
			if tt.roster {
				var err error
				if opt.Players, err = readPlayersBytes([]byte(rosterCSV), "players.csv"); err != nil {
					t.Fatal(err)
				}
			}
			_, err := ReadBytes([]byte(input), "results.csv", "csv", opt)
			checkMarkedErrors(t, err, marks, tt.errs)
		})
	}
}

// TestCSVTooManyErrors: the list stops at tbsheet.MaxErrors and says how many more there were.
func TestCSVTooManyErrors(t *testing.T) {
	var b strings.Builder
	b.WriteString("Round,Player 1,Player 2,Result\n")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&b, "1,P%d,Q%d,what\n", i, i)
	}
	errs := tbsheet.Errors(func() error { _, err := ReadBytes([]byte(b.String()), "r.csv", "csv", Options{}); return err }())
	if len(errs) != tbsheet.MaxErrors+1 || !strings.Contains(errs[tbsheet.MaxErrors].Error(), "50 more errors not shown") {
		t.Errorf("got %d errors, last %v", len(errs), errs[len(errs)-1])
	}
}

func TestCSVNotResults(t *testing.T) {
	for _, tt := range []struct {
		name, input, want string
	}{
		{"text", "Shopping list\nmilk\neggs\n", `r.csv: not a results table: no header with Round, Player 1, Player 2 and Result in the first 10 rows (first row: "Shopping list")`},
		{"empty", "", "first row: nothing (the sheet is empty)"},
		{"legacy", "\x83\x89\x83E\x83\x93\x83h,\x8c\x8b\x89\xca\n", "the file is not UTF-8 (it looks like Shift-JIS)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes([]byte(tt.input), "r.csv", "csv", Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, tbsheet.ErrFormat) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestReadPlayersErrors(t *testing.T) {
	input, marks := csvMarks("Name,ID,Dropped After,Rating\nBob,1,,\n∑ bob ,2,,\nCarol,∑1,,\nDave,4,∑soon,\nErin,5,,∑strong\n∑,6,,\n")
	_, err := readPlayersBytes([]byte(input), "players.csv")
	checkMarkedErrors(t, err, marks, []string{`player "bob" is listed twice (also at line 2)`, `ID "1" is given twice (also at line 2)`,
		`"soon" is not a round number`, `"strong" is not a rating`, "the player's name is empty"})
}

func TestReadPlayers(t *testing.T) {
	players, err := readPlayersBytes([]byte("\ufeff姓名;编号;退赛轮次;等级分\n王浩然;0012;R3;1820\n李思雨;;;\n"), "p.csv")
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%+v", players)
	want := `[{ID:0012 Name:王浩然 Family: Given: DroppedAfter:3 Disqualified:false Rating:1820 Sex: Title: Federation: FIDEID: Birth: Members:[] Reported:<nil> Pos:p.csv:2:1} {ID:李思雨 Name:李思雨 Family: Given: DroppedAfter:0 Disqualified:false Rating:0 Sex: Title: Federation: FIDEID: Birth: Members:[] Reported:<nil> Pos:p.csv:3:1}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	data, _ := buildBook(t, testSheet{"Results", [][]string{{"Round", "Player 1", "Player 2", "Result"}}},
		testSheet{"参加者", [][]string{{"大会"}, {"名前", "ID"}, {"佐藤 健太", "n:7"}}})
	players, err = readPlayersBytes(data, "p.xlsx")
	if err != nil || len(players) != 1 || players[0].ID != "7" || players[0].Pos.String() != "p.xlsx: 参加者!A3" {
		t.Errorf("%+v %v", players, err)
	}
}

func TestXLSXErrors(t *testing.T) {
	round3 := func(rows ...[]string) testSheet {
		return testSheet{"Round 3", append([][]string{{"Table", "Player 1", "Player 2", "Result"}}, rows...)}
	}
	r12 := []testSheet{
		{"Round 1", [][]string{{"Table", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Bob", "2-0"}, {"n:2", "Carol", "Dave", "2-0"}}},
		{"Round 2", [][]string{{"Table", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Carol", "2-0"}, {"n:2", "Bob", "Dave", "2-0"}}},
	}
	tests := []struct {
		name   string
		sheets []testSheet
		errs   []string
		notes  []string
	}{
		{"result", append(r12, round3(nil, nil, nil, nil, nil, []string{"n:1", "Alice", "Dave", "∑2:1?"})),
			[]string{`results.xlsx: Round 3!D7: "2:1?" is not a result (expected 2-1, 2-1-1, W, L, D, ID, DL`}, nil},
		{"twice", append(r12, round3([]string{"n:1", "Alice", "Bob", "2-0"}, []string{"n:2", "Carol", "∑Bob", "2-0"})),
			[]string{`results.xlsx: Round 3!C3: player "Bob" appears twice in round 3 (also at Round 3!C2)`}, nil},
		// Every problem of the file in one run: a bad result leaves its match out, not its
		// players, so a player written again in the round is reported with it.
		{"bad result, then twice", append(r12, round3([]string{"n:1", "Alice", "Bob", "∑xx"}, []string{"n:2", "Carol", "∑Alice", "2-0"})),
			[]string{`"xx" is not a result`, `player "Alice" appears twice in round 3 (also at Round 3!B2)`}, nil},
		{"twice with a bad result", append(r12, round3([]string{"n:1", "Alice", "Bob", "2-0"}, []string{"n:2", "∑Alice", "Dave", "∑yy"})),
			[]string{`player "Alice" appears twice in round 3 (also at Round 3!B2)`, `"yy" is not a result`}, nil},
		{"formula without value", append(r12, round3([]string{"n:1", "Alice", "Bob", `∑=E2&"-"&F2`, "n:2", "n:0"})),
			[]string{`results.xlsx: Round 3!D2: the formula =E2&"-"&F2 has no saved value: open the file in Excel or LibreOffice and save it`}, nil},
		{"player formula without value", append(r12, round3([]string{"n:1", "∑=Players!A2", "∑=Players!A3", "2-0"})),
			[]string{"the formula =Players!A2 has no saved value", "the formula =Players!A3 has no saved value"}, nil},
		{"formula with value", append(r12, round3([]string{"n:1", "=Players!A2|Alice", "Bob", `=E2&"-"&F2|2-1`, "n:2", "n:1"})),
			nil, nil},
		{"date", append(r12, round3([]string{"n:1", "Alice", "Bob", "∑n:45323"})),
			[]string{`"45323" is not a result (expected 2-1, 2-1-1, W, L, D, ID, DL, 1-0, 0-1, ½-½, +, -, BYE): Excel turned what was typed into a date`}, nil},
		{"time", append(r12, round3([]string{"n:1", "Alice", "Bob", "∑n:0.0840277777777778"})),
			[]string{"Excel turned what was typed into a time"}, nil},
		{"no player 2", append(r12, round3(), testSheet{"Round 4", [][]string{{"Title"}, {"¶Table", "Player 1", "Result"}}}),
			[]string{"results.xlsx: Round 4!2:2: no Player 2 column; found Table, Player 1, Result"}, nil},
		{"no header", append(r12, testSheet{"Round 3", [][]string{{"Pairings will be posted at 7pm"}}}),
			[]string{`results.xlsx: Round 3: no header row with Player 1, Player 2 and Result in the first 10 rows (first row: "Pairings will be posted at 7pm")`}, nil},
		{"empty round sheets", append(r12, testSheet{"Round 4", nil}, round3()), nil, nil},
		{"round cell disagrees", append(r12, testSheet{"Round 3", [][]string{{"Round", "Player 1", "Player 2", "Result"}, {"∑n:4", "Alice", "Bob", "2-0"}}}),
			[]string{"the Round cell says round 4 but the sheet is round 3"}, nil},
		{"players sheet", []testSheet{{"Players", [][]string{{"Name", "Dropped After"}, {"Alice"}, {"Bob"}, {"∑ALICE"}, {"Carol"}, {"Dave", "n:1"}}},
			r12[0], {"Round 2", [][]string{{"Table", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Carol", "2-0"}, {"n:2", "Bob", "Dave", "∑2-0"}}},
			round3([]string{"n:1", "Alice", "∑Erin", "2-0"})},
			[]string{`player "ALICE" is listed twice (also at Players!A2)`,
				`results.xlsx: Round 2!D3: player "Dave" dropped after round 1 but is paired in round 2`,
				`results.xlsx: Round 3!C2: player "Erin" is not on the players list`}, nil},
		// A player whose row has a problem of its own is still on the list: the rounds that
		// name him add no "not on the players list".
		{"players sheet row with a problem", []testSheet{{"Players", [][]string{{"Name", "ID", "Rating"}, {"Alice", "1"}, {"Bob", "∑1"},
			{"Carol", "3", "∑strong"}, {"Dave", "4"}}}, r12[0], r12[1]},
			[]string{`ID "1" is given twice (also at Players!B2)`, `"strong" is not a rating`}, nil},
		{"notes", []testSheet{{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Bob", "2-0"},
			{"n:1", "", "", "2-0"}}}, {"Standings", [][]string{{"Rank"}}}}, nil,
			[]string{`results.xlsx: Matches!D3: row skipped: it has a result ("2-0") but no players`, `sheet "Standings" ignored`}},
		{"matches and rounds", append(r12, testSheet{"Results", [][]string{{"Round", "Player 1", "Player 2", "Result"}}}), nil,
			[]string{`sheet "Results" ignored: the per-round sheets are read instead`}},
		{"template's instructions", append(r12, testSheet{"Instructions", [][]string{{"How to keep results for tbsheet"}}},
			testSheet{"说明", [][]string{{"tbsheet 成绩记录说明"}}}, testSheet{"説明", [][]string{{"tbsheet 用の成績の記録方法"}}}), nil,
			[]string{}},
		// Excel's copy of a round sheet, left unrenamed, is not read as a round (nor as the
		// same round twice), and the organizer is told.
		{"copied round sheet", append(r12, testSheet{"Round 2 (2)", [][]string{{"Table", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Bob", "2-0"}}}), nil,
			[]string{`sheet "Round 2 (2)" ignored`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, marks := buildBook(t, tt.sheets...)
			ev, err := ReadBytes(data, "results.xlsx", "", Options{})
			checkMarkedErrors(t, err, marks, tt.errs)
			if err == nil && tt.notes != nil && !slices.Equal(en(ev.Notes), tt.notes) {
				t.Errorf("notes = %q, want %q", en(ev.Notes), tt.notes)
			}
		})
	}
}

// TestXLSXNotResults: a workbook that is not results says what it saw; damaged and hostile
// files are refused with a reason, not a panic or a hang.
func TestXLSXNotResults(t *testing.T) {
	budget, _ := buildBook(t, testSheet{"Budget", [][]string{{"Date", "Item", "Amount"}, {"n:45292", "Sleeves", "n:12.5"}}},
		testSheet{"Sheet2", nil})
	// A cell in column ALL pads every row to 1,000 cells (the widest row read is 1,024).
	header, _ := buildBook(t, testSheet{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"}}})
	var rows strings.Builder
	for r := 2; r < 600; r++ {
		fmt.Fprintf(&rows, `<row r="%d"><c r="A%d"><v>1</v></c><c r="B%d" t="inlineStr"><is><t>P%d</t></is></c>`+
			`<c r="ALL%d" t="inlineStr"><is><t>y</t></is></c></row>`, r, r, r, r, r)
	}
	wideBook, err := patchZip(header, "xl/worksheets/sheet1.xml", "</sheetData>", rows.String()+"</sheetData>")
	if err != nil {
		t.Fatal(err)
	}
	bomb := lyingZipPart(t, budget, "xl/media/padding.bin", 1<<30+1)
	password := append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), make([]byte, 600)...)
	password = append(password, "E\x00n\x00c\x00r\x00y\x00p\x00t\x00e\x00d\x00P\x00a\x00c\x00k\x00a\x00g\x00e\x00"...)
	for _, tt := range []struct {
		name string
		data []byte
		max  int64
		want string
	}{
		{"budget", budget, 0, `results.xlsx: not a results workbook: no sheet has a header with Round, Player 1, Player 2 and Result (or P1 Wins, P2 Wins) in its first 10 rows, and no sheet is named like "Round 1" (sheets: "Budget", "Sheet2"; the first row of "Budget" is "Date | Item | Amount")`},
		{"wide rows", wideBook, 256 << 10, "stopped reading here: the workbook holds more than 262144 cells"},
		{"zip bomb", bomb, 0, "the workbook unpacks to more than 1024 MiB"},
		{"old xls", append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), make([]byte, 600)...), 0, "an old Excel 97-2003 (.xls) file: save it as .xlsx"},
		{"password", password, 0, "a password-protected workbook: remove the password"},
		{"truncated", budget[:len(budget)/2], 0, "results.xlsx: the file is cut short: its end is missing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBytes(tt.data, "results.xlsx", "xlsx", Options{MaxSize: tt.max})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %q", err, tt.want)
			}
		})
	}
}

// lyingZipPart appends a part whose header claims size bytes, as a zip bomb's parts do; the
// declared sizes are what the unzip limit checks.
func lyingZipPart(t *testing.T, data []byte, name string, size uint64) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	body := []byte("0123456789")
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Store, CRC32: crc32.ChecksumIEEE(body),
		CompressedSize64: uint64(len(body)), UncompressedSize64: size})
	if err == nil {
		_, err = w.Write(body)
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDetect(t *testing.T) {
	book, _ := buildBook(t, testSheet{"Matches", [][]string{{"Round", "Player 1", "Player 2", "Result"}}})
	docx, err := appendZipPart(nil, "word/document.xml", []byte("<w/>"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		data string
		want string
	}{
		{"results.xlsx", string(book), "xlsx"},
		{"results.bin", string(book), "xlsx"},
		{"report.docx", string(docx), ""},
		{"fake.xlsx", "PK\x03\x04 not really", ""},
		{"results.txt", "Round;Table;Player 1;Player 2;Result\n1;1;A;B;2-0\n", "csv"},
		{"r.csv", "\ufeff轮次,桌号,选手1,选手2,比分\n", "csv"},
		{"r.csv", "Event: FNM\n\nRound\tPlayer 1\tPlayer 2\tResult\n", "csv"},
		{"r.csv", "Name,ID,Rating\nAlice,1,1500\n", "csv"}, // read says: a players list, give it with --players
		{"r.csv", "a,b,c\n1,2,3\n", ""},
	} {
		f, err := Detect([]byte(tt.data), tt.name)
		got := ""
		if err == nil {
			got = f.ID
		}
		if got != tt.want {
			t.Errorf("Detect(%s %.20q) = %q, want %q", tt.name, tt.data, got, tt.want)
		}
	}
}

// TestErrorOrder: problems come sheet by sheet in reading order (rounds by number, not by
// sheet name), row by row, whether the reader or Validate found them.
func TestErrorOrder(t *testing.T) {
	hdr := []string{"Table", "Player 1", "Player 2", "Result"}
	data, _ := buildBook(t,
		testSheet{"R2", [][]string{hdr, {"n:1", "Alice", "Bob", "2:1?"}}},
		testSheet{"Round 1", [][]string{hdr, {"n:1", "Alice", "Bob", "1-2", "", ""}, {"n:2", "Carol", "Dave", "x"},
			{"n:3", "Erin", "BYE", "W", "n:9"}}},
		testSheet{"Players", [][]string{{"Name"}, {"Alice"}, {"Bob"}, {"Carol"}, {"Dave"}, {"Erin"}, {"Erin"}}},
	)
	_, err := ReadBytes(data, "r.xlsx", "", Options{})
	var got []string
	for _, e := range tbsheet.Errors(err) {
		got = append(got, e.Pos.String())
	}
	want := []string{"r.xlsx: Players!A7", "r.xlsx: Round 1!D3", "r.xlsx: R2!D2"}
	if !slices.Equal(got, want) {
		t.Errorf("order %q, want %q\n%s", got, want, listErrors(err))
	}
}

func TestHostileCSV(t *testing.T) {
	wide := "Round,Player 1,Player 2,Result\n1,A,B,2-0" + strings.Repeat(",", 5000) + "\n"
	_, err := ReadBytes([]byte(wide), "r.csv", "csv", Options{})
	if err == nil || !strings.Contains(err.Error(), "r.csv:2: the line has more than 1024 fields") {
		t.Errorf("got %v", err)
	}
	// A players list with many unknown names: suggestions stop with the listed errors.
	var b strings.Builder
	b.WriteString("Round,Player 1,Player 2,Result\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "1,Stranger %d,Alice,2-0\n", i)
	}
	roster, err := readPlayersBytes([]byte(rosterCSV), "p.csv")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadBytes([]byte(b.String()), "r.csv", "csv", Options{Players: roster})
	if l := tbsheet.Errors(err); len(l) != tbsheet.MaxErrors+1 || !strings.Contains(l[tbsheet.MaxErrors].Error(), "more errors not shown") {
		t.Errorf("%d errors", len(l))
	}
}

func TestUnnamedPlayersSheet(t *testing.T) {
	data, _ := buildBook(t,
		testSheet{"Sheet1", [][]string{{"Name", "ID", "Rating"}, {"Alice", "1", "n:1500"}}},
		testSheet{"Sheet2", [][]string{{"Round", "Player 1", "Player 2", "Result"}, {"n:1", "Alice", "Bob", "2-0"}}})
	ev, err := ReadBytes(data, "r.xlsx", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`sheet "Sheet1" looks like a players list (Name, ID, Rating): name it Players to use it`}
	if !slices.Equal(en(ev.Notes), want) || len(ev.Rounds) != 1 {
		t.Errorf("notes %q, %d rounds", en(ev.Notes), len(ev.Rounds))
	}
}

// TestTbsheetMatchList reads back the match list tbsheet's own writers produce: playoff rounds
// as "Playoff 6", names defused against formula injection with an apostrophe, ½ and L rows.
func TestTbsheetMatchList(t *testing.T) {
	input := "\ufeffRound,Table,Player 1,Player 2,Result\n" +
		"1,1,Carol Smith,山田 太郎,2-1\n1,2,王小明,Łukasz Żółć,ID\n1,3,鈴木さくら,'=Mallory,+\n1,,Ana Lima,,BYE\n" +
		"2,1,Carol Smith,Łukasz Żółć,L\n2,2,山田 太郎,王小明,DL\n2,3,'=Mallory,Ana Lima,-\n2,,鈴木さくら,,½\n" +
		"Playoff 3,1,Carol Smith,'=Mallory,2-0\nPlayoff 4,1,Carol Smith,Ana Lima,1-2\n"
	ev, err := ReadBytes([]byte(input), "matches.csv", "", Options{})
	if err != nil {
		t.Fatal(listErrors(err))
	}
	want := `players:
  =Mallory
  Ana Lima
  Carol Smith
  Łukasz Żółć
  山田 太郎
  王小明
  鈴木さくら
round 1:
  T1 Carol Smith – 山田 太郎: win 2-1
  T2 王小明 – Łukasz Żółć: id
  T3 鈴木さくら – =Mallory: forfeit-win
  Ana Lima – BYE: bye
round 2:
  T1 Carol Smith – Łukasz Żółć: loss
  T2 山田 太郎 – 王小明: double-loss
  T3 =Mallory – Ana Lima: forfeit-loss
  鈴木さくら – BYE: half-bye
playoff round 3:
  T1 Carol Smith – =Mallory: win 2-0
playoff round 4:
  T1 Carol Smith – Ana Lima: loss 1-2
`
	if got := semantic(ev); got != want {
		t.Errorf("%s", golden.Diff(want, got))
	}
	_, err = ReadBytes([]byte("Round,Player 1,Player 2,Result\n1,A,B,W\n2,A,B,W\nPlayoff 2,A,B,W\n"), "m.csv", "", Options{})
	if err == nil || !strings.Contains(err.Error(), "m.csv:4:1: playoff round 2 comes before the end of the Swiss rounds (round 2)") {
		t.Errorf("got %v", err)
	}
}
