package reader

// This file reads a match row's outcome: the Result cell (through handkept.ParseResultCell),
// the game columns and the points columns, and explains results Excel turned into dates.

import (
	"math"
	"regexp"
	"strconv"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/handkept"
)

// parsedResult is what handkept.ParseResultCell makes of a Result cell. A match list holds
// a handful of different results, each thousands of times.
type parsedResult struct {
	res   tbsheet.Result
	games tbsheet.Games
	err   error
}

// parseResult is handkept.ParseResultCell, remembered per cell.
func (h *hkReader) parseResult(text string, hasOpp bool) (tbsheet.Result, tbsheet.Games, error) {
	known := h.results[0]
	if hasOpp {
		known = h.results[1]
	}
	p, ok := known[text]
	if !ok {
		p.res, p.games, p.err = handkept.ParseResultCell(text, hasOpp)
		known[text] = p
	}
	return p.res, p.games, p.err
}

// nameCell is a Player cell as matchRow tells it: the player its exact text already named
// (known), else whether it names the bye (handkept.IsBye; a bye never reaches player).
type nameCell struct {
	text  string
	p     int
	known bool
	bye   bool
}

// nameCell looks a Player cell up once: a match list names every player once a round, so
// most cells are known texts, and the bye is told only from the others.
func (h *hkReader) nameCell(text string) nameCell {
	if i, ok := h.byText[text]; ok {
		return nameCell{text: text, p: i, known: true}
	}
	return nameCell{text: text, bye: handkept.IsBye(text)}
}

// outcome reads the result from the Result cell and the game columns.
func (h *hkReader) outcome(r *hkRow, hasOpp bool) (tbsheet.Result, tbsheet.Games) {
	text := r.text("result")
	var res tbsheet.Result
	var g tbsheet.Games
	if r.hd.has("result") {
		var err error
		if res, g, err = h.parseResult(text, hasOpp); err != nil {
			r.errorf("result", tbsheet.ErrResult, "%s%s", err, h.dateHint(text))
			return 0, g
		}
	}
	cols, given := h.gameColumns(r)
	switch {
	case !given:
		if !r.hd.has("result") && !hasOpp {
			res = tbsheet.Bye // the game columns are all empty: a bye without games
		}
	case text != "":
		// The Result cell says what happened; the columns give the games.
		if g.Known && g != cols {
			r.errorf("result", tbsheet.ErrGames, "the Result cell says %s but the game columns say %s", g, cols)
		}
		g = cols
	default:
		g = cols
		switch {
		case hasOpp && cols.P1 > cols.P2:
			res = tbsheet.Win
		case hasOpp && cols.P1 < cols.P2:
			res = tbsheet.Loss
		case hasOpp:
			res = tbsheet.Draw
		case cols.P1 > cols.P2:
			res = tbsheet.Bye
		case cols.P1 < cols.P2:
			res = tbsheet.LossNoOpponent
		default:
			r.errorf("p1wins", tbsheet.ErrGames, "%s for a row without an opponent: a bye is won (2-0), a missed round lost (0-2)", cols)
		}
	}
	return res, g
}

// dateHint explains a Result cell that Excel turned into a date ("2-1" typed becomes 1 Feb)
// or a time ("2:1" becomes 02:01): in a workbook it holds the date's serial number or the
// time's fraction of a day, in a CSV saved by Excel the date as text ("1-Feb", "2/1/2026").
func (h *hkReader) dateHint(text string) string {
	const fix = "; format the Result column as Text and type the result again"
	if !h.workbook {
		if csvDate.MatchString(text) {
			return ": Excel turned what was typed into a date" + fix
		}
		return ""
	}
	f, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil:
	case f > 31 && f < 2958466 && f == math.Trunc(f):
		return ": Excel turned what was typed into a date" + fix
	case f > 0 && f < 1:
		return ": Excel turned what was typed into a time" + fix
	}
	return ""
}

// csvDate matches the dates Excel writes to CSV: "1-Feb", "Feb-01", "2/1/2026", "2026/2/1".
var csvDate = regexp.MustCompile(`^(?:\d{1,2}-[A-Za-z]{3}|[A-Za-z]{3}-\d{1,2}|\d{1,4}/\d{1,2}/\d{1,4})$`)

// gameColumns reads P1 Wins, P2 Wins and Draws; given is false when all three are empty.
func (h *hkReader) gameColumns(r *hkRow) (g tbsheet.Games, given bool) {
	g.Known = true
	if !r.hd.games {
		return g, false
	}
	var p1, p2, drawn bool
	g.P1, p1 = gameCount(r, "p1wins")
	g.P2, p2 = gameCount(r, "p2wins")
	g.Drawn, drawn = gameCount(r, "draws")
	return g, p1 || p2 || drawn
}

// gameCount reads one game column; given is false when its cell is empty.
func gameCount(r *hkRow, key string) (n int, given bool) {
	t := r.text(key)
	if t == "" {
		return 0, false
	}
	n, ok := parseCount(t, 999)
	if !ok {
		r.errorf(key, tbsheet.ErrGames, "%s is not a number of games", tbsheet.Quote(t))
	}
	return n, true
}

// score reads the optional P1 Points and P2 Points columns.
func (h *hkReader) score(r *hkRow) tbsheet.Score {
	if !r.hd.points {
		return tbsheet.Score{}
	}
	var s tbsheet.Score
	var p1, p2 bool
	s.P1, p1 = points(r, "p1points")
	s.P2, p2 = points(r, "p2points")
	if s.Known = p1 || p2; !s.Known {
		return tbsheet.Score{}
	}
	return s
}

// points reads one points column; given is false when its cell is empty or unreadable.
func points(r *hkRow, key string) (n exact.Num, given bool) {
	t := r.text(key)
	if t == "" {
		return exact.Int(0), false
	}
	n, err := exact.Parse(width.Fold.String(t))
	if err != nil || len(t) > 20 {
		r.errorf(key, tbsheet.ErrValue, "%s is not a number of points", tbsheet.Quote(t))
		return exact.Int(0), false
	}
	return n, true
}
