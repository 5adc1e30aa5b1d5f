package reader

// This file reads the match rows of a hand-kept table: each row's round, table and players,
// and the numbers and round names organizers type.

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

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
		return "the " + strings.ToLower(handkept.PlayoffName(k.stage, "en"))
	case k.playoff:
		return "playoff round " + strconv.Itoa(k.n)
	}
	return "round " + strconv.Itoa(k.n)
}

// roundAcc is a round being read.
type roundAcc struct {
	pos     tbsheet.Pos
	matches []tbsheet.Match
	// seatOf holds, for each player index, 1 + the index in seats of the cell where he
	// already plays this round (0: not yet). A slice by player, not a map: a round seats
	// every player once.
	seatOf []int32
	seats  []seat
	// aside are the places of the rows left out of matches because a cell other than the
	// players' could not be read (a result, a table number): their players keep their seats,
	// so that one written again in the round is reported in the same run.
	aside []tbsheet.Pos
}

// seat is where a player plays in a round, for the message when he appears twice: the row
// and column of his cell in the row of match (whose Pos gives the file and sheet; a
// negative match −k is the row aside[k−1]). A round's seats are only needed for that
// message: a few bytes each, not a Pos.
type seat struct{ match, row, col int32 }

// newRoundAcc starts a round with room for as many matches as the largest round read so
// far (rounds of a match list are about the same size).
func (h *hkReader) newRoundAcc(pos tbsheet.Pos) *roundAcc {
	most := 0
	for _, acc := range h.rounds {
		most = max(most, len(acc.matches))
	}
	return &roundAcc{pos: pos, matches: make([]tbsheet.Match, 0, most), seatOf: make([]int32, len(h.ev.Players)),
		seats: make([]seat, 0, 2*most)}
}

// seat returns where player p already plays in the round.
func (acc *roundAcc) seat(p int) (tbsheet.Pos, bool) {
	if p < len(acc.seatOf) && acc.seatOf[p] > 0 {
		s := acc.seats[acc.seatOf[p]-1]
		var pos tbsheet.Pos
		if s.match < 0 {
			pos = acc.aside[-s.match-1]
		} else {
			pos = acc.matches[s.match].Pos
		}
		pos.Row, pos.Col = int(s.row), int(s.col)
		return pos, true
	}
	return tbsheet.Pos{}, false
}

// sit records that player p plays in the round at pos, in the match added next.
func (acc *roundAcc) sit(p int, pos tbsheet.Pos) { acc.sitIn(p, pos, int32(len(acc.matches))) }

// sitAside records that player p plays in the round at pos, in the row added last to aside.
func (acc *roundAcc) sitAside(p int, pos tbsheet.Pos) { acc.sitIn(p, pos, -int32(len(acc.aside))) }

// sitIn records that player p plays in the round at pos, in the row of match (see seat).
func (acc *roundAcc) sitIn(p int, pos tbsheet.Pos, match int32) {
	if p >= len(acc.seatOf) {
		acc.seatOf = append(acc.seatOf, make([]int32, p+1-len(acc.seatOf))...)
	}
	acc.seats = appendDoubling(acc.seats, seat{match, int32(pos.Row), int32(pos.Col)})
	acc.seatOf[p] = int32(len(acc.seats))
}

// appendDoubling is append, doubling the capacity when full. append grows a large slice by
// a quarter, so that a list built one element at a time allocates about five times its
// final size (the first round's matches, the players); doubling, about twice.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		s = slices.Grow(s, len(s))
	}
	return append(s, v)
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
	i, ok := r.hd.col.get(key)
	if !ok {
		return ""
	}
	var s string
	if i < len(r.cells) {
		s = trimSpace(r.cells[i])
		if s == "" {
			if f := r.src.Uncached(i); f != "" {
				r.errs.addf(r.src.Pos(i), r.field(key), tbsheet.ErrValue,
					"the formula =%s has no saved value: open the file in Excel or LibreOffice and save it, then try again", f)
				r.bad = true
			}
		}
	}
	if len(s) > 0 && s[0] == '#' && excelError[s] { // every error value starts with #
		r.errs.addf(r.src.Pos(i), r.field(key), tbsheet.ErrValue,
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
	if i, ok := r.hd.col.get(key); ok {
		return r.src.Pos(i)
	}
	p := r.src.Pos(0)
	p.Col = 0
	return p
}

// field names a column in messages by its header as typed.
func (r *hkRow) field(key string) string {
	if i, ok := r.hd.col.get(key); ok && i < len(r.hd.cells) {
		return strings.TrimSpace(r.hd.cells[i])
	}
	return handkept.ColumnHeader(key, "en")
}

func (r *hkRow) errorf(key string, kind error, format string, args ...any) {
	r.errs.addf(r.pos(key), r.field(key), kind, format, args...)
	r.bad = true
}

// excelError holds the error values a formula cell can show.
var excelError = map[string]bool{"#N/A": true, "#REF!": true, "#VALUE!": true, "#DIV/0!": true,
	"#NAME?": true, "#NUM!": true, "#NULL!": true, "#SPILL!": true, "#CALC!": true, "#GETTING_DATA": true}

// parseCount reads a whole number as spreadsheets hold them: "3", "3.0", "３", "3,0", a
// formula's 2.9999999999999996. It rejects negatives and numbers above most.
func parseCount(s string, most int) (int, bool) {
	if n, ok := smallNumber(s); ok { // most cells: a round, a table, a game count
		return n, n <= most
	}
	if n, err := strconv.Atoi(s); err == nil { // the common case, without allocating
		return n, n >= 0 && n <= most
	}
	s = strings.ReplaceAll(strings.TrimSpace(width.Fold.String(s)), ",", ".")
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n <= most
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "eExXpP") || math.IsNaN(f) {
		return 0, false
	}
	r := math.Round(f)
	if math.Abs(f-r) > 1e-9 || r < 0 || r > float64(most) {
		return 0, false
	}
	return int(r), true
}

// smallNumber reads s when it is one to nine ASCII digits, as strconv.Atoi does but without
// its checks for a sign, an overflow and an error to build.
func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int(d)
	}
	return n, true
}

// tableCell matches "T3", "Table 3", "#3", "3号桌", "3卓", "3番".
var tableCell = regexp.MustCompile(`^(?:table|tbl|t|#|桌|卓|テーブル)?\s*(\d{1,6})\s*(?:号桌|号|桌|卓|番)?$`)

// parseTable reads a Table cell: at most one table for every two players tbsheet reads.
func parseTable(s string) (int, bool) {
	if n, ok := parseCount(s, sanityMaxPlayers/2); ok {
		return n, true
	}
	m := tableCell.FindStringSubmatch(handkept.NormalizeHeader(s))
	if m == nil {
		return 0, false
	}
	return parseCount(m[1], sanityMaxPlayers/2)
}

// parseRound reads a Round cell: a number ("3", "3.0"), a round name ("Round 3", "R3",
// "第3轮") or a playoff name ("T8", "QF", "Semifinals", "决赛"). A number beyond
// sanityMaxRounds is read, for rowRound to refuse with its own message.
func parseRound(s string) (roundKey, bool) {
	if n, ok := parseCount(s, maxCount); ok && n > 0 {
		return roundKey{n: n}, true
	}
	if n, ok := handkept.RoundSheetNumber(s); ok {
		return roundKey{n: n}, true
	}
	if st, ok := handkept.PlayoffStage(s); ok {
		return roundKey{stage: st}, true
	}
	if n, ok := handkept.PlayoffRoundNumber(s); ok {
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

// readMatches reads the match rows below hd. fixed is the round of a per-round sheet (or
// CSV file); nil means each row says its round in the Round column, by a title row above
// its block ("Round 2", "Top 8"), or by being below a row that does (a Round cell left
// empty or merged down the block continues the round above).
func (h *hkReader) readMatches(src rowSource, hd *header, fixed *roundKey) {
	var cur *roundKey
	for _, t := range hd.titles {
		if k, ok := roundTitle(t); ok {
			cur = &k
		}
	}
	head1, head2 := hd.heading("p1"), hd.heading("p2")
	roundless := false // reported that rows have no round
	var row hkRow      // one for every row: nothing keeps it
	table := h.layoutTable(hd, fixed)
	for src.Next() {
		cells := src.Cells()
		if notesLine(cells) {
			break
		}
		row = hkRow{src: src, hd: hd, cells: cells, errs: &h.errs}
		r := &row
		p1, p2 := r.name("p1"), r.name("p2")
		if p1 == "" && p2 == "" {
			if k, ok := roundTitle(cells); ok && fixed == nil && !r.bad {
				cur = &k
			}
			if res := r.text("result"); res != "" && !r.bad {
				h.note("reader.row-no-players", h.file, position(r.pos("result")), tbsheet.Quote(res))
			}
			continue
		}
		if isHeading(p1, head1) && isHeading(p2, head2) {
			continue // the header again, as in tables pasted one below the other
		}
		key, ok := h.rowRound(r, fixed, &cur)
		if !ok && !roundless && !r.bad && cur == nil && !hd.has("round") {
			h.errs.addf(hd.row, "", tbsheet.ErrColumns, "no Round column and no round title row "+
				"(\"Round 1\") above the matches; found %s", hd.found())
			roundless = true
		}
		h.matchRow(r, key, ok, p1, p2)
		table.Last = src.Pos(0).Row
	}
	if err := src.Err(); err != nil {
		h.errs.Add(errorAt(src, err))
	}
	if acc := h.rounds[derefKey(fixed)]; fixed != nil && acc != nil {
		p := src.Pos(0)
		acc.pos = tbsheet.Pos{File: p.File, Sheet: p.Sheet} // a per-round sheet: the round is the sheet
	}
}

// layoutTable records the table a header heads in the event's Layout, and returns it for
// readMatches to note its last match row.
func (h *hkReader) layoutTable(hd *header, fixed *roundKey) *tbsheet.LayoutTable {
	if h.ev.Layout == nil {
		h.ev.Layout = &tbsheet.Layout{}
	}
	t := tbsheet.LayoutTable{Sheet: hd.row.Sheet, Header: hd.row.Row, Last: hd.row.Row, Columns: map[string]int{}}
	for _, c := range hd.col {
		t.Columns[c.key] = c.i
	}
	if fixed != nil {
		t.Round, t.Stage, t.Playoff = fixed.n, fixed.stage, fixed.playoff || fixed.stage > 0
	}
	h.ev.Layout.Tables = append(h.ev.Layout.Tables, t)
	return &h.ev.Layout.Tables[len(h.ev.Layout.Tables)-1]
}

// isHeading is strings.EqualFold(cell, heading), quick to tell a name from a heading (every
// match row asks whether it repeats the header) when their first bytes tell: an ASCII letter
// has no case partner outside ASCII but for k (the Kelvin sign) and s (the long s).
func isHeading(cell, heading string) bool {
	if cell != "" && heading != "" && (cell[0] < utf8.RuneSelf || heading[0] < utf8.RuneSelf) {
		a, b := lowerASCII(cell[0]), lowerASCII(heading[0])
		if a >= utf8.RuneSelf {
			a, b = b, a // a is ASCII
		}
		if b < utf8.RuneSelf && a != b || b >= utf8.RuneSelf && a != 'k' && a != 's' {
			return false
		}
	}
	return strings.EqualFold(cell, heading)
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func derefKey(k *roundKey) roundKey {
	if k == nil {
		return roundKey{}
	}
	return *k
}

// rowRound returns the round a match row belongs to.
func (h *hkReader) rowRound(r *hkRow, fixed *roundKey, cur **roundKey) (roundKey, bool) {
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
				r.errorf("round", tbsheet.ErrValue, "the Round cell is empty")
			}
			return roundKey{}, false
		}
		return **cur, true
	}
	k, ok := parseRound(text)
	if !ok {
		r.errorf("round", tbsheet.ErrValue, "%s is not a round (expected a number like 3, or T8, QF, SF, F or Playoff 6 for the top cut)", tbsheet.Quote(text))
		return roundKey{}, false
	}
	if k.n > sanityMaxRounds {
		r.errorf("round", tbsheet.ErrValue, "round %d: tbsheet reads events of at most %d rounds", k.n, sanityMaxRounds)
		return roundKey{}, false
	}
	if fixed != nil && k != *fixed {
		r.errorf("round", tbsheet.ErrValue, "the Round cell says %s but the sheet is %s", k, *fixed)
		return roundKey{}, false
	}
	if *cur == nil || **cur != k {
		next := k // allocated only when the round changes
		*cur = &next
	}
	return k, true
}

// matchRow reads one match and adds it to its round unless something in the row is wrong
// (or its round is unknown: keyOK false; the row is still checked).
func (h *hkReader) matchRow(r *hkRow, key roundKey, keyOK bool, p1, p2 string) {
	table := 0
	if t := r.text("table"); t != "" {
		var ok bool
		if table, ok = parseTable(t); !ok {
			r.errorf("table", tbsheet.ErrValue, "%s is not a table number", tbsheet.Quote(t))
		}
	}
	p1Key, p2Key := "p1", "p2"
	c1, c2 := h.nameCell(p1), h.nameCell(p2)
	if c1.bye {
		if p2 == "" || c2.bye {
			r.errorf("p1", tbsheet.ErrValue, "both players are byes")
			return
		}
		// "BYE | Alice": a bye for Alice, written the other way round.
		if res := r.text("result"); res != "" && !handkept.IsBye(res) {
			r.errorf("result", tbsheet.ErrResult, "%s: with BYE as Player 1 the result is unclear; put the player in Player 1 and BYE in Player 2", tbsheet.Quote(res))
			return
		}
		c1, c2, p1Key, p2Key = c2, nameCell{}, "p2", "p1"
	}
	if c1.text == "" {
		if !r.bad { // else the cell's own error says why it is empty
			r.errorf("p1", tbsheet.ErrValue, "Player 1 is empty (Player 2 is %s)", tbsheet.Quote(c2.text))
		}
		return
	}
	solo := c2.text == "" || c2.bye
	m := tbsheet.Match{Table: table, P2: tbsheet.NoPlayer, Pos: r.pos("result")}
	if !r.hd.has("result") {
		m.Pos = r.pos("p1wins")
	}
	if r.hd.colours && !solo && p1Key == "p1" {
		m.Color = tbsheet.White
	}
	var ok bool
	players := true // both players are known
	if m.P1, ok = h.player(c1, r, p1Key); !ok {
		r.bad, players = true, false
	}
	if !solo {
		if m.P2, ok = h.player(c2, r, p2Key); !ok {
			r.bad, players = true, false
		}
	}
	if p1Key == "p2" {
		m.Result, m.Games = tbsheet.Bye, tbsheet.Games{}
	} else {
		m.Result, m.Games = h.outcome(r, !solo)
		m.Score = h.score(r)
	}
	if !players || !keyOK {
		return
	}
	if m.P1 == m.P2 {
		r.errorf("p2", tbsheet.ErrSelfPairing, "player %s is paired against themselves", tbsheet.Quote(h.ev.Players[m.P1].Name))
		return
	}
	acc := h.lastRound
	if acc == nil || h.lastKey != key { // rows come round by round: one lookup per round
		if acc = h.rounds[key]; acc == nil {
			acc = h.newRoundAcc(r.pos("round"))
			h.rounds[key] = acc
		}
		h.lastRound, h.lastKey = acc, key
	}
	dup := false
	for _, side := range [2]struct {
		p   int
		key string
	}{{m.P1, p1Key}, {m.P2, p2Key}} {
		if side.p == tbsheet.NoPlayer {
			continue
		}
		if first, ok := acc.seat(side.p); ok {
			r.errorf(side.key, tbsheet.ErrDuplicatePlayer, "player %s appears twice in %s (also at %s)",
				tbsheet.Quote(h.ev.Players[side.p].Name), key, where(first))
			dup = true
		}
	}
	switch {
	case dup: // the players' first seats stand
	case r.bad:
		// Another cell of the row is wrong (the result): the match is left out, but its
		// players keep their seats, so that one written again in the round is reported in
		// the same run.
		acc.aside = append(acc.aside, m.Pos)
		acc.sitAside(m.P1, r.pos(p1Key))
		if m.P2 != tbsheet.NoPlayer {
			acc.sitAside(m.P2, r.pos(p2Key))
		}
	default:
		acc.sit(m.P1, r.pos(p1Key))
		if m.P2 != tbsheet.NoPlayer {
			acc.sit(m.P2, r.pos(p2Key))
		}
		acc.matches = appendDoubling(acc.matches, m)
	}
}
