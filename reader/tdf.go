package reader

// Pokémon TOM (Tournament Operations Manager) .tdf files: docs/inputs.md.

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

func init() {
	Register(&Format{
		ID:       "tdf",
		Title:    "Pokémon TOM file",
		Exts:     []string{".tdf"},
		Priority: 80,
		Sniff: func(data []byte, _ string) bool {
			return sniffXML(data, "tournament", "players", "pods")
		},
		Likely: likelyXML("tournament"),
		Read:   func(data []byte, name string, _ Options) (*tbsheet.Event, error) { return ReadTDF(data, name) },
	})
}

// tdfPodNames names TOM's pod categories (age divisions). Unknown categories are named
// "Category N". Category 10 is a pod where every division plays together: it is named after
// the file's game (tdfMixedPod).
var tdfPodNames = map[int]string{0: "Junior", 1: "Senior", 2: "Masters", 8: "Combined"}

// tdfMixedCategory is the category of a pod where the age divisions play together; TOM then
// files each division's places apart, under the division's own category.
const tdfMixedCategory = 10

// tdfMixedPod names the category 10 pod after the file's gametype: the real VGC file uses it,
// and so does a trading-card event whose divisions play together.
func tdfMixedPod(gametype string) string {
	if gametype == "TRADING_CARD_GAME" {
		return "TCG"
	}
	return "VGC"
}

// tdfOutcomes maps TOM's match outcome codes to results from player1's side.
var tdfOutcomes = [...]tbsheet.Result{
	0: tbsheet.Unreported, // not reported yet
	1: tbsheet.Win,        // player1 won
	2: tbsheet.Loss,       // player2 won
	3: tbsheet.Draw,       // tie
	4: tbsheet.DoubleLoss, // double loss; MilanoVGC's script reads it as a tie (docs/inputs.md)
	5: tbsheet.Bye,        // a single <player>, table 0
}

// ReadTDF reads a Pokémon TOM .tdf file. Each pod (age division) is its own Swiss event:
// the returned Event holds one event per pod in Pods, in category order (Junior, Senior,
// Masters, …), and describes the file as a whole; a file with a single pod (empty pods
// aside) returns that pod's event itself. Player ids are TOM userids; names are "First Last". Round type 2 and 3
// are Swiss, type 1 is the top cut (Round.Playoff). A finished pod's standings places become
// Player.Reported.Rank. Every problem is returned at once as a tbsheet.ErrorList.
func ReadTDF(data []byte, name string) (*tbsheet.Event, error) {
	root, err := parseXML(data, name)
	if err != nil {
		return nil, err
	}
	if root.name != "tournament" {
		return nil, tbsheet.Errorf(root.pos, tbsheet.ErrFormat, "root element is <%s>, not TOM's <tournament>", root.name)
	}
	r := &tdfReader{file: name, byID: map[string]int{}, podOf: map[int]*tdfPod{}, gametype: root.val("gametype")}
	file := &tbsheet.Event{
		Name:   root.child("data").childText("name"),
		Date:   usDate(root.child("data").childText("startdate")),
		Source: name,
		Format: "tdf",
		System: "pokemon",
	}
	r.readPlayers(root)
	pods := root.all("pods", "pod")
	if len(pods) == 0 {
		r.errs.Addf(root.pos, tbsheet.ErrFormat, "the file has no <pods>: no pairings to read")
	}
	for _, pe := range pods {
		r.readPod(pe, file)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	r.readStandings(root)
	r.assignPlayers(file)
	for _, pod := range r.pods {
		r.finishPod(pod)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	sort.SliceStable(r.pods, func(i, j int) bool { return r.pods[i].category < r.pods[j].category })
	for _, pod := range r.pods {
		if len(pod.ev.Players) > 0 { // TOM may keep a division nobody registered for
			file.Pods = append(file.Pods, pod.ev)
		}
	}
	if len(file.Pods) == 1 {
		only := file.Pods[0]
		only.Notes = append(file.Notes, only.Notes...)
		return only, nil
	}
	return file, nil
}

type tdfReader struct {
	file string
	xmlFields
	// players are the registered players in file order; byID maps a userid to its index.
	players []tdfPlayer
	byID    map[string]int
	pods    []*tdfPod
	// podOf maps a registered player's index to the pod he plays in.
	podOf map[int]*tdfPod
	// gametype is the root's gametype ("TRADING_CARD_GAME", "VIDEO_GAME").
	gametype string
}

// tdfDivPlace is a place counted within one age division.
type tdfDivPlace struct {
	place    int
	division string
}

type tdfPlayer struct {
	tbsheet.Player
	dropRound int
	dropped   bool
}

// tdfPod is one pod being read; its matches hold indexes into tdfReader.players until
// finishPod renumbers them into the pod's own player list.
type tdfPod struct {
	category int
	ev       *tbsheet.Event
	elem     *xmlElem
	members  map[int]bool
	// place holds the finished standings' places by registered player index; divPlace the
	// places TOM files per division for a pod where the divisions play together.
	place    map[int]int
	divPlace map[int]tdfDivPlace
	// divisions names the divisions placed apart in divPlace, in the file's order.
	divisions []string
	// index maps a registered player's index to his index in ev.Players.
	index map[int]int
}

func (r *tdfReader) readPlayers(root *xmlElem) {
	for _, pe := range root.all("players", "player") {
		id, ok := pe.get("userid")
		if !ok || id == "" {
			r.errs.Addf(pe.pos, tbsheet.ErrValue, "<player> has no userid")
			continue
		}
		if first, dup := r.byID[id]; dup {
			r.errs.Addf(pe.attrPos("userid"), tbsheet.ErrDuplicatePlayer, "userid %s is registered twice (also at %s)",
				id, r.players[first].Pos)
			continue
		}
		first, last := pe.childText("firstname"), pe.childText("lastname")
		p := tdfPlayer{Player: tbsheet.Player{ID: id, Name: joinName(first, last), Family: oneSpaced(last),
			Given: oneSpaced(first), Pos: pe.pos}}
		if p.Name == "" {
			p.Name = id
		}
		if d := pe.child("dropped"); d != nil {
			p.dropped = r.intText(d.child("status"), 0, 0) != 0
			p.dropRound = r.intText(d.child("round"), 0, 0)
		}
		r.byID[id] = len(r.players)
		r.players = append(r.players, p)
	}
}

// joinName joins first and last names with one space, either may be empty. Names written in
// Chinese, Japanese or Korean script are joined family name first, without a space (佐藤翔太),
// as they are printed in those languages.
func joinName(first, last string) string {
	if cjk(first) && cjk(last) {
		return strings.TrimSpace(last) + strings.TrimSpace(first)
	}
	return strings.Join(strings.Fields(first+" "+last), " ")
}

// cjk reports whether s is non-empty and written only in Han, kana or Hangul (spaces and the
// Japanese middle dot aside).
func cjk(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) && r != '・' && r != 'ー' && !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// usDate turns TOM's MM/DD/YYYY into ISO 8601, or returns the text as it is.
func usDate(s string) string {
	if t, err := time.Parse("01/02/2006", s); err == nil {
		return t.Format("2006-01-02")
	}
	return s
}

// player resolves the userid attribute of e (a <player>, <player1> or <player2>).
func (r *tdfReader) player(e *xmlElem) (int, bool) {
	id, ok := e.get("userid")
	if !ok || id == "" {
		r.errs.Addf(e.pos, tbsheet.ErrUnknownPlayer, "<%s> has no userid", e.name)
		return 0, false
	}
	i, ok := r.byID[id]
	if !ok {
		r.errs.Addf(e.attrPos("userid"), tbsheet.ErrUnknownPlayer, "userid %s is not in <players>", id)
	}
	return i, ok
}

func (r *tdfReader) readPod(pe *xmlElem, file *tbsheet.Event) {
	cat := r.intAttr(pe, "category", 0, -1, true)
	if cat < 0 {
		return
	}
	for _, other := range r.pods {
		if other.category == cat {
			r.errs.Addf(pe.attrPos("category"), tbsheet.ErrValue, "pod category %d appears twice (also at %s)", cat, other.elem.pos)
			return
		}
	}
	name, known := tdfCategoryName(cat)
	if cat == tdfMixedCategory {
		name, known = tdfMixedPod(r.gametype), true
	}
	pod := &tdfPod{
		category: cat, elem: pe, members: map[int]bool{}, place: map[int]int{}, divPlace: map[int]tdfDivPlace{},
		ev: &tbsheet.Event{Name: file.Name, Date: file.Date, Source: r.file, Format: "tdf", System: "pokemon", Pod: name},
	}
	if !known {
		pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-category", cat, tbsheet.Quote(name)))
	}
	r.pods = append(r.pods, pod)
	for _, sp := range append(pe.all("subgroups", "subgroup", "players", "player"), pe.all("players", "player")...) {
		if p, ok := r.player(sp); ok {
			r.join(pod, p, sp)
		}
	}
	for _, re := range append(pe.all("rounds", "round"), pe.all("subgroups", "subgroup", "rounds", "round")...) {
		r.readRound(pod, re)
	}
}

// tdfCategoryName names an age division's category, or "Category N" (known false).
func tdfCategoryName(cat int) (name string, known bool) {
	if name, ok := tdfPodNames[cat]; ok {
		return name, true
	}
	return "Category " + strconv.Itoa(cat), false
}

// join puts registered player p into pod; a player cannot play in two pods.
func (r *tdfReader) join(pod *tdfPod, p int, at *xmlElem) {
	if other, ok := r.podOf[p]; ok && other != pod {
		r.errs.Addf(at.pos, tbsheet.ErrDuplicatePlayer, "%s (userid %s) is in pod %s and in pod %s",
			r.players[p].Name, r.players[p].ID, other.ev.Pod, pod.ev.Pod)
		return
	}
	r.podOf[p] = pod
	pod.members[p] = true
}

func (r *tdfReader) readRound(pod *tdfPod, re *xmlElem) {
	round := tbsheet.Round{Number: r.roundAttr(re, "number"), Pos: re.pos}
	switch typ := re.val("type"); typ {
	case "2", "3": // 3 Swiss; 2 Swiss in League Challenges
	case "1":
		round.Playoff = true
	default:
		r.errs.Addf(re.attrPos("type"), tbsheet.ErrValue,
			"round type %s is neither Swiss (3, or 2) nor single-elimination top cut (1)", tbsheet.Quote(typ))
	}
	for _, me := range re.all("matches", "match") {
		if m, ok := r.readMatch(pod, me); ok {
			round.Matches = append(round.Matches, m)
		}
	}
	pod.ev.Rounds = append(pod.ev.Rounds, round)
}

func (r *tdfReader) readMatch(pod *tdfPod, me *xmlElem) (tbsheet.Match, bool) {
	m := tbsheet.Match{P2: tbsheet.NoPlayer, Pos: me.attrPos("outcome"), Table: r.intText(me.child("tablenumber"), 0, 0)}
	code, ok := me.get("outcome")
	n, err := strconv.Atoi(code)
	if !ok || err != nil || n < 0 || n >= len(tdfOutcomes) {
		r.errs.Addf(m.Pos, tbsheet.ErrResult,
			"outcome=%s is not a TOM outcome (0 not reported, 1 player 1 won, 2 player 2 won, 3 tie, 4 double loss, 5 bye)", tbsheet.Quote(code))
		return m, false
	}
	m.Result = tdfOutcomes[n]
	solo, p1, p2 := me.child("player"), me.child("player1"), me.child("player2")
	if m.Result == tbsheet.Bye {
		if solo == nil || p1 != nil || p2 != nil {
			r.errs.Addf(m.Pos, tbsheet.ErrResult, "a bye (outcome 5) has one <player> and no <player1>/<player2>")
			return m, false
		}
		p1 = solo
	} else if p1 == nil || p2 == nil || solo != nil {
		r.errs.Addf(m.Pos, tbsheet.ErrResult, "outcome %d needs <player1> and <player2> (only a bye, outcome 5, has a single <player>)", n)
		return m, false
	}
	var good bool
	if m.P1, good = r.player(p1); !good {
		return m, false
	}
	r.join(pod, m.P1, p1)
	if p2 != nil {
		if m.P2, good = r.player(p2); !good {
			return m, false
		}
		r.join(pod, m.P2, p2)
	}
	if m.Result == tbsheet.DoubleLoss {
		pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-double-loss",
			m.Pos.String(), r.players[m.P1].Name, r.players[m.P2].Name))
	}
	return m, true
}

// readStandings reads the finished pods' places (<standings><pod type="finished">) into
// each pod's place map. Dnf pods list players who did not finish: they have no place. A
// division's places filed under a category with no pod of its own are the places TOM counts
// within that division of the pod where the divisions play together (category 10).
// Problems in this section only weaken the self-check, so they are notes, not errors.
func (r *tdfReader) readStandings(root *xmlElem) {
	for _, se := range root.all("standings", "pod") {
		if se.val("type") != "finished" {
			continue
		}
		cat, err := strconv.Atoi(se.val("category"))
		var pod *tdfPod
		for _, p := range r.pods {
			if err == nil && p.category == cat {
				pod = p
			}
		}
		if pod == nil && err == nil && r.divisionPlaces(se, cat) {
			continue
		}
		if pod == nil {
			r.noteAll(i18n.N("reader.tdf-standings-no-pod", se.pos.String(), tbsheet.Quote(se.val("category"))))
			continue
		}
		for _, pe := range se.all("player") {
			if p, place, ok := r.standing(pod, pe); ok {
				pod.place[p] = place
			}
		}
	}
	for _, pod := range r.pods {
		if len(pod.divisions) > 0 {
			pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-divisions",
				pod.ev.Pod, i18n.Join("list-sep", texts(pod.divisions)...)))
		}
	}
}

// divisionPlaces reads the places of a division (category cat) that has no pod of its own,
// into the pods its players played in; it returns false when none of them played.
func (r *tdfReader) divisionPlaces(se *xmlElem, cat int) bool {
	division, _ := tdfCategoryName(cat)
	read := false
	for _, pe := range se.all("player") {
		i, known := r.byID[pe.val("id")]
		pod, played := r.podOf[i]
		if !known || !played {
			continue // never paired, or not registered: nothing to check
		}
		if p, place, ok := r.standing(pod, pe); ok {
			pod.divPlace[p] = tdfDivPlace{place: place, division: division}
			if !slices.Contains(pod.divisions, division) {
				pod.divisions = append(pod.divisions, division)
			}
			read = true
		}
	}
	return read
}

// standing reads one <player id place> of pod's standings; a problem is a note on the pod.
func (r *tdfReader) standing(pod *tdfPod, pe *xmlElem) (p, place int, ok bool) {
	id := pe.val("id")
	p, known := r.byID[id]
	place, err := strconv.Atoi(pe.val("place"))
	switch {
	case !known:
		pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-standings-unknown", pe.pos.String(), tbsheet.Quote(id)))
	case err != nil || place < 1:
		pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-standings-place", pe.attrPos("place").String(), tbsheet.Quote(pe.val("place"))))
	case !pod.members[p]:
		pod.ev.Notes = append(pod.ev.Notes, i18n.N("reader.tdf-standings-not-in-pod", pe.pos.String(), r.players[p].Name, pod.ev.Pod))
	default:
		return p, place, true
	}
	return 0, 0, false
}

// noteAll adds a note to every pod (a fact about the file as a whole).
func (r *tdfReader) noteAll(note i18n.Note) {
	for _, p := range r.pods {
		p.ev.Notes = append(p.ev.Notes, note)
	}
}

// assignPlayers gives each pod its players, in the file's registration order, and notes the
// registered players who are in no pod.
func (r *tdfReader) assignPlayers(file *tbsheet.Event) {
	var none []string
	for i := range r.players {
		pod, ok := r.podOf[i]
		if !ok {
			none = append(none, r.players[i].Name)
			continue
		}
		if pod.index == nil {
			pod.index = map[int]int{}
		}
		pod.index[i] = len(pod.ev.Players)
		p := r.players[i].Player
		if place, ok := pod.place[i]; ok {
			p.Reported = &tbsheet.Reported{Rank: place}
		} else if dp, ok := pod.divPlace[i]; ok {
			p.Reported = &tbsheet.Reported{Rank: dp.place, Division: dp.division}
		}
		pod.ev.Players = append(pod.ev.Players, p)
	}
	if len(none) > 0 {
		file.Notes = append(file.Notes, i18n.N("reader.tdf-no-pod", i18n.Join("list-sep", texts(none)...)))
	}
}

// finishPod renumbers the pod's matches into its own player list, puts rounds and matches
// in canonical order, applies drops and validates.
func (r *tdfReader) finishPod(pod *tdfPod) {
	ev := pod.ev
	for ri := range ev.Rounds {
		ms := ev.Rounds[ri].Matches
		for mi := range ms {
			ms[mi].P1 = pod.index[ms[mi].P1]
			if ms[mi].P2 != tbsheet.NoPlayer {
				ms[mi].P2 = pod.index[ms[mi].P2]
			}
		}
		sort.SliceStable(ms, func(i, j int) bool { return tableLess(ms[i].Table, ms[j].Table) })
	}
	sortRounds(ev.Rounds)
	renumberPlayoffs(ev)
	for reg := range r.players { // in player order, so that the notes are too
		if p, in := pod.index[reg]; in && r.players[reg].dropped {
			settleDrop(ev, p, r.players[reg].dropRound)
		}
	}
	r.errs.AddAll(ev.Validate())
}

// tableLess orders table numbers with unknown tables (0: TOM's byes) last.
func tableLess(a, b int) bool {
	if (a == 0) != (b == 0) {
		return b == 0
	}
	return a < b
}

// renumberPlayoffs makes top-cut round numbers follow the Swiss rounds when the file numbers
// them from 1 again, so that every round of the pod has its own number.
func renumberPlayoffs(ev *tbsheet.Event) {
	lastSwiss, clash := 0, false
	for _, r := range ev.Rounds {
		if !r.Playoff {
			lastSwiss = max(lastSwiss, r.Number)
		} else if r.Number <= lastSwiss {
			clash = true
		}
	}
	if !clash {
		return
	}
	n := lastSwiss
	for i := range ev.Rounds {
		if ev.Rounds[i].Playoff {
			n++
			ev.Notes = append(ev.Notes, i18n.N("reader.top-cut-renumbered", ev.Rounds[i].Number, n, lastSwiss))
			ev.Rounds[i].Number = n
		}
	}
}
