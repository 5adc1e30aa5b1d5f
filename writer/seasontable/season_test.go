package seasontable

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/season"
	"github.com/xuri/excelize/v2"
)

// testSeason is a season of three generated events of 12 to 20 players drawn from one pool
// of 24 names (so that players meet again), one event doubled, places and results both
// paying, best 2 of 3.
func testSeason(rules season.Rules) *season.Standings {
	var events []season.Event
	for e := range 3 {
		ev := swissgen.Generate(swissgen.Realistic(12+4*e, 4, int64(e+1)))
		ev.Name, ev.Date, ev.Source = fmt.Sprintf("Locals %d", e+1), fmt.Sprintf("2026-0%d-01", e+1), fmt.Sprintf("locals-%d.xlsx", e+1)
		for i := range ev.Players {
			name := fmt.Sprintf("Player %c%c", 'A'+(i+5*e)%24, 'a'+i%3)
			ev.Players[i].ID, ev.Players[i].Name = name, name
		}
		st := calc.Final(writertest.Compute(ev, calc.Options{System: "mtg"}))
		events = append(events, season.Event{Name: ev.Name, Standings: st})
	}
	events[2].Multiplier = exact.Frac(3, 2)
	s, err := season.Compute(events, season.Options{Rules: rules, Name: "Spring League"})
	if err != nil {
		panic(err)
	}
	return s
}

var testSeasonRules = season.Rules{Places: []exact.Num{exact.Int(15), exact.Int(12), exact.Int(10), exact.Int(8)},
	PerWin: exact.Int(3), PerDraw: exact.Int(1), Attend: exact.Int(1), Best: 2}

// TestSeasonXLSX reopens the season's workbook: the Season sheet's points are formulas whose
// cached values are the season's exact points, its event cells point at the events' sheets,
// whose points are formulas over the Rules sheet.
func TestSeasonXLSX(t *testing.T) {
	for _, rules := range []season.Rules{testSeasonRules, {Tiers: []season.Tier{{Min: 1, Max: 15, Places: []exact.Num{exact.Int(5)}},
		{Min: 16, Places: []exact.Num{exact.Int(9), exact.Int(4)}}}, Best: 5}} {
		s := testSeason(rules)
		var b bytes.Buffer
		if err := writeXLSX(&b, s, writer.Options{Now: writertest.Now}, writer.XLSXConfig{}); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := f.GetSheetList(), []string{"Season", "Locals 1", "Locals 2", "Locals 3", "Rules"}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("sheets %v, want %v", got, want)
		}
		for i, r := range s.Rows {
			cell := "D" + strconv.Itoa(i+2)
			v, _ := f.GetCellValue("Season", cell)
			formula, _ := f.GetCellFormula("Season", cell)
			if v != seasonNum(r.Points) || formula == "" {
				t.Errorf("Season!%s = %q (formula %q), want %s", cell, v, formula, seasonNum(r.Points))
			}
			if rules.Best == 2 && !strings.Contains(formula, "LARGE(") {
				t.Errorf("Season!%s: %q counts every event, want the best 2", cell, formula)
			}
			for e := range s.Events {
				x := r.Result(e)
				cell := string(rune('F'+e)) + strconv.Itoa(i+2)
				formula, _ := f.GetCellFormula("Season", cell)
				if !x.Played {
					if formula != "" {
						t.Errorf("Season!%s: %q for an event not played", cell, formula)
					}
					continue
				}
				sheet, at, _ := strings.Cut(strings.Trim(formula, "'"), "'!")
				v, _ := f.GetCellValue(sheet, strings.ReplaceAll(at, "$", ""))
				pf, _ := f.GetCellFormula(sheet, strings.ReplaceAll(at, "$", ""))
				if v != seasonNum(x.Points) || pf == "" {
					t.Errorf("Season!%s → %s = %q (formula %q), want %s", cell, formula, v, pf, seasonNum(x.Points))
				}
			}
		}
		f.Close()
	}
}

// TestSeasonSheetNames: an event's name becomes a sheet's name a spreadsheet takes, told
// apart from the others and from the Season and Rules sheets.
func TestSeasonSheetNames(t *testing.T) {
	s := testSeason(testSeasonRules)
	for i, name := range []string{"Rules", "a/b:c*d?[e]", "A very long event name that goes on past thirty-one"} {
		s.Events[i].Name = name
	}
	sb := &seasonBook{sw: seasonWords{s, "en"}, rules: "Rules"}
	sb.nameSheets()
	want := []string{"Rules (2)", "a b c d e", "A very long event name that goe"}
	if strings.Join(sb.sheets, "|") != strings.Join(want, "|") {
		t.Errorf("sheets %q, want %q", sb.sheets, want)
	}
}

// TestSeasonOutputs writes every format in every language: the table and CSV list every
// player, the JSON has the documented shape, the PDF renders every character.
func TestSeasonOutputs(t *testing.T) {
	s := testSeason(testSeasonRules)
	for _, lang := range i18n.Langs() {
		var warnings []string
		opt := writer.Options{Now: writertest.Now, Lang: lang, Cut: 4, Warn: func(m string) { warnings = append(warnings, m) }}
		for _, ext := range Product.Exts() {
			data, err := Product.Render("season"+ext, s, opt)
			if err != nil || len(data) == 0 {
				t.Fatalf("%s %s: %v", lang, ext, err)
			}
			if ext == ".pdf" && writertest.PDFPages(data) < 1 {
				t.Errorf("%s: no page", lang)
			}
		}
		if len(warnings) > 0 {
			t.Errorf("%s: %v", lang, warnings)
		}
		var b bytes.Buffer
		if err := WriteTable(&b, s, opt); err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Players {
			if !strings.Contains(b.String(), p.Name) {
				t.Errorf("%s: the table lacks %s", lang, p.Name)
			}
		}
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Standings []struct {
			Rank   int     `json:"rank"`
			Name   string  `json:"name"`
			Points float64 `json:"points"`
			Events []struct {
				Event   string  `json:"event"`
				Place   int     `json:"place"`
				Points  float64 `json:"points"`
				Counted bool    `json:"counted"`
			} `json:"events"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Standings) != len(s.Rows) {
		t.Fatalf("%d players in the JSON, want %d", len(doc.Standings), len(s.Rows))
	}
	for i, r := range doc.Standings {
		sum := 0.0
		for _, e := range r.Events {
			if e.Counted {
				sum += e.Points
			}
		}
		if sum != r.Points || r.Points != s.Rows[i].Points.Float64() {
			t.Errorf("%s: points %v, counted events add up to %v, want %v", r.Name, r.Points, sum, s.Rows[i].Points)
		}
	}
}

// FuzzSeasonWriters feeds arbitrary player, event and season names into every season
// writer in every language: none may panic, each must write its output.
func FuzzSeasonWriters(f *testing.F) {
	for _, seed := range [][3]string{{"Dragon 🐉 Slayer", "Friday 🎴 Magic", "League"}, {"=HYPERLINK(\"x\")", "'quoted'", "-1"},
		{"\x00\x1b[31m\u202eevil", "a/b:c*d?[e]", "\ufeff"}, {"bad \xff utf-8", "", ""}} {
		f.Add(seed[0], seed[1], seed[2], uint8(0))
	}
	f.Fuzz(func(t *testing.T, name, event, title string, opts uint8) {
		s := testSeason(testSeasonRules)
		s.Players[int(opts)%len(s.Players)].Name = name
		s.Events[int(opts)%len(s.Events)].Name = event
		s.Name = title
		langs := i18n.Langs()
		opt := writer.Options{Now: writertest.Now, Lang: langs[int(opts)%len(langs)], Cut: int(opts % 5)}
		for _, ext := range Product.Exts() {
			if data, err := Product.Render("s"+ext, s, opt); err != nil || len(data) == 0 {
				t.Errorf("%s: %v", ext, err)
			}
		}
		if err := WriteTable(&bytes.Buffer{}, s, opt); err != nil {
			t.Errorf("table: %v", err)
		}
	})
}
