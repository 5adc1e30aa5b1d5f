package reader

import (
	"bytes"
	"encoding/json"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// This file reads back the event JSON that `tbsheet convert INPUT -o results.json` writes
// (writer/resultfile/convert_json.go documents it): the normalized model, so that an archived or
// scripted event is ranked again as it was. Every value is checked and placed by its JSON
// path (and line, when the file is pretty-printed, as convert writes it).

func init() {
	Register(&Format{
		ID:       "event-json",
		Title:    "tbsheet event JSON (tbsheet convert -o results.json)",
		Exts:     []string{".json"},
		Priority: 85,
		Sniff:    sniffEventJSON,
		Read:     readEventJSON,
	})
}

// sniffEventJSON accepts a JSON object with "players" and "rounds" arrays (or "pods"): the
// event JSON's own keys, which Challonge documents do not have at their top.
func sniffEventJSON(data []byte, _ string) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	if len(data) == 0 || data[0] != '{' {
		return false
	}
	var doc struct {
		Players json.RawMessage `json:"players"`
		Rounds  json.RawMessage `json:"rounds"`
		Pods    json.RawMessage `json:"pods"`
	}
	if !chlUnmarshal(data, &doc) {
		return false
	}
	isArray := func(m json.RawMessage) bool { return len(m) > 0 && m[0] == '[' }
	return isArray(doc.Players) && isArray(doc.Rounds) || isArray(doc.Pods)
}

// evjReader holds the state of one read.
type evjReader struct {
	doc  *jsonDoc
	errs tbsheet.ErrorList
}

func (r *evjReader) errorf(v *jsonValue, format string, args ...any) {
	r.errs.Addf(r.doc.pos(v), tbsheet.ErrValue, format, args...)
}

func readEventJSON(data []byte, name string, opt Options) (*tbsheet.Event, error) {
	doc, err := parseJSONTree(data, name)
	if err != nil {
		return nil, tbsheet.Errors(err)
	}
	r := &evjReader{doc: doc}
	if !doc.root.is(jsonObject) {
		r.errs.Addf(doc.pos(doc.root), tbsheet.ErrFormat, "not a tbsheet event JSON: %s instead of an object", doc.root.quoted())
		return nil, r.errs
	}
	ev := r.event(doc.root)
	if len(r.errs) == 0 {
		r.errs.AddAll(ev.Validate()) // the divisions' too
	}
	if opt.Players != nil {
		ev.Notes = append(ev.Notes, i18n.N("reader.json-players-flag"))
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	ev.Source = name
	return ev, nil
}

// event reads one event object (the file's, or a division's).
func (r *evjReader) event(v *jsonValue) *tbsheet.Event {
	ev := &tbsheet.Event{
		Name:          r.text(v.get("name")),
		Date:          r.text(v.get("date")),
		System:        r.text(v.get("system")),
		PlannedRounds: r.count(v.get("planned_rounds"), sanityMaxRounds),
		RoundRobin:    r.flag(v.get("round_robin")),
		Teams:         r.flag(v.get("teams")),
		LocalIDs:      r.flag(v.get("local_ids")),
		Pod:           r.text(v.get("pod")),
		Tiebreaks:     r.texts(v.get("tiebreaks")),
		Notes:         texts(r.texts(v.get("notes"))), // as the file words them, in its one language
	}
	if p := v.get("points"); !p.isNull() {
		ev.Points = &tbsheet.Points{Win: r.num(p, "win"), Draw: r.num(p, "draw"), Loss: r.num(p, "loss"), Bye: r.num(p, "bye")}
	}
	for _, pv := range r.array(v.get("players")) {
		ev.Players = append(ev.Players, r.player(pv))
	}
	if len(ev.Players) > sanityMaxPlayers {
		r.errs.Addf(r.doc.pos(v.get("players")), tbsheet.ErrTooLarge, "more than %d players: not an event", sanityMaxPlayers)
		return ev
	}
	for _, rv := range r.array(v.get("rounds")) {
		ev.Rounds = append(ev.Rounds, r.round(rv, len(ev.Players)))
	}
	for _, pv := range r.array(v.get("pods")) {
		if !pv.is(jsonObject) {
			r.errorf(pv, "%s is not a division", pv.quoted())
			continue
		}
		ev.Pods = append(ev.Pods, r.event(pv))
	}
	return ev
}

func (r *evjReader) player(v *jsonValue) tbsheet.Player {
	if !v.is(jsonObject) {
		r.errorf(v, "%s is not a player", v.quoted())
		return tbsheet.Player{}
	}
	p := tbsheet.Player{
		ID:           r.text(v.get("id")),
		Name:         r.text(v.get("name")),
		DroppedAfter: r.count(v.get("dropped_after"), sanityMaxRounds),
		Disqualified: r.flag(v.get("disqualified")),
		Rating:       r.count(v.get("rating"), 1<<20),
		Members:      r.texts(v.get("members")),
		Sex:          r.text(v.get("sex")),
		Title:        r.text(v.get("title")),
		Federation:   r.text(v.get("federation")),
		FIDEID:       r.text(v.get("fide_id")),
		Birth:        r.text(v.get("birth")),
		Pos:          r.doc.pos(v),
	}
	if p.Name == "" {
		r.errorf(v, "a player without a name")
	}
	if p.ID == "" {
		p.ID = p.Name
	}
	return p
}

func (r *evjReader) round(v *jsonValue, players int) tbsheet.Round {
	if !v.is(jsonObject) {
		r.errorf(v, "%s is not a round", v.quoted())
		return tbsheet.Round{}
	}
	rd := tbsheet.Round{Number: r.count(v.get("number"), sanityMaxRounds), Playoff: r.flag(v.get("playoff")), Pos: r.doc.pos(v)}
	if rd.Number == 0 {
		r.errorf(v.get("number"), "round number %s: a round is numbered from 1", v.get("number").quoted())
	}
	for _, mv := range r.array(v.get("matches")) {
		rd.Matches = append(rd.Matches, r.match(mv, players))
	}
	return rd
}

func (r *evjReader) match(v *jsonValue, players int) tbsheet.Match {
	if !v.is(jsonObject) {
		r.errorf(v, "%s is not a match", v.quoted())
		return tbsheet.Match{}
	}
	m := tbsheet.Match{Table: r.count(v.get("table"), 1<<20), P2: tbsheet.NoPlayer, Pos: r.doc.pos(v)}
	m.P1 = r.index(v.get("p1"), players)
	if p2 := v.get("p2"); !p2.isNull() {
		m.P2 = r.index(p2, players)
	}
	res := v.get("result")
	var ok bool
	if m.Result, ok = tbsheet.ParseResult(r.text(res)); !ok || m.Result == tbsheet.Absent {
		r.errorf(res, "%s is not a result id (win, loss, draw, id, double-loss, forfeit-win, forfeit-loss, double-forfeit, bye, half-bye, zero-bye, loss-no-opponent, unreported)", res.quoted())
	}
	m.FullPointBye = r.flag(v.get("full_point_bye")) // on a bye only: Validate says so
	if g := v.get("games"); !g.isNull() {
		m.Games = tbsheet.Games{Known: true, P1: r.count(g.get("p1"), 1<<20), P2: r.count(g.get("p2"), 1<<20), Drawn: r.count(g.get("drawn"), 1<<20)}
	}
	if s := v.get("score"); !s.isNull() {
		m.Score = tbsheet.Score{Known: true, P1: r.num(s, "p1"), P2: r.num(s, "p2")}
	}
	switch c := v.get("color"); {
	case c.isNull():
	case r.text(c) == "white":
		m.Color = tbsheet.White
	case r.text(c) == "black":
		m.Color = tbsheet.Black
	default:
		r.errorf(c, "colour %s: white, black or null", c.quoted())
	}
	return m
}

// index reads a player index: a whole number from 0 to players−1.
func (r *evjReader) index(v *jsonValue, players int) int {
	n, err := v.integer()
	if err != nil || n < 0 || n >= int64(players) {
		r.errorf(v, "%s is not a player's index in \"players\" (0 to %d)", v.quoted(), players-1)
		return 0
	}
	return int(n)
}

// count reads a whole number from 0 to limit; null or absent is 0.
func (r *evjReader) count(v *jsonValue, limit int) int {
	if v.isNull() {
		return 0
	}
	n, err := v.integer()
	if err != nil || n < 0 || n > int64(limit) {
		r.errorf(v, "%s is not a whole number from 0 to %d", v.quoted(), limit)
		return 0
	}
	return int(n)
}

// num reads the number under key of an object.
func (r *evjReader) num(obj *jsonValue, key string) exact.Num {
	v := obj.get(key)
	x, err := v.number()
	if err != nil {
		r.errorf(v, "%s: %v", key, err)
	}
	return x
}

func (r *evjReader) text(v *jsonValue) string {
	if v.isNull() {
		return ""
	}
	if !v.is(jsonString) {
		r.errorf(v, "%s is not text", v.quoted())
		return ""
	}
	return v.text
}

func (r *evjReader) texts(v *jsonValue) []string {
	var out []string
	for _, s := range r.array(v) {
		out = append(out, r.text(s))
	}
	return out
}

func (r *evjReader) flag(v *jsonValue) bool {
	if v.isNull() {
		return false
	}
	b, ok := v.boolean()
	if !ok || !v.is(jsonBool) {
		r.errorf(v, "%s is not true or false", v.quoted())
	}
	return b
}

// array returns an array's elements; null or absent is none.
func (r *evjReader) array(v *jsonValue) []*jsonValue {
	if v.isNull() {
		return nil
	}
	if !v.is(jsonArray) {
		r.errorf(v, "%s is not an array", v.quoted())
		return nil
	}
	return v.vals
}
