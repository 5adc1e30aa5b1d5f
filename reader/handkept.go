package reader

// The handkept*.go files hold what the hand-kept XLSX and CSV readers share (docs/inputs.md), one job per file: this one the reader's state and limits, handkept_header.go
// the header row, handkept_rows.go the match rows, handkept_players.go the players,
// handkept_results.go the outcome of a row, handkept_finish.go the finished event (round
// order, playoff numbering, inferred drops, validation). xlsx.go and csv.go only say how to
// get rows out of their files; the vocabulary itself (headers, sheet names, the Result
// grammar) is package handkept's.

import (
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// Limits that keep a hostile or mistaken file from running away with time or memory. The
// rows and cells a table may hold follow the file size limit (Options.limits); a
// 4,096-player, 12-round event is about 25,000 rows, a 100,000-player, 15-round one 750,000.
const (
	// headerScan is how many non-blank rows may stand above the header (titles, dates).
	headerScan = 10
	// maxCount bounds ratings; games are bounded by 999, tables by the players
	// (sanityMaxPlayers), rounds by sanityMaxRounds.
	maxCount = 100_000
)

// rowSource is a table read one row at a time: a worksheet streamed from its XML, or a CSV file.
// Rows are ragged (trailing blank cells are dropped): index them by header, never by length.
type rowSource interface {
	// Next advances to the next row that has cells; it returns false at the end, or early
	// with Err set.
	Next() bool
	// Cells returns the current row's cells, valid until the next call to Next (a CSV's
	// rows share one slice).
	Cells() []string
	// Pos returns the position of the current row's cell i (0-based), also past its end.
	Pos(i int) tbsheet.Pos
	// Uncached returns the formula of cell i of the current row when it holds a formula
	// whose value was never saved (the cell then reads empty), else "".
	Uncached(i int) string
	// Err returns what stopped Next early, if anything.
	Err() error
}

// problems is a hand-kept reader's error list: a tbsheet.ErrorList (which caps and sorts)
// whose addf also records the column header a value sits under.
type problems struct{ tbsheet.ErrorList }

func (p *problems) addf(pos tbsheet.Pos, field string, kind error, format string, args ...any) {
	e := tbsheet.Errorf(pos, kind, format, args...)
	e.Field = field
	p.Add(e)
}

// hkReader builds an Event from hand-kept tables.
type hkReader struct {
	file     string
	workbook bool // cells come from Excel, so a number in a Result cell was a date or time
	ev       *tbsheet.Event
	errs     problems
	// listed is true when players come from a Players sheet or --players: then a name
	// that is not on the list is an error instead of a new player.
	listed bool
	byName map[string]int
	byID   map[string]int
	// byText remembers the player a match cell's exact text named: a match list names
	// every player once a round, and folding a name (full-width forms, NFC, case) is most
	// of the time a large list takes to read.
	byText map[string]int
	// results remembers parsed Result cells by their text, apart for rows without an
	// opponent and with one.
	results [2]map[string]parsedResult
	rounds  map[roundKey]*roundAcc
	// lastRound is rounds[lastKey], the round of the last match read.
	lastRound *roundAcc
	lastKey   roundKey
	// spelling holds the text of a player's first cell when it has invisible characters,
	// and merged the players noted as written with and without them (noteInvisible).
	spelling map[int]string
	merged   map[int]bool
	// sheets are the worksheets in the order they were read, for sorting errors.
	sheets []string
}

func newHKReader(file, format string) *hkReader {
	return &hkReader{
		file: file, workbook: format == "xlsx",
		ev:     &tbsheet.Event{Source: file, Format: format},
		byName: map[string]int{}, byID: map[string]int{}, rounds: map[roundKey]*roundAcc{},
		byText: map[string]int{}, results: [2]map[string]parsedResult{{}, {}},
		spelling: map[int]string{},
	}
}

// note records a fact for the organizer (Event.Notes): the catalogue's key and its values.
func (h *hkReader) note(key string, args ...any) {
	h.ev.Notes = append(h.ev.Notes, i18n.N(key, args...))
}

// warn records what is likely a mistake in the input (Event.Warnings).
func (h *hkReader) warn(key string, args ...any) {
	h.ev.Warnings = append(h.ev.Warnings, i18n.N(key, args...))
}

// setTitle takes the event's name from the rows above a header: the first one that is not a
// round name ("Round 1" above a per-round table).
func (h *hkReader) setTitle(hd *header) {
	if h.ev.Name != "" {
		return
	}
	for _, t := range hd.titles {
		if _, ok := roundTitle(t); !ok {
			h.ev.Name = strings.Join(t, " ")
			return
		}
	}
}

// errorAt turns an error that stopped a source into a positioned error, keeping one that
// already has a position.
func errorAt(src rowSource, err error) *tbsheet.Error {
	if e, ok := err.(*tbsheet.Error); ok {
		return e
	}
	p := src.Pos(0)
	p.Col = 0
	return tbsheet.Errorf(p, tbsheet.ErrFormat, "%v", err)
}

// where prints a position inside the same file: "Round 3!C4" or "line 4".
func where(p tbsheet.Pos) string { return i18n.Lang("en").Note(position(p)) }

// position is where for a note, which says "line" in the organizer's language.
func position(p tbsheet.Pos) i18n.Note {
	if p.Sheet != "" {
		p.File = ""
		return i18n.N("text", p.String())
	}
	return i18n.N("reader.line", p.Row)
}
