package season

import (
	"cmp"
	"slices"

	"github.com/tbsheet/tbsheet"
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
// still tied; players tied on all of them share a rank and are listed by name.
func (s *Standings) rank() {
	rows := s.Rows
	slices.SortStableFunc(rows, func(a, b Row) int { return b.Points.Cmp(a.Points) })
	var out []Row
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Points.Equal(rows[i].Points) {
			j++
		}
		for _, group := range s.refine(rows[i:j], 0) {
			slices.SortStableFunc(group, func(a, b Row) int {
				return cmp.Compare(s.Players[a.Player].Name, s.Players[b.Player].Name)
			})
			rank := len(out) + 1
			for _, r := range group {
				r.Rank = rank
				out = append(out, r)
			}
		}
		i = j
	}
	s.Rows = out
}

// refine splits players tied so far by the tiebreak Rules.Ties[k] and the ones after it,
// returning the groups still tied on all of them, best first.
func (s *Standings) refine(group []Row, k int) [][]Row {
	if len(group) < 2 || k == len(s.Rules.Ties) {
		return [][]Row{group}
	}
	group = slices.Clone(group)
	value := make(map[int]int, len(group)) // player → the value, higher first
	switch s.Rules.Ties[k] {
	case TieEventsWon:
		for _, r := range group {
			value[r.Player] = r.Won
		}
	case TieBestFinish:
		for _, r := range group {
			value[r.Player] = -r.BestPlace
		}
	case TieEventsPlayed:
		for _, r := range group {
			value[r.Player] = r.Played
		}
	case TieHeadToHead:
		value = s.headToHead(group)
		for i := range group {
			v := value[group[i].Player]
			group[i].HeadToHead = &v
		}
	}
	slices.SortStableFunc(group, func(a, b Row) int { return value[b.Player] - value[a.Player] })
	var out [][]Row
	for i := 0; i < len(group); {
		j := i + 1
		for j < len(group) && value[group[j].Player] == value[group[i].Player] {
			j++
		}
		out = append(out, s.refine(group[i:j], k+1)...)
		i = j
	}
	return out
}

// headToHead returns each tied player's matches won minus lost against the others of the
// group, over every event.
func (s *Standings) headToHead(group []Row) map[int]int {
	out := make(map[int]int, len(group))
	for e := range s.Events {
		st := s.Events[e].Standings
		member := map[int]int{} // the event's player index → the season player
		for _, r := range group {
			out[r.Player] += 0
			if i := s.Players[r.Player].Entries[e]; i >= 0 {
				member[st.Rows[i].Player] = r.Player
			}
		}
		if len(member) < 2 {
			continue
		}
		for _, round := range st.Event.Rounds {
			for _, m := range round.Matches {
				a, okA := member[m.P1]
				b, okB := member[m.P2]
				if !okA || !okB {
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
	return out
}
