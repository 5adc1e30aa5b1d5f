package seasontable

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// The season's table as a screen (tbsheet serve --season): the wall PDF's columns, words and
// legend, cell by cell, text from the inputs as tbsheet.Printable shows it.

// Screen is a season's table in words.
type Screen struct {
	// Title names the season; Head are the columns: rank, player, points, events played,
	// then each event by its number.
	Title string
	Head  []writer.Heading
	// Rows are the players by rank; a cell of an event that does not count is marked
	// "uncounted".
	Rows []Line
	// Cut is the number of rows above the line drawn under the first players, 0 for none;
	// CutLabel names it.
	Cut      int
	CutLabel string
	// Events name the events by number; Rules say how points are earned and ties broken;
	// Notes name the players tied on everything.
	Events, Rules, Notes []string
}

// Line is one player's row.
type Line struct {
	Cells []writer.Cell
}

// NewScreen puts a season's table into words in opt.Lang, with a line under opt.Cut
// players.
func NewScreen(s *season.Standings, opt writer.Options) *Screen {
	sw := seasonWords{s, opt.Lang}
	sc := &Screen{Title: sw.title(), Events: []string{}, Rules: sw.rules(), Notes: sw.tieNotes()}
	for i, h := range sw.header() {
		sc.Head = append(sc.Head, writer.Heading{Text: h, Num: i != 1})
	}
	if opt.Cut > 0 && opt.Cut < len(s.Rows) {
		sc.Cut, sc.CutLabel = opt.Cut, writer.Labelf(opt.Lang, "top-cut", opt.Cut)
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		var line Line
		for c, text := range sw.cells(r) {
			kind := "num"
			switch {
			case c == 1:
				kind, text = "name", tbsheet.Printable(text)
			case c >= 4:
				if x := r.Result(c - 4); x.Played && !x.Counted {
					kind = "uncounted"
				}
			}
			line.Cells = append(line.Cells, writer.Cell{Text: text, Kind: kind})
		}
		sc.Rows = append(sc.Rows, line)
	}
	for e := range s.Events {
		sc.Events = append(sc.Events, sw.eventLine(e))
	}
	return sc
}
