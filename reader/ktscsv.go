package reader

// KTS's menu exports (docs/inputs.md):
//
//	"Event ID","Round","Player 1","Result","Player 2"      Export Matches to CSV
//	"E18-000001",3,0100000001,1,0100000002
//
//	"ID","First Name","Last Name"                          Export Enrolled Players to CSV
//
// In the matches export Player 1 is the winner and Player 2 the loser (empty for the BYE);
// Result 1 = Player 1 won, 3 = draw, 4 = double loss; incomplete matches are not exported.
// The export says nothing about drops or the top cut; names come from the players export
// (--players) or are the ids.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

var (
	ktsMatchesHeader = []string{"event id", "round", "player 1", "result", "player 2"}
	ktsPlayersHeader = []string{"id", "first name", "last name"}
)

// ktsCSV returns a CSV reader over data without its BOM, and whether the first record is the
// given header (compared case-insensitively, spaces trimmed).
func ktsCSV(data []byte, header []string) (*csv.Reader, bool) {
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, bomUTF8)))
	cr.FieldsPerRecord = -1
	rec, err := cr.Read()
	if err != nil || len(rec) != len(header) {
		return cr, false
	}
	for i, h := range header {
		if strings.ToLower(strings.TrimSpace(rec[i])) != h {
			return cr, false
		}
	}
	return cr, true
}

// ktsFirstLine returns data's first line, so that sniffing a large file stays cheap.
func ktsFirstLine(data []byte) []byte {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i+1]
	}
	return data
}

// firstLineOrKind says how a file that is not in the expected format starts: its first line
// when it is text, else what it looks like (a PDF, a workbook, JSON, …).
func firstLineOrKind(data []byte) string {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	line := bytes.TrimRight(ktsFirstLine(head), "\r\n")
	if len(line) == 0 || !utf8.Valid(line) || bytes.IndexByte(line, 0) >= 0 ||
		bytes.ContainsAny(line[:1], "<{[") || bytes.HasPrefix(line, []byte("%PDF")) {
		return "it looks like " + looksLike(data)
	}
	return fmt.Sprintf("its first line is %s", tbsheet.Quote(string(line)))
}

func sniffKTSCSV(data []byte) bool {
	_, ok := ktsCSV(ktsFirstLine(data), ktsMatchesHeader)
	return ok
}

func sniffKTSPlayersCSV(data []byte) bool {
	_, ok := ktsCSV(ktsFirstLine(data), ktsPlayersHeader)
	return ok
}

// ktsCSVPos returns the position of field i of the record just read.
func ktsCSVPos(cr *csv.Reader, name string, i int) tbsheet.Pos {
	line, col := cr.FieldPos(i)
	return tbsheet.Pos{File: name, Row: line, Col: col}
}

// ktsCSVError turns a csv package error into a positioned error.
func ktsCSVError(err error, name string) *tbsheet.Error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return tbsheet.Errorf(tbsheet.Pos{File: name, Row: pe.Line, Col: pe.Column}, tbsheet.ErrFormat, "%v", pe.Err)
	}
	return tbsheet.Errorf(tbsheet.Pos{File: name}, tbsheet.ErrFormat, "%v", err)
}

// ReadKTSPlayers reads KTS's "Export Enrolled Players to CSV" file ("ID","First Name","Last
// Name") into players with 10-digit ids and "First Last" names, for [Options.Players] when the
// input is KTS's matches export. It returns every problem as a tbsheet.ErrorList.
func ReadKTSPlayers(data []byte, name string) ([]tbsheet.Player, error) {
	cr, ok := ktsCSV(data, ktsPlayersHeader)
	if !ok {
		return nil, tbsheet.ErrorList{tbsheet.Errorf(tbsheet.Pos{File: name, Row: 1, Col: 1}, tbsheet.ErrFormat,
			`not a KTS players export: the first line should be "ID","First Name","Last Name"; %s`, firstLineOrKind(data))}
	}
	var players []tbsheet.Player
	var errs tbsheet.ErrorList
	seen := map[string]tbsheet.Pos{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs.Add(ktsCSVError(err, name))
			break
		}
		pos := ktsCSVPos(cr, name, 0)
		if len(rec) < 3 {
			errs.Addf(pos, tbsheet.ErrValue, "%d fields where the players export has 3 (ID, First Name, Last Name)", len(rec))
			continue
		}
		id, ok := ktsID(rec[0])
		switch {
		case !ok || id == "":
			errs.Addf(pos, tbsheet.ErrValue, "player id %s is not a KTS (COSSY) number", tbsheet.Quote(rec[0]))
			continue
		case seen[id] != tbsheet.Pos{}:
			errs.Addf(pos, tbsheet.ErrDuplicatePlayer, "player %s is listed twice (also at %s)", id, seen[id])
			continue
		case len(players) >= sanityMaxPlayers:
			errs.Addf(pos, tbsheet.ErrTooLarge, "more than %d players", sanityMaxPlayers)
			return nil, errs
		}
		seen[id] = pos
		p := tbsheet.Player{ID: id, Name: ktsName(rec[1], rec[2]), Pos: pos}
		if p.Name == "" {
			p.Name = id
		}
		players = append(players, p)
	}
	return players, errs.Err()
}

// readKTSCSV reads KTS's matches export. A players export given as the input is refused with
// a message that says where it goes.
func readKTSCSV(data []byte, name string, opt Options) (*tbsheet.Event, error) {
	cr, ok := ktsCSV(data, ktsMatchesHeader)
	if !ok {
		msg := `not a KTS matches export: the first line should be "Event ID","Round","Player 1","Result","Player 2"; ` +
			firstLineOrKind(data)
		if sniffKTSPlayersCSV(data) {
			msg = "this is KTS's players export, which holds no results: give the matches export as the input and this file with --players"
		}
		return nil, tbsheet.ErrorList{tbsheet.Errorf(tbsheet.Pos{File: name, Row: 1, Col: 1}, tbsheet.ErrFormat, "%s", msg)}
	}
	ev := &tbsheet.Event{System: "yugioh"}
	var errs tbsheet.ErrorList
	index := map[string]int{}
	for _, p := range opt.Players {
		if id, ok := ktsID(p.ID); ok && id != "" {
			p.ID = id
		}
		index[p.ID] = len(ev.Players)
		ev.Players = append(ev.Players, p)
	}
	player := func(id string, pos tbsheet.Pos, round int) (int, bool) {
		if i, ok := index[id]; ok {
			return i, true
		}
		if opt.Players != nil {
			errs.Addf(pos, tbsheet.ErrUnknownPlayer, "match in round %d names player %s, who is not in the players file", round, id)
			return 0, false
		}
		if len(ev.Players) >= sanityMaxPlayers {
			errs.Addf(pos, tbsheet.ErrTooLarge, "more than %d players", sanityMaxPlayers)
			return 0, false
		}
		index[id] = len(ev.Players)
		ev.Players = append(ev.Players, tbsheet.Player{ID: id, Name: id, Pos: pos})
		return index[id], true
	}
	rounds := map[int]*tbsheet.Round{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs.Add(ktsCSVError(err, name))
			break
		}
		if len(rec) != 5 {
			errs.Addf(ktsCSVPos(cr, name, 0), tbsheet.ErrValue, "%d fields where the matches export has 5", len(rec))
			continue
		}
		if ev.Name == "" {
			ev.Name = strings.TrimSpace(rec[0])
		}
		n, err := strconv.Atoi(strings.TrimSpace(rec[1]))
		if err != nil || n < 0 || n > sanityMaxRounds {
			errs.Addf(ktsCSVPos(cr, name, 1), tbsheet.ErrValue, "round %s is not a round number (1 to %d)", tbsheet.Quote(rec[1]), sanityMaxRounds)
			continue
		}
		if n == 0 {
			continue // seat assignments
		}
		m, ok := ktsCSVMatch(cr, name, rec, n, player, &errs)
		if !ok {
			continue
		}
		if rounds[n] == nil {
			rounds[n] = &tbsheet.Round{Number: n, Pos: m.Pos}
		}
		rounds[n].Matches = append(rounds[n].Matches, m)
	}
	for _, n := range sortedIntKeys(rounds) {
		ev.Rounds = append(ev.Rounds, *rounds[n])
	}
	if note := ktsMarkTopCut(ev); !note.IsZero() {
		ev.Notes = append(ev.Notes, note)
	}
	errs.AddAll(ev.Validate())
	return ev, errs.Err()
}

// ktsCSVMatch reads one row of the matches export.
func ktsCSVMatch(cr *csv.Reader, name string, rec []string, round int,
	player func(string, tbsheet.Pos, int) (int, bool), errs *tbsheet.ErrorList) (tbsheet.Match, bool) {
	m := tbsheet.Match{Pos: ktsCSVPos(cr, name, 3), P2: tbsheet.NoPlayer}
	var ids [2]string
	cols := [2]int{2, 4} // where each id stands in the record
	for k, f := range cols {
		id, ok := ktsID(rec[f])
		if !ok {
			errs.Addf(ktsCSVPos(cr, name, f), tbsheet.ErrValue, "player %s is not a KTS number", tbsheet.Quote(rec[f]))
			return m, false
		}
		ids[k] = id
	}
	code := strings.TrimSpace(rec[3])
	switch {
	case ids[0] == "" && ids[1] == "":
		return m, false // bye against bye
	case code == "1" && ids[1] == "":
		m.Result = tbsheet.Bye
	case code == "1" && ids[0] == "":
		ids[0], ids[1], cols[0] = ids[1], "", 4
		m.Result = tbsheet.LossNoOpponent // the BYE "won": a late entry's missed round
	case code == "1":
		m.Result = tbsheet.Win
	case (code == "3" || code == "4") && (ids[0] == "" || ids[1] == ""):
		errs.Addf(m.Pos, tbsheet.ErrResult, "result %s needs two players", code)
		return m, false
	case code == "3":
		m.Result = tbsheet.Draw
	case code == "4":
		m.Result = tbsheet.DoubleLoss
	default:
		errs.Addf(m.Pos, tbsheet.ErrResult, "result %s is not a KTS result code (1 = Player 1 won, 3 = draw, 4 = double loss)", tbsheet.Quote(rec[3]))
		return m, false
	}
	ok := true
	for k, id := range ids {
		if id == "" {
			continue
		}
		i, known := player(id, ktsCSVPos(cr, name, cols[k]), round)
		ok = ok && known
		if k == 0 {
			m.P1 = i
		} else {
			m.P2 = i
		}
	}
	return m, ok
}

// ktsMarkTopCut finds the single-elimination rounds at the end of a matches export, which
// does not mark them: the last rounds where only wins were recorded, each round's players are
// the previous round's winners, the player count is a power of two, and the first of them has
// at most half the players of the round before it. They become playoff rounds, and the
// returned note says so (no note when there is no cut).
func ktsMarkTopCut(ev *tbsheet.Event) i18n.Note {
	rs := ev.Rounds
	players := func(r tbsheet.Round) map[int]bool {
		s := map[int]bool{}
		for _, m := range r.Matches {
			s[m.P1] = true
			if m.P2 != tbsheet.NoPlayer {
				s[m.P2] = true
			}
		}
		return s
	}
	eliminationShaped := func(r tbsheet.Round) bool {
		n := len(players(r))
		for _, m := range r.Matches {
			if m.Result != tbsheet.Win {
				return false
			}
		}
		return n >= 2 && n&(n-1) == 0
	}
	winnersAre := func(r tbsheet.Round, next map[int]bool) bool {
		if len(r.Matches) != len(next) {
			return false
		}
		for _, m := range r.Matches {
			if !next[m.P1] {
				return false
			}
		}
		return true
	}
	i := len(rs) - 1
	if i < 1 || !eliminationShaped(rs[i]) {
		return i18n.Note{}
	}
	for i > 1 && eliminationShaped(rs[i-1]) && winnersAre(rs[i-1], players(rs[i])) {
		i--
	}
	// A Swiss round can look like an elimination round too: the cut is the first round of the
	// chain with at most half the players of the round before.
	for i < len(rs) && 2*len(players(rs[i])) > len(players(rs[i-1])) {
		i++
	}
	if i == len(rs) {
		return i18n.Note{}
	}
	for k := i; k < len(rs); k++ {
		rs[k].Playoff = true
	}
	first, last := rs[i].Number, rs[len(rs)-1].Number
	top := len(players(rs[i]))
	if last == first {
		return i18n.N("reader.kts-top-cut-round", first, top)
	}
	return i18n.N("reader.kts-top-cut-rounds", first, last, top)
}
