package reader

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// chlPairing is a Challonge match whose players are resolved to player indexes.
type chlPairing struct {
	m       *chlMatch
	p1, p2  int
	playoff bool
}

// chlStage is the Swiss or round-robin part of an event: the whole event, or one group of a
// two-stage event's group stage.
type chlStage struct {
	group    string
	rr       bool
	pairings []*chlPairing
	members  map[int]bool
}

// build turns the tournament into a tbsheet.Event: players, Swiss (or round-robin) rounds
// with the byes Challonge does not write, playoff rounds, drops, and the configured points
// and tiebreaks.
func (r *chlReader) build(ce *chlEvent) (*tbsheet.Event, error) {
	ev := &tbsheet.Event{Name: ce.name, Date: ce.date, System: "challonge", Teams: ce.teams, LocalIDs: true}
	r.players(ev, ce)
	if len(r.errs) > 0 && len(ev.Players) == 0 {
		return nil, r.errs
	}
	pairings := r.pairings(ce)
	stages := r.stages(ev, ce, pairings)

	rounds := map[int]*tbsheet.Round{}
	round := func(n int, p *chlPairing) *tbsheet.Round {
		if rounds[n] == nil {
			rounds[n] = &tbsheet.Round{Number: n, Pos: r.doc.pos(p.m.v)}
		}
		return rounds[n]
	}
	last := map[int]int{} // player → last Swiss round with a match
	maxSwiss := 0
	for _, st := range stages {
		for _, p := range st.pairings {
			if p.m.round < 1 {
				r.errorf(p.m.roundV, tbsheet.ErrValue, "%s: a Swiss or round-robin round must be 1 or more", p.m.label())
				continue
			}
			rd := round(p.m.round, p)
			rd.Matches = append(rd.Matches, r.modelMatch(ev, p))
			maxSwiss = max(maxSwiss, p.m.round)
			for _, i := range []int{p.p1, p.p2} {
				last[i] = max(last[i], p.m.round)
			}
		}
	}
	var byes []i18n.Note
	for _, st := range stages {
		if !st.rr {
			byes = append(byes, r.inferByes(ev, ce, st, rounds, last)...)
		}
	}
	if len(byes) > 0 {
		r.note("reader.chl-byes", i18n.Join("sep.notes", byes...))
	}
	r.drops(ev, ce, stages, last, maxSwiss)

	for _, n := range sortedIntKeys(rounds) {
		ev.Rounds = append(ev.Rounds, *rounds[n])
	}
	r.playoffRounds(ev, pairings, maxSwiss)
	r.settings(ev, ce, stages)
	ev.Notes = r.notes
	r.errs.AddAll(ev.Validate())
	return ev, r.errs.Err()
}

// players adds every participant not on the waiting list, with its final rank when the
// tournament is complete, and maps participant ids and group_player_ids to player indexes.
func (r *chlReader) players(ev *tbsheet.Event, ce *chlEvent) {
	r.index = map[string]int{}
	index := r.index
	if len(ce.participants) > sanityMaxPlayers {
		r.errorf(ce.participants[0].v.parent, tbsheet.ErrTooLarge, "%d participants: tbsheet reads at most %d",
			len(ce.participants), sanityMaxPlayers)
		return
	}
	var waiting []string
	for k := range ce.participants {
		p := &ce.participants[k]
		p.player = tbsheet.NoPlayer
		if p.waiting {
			waiting = append(waiting, p.name)
			continue
		}
		i := len(ev.Players)
		p.player = i
		ev.Players = append(ev.Players, tbsheet.Player{ID: p.id, Name: p.name, Pos: r.doc.pos(p.v)})
		if ce.state == "complete" && p.finalRank > 0 {
			ev.Players[i].Reported = &tbsheet.Reported{Rank: p.finalRank}
		}
		for _, id := range append([]string{p.id}, p.aliases...) {
			if id == "" {
				continue // reported by participant
			}
			if j, dup := index[id]; dup && j != i {
				r.errorf(p.v, tbsheet.ErrDuplicatePlayer, "participant %s has id %s, which %s already has",
					tbsheet.Quote(p.name), id, tbsheet.Quote(ev.Players[j].Name))
				continue
			}
			index[id] = i
		}
	}
	if len(waiting) > 0 {
		r.note("reader.chl-waiting", i18n.Join("list-sep", texts(waiting)...))
	}
}

// pairings resolves every match's players. Matches whose players are not known yet (a
// bracket's later rounds) are left out; a completed match must name both players.
func (r *chlReader) pairings(ce *chlEvent) []*chlPairing {
	elimination := strings.Contains(ce.kind, "elimination")
	var out []*chlPairing
	for k := range ce.matches {
		m := &ce.matches[k]
		if m.badRound {
			continue
		}
		p := &chlPairing{m: m, p1: tbsheet.NoPlayer, p2: tbsheet.NoPlayer, playoff: elimination && m.group == ""}
		ok := true
		for _, side := range []struct {
			v   *jsonValue
			dst *int
		}{{m.p1, &p.p1}, {m.p2, &p.p2}} {
			id := side.v.scalar()
			if id == "" {
				ok = false
				continue
			}
			i, known := r.index[id]
			if !known {
				r.errorf(side.v, tbsheet.ErrUnknownPlayer, "%s names player %s, who is not a participant", m.label(), id)
				ok = false
				continue
			}
			*side.dst = i
		}
		switch {
		case ok:
			out = append(out, p)
		case m.state == "complete" && (m.p1.scalar() == "" || m.p2.scalar() == ""):
			r.errorf(m.v, tbsheet.ErrValue, "%s is complete but does not name both players", m.label())
		}
	}
	return out
}

// stages groups the Swiss and round-robin pairings by group and decides, for each group,
// whether it is Swiss (byes inferred) or round robin (a player sitting out scores nothing).
func (r *chlReader) stages(ev *tbsheet.Event, ce *chlEvent, pairings []*chlPairing) []*chlStage {
	switch {
	case ce.kind == "swiss", ce.kind == "round robin", ce.kind == "",
		strings.Contains(ce.kind, "elimination"):
	default:
		r.errorf(ce.tournament.get("tournament_type"), tbsheet.ErrFormat,
			"a Challonge %s tournament: tbsheet ranks Swiss and round-robin events", tbsheet.Quote(ce.kind))
		return nil
	}
	byGroup := map[string]*chlStage{}
	var stages []*chlStage
	for _, p := range pairings {
		if p.playoff {
			continue
		}
		st := byGroup[p.m.group]
		if st == nil {
			st = &chlStage{group: p.m.group, members: map[int]bool{}}
			byGroup[p.m.group] = st
			stages = append(stages, st)
		}
		st.pairings = append(st.pairings, p)
		st.members[p.p1], st.members[p.p2] = true, true
	}
	if len(stages) == 0 && strings.Contains(ce.kind, "elimination") && len(pairings) > 0 {
		r.errorf(ce.tournament.get("tournament_type"), tbsheet.ErrFormat,
			"a Challonge %s bracket without a group stage: tbsheet ranks Swiss and round-robin events", tbsheet.Quote(ce.kind))
		return nil
	}
	var kinds []i18n.Note
	for _, st := range stages {
		switch ce.kind {
		case "swiss":
		case "round robin":
			st.rr = true
		default:
			st.rr = st.complete()
			what := i18n.N("reader.chl-as-swiss")
			if st.rr {
				what = i18n.N("reader.chl-as-rr")
			}
			name := i18n.N("reader.chl-the-event")
			if st.group != "" {
				name = i18n.N("reader.chl-group", st.group)
			}
			kinds = append(kinds, i18n.N("reader.chl-read-as", name, what))
		}
	}
	if len(kinds) > 0 {
		why := i18n.N("reader.chl-no-format")
		if ce.kind == "" {
			why = i18n.N("reader.chl-no-record")
		}
		r.note("reader.chl-formats", why, i18n.Join("sep.notes", kinds...))
	}
	return stages
}

// complete reports whether every two members of the stage meet: a round robin, as Challonge
// creates all its matches at the start.
func (st *chlStage) complete() bool {
	if len(st.members) < 2 {
		return false
	}
	met := map[[2]int]bool{}
	for _, p := range st.pairings {
		met[[2]int{min(p.p1, p.p2), max(p.p1, p.p2)}] = true
	}
	n := len(st.members)
	return len(met) == n*(n-1)/2
}

// modelMatch turns a resolved pairing into a tbsheet.Match, reading the result and scores.
func (r *chlReader) modelMatch(ev *tbsheet.Event, p *chlPairing) tbsheet.Match {
	m := p.m
	out := tbsheet.Match{P1: p.p1, P2: p.p2, Result: tbsheet.Unreported, Pos: r.doc.pos(m.v)}
	if m.state != "complete" {
		return out
	}
	winner, loser := m.winner.scalar(), m.loser.scalar()
	w, ok := r.index[winner]
	ok = ok && (w == p.p1 || w == p.p2)
	switch {
	case winner == "" && loser != "":
		r.errorf(m.loser, tbsheet.ErrResult, "%s has a loser (%s) but no winner", m.label(), loser)
		return out
	case winner == "" && m.forfeited:
		out.Result = tbsheet.DoubleForfeit
		return out
	case winner == "":
		out.Result = tbsheet.Draw
	case !ok:
		r.errorf(m.winner, tbsheet.ErrResult, "%s: winner_id %s is not one of the match's players (%s, %s)",
			m.label(), winner, m.p1.scalar(), m.p2.scalar())
		return out
	case m.forfeited && w == p.p1:
		out.Result = tbsheet.ForfeitWin
		return out
	case m.forfeited:
		out.Result = tbsheet.ForfeitLoss
		return out
	case w == p.p1:
		out.Result = tbsheet.Win
	default:
		out.Result = tbsheet.Loss
	}
	if m.tie && winner != "" {
		r.errorf(m.winner, tbsheet.ErrResult, "%s is marked a tie but has winner_id %s", m.label(), winner)
	}
	out.Games, out.Score = chlGames(m.sets)
	g := out.Games
	switch {
	case !g.Known:
	case g.P1 < 0 || g.P2 < 0:
		r.note("reader.chl-negative", m.name(), ev.Players[p.p1].Name, ev.Players[p.p2].Name, m.scoresV.quoted())
		out.Games = tbsheet.Games{}
	case !chlGamesFit(g, out.Result):
		says := "the match is a tie"
		switch {
		case g.P1 > g.P2:
			says = ev.Players[p.p1].Name + " won"
		case g.P1 < g.P2:
			says = ev.Players[p.p2].Name + " won"
		}
		recorded := "it has no winner (a tie)"
		if w, ok := r.index[winner]; ok {
			recorded = "winner_id " + winner + " says " + ev.Players[w].Name + " won"
		}
		r.errorf(m.scoresV, tbsheet.ErrResult, "%s (%s vs %s): %s, but the score %s says %s: correct the winner or the score on Challonge",
			m.label(), ev.Players[p.p1].Name, ev.Players[p.p2].Name, recorded, m.scoresV.quoted(), says)
		out.Games = tbsheet.Games{} // reported here, not again by Validate
	}
	return out
}

// chlGames turns scores into games and points scored (docs/tiebreakers.md#decisions-where-the-rules-are-silent): one entry "2-1"
// is games 2-1 and points 2-1; several entries are sets, games = sets won, points = the sums.
// Scores that are all zero mean that no score was entered.
func chlGames(sets []chlSet) (tbsheet.Games, tbsheet.Score) {
	zero := true
	for _, s := range sets {
		zero = zero && s.p1 == 0 && s.p2 == 0
	}
	if zero {
		return tbsheet.Games{}, tbsheet.Score{}
	}
	g := tbsheet.Games{Known: true}
	sc := tbsheet.Score{Known: true}
	for _, s := range sets {
		sc.P1, sc.P2 = sc.P1.Add(exact.Int(s.p1)), sc.P2.Add(exact.Int(s.p2))
		switch {
		case len(sets) == 1:
			g.P1, g.P2 = int(s.p1), int(s.p2)
		case s.p1 > s.p2:
			g.P1++
		case s.p1 < s.p2:
			g.P2++
		default:
			g.Drawn++
		}
	}
	return g, sc
}

// chlGamesFit reports whether the games agree with the result Challonge recorded.
func chlGamesFit(g tbsheet.Games, res tbsheet.Result) bool {
	switch res {
	case tbsheet.Win:
		return g.P1 > g.P2
	case tbsheet.Loss:
		return g.P1 < g.P2
	}
	return g.P1 == g.P2
}

// inferByes adds a bye in each round of a Swiss stage for the one member without a match.
// Members are the players with a match in the stage; a member who is inactive and has no
// match after the round dropped. Challonge gives one bye a round, so when several members
// have no match the round is left as it is and a note says so.
func (r *chlReader) inferByes(ev *tbsheet.Event, ce *chlEvent, st *chlStage, rounds map[int]*tbsheet.Round, last map[int]int) []i18n.Note {
	present := map[int]map[int]bool{}
	for _, p := range st.pairings {
		if p.m.round < 1 {
			continue
		}
		if present[p.m.round] == nil {
			present[p.m.round] = map[int]bool{}
		}
		present[p.m.round][p.p1], present[p.m.round][p.p2] = true, true
	}
	inactive := map[int]bool{}
	for _, p := range ce.participants {
		if !p.active && p.player != tbsheet.NoPlayer {
			inactive[p.player] = true
		}
	}
	var byes []i18n.Note
	for _, n := range sortedIntKeys(present) {
		var missing []int
		for _, i := range sortedIntKeys(st.members) {
			if !present[n][i] && !(inactive[i] && last[i] < n) {
				missing = append(missing, i)
			}
		}
		switch len(missing) {
		case 0:
		case 1:
			rd := rounds[n]
			rd.Matches = append(rd.Matches, tbsheet.Match{P1: missing[0], P2: tbsheet.NoPlayer,
				Result: tbsheet.Bye, Pos: ev.Players[missing[0]].Pos}) // no match is written: point at the participant
			byes = append(byes, i18n.N("reader.chl-round-name", n, ev.Players[missing[0]].Name))
		default:
			var names []string
			for _, i := range missing {
				names = append(names, ev.Players[i].Name)
			}
			r.note("reader.chl-no-match", n, i18n.Join("list-sep", texts(names)...))
		}
	}
	return byes
}

// drops reads inactive participants as dropped after the last Swiss round they played.
func (r *chlReader) drops(ev *tbsheet.Event, ce *chlEvent, stages []*chlStage, last map[int]int, maxSwiss int) {
	member := map[int]bool{}
	for _, st := range stages {
		for i := range st.members {
			member[i] = true
		}
	}
	var dropped []i18n.Note
	var never []string
	for _, p := range ce.participants {
		i := p.player
		if i == tbsheet.NoPlayer {
			continue
		}
		switch {
		case !member[i] && len(stages) > 0:
			never = append(never, ev.Players[i].Name)
		case !p.active && last[i] < maxSwiss:
			ev.Players[i].DroppedAfter = last[i]
			dropped = append(dropped, i18n.N("reader.name-after-round", ev.Players[i].Name, last[i]))
		}
	}
	if len(dropped) > 0 {
		r.note("reader.chl-inactive", i18n.Join("list-sep", dropped...))
	}
	if len(never) > 0 {
		r.note("reader.never-paired", i18n.Join("list-sep", texts(never)...))
	}
}

// playoffRounds appends the elimination bracket's rounds after the Swiss ones: winners'
// rounds 1, 2, … then losers' rounds -1, -2, … interleaved by depth, a round 0 (third place)
// last.
func (r *chlReader) playoffRounds(ev *tbsheet.Event, pairings []*chlPairing, maxSwiss int) {
	byRound := map[int][]*chlPairing{}
	for _, p := range pairings {
		if p.playoff {
			byRound[p.m.round] = append(byRound[p.m.round], p)
		}
	}
	if len(byRound) == 0 {
		return
	}
	keys := sortedIntKeys(byRound)
	depth := func(k int) int {
		if k == 0 {
			return sanityMaxRounds + 1
		}
		return max(k, -k)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if depth(keys[i]) != depth(keys[j]) {
			return depth(keys[i]) < depth(keys[j])
		}
		return keys[i] > keys[j]
	})
	var names []i18n.Note
	for i, k := range keys {
		rd := tbsheet.Round{Number: maxSwiss + i + 1, Playoff: true, Pos: r.doc.pos(byRound[k][0].m.v)}
		for _, p := range byRound[k] {
			rd.Matches = append(rd.Matches, r.modelMatch(ev, p))
		}
		ev.Rounds = append(ev.Rounds, rd)
		names = append(names, i18n.N("text", strconv.Itoa(k)))
	}
	r.note("reader.chl-bracket", i18n.Join("list-sep", names...), maxSwiss+1, maxSwiss+len(keys))
}

// chlTiebreakIDs maps Challonge's tie_breaks strings (the API values, and the names the
// Challonge knowledge base shows, for dumps edited by hand) to tbsheet ids.
var chlTiebreakIDs = map[string]string{
	"match wins vs tied":        "chl-wins-vs-tied",
	"wins vs tied participants": "chl-wins-vs-tied",
	"median buchholz":           "chl-median-buchholz",
	"median-buchholz":           "chl-median-buchholz",
	"game wins":                 "chl-game-wins",
	"game/set wins":             "chl-game-wins",
	"game win percentage":       "chl-game-win-pct",
	"game/set win %":            "chl-game-win-pct",
	"points scored":             "chl-points-scored",
	"points difference":         "chl-points-diff",
	"game w/l difference":       "chl-set-diff",
	"set difference":            "chl-set-diff",
	"match wins":                "match-wins",
}

// settings sets the points, tiebreak order and planned rounds the tournament configures.
func (r *chlReader) settings(ev *tbsheet.Event, ce *chlEvent, stages []*chlStage) {
	if len(stages) == 0 {
		return
	}
	rr := true
	for _, st := range stages {
		rr = rr && st.rr
	}
	pts := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}
	conf, prefix := ce.swissPts, "pts_for_"
	switch {
	case rr && ce.rankedBy == "custom":
		conf, prefix = ce.rrPts, "rr_pts_for_"
		pts.Bye = exact.Int(0)
	case rr:
		conf, prefix = chlPoints{}, ""
		pts.Bye = exact.Int(0)
	default:
		ev.PlannedRounds = ce.swissRounds
	}
	for _, f := range []struct {
		dst *exact.Num
		src *exact.Num
	}{{&pts.Win, conf.win}, {&pts.Draw, conf.tie}, {&pts.Bye, conf.bye}} {
		if f.src != nil {
			*f.dst = *f.src
		}
	}
	if rr {
		pts.Bye = exact.Int(0) // nobody gets a bye in a round robin; sitting out scores nothing
	}
	ev.Points = &pts
	for _, g := range []struct {
		v    *exact.Num
		what string
	}{{conf.gameWin, "game_win"}, {conf.gameTie, "game_tie"}} {
		if g.v != nil && g.v.Sign() != 0 {
			r.note("reader.chl-game-points", g.v.String(), prefix+g.what)
		}
	}

	for _, v := range r.list(ce.tieBreaks) {
		s := strings.ToLower(strings.Join(strings.Fields(v.scalar()), " "))
		if id, ok := chlTiebreakIDs[s]; ok {
			ev.Tiebreaks = append(ev.Tiebreaks, id)
		} else {
			r.note("reader.chl-tiebreak", v.quoted())
		}
	}
	if rr {
		switch ce.rankedBy {
		case "game wins", "points scored", "points difference":
			id := chlTiebreakIDs[ce.rankedBy]
			ev.Tiebreaks = append([]string{id}, chlWithout(ev.Tiebreaks, id)...)
			r.note("reader.chl-ranked-by", ce.rankedBy, id)
		}
	}
}

// chlWithout returns list without s.
func chlWithout(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// sortedIntKeys returns the int keys of a map in ascending order.
func sortedIntKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
