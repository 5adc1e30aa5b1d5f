package calc

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// Difference is one figure where the source software's own standings (Player.Reported)
// disagree with tbsheet's.
type Difference struct {
	// Player indexes Event.Players; Name is the player's name.
	Player int
	Name   string
	// Key is "rank", "Junior rank" (a rank the source counts within one division of a pod
	// where the divisions play together) or the tiebreak id compared ("points", "kts-number", …).
	Key string
	// Theirs is the source's figure and Ours tbsheet's, both as displayed ("07592526");
	// Ours is "not ranked" for a player tbsheet leaves out of the standings.
	Theirs, Ours string
}

// String writes the difference for the organizer:
// `Alice: kts-number is 07592526 in the input, tbsheet computes 07466644`.
func (d Difference) String() string {
	return fmt.Sprintf("%s: %s is %s in the input, tbsheet computes %s", d.Name, d.Key, d.Theirs, d.Ours)
}

// SelfCheck is what [Check] found: how much of the source's own standings it could compare
// with tbsheet's, and where they disagree.
type SelfCheck struct {
	// Reported counts the players the source gives figures for; 0 means the input carries
	// no standings of its own (a hand-kept workbook).
	Reported int
	// Compared counts the figures compared, ranks and values. A check that compared nothing
	// did not pass.
	Compared int
	// Differences lists every disagreement, by player then key.
	Differences []Difference
	// Notes say what was left out of the comparison, and why.
	Notes []string
}

// Agrees reports whether the check passed: it compared something and nothing differs.
func (c SelfCheck) Agrees() bool { return c.Compared > 0 && len(c.Differences) == 0 }

// Check compares every player's Reported figures with the standings: the rank, and each
// value keyed by a tiebreak id (computed even when not shown). This is the KTS self-check
// of docs/tiebreakers.md#decisions-where-the-rules-are-silent, for every input that carries its own standings.
//
// Ranks are compared as orders, among the players both sides rank: a player agrees when his
// place in the input and his place in tbsheet's standings can be the same. So a place the
// source gives several players (Challonge's two semi-finalists at 3, a shared KTS or TOM
// place) agrees with tbsheet ordering them within it, and tbsheet sharing a rank agrees with
// a source that orders the tied players. TOM places only the players who finished: a dropped
// player above them shifts none of their places. A place counted within a division
// (Reported.Division) is compared among that division's players.
//
// What the ranks are compared on depends on how the source ranked:
//   - by the points, primary key and tiebreak order in use: the whole rank;
//   - by other tiebreaks, or ones it does not name (Event.ReportedOrderUnknown): the primary
//     key only (points), and the players of a top cut are not compared;
//   - by other points or another primary key (--system, --points): ranks are not compared.
//
// Ranks are not compared for players who played a playoff round, since the source ranks the
// top cut by playoff results, unless st are final standings (see [Final]). Players who never
// played a round (registered, dropped before round 1) are left out: tbsheet does not rank them.
// Standings computed before the event's last Swiss round (Options.AfterRound, or a round left
// out as incomplete) compare nothing: the reported figures are final ones.
func Check(st *Standings) SelfCheck {
	var sc SelfCheck
	ev := st.Event
	ranks := false
	for _, pl := range ev.Players {
		if pl.Reported != nil {
			sc.Reported++
			ranks = ranks || pl.Reported.Rank > 0
		}
	}
	if sc.Reported == 0 {
		sc.Notes = append(sc.Notes, "the input carries no standings of its own to compare with")
		return sc
	}
	if st.ctx == nil || len(st.Rounds) < len(ev.SwissRounds()) {
		sc.Notes = append(sc.Notes, fmt.Sprintf("these standings stop after round %d; the input's own are final ones, so nothing is compared",
			lastOf(st.Rounds)))
		return sc
	}
	rows := rowOf(st)
	skip := make([]bool, len(ev.Players)) // players who never played: tbsheet does not rank them
	for p, pl := range ev.Players {
		skip[p] = rows[p] < 0 && !pl.Disqualified
	}
	if ranks {
		basis, note := rankBasisOf(st)
		if note != "" {
			sc.Notes = append(sc.Notes, note)
		}
		if basis != ranksNotCompared {
			sc.compareRanks(st, rows, skip, basis)
		}
	}
	for p, pl := range ev.Players {
		rep := pl.Reported
		if rep == nil || skip[p] {
			continue
		}
		keys := make([]string, 0, len(rep.Values))
		for k := range rep.Values {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, key := range keys {
			sc.Compared++
			theirs := rep.Values[key]
			d, ok := Lookup(key)
			if !ok {
				sc.add(p, pl.Name, key, theirs.String(), "nothing (tbsheet has no tiebreak with this id)")
				continue
			}
			ours := st.ctx.Get(key)[p].Value
			if !ours.OK || !ours.Num.Equal(theirs) {
				o := d.FormatValue(ours)
				if !ours.OK {
					o = "n/a"
				}
				sc.add(p, pl.Name, key, d.FormatValue(Known(theirs)), o)
			}
		}
	}
	slices.SortStableFunc(sc.Differences, func(a, b Difference) int { return a.Player - b.Player })
	return sc
}

func (sc *SelfCheck) add(p int, name, key, theirs, ours string) {
	sc.Differences = append(sc.Differences, Difference{Player: p, Name: name, Key: key, Theirs: theirs, Ours: ours})
}

// lastOf returns the last of the counted rounds, or 0.
func lastOf(rounds []int) int {
	if len(rounds) == 0 {
		return 0
	}
	return rounds[len(rounds)-1]
}

// rankBasis is what the source's ranks can be compared on.
type rankBasis int

const (
	// wholeRank: the source ranks by the points, primary key and tiebreaks in use.
	wholeRank rankBasis = iota
	// primaryKeyOnly: the source ranks by other tiebreaks, or ones it does not name.
	primaryKeyOnly
	// ranksNotCompared: the source counts other points or ranks by another primary key.
	ranksNotCompared
)

// rankBasisOf says what st's ranks can be compared with the source's on, and why when it is
// not the whole rank. The source ranks by its own system (Event.System) with the event's
// points and tiebreak order when it sets them (Tiebreaks, else DeclaredTiebreaks).
func rankBasisOf(st *Standings) (rankBasis, string) {
	ev := st.Event
	own, ok := LookupSystem(ev.System)
	if !ok {
		return ranksNotCompared, "ranks are not compared: the input does not say how it ranks"
	}
	pts := own.Points
	if ev.Points != nil {
		pts = *ev.Points
	}
	if own.RankBy != st.RankBy.ID {
		theirs, _ := Lookup(own.RankBy)
		return ranksNotCompared, fmt.Sprintf("ranks are not compared: the input ranks by %s, these standings by %s",
			primaryName(theirs), primaryName(st.RankBy))
	}
	if !samePoints(pts, st.Points) {
		return ranksNotCompared, fmt.Sprintf("ranks are not compared: the input scores %s (win, draw, loss, bye), these standings %s",
			pts, st.Points)
	}
	primary := primaryName(st.RankBy)
	if ev.ReportedOrderUnknown {
		return primaryKeyOnly, fmt.Sprintf("ranks are compared on %s only: the input does not say which tiebreaks ranked it", primary)
	}
	order := own.Tiebreaks
	switch {
	case len(ev.Tiebreaks) > 0:
		order = ev.Tiebreaks
	case ev.DeclaredTiebreaks != "":
		declared, err := FIDETiebreaks(ev.DeclaredTiebreaks)
		if err != nil {
			return primaryKeyOnly, fmt.Sprintf("ranks are compared on %s only: the input ranks by tie-breaks tbsheet does not compute (%s)",
				primary, ev.DeclaredTiebreaks)
		}
		order = declared
	}
	var inUse []string
	for _, d := range st.Order {
		inUse = append(inUse, d.ID)
	}
	if !slices.Equal(order, inUse) {
		return primaryKeyOnly, fmt.Sprintf("ranks are compared on %s only: the input ranks by other tiebreaks (%s) than these standings (%s)",
			primary, strings.Join(order, ", "), strings.Join(inUse, ", "))
	}
	return wholeRank, ""
}

// primaryName names a primary key in a sentence: "points", "match wins".
func primaryName(d *Def) string {
	if d.ID == "points" {
		return "points" // whatever the game calls them: match points, game points in chess
	}
	return strings.ToLower(d.Name)
}

func samePoints(a, b tbsheet.Points) bool {
	return a.Win.Equal(b.Win) && a.Draw.Equal(b.Draw) && a.Loss.Equal(b.Loss) && a.Bye.Equal(b.Bye)
}

// ranked is one player whose rank both sides give, within one division.
type ranked struct {
	p, row int
	theirs int       // the source's place
	ours   exact.Num // tbsheet's key, higher first: −rank, or the primary key's value
	// lo–hi and theirLo–theirHi are the positions the player can hold among the division's
	// compared players: by tbsheet's key, and by the source's place.
	lo, hi, theirLo, theirHi int
}

// compareRanks compares the source's places with tbsheet's order on basis, one division at
// a time, and adds a difference for every player whose two places cannot be the same.
func (sc *SelfCheck) compareRanks(st *Standings, rows []int, skip []bool, basis rankBasis) {
	ev := st.Event
	inPlayoff := playoffPlayers(ev)
	divisions := map[string][]ranked{}
	var names []string
	for p, pl := range ev.Players {
		rep := pl.Reported
		if rep == nil || rep.Rank <= 0 || skip[p] {
			continue
		}
		if inPlayoff[p] && (basis == primaryKeyOnly || !st.Final) {
			continue
		}
		sc.Compared++
		row := rows[p]
		if row < 0 {
			sc.add(p, pl.Name, rankKey(rep), strconv.Itoa(rep.Rank), "not ranked")
			continue
		}
		r := ranked{p: p, row: row, theirs: rep.Rank, ours: exact.Int(-int64(st.Rows[row].Rank))}
		if basis == primaryKeyOnly {
			r.ours = st.Rows[row].Points
		}
		if _, seen := divisions[rep.Division]; !seen {
			names = append(names, rep.Division)
		}
		divisions[rep.Division] = append(divisions[rep.Division], r)
	}
	for _, div := range names {
		rs := divisions[div]
		positions(len(rs), func(i, j int) int { return rs[j].ours.Cmp(rs[i].ours) }, func(i, lo, hi int) {
			rs[i].lo, rs[i].hi = lo, hi
		})
		positions(len(rs), func(i, j int) int { return rs[i].theirs - rs[j].theirs }, func(i, lo, hi int) {
			rs[i].theirLo, rs[i].theirHi = lo, hi
		})
		for _, r := range rs {
			if r.lo > r.theirHi || r.theirLo > r.hi {
				sc.add(r.p, ev.Players[r.p].Name, rankKey(ev.Players[r.p].Reported), strconv.Itoa(r.theirs),
					ourPlace(st, r, len(rs), div, basis))
			}
		}
	}
}

// positions orders n items by cmp and calls set with each item's span of positions: the
// first and last (1-based) places of the run of items equal to it.
func positions(n int, cmp func(i, j int) int, set func(i, lo, hi int)) {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, cmp)
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && cmp(idx[lo], idx[hi]) == 0 {
			hi++
		}
		for _, i := range idx[lo:hi] {
			set(i, lo+1, hi)
		}
		lo = hi
	}
}

// rankKey is the Difference key of a rank: "rank", or "Junior rank" within a division.
func rankKey(rep *tbsheet.Reported) string {
	if rep.Division != "" {
		return rep.Division + " rank"
	}
	return "rank"
}

// ourPlace writes tbsheet's place of a player whose rank differs: his rank in the standings,
// and his position among the n players compared when that is not the same number; on the
// primary key only, the positions his points allow.
func ourPlace(st *Standings, r ranked, n int, div string, basis rankBasis) string {
	among := ""
	switch {
	case div != "":
		among = " among the " + div + " players"
	case n != len(st.Rows):
		among = " among the players the input ranks"
	}
	if basis == primaryKeyOnly {
		span := strconv.Itoa(r.lo)
		if r.hi > r.lo {
			span += "–" + strconv.Itoa(r.hi)
		}
		return span + " on " + primaryName(st.RankBy) + among
	}
	rank := st.Rows[r.row].Rank
	switch {
	case r.lo == rank && div == "":
		return strconv.Itoa(rank)
	case among == "":
		among = " among the players the input ranks"
	}
	return fmt.Sprintf("%d (%d%s)", rank, r.lo, among)
}

// playoffPlayers marks the players who played a playoff round.
func playoffPlayers(ev *tbsheet.Event) []bool {
	in := make([]bool, len(ev.Players))
	for _, r := range ev.Rounds {
		if !r.Playoff {
			continue
		}
		for _, m := range r.Matches {
			for _, p := range [2]int{m.P1, m.P2} {
				if p >= 0 && p < len(ev.Players) {
					in[p] = true
				}
			}
		}
	}
	return in
}
