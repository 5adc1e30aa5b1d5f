package reader

// The KTS reader reads Konami Tournament Software's files (docs/inputs.md): the .Tournament
// XML that KTS saves for every event, and its "Export Matches to CSV" (ktscsv.go). Both come
// under the one format id "kts"; the content decides which reader runs.

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func init() {
	Register(&Format{
		ID:       "kts",
		Title:    "KTS (Konami Tournament Software) .Tournament XML or matches CSV",
		Exts:     []string{".tournament", ".csv"},
		Priority: 80,
		Sniff: func(data []byte, _ string) bool {
			return sniffKTSXML(data) || sniffKTSCSV(data) || sniffKTSPlayersCSV(data)
		},
		Likely: likelyXML("Tournament"),
		Read: func(data []byte, name string, opt Options) (*tbsheet.Event, error) {
			if head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n"); bytes.HasPrefix(head, []byte("<")) {
				return readKTSXML(data, name, opt)
			}
			return readKTSCSV(data, name, opt)
		},
	})
}

// sniffKTSXML accepts XML whose root is <Tournament> with a <TournamentPlayers> or <Matches>
// child (Pokémon TOM's root is a lower-case <tournament>).
func sniffKTSXML(data []byte) bool {
	return sniffXML(data, "Tournament", "TournamentPlayers") || sniffXML(data, "Tournament", "Matches")
}

// ktsReader holds one read's problems and notes; positions are file:line:col.
type ktsReader struct {
	name  string
	errs  tbsheet.ErrorList
	notes []i18n.Note
}

func (r *ktsReader) pos(e *xmlElem) tbsheet.Pos {
	if e == nil {
		return tbsheet.Pos{File: r.name}
	}
	return e.pos
}

func (r *ktsReader) errorf(e *xmlElem, kind error, format string, args ...any) {
	r.errs.Addf(r.pos(e), kind, format, args...)
}

// note records a fact for the organizer: the catalogue's key and its values.
func (r *ktsReader) note(key string, args ...any) {
	r.notes = append(r.notes, i18n.N(key, args...))
}

// integer reads a whole number from an element's text; a missing or empty element is 0. Out
// of [lo, hi] is an error.
func (r *ktsReader) integer(e *xmlElem, lo, hi int64) int64 {
	s := e.value()
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil:
		r.errorf(e, tbsheet.ErrValue, "<%s> %s is not a whole number", e.name, tbsheet.Quote(s))
	case n < lo || n > hi:
		r.errorf(e, tbsheet.ErrValue, "<%s> %d is out of range (%d to %d)", e.name, n, lo, hi)
	default:
		return n
	}
	return 0
}

// ktsID returns the 10-digit COSSY form of a player id ("100421518" → "0100421518"), "" for
// the BYE player (0 or empty), and ok false when s is not a number.
func ktsID(s string) (id string, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) > 19 {
		return "", false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return "", true
	}
	if len(s) < 10 {
		s = strings.Repeat("0", 10-len(s)) + s
	}
	return s, true
}

// ktsName joins a first and last name the way standings print them: "First Last", except
// that a name written wholly in Chinese, Japanese or Korean script reads family name first
// without a space, as it is written there ("陈" "志明" → "陈志明").
func ktsName(first, last string) string {
	first, last = oneSpaced(first), oneSpaced(last)
	if first != "" && last != "" && ktsCJK(first) && ktsCJK(last) {
		return last + first
	}
	return strings.TrimSpace(first + " " + last)
}

// oneSpaced trims s and turns its runs of spaces into one.
func oneSpaced(s string) string { return strings.Join(strings.Fields(s), " ") }

// ktsCJK reports whether s is written only in Han, kana or Hangul.
func ktsCJK(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) && r != 'ー' && r != '・' {
			return false
		}
	}
	return true
}

func readKTSXML(data []byte, name string, opt Options) (*tbsheet.Event, error) {
	root, err := parseXML(data, name)
	if err != nil {
		return nil, tbsheet.Errors(err)
	}
	if root.name != "Tournament" {
		return nil, tbsheet.ErrorList{tbsheet.Errorf(root.pos, tbsheet.ErrFormat,
			"not a KTS .Tournament file: the root element is <%s>, not <Tournament>%s", root.name, ktsRootHint(root.name))}
	}
	r := &ktsReader{name: name}
	ev := &tbsheet.Event{
		Name:   root.child("Name").value(),
		Date:   root.child("Date").value(),
		System: "yugioh",
	}
	if ev.Name == "" {
		ev.Name = root.child("ID").value()
	}
	if opt.Players != nil {
		r.note("reader.kts-players-flag")
	}
	structure := r.integer(root.child("PlayerStructure"), 0, 99)
	playoffRound := int(r.integer(root.child("PlayoffRound"), 0, sanityMaxRounds))
	index := r.players(ev, root.child("TournamentPlayers"), structure)
	ev.Teams = ev.Teams || structure > 1
	r.penalties(ev, root.child("PenaltyList"), index)
	r.matches(ev, root.child("Matches"), index, playoffRound)
	r.checkDrops(ev)
	if playoffRound > 1 {
		ev.PlannedRounds = playoffRound - 1
	}
	if root.child("TournamentPlayers") == nil {
		r.errorf(root, tbsheet.ErrFormat, "the file has no <TournamentPlayers>")
	}
	ev.Notes = r.notes
	r.errs.AddAll(ev.Validate())
	return ev, r.errs.Err()
}

// ktsRootHint says what a file with another root element probably is.
func ktsRootHint(root string) string {
	switch root {
	case "tournament":
		return " (it looks like a Pokémon TOM .tdf file)"
	case "event":
		return " (it looks like a Wizards Event Reporter .wer file)"
	case "PlayerList":
		return " (it looks like KTS's AllPlayers.XML, which holds no results)"
	}
	return ""
}

// players reads <TournamentPlayers>: <TournPlayer> entries, or <TournamentTeam> entries in
// team events. It returns the map from 10-digit id to player index.
func (r *ktsReader) players(ev *tbsheet.Event, list *xmlElem, structure int64) map[string]int {
	index := map[string]int{}
	if list == nil {
		return index
	}
	if len(list.kids) > sanityMaxPlayers {
		r.errorf(list, tbsheet.ErrTooLarge, "%d players: tbsheet reads at most %d", len(list.kids), sanityMaxPlayers)
		return index
	}
	for _, tp := range list.kids {
		var who *xmlElem
		switch tp.name {
		case "TournPlayer":
			who = tp.child("Player")
		case "TournamentTeam":
			who = tp.child("Team")
			ev.Teams = true
		default:
			continue
		}
		if who == nil {
			r.errorf(tp, tbsheet.ErrValue, "<%s> without a <Player> or <Team>", tp.name)
			continue
		}
		idE := who.child("ID")
		id, ok := ktsID(idE.value())
		if !ok || id == "" {
			r.errorf(firstNonNil(idE, who), tbsheet.ErrValue, "player id %s is not a KTS (COSSY) number", tbsheet.Quote(idE.value()))
			continue
		}
		first, last := who.child("FirstName").value(), who.child("LastName").value()
		p := tbsheet.Player{ID: id, Name: ktsName(first, last), Pos: r.pos(tp)}
		if tp.name == "TournPlayer" {
			p.Family, p.Given = oneSpaced(last), oneSpaced(first)
		}
		if p.Name == "" {
			p.Name = id
		}
		for _, m := range ktsTeamMembers(who) {
			p.Members = append(p.Members, ktsName(m.child("FirstName").value(), m.child("LastName").value()))
		}
		p.Reported = r.reported(tp)
		p.DroppedAfter = r.dropRound(tp)
		if j, dup := index[id]; dup {
			r.errorf(tp, tbsheet.ErrDuplicatePlayer, "player %s (%s) is registered twice (also at %s)", id, p.Name,
				ev.Players[j].Pos)
			continue
		}
		index[id] = len(ev.Players)
		ev.Players = append(ev.Players, p)
	}
	if structure > 1 && !ev.Teams {
		r.note("reader.kts-structure", structure)
	}
	return index
}

// ktsTeamMembers returns a team's <PlayerList> players in TeamPosition order.
func ktsTeamMembers(team *xmlElem) []*xmlElem {
	members := team.child("PlayerList").all("Player")
	pos := func(e *xmlElem) int {
		n, _ := strconv.Atoi(e.child("TeamPosition").value())
		return n
	}
	for i := 1; i < len(members); i++ { // insertion sort: a handful of members, stable
		for j := i; j > 0 && pos(members[j]) < pos(members[j-1]); j-- {
			members[j], members[j-1] = members[j-1], members[j]
		}
	}
	return members
}

func firstNonNil(es ...*xmlElem) *xmlElem {
	for _, e := range es {
		if e != nil {
			return e
		}
	}
	return nil
}

// reported reads what KTS itself computed for a player: <Wins> (match points), <Points>
// (the XXYYYZZZ number) and <Rank>, for tbsheet's self-check.
func (r *ktsReader) reported(tp *xmlElem) *tbsheet.Reported {
	rep := &tbsheet.Reported{Values: map[string]exact.Num{}}
	if e := tp.child("Wins"); e.value() != "" {
		rep.Values["points"] = exact.Int(r.integer(e, 0, 3*sanityMaxRounds))
	}
	if e := tp.child("Points"); e.value() != "" {
		rep.Values["kts-number"] = exact.Int(r.integer(e, 0, 1<<53))
	}
	rep.Rank = int(r.integer(tp.child("Rank"), 0, sanityMaxPlayers))
	if len(rep.Values) == 0 && rep.Rank == 0 {
		return nil
	}
	return rep
}

// dropRound reads <DropRound>/<DropReason>: the round after which the player dropped, or 0.
// Only the reason "Drop" is a player's drop: "Cut", "PlayoffCut" and "TopX" mark players left
// out of (or eliminated in) the top cut.
func (r *ktsReader) dropRound(tp *xmlElem) int {
	round := int(r.integer(tp.child("DropRound"), 0, sanityMaxRounds))
	switch reason := tp.child("DropReason").value(); strings.ToLower(reason) {
	case "drop":
		return round
	case "", "active", "cut", "playoffcut", "topx":
	default:
		r.note("reader.kts-drop-reason", r.pos(tp.child("DropReason")).String(), tbsheet.Quote(reason))
	}
	return 0
}

// checkDrops reconciles DropRound with the matches: a drop during the top cut is no drop from
// the Swiss rounds, and a player with Swiss matches after his DropRound dropped after the last
// of them (the matches are what happened; KTS's exact DropRound convention is not documented).
func (r *ktsReader) checkDrops(ev *tbsheet.Event) {
	lastSwiss := 0
	played := map[int]int{} // player → last Swiss round with a match
	for _, rd := range ev.SwissRounds() {
		lastSwiss = max(lastSwiss, rd.Number)
		for _, m := range rd.Matches {
			played[m.P1] = max(played[m.P1], rd.Number)
			if m.P2 != tbsheet.NoPlayer {
				played[m.P2] = max(played[m.P2], rd.Number)
			}
		}
	}
	for i := range ev.Players {
		p := &ev.Players[i]
		switch {
		case p.DroppedAfter == 0:
		case p.DroppedAfter > lastSwiss:
			p.DroppedAfter = lastSwiss
		case played[i] > p.DroppedAfter:
			r.note("reader.kts-drop-round", p.Name, p.ID, p.DroppedAfter, played[i])
			p.DroppedAfter = played[i]
		}
	}
}

// penalties marks players disqualified by a <PlayerPenalty> with PenaltyCode 4 or 5 (DQ with
// or without prize). Game losses and warnings do not change match records in KTS.
func (r *ktsReader) penalties(ev *tbsheet.Event, list *xmlElem, index map[string]int) {
	for _, pp := range list.all("PlayerPenalty") {
		code, err := strconv.Atoi(pp.child("PenaltyCode").value())
		if err != nil || (code != 4 && code != 5) {
			continue
		}
		id, _ := ktsID(pp.child("Player").value())
		i, ok := index[id]
		if !ok {
			r.note("reader.kts-dq-unknown", r.pos(pp).String(), tbsheet.Quote(pp.child("Player").value()))
			continue
		}
		ev.Players[i].Disqualified = true
		r.note("reader.kts-dq", ev.Players[i].Name, id, code)
	}
}

// matches reads <Matches>. Round 0 holds seat assignments and bye-vs-bye placeholders fill
// odd elimination rounds: both are skipped.
func (r *ktsReader) matches(ev *tbsheet.Event, list *xmlElem, index map[string]int, playoffRound int) {
	rounds := map[int]*tbsheet.Round{}
	playoff := map[int]bool{}
	for _, tm := range list.all("TournMatch") {
		roundE := tm.child("Round")
		if roundE == nil {
			r.errorf(tm, tbsheet.ErrValue, "a match without a <Round>")
			continue
		}
		n := int(r.integer(roundE, 0, sanityMaxRounds))
		if n == 0 {
			continue
		}
		m, ok := r.match(ev, tm, n, index)
		if !ok {
			continue
		}
		if rounds[n] == nil {
			rounds[n] = &tbsheet.Round{Number: n, Pos: r.pos(tm)}
		}
		rounds[n].Matches = append(rounds[n].Matches, m)
		if strings.EqualFold(tm.child("PlayoffMatch").value(), "true") || (playoffRound > 0 && n >= playoffRound) {
			playoff[n] = true
		}
	}
	for _, n := range sortedIntKeys(rounds) {
		rounds[n].Playoff = playoff[n]
		ev.Rounds = append(ev.Rounds, *rounds[n])
	}
}

// match reads one <TournMatch>; ok is false when it is skipped (a placeholder, or an error
// already reported).
func (r *ktsReader) match(ev *tbsheet.Event, tm *xmlElem, round int, index map[string]int) (tbsheet.Match, bool) {
	m := tbsheet.Match{Pos: r.pos(tm), Table: int(r.integer(tm.child("Table"), 0, 1000000))}
	seats := tm.all("Player")
	if len(seats) != 2 {
		r.errorf(tm, tbsheet.ErrValue, "a match in round %d with %d <Player> elements (expected 2)", round, len(seats))
		return m, false
	}
	ids := [2]string{}
	for k, s := range seats {
		id, ok := ktsID(s.value())
		if !ok {
			r.errorf(s, tbsheet.ErrValue, "match in round %d names player %s, which is not a KTS number", round, tbsheet.Quote(s.value()))
			return m, false
		}
		ids[k] = id
	}
	if ids[0] == "" && ids[1] == "" {
		return m, false // bye against bye: a placeholder in an odd elimination round
	}
	if ids[0] == "" {
		ids[0], ids[1], seats[0], seats[1] = ids[1], ids[0], seats[1], seats[0]
	}
	ok := true
	for k, id := range ids {
		if id == "" {
			continue
		}
		i, known := index[id]
		if !known {
			r.errorf(seats[k], tbsheet.ErrUnknownPlayer, "match in round %d names player %s, who is not registered", round, id)
			ok = false
		}
		if k == 0 {
			m.P1 = i
		} else {
			m.P2 = i
		}
	}
	if ids[1] == "" {
		m.P2 = tbsheet.NoPlayer
	}
	winE := tm.child("Winner")
	winner, wok := ktsID(winE.value())
	if !wok {
		r.errorf(winE, tbsheet.ErrResult, "match in round %d: winner %s is not a KTS number", round, tbsheet.Quote(winE.value()))
		return m, false
	}
	statusE := tm.child("Status")
	bye := ids[1] == ""
	switch status := statusE.value(); status {
	case "Winner":
		switch {
		case winner == ids[0] && bye:
			m.Result = tbsheet.Bye
		case winner == "" && bye:
			m.Result = tbsheet.LossNoOpponent // a late entry's missed round: KTS records a loss
		case winner == ids[0]:
			m.Result = tbsheet.Win
		case winner == ids[1] && winner != "":
			m.Result = tbsheet.Loss
		case winner == "":
			r.errorf(firstNonNil(winE, statusE), tbsheet.ErrResult, "match in round %d has status Winner but no winner", round)
			return m, false
		default:
			r.errorf(winE, tbsheet.ErrResult, "match in round %d: winner %s is not one of its players (%s, %s)",
				round, winner, ids[0], ktsShowID(ids[1]))
			return m, false
		}
	case "Draw", "DoubleLoss":
		if bye {
			r.errorf(statusE, tbsheet.ErrResult, "match in round %d: a %s against the BYE", round, status)
			return m, false
		}
		m.Result = tbsheet.Draw
		if status == "DoubleLoss" {
			m.Result = tbsheet.DoubleLoss
		}
	case "Incomplete":
		if bye {
			r.note("reader.kts-bye-incomplete", r.pos(tm).String(), round)
			return m, false
		}
		m.Result = tbsheet.Unreported
	default:
		r.errorf(firstNonNil(statusE, tm), tbsheet.ErrResult, "match in round %d: status %s is not a KTS result (Incomplete, Winner, Draw, DoubleLoss)",
			round, tbsheet.Quote(status))
		return m, false
	}
	return m, ok
}

// ktsShowID prints an id for messages, "0" for the BYE.
func ktsShowID(id string) string {
	if id == "" {
		return "0"
	}
	return id
}
