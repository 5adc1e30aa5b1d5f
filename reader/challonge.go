package reader

// The Challonge reader reads what Challonge's API returns for a tournament:
//
//   - API v1: GET /v1/tournaments/{id}.json?include_participants=1&include_matches=1, the
//     document {"tournament": {…, "participants": [{"participant": {…}}], "matches":
//     [{"match": {…}}]}}. Bare participant and match objects (without the one-key wrapper) are
//     read too.
//   - API v2.1 (JSON:API): resources {"id", "type", "attributes", "relationships"} of type
//     "tournament", "participant" and "match", found in a document's "data" (one resource or
//     an array) and "included" arrays, or in a top-level array holding resources or whole
//     documents (the organizer's tournament.json, participants.json and matches.json pasted
//     into one array). Participants are required: without them matches name nobody.
//
// Challonge writes no match for a bye, nor for a Swiss round a participant sat out after being
// made inactive; challonge_build.go turns the lists into rounds and infers the byes.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

func init() {
	Register(&Format{
		ID:       "challonge",
		Title:    "Challonge API JSON (v1 or v2.1)",
		Exts:     []string{".json"},
		Priority: 80,
		Sniff:    sniffChallonge,
		Likely: func(data []byte) bool {
			head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
			return len(head) > 0 && (head[0] == '{' || head[0] == '[')
		},
		Read: readChallonge,
	})
}

// chlSniffDoc is the least of a Challonge document that sniffing needs.
type chlSniffDoc struct {
	Tournament *struct {
		Participants json.RawMessage `json:"participants"`
		Matches      json.RawMessage `json:"matches"`
	} `json:"tournament"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data"`
	Included []chlSniffDoc   `json:"included"`
}

// sniffChallonge accepts a v1 document whose "tournament" holds participants or matches, and a
// JSON:API document (or array) holding match or participant resources.
func sniffChallonge(data []byte, _ string) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	if len(data) == 0 || (data[0] != '{' && data[0] != '[') {
		return false
	}
	var docs []chlSniffDoc
	if data[0] == '[' {
		if !chlUnmarshal(data, &docs) {
			return false
		}
	} else {
		var d chlSniffDoc
		if !chlUnmarshal(data, &d) {
			return false
		}
		docs = []chlSniffDoc{d}
	}
	for _, d := range docs {
		if t := d.Tournament; t != nil && (t.Participants != nil || t.Matches != nil) {
			return true
		}
		if chlSniffResources(d) {
			return true
		}
	}
	return false
}

// chlUnmarshal decodes data into v, tolerating fields of unexpected types (Unmarshal fills
// what it can and reports the first mismatch, which does not matter for sniffing).
func chlUnmarshal(data []byte, v any) bool {
	err := json.Unmarshal(data, v)
	var te *json.UnmarshalTypeError
	return err == nil || errors.As(err, &te)
}

func chlSniffResources(d chlSniffDoc) bool {
	if chlResourceType(d.Type) == "match" || chlResourceType(d.Type) == "participant" {
		return true
	}
	var inner []chlSniffDoc
	if len(d.Data) > 0 && d.Data[0] == '[' {
		chlUnmarshal(d.Data, &inner)
	} else if len(d.Data) > 0 {
		var one chlSniffDoc
		chlUnmarshal(d.Data, &one)
		inner = []chlSniffDoc{one}
	}
	for _, r := range append(inner, d.Included...) {
		if t := chlResourceType(r.Type); t == "match" || t == "participant" {
			return true
		}
	}
	return false
}

// chlResourceType maps a JSON:API resource type to "tournament", "participant" or "match"
// (singular or plural, any case), or "" for other types.
func chlResourceType(t string) string {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "tournament", "tournaments":
		return "tournament"
	case "participant", "participants":
		return "participant"
	case "match", "matches":
		return "match"
	}
	return ""
}

// chlEvent is a Challonge tournament as read from either API version, before it becomes a
// tbsheet.Event.
type chlEvent struct {
	name, date, state string
	// kind is tournament_type, lower case: "swiss", "round robin", "single elimination", …;
	// "" when the document has no tournament (v2.1 matches and participants only).
	kind        string
	rankedBy    string
	groupStages bool
	teams       bool
	swissRounds int
	swissPts    chlPoints
	rrPts       chlPoints
	tieBreaks   *jsonValue
	// tournament is where the tournament's fields are, for messages.
	tournament   *jsonValue
	participants []chlParticipant
	matches      []chlMatch
}

// chlPoints are the points settings of one stage kind; nil fields were not given.
type chlPoints struct {
	win, tie, bye, gameWin, gameTie *exact.Num
}

type chlParticipant struct {
	v  *jsonValue
	id string
	// aliases are the participant's group_player_ids: group-stage matches name players by
	// them instead of by id.
	aliases   []string
	name      string
	active    bool
	waiting   bool
	finalRank int
	// player is the participant's index in Event.Players, or NoPlayer (waiting list).
	player int
}

type chlMatch struct {
	v          *jsonValue
	id         string
	identifier string
	state      string
	round      int
	roundV     *jsonValue
	// badRound is set when the round could not be read (the error is reported).
	badRound  bool
	group     string
	p1, p2    *jsonValue
	winner    *jsonValue
	loser     *jsonValue
	tie       bool
	forfeited bool
	sets      []chlSet
	scoresV   *jsonValue
}

// chlSet is one entry of scores_csv, player 1's score first.
type chlSet struct{ p1, p2 int64 }

// label names the match for messages: `round 3 match "F" (id 289391)`.
func (m *chlMatch) label() string { return i18n.Lang("en").Note(m.name()) }

// name is label for a note, in the organizer's language.
func (m *chlMatch) name() i18n.Note {
	n := i18n.N("reader.chl-match", m.round)
	if m.identifier != "" {
		n = i18n.N("reader.chl-match-named", m.round, tbsheet.Quote(m.identifier))
	}
	if m.id != "" {
		n = i18n.N("reader.chl-match-id", n, m.id)
	}
	return n
}

// chlReader holds the state of one read: the document, and the problems and notes found.
type chlReader struct {
	doc *jsonDoc
	// index maps participant ids and group_player_ids to player indexes.
	index map[string]int
	errs  tbsheet.ErrorList
	notes []i18n.Note
}

func (r *chlReader) errorf(v *jsonValue, kind error, format string, args ...any) {
	r.errs.Addf(r.doc.pos(v), kind, format, args...)
}

// note records a fact for the organizer: the catalogue's key and its values.
func (r *chlReader) note(key string, args ...any) {
	r.notes = append(r.notes, i18n.N(key, args...))
}

func readChallonge(data []byte, name string, opt Options) (*tbsheet.Event, error) {
	doc, err := parseJSONTree(data, name)
	if err != nil {
		if head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n"); len(head) == 0 || (head[0] != '{' && head[0] != '[') {
			err = tbsheet.Errorf(tbsheet.Pos{File: name}, tbsheet.ErrFormat, "not a Challonge dump (JSON): %s", firstLineOrKind(data))
		}
		return nil, tbsheet.Errors(err)
	}
	r := &chlReader{doc: doc}
	var ce *chlEvent
	root := doc.root
	switch {
	case root.get("tournament").is(jsonObject):
		ce = r.v1(root.get("tournament"))
	case root.is(jsonArray) || root.get("data") != nil:
		ce = r.v21(root)
	}
	if ce == nil {
		return nil, tbsheet.ErrorList{tbsheet.Errorf(tbsheet.Pos{File: name}, tbsheet.ErrFormat,
			"not a Challonge dump: a JSON document without a \"tournament\" object or JSON:API \"data\" (%s)",
			chlDescribe(root))}
	}
	if len(ce.participants) == 0 {
		r.errorf(root, tbsheet.ErrFormat, "the Challonge dump lists no participants: export it with "+
			"include_participants=1 (v1) or include the participants (v2.1)")
		return nil, r.errs
	}
	if opt.Players != nil {
		r.note("reader.chl-players-flag")
	}
	return r.build(ce)
}

// chlDescribe says what a JSON document that is not a Challonge dump holds.
func chlDescribe(v *jsonValue) string {
	switch v.kind {
	case jsonObject:
		var keys []string
		for _, k := range v.keys[:min(len(v.keys), 6)] {
			keys = append(keys, tbsheet.Clip(k))
		}
		if len(v.keys) > 6 {
			keys = append(keys, "…")
		}
		return "its top-level keys are " + strings.Join(keys, ", ")
	case jsonArray:
		return fmt.Sprintf("an array of %d values without match or participant resources", len(v.vals))
	}
	return "a single " + v.quoted()
}

// v1 reads an API v1 tournament object.
func (r *chlReader) v1(t *jsonValue) *chlEvent {
	ce := r.tournament(t)
	for _, pv := range r.list(t.get("participants")) {
		if w := pv.get("participant"); w != nil {
			pv = w
		}
		ce.participants = append(ce.participants, r.participant(pv, pv.get("id")))
	}
	for _, mv := range r.list(t.get("matches")) {
		if w := mv.get("match"); w != nil {
			mv = w
		}
		m := r.match(mv, mv.get("id"))
		m.p1, m.p2 = mv.get("player1_id"), mv.get("player2_id")
		m.loser = mv.get("loser_id")
		if sv := mv.get("scores_csv"); !sv.isNull() {
			m.scoresV = sv
			m.sets = r.scores(sv)
		}
		ce.matches = append(ce.matches, m)
	}
	return ce
}

// list returns an array's elements; a missing or null list is empty, anything else an error.
func (r *chlReader) list(v *jsonValue) []*jsonValue {
	if v.isNull() {
		return nil
	}
	if v.kind != jsonArray {
		r.errorf(v, tbsheet.ErrValue, "%s should be a list, not %s", v.key, v.quoted())
		return nil
	}
	return v.vals
}

// tournament reads the tournament fields that v1 and v2.1 share (v2.1 nests the points in
// swiss_options and round_robin_options).
func (r *chlReader) tournament(t *jsonValue) *chlEvent {
	ce := &chlEvent{tournament: t}
	ce.name = t.get("name").scalar()
	ce.state = strings.ToLower(t.get("state").scalar())
	ce.kind = strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t.get("tournament_type").scalar(), "_", " ")), " "))
	for _, k := range []string{"started_at", "start_at", "starts_at", "completed_at"} {
		for _, v := range []*jsonValue{t.get(k), t.at("timestamps", k)} {
			if s := v.scalar(); ce.date == "" && len(s) >= 10 {
				ce.date = s[:10]
			}
		}
	}
	ce.groupStages, _ = t.get("group_stages_enabled").boolean()
	if !ce.groupStages {
		ce.groupStages, _ = t.get("group_stage_enabled").boolean()
	}
	ce.teams, _ = t.get("teams").boolean()
	ce.rankedBy = strings.ToLower(t.get("ranked_by").scalar())
	if ce.rankedBy == "" {
		ce.rankedBy = strings.ToLower(t.at("round_robin_options", "ranking").scalar())
	}
	for _, v := range []*jsonValue{t.get("swiss_rounds"), t.at("swiss_options", "rounds")} {
		if !v.isNull() && ce.swissRounds == 0 {
			ce.swissRounds = r.count(v, "swiss_rounds", sanityMaxRounds)
		}
	}
	ce.swissPts = r.points(t, "pts_for_")
	ce.swissPts.fill(r.points(t.get("swiss_options"), "pts_for_"))
	ce.rrPts = r.points(t, "rr_pts_for_")
	ce.rrPts.fill(r.points(t.get("round_robin_options"), "pts_for_"))
	ce.tieBreaks = t.get("tie_breaks")
	for _, k := range []string{"swiss_options", "round_robin_options"} {
		if ce.tieBreaks.isNull() {
			ce.tieBreaks = t.at(k, "tie_breaks")
		}
	}
	return ce
}

// count reads a non-negative whole number up to limit.
func (r *chlReader) count(v *jsonValue, what string, limit int64) int {
	n, err := v.integer()
	switch {
	case err != nil:
		r.errorf(v, tbsheet.ErrValue, "%s: %v", what, err)
	case n < 0 || n > limit:
		r.errorf(v, tbsheet.ErrValue, "%s is %d: expected 0 to %d", what, n, limit)
	default:
		return int(n)
	}
	return 0
}

// points reads the points settings named prefix+"match_win" etc. from obj.
func (r *chlReader) points(obj *jsonValue, prefix string) chlPoints {
	get := func(k string) *exact.Num {
		v := obj.get(prefix + k)
		if v.isNull() {
			return nil
		}
		x, err := v.number()
		if err != nil {
			r.errorf(v, tbsheet.ErrValue, "%s%s: %v", prefix, k, err)
			return nil
		}
		return &x
	}
	return chlPoints{win: get("match_win"), tie: get("match_tie"), bye: get("bye"),
		gameWin: get("game_win"), gameTie: get("game_tie")}
}

// fill sets the fields p lacks from q.
func (p *chlPoints) fill(q chlPoints) {
	for _, f := range []struct{ dst, src **exact.Num }{
		{&p.win, &q.win}, {&p.tie, &q.tie}, {&p.bye, &q.bye}, {&p.gameWin, &q.gameWin}, {&p.gameTie, &q.gameTie},
	} {
		if *f.dst == nil {
			*f.dst = *f.src
		}
	}
}

// participant reads a participant's fields (v1 participant object or v2.1 attributes).
func (r *chlReader) participant(a, idv *jsonValue) chlParticipant {
	p := chlParticipant{v: a, id: idv.scalar(), active: true}
	if p.id == "" {
		r.errorf(a, tbsheet.ErrValue, "participant without an id")
	}
	for _, k := range []string{"name", "display_name", "username", "challonge_username"} {
		if p.name == "" {
			p.name = strings.TrimSpace(a.get(k).scalar())
		}
	}
	if p.name == "" {
		p.name = p.id
	}
	if b, ok := a.get("active").boolean(); ok {
		p.active = b
	}
	p.waiting, _ = a.get("on_waiting_list").boolean()
	if v := a.get("final_rank"); !v.isNull() {
		p.finalRank = r.count(v, "final_rank", sanityMaxPlayers)
	}
	for _, g := range r.list(a.get("group_player_ids")) {
		if s := g.scalar(); s != "" {
			p.aliases = append(p.aliases, s)
		}
	}
	return p
}

// match reads the match fields that v1 and v2.1 share.
func (r *chlReader) match(a, idv *jsonValue) chlMatch {
	m := chlMatch{v: a, id: idv.scalar(), identifier: a.get("identifier").scalar(),
		state: strings.ToLower(a.get("state").scalar()), roundV: a.get("round")}
	n, err := m.roundV.integer()
	switch {
	case err != nil:
		r.errorf(m.roundV, tbsheet.ErrValue, "match %s: round %v", m.id, err)
	case n < -sanityMaxRounds || n > sanityMaxRounds:
		r.errorf(m.roundV, tbsheet.ErrValue, "match %s: round %d is out of range (at most %d rounds)", m.id, n, sanityMaxRounds)
	default:
		m.round = int(n)
	}
	m.badRound = err != nil || m.round != int(n)
	m.group = a.get("group_id").scalar()
	m.winner = a.get("winner_id")
	m.tie, _ = a.get("tie").boolean()
	m.forfeited, _ = a.get("forfeited").boolean()
	return m
}

// scores reads a scores_csv string: "2-1", "1-3,3-0,3-2", also with spaces ("2 - 1").
func (r *chlReader) scores(v *jsonValue) []chlSet {
	text := v.scalar()
	if strings.TrimSpace(text) == "" {
		return nil
	}
	sets, err := parseChlScores(text)
	if err != nil {
		r.errorf(v, tbsheet.ErrResult, "%s is not a Challonge score (expected \"2-1\" or sets \"1-3,3-0,3-2\")", v.quoted())
	}
	return sets
}

// parseChlScores reads comma-separated "a-b" entries, player 1 first; scores may be negative
// ("-1-3").
func parseChlScores(text string) ([]chlSet, error) {
	var sets []chlSet
	for _, entry := range strings.Split(text, ",") {
		e := strings.Join(strings.Fields(entry), "")
		i := -1 // the separator is the first '-' after the first character, which may be a sign
		if len(e) > 1 {
			if j := strings.IndexByte(e[1:], '-'); j >= 0 {
				i = j + 1
			}
		}
		if i < 0 || i == len(e)-1 {
			return nil, fmt.Errorf("bad score %s", tbsheet.Quote(entry))
		}
		a, err1 := strconv.ParseInt(e[:i], 10, 64)
		b, err2 := strconv.ParseInt(e[i+1:], 10, 64)
		if err1 != nil || err2 != nil || a > 1<<40 || b > 1<<40 || a < -(1<<40) || b < -(1<<40) {
			return nil, fmt.Errorf("bad score %s", tbsheet.Quote(entry))
		}
		sets = append(sets, chlSet{a, b})
	}
	return sets, nil
}

// v21 reads a JSON:API document or an array of resources and documents.
func (r *chlReader) v21(root *jsonValue) *chlEvent {
	var resources []*jsonValue
	resource := func(v *jsonValue) {
		if v.is(jsonObject) && v.get("type") != nil {
			resources = append(resources, v)
		}
	}
	document := func(doc *jsonValue) {
		if data := doc.get("data"); data.is(jsonArray) {
			for _, e := range data.vals {
				resource(e)
			}
		} else {
			resource(data)
		}
		for _, e := range r.list(doc.get("included")) {
			resource(e)
		}
	}
	if root.is(jsonArray) {
		for _, e := range root.vals {
			if e.get("data") != nil {
				document(e)
			} else {
				resource(e)
			}
		}
	} else {
		document(root)
	}
	var ce *chlEvent
	var matches, participants []*jsonValue
	for _, res := range resources {
		switch chlResourceType(res.get("type").scalar()) {
		case "tournament":
			if ce == nil {
				ce = r.tournament(res.get("attributes"))
			}
		case "participant":
			participants = append(participants, res)
		case "match":
			matches = append(matches, res)
		}
	}
	if ce == nil {
		if len(matches) == 0 && len(participants) == 0 {
			return nil
		}
		ce = &chlEvent{}
	}
	seen := map[string]bool{} // the same resource may come in "data" and in "included"
	for _, res := range participants {
		if id := res.get("id").scalar(); !seen["p"+id] || id == "" {
			seen["p"+id] = true
			p := r.participant(res.get("attributes"), res.get("id"))
			p.v = res
			ce.participants = append(ce.participants, p)
		}
	}
	for _, res := range matches {
		id := res.get("id").scalar()
		if seen["m"+id] && id != "" {
			continue
		}
		seen["m"+id] = true
		ce.matches = append(ce.matches, r.v21Match(res))
	}
	return ce
}

// v21Match reads a v2.1 match resource. Players come from relationships.player1/player2,
// else from attributes player1_id/player2_id, else from points_by_participant (some v2.1
// records carry only that); scores from score_in_sets, else the "scores" string.
func (r *chlReader) v21Match(res *jsonValue) chlMatch {
	a := res.get("attributes")
	m := r.match(a, res.get("id"))
	m.v = res
	if m.group == "" {
		m.group = res.at("relationships", "group", "data", "id").scalar()
	}
	m.p1, m.p2 = res.at("relationships", "player1", "data", "id"), res.at("relationships", "player2", "data", "id")
	if m.p1.isNull() && m.p2.isNull() {
		m.p1, m.p2 = a.get("player1_id"), a.get("player2_id")
	}
	pbp := a.get("points_by_participant")
	if m.p1.isNull() && m.p2.isNull() && pbp.is(jsonArray) && len(pbp.vals) == 2 {
		m.p1, m.p2 = pbp.vals[0].get("participant_id"), pbp.vals[1].get("participant_id")
	}
	m.loser = a.get("loser_id")
	if sis := a.get("score_in_sets"); sis.is(jsonArray) && len(sis.vals) > 0 {
		m.scoresV = sis
		for _, set := range sis.vals {
			if set.kind != jsonArray || len(set.vals) != 2 {
				r.errorf(set, tbsheet.ErrResult, "%s: score_in_sets entries should be pairs like [2, 1]", m.label())
				return m
			}
			p1, err1 := set.vals[0].integer()
			p2, err2 := set.vals[1].integer()
			if err1 != nil || err2 != nil {
				r.errorf(set, tbsheet.ErrResult, "%s: score_in_sets entry is not two whole numbers", m.label())
				return m
			}
			m.sets = append(m.sets, chlSet{p1, p2})
		}
	} else if sv := a.get("scores"); !sv.isNull() {
		m.scoresV = sv
		m.sets = r.scores(sv)
	}
	return m
}
