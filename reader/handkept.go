package reader

// This file holds what the hand-kept XLSX and CSV readers share (cli.md "Input formats"):
// finding the header row, turning rows into matches and players, and finishing the event
// (round order, playoff numbering, inferred drops, validation). xlsx.go and csv.go only say
// how to get rows out of their files.

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// Limits that keep a hostile or mistaken file from running away with time or memory. A
// 4,096-player, 12-round event is about 25,000 rows.
const (
	// headerScan is how many non-blank rows may stand above the header (titles, dates).
	headerScan = 10
	// maxRows is the most non-blank rows tbsheet reads from one input.
	maxRows = 200_000
	// maxCells is the most cells tbsheet reads from one input, blanks inside rows included.
	maxCells = 8_000_000
	// maxErrors is the most problems listed; the rest are counted.
	maxErrors = 100
	// maxCount bounds round, table, game and rating numbers.
	maxCount = 100_000
)

// rowSource is a table read one row at a time: a worksheet streamed by excelize or a CSV file.
// Rows are ragged (trailing blank cells are dropped): index them by header, never by length.
type rowSource interface {
	// Next advances to the next row that has cells; it returns false at the end, or early
	// with Err set.
	Next() bool
	// Cells returns the current row's cells.
	Cells() []string
	// Pos returns the position of the current row's cell i (0-based), also past its end.
	Pos(i int) tbsheet.Pos
	// Uncached returns the formula of cell i of the current row when it holds a formula
	// whose value was never saved (the cell then reads empty), else "".
	Uncached(i int) string
	// Err returns what stopped Next early, if anything.
	Err() error
}

// problems collects positioned errors up to maxErrors and counts the rest.
type problems struct {
	list tbsheet.ErrorList
	more int
}

// full reports whether further problems are only counted.
func (p *problems) full() bool { return len(p.list) >= maxErrors }

func (p *problems) add(e *tbsheet.Error) {
	if len(p.list) < maxErrors {
		p.list = append(p.list, e)
	} else {
		p.more++
	}
}

func (p *problems) addf(pos tbsheet.Pos, field string, kind error, format string, args ...any) {
	e := tbsheet.Errorf(pos, kind, format, args...)
	e.Field = field
	p.add(e)
}

// err returns the list (nil when empty), ending with a line that counts what was left out.
func (p *problems) err(file string) error {
	l := p.list
	if p.more > 0 {
		l = append(l[:len(l):len(l)], tbsheet.Errorf(tbsheet.Pos{File: file}, nil,
			"%d more errors not shown: fix these first", p.more))
	}
	return l.Err()
}

// header is a table's header row, resolved to column keys (tbsheet.ColumnKey).
type header struct {
	// col maps a column key to its 0-based column.
	col map[string]int
	// all maps a column key to every column read as it, in order, for duplicates.
	all map[string][]int
	// cells and pos are the header row's cells and their positions, for messages.
	cells []string
	pos   []tbsheet.Pos
	// row is the header row's position (Col 0).
	row tbsheet.Pos
	// titles are the non-blank rows above the header, first cell first.
	titles [][]string
}

func newHeader(src rowSource) *header {
	cells := src.Cells()
	hd := &header{col: map[string]int{}, all: map[string][]int{}, cells: cells, row: src.Pos(0)}
	hd.row.Col = 0
	for i, c := range cells {
		hd.pos = append(hd.pos, src.Pos(i))
		if k := tbsheet.ColumnKey(c); k != "" {
			hd.all[k] = append(hd.all[k], i)
			if _, dup := hd.col[k]; !dup {
				hd.col[k] = i
			}
		}
	}
	return hd
}

func (hd *header) has(key string) bool { _, ok := hd.col[key]; return ok }

// repeated reports whether a row's player cells repeat the header's.
func (hd *header) repeated(p1, p2 string) bool {
	return strings.EqualFold(p1, strings.TrimSpace(hd.cells[hd.col["p1"]])) &&
		strings.EqualFold(p2, strings.TrimSpace(hd.cells[hd.col["p2"]]))
}

// found lists the header row's non-empty cells as typed, for "found …" messages.
func (hd *header) found() string {
	var out []string
	for _, c := range hd.cells {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
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
			first = cells
		}
		keys := map[string][]int{}
		for i, c := range cells {
			if k := tbsheet.ColumnKey(c); k != "" {
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
	s := strings.Join(c, " | ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:77]) + "…"
	}
	return strconv.Quote(s)
}

// roundKey names a round while reading: a Swiss round n; a playoff round of the given
// stage (players still in: 8 for quarterfinals), numbered at the end; or, with playoff set,
// playoff round n as tbsheet's own match lists write it ("Playoff 6").
type roundKey struct {
	n, stage int
	playoff  bool
}

func (k roundKey) String() string {
	switch {
	case k.stage > 0:
		return "the " + strings.ToLower(tbsheet.PlayoffName(k.stage, "en"))
	case k.playoff:
		return "playoff round " + strconv.Itoa(k.n)
	}
	return "round " + strconv.Itoa(k.n)
}

// roundAcc is a round being read.
type roundAcc struct {
	pos     tbsheet.Pos
	matches []tbsheet.Match
	// seat maps a player to the cell where he already plays this round.
	seat map[int]tbsheet.Pos
}

// handkept builds an Event from hand-kept tables.
type handkept struct {
	file     string
	workbook bool // cells come from Excel, so a number in a Result cell was a date or time
	ev       *tbsheet.Event
	errs     problems
	// listed is true when players come from a Players sheet or --players: then a name
	// that is not on the list is an error instead of a new player.
	listed bool
	byName map[string]int
	byID   map[string]int
	// byText remembers the player a match cell's exact text named, and byes whether a cell
	// names the bye: a match list names every player once a round, and folding a name
	// (full-width forms, NFC, case) is most of the time a large list takes to read.
	byText  map[string]int
	byes    map[string]bool
	results map[resultCell]parsedResult
	rounds  map[roundKey]*roundAcc
	// sheets are the worksheets in the order they were read, for sorting errors.
	sheets []string
}

func newHandkept(file, format string) *handkept {
	return &handkept{
		file: file, workbook: format == "xlsx",
		ev:     &tbsheet.Event{Source: file, Format: format},
		byName: map[string]int{}, byID: map[string]int{}, rounds: map[roundKey]*roundAcc{},
		byText: map[string]int{}, byes: map[string]bool{}, results: map[resultCell]parsedResult{},
	}
}

func (h *handkept) note(format string, args ...any) {
	h.ev.Notes = append(h.ev.Notes, fmt.Sprintf(format, args...))
}

// setTitle takes the event's name from the rows above a header: the first one that is not a
// round name ("Round 1" above a per-round table).
func (h *handkept) setTitle(hd *header) {
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

// useRoster makes players the event's players: match cells must then name one of them (by
// name, or by ID when the list gives IDs).
func (h *handkept) useRoster(players []tbsheet.Player) {
	h.listed = true
	h.ev.Players = append([]tbsheet.Player(nil), players...)
	clear(h.byText)
	for i, p := range players {
		h.byName[nameKey(p.Name)] = i
		if p.ID != p.Name {
			h.byID[p.ID] = i
		}
	}
}

// nameKey folds a name for matching: NFC, full-width Latin to ASCII, case, and runs of spaces.
func nameKey(s string) string {
	if !isASCII(s) {
		s = norm.NFC.String(width.Fold.String(s))
	}
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// player returns the index of the player a match cell names, creating him when there is no
// players list.
func (h *handkept) player(text string, pos tbsheet.Pos, field string) (int, bool) {
	if i, ok := h.byText[text]; ok {
		return i, true
	}
	key := nameKey(text)
	if i, ok := h.byName[key]; ok {
		h.byText[text] = i
		return i, true
	}
	if i, ok := h.byID[strings.TrimSpace(text)]; ok {
		h.byText[text] = i
		return i, true
	}
	if h.listed {
		msg := fmt.Sprintf("player %q is not on the players list", text)
		if h.errs.full() {
			h.errs.more++
			return 0, false
		}
		if s := h.nearest(key); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		h.errs.addf(pos, field, tbsheet.ErrUnknownPlayer, "%s", msg)
		return 0, false
	}
	name := strings.TrimSpace(text)
	h.ev.Players = append(h.ev.Players, tbsheet.Player{ID: name, Name: name, Pos: pos})
	h.byName[key] = len(h.ev.Players) - 1
	h.byText[text] = len(h.ev.Players) - 1
	return len(h.ev.Players) - 1, true
}

// resultCell is a Result cell's text and whether its row names an opponent; parsedResult is
// what tbsheet.ParseResultCell makes of it. A match list holds a handful of different
// results, each thousands of times.
type resultCell struct {
	text   string
	hasOpp bool
}

type parsedResult struct {
	res   tbsheet.Result
	games tbsheet.Games
	err   error
}

// parseResult is tbsheet.ParseResultCell, remembered per cell.
func (h *handkept) parseResult(text string, hasOpp bool) (tbsheet.Result, tbsheet.Games, error) {
	k := resultCell{text, hasOpp}
	p, ok := h.results[k]
	if !ok {
		p.res, p.games, p.err = tbsheet.ParseResultCell(text, hasOpp)
		h.results[k] = p
	}
	return p.res, p.games, p.err
}

// isBye is tbsheet.IsBye, remembered per cell text (see byText).
func (h *handkept) isBye(text string) bool {
	bye, ok := h.byes[text]
	if !ok {
		bye = tbsheet.IsBye(text)
		h.byes[text] = bye
	}
	return bye
}

// nearest returns the listed name closest to key, if it is a likely typo.
func (h *handkept) nearest(key string) string {
	names := make([]string, len(h.ev.Players))
	for i, p := range h.ev.Players {
		names[i] = p.Name
	}
	return suggest.Closest(key, names, 2, nameKey)
}

// hkRow is one data row being read: it fetches cells by column key and reports unreadable
// cells (an unsaved formula, an Excel error value) once.
type hkRow struct {
	src   rowSource
	hd    *header
	cells []string
	errs  *problems
	bad   bool // a cell of this row could not be read
}

// text returns the trimmed text of the row's cell under key ("" when the column is absent).
func (r *hkRow) text(key string) string {
	i, ok := r.hd.col[key]
	if !ok {
		return ""
	}
	var s string
	if i < len(r.cells) {
		s = strings.TrimSpace(r.cells[i])
		if s == "" {
			if f := r.src.Uncached(i); f != "" {
				r.errs.addf(r.src.Pos(i), r.field(key), tbsheet.ErrFormat,
					"the formula =%s has no saved value: open the file in Excel or LibreOffice and save it, then try again", f)
				r.bad = true
			}
		}
	}
	if excelError[s] {
		r.errs.addf(r.src.Pos(i), r.field(key), tbsheet.ErrFormat,
			"the cell shows the spreadsheet error %s: fix its formula", s)
		r.bad = true
		return ""
	}
	return s
}

// name returns a name cell's text, without the apostrophe that CSV writers (tbsheet's
// among them) put before a leading =, +, - or @ against formula injection.
func (r *hkRow) name(key string) string {
	s := r.text(key)
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@", rune(s[1])) {
		return s[1:]
	}
	return s
}

func (r *hkRow) pos(key string) tbsheet.Pos {
	if i, ok := r.hd.col[key]; ok {
		return r.src.Pos(i)
	}
	p := r.src.Pos(0)
	p.Col = 0
	return p
}

// field names a column in messages by its header as typed.
func (r *hkRow) field(key string) string {
	if i, ok := r.hd.col[key]; ok && i < len(r.hd.cells) {
		return strings.TrimSpace(r.hd.cells[i])
	}
	return tbsheet.ColumnHeader(key, "en")
}

func (r *hkRow) errorf(key string, kind error, format string, args ...any) {
	r.errs.addf(r.pos(key), r.field(key), kind, format, args...)
	r.bad = true
}

// excelError holds the error values a formula cell can show.
var excelError = map[string]bool{"#N/A": true, "#REF!": true, "#VALUE!": true, "#DIV/0!": true,
	"#NAME?": true, "#NUM!": true, "#NULL!": true, "#SPILL!": true, "#CALC!": true, "#GETTING_DATA": true}

// parseCount reads a whole number as spreadsheets hold them: "3", "3.0", "３", "3,0", a
// formula's 2.9999999999999996. It rejects negatives and numbers above maxCount.
func parseCount(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil { // the common case, without allocating
		return n, n >= 0 && n <= maxCount
	}
	s = strings.ReplaceAll(strings.TrimSpace(width.Fold.String(s)), ",", ".")
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n <= maxCount
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "eExXpP") || math.IsNaN(f) {
		return 0, false
	}
	r := math.Round(f)
	if math.Abs(f-r) > 1e-9 || r < 0 || r > maxCount {
		return 0, false
	}
	return int(r), true
}

// tableCell matches "T3", "Table 3", "#3", "3号桌", "3卓", "3番".
var tableCell = regexp.MustCompile(`^(?:table|tbl|t|#|桌|卓|テーブル)?\s*(\d{1,6})\s*(?:号桌|号|桌|卓|番)?$`)

func parseTable(s string) (int, bool) {
	if n, ok := parseCount(s); ok {
		return n, true
	}
	m := tableCell.FindStringSubmatch(tbsheet.NormalizeHeader(s))
	if m == nil {
		return 0, false
	}
	return parseCount(m[1])
}

// parseRound reads a Round cell: a number ("3", "3.0"), a round name ("Round 3", "R3",
// "第3轮") or a playoff name ("T8", "QF", "Semifinals", "决赛").
func parseRound(s string) (roundKey, bool) {
	if n, ok := parseCount(s); ok && n > 0 {
		return roundKey{n: n}, true
	}
	if n, ok := tbsheet.RoundSheetNumber(s); ok {
		return roundKey{n: n}, true
	}
	if st, ok := tbsheet.PlayoffStage(s); ok {
		return roundKey{stage: st}, true
	}
	if n, ok := tbsheet.PlayoffRoundNumber(s); ok {
		return roundKey{n: n, playoff: true}, true
	}
	return roundKey{}, false
}

// roundTitle reads a section title row ("Round 2", "Top 8") that starts a round's block.
func roundTitle(cells []string) (roundKey, bool) {
	c := compact(cells)
	if len(c) != 1 {
		return roundKey{}, false
	}
	if _, err := strconv.Atoi(c[0]); err == nil {
		return roundKey{}, false // a lone number is not a title
	}
	return parseRound(c[0])
}

// notesLine reports whether a row starts the notes below a table: everything after it is
// free text, not matches.
func notesLine(cells []string) bool {
	i := slices.IndexFunc(cells, func(c string) bool { return strings.TrimSpace(c) != "" })
	if i < 0 {
		return false
	}
	s := strings.TrimSpace(cells[i])
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
		hd.col["p1"], hd.all["p1"], names = names[0], names[:1], names[1:]
	}
	if !hd.has("p2") && len(names) > 0 {
		hd.col["p2"], hd.all["p2"] = names[0], names[:1]
	}
	ok := true
	for _, key := range []string{"round", "table", "p1", "p2", "result", "p1wins", "p2wins", "draws", "p1points", "p2points"} {
		if cols := hd.all[key]; len(cols) > 1 {
			errs.addf(hd.pos[cols[1]], hd.cells[cols[1]], tbsheet.ErrFormat,
				"two %s columns (%q and %q): delete or rename one", tbsheet.ColumnHeader(key, "en"),
				strings.TrimSpace(hd.cells[cols[0]]), strings.TrimSpace(hd.cells[cols[1]]))
			ok = false
		}
	}
	var missing []string
	if needRound && !hd.has("round") {
		missing = append(missing, "Round")
	}
	for _, key := range []string{"p1", "p2"} {
		if !hd.has(key) {
			missing = append(missing, tbsheet.ColumnHeader(key, "en"))
		}
	}
	if !hd.has("result") && !(hd.has("p1wins") && hd.has("p2wins")) {
		missing = append(missing, "Result (or P1 Wins and P2 Wins)")
	}
	if len(missing) > 0 {
		errs.addf(hd.row, "", tbsheet.ErrFormat, "no %s column; found %s",
			strings.Join(missing, " or "), hd.found())
		ok = false
	}
	return ok
}

// readMatches reads the match rows below hd. fixed is the round of a per-round sheet (or
// CSV file); nil means each row says its round in the Round column, by a title row above
// its block ("Round 2", "Top 8"), or by being below a row that does (a Round cell left
// empty or merged down the block continues the round above).
func (h *handkept) readMatches(src rowSource, hd *header, fixed *roundKey) {
	var cur *roundKey
	for _, t := range hd.titles {
		if k, ok := roundTitle(t); ok {
			cur = &k
		}
	}
	roundless := false // reported that rows have no round
	for src.Next() {
		cells := src.Cells()
		if notesLine(cells) {
			break
		}
		r := &hkRow{src: src, hd: hd, cells: cells, errs: &h.errs}
		p1, p2 := r.name("p1"), r.name("p2")
		if p1 == "" && p2 == "" {
			if k, ok := roundTitle(cells); ok && fixed == nil && !r.bad {
				cur = &k
			}
			if res := r.text("result"); res != "" && !r.bad {
				h.note("%s: %s: row skipped: it has a result (%q) but no players", h.file, where(r.pos("result")), res)
			}
			continue
		}
		if hd.repeated(p1, p2) {
			continue // the header again, as in tables pasted one below the other
		}
		key, ok := h.rowRound(r, fixed, &cur)
		if !ok && !roundless && !r.bad && cur == nil && !hd.has("round") {
			h.errs.addf(hd.row, "", tbsheet.ErrFormat, "no Round column and no round title row "+
				"(\"Round 1\") above the matches; found %s", hd.found())
			roundless = true
		}
		h.matchRow(r, key, ok, p1, p2)
	}
	if err := src.Err(); err != nil {
		h.errs.add(errorAt(src, err))
	}
	if acc := h.rounds[derefKey(fixed)]; fixed != nil && acc != nil {
		p := src.Pos(0)
		acc.pos = tbsheet.Pos{File: p.File, Sheet: p.Sheet} // a per-round sheet: the round is the sheet
	}
}

func derefKey(k *roundKey) roundKey {
	if k == nil {
		return roundKey{}
	}
	return *k
}

// rowRound returns the round a match row belongs to.
func (h *handkept) rowRound(r *hkRow, fixed *roundKey, cur **roundKey) (roundKey, bool) {
	bad := r.bad
	text := r.text("round")
	if r.bad && !bad {
		return roundKey{}, false
	}
	if text == "" {
		if fixed != nil {
			return *fixed, true
		}
		if *cur == nil {
			if r.hd.has("round") {
				r.errorf("round", tbsheet.ErrFormat, "the Round cell is empty")
			}
			return roundKey{}, false
		}
		return **cur, true
	}
	k, ok := parseRound(text)
	if !ok {
		r.errorf("round", tbsheet.ErrFormat, "%q is not a round (expected a number like 3, or T8, QF, SF, F or Playoff 6 for the top cut)", text)
		return roundKey{}, false
	}
	if fixed != nil && k != *fixed {
		r.errorf("round", tbsheet.ErrFormat, "the Round cell says %s but the sheet is %s", k, *fixed)
		return roundKey{}, false
	}
	*cur = &k
	return k, true
}

// matchRow reads one match and adds it to its round unless something in the row is wrong
// (or its round is unknown: keyOK false; the row is still checked).
func (h *handkept) matchRow(r *hkRow, key roundKey, keyOK bool, p1, p2 string) {
	table := 0
	if t := r.text("table"); t != "" {
		var ok bool
		if table, ok = parseTable(t); !ok {
			r.errorf("table", tbsheet.ErrFormat, "%q is not a table number", t)
		}
	}
	p1Key, p2Key := "p1", "p2"
	if h.isBye(p1) {
		if p2 == "" || h.isBye(p2) {
			r.errorf("p1", tbsheet.ErrFormat, "both players are byes")
			return
		}
		// "BYE | Alice": a bye for Alice, written the other way round.
		if res := r.text("result"); res != "" && !tbsheet.IsBye(res) {
			r.errorf("result", tbsheet.ErrResult, "%q: with BYE as Player 1 the result is unclear; put the player in Player 1 and BYE in Player 2", res)
			return
		}
		p1, p2, p1Key, p2Key = p2, "", "p2", "p1"
	}
	if p1 == "" {
		if !r.bad { // else the cell's own error says why it is empty
			r.errorf("p1", tbsheet.ErrFormat, "Player 1 is empty (Player 2 is %q)", p2)
		}
		return
	}
	solo := p2 == "" || h.isBye(p2)
	m := tbsheet.Match{Table: table, P2: tbsheet.NoPlayer, Pos: r.pos("result")}
	if !r.hd.has("result") {
		m.Pos = r.pos("p1wins")
	}
	var ok bool
	if m.P1, ok = h.player(p1, r.pos(p1Key), r.field(p1Key)); !ok {
		r.bad = true
	}
	if !solo {
		if m.P2, ok = h.player(p2, r.pos(p2Key), r.field(p2Key)); !ok {
			r.bad = true
		}
	}
	if p1Key == "p2" {
		m.Result, m.Games = tbsheet.Bye, tbsheet.Games{}
	} else {
		m.Result, m.Games = h.outcome(r, !solo)
		m.Score = h.score(r)
	}
	if r.bad || !keyOK {
		return
	}
	if m.P1 == m.P2 {
		r.errorf("p2", tbsheet.ErrSelfPairing, "player %q is paired against themselves", h.ev.Players[m.P1].Name)
		return
	}
	acc := h.rounds[key]
	if acc == nil {
		acc = &roundAcc{pos: r.pos("round"), seat: map[int]tbsheet.Pos{}}
		h.rounds[key] = acc
	}
	for _, side := range []struct {
		p   int
		key string
	}{{m.P1, p1Key}, {m.P2, p2Key}} {
		if side.p == tbsheet.NoPlayer {
			continue
		}
		if first, dup := acc.seat[side.p]; dup {
			r.errorf(side.key, tbsheet.ErrDuplicatePlayer, "player %q appears twice in %s (also at %s)",
				h.ev.Players[side.p].Name, key, where(first))
		}
	}
	if r.bad {
		return
	}
	acc.seat[m.P1] = r.pos(p1Key)
	if m.P2 != tbsheet.NoPlayer {
		acc.seat[m.P2] = r.pos(p2Key)
	}
	acc.matches = append(acc.matches, m)
}

// where prints a position inside the same file: "Round 3!C4" or "line 4".
func where(p tbsheet.Pos) string {
	if p.Sheet != "" {
		p.File = ""
		return p.String()
	}
	return "line " + strconv.Itoa(p.Row)
}

// outcome reads the result from the Result cell and the game columns.
func (h *handkept) outcome(r *hkRow, hasOpp bool) (tbsheet.Result, tbsheet.Games) {
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
func (h *handkept) dateHint(text string) string {
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
func (h *handkept) gameColumns(r *hkRow) (g tbsheet.Games, given bool) {
	g.Known = true
	for _, c := range []struct {
		key string
		n   *int
	}{{"p1wins", &g.P1}, {"p2wins", &g.P2}, {"draws", &g.Drawn}} {
		t := r.text(c.key)
		if t == "" {
			continue
		}
		given = true
		n, ok := parseCount(t)
		if !ok || n > 999 {
			r.errorf(c.key, tbsheet.ErrGames, "%q is not a number of games", t)
		}
		*c.n = n
	}
	return g, given
}

// score reads the optional P1 Points and P2 Points columns.
func (h *handkept) score(r *hkRow) tbsheet.Score {
	var s tbsheet.Score
	for _, c := range []struct {
		key string
		n   *exact.Num
	}{{"p1points", &s.P1}, {"p2points", &s.P2}} {
		*c.n = exact.Int(0)
		t := r.text(c.key)
		if t == "" {
			continue
		}
		n, err := exact.Parse(width.Fold.String(t))
		if err != nil || len(t) > 20 {
			r.errorf(c.key, tbsheet.ErrFormat, "%q is not a number of points", t)
			continue
		}
		*c.n, s.Known = n, true
	}
	if !s.Known {
		return tbsheet.Score{}
	}
	return s
}

// readPlayers reads a Players table (Name, ID, Dropped After, Rating) below hd.
func readPlayers(src rowSource, hd *header, errs *problems) []tbsheet.Player {
	for _, key := range []string{"name", "id", "dropped", "rating"} {
		if cols := hd.all[key]; len(cols) > 1 {
			errs.addf(hd.pos[cols[1]], hd.cells[cols[1]], tbsheet.ErrFormat, "two %s columns: delete or rename one",
				tbsheet.ColumnHeader(key, "en"))
			return nil
		}
	}
	var players []tbsheet.Player
	names, ids := map[string]tbsheet.Pos{}, map[string]tbsheet.Pos{}
	for src.Next() {
		cells := src.Cells()
		if notesLine(cells) {
			break
		}
		r := &hkRow{src: src, hd: hd, cells: cells, errs: errs}
		p := tbsheet.Player{Name: r.name("name"), ID: r.text("id"), Pos: r.pos("name")}
		drop, rating := r.text("dropped"), r.text("rating")
		if p.Name == "" {
			if p.ID != "" || drop != "" || rating != "" {
				r.errorf("name", tbsheet.ErrFormat, "the player's name is empty")
			}
			continue
		}
		key := nameKey(p.Name)
		if first, dup := names[key]; dup {
			r.errorf("name", tbsheet.ErrDuplicatePlayer, "player %q is listed twice (also at %s)", p.Name, where(first))
		}
		names[key] = p.Pos
		if p.ID == "" {
			p.ID = p.Name
		} else if first, dup := ids[p.ID]; dup {
			r.errorf("id", tbsheet.ErrDuplicatePlayer, "ID %q is given twice (also at %s)", p.ID, where(first))
		} else {
			ids[p.ID] = r.pos("id")
		}
		if drop != "" {
			n, ok := parseCount(drop)
			if !ok {
				n, ok = tbsheet.RoundSheetNumber(drop)
			}
			if !ok {
				r.errorf("dropped", tbsheet.ErrFormat, "%q is not a round number (Dropped After: the last round the player played)", drop)
			}
			p.DroppedAfter = n
		}
		if rating != "" {
			n, ok := parseCount(rating)
			if !ok {
				r.errorf("rating", tbsheet.ErrFormat, "%q is not a rating", rating)
			}
			p.Rating = n
		}
		if !r.bad {
			players = append(players, p)
		}
	}
	if err := src.Err(); err != nil {
		errs.add(errorAt(src, err))
	}
	return players
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

// finish orders the rounds (Swiss by number, then the playoff rounds: numbered ones as
// numbered, named ones after them, the largest stage first), infers drops, validates the
// event and returns it with every problem.
func (h *handkept) finish() (*tbsheet.Event, error) {
	var swiss, playoff []roundKey
	for k := range h.rounds {
		if k.stage > 0 || k.playoff {
			playoff = append(playoff, k)
		} else {
			swiss = append(swiss, k)
		}
	}
	sort.Slice(swiss, func(i, j int) bool { return swiss[i].n < swiss[j].n })
	sort.Slice(playoff, func(i, j int) bool {
		a, b := playoff[i], playoff[j]
		if a.playoff != b.playoff {
			return a.playoff
		}
		return a.n < b.n || a.n == b.n && a.stage > b.stage
	})
	last := 0
	for i, k := range swiss {
		if k.n != i+1 {
			var have []string
			for _, s := range swiss {
				have = append(have, strconv.Itoa(s.n))
			}
			h.errs.addf(tbsheet.Pos{File: h.file}, "", tbsheet.ErrFormat, "round %d is missing: the rounds read are %s",
				i+1, strings.Join(have, ", "))
			break
		}
		last = k.n
		h.ev.Rounds = append(h.ev.Rounds, tbsheet.Round{Number: k.n, Matches: h.rounds[k].matches, Pos: h.rounds[k].pos})
	}
	next := last + 1
	for _, k := range playoff {
		n := next
		if k.playoff {
			if k.n <= last {
				h.errs.addf(h.rounds[k].pos, "", tbsheet.ErrFormat, "playoff round %d comes before the end of the Swiss rounds (round %d)", k.n, last)
				continue
			}
			n = k.n
		}
		next = n + 1
		h.ev.Rounds = append(h.ev.Rounds, tbsheet.Round{Number: n, Playoff: true,
			Matches: h.rounds[k].matches, Pos: h.rounds[k].pos})
	}
	if len(h.ev.Rounds) == 0 && len(h.ev.Players) == 0 && len(h.errs.list) == 0 {
		h.errs.addf(tbsheet.Pos{File: h.file}, "", tbsheet.ErrFormat, "no matches below the header")
	}
	h.inferDrops(last)
	for _, e := range h.ev.Validate() {
		h.errs.add(e)
	}
	h.sortErrors()
	return h.ev, h.errs.err(h.file)
}

// sortErrors puts the problems in the order an organizer fixes them: sheet by sheet as
// they were read, then row by row. Problems of the whole file come first.
func (h *handkept) sortErrors() {
	rank := func(sheet string) int {
		if i := slices.Index(h.sheets, sheet); i >= 0 {
			return i
		}
		return len(h.sheets)
	}
	slices.SortStableFunc(h.errs.list, func(a, b *tbsheet.Error) int {
		if c := rank(a.Pos.Sheet) - rank(b.Pos.Sheet); c != 0 {
			return c
		}
		if c := a.Pos.Row - b.Pos.Row; c != 0 {
			return c
		}
		return a.Pos.Col - b.Pos.Col
	})
}

// inferDrops marks players absent from the trailing Swiss rounds as dropped after the last
// round they played, unless the Players list says when they dropped, and notes each one.
func (h *handkept) inferDrops(lastRound int) {
	lastPlayed := make([]int, len(h.ev.Players))
	for _, r := range h.ev.Rounds {
		for _, m := range r.Matches {
			for _, p := range []int{m.P1, m.P2} {
				if p >= 0 && p < len(lastPlayed) && !r.Playoff {
					lastPlayed[p] = max(lastPlayed[p], r.Number)
				} else if p >= 0 && p < len(lastPlayed) && lastPlayed[p] == 0 {
					lastPlayed[p] = -1 // plays in the top cut only
				}
			}
		}
	}
	for i := range h.ev.Players {
		p := &h.ev.Players[i]
		switch lp := lastPlayed[i]; {
		case lp == 0 && len(h.ev.Rounds) > 0:
			h.note("%s is on the players list but plays no match", p.Name)
		case p.DroppedAfter == 0 && lp > 0 && lp < lastRound:
			p.DroppedAfter = lp
			h.note("%s plays no match after round %d of %d: counted as dropped after round %d (give Dropped After on the Players sheet to say otherwise)",
				p.Name, lp, lastRound, lp)
		}
	}
}
