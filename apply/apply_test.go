package apply

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/topcut"
)

// layouts are the hand-kept inputs of every layout the readers accept: match lists and
// sheets per round in English, Chinese and Japanese, CSV files in UTF-8 with and without a
// byte-order mark, with semicolons, and in Windows-1252.
var layouts = []string{
	"../samples/fnm-store.xlsx",
	"../samples/yugioh-cn.xlsx",
	"../testdata/handkept/matchlist-en.xlsx",
	"../testdata/handkept/matchlist-zh.xlsx",
	"../testdata/handkept/matchlist-ja.xlsx",
	"../testdata/handkept/perround-en.xlsx",
	"../testdata/handkept/perround-zh.xlsx",
	"../testdata/handkept/perround-ja.xlsx",
	"../testdata/handkept/messy.xlsx",
	"../testdata/handkept/games-columns.xlsx",
	"../testdata/handkept/roster-matches.csv",
	"../testdata/handkept/semicolon-bom.csv",
	"../testdata/handkept/latin-cp1252.cp1252",
	"../testdata/handkept/tab.tsv",
	"../testdata/handkept/formulas.xlsx",
	"../testdata/handkept/points.csv",
	"../testdata/handkept/ja-shiftjis.sjis",
	"../testdata/handkept/zh-gbk.gbk",
	"../samples/scenarios-rcq.xlsx",
}

func read(t *testing.T, path string, data []byte) *tbsheet.Event {
	t.Helper()
	from := "csv"
	if strings.HasSuffix(path, ".xlsx") {
		from = "xlsx"
	}
	ev, err := reader.ReadBytes(data, path, from, reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// roundsText writes an event's rounds by player name, for comparing two readings.
func roundsText(ev *tbsheet.Event) string {
	var b strings.Builder
	name := func(p int) string {
		if p == tbsheet.NoPlayer {
			return "-"
		}
		return ev.Players[p].Name
	}
	for _, r := range ev.Rounds {
		fmt.Fprintf(&b, "round %d playoff=%v\n", r.Number, r.Playoff)
		for _, m := range r.Matches {
			fmt.Fprintf(&b, "  %d %s %s %v %v\n", m.Table, name(m.P1), name(m.P2), m.Result, m.Games)
		}
	}
	return b.String()
}

// TestApplyEveryLayout pairs the next round of every layout (after entering the missing
// results of a round in play, if any), writes it in, and reads the file back: the same
// rounds plus the new one, which the pairing made; the input bytes are left alone.
func TestApplyEveryLayout(t *testing.T) {
	for _, path := range layouts {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			orig := bytes.Clone(data)
			ev := read(t, path, data)
			ev.PlannedRounds = 0
			p, err := swiss.Pair(ev, swiss.Options{Seed: 1})
			if errors.Is(err, swiss.ErrRoundInPlay) {
				// Enter the round's missing results, as the organizer does before pairing.
				r := ev.Rounds[len(ev.Rounds)-1]
				for i := range r.Matches {
					if r.Matches[i].Result == tbsheet.Unreported {
						r.Matches[i].Result = tbsheet.Win
					}
				}
				if data, err = typeResults(data, ev, r); err != nil {
					t.Fatal(err)
				}
				orig = bytes.Clone(data)
				ev = read(t, path, data)
				ev.PlannedRounds = 0
				p, err = swiss.Pair(ev, swiss.Options{Seed: 1})
			}
			if err != nil {
				t.Fatal(err)
			}
			out, err := Round(data, ev, p.Round, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, orig) {
				t.Fatal("Round changed its input bytes")
			}
			back := read(t, path, out)
			if strings.HasSuffix(path, ".xlsx") {
				sameOtherSheets(t, data, out, back)
			}
			want := *ev
			r := p.Round
			if _, ok := ev.Layout.Tables[0].Columns["table"]; !ok {
				// A list without a Table column keeps the round's order, not its numbers.
				r.Matches = slices.Clone(r.Matches)
				for i := range r.Matches {
					r.Matches[i].Table = 0
				}
			}
			want.Rounds = append(append([]tbsheet.Round{}, ev.Rounds...), r)
			if got, w := roundsText(back), roundsText(&want); got != w {
				t.Fatalf("read back:\n%s\nwant:\n%s", got, w)
			}
		})
	}
}

// TestApplyRunsAnEvent runs a whole event in a template's workbook: every Swiss round paired
// into its empty sheet (and a sheet made for the rounds beyond the template's), results
// typed, then a top 4 and its final in sheets of their own; the final standings come out.
func TestApplyRunsAnEvent(t *testing.T) {
	data, err := os.ReadFile("testdata/template-9.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	const path = "event.xlsx"
	results := []tbsheet.Result{tbsheet.Win, tbsheet.Loss, tbsheet.Draw}
	for round := 1; ; round++ {
		ev := read(t, path, data)
		var r tbsheet.Round
		stage := 0
		if round <= 4 {
			ev.PlannedRounds = 0 // one round more than the template's sheets
			p, err := swiss.Pair(ev, swiss.Options{Seed: uint64(round)})
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			r = p.Round
		} else {
			st, err := calc.Compute(ev, calc.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, err = topcut.Pair(st, 4)
			if errors.Is(err, topcut.ErrNotReady) {
				break // the final has its winner
			}
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			stage = 2 * len(r.Matches)
		}
		if data, err = Round(data, ev, r, stage); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		// Type the results into the round just written, as the organizer does.
		ev = read(t, path, data)
		last := ev.Rounds[len(ev.Rounds)-1]
		if last.Number != round || len(last.Matches) != len(r.Matches) {
			t.Fatalf("round %d read back as round %d with %d matches", round, last.Number, len(last.Matches))
		}
		for i := range last.Matches {
			if last.Matches[i].P2 != tbsheet.NoPlayer {
				last.Matches[i].Result = results[(i+round)%2] // no draws: the cut needs winners
				if !last.Playoff && i%5 == 4 {
					last.Matches[i].Result = results[2]
				}
			}
		}
		if data, err = typeResults(data, ev, last); err != nil {
			t.Fatal(err)
		}
		if round > 10 {
			t.Fatal("the event never ends")
		}
	}
	ev := read(t, path, data)
	st, err := calc.Compute(ev, calc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	final := calc.Final(st)
	if !final.Final || final.Rows[0].Finish != 1 {
		t.Fatalf("no final standings after the final: %+v", final.Rows[0])
	}
}

// typeResults writes the results of round r into the cells the reader read it from.
func typeResults(data []byte, ev *tbsheet.Event, r tbsheet.Round) ([]byte, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	games := map[tbsheet.Result][2]int{tbsheet.Win: {2, 0}, tbsheet.Loss: {0, 2}, tbsheet.Draw: {1, 1}}
	for _, m := range r.Matches {
		if m.P2 == tbsheet.NoPlayer {
			continue
		}
		cells := map[int]any{m.Pos.Col: handkept.FormatResultCell(m)}
		for _, t := range ev.Layout.Tables {
			_, hasResult := t.Columns["result"]
			c1, ok1 := t.Columns["p1wins"]
			c2, ok2 := t.Columns["p2wins"]
			if t.Sheet == m.Pos.Sheet && !hasResult && ok1 && ok2 {
				// Results kept as games won by each player.
				cells = map[int]any{c1 + 1: games[m.Result][0], c2 + 1: games[m.Result][1]}
			}
		}
		for col, v := range cells {
			cell, err := excelize.CoordinatesToCellName(col, m.Pos.Row)
			if err != nil {
				return nil, err
			}
			if err := f.SetCellValue(m.Pos.Sheet, cell, v); err != nil {
				return nil, err
			}
		}
	}
	var b bytes.Buffer
	err = f.Write(&b)
	return b.Bytes(), err
}

// sameOtherSheets checks that every sheet the new round was not written into holds the
// same cells after as before.
func sameOtherSheets(t *testing.T, before, after []byte, back *tbsheet.Event) {
	t.Helper()
	added := map[string]map[int]bool{} // the rows of the new round, by sheet
	for _, m := range back.Rounds[len(back.Rounds)-1].Matches {
		if added[m.Pos.Sheet] == nil {
			added[m.Pos.Sheet] = map[int]bool{}
		}
		added[m.Pos.Sheet][m.Pos.Row] = true
	}
	b, err := excelize.OpenReader(bytes.NewReader(before))
	if err != nil {
		t.Fatal(err)
	}
	a, err := excelize.OpenReader(bytes.NewReader(after))
	if err != nil {
		t.Fatal(err)
	}
	for _, sheet := range b.GetSheetList() {
		rb, _ := b.GetRows(sheet)
		ra, _ := a.GetRows(sheet)
		var kept [][]string
		for i, row := range ra {
			if !added[sheet][i+1] {
				kept = append(kept, row)
			}
		}
		ra = kept
		for len(ra) > len(rb) && len(ra[len(ra)-1]) == 0 {
			ra = ra[:len(ra)-1]
		}
		if fmt.Sprint(rb) != fmt.Sprint(ra) {
			t.Errorf("sheet %s changed:\nbefore %v\nafter  %v", sheet, rb, ra)
		}
		if !slices.Contains(a.GetSheetList(), sheet) {
			t.Errorf("sheet %s is gone", sheet)
		}
	}
}
