package season

import (
	"cmp"
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// The season's tiebreaks, between players on equal points, in the order Rules.Ties gives.
const (
	// TieEventsWon: more events won (place 1).
	TieEventsWon = "events-won"
	// TieBestFinish: the better best place.
	TieBestFinish = "best-finish"
	// TieHeadToHead: more matches won than lost against the others still tied, over every
	// event of the season (playoff matches included; forfeits and byes are not played).
	TieHeadToHead = "head-to-head"
	// TieEventsPlayed: more events played.
	TieEventsPlayed = "events-played"
)

// tieIDs are the tiebreaks Rules.Ties may name.
var tieIDs = []string{TieEventsWon, TieBestFinish, TieHeadToHead, TieEventsPlayed}

// Ties lists the ids of the season's tiebreaks.
func Ties() []string { return slices.Clone(tieIDs) }

// DefaultTies is the order of the tiebreaks when Rules.Ties is nil: more events won, then
// the better best finish, then head-to-head.
func DefaultTies() []string { return []string{TieEventsWon, TieBestFinish, TieHeadToHead} }

// rank orders the rows: by points, then by each tiebreak of Rules.Ties within the players
// still tied; players tied on all of them share a rank and are listed by name. The players
// are split into groups of equals key by key, all groups at once, so that head-to-head
// reads every event's matches once whatever the number of groups; the rows move once, at
// the end.
func (s *Standings) rank() {
	order := make([]int, len(s.Rows)) // Row.Player is still the row's index
	for i := range order {
		order[i] = i
	}
	points := func(p int) exact.Num { return s.Rows[p].Points }
	slices.SortFunc(order, func(a, b int) int { return cmp.Or(points(b).Cmp(points(a)), a-b) })
	groups := split(order, func(a, b int) bool { return points(a).Equal(points(b)) })
	for _, id := range s.Rules.Ties {
		var value []int // by player, higher first
		switch id {
		case TieEventsWon, TieBestFinish, TieEventsPlayed:
			value = make([]int, len(s.Rows))
			for p := range s.Rows {
				switch r := &s.Rows[p]; id {
				case TieEventsWon:
					value[p] = r.Won
				case TieBestFinish:
					value[p] = -r.BestPlace
				default:
					value[p] = r.Played
				}
			}
		case TieHeadToHead:
			value = s.headToHead(groups)
		}
		var next [][]int
		for _, g := range groups {
			if len(g) < 2 {
				next = append(next, g)
				continue
			}
			slices.SortFunc(g, func(a, b int) int { return cmp.Or(value[b]-value[a], a-b) })
			next = append(next, split(g, func(a, b int) bool { return value[a] == value[b] })...)
		}
		groups = next
	}
	out := make([]Row, 0, len(s.Rows))
	s.rowOf = make([]int, len(s.Rows))
	for _, g := range groups {
		if len(g) > 1 {
			slices.SortFunc(g, func(a, b int) int { return cmp.Or(cmp.Compare(s.Players[a].Name, s.Players[b].Name), a-b) })
		}
		rank := len(out) + 1
		for _, p := range g {
			r := s.Rows[p]
			r.Rank = rank
			s.rowOf[p] = len(out)
			out = append(out, r)
		}
	}
	s.Rows = out
}

// split cuts a sorted list into its runs of equals.
func split(list []int, equal func(a, b int) bool) [][]int {
	var out [][]int
	for i := 0; i < len(list); {
		j := i + 1
		for j < len(list) && equal(list[j], list[i]) {
			j++
		}
		out = append(out, list[i:j:j])
		i = j
	}
	return out
}

// headToHead returns, for each player in a group of several (Row.HeadToHead is set for
// them), his matches won minus lost against the others of his group, over every event; one
// pass over every event's matches. Draws count neither way; forfeits, double losses and
// byes were not played.
func (s *Standings) headToHead(groups [][]int) []int {
	group := make([]int32, len(s.Rows)) // by player: 1 + its group's index, 0 alone
	// The events two players of one group played: only their matches are read.
	last := make([]int32, len(s.Events)) // by event: 1 + the last group seen in it
	shared := make([]bool, len(s.Events))
	for gi, g := range groups {
		if len(g) < 2 {
			continue
		}
		for _, p := range g {
			group[p] = int32(gi + 1)
			for _, x := range s.Rows[p].Results {
				shared[x.Event] = shared[x.Event] || last[x.Event] == int32(gi+1)
				last[x.Event] = int32(gi + 1)
			}
		}
	}
	out := make([]int, len(s.Rows))
	for e := range s.Events {
		if !shared[e] {
			continue
		}
		ev := s.Events[e].Standings.Event
		player := s.seasonOf[e] // the event's player → 1 + season player
		for ri := range ev.Rounds {
			for mi := range ev.Rounds[ri].Matches {
				m := &ev.Rounds[ri].Matches[mi] // not a copy: a Match is 24 words
				if m.P1 < 0 || m.P2 < 0 || m.P1 >= len(player) || m.P2 >= len(player) {
					continue
				}
				a, b := player[m.P1]-1, player[m.P2]-1
				if a < 0 || b < 0 || group[a] == 0 || group[a] != group[b] {
					continue
				}
				switch m.Result {
				case tbsheet.Win:
					out[a]++
					out[b]--
				case tbsheet.Loss:
					out[a]--
					out[b]++
				}
			}
		}
	}
	for p := range out {
		if group[p] != 0 {
			v := out[p]
			s.Rows[p].HeadToHead = &v
		}
	}
	return out
}
