package reader

// This file finds and resolves the header row of a hand-kept table: which column holds what,
// what is missing or given twice, and where the notes below a table begin.

import (
	"slices"
	"strings"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

// header is a table's header row, resolved to column keys (handkept.ColumnKey).
type header struct {
	// col maps a column key to its 0-based column.
	col columns
	// all maps a column key to every column read as it, in order, for duplicates.
	all map[string][]int
	// cells and pos are the header row's cells and their positions, for messages.
	cells []string
	pos   []tbsheet.Pos
	// row is the header row's position (Col 0).
	row tbsheet.Pos
	// titles are the non-blank rows above the header, first cell first.
	titles [][]string
	// games and points tell whether the table has a game column (P1 Wins, P2 Wins, Draws)
	// and a points column: most have neither, and every row would look for them.
	games, points bool
	// colours is true when the Player 1 and Player 2 columns are White and Black (a chess
	// match list): every game with an opponent then has Player 1 White.
	colours bool
}

func newHeader(src rowSource) *header {
	cells := slices.Clone(src.Cells()) // kept: the source reuses its row
	hd := &header{all: map[string][]int{}, cells: cells, row: src.Pos(0)}
	hd.row.Col = 0
	for i, c := range cells {
		hd.pos = append(hd.pos, src.Pos(i))
		if k := handkept.ColumnKey(c); k != "" {
			hd.all[k] = append(hd.all[k], i)
			if _, dup := hd.col.get(k); !dup {
				hd.col.set(k, i)
			}
		}
	}
	hd.games = hd.has("p1wins") || hd.has("p2wins") || hd.has("draws")
	hd.points = hd.has("p1points") || hd.has("p2points")
	return hd
}

func (hd *header) has(key string) bool { _, ok := hd.col.get(key); return ok }

// columns maps column keys to 0-based columns. A header has a handful, looked up for every
// cell of every row: scanning a short list is faster than hashing the key each time.
type columns []column

// column is a column key and its 0-based column.
type column struct {
	key string
	i   int
}

// get returns the column of key.
func (c columns) get(key string) (int, bool) {
	for _, e := range c {
		if e.key == key {
			return e.i, true
		}
	}
	return 0, false
}

// set makes key's column i.
func (c *columns) set(key string, i int) {
	for j := range *c {
		if (*c)[j].key == key {
			(*c)[j].i = i
			return
		}
	}
	*c = append(*c, column{key, i})
}

// heading returns the header cell of key's column, trimmed (a row repeating the header is skipped).
func (hd *header) heading(key string) string {
	c, _ := hd.col.get(key)
	return strings.TrimSpace(hd.cells[c])
}

// found lists the header row's non-empty cells as typed, for "found …" messages.
func (hd *header) found() string {
	var out []string
	for _, c := range hd.cells {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, tbsheet.Clip(c))
		}
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", ")
}

// headerKind tells a header row from a title or data row.
type headerKind func(keys map[string][]int) bool

// matchHeader accepts a row with at least 3 known column headers, one of them a player.
func matchHeader(keys map[string][]int) bool {
	n := 0
	for _, cols := range keys {
		n += len(cols)
	}
	return n >= 3 && (keys["p1"] != nil || keys["p2"] != nil || keys["name"] != nil)
}

// playersHeader accepts a row with a Name column and no Player 1/Player 2 columns.
func playersHeader(keys map[string][]int) bool {
	return keys["name"] != nil && keys["p1"] == nil && keys["p2"] == nil
}

// playersList reports whether a header found as a match header is a players list's: a Name
// column and nothing about rounds or results.
func playersList(hd *header) bool {
	return playersHeader(hd.all) && !hd.has("round") && !hd.has("result") && !hd.has("p1wins")
}

// findHeader reads src up to its header: the first row, among the first headerScan non-blank
// rows, that kind accepts. It returns nil when there is none, with the first non-blank row
// for the message.
func findHeader(src rowSource, kind headerKind) (hd *header, first []string) {
	var titles [][]string
	for n := 0; n < headerScan && src.Next(); n++ {
		cells := src.Cells()
		if blank(cells) {
			n--
			continue
		}
		if first == nil {
			first = slices.Clone(cells)
		}
		keys := map[string][]int{}
		for i, c := range cells {
			if k := handkept.ColumnKey(c); k != "" {
				keys[k] = append(keys[k], i)
			}
		}
		if kind(keys) {
			hd = newHeader(src)
			hd.titles = titles
			return hd, first
		}
		titles = append(titles, compact(cells))
	}
	return nil, first
}

// compact returns the non-empty cells of a row, trimmed.
func compact(cells []string) []string {
	var out []string
	for _, c := range cells {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// describeRow prints a row's cells for "the first row it saw" messages.
func describeRow(cells []string) string {
	c := compact(cells)
	if len(c) == 0 {
		return "nothing (the sheet is empty)"
	}
	return tbsheet.Quote(strings.Join(c, " | "))
}

// notesLine reports whether a row starts the notes below a table: everything after it is
// free text, not matches.
func notesLine(cells []string) bool {
	if len(cells) > 0 && cells[0] != "" && cells[0][0] >= '0' && cells[0][0] <= '9' {
		return false // a first cell that starts with a number (a round, a table): most rows, without trimming
	}
	i := slices.IndexFunc(cells, func(c string) bool { return strings.TrimSpace(c) != "" })
	if i < 0 {
		return false
	}
	s := strings.TrimSpace(cells[i])
	if s[0] >= '0' && s[0] <= '9' {
		return false // a row that starts with a number (a round, a table): most rows
	}
	if !isASCII(s) { // every row of a match list asks: ASCII has nothing to fold
		s = width.Fold.String(s)
	}
	s = strings.ToLower(s)
	for _, p := range notesPrefixes {
		if strings.HasPrefix(s, p.prefix) || s == p.word {
			return true
		}
	}
	return false
}

// notesPrefixes are the beginnings of a notes line, each with the word alone ("note:" and
// "note").
var notesPrefixes = func() []struct{ prefix, word string } {
	var out []struct{ prefix, word string }
	for _, p := range []string{"notes", "note:", "note ", "remarks", "comments", "备注", "注:", "注：", "说明",
		"備考", "メモ", "※"} {
		out = append(out, struct{ prefix, word string }{p, strings.TrimRight(p, ": ")})
	}
	return out
}()

// matchColumns resolves a match header: "Player | Opponent" and "Player | Player" headers
// name Player 1 and Player 2 by their order, and a key may not appear twice. It reports
// what is missing; needRound asks for a Round column too.
func matchColumns(hd *header, needRound bool, errs *problems) bool {
	if playersList(hd) {
		errs.addf(hd.row, "", tbsheet.ErrFormat, "this is a players list (%s), not results: "+
			"give it with --players, or as a sheet named Players next to the results", hd.found())
		return false
	}
	names := hd.all["name"]
	if !hd.has("p1") && len(names) > 0 {
		hd.col.set("p1", names[0])
		hd.all["p1"], names = names[:1], names[1:]
	}
	if !hd.has("p2") && len(names) > 0 {
		hd.col.set("p2", names[0])
		hd.all["p2"] = names[:1]
	}
	ok := true
	for _, key := range []string{"round", "table", "p1", "p2", "result", "p1wins", "p2wins", "draws", "p1points", "p2points"} {
		if cols := hd.all[key]; len(cols) > 1 {
			errs.addf(hd.pos[cols[1]], hd.cells[cols[1]], tbsheet.ErrColumns,
				"two %s columns (%s and %s): delete or rename one", handkept.ColumnHeader(key, "en"),
				tbsheet.Quote(strings.TrimSpace(hd.cells[cols[0]])), tbsheet.Quote(strings.TrimSpace(hd.cells[cols[1]])))
			ok = false
		}
	}
	var missing []string
	if needRound && !hd.has("round") {
		missing = append(missing, "Round")
	}
	for _, key := range []string{"p1", "p2"} {
		if !hd.has(key) {
			missing = append(missing, handkept.ColumnHeader(key, "en"))
		}
	}
	if !hd.has("result") && !(hd.has("p1wins") && hd.has("p2wins")) {
		missing = append(missing, "Result (or P1 Wins and P2 Wins)")
	}
	if len(missing) > 0 {
		errs.addf(hd.row, "", tbsheet.ErrColumns, "no %s column; found %s",
			strings.Join(missing, " or "), hd.found())
		ok = false
	}
	i1, _ := hd.col.get("p1")
	i2, _ := hd.col.get("p2")
	hd.colours = ok && handkept.ColourColumns(hd.cells[i1], hd.cells[i2])
	return ok
}
