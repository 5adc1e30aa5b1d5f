package seasontable

import (
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// The season's table (tbsheet season): the words every format shares, the terminal table
// and CSV here; JSON, the workbook and the wall PDF in json.go, xlsx.go and
// pdf.go.

// seasonWords says a season's table in one language.
type seasonWords struct {
	s    *season.Standings
	lang string
}

func (w seasonWords) l(key string) string              { return writer.Label(w.lang, key) }
func (w seasonWords) f(key string, args ...any) string { return writer.Labelf(w.lang, key, args...) }

// seasonNum writes season points: as short as exact ("12", "7.5"), as standings write
// decimals.
func seasonNum(v exact.Num) string {
	return (&calc.Def{Format: calc.FormatDecimal}).FormatValue(calc.Known(v))
}

// title is the table's title: the season's name and "Season standings".
func (w seasonWords) title() string {
	if name := strings.TrimSpace(w.s.Name); name != "" {
		return tbsheet.Printable(name) + " · " + w.l("season.title")
	}
	return w.l("season.title")
}

// header is the table's header: rank, player, points, events played, then each event by
// its number (its line in eventLines).
func (w seasonWords) header() []string {
	h := []string{w.l("rank"), w.l("player"), w.l("season.points"), w.l("season.played")}
	for e := range w.s.Events {
		h = append(h, strconv.Itoa(e+1))
	}
	return h
}

// result is one event's cell: its points, in brackets when not counted, "–" when not played.
func (w seasonWords) result(x season.Result) string {
	switch {
	case !x.Played:
		return "–"
	case !x.Counted:
		return "(" + seasonNum(x.Points) + ")"
	}
	return seasonNum(x.Points)
}

// cells are a row's cells under header.
func (w seasonWords) cells(r *season.Row) []string {
	row := []string{strconv.Itoa(r.Rank), w.s.Players[r.Player].Name, seasonNum(r.Points), strconv.Itoa(r.Played)}
	for e := range w.s.Events {
		row = append(row, w.result(r.Result(e)))
	}
	return row
}

// eventLine names event e for the key under the table: "1: Spring Open · 2026-03-01 · 24
// players · ×2".
func (w seasonWords) eventLine(e int) string {
	ev := &w.s.Events[e]
	parts := []string{tbsheet.Printable(ev.Name)}
	if d := strings.TrimSpace(ev.Standings.Event.Date); d != "" {
		parts = append(parts, tbsheet.Printable(d))
	}
	parts = append(parts, w.f("season.players", len(ev.Standings.Rows)))
	if m := ev.Multiplier; m.Sign() != 0 && !m.Equal(exact.Int(1)) {
		parts = append(parts, w.f("season.times", seasonNum(m)))
	}
	return strconv.Itoa(e+1) + writer.Colon(w.lang) + strings.Join(parts, " · ")
}

// rules say how the points were earned and how ties are broken, a line each.
func (w seasonWords) rules() []string {
	r := w.s.Rules
	list := func(v []exact.Num) string {
		var out []string
		for _, x := range v {
			out = append(out, seasonNum(x))
		}
		return strings.Join(out, writer.Label(w.lang, "list-sep"))
	}
	var out []string
	if len(r.Places) > 0 && len(r.Tiers) == 0 {
		out = append(out, w.f("season.legend.places", len(r.Places), list(r.Places)))
	}
	for _, t := range r.Tiers {
		out = append(out, w.f("season.legend.tier", w.band(t), len(t.Places), list(t.Places)))
	}
	if r.PerWin.Sign() != 0 || r.PerDraw.Sign() != 0 || r.Attend.Sign() != 0 {
		out = append(out, w.f("season.legend.results", seasonNum(r.PerWin), seasonNum(r.PerDraw), seasonNum(r.Attend)))
	}
	switch {
	case r.Best == 1:
		out = append(out, w.l("season.legend.best1"))
	case r.Best > 0:
		out = append(out, w.f("season.legend.best", r.Best))
	}
	var ties []string
	for _, id := range r.Ties {
		ties = append(ties, w.l("season.tie."+id))
	}
	if len(ties) > 0 {
		out = append(out, w.f("season.legend.ties", strings.Join(ties, w.l("season.then"))))
	}
	return append(out, w.l("season.legend.na"))
}

// band names a tier's players: "8–15", "16 or more", "8".
func (w seasonWords) band(t season.Tier) string {
	switch {
	case t.Max == t.Min:
		return strconv.Itoa(t.Min)
	case t.Max > 0:
		return strconv.Itoa(t.Min) + "–" + strconv.Itoa(t.Max)
	}
	return w.f("season.legend.tier-min", t.Min)
}

// tieNotes name, once per group, the players tied on points and every tiebreak.
func (w seasonWords) tieNotes() []string {
	var out []string
	rows := w.s.Rows
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Rank == rows[i].Rank {
			j++
		}
		if j-i > 1 {
			var names []string
			for _, r := range rows[i:j] {
				names = append(names, w.s.Players[r.Player].Name)
			}
			out = append(out, w.f("season.tied", writer.ListWords(w.lang, names)))
		}
		i = j
	}
	return out
}

// WriteTable prints a season's table for a terminal: the title, one row per player
// with his points in each event (in brackets when not counted), then the events by number,
// the rules and the ties. Text from the inputs is printed as tbsheet.Printable shows it.
func WriteTable(w io.Writer, s *season.Standings, opt writer.Options) error {
	sw := seasonWords{s, opt.Lang}
	rows := [][]string{sw.header()}
	for i := range s.Rows {
		cells := sw.cells(&s.Rows[i])
		cells[1] = tbsheet.Printable(cells[1])
		rows = append(rows, cells)
	}
	var b strings.Builder
	b.WriteString(sw.title() + "\n\n")
	writer.WriteAligned(&b, rows, map[int]bool{1: true})
	b.WriteString("\n" + sw.l("season.legend.events") + "\n")
	for e := range s.Events {
		b.WriteString("  " + sw.eventLine(e) + "\n")
	}
	b.WriteString("\n")
	for _, line := range append(sw.rules(), sw.tieNotes()...) {
		b.WriteString(tbsheet.Printable(line) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes a season's table as CSV: rank, player, ID, points, events played,
// then each event's place and points (in brackets when not counted; empty when not
// played), headed by the event's name. Headers follow opt.Lang; cells a spreadsheet would
// run as a formula are defused (csvSafe). It writes no byte-order mark (the .csv file has
// one, for Excel).
func WriteCSV(w io.Writer, s *season.Standings, opt writer.Options) error {
	sw := seasonWords{s, opt.Lang}
	cw := writer.NewCSVWriter(w, opt)
	number := writer.CSVNumber(opt.CSVSep)
	header := []string{sw.l("rank"), sw.l("player"), sw.l("id"), sw.l("season.points"), sw.l("season.played")}
	for _, ev := range s.Events {
		header = append(header, ev.Name+writer.Colon(opt.Lang)+sw.l("season.place"), ev.Name+writer.Colon(opt.Lang)+sw.l("season.points"))
	}
	record := make([]string, len(header))
	for i, h := range header {
		record[i] = writer.CSVSafe(h)
	}
	if err := cw.Write(record); err != nil {
		return err
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		p := &s.Players[r.Player]
		record = append(record[:0], strconv.Itoa(r.Rank), writer.CSVSafe(p.Name), writer.CSVSafe(p.ID), number(seasonNum(r.Points)), strconv.Itoa(r.Played))
		for e := range s.Events {
			x := r.Result(e)
			if !x.Played {
				record = append(record, "", "")
				continue
			}
			pts := number(seasonNum(x.Points))
			if !x.Counted {
				pts = "(" + pts + ")"
			}
			record = append(record, strconv.Itoa(x.Place), pts)
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
