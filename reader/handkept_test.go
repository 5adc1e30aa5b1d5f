package reader

import (
	"archive/zip"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/internal/cutgen"
	"github.com/tbsheet/tbsheet/internal/golden"
)

// fixtureDir holds the hand-kept test files and their golden dumps. CSV files in legacy code
// pages are named .sjis, .gbk and .cp1252, so that tools reading every .csv as UTF-8 (the
// writer's glyph test) pass them by.
const fixtureDir = "../testdata/handkept"

// fixture is a hand-kept file built from a simulated event: build returns the event the file
// is meant to hold and the file's bytes.
type fixture struct {
	path    string // relative to the reader package
	players string // a --players file for this fixture, relative to fixtureDir
	build   func() (*tbsheet.Event, []byte, error)
}

// TestHandkeptFixtures reads every fixture and sample and checks (1) that the reader found
// the event the builder meant (names, rounds, tables, results, games, drops, ratings, ids) and
// (2) the full dump, positions and notes included, against its golden file. With -update it
// first rewrites the files themselves, then the golden dumps.
func TestHandkeptFixtures(t *testing.T) {
	for _, fx := range handkeptFixtures() {
		t.Run(filepath.Base(fx.path), func(t *testing.T) {
			want, data, err := fx.build()
			if err != nil {
				t.Fatal(err)
			}
			if old, _ := os.ReadFile(fx.path); golden.Updating() && !sameContent(old, data) {
				if err := os.WriteFile(fx.path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var opt Options
			if fx.players != "" {
				players, err := os.ReadFile(filepath.Join(fixtureDir, fx.players))
				if err != nil {
					t.Fatal(err)
				}
				if opt.Players, err = readPlayersBytes(players, fx.players); err != nil {
					t.Fatal(err)
				}
			}
			data, err = os.ReadFile(fx.path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ReadBytes(data, filepath.Base(fx.path), "", opt)
			if err != nil {
				t.Fatalf("%v\n%s", err, listErrors(err))
			}
			if g, w := semantic(got), semantic(want); g != w {
				t.Errorf("read differs from what was written:\n%s", golden.Diff(w, g))
			}
			base := filepath.Base(fx.path)
			golden.Check(t, filepath.Join(fixtureDir, strings.TrimSuffix(base, filepath.Ext(base))+".golden"), golden.Event(got))
		})
	}
}

// TestSampleF1 keeps samples/f1.csv (fixture F1 of docs/tiebreakers.md#how-a-standings-is-ranked) readable as the
// spec describes it: B absent in round 3, so dropped after round 2.
func TestSampleF1(t *testing.T) {
	ev, err := Read("../samples/f1.csv", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `players:
  Alice
  Bob dropped=2
  Carol
  Dave
  Erin
round 1:
  T1 Alice – Bob: win 2-0
  T2 Carol – Dave: win 2-1
  Erin – BYE: bye
round 2:
  T1 Carol – Alice: win 2-1
  T2 Erin – Bob: win 2-0
  Dave – BYE: bye
round 3:
  T1 Carol – Erin: draw 1-1
  T2 Alice – Dave: win 2-0
`
	if got := semantic(ev); got != want {
		t.Errorf("f1.csv:\n%s", golden.Diff(want, got))
	}
}

// semantic prints what an event says, without positions or notes: players sorted by name,
// then each round's matches in order.
func semantic(ev *tbsheet.Event) string {
	var b strings.Builder
	b.WriteString("players:\n")
	players := slices.Clone(ev.Players)
	slices.SortFunc(players, func(x, y tbsheet.Player) int { return cmp.Compare(x.Name, y.Name) })
	for _, p := range players {
		fmt.Fprintf(&b, "  %s%s\n", p.Name, playerFacts(p))
	}
	for _, r := range ev.Rounds {
		kind := "round"
		if r.Playoff {
			kind = "playoff round"
		}
		fmt.Fprintf(&b, "%s %d:\n", kind, r.Number)
		for _, m := range r.Matches {
			fmt.Fprintf(&b, "  %s\n", matchLine(ev, m))
		}
	}
	return b.String()
}

func playerFacts(p tbsheet.Player) string {
	var s string
	if p.ID != p.Name {
		s += fmt.Sprintf(" id=%q", p.ID)
	}
	if p.DroppedAfter > 0 {
		s += fmt.Sprintf(" dropped=%d", p.DroppedAfter)
	}
	if p.Rating > 0 {
		s += fmt.Sprintf(" rating=%d", p.Rating)
	}
	return s
}

func matchLine(ev *tbsheet.Event, m tbsheet.Match) string {
	var s string
	if m.Table > 0 {
		s = fmt.Sprintf("T%d ", m.Table)
	}
	p2 := "BYE"
	if m.P2 != tbsheet.NoPlayer {
		p2 = ev.Players[m.P2].Name
	}
	s += fmt.Sprintf("%s – %s: %s", ev.Players[m.P1].Name, p2, m.Result)
	if m.Games.Known {
		s += " " + m.Games.String()
	}
	if m.Score.Known {
		s += fmt.Sprintf(" points %s-%s", m.Score.P1, m.Score.P2)
	}
	return s
}

func listErrors(err error) string {
	var b strings.Builder
	for _, e := range tbsheet.Errors(err) {
		b.WriteString("  " + e.Error() + "\n")
	}
	return b.String()
}

// handkeptFixtures lists the test files and samples with how each is built.
func handkeptFixtures() []fixture {
	fx := func(name string, build func() (*tbsheet.Event, []byte, error)) fixture {
		return fixture{path: filepath.Join(fixtureDir, name), build: build}
	}
	std := []string{"round", "table", "p1", "p2", "result"}
	perRound := []string{"table", "p1", "p2", "result"}
	return []fixture{
		fx("matchlist-en.xlsx", func() (*tbsheet.Event, []byte, error) {
			people := entrants(englishNames[:13])
			people[4].Drop, people[12].Late = 2, 2
			ev := simulate(1, people, 4, 0, 1)
			l := layout{lang: "en", cols: std, bye: "BYE", result: byeEmpty}
			s := sheet{name: "Matches", rows: l.matchRows(ev, ev.Rounds), bold: 1, widths: []float64{8, 7, 20, 20, 9}}
			s = mergeRoundCells(s, 0)
			data, err := workbookBytes(titled(s, "Thursday Modern League — Dragon's Den Games", "Week 9 · 2026-03-05", ""))
			return ev, data, err
		}),
		fx("matchlist-zh.xlsx", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(2, entrants(chineseNames[:10]), 4, 0, 0)
			l := layout{lang: "zh", cols: std, bye: "轮空", number: asText,
				result: func(m tbsheet.Match) string {
					if m.Games.Known && m.Games.Drawn == 0 {
						return fmt.Sprintf("%d比%d", m.Games.P1, m.Games.P2)
					}
					return byeEmpty(m)
				}}
			data, err := workbookBytes(titled(sheet{name: "对阵", rows: l.matchRows(ev, ev.Rounds)}, "周五晚游戏王店赛 第12期"))
			return ev, data, err
		}),
		fx("matchlist-ja.xlsx", func() (*tbsheet.Event, []byte, error) {
			people := entrants(japaneseNames)
			people[7].Drop = 2
			ev := simulate(3, people, 4, 0, 0)
			forgetGames(ev, 2) // every other match written ○ × △
			l := layout{lang: "ja", cols: std, bye: "BYE", result: japaneseResult,
				number: func(n int) any { return fmt.Sprintf("%d.0", n) }}
			data, err := workbookBytes(sheet{name: "対戦表", rows: l.matchRows(ev, ev.Rounds)})
			return ev, data, err
		}),
		fx("perround-en.xlsx", func() (*tbsheet.Event, []byte, error) {
			people := entrants(englishNames[:14])
			for i := range people {
				people[i].ID = fmt.Sprintf("00%08d", 31870000+i*7919)
			}
			people[3].Drop, people[9].Drop, people[13].Late = 3, 2, 2
			ev := rated(simulate(4, people, 5, 0, 0), people)
			listed := playersWithoutDrop(ev, 9) // dropped, but the organizer did not write it down
			sheets := []sheet{{name: "Players", rows: playerRows(listed, "en", true, true), bold: 1}}
			sheets = append(sheets, roundSheets(ev, layout{lang: "en", cols: perRound, bye: "BYE"})...)
			data, err := workbookBytes(sheets...)
			return ev, data, err
		}),
		fx("perround-zh.xlsx", func() (*tbsheet.Event, []byte, error) {
			people := entrants(chineseNames[:12])
			people[5].Drop = 2
			ev := rated(simulate(5, people, 4, 0, 0), people)
			sheets := roundSheets(ev, layout{lang: "zh", cols: perRound, bye: "轮空", result: byeEmpty})
			sheets = append(sheets, sheet{name: "选手名单", rows: playerRows(ev, "zh", false, true)})
			data, err := workbookBytes(sheets...)
			return ev, data, err
		}),
		fx("perround-ja.xlsx", func() (*tbsheet.Event, []byte, error) {
			people := entrants(japaneseNames[:9])
			people[2].Drop = 3
			ev := simulate(6, people, 4, 0, 0)
			sheets := []sheet{{name: "参加者", rows: playerRows(ev, "ja", false, false)}}
			for i, s := range roundSheets(ev, layout{lang: "ja", cols: perRound, bye: "不戦勝", result: byeEmpty}) {
				if i >= 2 {
					s.name = strings.TrimPrefix(s.name, "第") // "第2回戦", then "3回戦"
				}
				sheets = append(sheets, s)
			}
			data, err := workbookBytes(sheets...)
			return ev, data, err
		}),
		fx("topcut.xlsx", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(7, entrants(englishNames), 5, 8, 0)
			sheets := roundSheets(ev, layout{lang: "en", cols: perRound, bye: "BYE"})
			sheets[5].name, sheets[6].name = "Top 8", "Top 4" // Final stays "Final"
			data, err := workbookBytes(sheets...)
			return ev, data, err
		}),
		fx("topcut-qf.xlsx", func() (*tbsheet.Event, []byte, error) {
			// topcut.xlsx's Swiss rounds, its quarterfinals paired by tbsheet and waiting for
			// their results: the top cut as it begins.
			ev := simulate(7, entrants(englishNames), 5, 0, 0)
			if err := cutgen.Play(ev, calc.Options{}, 8, 0, 0); err != nil {
				return nil, nil, err
			}
			sheets := roundSheets(ev, layout{lang: "en", cols: perRound, bye: "BYE"})
			sheets[5].name = "Top 8"
			data, err := workbookBytes(sheets...)
			return ev, data, err
		}),
		fx("topcut-sf.csv", func() (*tbsheet.Event, []byte, error) {
			// A match list whose quarterfinals are played and whose semifinals are paired,
			// one result in.
			ev := simulate(19, entrants(englishNames[:14]), 4, 0, 0)
			if err := cutgen.Play(ev, calc.Options{}, 8, 1, 1); err != nil {
				return nil, nil, err
			}
			data, err := csvBytes(enMatchList.matchRows(ev, ev.Rounds), ",", false, nil)
			return ev, data, err
		}),
		fx("games-columns.xlsx", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(8, entrants(englishNames[5:16]), 4, 0, 0)
			for _, r := range ev.Rounds {
				for i, m := range r.Matches {
					switch m.Result {
					case tbsheet.Bye:
						r.Matches[i].Games = tbsheet.Games{Known: true, P1: 2}
					case tbsheet.IntentionalDraw:
						r.Matches[i].Result = tbsheet.Draw // 0-0-3 in the game columns reads as a draw
					}
				}
			}
			l := layout{lang: "en", cols: []string{"round", "table", "p1", "p2", "p1wins", "p2wins", "draws"}}
			data, err := workbookBytes(sheet{name: "Results", rows: l.matchRows(ev, ev.Rounds), bold: 1})
			return ev, data, err
		}),
		fx("formulas.xlsx", formulaWorkbook),
		fx("messy.xlsx", messyWorkbook),
		fx("blocks.xlsx", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(11, entrants(englishNames[8:16]), 3, 4, 0)
			l := layout{lang: "en", cols: perRound, bye: "BYE"}
			var rows [][]any
			for _, r := range ev.Rounds {
				title := "Round " + strconv.Itoa(r.Number)
				if r.Playoff {
					title = handkept.PlayoffName(playoffStage(ev, r), "en")
				}
				rows = append(rows, []any{title})
				rows = append(rows, l.matchRows(ev, []tbsheet.Round{r})...)
				rows = append(rows, nil)
			}
			data, err := workbookBytes(sheet{name: "Store Championship", rows: rows})
			return ev, data, err
		}),
		fx("semicolon-bom.csv", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(12, entrants(europeanNames), 3, 0, 0)
			l := layout{lang: "en", cols: std, bye: "BYE"}
			data, err := csvBytes(l.matchRows(ev, ev.Rounds), ";", true, nil)
			return ev, data, err
		}),
		fx("tab.tsv", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(13, entrants(englishNames[:8]), 3, 0, 0)
			forgetGames(ev, 3)
			l := layout{lang: "en", cols: std, bye: ""}
			data, err := csvBytes(l.matchRows(ev, ev.Rounds), "\t", false, nil)
			return ev, data, err
		}),
		fx("ja-shiftjis.sjis", func() (*tbsheet.Event, []byte, error) {
			return legacyCSV(14, japaneseNames, "ja", japanese.ShiftJIS)
		}),
		fx("zh-gbk.gbk", func() (*tbsheet.Event, []byte, error) {
			return legacyCSV(15, chineseNames[:10], "zh", simplifiedchinese.GBK)
		}),
		fx("latin-cp1252.cp1252", func() (*tbsheet.Event, []byte, error) {
			latin1 := slices.DeleteFunc(slices.Clone(europeanNames), func(n string) bool { return strings.HasPrefix(n, "Ł") })
			ev, data, err := legacyCSV(16, latin1, "en", charmap.Windows1252)
			return ev, append([]byte("sep=,\r\n"), data...), err
		}),
		fx("points.csv", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(17, entrants(chineseNames[6:16]), 3, 0, 0)
			addPoints(ev)
			for _, r := range ev.Rounds {
				for i := range r.Matches {
					r.Matches[i].Table = 0 // no Table column
				}
			}
			l := layout{lang: "en", cols: []string{"round", "p1", "p2", "result", "p1points", "p2points"}, bye: "BYE"}
			data, err := csvBytes(l.matchRows(ev, ev.Rounds), ",", false, nil)
			return ev, data, err
		}),
		fx("topcut-matchlist.csv", func() (*tbsheet.Event, []byte, error) {
			ev := simulate(18, entrants(englishNames[:12]), 4, 8, 0)
			l := layout{lang: "en", cols: std, bye: "BYE"}
			data, err := csvBytes(l.matchRows(ev, ev.Rounds), ",", false, nil)
			return ev, data, err
		}),
		{path: filepath.Join(fixtureDir, "roster-matches.csv"), players: "roster.csv", build: rosterFiles},
		{path: "../samples/fnm-store.xlsx", build: fnmSample},
		{path: "../samples/yugioh-cn.xlsx", build: yugiohSample},
	}
}

var europeanNames = []string{"Jürgen Weiß", "Łukasz Nowak", "Émilie Durand", "Søren Ødegaard", "Inés García",
	"Matthias Groß", "Zoë Lefèvre", "Anaïs Moreau", "Björn Åström"}

func byeEmpty(m tbsheet.Match) string {
	if m.Result == tbsheet.Bye {
		return ""
	}
	return handkept.FormatResultCell(m)
}

func asText(n int) any { return strconv.Itoa(n) }

// japaneseResult writes ○ × △ for results without games.
func japaneseResult(m tbsheet.Match) string {
	if !m.Games.Known {
		switch m.Result {
		case tbsheet.Win:
			return "○"
		case tbsheet.Loss:
			return "×"
		case tbsheet.Draw:
			return "△"
		}
	}
	return byeEmpty(m)
}

// forgetGames drops the game counts of every nth played match, as when an organizer writes
// only who won.
func forgetGames(ev *tbsheet.Event, nth int) {
	k := 0
	for _, r := range ev.Rounds {
		for i, m := range r.Matches {
			if m.Result == tbsheet.Win || m.Result == tbsheet.Loss || m.Result == tbsheet.Draw {
				if k++; k%nth == 0 {
					r.Matches[i].Games = tbsheet.Games{}
				}
			}
		}
	}
}

// playersWithoutDrop returns a copy of ev whose player i has no Dropped After written down.
func playersWithoutDrop(ev *tbsheet.Event, i int) *tbsheet.Event {
	c := *ev
	c.Players = slices.Clone(ev.Players)
	c.Players[i].DroppedAfter = 0
	return &c
}

// roundSheets lays out one sheet per round, named as tbsheet writes them.
func roundSheets(ev *tbsheet.Event, l layout) []sheet {
	var out []sheet
	for _, r := range ev.Rounds {
		name := handkept.RoundSheetName(r.Number, l.lang)
		if r.Playoff {
			name = handkept.PlayoffName(playoffStage(ev, r), l.lang)
		}
		out = append(out, sheet{name: name, rows: l.matchRows(ev, []tbsheet.Round{r}), bold: 1})
	}
	return out
}

// mergeRoundCells keeps the round number only on the first row of each round and merges
// the column down the round's rows, as organizers format match lists.
func mergeRoundCells(s sheet, col int) sheet {
	start := 1
	for r := 2; r <= len(s.rows); r++ {
		if r < len(s.rows) && fmt.Sprint(s.rows[r][col]) == fmt.Sprint(s.rows[start][col]) {
			s.rows[r][col] = nil
			continue
		}
		if r-1 > start {
			s.merges = append(s.merges, [2]string{tbsheet.CellName(col+1, start+1), tbsheet.CellName(col+1, r)})
		}
		start = r
	}
	return s
}

// legacyCSV writes a match list in a legacy code page with the language's headers.
func legacyCSV(seed uint64, names []string, lang string, enc encoding.Encoding) (*tbsheet.Event, []byte, error) {
	ev := simulate(seed, entrants(names), 3, 0, 0)
	l := layout{lang: lang, cols: []string{"round", "table", "p1", "p2", "result"}, bye: "BYE"}
	data, err := csvBytes(l.matchRows(ev, ev.Rounds), ",", false, enc)
	return ev, data, err
}

// addPoints gives played matches point scores, the winner scoring more.
func addPoints(ev *tbsheet.Event) {
	for _, r := range ev.Rounds {
		for i, m := range r.Matches {
			if m.P2 == tbsheet.NoPlayer || !m.Games.Known {
				continue
			}
			a, b := int64(4*m.Games.P1+m.Table%3), int64(4*m.Games.P2+r.Number%3)
			if m.Result == tbsheet.Draw || m.Result == tbsheet.IntentionalDraw {
				b = a
			} else if (m.Result == tbsheet.Win) != (a > b) {
				a, b = b, a
			}
			r.Matches[i].Score = tbsheet.Score{Known: true, P1: exact.Int(a), P2: exact.Int(b)}
		}
	}
}

// formulaWorkbook builds a match list whose player cells look names up on the Players sheet
// and whose Result joins two game columns, all with the values Excel saved with them. Empty
// results (byes, an unreported match) are saved as Excel does: an empty string value.
func formulaWorkbook() (*tbsheet.Event, []byte, error) {
	ev := simulate(9, entrants(englishNames[10:20]), 3, 0, 1)
	rows := [][]any{{"Round", "Table", "Player 1", "Player 2", "Result", "g1", "g2", "Notes"}}
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			n := len(rows) + 1
			ref := func(p int) any {
				if p == tbsheet.NoPlayer {
					return "BYE"
				}
				return excelizeCell(fmt.Sprintf("Players!A%d", p+2), ev.Players[p].Name)
			}
			var g1, g2 any
			if m.Games.Known {
				g1, g2 = m.Games.P1, m.Games.P2
			}
			rows = append(rows, []any{r.Number, tableOrNil(m.Table), ref(m.P1), ref(m.P2),
				excelizeCell(fmt.Sprintf(`IF(F%d="","",F%d&"-"&G%d)`, n, n, n), handkept.FormatResultCell(m)), g1, g2})
		}
	}
	data, err := workbookBytes(sheet{name: "Players", rows: playerRows(ev, "en", false, false)},
		sheet{name: "Matches", rows: rows})
	if err != nil {
		return nil, nil, err
	}
	// StreamWriter leaves out an empty value; Excel writes <v></v> for an empty-string result.
	data, err = patchZip(data, "xl/worksheets/sheet2.xml", "</f></c>", "</f><v></v></c>")
	return ev, data, err
}

// messyWorkbook is a match list as typed in a hurry: two merged title rows, round numbers
// formatted as dates, table numbers stored as text, "2.0" round numbers, blank rows between
// rounds, full-width and spaced results, a name typed with other spacing and case, and notes
// below the table.
func messyWorkbook() (*tbsheet.Event, []byte, error) {
	ev := simulate(10, entrants(englishNames[:9]), 3, 0, 0)
	l := layout{lang: "en", cols: []string{"round", "table", "p1", "p2", "result"}, bye: "bye",
		cell: func(key string, row int, v any) any {
			switch {
			case key == "round" && row%3 == 0:
				return fmt.Sprintf("%v.0", v)
			case key == "round":
				return formatted{v, 14} // m/d/yyyy: Excel shows 1/1/1900 for round 1
			case key == "table" && v != nil:
				return fmt.Sprint(v)
			case key == "result" && row%4 == 1 && v != nil:
				return strings.ReplaceAll(strings.ReplaceAll(fmt.Sprint(v), "-", "－"), "2", "２")
			case key == "result" && row%4 == 2 && v != nil:
				return strings.ReplaceAll(fmt.Sprint(v), "-", " - ")
			case (key == "p1" || key == "p2") && v == ev.Players[0].Name && row > 6:
				return "  " + strings.ToUpper(strings.ReplaceAll(ev.Players[0].Name, " ", "  "))
			}
			return v
		}}
	all := l.matchRows(ev, ev.Rounds)
	rows, i := [][]any{all[0]}, 1
	for n, r := range ev.Rounds {
		if n > 0 {
			rows = append(rows, nil) // a blank row between rounds
		}
		rows = append(rows, all[i:i+len(r.Matches)]...)
		i += len(r.Matches)
	}
	rows = append(rows, nil, []any{"Notes:"}, []any{nil, nil, "Round 2 started late (judge call at table 3)."},
		[]any{nil, nil, "Prizes: 1 pack per match win."})
	s := titled(sheet{name: "Sheet1", rows: rows}, "Casual Commander Night", "Organizer: Sam")
	data, err := workbookBytes(s)
	return ev, data, err
}

// excelizeCell is a formula cell with the value Excel saved for it ("" = an empty string).
func excelizeCell(formula string, value any) any {
	if value == "" {
		value = nil
	}
	return excelize.Cell{Formula: formula, Value: value}
}

func tableOrNil(t int) any {
	if t == 0 {
		return nil
	}
	return t
}

// rosterFiles builds a players CSV (roster.csv, with IDs, a drop and ratings) and a match
// list that names some players by ID, as with a membership-number column copied in.
func rosterFiles() (*tbsheet.Event, []byte, error) {
	people := entrants(englishNames[2:12])
	for i := range people {
		people[i].ID = fmt.Sprintf("%d", 1000+i*17)
	}
	people[6].Drop = 2
	ev := rated(simulate(19, people, 3, 0, 0), people)
	roster, err := csvBytes(playerRows(ev, "en", true, true), ",", false, nil)
	if err != nil {
		return nil, nil, err
	}
	if golden.Updating() {
		if err := os.WriteFile(filepath.Join(fixtureDir, "roster.csv"), roster, 0o644); err != nil {
			return nil, nil, err
		}
	}
	l := layout{lang: "en", cols: []string{"round", "table", "p1", "p2", "result"}, bye: "BYE",
		cell: func(key string, row int, v any) any {
			if key == "p2" && row%2 == 0 && v != "BYE" && v != nil {
				return ev.Players[slices.IndexFunc(ev.Players, func(p tbsheet.Player) bool { return p.Name == v })].ID
			}
			return v
		}}
	data, err := csvBytes(l.matchRows(ev, ev.Rounds), ",", false, nil)
	return ev, data, err
}

// sameContent reports whether two files hold the same bytes, or for workbooks the same
// parts: excelize stamps the zip entries with the time of writing.
func sameContent(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	parts := func(data []byte) map[string]string {
		m := map[string]string{}
		if len(data) == 0 || rewriteZipParts(data, func(name string, b []byte) { m[name] = string(b) }) != nil {
			return nil
		}
		return m
	}
	pa, pb := parts(a), parts(b)
	return len(pa) > 0 && maps.Equal(pa, pb)
}

// patchZip replaces text in one part of a zip archive.
func patchZip(data []byte, part, old, repl string) ([]byte, error) {
	return rewriteZip(data, func(name string, b []byte) []byte {
		if name == part {
			b = bytes.ReplaceAll(b, []byte(old), []byte(repl))
		}
		return b
	}, "", nil)
}

// appendZipPart returns the archive data (nil = none) with one more part.
func appendZipPart(data []byte, name string, content []byte) ([]byte, error) {
	return rewriteZip(data, nil, name, content)
}

// rewriteZip copies a zip archive through edit, appending the part add when it is named.
func rewriteZip(data []byte, edit func(name string, b []byte) []byte, add string, content []byte) ([]byte, error) {
	var files []*zip.File
	if len(data) > 0 {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, err
		}
		files = zr.File
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	write := func(name string, b []byte) error {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write(b)
		}
		return err
	}
	for _, f := range files {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		if edit != nil {
			b = edit(f.Name, b)
		}
		if err := write(f.Name, b); err != nil {
			return nil, err
		}
	}
	if add != "" {
		if err := write(add, content); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// TestHandkeptColours: a match list whose Player 1 and Player 2 columns are White and Black
// (en, zh, ja) gives every game with an opponent Player 1 White; other headers give no
// colour, nor does a bye.
func TestHandkeptColours(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   tbsheet.Color
	}{
		{"Round,White,Black,Result", tbsheet.White},
		{"轮次,白方,黑方,比分", tbsheet.White},
		{"轮次,白,黑,比分", tbsheet.White},
		{"ラウンド,白,黒,結果", tbsheet.White},
		{"Round,Player 1,Player 2,Result", tbsheet.ColorUnknown},
		{"Round,Home,Away,Result", tbsheet.ColorUnknown},
	} {
		data := tc.header + "\n1,Ann,Bob,½-½\n1,Cy,,BYE\n2,Bob,Cy,1-0\n2,Ann,,BYE\n"
		ev, err := ReadBytes([]byte(data), "chess.csv", "csv", Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.header, err)
		}
		for _, rd := range ev.Rounds {
			for _, m := range rd.Matches {
				want := tc.want
				if m.P2 == tbsheet.NoPlayer {
					want = tbsheet.ColorUnknown
				}
				if m.Color != want {
					t.Errorf("%s: round %d, %s: colour %d, want %d", tc.header, rd.Number, ev.Players[m.P1].Name, m.Color, want)
				}
			}
		}
		if r := ev.Rounds[0].Matches[0].Result; r != tbsheet.Draw {
			t.Errorf("%s: ½-½ read as %s", tc.header, r)
		}
	}
}
