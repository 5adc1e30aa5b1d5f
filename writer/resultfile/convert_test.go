package resultfile

import (
	"bytes"
	"encoding/csv"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// testEvent returns a small event with every kind of result the match list must carry: game
// scores, bare W/L, an intentional draw, a double loss, forfeits, a bye, a half-point bye, a
// loss without opponent, an unreported match, a drop, ratings, colours, point scores and a
// playoff round.
func testEvent() *tbsheet.Event {
	g := func(p1, p2, d int) tbsheet.Games { return tbsheet.Games{Known: true, P1: p1, P2: p2, Drawn: d} }
	return &tbsheet.Event{
		Name: "Regional Championship 地区赛", Date: "2026-05-16", Source: "regional.tdf", Format: "tdf",
		System: "mtg", PlannedRounds: 3,
		Points: &tbsheet.Points{Win: exact.Int(3), Draw: exact.Int(1), Bye: exact.Int(3)},
		Players: []tbsheet.Player{
			{ID: "0012345678", Name: "Carol Smith", Rating: 1850},
			{ID: "0012345679", Name: "山田 太郎"},
			{ID: "0012345680", Name: "王小明", DroppedAfter: 2},
			{ID: "0012345681", Name: "Łukasz Żółć"},
			{ID: "0012345682", Name: "鈴木さくら"},
			{ID: "0012345683", Name: "=Mallory", Disqualified: true},
			{ID: "0012345684", Name: "Ana Lima"},
		},
		Rounds: []tbsheet.Round{
			{Number: 1, Matches: []tbsheet.Match{
				{Table: 1, P1: 0, P2: 1, Result: tbsheet.Win, Games: g(2, 1, 0), Color: tbsheet.White},
				{Table: 2, P1: 2, P2: 3, Result: tbsheet.IntentionalDraw, Games: g(0, 0, 3)},
				{Table: 3, P1: 4, P2: 5, Result: tbsheet.ForfeitWin},
				{P1: 6, P2: tbsheet.NoPlayer, Result: tbsheet.Bye},
			}},
			{Number: 2, Matches: []tbsheet.Match{
				{Table: 1, P1: 0, P2: 3, Result: tbsheet.Loss},
				{Table: 2, P1: 1, P2: 2, Result: tbsheet.DoubleLoss},
				{Table: 3, P1: 5, P2: 6, Result: tbsheet.ForfeitLoss,
					Score: tbsheet.Score{Known: true, P1: exact.Int(0), P2: exact.Frac(5, 2)}},
				{P1: 4, P2: tbsheet.NoPlayer, Result: tbsheet.HalfBye},
			}},
			{Number: 3, Matches: []tbsheet.Match{
				{Table: 1, P1: 3, P2: 6, Result: tbsheet.Draw, Games: g(1, 1, 1)},
				{Table: 2, P1: 0, P2: 4, Result: tbsheet.Unreported},
				{P1: 1, P2: tbsheet.NoPlayer, Result: tbsheet.LossNoOpponent},
			}},
			{Number: 4, Playoff: true, Matches: []tbsheet.Match{
				{Table: 1, P1: 3, P2: 0, Result: tbsheet.Win, Games: g(2, 0, 0), Color: tbsheet.Black},
			}},
		},
		Notes: []i18n.Note{i18n.N("text", "round 3 table 2 not reported yet")},
	}
}

// fileWriter is how p writes a file of the extension ext (with its byte order mark), for the
// tests of one format.
func fileWriter(p *writer.Product[*tbsheet.Event], ext string) func(io.Writer, *tbsheet.Event, writer.Options) error {
	return func(w io.Writer, ev *tbsheet.Event, opt writer.Options) error {
		data, err := p.Render("file"+ext, ev, opt)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
}

func TestEventJSONGolden(t *testing.T) {
	ev := testEvent()
	multi := &tbsheet.Event{Name: "League Cup", Source: "cup.tdf", Format: "tdf",
		Pods: []*tbsheet.Event{{Name: "League Cup", Pod: "Juniors", Players: []tbsheet.Player{{ID: "1", Name: "Kim"}}}}}
	for name, ev := range map[string]*tbsheet.Event{"event": ev, "event-pods": multi} {
		var b bytes.Buffer
		if err := fileWriter(Results, ".json")(&b, ev, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("..", "..", "testdata", "writer", name+".golden.json"), b.String())
	}
}

func TestMatchListCSV(t *testing.T) {
	var b bytes.Buffer
	if err := fileWriter(Results, ".csv")(&b, testEvent(), writer.Options{}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "..", "testdata", "writer", "matches.golden.csv"), b.String())
	out := strings.TrimPrefix(b.String(), writer.UTF8BOM)
	if len(out) == b.Len() {
		t.Error("no BOM")
	}
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	writertest.CheckMatchList(t, testEvent(), records[1:], map[string]string{"=Mallory": "'=Mallory"})
}

func TestConvertRefusesPods(t *testing.T) {
	ev := &tbsheet.Event{Pods: []*tbsheet.Event{testEvent(), testEvent()}}
	for _, ext := range []string{".csv", ".xlsx"} {
		if err := fileWriter(Results, ext)(&bytes.Buffer{}, ev, writer.Options{}); err == nil {
			t.Errorf("%s: a multi-pod event was flattened", ext)
		}
	}
}

func TestEventXLSX(t *testing.T) {
	for _, lang := range i18n.Langs() {
		var b bytes.Buffer
		if err := fileWriter(Results, ".xlsx")(&b, testEvent(), writer.Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		names := writer.SheetNamesFor(lang)
		if got := f.GetSheetList(); len(got) != 3 || got[0] != names.Matches || got[1] != names.Players || got[2] != names.Event {
			t.Errorf("%s: sheets %q", lang, got)
		}
		if handkept.SheetKind(names.Matches) != "matches" || handkept.SheetKind(names.Players) != "players" ||
			handkept.SheetKind(names.Event) != "event" {
			t.Errorf("%s: the hand-kept reader does not know the sheet names %q, %q, %q", lang, names.Matches, names.Players, names.Event)
		}
		event, err := f.GetRows(names.Event)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range event[1:] {
			if handkept.EventFieldKey(row[0]) == "" {
				t.Errorf("%s: Event row %q does not read back", lang, row)
			}
		}
		rows, err := f.GetRows(names.Matches)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range rows[0] {
			if handkept.ColumnKey(h) != writer.MatchListKeys[i] {
				t.Errorf("%s: header %q does not read as %s", lang, h, writer.MatchListKeys[i])
			}
		}
		writertest.CheckMatchList(t, testEvent(), rows[1:], nil)
		players, err := f.GetRows(names.Players)
		if err != nil {
			t.Fatal(err)
		}
		ev := testEvent()
		for i, p := range ev.Players {
			row := append(players[i+1], "", "", "", "")
			drop, rating := "", ""
			if p.DroppedAfter > 0 {
				drop = strconv.Itoa(p.DroppedAfter)
			}
			if p.Rating > 0 {
				rating = strconv.Itoa(p.Rating)
			}
			if row[0] != p.Name || row[1] != p.ID || row[2] != drop || row[3] != rating {
				t.Errorf("%s: player row %q, want %s %s %s %s", lang, row[:4], p.Name, p.ID, drop, rating)
			}
		}
		f.Close()
	}
}

// TestMatchListColours: a chess event whose every game has Player 1 White is written with
// White and Black headers (in the reader's language), and reads back with its colours; one
// with a game of unknown colours keeps Player 1 and Player 2.
func TestMatchListColours(t *testing.T) {
	for _, tc := range []struct {
		lang   string
		second tbsheet.Color
		header string
	}{
		{"en", tbsheet.White, "Round,Table,White,Black,Result"},
		{"zh", tbsheet.White, "轮次,桌号,白方,黑方,比分"},
		{"ja", tbsheet.White, "ラウンド,テーブル,白,黒,結果"},
		{"en", tbsheet.ColorUnknown, "Round,Table,Player 1,Player 2,Result"},
	} {
		ev := &tbsheet.Event{Players: []tbsheet.Player{{ID: "Ann", Name: "Ann"}, {ID: "Bob", Name: "Bob"}, {ID: "Cy", Name: "Cy"}},
			Rounds: []tbsheet.Round{
				{Number: 1, Matches: []tbsheet.Match{{P1: 0, P2: 1, Result: tbsheet.Draw, Color: tbsheet.White}, {P1: 2, P2: tbsheet.NoPlayer, Result: tbsheet.Bye}}},
				{Number: 2, Matches: []tbsheet.Match{{P1: 1, P2: 2, Result: tbsheet.Win, Color: tc.second}, {P1: 0, P2: tbsheet.NoPlayer, Result: tbsheet.Bye}}},
			}}
		var out bytes.Buffer
		if err := writeMatchListCSV(&out, ev, writer.Options{Lang: tc.lang}); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := strings.Cut(strings.TrimPrefix(out.String(), "\ufeff"), "\n"); strings.TrimSpace(got) != tc.header {
			t.Errorf("%s: header %q, want %q", tc.lang, got, tc.header)
		}
		back, err := reader.ReadBytes(out.Bytes(), "m.csv", "csv", reader.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if c := back.Rounds[1].Matches[0].Color; c != tc.second {
			t.Errorf("%s: round 2 colour %d, want %d\n%s", tc.lang, c, tc.second, out.String())
		}
	}
}
