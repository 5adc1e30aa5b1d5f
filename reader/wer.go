package reader

// Wizards Event Reporter .wer files (Magic: The Gathering, legacy): docs/inputs.md.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

func init() {
	Register(&Format{
		ID:       "wer",
		Title:    "Wizards Event Reporter file",
		Exts:     []string{".wer"},
		Priority: 80,
		Sniff: func(data []byte, _ string) bool {
			return sniffXML(data, "event", "participation")
		},
		Likely: likelyXML("event"),
		Read:   func(data []byte, name string, _ Options) (*tbsheet.Event, error) { return ReadWER(data, name) },
	})
}

// WER match outcome codes, from the person's side.
const (
	werUnreported = 0
	werPersonWon  = 1
	werDraw       = 2
	werBye        = 3
)

const werOutcomeMsg = "outcome=%s is not a WER outcome (1 person won, 2 draw, 3 bye, 0 not reported)"

// werDropped is the team status of a player who dropped (eliminationround = the round).
const werDropped = 3

// ReadWER reads a Wizards Event Reporter .wer file. Players are the file's teams in entry
// order: in an individual event each team's one member is the player (id = the person's DCI
// number, name "Last, First" as WER prints it); in a team event each team
// is a player with its Members. Rounds numbered from the event's playoffstartround on are the
// top cut. Match rows are read from the person's side; a match written twice (once per
// person) is read once, and rows that disagree are errors. WER's own final order (the
// <role cd="PL" type="PA"> refs) becomes Player.Reported.Rank. Every problem is returned at
// once as a tbsheet.ErrorList.
func ReadWER(data []byte, name string) (*tbsheet.Event, error) {
	root, err := parseXML(data, name)
	if err != nil {
		return nil, err
	}
	if root.name != "event" {
		return nil, tbsheet.Errorf(root.pos, tbsheet.ErrFormat, "root element is <%s>, not WER's <event>", root.name)
	}
	r := &werReader{
		ev:      &tbsheet.Event{Name: root.val("title"), Date: isoDate(root.val("startdate")), Source: name, Format: "wer", System: "mtg"},
		persons: map[string]werPerson{},
		byID:    map[string]int{},
	}
	r.readPersons(root)
	r.readTeams(root)
	r.readRoles(root)
	r.readRounds(root)
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	for p := range r.ev.Players { // in player order, so that the notes are too
		if n, ok := r.drops[p]; ok {
			settleDrop(r.ev, p, n)
		}
	}
	if errs := r.ev.Validate(); len(errs) > 0 {
		return nil, errs
	}
	return r.ev, nil
}

type werReader struct {
	xmlFields
	ev      *tbsheet.Event
	persons map[string]werPerson
	// byID maps a person id to the player (team) index he plays for.
	byID map[string]int
	// drops maps a player index to the round WER records with his drop.
	drops map[int]int
	// mirrors counts the rows with outcome codes tbsheet does not know that repeated another
	// row of the same match from the other player's side, by code.
	mirrors map[string]int
}

type werPerson struct {
	name, family, given string
	pos                 tbsheet.Pos
}

// isoDate keeps the date part of an ISO 8601 date or date-time, or returns s as it is.
func isoDate(s string) string {
	if len(s) >= 10 {
		if _, err := time.Parse("2006-01-02", s[:10]); err == nil {
			return s[:10]
		}
	}
	return s
}

// werName writes a person's name as WER prints it, "Last, First Middle"; names in Chinese,
// Japanese or Korean script are written family name first without a comma (王小明).
func werName(first, middle, last string) string {
	if cjk(first) && cjk(last) && middle == "" {
		return joinName(first, last)
	}
	last = strings.Join(strings.Fields(last), " ")
	given := strings.Join(strings.Fields(first+" "+middle), " ")
	if last == "" || given == "" {
		return last + given
	}
	return last + ", " + given
}

func (r *werReader) readPersons(root *xmlElem) {
	for _, pe := range root.all("participation", "person") {
		id := pe.val("id")
		if id == "" {
			r.errs.Addf(pe.pos, tbsheet.ErrValue, "<person> has no id")
			continue
		}
		if first, dup := r.persons[id]; dup {
			r.errs.Addf(pe.attrPos("id"), tbsheet.ErrDuplicatePlayer, "person %s is listed twice (also at %s)", id, first.pos)
			continue
		}
		name := werName(pe.val("first"), pe.val("middle"), pe.val("last"))
		if name == "" {
			name = id
		}
		r.persons[id] = werPerson{name: name, family: oneSpaced(pe.val("last")),
			given: oneSpaced(pe.val("first") + " " + pe.val("middle")), pos: pe.pos}
	}
}

// readTeams makes the players: one per team, or one per person when the file has no teams.
func (r *werReader) readTeams(root *xmlElem) {
	teams := root.all("participation", "team")
	if len(teams) == 0 {
		for _, pe := range root.all("participation", "person") {
			id := pe.val("id")
			if _, dup := r.byID[id]; !dup && r.persons[id].name != "" {
				person := r.persons[id]
				r.addPlayer(tbsheet.Player{ID: id, Name: person.name, Family: person.family, Given: person.given, Pos: pe.pos}, id)
			}
		}
		return
	}
	for _, te := range teams {
		if len(te.all("member")) > 1 {
			r.ev.Teams = true
		}
	}
	r.drops = map[int]int{}
	for _, te := range teams {
		members := te.all("member")
		if len(members) == 0 {
			r.errs.Addf(te.pos, tbsheet.ErrValue, "team %s has no <member>", tbsheet.Quote(te.val("name")))
			continue
		}
		p := tbsheet.Player{ID: te.val("id"), Name: strings.Join(strings.Fields(te.val("name")), " "), Pos: te.pos}
		if p.ID == "" {
			p.ID = p.Name
		}
		var ids []string
		for _, me := range members {
			id := me.val("person")
			person, ok := r.persons[id]
			if !ok {
				r.errs.Addf(me.attrPos("person"), tbsheet.ErrUnknownPlayer, "team member %s is not a <person>", tbsheet.Quote(id))
				continue
			}
			if _, dup := r.byID[id]; dup || slices.Contains(ids, id) {
				r.errs.Addf(me.attrPos("person"), tbsheet.ErrDuplicatePlayer, "%s (%s) is on two teams", person.name, id)
				continue
			}
			ids = append(ids, id)
			p.Members = append(p.Members, person.name)
		}
		if len(ids) == 0 {
			continue
		}
		if !r.ev.Teams {
			person := r.persons[ids[0]]
			p.ID, p.Name, p.Members, p.Family, p.Given = ids[0], p.Members[0], nil, person.family, person.given
		} else if p.Name == "" {
			p.Name = strings.Join(p.Members, " / ")
		}
		index := r.addPlayer(p, ids...)
		switch status := te.val("status"); {
		case status == strconv.Itoa(werDropped):
			r.drops[index] = r.intAttr(te, "eliminationround", 0, 0, false)
		case status != "" && strings.Trim(status, "0123456789") != "":
			r.ev.Notes = append(r.ev.Notes, i18n.N("reader.wer-status",
				te.attrPos("status").String(), tbsheet.Quote(status), p.Name))
		}
	}
}

// addPlayer appends p, reached from the given person ids, and returns its index.
func (r *werReader) addPlayer(p tbsheet.Player, ids ...string) int {
	index := len(r.ev.Players)
	r.ev.Players = append(r.ev.Players, p)
	for _, id := range ids {
		r.byID[id] = index
	}
	return index
}

// player resolves a person id attribute of e to a player index.
func (r *werReader) player(e *xmlElem, attr string) (int, bool) {
	id := e.val(attr)
	p, ok := r.byID[id]
	switch {
	case ok:
	case id == "":
		r.errs.Addf(e.pos, tbsheet.ErrUnknownPlayer, "<%s> has no %s", e.name, attr)
	case r.persons[id].name != "":
		r.errs.Addf(e.attrPos(attr), tbsheet.ErrUnknownPlayer, "person %s (%s) is on no team", id, r.persons[id].name)
	default:
		r.errs.Addf(e.attrPos(attr), tbsheet.ErrUnknownPlayer, "person %s is not in <participation>", id)
	}
	return p, ok
}

// readRoles reads disqualifications (<role cd="PL" type="DQ">) and WER's final order
// (<role cd="PL" type="PA">, one ref per player with its seq).
func (r *werReader) readRoles(root *xmlElem) {
	for _, role := range root.all("participation", "role") {
		if role.val("cd") != "PL" {
			continue // judges and other staff
		}
		for _, ref := range role.all("ref") {
			switch role.val("type") {
			case "DQ":
				if p, ok := r.player(ref, "person"); ok {
					r.ev.Players[p].Disqualified = true
				}
			case "PA":
				p, ok := r.byID[ref.val("person")]
				seq, err := strconv.Atoi(ref.val("seq"))
				switch {
				case !ok:
					r.ev.Notes = append(r.ev.Notes, i18n.N("reader.wer-order-person", ref.pos.String(), tbsheet.Quote(ref.val("person"))))
				case err != nil || seq < 1:
					r.ev.Notes = append(r.ev.Notes, i18n.N("reader.wer-order-seq", ref.attrPos("seq").String(), tbsheet.Quote(ref.val("seq"))))
				case r.ev.Players[p].Reported == nil || seq < r.ev.Players[p].Reported.Rank:
					r.ev.Players[p].Reported = &tbsheet.Reported{Rank: seq}
				}
			}
		}
	}
}

// readRounds reads every round's match rows. Rounds from playoffstartround on are playoff
// rounds; when the event has a playoff (isplayoff) but no start round, rounds after
// numberofrounds are.
func (r *werReader) readRounds(root *xmlElem) {
	swiss := r.intAttr(root, "numberofrounds", 0, 0, false)
	first := r.intAttr(root, "playoffstartround", 0, 0, false)
	if first == 0 && swiss > 0 && r.boolAttr(root, "isplayoff") {
		first = swiss + 1
	}
	r.ev.PlannedRounds = swiss
	if first > 0 && swiss >= first {
		r.ev.PlannedRounds = first - 1
	}
	for _, re := range root.all("matches", "round") {
		round := tbsheet.Round{Number: r.roundAttr(re, "number"), Pos: re.pos}
		round.Playoff = first > 0 && round.Number >= first
		r.readMatches(&round, re.all("match"))
		r.ev.Rounds = append(r.ev.Rounds, round)
	}
	sortRounds(r.ev.Rounds)
	if len(r.mirrors) > 0 {
		var codes []i18n.Note
		for code, n := range r.mirrors {
			codes = append(codes, i18n.N("reader.wer-outcome-count", n, tbsheet.Quote(code)))
		}
		en := i18n.Lang("en")
		slices.SortFunc(codes, func(a, b i18n.Note) int { return strings.Compare(en.Note(a), en.Note(b)) }) // one order in every language
		r.ev.Notes = append(r.ev.Notes, i18n.N("reader.wer-mirrors", i18n.Join("list-sep", codes...)))
	}
}

// werRow is a match row whose outcome code tbsheet does not know; it is accepted only as the
// mirror of a row it does know.
type werRow struct {
	elem   *xmlElem
	p, opp int
	games  tbsheet.Games
}

// readMatches reads a round's rows into its matches, reading a match written twice once.
func (r *werReader) readMatches(round *tbsheet.Round, rows []*xmlElem) {
	seen := map[[2]int]int{} // pairing → index in round.Matches
	var unknown []werRow
	for _, me := range rows {
		p, ok := r.player(me, "person")
		opp, hasOpp := tbsheet.NoPlayer, me.val("opponent") != ""
		if hasOpp {
			var ok2 bool
			opp, ok2 = r.player(me, "opponent")
			ok = ok && ok2
		}
		games := tbsheet.Games{P1: r.intAttr(me, "win", 0, 0, false), P2: r.intAttr(me, "loss", 0, 0, false),
			Drawn: r.intAttr(me, "draw", 0, 0, false)}
		games.Known = games.P1+games.P2+games.Drawn > 0
		code := me.val("outcome")
		m, known := r.decode(me, code, p, opp, games)
		switch {
		case !known && !ok:
			r.errs.Addf(me.attrPos("outcome"), tbsheet.ErrResult, werOutcomeMsg, tbsheet.Quote(code))
			continue
		case !ok:
			continue
		case !known:
			unknown = append(unknown, werRow{elem: me, p: p, opp: opp, games: games})
			continue
		}
		key := pairKey(m.P1, m.P2)
		if i, dup := seen[key]; dup {
			if first := round.Matches[i]; canonical(first) != canonical(m) {
				r.errs.Addf(m.Pos, tbsheet.ErrResult, "round %d: this row says %s, but the row at %s says %s",
					round.Number, r.describe(m), first.Pos, r.describe(first))
			}
			continue
		}
		seen[key] = len(round.Matches)
		round.Matches = append(round.Matches, m)
	}
	for _, u := range unknown {
		code := u.elem.val("outcome")
		i, ok := seen[pairKey(u.p, u.opp)]
		mirror := tbsheet.Match{P1: u.p, P2: u.opp, Games: u.games}
		if ok && u.opp != tbsheet.NoPlayer && round.Matches[i].Result != tbsheet.Unreported {
			known := canonical(round.Matches[i])
			mirror.Result = known.Result
			if known.P1 != u.p {
				mirror.Result = known.Result.Mirror()
			}
			if canonical(mirror) == known {
				if r.mirrors == nil {
					r.mirrors = map[string]int{}
				}
				r.mirrors[code]++
				continue
			}
		}
		r.errs.Addf(u.elem.attrPos("outcome"), tbsheet.ErrResult, werOutcomeMsg, tbsheet.Quote(code))
	}
}

// decode turns one row into a match from the person's side. known is false for an outcome
// code tbsheet does not know (the caller decides whether the row is a harmless mirror).
func (r *werReader) decode(me *xmlElem, code string, p, opp int, games tbsheet.Games) (m tbsheet.Match, known bool) {
	m = tbsheet.Match{P1: p, P2: opp, Games: games, Pos: me.attrPos("outcome")}
	n, err := strconv.Atoi(code)
	if err != nil || n < werUnreported || n > werBye {
		return m, false
	}
	byDrop := r.boolAttr(me, "winbydrop")
	switch n {
	case werUnreported:
		m.Result, m.Games = tbsheet.Unreported, tbsheet.Games{}
	case werPersonWon:
		m.Result = tbsheet.Win
		if byDrop {
			m.Result = tbsheet.ForfeitWin
		}
	case werDraw:
		m.Result = tbsheet.Draw
		if games.P1 == 0 && games.P2 == 0 && (games.Drawn == 0 || games.Drawn == 3) {
			m.Result = tbsheet.IntentionalDraw // no game won: agreed without play, 0-0-3 as MTR §2.5 reports it
		}
	case werBye:
		m.Result = tbsheet.Bye
	}
	switch {
	case byDrop && n != werPersonWon:
		r.errs.Addf(me.attrPos("winbydrop"), tbsheet.ErrResult, "winbydrop=%s on a match that is not a win (outcome %d)", tbsheet.Quote(me.val("winbydrop")), n)
	case n == werBye && opp != tbsheet.NoPlayer:
		r.errs.Addf(me.attrPos("opponent"), tbsheet.ErrResult, "a bye (outcome 3) has no opponent, but opponent=%s", tbsheet.Quote(me.val("opponent")))
	case n != werBye && opp == tbsheet.NoPlayer:
		r.errs.Addf(m.Pos, tbsheet.ErrResult, "outcome %d needs an opponent (a bye is outcome 3)", n)
	}
	return m, true
}

// pairKey identifies a pairing whatever the side it is written from.
func pairKey(a, b int) [2]int {
	if b != tbsheet.NoPlayer && b < a {
		return [2]int{b, a}
	}
	return [2]int{a, b}
}

// canonical returns m written from the side of the lower player index, without its position,
// so that two rows of one match compare equal when they agree.
func canonical(m tbsheet.Match) tbsheet.Match {
	if m.P2 != tbsheet.NoPlayer && m.P2 < m.P1 {
		m.P1, m.P2 = m.P2, m.P1
		m.Result, m.Games = m.Result.Mirror(), m.Games.Mirror()
	}
	m.Pos = tbsheet.Pos{}
	return m
}

// describe says what a match row records, for messages.
func (r *werReader) describe(m tbsheet.Match) string {
	name := func(i int) string { return r.ev.Players[i].Name }
	games := ""
	if m.Games.Known {
		games = " " + m.Games.String()
	}
	switch m.Result {
	case tbsheet.Win, tbsheet.ForfeitWin:
		return fmt.Sprintf("%s beat %s%s", name(m.P1), name(m.P2), games)
	case tbsheet.Bye:
		return "a bye for " + name(m.P1)
	case tbsheet.Unreported:
		return fmt.Sprintf("%s vs %s is not reported", name(m.P1), name(m.P2))
	}
	return fmt.Sprintf("%s vs %s is a %s%s", name(m.P1), name(m.P2), m.Result, games)
}
