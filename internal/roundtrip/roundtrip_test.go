// Package roundtrip_test holds the tests that join tbsheet's writers to its readers: a
// workbook or CSV that tbsheet writes must read back as the same event. The package has no
// code of its own; it exists because writer must not import reader (data flows one way).
package roundtrip_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
	"github.com/xuri/excelize/v2"
)

// event is a realistic small event: IDs with leading zeros, CJK names, a drop, a rating,
// game scores, an intentional draw, a double loss, forfeits, a bye, a half-point bye, a
// loss without opponent, an unreported match and a playoff round.
func event() *tbsheet.Event {
	g := func(p1, p2, d int) tbsheet.Games { return tbsheet.Games{Known: true, P1: p1, P2: p2, Drawn: d} }
	return &tbsheet.Event{
		Name: "Store Championship", PlannedRounds: 3,
		Players: []tbsheet.Player{
			{ID: "0012345678", Name: "Carol Smith", Rating: 1850},
			{ID: "0012345679", Name: "山田 太郎"},
			{ID: "0012345680", Name: "王小明", DroppedAfter: 2},
			{ID: "0012345681", Name: "Łukasz Żółć"},
			{ID: "0012345682", Name: "鈴木さくら"},
			{ID: "0012345683", Name: "Ana Lima"},
			{ID: "0012345684", Name: "Mehmet Öztürk"},
		},
		Rounds: []tbsheet.Round{
			{Number: 1, Matches: []tbsheet.Match{
				{Table: 1, P1: 0, P2: 1, Result: tbsheet.Win, Games: g(2, 1, 0)},
				{Table: 2, P1: 2, P2: 3, Result: tbsheet.IntentionalDraw, Games: g(0, 0, 3)},
				{Table: 3, P1: 4, P2: 5, Result: tbsheet.ForfeitWin},
				{P1: 6, P2: tbsheet.NoPlayer, Result: tbsheet.Bye},
			}},
			{Number: 2, Matches: []tbsheet.Match{
				{Table: 1, P1: 0, P2: 3, Result: tbsheet.Loss, Games: g(1, 2, 0)},
				{Table: 2, P1: 1, P2: 2, Result: tbsheet.DoubleLoss},
				{Table: 3, P1: 5, P2: 6, Result: tbsheet.Draw, Games: g(1, 1, 1)},
				{P1: 4, P2: tbsheet.NoPlayer, Result: tbsheet.HalfBye},
			}},
			{Number: 3, Matches: []tbsheet.Match{
				{Table: 1, P1: 3, P2: 6, Result: tbsheet.Win, Games: g(2, 0, 0)},
				{Table: 2, P1: 0, P2: 4, Result: tbsheet.Unreported},
				{Table: 3, P1: 5, P2: 1, Result: tbsheet.ForfeitLoss},
			}},
			{Number: 4, Playoff: true, Matches: []tbsheet.Match{
				{Table: 1, P1: 3, P2: 0, Result: tbsheet.Win, Games: g(2, 1, 0)},
			}},
		},
	}
}

// summary writes what a round trip must keep, one line per fact, in a stable order.
// withPlayers includes the Players sheet's data (IDs, drops, ratings), which a CSV lacks.
func summary(ev *tbsheet.Event, withPlayers bool) string {
	var lines []string
	name := func(p int) string {
		if p == tbsheet.NoPlayer {
			return "-"
		}
		return ev.Players[p].Name
	}
	if withPlayers {
		for _, p := range ev.Players {
			lines = append(lines, fmt.Sprintf("player %s id=%s dropped=%d rating=%d", p.Name, p.ID, p.DroppedAfter, p.Rating))
		}
	}
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			games := "no games"
			if m.Games.Known {
				games = fmt.Sprintf("%d-%d-%d", m.Games.P1, m.Games.P2, m.Games.Drawn)
			}
			lines = append(lines, fmt.Sprintf("round %d playoff=%v table %d: %s vs %s %s %s",
				r.Number, r.Playoff, m.Table, name(m.P1), name(m.P2), m.Result, games))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func checkSame(t *testing.T, want, got *tbsheet.Event, withPlayers bool) {
	t.Helper()
	if w, g := summary(want, withPlayers), summary(got, withPlayers); w != g {
		t.Errorf("read back differently:\n--- written\n%s\n--- read\n%s", w, g)
	}
}

func TestConvertRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		ext, format string
		players     bool
	}{{".xlsx", "xlsx", true}, {".csv", "csv", false}} {
		for _, lang := range i18n.Langs() {
			t.Run(tt.format+"-"+lang, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "results"+tt.ext)
				if err := resultfile.Results.WriteFile(path, event(), writer.Options{Lang: lang}); err != nil {
					t.Fatal(err)
				}
				got, err := reader.Read(path, "", reader.Options{})
				if err != nil {
					t.Fatal(err)
				}
				checkSame(t, event(), got, tt.players)
			})
		}
	}
}

// TestStandingsWorkbookRoundTrip reads a standings workbook as results: its Matches and
// Players sheets are the event, and the Standings, Explain and About sheets are ignored.
func TestStandingsWorkbookRoundTrip(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(lang, func(t *testing.T) {
			st, err := calc.Compute(event(), calc.Options{System: "pokemon"})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "standings.xlsx")
			if err := standingsheet.Standings.WriteFile(path, st, writer.Options{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			got, err := reader.Read(path, "", reader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSame(t, event(), got, true)
			again, err := calc.Compute(got, calc.Options{}) // ranked as the Event sheet says
			if err != nil {
				t.Fatal(err)
			}
			if again.System.Name != st.System.Name || len(again.Order) != len(st.Order) || again.Points != st.Points {
				t.Errorf("read back ranks as %s %v %v, want %s %v %v", again.System.Name, again.Order, again.Points,
					st.System.Name, st.Order, st.Points)
			}
		})
	}
}

// TestTemplateRoundTrip fills the blank template the way an organizer does, with excelize,
// and reads it back.
func TestTemplateRoundTrip(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(lang, func(t *testing.T) {
			want := event()
			want.Rounds = want.Rounds[:3] // the template has Swiss round sheets only
			path := filepath.Join(t.TempDir(), "results.xlsx")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := resultfile.WriteTemplate(f, 3, "", writer.Options{Lang: lang}); err != nil {
				t.Fatal(err)
			}
			f.Close()
			fillTemplate(t, path, want, lang)
			got, err := reader.Read(path, "", reader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSame(t, want, got, true)
		})
	}
}

// fillTemplate types ev into the template at path: the Players sheet and each round's sheet.
func fillTemplate(t *testing.T, path string, ev *tbsheet.Event, lang string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var players string // the template opens on its Event sheet
	for _, s := range f.GetSheetList() {
		if handkept.SheetKind(s) == "players" {
			players = s
		}
	}
	set := func(sheet string, col, row int, v any) {
		if v == nil {
			return
		}
		if err := f.SetCellValue(sheet, tbsheet.CellName(col, row), v); err != nil {
			t.Fatal(err)
		}
	}
	positive := func(n int) any {
		if n > 0 {
			return n
		}
		return nil
	}
	for i, p := range ev.Players {
		set(players, 1, i+2, p.Name)
		set(players, 2, i+2, p.ID)
		set(players, 3, i+2, positive(p.DroppedAfter))
		set(players, 4, i+2, positive(p.Rating))
	}
	for _, r := range ev.Rounds {
		sheet := handkept.RoundSheetName(r.Number, lang)
		for i, m := range r.Matches {
			set(sheet, 1, i+2, positive(m.Table))
			set(sheet, 2, i+2, ev.Players[m.P1].Name)
			if m.P2 != tbsheet.NoPlayer {
				set(sheet, 3, i+2, ev.Players[m.P2].Name)
			}
			set(sheet, 4, i+2, handkept.FormatResultCell(m))
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
}

// TestGeneratedRoundTrip is the property behind convert: for random Swiss events (byes,
// draws, intentional draws, double losses, forfeits, drops, late entries), writing the
// hand-kept workbook and reading it back gives the same model and the same standings under
// every system.
func TestGeneratedRoundTrip(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		cfg := swissgen.Realistic(int(8+seed*5), int(3+seed%4), seed)
		cfg.DoubleLossRate, cfg.ForfeitRate, cfg.LateRate = 0.02, 0.02, 0.05
		want := swissgen.Generate(cfg)
		want.Name, want.System = fmt.Sprintf("Generated %d", seed), []string{"mtg", "yugioh", "pokemon", "cryptozoic", "challonge", "fide"}[seed%6]
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "results.xlsx")
			if err := resultfile.Results.WriteFile(path, want, writer.Options{}); err != nil {
				t.Fatal(err)
			}
			got, err := reader.Read(path, "", reader.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSame(t, want, got, true)
			if got.System != want.System || got.Name != want.Name {
				t.Errorf("event settings: got %q %q, want %q %q", got.System, got.Name, want.System, want.Name)
			}
			for _, sys := range []string{"mtg", "yugioh", "pokemon", "cryptozoic", "challonge", "fide"} {
				if w, g := standingsText(t, want, sys), standingsText(t, got, sys); w != g {
					t.Errorf("%s standings differ after the round trip:\n%s\n---\n%s", sys, w, g)
				}
			}
		})
	}
}

// standingsText computes ev's standings under a system as CSV text.
func standingsText(t *testing.T, ev *tbsheet.Event, system string) string {
	t.Helper()
	st, err := calc.Compute(ev, calc.Options{System: system})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := standingsheet.WriteCSV(&b, st, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
