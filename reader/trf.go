package reader

// FIDE Tournament Report File (TRF-16, FIDE C.04 Annex 2, and TRF-2025/26): docs/inputs.md.
// A TRF is a fixed-column text file. Each line starts with a three-character record id;
// "001" lines are players, with one ten-column block per round:
//
//	001    1 m  GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  4.5    1     7 w 1     4 b =  0000 - U
//	         ^ start rank                              ^ rating                        ^ points ^ rank ^ round 1 (col 92) …
//
// Both players' lines describe the same game; the reader builds each match once and reports
// every line that contradicts its opponent's.

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// TRF limits: a start rank has four digits, and no real tournament comes near the others.
const (
	trfMaxLines   = 200000
	trfMaxLineLen = 4096 // room for 400 rounds
	trfMaxPlayers = 9999
)

// TRF column positions (1-based, inclusive), docs/inputs.md.
const (
	trfColRank     = 5  // start rank 5–8
	trfColSex      = 10 // sex 10, title 11–13
	trfColName     = 15
	trfColNameEnd  = 47
	trfColRating   = 49
	trfColFed      = 54 // federation 54–56
	trfColFIDEID   = 58 // FIDE id 58–68
	trfColBirth    = 70 // birth date 70–79
	trfColPoints   = 81
	trfColPlace    = 86
	trfColRound1   = 92 // round r's block starts at 92 + 10(r−1): opponent 4, colour at +5, result at +7
	trfRoundWidth  = 10
	trfRoundLength = 8
)

func init() {
	Register(&Format{
		ID:    "trf",
		Title: "FIDE Tournament Report File (TRF)",
		Exts:  []string{".trf", ".trfx", ".txt"},
		// The FIDE format defines its fields by character columns.
		CharColumns: true,
		Priority:    50,
		Sniff:       sniffTRF,
		Read:        readTRF,
	})
}

// sniffTRF accepts text whose lines include a player record ("001" and a start rank) or whose
// first record is the tournament name ("012 ").
func sniffTRF(data []byte, _ string) bool {
	if len(data) > 1<<16 {
		data = data[:1<<16]
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	first := true
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if first && bytes.HasPrefix(line, []byte("012 ")) {
			return true
		}
		first = false
		if len(line) >= 8 && bytes.HasPrefix(line, []byte("001 ")) {
			if n, err := strconv.Atoi(strings.TrimSpace(string(line[4:8]))); err == nil && n > 0 {
				return true
			}
		}
	}
	return false
}

// trfLine is one line split into characters, so that columns count characters whether the
// file is UTF-8 or Latin-1.
type trfLine struct {
	no    int
	chars []rune
}

// field returns columns from..to (1-based, inclusive), trimmed; columns past the end are blank.
func (l trfLine) field(from, to int) string {
	if from > len(l.chars) {
		return ""
	}
	to = min(to, len(l.chars))
	return strings.TrimSpace(string(l.chars[from-1 : to]))
}

// char returns the character at a column, or ' ' past the end.
func (l trfLine) char(col int) rune {
	if col > len(l.chars) {
		return ' '
	}
	return l.chars[col-1]
}

// trfBlock is one round of one player's line, as written.
type trfBlock struct {
	line, col int    // where the block starts
	text      string // the eight columns, for messages
	opp       int    // opponent's start rank, 0 for none
	colour    tbsheet.Color
	code      rune // result code, upper case; ' ' when blank
}

type trfPlayer struct {
	pl     tbsheet.Player
	rank   int
	line   int
	blocks []trfBlock // by round, index 0 = round 1
}

type trfReader struct {
	name   string
	errs   tbsheet.ErrorList
	ev     *tbsheet.Event
	byRank map[int]int // start rank → player index
}

func (t *trfReader) errorf(line, col int, kind error, format string, args ...any) {
	t.errs.Addf(tbsheet.Pos{File: t.name, Row: line, Col: col}, kind, format, args...)
}

func readTRF(data []byte, name string, _ Options) (*tbsheet.Event, error) {
	// A TRF-16 names no tie-breaks: its rank column is whatever the pairing program was set
	// to rank by. A TRF-2x names them in its 202 record (tiebreaks).
	t := &trfReader{name: name, ev: &tbsheet.Event{Source: name, Format: "trf", System: "fide", LocalIDs: true},
		byRank: map[int]int{}}
	lines, err := t.split(data)
	if err != nil {
		return nil, err
	}
	var players []*trfPlayer
	seenPlayer := false
	for _, l := range lines {
		if len(l.chars) < 3 {
			continue
		}
		id := string(l.chars[:3])
		if id == "001" {
			seenPlayer = true
		} else {
			// Every other line is kept as written, for a converted file to lose nothing.
			t.ev.Records = append(t.ev.Records, tbsheet.Record{ID: id, Line: string(l.chars), AfterPlayers: seenPlayer})
		}
		switch id {
		case "001":
			if p := t.player(l); p != nil {
				players = append(players, p)
			}
		case "012":
			t.ev.Name = l.field(5, len(l.chars))
		case "042":
			t.ev.Date = trfDate(l.field(5, len(l.chars)))
		case "XXR", "142":
			t.rounds(l)
		case "162":
			t.scoring(l)
		case "202", "212":
			t.tiebreaks(l)
		}
		// Every other record (tournament data, team records, comments "###", rulers) says
		// nothing the standings need.
	}
	t.ev.ReportedOrderUnknown = t.ev.DeclaredTiebreaks == ""
	t.ev.RoundRobin = trfRoundRobin(t.ev, len(players))
	if len(t.errs) > 0 {
		return t.ev, t.errs
	}
	if len(players) == 0 {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: name}, tbsheet.ErrFormat, "no player records (lines starting with 001)")
	}
	sort.Slice(players, func(i, j int) bool { return players[i].rank < players[j].rank })
	for i, p := range players {
		t.byRank[p.rank] = i
		t.ev.Players = append(t.ev.Players, p.pl)
	}
	t.rankColumn(players)
	t.matches(players)
	t.errs.AddAll(t.ev.Validate())
	return t.ev, t.errs.Err()
}

// split cuts the file into lines of characters, reading UTF-8 when the file is valid UTF-8
// and Latin-1 (what older pairing programs write) otherwise.
func (t *trfReader) split(data []byte) ([]trfLine, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	latin1 := !utf8.Valid(data)
	raw := bytes.Split(data, []byte("\n"))
	if len(raw) > trfMaxLines {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: t.name}, tbsheet.ErrTooLarge,
			"%d lines: a TRF has at most %d", len(raw), trfMaxLines)
	}
	lines := make([]trfLine, 0, len(raw))
	for i, b := range raw {
		b = bytes.TrimRight(b, "\r")
		if len(b) > trfMaxLineLen {
			t.errorf(i+1, trfMaxLineLen+1, tbsheet.ErrTooLarge, "line is %d characters long; a TRF line has at most %d", len(b), trfMaxLineLen)
			continue
		}
		var chars []rune
		if latin1 {
			chars = make([]rune, len(b))
			for j, c := range b {
				chars[j] = rune(c)
			}
		} else {
			chars = []rune(string(b))
		}
		lines = append(lines, trfLine{no: i + 1, chars: chars})
	}
	return lines, nil
}

// player reads a 001 line: the player's fields and his round blocks. The event's players are
// put in start-rank order once every line is read.
func (t *trfReader) player(l trfLine) *trfPlayer {
	n0 := len(t.errs)
	rankText := l.field(trfColRank, trfColRank+3)
	rank, err := strconv.Atoi(rankText)
	if err != nil || rank < 1 || rank > trfMaxPlayers {
		t.errorf(l.no, trfColRank, tbsheet.ErrValue, "%s is not a start rank (columns 5–8: 1 to 9999)", tbsheet.Quote(rankText))
		return nil
	}
	if _, dup := t.byRank[rank]; dup {
		t.errorf(l.no, trfColRank, tbsheet.ErrDuplicatePlayer, "start rank %d is used twice", rank)
		return nil
	}
	t.byRank[rank] = -1
	pl := tbsheet.Player{ID: strconv.Itoa(rank), Name: l.field(trfColName, trfColNameEnd),
		Sex: l.field(trfColSex, trfColSex), Title: l.field(trfColSex+1, trfColSex+3),
		Federation: l.field(trfColFed, trfColFed+2), FIDEID: l.field(trfColFIDEID, trfColFIDEID+10),
		Birth: l.field(trfColBirth, trfColBirth+9),
		Pos:   tbsheet.Pos{File: t.name, Row: l.no, Col: 1}}
	if s := l.field(trfColRating, trfColRating+3); s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || r < 0 {
			t.errorf(l.no, trfColRating, tbsheet.ErrValue, "%s is not a rating (columns 49–52)", tbsheet.Quote(s))
		}
		pl.Rating = r
	}
	rep := &tbsheet.Reported{}
	if s := l.field(trfColPoints, trfColPoints+3); s != "" {
		v, err := exact.Parse(s)
		if err != nil || v.Sign() < 0 {
			t.errorf(l.no, trfColPoints, tbsheet.ErrValue, "%s is not a score (columns 81–84, like 4.5)", tbsheet.Quote(s))
		} else {
			rep.Values = map[string]exact.Num{"points": v}
		}
	}
	if s := l.field(trfColPlace, trfColPlace+3); s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || r < 0 {
			t.errorf(l.no, trfColPlace, tbsheet.ErrValue, "%s is not a rank (columns 86–89)", tbsheet.Quote(s))
		}
		rep.Rank = r
	}
	if rep.Values != nil || rep.Rank > 0 {
		pl.Reported = rep
	}
	p := &trfPlayer{pl: pl, rank: rank, line: l.no}
	for col := trfColRound1; col <= len(l.chars); col += trfRoundWidth {
		if b, ok := t.block(l, col); ok {
			p.blocks = append(p.blocks, b)
		}
	}
	// Blank blocks at the end of a line are no rounds at all.
	for len(p.blocks) > 0 && p.blocks[len(p.blocks)-1].opp == 0 && p.blocks[len(p.blocks)-1].code == ' ' {
		p.blocks = p.blocks[:len(p.blocks)-1]
	}
	if len(t.errs) > n0 {
		return nil
	}
	return p
}

// rankColumn drops the rank column (columns 86–89) when it is the start order, as many
// programs write it before the event ends: it is then no ranking to check against. The
// players are in start-rank order.
func (t *trfReader) rankColumn(players []*trfPlayer) {
	n := 0
	for i, p := range players {
		rep := t.ev.Players[i].Reported
		if rep == nil || rep.Rank == 0 {
			continue
		}
		if rep.Rank != p.rank {
			return
		}
		n++
	}
	if n < 2 {
		return
	}
	for i := range t.ev.Players {
		if rep := t.ev.Players[i].Reported; rep != nil {
			rep.Rank = 0
			if rep.Values == nil {
				t.ev.Players[i].Reported = nil
			}
		}
	}
	t.ev.Notes = append(t.ev.Notes, i18n.N("reader.trf-start-order"))
}

// block reads the round block at col: "oooo c r" (opponent, colour, result).
func (t *trfReader) block(l trfLine, col int) (trfBlock, bool) {
	end := min(col+trfRoundLength-1, len(l.chars))
	b := trfBlock{line: l.no, col: col, text: string(l.chars[col-1 : end])}
	if s := strings.TrimSpace(l.field(col+trfRoundLength, col+trfRoundWidth-1)); s != "" {
		t.errorf(l.no, col+trfRoundLength, tbsheet.ErrValue,
			"%s between round blocks: each round takes 10 columns from column 92 (opponent, colour, result)", tbsheet.Quote(s))
		return b, false
	}
	if s := l.field(col, col+3); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.errorf(l.no, col, tbsheet.ErrValue, "%s is not an opponent's start rank (or 0000)", tbsheet.Quote(s))
			return b, false
		}
		b.opp = n
	}
	switch c := l.char(col + 5); c {
	case 'w', 'W':
		b.colour = tbsheet.White
	case 'b', 'B':
		b.colour = tbsheet.Black
	case '-', ' ':
	default:
		t.errorf(l.no, col+5, tbsheet.ErrValue, "%s is not a colour (w, b or -)", tbsheet.Quote(string(c)))
		return b, false
	}
	c := l.char(col + 7)
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if !strings.ContainsRune("10=+-WDLHFUZ ", c) {
		t.errorf(l.no, col+7, tbsheet.ErrResult,
			"%s is not a TRF result (1 = 0 + - W D L H F U Z or blank)", tbsheet.Quote(string(l.char(col+7))))
		return b, false
	}
	b.code = c
	if l.char(col+4) != ' ' || l.char(col+6) != ' ' {
		t.errorf(l.no, col, tbsheet.ErrValue, "%s is not a round block (\"oooo c r\" from column %d)", tbsheet.Quote(b.text), col)
		return b, false
	}
	return b, true
}

// rounds reads XXR (JaVaFo) or 142 (TRF-2x): the number of rounds planned.
func (t *trfReader) rounds(l trfLine) {
	s := l.field(5, len(l.chars))
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 400 {
		t.errorf(l.no, 5, tbsheet.ErrValue, "%s is not a number of rounds", tbsheet.Quote(s))
		return
	}
	t.ev.PlannedRounds = n
}

// scoring reads a 162 record (TRF-2x): pairs of a result code and its points, "W 1.0 D 0.5
// L 0.0 …". W, D and L set the match points; the pairing-allocated bye is U or P (else a
// win). Codes the model scores by rule (H = D, Z = L, F = U, forfeits = W/L) are noted when
// they differ.
func (t *trfReader) scoring(l trfLine) {
	f := strings.Fields(l.field(5, len(l.chars)))
	if len(f)%2 != 0 {
		t.errorf(l.no, 5, tbsheet.ErrValue, "%s is not a scoring system (pairs like \"W 1.0 D 0.5 L 0.0\")", tbsheet.Quote(strings.Join(f, " ")))
		return
	}
	vals := map[string]exact.Num{}
	for i := 0; i < len(f); i += 2 {
		v, err := exact.Parse(f[i+1])
		if err != nil {
			t.errorf(l.no, 5, tbsheet.ErrValue, "%s is not a number of points for %s", tbsheet.Quote(f[i+1]), f[i])
			return
		}
		vals[strings.ToUpper(f[i])] = v
	}
	pt := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2)}
	for code, dst := range map[string]*exact.Num{"W": &pt.Win, "D": &pt.Draw, "L": &pt.Loss} {
		if v, ok := vals[code]; ok {
			*dst = v
		}
	}
	pt.Bye = pt.Win
	for _, code := range []string{"P", "U"} {
		if v, ok := vals[code]; ok {
			pt.Bye = v
		}
	}
	rule := map[string]exact.Num{"H": pt.Draw, "Z": pt.Loss, "F": pt.Bye, "FW": pt.Win, "FL": pt.Loss}
	for code, v := range vals {
		if want, ok := rule[code]; ok && !want.Equal(v) {
			t.ev.Notes = append(t.ev.Notes, i18n.N("reader.trf-scoring",
				t.name, l.no, code, v.String(), want.String()))
		}
	}
	t.ev.Points = &pt
}

// tiebreaks reads a 202 record (TRF-2x): the event's tie-breaks in FIDE's notation
// ("202 BH/C1,BH,SB,DE"), kept as written for calc to map, and where they start; or a 212
// record, the same list led by the score that ranks first ("212 PTS,BH/C1,BH"). A second
// list that says otherwise is a mistake: which one ranks would be a guess.
func (t *trfReader) tiebreaks(l trfLine) {
	s := l.field(5, len(l.chars))
	if s == "" {
		return
	}
	if t.ev.DeclaredTiebreaks != "" && trfAfterPoints(s) == trfAfterPoints(t.ev.DeclaredTiebreaks) {
		return // a 202 and a 212 record that agree
	}
	if t.ev.DeclaredTiebreaks != "" {
		t.errorf(l.no, 5, tbsheet.ErrValue, "a second list of tie-breaks (%s): the first is on line %d",
			string(l.chars[:3]), t.ev.DeclaredTiebreaksPos.Row)
		return
	}
	col := 5
	for l.char(col) == ' ' {
		col++
	}
	t.ev.DeclaredTiebreaks = s
	t.ev.DeclaredTiebreaksPos = tbsheet.Pos{File: t.name, Row: l.no, Col: col}
}

// trfAfterPoints returns a list of tie-breaks without the score a 212 record leads with.
func trfAfterPoints(s string) string {
	first, rest, _ := strings.Cut(strings.TrimSpace(s), ",")
	switch strings.ToUpper(strings.TrimSpace(first)) {
	case "PTS", "MPTS", "GPTS":
		return strings.TrimSpace(rest)
	}
	return strings.TrimSpace(s)
}

// trfRoundRobin reports whether the event is an all-play-all, as FIDE's tie-break checker
// decides it: the kind of tournament in record 092 when it names one (Swiss; round robin, RR
// or Berger), else a number of players equal to the planned rounds or one more.
func trfRoundRobin(ev *tbsheet.Event, players int) bool {
	for _, rec := range ev.Records {
		if rec.ID != "092" {
			continue
		}
		kind := strings.ToUpper(rec.Line)
		switch {
		case strings.Contains(kind, "SWISS"):
			return false
		case strings.Contains(kind, "ROBIN"), strings.Contains(kind, "BERGER"), strings.Contains(kind, "RR"):
			return true
		}
	}
	return ev.PlannedRounds > 0 && (players == ev.PlannedRounds || players == ev.PlannedRounds+1)
}

// trfDate turns "2025/03/14" (or with - or .) into ISO 8601; other text is kept as written.
func trfDate(s string) string {
	if len(s) == 10 && (s[4] == '/' || s[4] == '.' || s[4] == '-') && s[7] == s[4] {
		if _, err := strconv.Atoi(s[:4] + s[5:7] + s[8:]); err == nil {
			return s[:4] + "-" + s[5:7] + "-" + s[8:]
		}
	}
	return s
}

// soloResult maps a result code without an opponent to a result; ok is false for an absence
// (blank or "-": not paired), which has no match at all.
func soloResult(code rune) (r tbsheet.Result, paired, ok bool) {
	switch code {
	case 'U', 'F', '+', '1', 'W':
		return tbsheet.Bye, true, true
	case 'H', '=', 'D':
		return tbsheet.HalfBye, true, true
	case 'Z', '0', 'L':
		return tbsheet.ZeroBye, true, true
	case ' ', '-':
		return 0, false, true
	}
	return 0, false, false
}

// pairResult maps a code with an opponent to a result from that player's side.
func pairResult(code rune) (tbsheet.Result, bool) {
	switch code {
	case '1', 'W':
		return tbsheet.Win, true
	case '0', 'L':
		return tbsheet.Loss, true
	case '=', 'D':
		return tbsheet.Draw, true
	case '+':
		return tbsheet.ForfeitWin, true
	case '-':
		return tbsheet.ForfeitLoss, true
	case ' ':
		return tbsheet.Unreported, true
	}
	return 0, false
}

// matches builds the rounds from the players' blocks, each game once, and drops.
func (t *trfReader) matches(players []*trfPlayer) {
	nr := 0
	for _, p := range players {
		nr = max(nr, len(p.blocks))
	}
	rounds := make([]tbsheet.Round, nr)
	for r := range rounds {
		rounds[r].Number = r + 1
	}
	blockAt := func(p *trfPlayer, r int) (trfBlock, bool) {
		if r < len(p.blocks) {
			return p.blocks[r], true
		}
		return trfBlock{}, false
	}
	for pi, p := range players {
		last := 0 // the last round p takes part in
		for r, b := range p.blocks {
			pos := tbsheet.Pos{File: t.name, Row: b.line, Col: b.col}
			if b.opp == 0 {
				res, paired, ok := soloResult(b.code)
				if !ok {
					t.errorf(b.line, b.col+7, tbsheet.ErrResult, "round %d: %s needs an opponent", r+1, tbsheet.Quote(string(b.code)))
					continue
				}
				if paired {
					rounds[r].Matches = append(rounds[r].Matches, tbsheet.Match{P1: pi, P2: tbsheet.NoPlayer,
						Result: res, Color: b.colour, FullPointBye: b.code == 'F', Pos: pos})
					last = r + 1
				}
				continue
			}
			last = r + 1
			qi, known := t.byRank[b.opp]
			_, ok := pairResult(b.code)
			switch {
			case !known:
				t.errorf(b.line, b.col, tbsheet.ErrUnknownPlayer, "round %d: no player has start rank %d", r+1, b.opp)
				continue
			case qi == pi:
				t.errorf(b.line, b.col, tbsheet.ErrSelfPairing, "round %d: player %d is paired against themselves", r+1, p.rank)
				continue
			case !ok:
				t.errorf(b.line, b.col+7, tbsheet.ErrResult, "round %d: %s is a bye and cannot have an opponent (%d)", r+1, tbsheet.Quote(string(b.code)), b.opp)
				continue
			case qi < pi:
				continue // built from the opponent's line, and checked there
			}
			q := players[qi]
			ob, has := blockAt(q, r)
			if !has || ob.opp != p.rank {
				says := "has no round " + strconv.Itoa(r+1)
				if has && ob.opp == 0 {
					says = fmt.Sprintf("has no opponent (%s)", tbsheet.Quote(ob.text))
				} else if has {
					says = fmt.Sprintf("says he played %d", ob.opp)
				}
				t.errorf(b.line, b.col, tbsheet.ErrValue, "round %d: %d plays %d here, but line %d (player %d) %s",
					r+1, p.rank, q.rank, q.line, q.rank, says)
				continue
			}
			m, msg := trfGame(pi, qi, b, ob)
			if msg != "" {
				t.errorf(ob.line, ob.col, tbsheet.ErrResult, "round %d: %s contradicts line %d (%s): %s",
					r+1, tbsheet.Quote(ob.text), b.line, tbsheet.Quote(b.text), msg)
				continue
			}
			m.Pos = pos
			rounds[r].Matches = append(rounds[r].Matches, m)
		}
		if last > 0 && last < nr {
			t.ev.Players[pi].DroppedAfter = last
		}
	}
	for r := range rounds {
		if len(rounds[r].Matches) > 0 {
			t.ev.Rounds = append(t.ev.Rounds, rounds[r])
		}
	}
}

// trfGame builds the match of two players' blocks for one round (p's block b, q's ob), with
// White as P1 when colours are known, or says how the blocks contradict each other.
func trfGame(p, q int, b, ob trfBlock) (tbsheet.Match, string) {
	rp, _ := pairResult(b.code)
	rq, ok := pairResult(ob.code)
	if !ok {
		return tbsheet.Match{}, fmt.Sprintf("%s is a bye and cannot have an opponent", tbsheet.Quote(string(ob.code)))
	}
	res := rp
	switch {
	case rp == tbsheet.ForfeitLoss && rq == tbsheet.ForfeitLoss:
		res = tbsheet.DoubleForfeit
	case rp == tbsheet.Loss && rq == tbsheet.Loss:
		res = tbsheet.DoubleLoss
	case rq != rp.Mirror():
		return tbsheet.Match{}, fmt.Sprintf("results %s and %s do not fit together", string(b.code), string(ob.code))
	}
	colour := b.colour
	switch {
	case b.colour == tbsheet.ColorUnknown:
		colour = ob.colour.Mirror()
	case ob.colour != tbsheet.ColorUnknown && ob.colour != b.colour.Mirror():
		return tbsheet.Match{}, "both players have the same colour"
	}
	m := tbsheet.Match{P1: p, P2: q, Result: res, Color: colour}
	if colour == tbsheet.Black {
		m = tbsheet.Match{P1: q, P2: p, Result: res.Mirror(), Color: tbsheet.White}
	}
	return m, ""
}
