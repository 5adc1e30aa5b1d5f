package writer

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/xuri/excelize/v2"
)

// writeXLSX writes st and opens the result.
func writeXLSX(t *testing.T, st *calc.Standings, opt Options, cfg XLSXConfig) *excelize.File {
	t.Helper()
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, opt, cfg); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestStandingsXLSX(t *testing.T) {
	for _, lang := range i18n.Langs() {
		st := writertest.Standings()
		f := writeXLSX(t, st, Options{Lang: lang, Now: writertest.Now}, XLSXConfig{})
		names := SheetNamesFor(lang)
		want := []string{names.standings, names.explain, names.Matches, names.Players, names.Event, names.about}
		if got := f.GetSheetList(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("%s: sheets %q, want %q", lang, got, want)
		}
		checkStandingsSheet(t, f, names.standings, st, lang, true)
		checkExplainSheet(t, f, names.explain, st, lang)
		rows, err := f.GetRows(names.Matches)
		if err != nil {
			t.Fatal(err)
		}
		writertest.CheckMatchList(t, st.Event, rows[1:], nil)
		if p, err := f.GetCalcProps(); err != nil || p.FullCalcOnLoad == nil || !*p.FullCalcOnLoad {
			t.Errorf("%s: fullCalcOnLoad not set (%v)", lang, err)
		}
		if props, err := f.GetDocProps(); err != nil || props.Creator != "tbsheet" || props.Created != "2026-05-18T19:30:00Z" {
			t.Errorf("%s: document properties %+v, %v", lang, props, err)
		}
	}
}

// checkStandingsSheet checks the Standings sheet cell by cell against the standings.
func checkStandingsSheet(t *testing.T, f *excelize.File, sheet string, st *calc.Standings, lang string, cached bool) {
	t.Helper()
	cols := standingsColumns(st, lang, true)
	for j, c := range cols {
		cell := tbsheet.CellName(j+1, 1)
		if got, _ := f.GetCellValue(sheet, cell); got != c.header {
			t.Errorf("%s!%s = %q, want header %q", sheet, cell, got, c.header)
		}
	}
	comments, err := f.GetComments(sheet)
	if err != nil {
		t.Fatal(err)
	}
	byCell := map[string]string{}
	for _, c := range comments {
		byCell[c.Cell] = c.Text
	}
	wantComments := 2 * len(st.Columns)
	for j, c := range cols {
		cell := tbsheet.CellName(j+1, 1)
		switch c.kind {
		case colValue:
			if got, want := byCell[cell], defComment(st.Columns[c.tb]); !strings.Contains(got, want) {
				t.Errorf("comment on %s = %q, want %q", cell, got, want)
			}
		case colOpponents:
			// The arrows of the opponents' terms are explained on the column's header.
			var terms []string
			for i := range st.Rows {
				terms = append(terms, OpponentTerms(st.Event, lang, figure(&st.Rows[i], c.tb).Explain))
			}
			if legend := BoundsLegend(lang, strings.Join(terms, "\n")); legend != "" {
				wantComments++
				if got := byCell[cell]; got != legend {
					t.Errorf("comment on %s = %q, want %q", cell, got, legend)
				}
			}
		}
	}
	if len(comments) != wantComments {
		t.Errorf("%d header comments, want %d", len(comments), wantComments)
	}
	panes, err := f.GetPanes(sheet)
	if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.XSplit != 2 {
		t.Errorf("panes %+v, %v; want the header row and two columns frozen", panes, err)
	}
	ev := st.Event
	for i := range st.Rows {
		r := &st.Rows[i]
		rowNum := i + 2
		for j, c := range cols {
			cell := tbsheet.CellName(j+1, rowNum)
			raw, err := f.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatal(err)
			}
			formula, _ := f.GetCellFormula(sheet, cell)
			want := ""
			switch c.kind {
			case colRank:
				want = strconv.Itoa(r.Rank)
			case colPlayer:
				want = ev.Players[r.Player].Name
			case colID:
				want = ev.Players[r.Player].ID
			case colPoints:
				want = strconv.FormatFloat(r.Points.Float64(), 'f', -1, 64)
				checkDisplay(t, f, sheet, cell, st.RankBy, calc.Known(r.Points))
			case colRecord:
				want = Record(st, r)
			case colDropped:
				if r.DroppedAfter > 0 {
					want = strconv.Itoa(r.DroppedAfter)
				}
			case colNote:
				want = i18n.Of(lang).Note(r.Note)
			case colOpponents:
				want = OpponentTerms(ev, lang, figure(r, c.tb).Explain)
			case colValue, colFormula:
				fig := figure(r, c.tb)
				if fig.Value.OK {
					want = strconv.FormatFloat(fig.Value.Num.Float64(), 'f', -1, 64)
				}
				if c.kind == colFormula && fig.Value.OK && fig.Explain.Expr != nil {
					if formula == "" {
						t.Errorf("%s!%s has no formula", sheet, cell)
						continue
					}
					checkFormulaCell(t, f, sheet, cell, fig.Value.Num)
					if !cached {
						want = ""
					}
				}
				if fig.Value.OK && want != "" {
					checkDisplay(t, f, sheet, cell, st.Columns[c.tb], fig.Value)
				}
			}
			if !closeText(raw, want) {
				t.Errorf("%s!%s = %q, want %q", sheet, cell, raw, want)
			}
			if c.kind != colFormula && formula != "" {
				t.Errorf("%s!%s holds a formula %q", sheet, cell, formula)
			}
		}
	}
}

// closeText compares two cell texts, numbers within 1e-9.
func closeText(got, want string) bool {
	if got == want {
		return true
	}
	g, err1 := strconv.ParseFloat(got, 64)
	w, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && writertest.NearlyEqual(g, w)
}

// checkFormulaCell evaluates a formula cell with excelize and compares it with the exact value.
func checkFormulaCell(t *testing.T, f *excelize.File, sheet, cell string, want exact.Num) {
	t.Helper()
	got, err := f.CalcCellValue(sheet, cell, excelize.Options{RawCellValue: true})
	g, perr := strconv.ParseFloat(got, 64)
	if err != nil || perr != nil || !writertest.NearlyEqual(g, want.Float64()) {
		formula, _ := f.GetCellFormula(sheet, cell)
		t.Errorf("%s!%s: %s = %q (%v), want %v", sheet, cell, formula, got, err, want.Float64())
	}
}

// checkDisplay checks that a number cell displays as the tiebreak's system shows it
// (Def.FormatValue), through excelize's rendering of the cell's number format.
func checkDisplay(t *testing.T, f *excelize.File, sheet, cell string, d *calc.Def, v calc.Value) {
	t.Helper()
	if d.Format == calc.FormatSigned && v.Num.Sign() == 0 {
		return // excelize renders 0 with the positive section ("+0"); Excel and LibreOffice use the third
	}
	if got, _ := f.GetCellValue(sheet, cell); got != d.FormatValue(v) {
		t.Errorf("%s!%s displays %q, want %q", sheet, cell, got, d.FormatValue(v))
	}
}

func checkExplainSheet(t *testing.T, f *excelize.File, sheet string, st *calc.Standings, lang string) {
	t.Helper()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	for i := range st.Rows {
		r := &st.Rows[i]
		for j, d := range st.Columns {
			fig := explainedFigure(st, r, j)
			want := explainText(lang, d, fig.Value, fig.Explain)
			if terms := OpponentTerms(st.Event, lang, figure(r, j).Explain); terms != "" {
				want += "\n" + terms
			}
			if got := rows[i+1][2+j]; got != want {
				t.Errorf("%s row %d %s = %q, want %q", sheet, i+2, d.ID, got, want)
			}
		}
	}
}

func TestStandingsXLSXWithoutCachedValues(t *testing.T) {
	st := writertest.Standings()
	f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{OmitCached: true})
	checkStandingsSheet(t, f, "Standings", st, "en", false)
}

// TestStandingsXLSXLongFormula gives a player an explanation too long for Excel: the
// Standings sheet holds the value, the Explain sheet says why.
func TestStandingsXLSXLongFormula(t *testing.T) {
	st := writertest.Standings()
	var terms []*calc.Expr
	for i := range 900 {
		terms = append(terms, floor(calc.Ratio(int64(i%24), 24)))
	}
	x := calc.Div(calc.Sum(terms...), calc.Int(900))
	st.Rows[0].Figures[0] = calc.Figure{Value: calc.Known(x.Eval()), Explain: calc.Explanation{Expr: x}}
	f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{})
	cols := standingsColumns(st, "en", true)
	for j, c := range cols {
		if c.kind != colFormula || c.tb != 0 {
			continue
		}
		cell := tbsheet.CellName(j+1, 2)
		if formula, _ := f.GetCellFormula("Standings", cell); formula != "" {
			t.Errorf("a %d-character formula was written", len(formula))
		}
		got, _ := f.GetCellValue("Standings", cell, excelize.Options{RawCellValue: true})
		if !closeText(got, strconv.FormatFloat(x.Eval().Float64(), 'f', -1, 64)) {
			t.Errorf("value %q, want %v", got, x.Eval().Float64())
		}
	}
	text, _ := f.GetCellValue("Explain", "C2")
	if !strings.HasSuffix(text, "("+label("en", "formula-too-long")+")") {
		t.Errorf("Explain text does not say the formula was left out: %q", text[max(0, len(text)-120):])
	}
}

func TestNumFormat(t *testing.T) {
	tests := []struct {
		f    calc.Format
		v    string
		want string
	}{
		{calc.FormatPercent, "341/600", "0.00%"},
		{calc.FormatKTS, "33726677", "00000000"},
		{calc.FormatSigned, "1", `+0;"−"0;0`},
		{calc.FormatSigned, "-3", `+0;"−"0;0`},
		{calc.FormatDecimal, "4", "0"},
		{calc.FormatDecimal, "4.5", "0.0#"},
		{calc.FormatDecimal, "4.25", "0.0#"},
		{calc.FormatDecimal, "1/3", "0.0000"},
		{calc.FormatInt, "61", `0;"−"0`},
	}
	for _, tt := range tests {
		if got := numFormat(tt.f, exact.MustParse(tt.v)); got != tt.want {
			t.Errorf("numFormat(%d, %s) = %q, want %q", tt.f, tt.v, got, tt.want)
		}
	}
}

func TestTextWidth(t *testing.T) {
	tests := []struct {
		s    string
		want float64
	}{
		{"Alice", 5}, {"山田 太郎", 9}, {"鈴木さくら", 10}, {"Łukasz", 6}, {"ＡＢ", 4}, {"", 0},
	}
	for _, tt := range tests {
		if got := TextWidth(tt.s); got != tt.want {
			t.Errorf("textWidth(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestRoundList(t *testing.T) {
	for _, tt := range []struct {
		in   []int
		want string
	}{{nil, ""}, {[]int{1}, "1"}, {[]int{1, 2, 3, 4, 5}, "1–5"}, {[]int{1, 2, 3, 5}, "1–3, 5"}} {
		if got := RoundList(tt.in); got != tt.want {
			t.Errorf("RoundList(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStandingsTitle(t *testing.T) {
	ev := writertest.SmallEvent()
	if got := Title(writertest.Compute(ev, calc.Options{}), "en"); got != "Standings after round 3 of 3" {
		t.Errorf("all rounds: %q", got)
	}
	if got := Title(writertest.Compute(ev, calc.Options{AfterRound: 2}), "en"); got != "Standings after round 2 of 3" {
		t.Errorf("two of three rounds: %q", got)
	}
	ev.PlannedRounds = 0
	if got := Title(writertest.Compute(ev, calc.Options{AfterRound: 2}), "zh"); got != "第2轮后排名（共3轮）" {
		t.Errorf("unknown plan, zh: %q", got)
	}
	if got := Title(notPlayed(), "en"); got != "Standings" {
		t.Errorf("no round played: %q", got)
	}
	// A top-8 final between the two leaders after the Swiss rounds.
	st := writertest.Compute(ev, calc.Options{})
	final := tbsheet.Match{Table: 1, P1: st.Rows[0].Player, P2: st.Rows[1].Player, Result: tbsheet.Win}
	ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 4, Playoff: true, Matches: []tbsheet.Match{final}})
	if got := Title(calc.Final(writertest.Compute(ev, calc.Options{})), "en"); got != "Final standings" {
		t.Errorf("after the top cut: %q", got)
	}
}

// TestAboutSheet checks that the About sheet names the system, every tiebreak with its
// definition and assumption, the notes and the unreported matches.
func TestAboutSheet(t *testing.T) {
	ev := writertest.SmallEvent()
	r2 := ev.Rounds[1].Matches
	m := &r2[slices.IndexFunc(r2, func(m tbsheet.Match) bool { return m.P2 != tbsheet.NoPlayer })]
	// Not reported yet: counted as not played.
	m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
	st := writertest.Compute(ev, calc.Options{System: "mtg"})
	f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{})
	rows, err := f.GetRows("About")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, r := range rows {
		all = append(all, strings.Join(r, "|"))
	}
	text := strings.Join(all, "\n")
	want := []string{
		"System|Magic: The Gathering (MTR App. C) (mtg)",
		"Points|win 3, draw 1, loss 0, bye 3",
		"Rounds counted|1–3 (of 3 planned)",
		fmt.Sprintf("Players|%d ranked, %d registered", len(st.Rows), len(ev.Players)),
		fmt.Sprintf("round 2, table %d: %s vs %s", m.Table, ev.Players[m.P1].Name, ev.Players[m.P2].Name),
		"Generated|2026-05-18 19:30:00 +0000",
	}
	for i, d := range st.Columns {
		want = append(want, fmt.Sprintf("%d|%s|%s|%s|%s|%s", i+1, d.Short, d.ID, d.Name, d.Doc, d.Unverified))
	}
	want = append(want, i18n.Lang("en").Notes(st.Notes)...)
	if len(st.Unreported) != 1 {
		t.Fatalf("%d unreported matches, want 1", len(st.Unreported))
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("About lacks %q:\n%s", w, text)
		}
	}

	// In Japanese, what the standings are ranked by and the tiebreaks' names are Japanese.
	f = writeXLSX(t, st, Options{Lang: "ja", Now: writertest.Now}, XLSXConfig{})
	rows, err = f.GetRows(SheetNamesFor("ja").about)
	if err != nil {
		t.Fatal(err)
	}
	all = all[:0]
	for _, r := range rows {
		all = append(all, strings.Join(r, "|"))
	}
	text = strings.Join(all, "\n")
	for _, w := range []string{label("ja", "ranked-by") + "|勝ち点", "|" + i18n.Lang("ja").Note(st.Columns[0].Names) + "|"} {
		if !strings.Contains(text, w) {
			t.Errorf("ja About lacks %q:\n%s", w, text)
		}
	}
}

// TestStandingsXLSXPresets writes the standings of a 64-player event under every preset with
// every tiebreak shown, and checks every cell, every formula (evaluated by excelize) and
// every display.
func TestStandingsXLSXPresets(t *testing.T) {
	for _, gamesUnknown := range []bool{false, true} {
		for _, st := range writertest.PresetStandings(64, 6, 7, gamesUnknown) {
			t.Run(fmt.Sprintf("%s, games unknown %v", st.System.Name, gamesUnknown), func(t *testing.T) {
				f := writeXLSX(t, st, Options{Now: writertest.Now}, XLSXConfig{})
				checkStandingsSheet(t, f, "Standings", st, "en", true)
				checkExplainSheet(t, f, "Explain", st, "en")
				rows, err := f.GetRows("Matches")
				if err != nil {
					t.Fatal(err)
				}
				writertest.CheckMatchList(t, st.Event, rows[1:], nil)
			})
		}
	}
}

// TestStandingsXLSXCutLine draws the top-cut line under the eighth player.
func TestStandingsXLSXCutLine(t *testing.T) {
	st := writertest.BigStandings(20)
	f := writeXLSX(t, st, Options{Cut: 8}, XLSXConfig{})
	for row := 2; row <= 12; row++ {
		id, err := f.GetCellStyle("Standings", tbsheet.CellName(2, row))
		if err != nil {
			t.Fatal(err)
		}
		s, err := f.GetStyle(id)
		if err != nil {
			t.Fatal(err)
		}
		line := slices.ContainsFunc(s.Border, func(b excelize.Border) bool { return b == cutLine })
		if line != (row == 9) {
			t.Errorf("row %d: cut line %v", row, line)
		}
	}
}

// TestExplainSheetTranslated: the Explain sheet of a Chinese or Japanese workbook gives each
// figure's note in the language ("战胜 Ann（第2轮）"), not calc's English ("beat Ann (round 2)").
func TestExplainSheetTranslated(t *testing.T) {
	var st *calc.Standings
	for _, s := range writertest.PresetStandings(12, 4, 5, false) {
		if s.System.Name == "challonge" {
			st = s
		}
	}
	for lang, word := range map[string]string{"zh": "战胜", "ja": "に勝ち"} {
		f := writeXLSX(t, st, Options{Lang: lang, Now: writertest.Now}, XLSXConfig{})
		rows, err := f.GetRows(SheetNamesFor(lang).explain)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, row := range rows[1:] {
			for k, cell := range row {
				if k < 2 { // rank and name
					continue
				}
				if strings.Contains(cell, "beat ") || strings.Contains(cell, "(round ") {
					t.Errorf("%s: %q is English", lang, cell)
				}
				found = found || strings.Contains(cell, word)
			}
		}
		if !found {
			t.Errorf("%s: no note says %q: the test checks nothing", lang, word)
		}
	}
}
