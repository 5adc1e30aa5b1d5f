package season

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// matcher finds the season's players in the events' rows: one entry per event row, joined
// into players by ID, by name, and by Options.Same.
type matcher struct {
	s   *Standings
	key func(string) string
	// entries are every event's rows; parent is the union-find forest over them.
	entries []entry
	parent  []int
	// playerOf maps a root entry to 1 + its index in Standings.Players (0: none yet); keys holds each
	// player's name key.
	playerOf []int
	keys     []string
	// owner holds each entry's player.
	owner []int
	// keyed numbers each name's key, computed once per name: a season's players come back
	// event after event; keyList holds the keys by number, and kidOf numbers the keys.
	keyed   map[string]int
	kidOf   map[string]int
	keyList []string
}

// keyOf returns the number of key(name), computed once per name.
func (m *matcher) keyOf(name string) int {
	kid, ok := m.keyed[name]
	if !ok {
		k := m.key(name)
		if kid, ok = m.kidOf[k]; !ok {
			kid = len(m.keyList)
			m.kidOf[k] = kid
			m.keyList = append(m.keyList, k)
		}
		m.keyed[name] = kid
	}
	return kid
}

// name is an entry's player's name, as his event spells it.
func (m *matcher) name(en *entry) string {
	st := m.s.Events[en.event].Standings
	return st.Event.Players[st.Rows[en.row].Player].Name
}

// entry is one row of one event.
type entry struct {
	id         string // the ID it is matched by, or ""
	event, row int32
	kid        int32 // the name's key's index in matcher.keyList
	// player indexes the event's players; rank, wins, draws and losses are his row's,
	// copied while the rows are read in order, so that scoring reads the entries alone.
	player, rank, wins, draws, losses int32
}

// sharedID returns the ID a player of ev is matched by across events: his ID, unless the
// event numbers its players itself (Event.LocalIDs) or the ID is only his name (a
// hand-kept sheet without IDs).
func sharedID(ev *tbsheet.Event, p *tbsheet.Player) string {
	if ev.LocalIDs || p.ID == p.Name || strings.TrimSpace(p.ID) == "" {
		return ""
	}
	return p.ID
}

func (m *matcher) find(i int) int {
	for m.parent[i] != i {
		m.parent[i] = m.parent[m.parent[i]]
		i = m.parent[i]
	}
	return i
}

func (m *matcher) union(a, b int) {
	a, b = m.find(a), m.find(b)
	if a != b {
		m.parent[max(a, b)] = min(a, b)
	}
}

// match builds Standings.Players: rows with one ID are one player; rows without an ID join
// the rows of their name (and the player with an ID of that name, when exactly one has
// it); same joins what the organizer says is one player. It then lists the two spellings
// to check (Typos, Renamed, Unmatched).
func (m *matcher) match(same [][2]string) error {
	s := m.s
	n := 0
	for _, ev := range s.Events {
		n += len(ev.Standings.Rows)
	}
	m.entries = make([]entry, 0, n)
	m.keyed, m.kidOf = make(map[string]int, n/4), make(map[string]int, n/4)
	var ranked []entry // by the event's player: his row's entry, rank 0 when he is not ranked
	for e, ev := range s.Events {
		// The rows, then the players in the order of the event's list: each read once,
		// front to back.
		st := ev.Standings
		ranked = slices.Grow(ranked[:0], len(st.Event.Players))[:len(st.Event.Players)]
		clear(ranked)
		for i := range st.Rows {
			r := &st.Rows[i]
			ranked[r.Player] = entry{event: int32(e), row: int32(i), player: int32(r.Player), rank: int32(r.Rank),
				wins: int32(r.Wins), draws: int32(r.Draws), losses: int32(r.Losses)}
		}
		for j := range st.Event.Players {
			en := ranked[j]
			if en.rank == 0 {
				continue
			}
			p := &st.Event.Players[j]
			en.id, en.kid = sharedID(st.Event, p), int32(m.keyOf(p.Name))
			m.entries = append(m.entries, en)
		}
	}
	m.parent = make([]int, len(m.entries))
	for i := range m.parent {
		m.parent[i] = i
	}
	byID, byName := map[string]int{}, slices.Repeat([]int{-1}, len(m.keyList))
	for i, en := range m.entries {
		if en.id == "" {
			if j := byName[en.kid]; j >= 0 {
				m.union(i, j)
			} else {
				byName[en.kid] = i
			}
			continue
		}
		if j, ok := byID[en.id]; ok {
			m.union(i, j)
		} else {
			byID[en.id] = i
		}
	}
	// The IDs each name is held under: a name without an ID joins the one player with it.
	idsOf := map[int32][]string{} // by key number
	for _, en := range m.entries {
		if en.id != "" && !slices.Contains(idsOf[en.kid], en.id) {
			idsOf[en.kid] = append(idsOf[en.kid], en.id)
		}
	}
	var ambiguous []int // an entry of each name held under several IDs
	for k, i := range byName {
		if i < 0 {
			continue
		}
		switch ids := idsOf[int32(k)]; len(ids) {
		case 0:
		case 1:
			m.union(i, byID[ids[0]])
		default:
			ambiguous = append(ambiguous, i)
		}
	}
	var named []int // the entries whose spelling --same gives the player
	for _, pair := range same {
		a, err := m.lookup(pair[0])
		if err != nil {
			return err
		}
		b, err := m.lookup(pair[1])
		if err != nil {
			return err
		}
		m.union(a, b)
		named = append(named, b)
	}
	if err := m.players(named); err != nil {
		return err
	}
	root := func(i int) int { return m.playerOf[m.find(i)] - 1 }
	for _, i := range ambiguous {
		u := Unmatched{Player: root(i)}
		for _, id := range idsOf[m.entries[i].kid] {
			u.Candidates = append(u.Candidates, root(byID[id]))
		}
		slices.Sort(u.Candidates)
		s.Unmatched = append(s.Unmatched, u)
	}
	slices.SortFunc(s.Unmatched, func(a, b Unmatched) int { return a.Player - b.Player })
	return nil
}

// lookup returns an entry of the player a --same side names: by name, else by ID.
func (m *matcher) lookup(side string) (int, error) {
	side = strings.TrimSpace(side)
	k := m.key(side)
	for i, en := range m.entries {
		if m.keyList[en.kid] == k {
			return i, nil
		}
	}
	for i, en := range m.entries {
		if en.id != "" && en.id == side {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%w: --same: no player of the season is named %s", ErrUsage, tbsheet.Quote(side))
}

// players makes one player of each group of entries, named as the latest event spells him
// or as --same says (named), and refuses a group with two rows of one event: two players of
// one name in an event, whom nothing tells apart in the others.
func (m *matcher) players(named []int) error {
	s := m.s
	m.playerOf = make([]int, len(m.entries))
	var spelling []int // by player: the entry whose name he gets
	var last []int     // by player: his last entry so far
	for i := range m.entries {
		r := m.find(i)
		p := m.playerOf[r] - 1
		if p < 0 {
			p = len(s.Players)
			m.playerOf[r] = p + 1
			s.Players = append(s.Players, Player{})
			spelling, last = append(spelling, i), append(last, -1)
		}
		en := &m.entries[i]
		pl := &s.Players[p]
		// The entries come in event order: two of one event are neighbours in a player's.
		if j := last[p]; j >= 0 && m.entries[j].event == en.event {
			return fmt.Errorf("%w: %s has two players, %s and %s, who would be one player of the season: "+
				"tell them apart (by name, or by IDs on a players list), or leave them out of --same",
				ErrUsage, s.Events[en.event].Name, tbsheet.Quote(m.name(&m.entries[j])), tbsheet.Quote(m.name(en)))
		}
		last[p] = i
		if en.id != "" {
			pl.ID = en.id
		}
		spelling[p] = i // the last is the latest event's
	}
	for _, b := range named {
		spelling[m.playerOf[m.find(b)]-1] = b
	}
	m.owner = make([]int, len(m.entries))
	for i := range m.entries {
		m.owner[i] = m.playerOf[m.find(i)] - 1
	}
	m.keys = make([]string, len(s.Players))
	for p, i := range spelling {
		s.Players[p].Name, m.keys[p] = m.name(&m.entries[i]), m.keyList[m.entries[i].kid]
	}
	renamed := map[int]bool{}
	for i := range m.entries {
		en := &m.entries[i]
		if p := m.owner[i]; en.id != "" && m.keyList[en.kid] != m.keys[p] && !renamed[p] {
			renamed[p] = true
			s.Renamed = append(s.Renamed, p)
		}
	}
	slices.Sort(s.Renamed)
	return nil
}

// typos lists the pairs of players whose names are one typo apart (suggest.TypoPairs, the
// readers' check) and who never play in the same event; two players with different IDs are
// two people whatever their names. It reads the players' results (Rows, by player).
func (m *matcher) typos() {
	s := m.s
	for _, pair := range suggest.TypoPairs(m.keys) {
		if s.Players[pair[0]].ID != "" && s.Players[pair[1]].ID != "" {
			continue
		}
		a, b := s.Rows[pair[0]].Results, s.Rows[pair[1]].Results
		apart := true
		for i, j := 0, 0; apart && i < len(a) && j < len(b); {
			switch {
			case a[i].Event < b[j].Event:
				i++
			case a[i].Event > b[j].Event:
				j++
			default:
				apart = false
			}
		}
		if !apart {
			continue
		}
		t := Typo{A: pair[0], B: pair[1]}
		if len(b) < len(a) {
			t.A, t.B = t.B, t.A
		}
		s.Typos = append(s.Typos, t)
	}
	slices.SortFunc(s.Typos, func(x, y Typo) int {
		if d := min(x.A, x.B) - min(y.A, y.B); d != 0 {
			return d
		}
		return max(x.A, x.B) - max(y.A, y.B)
	})
}

// Rounds lists the numbers of the rounds player p has a match in, in event e (byes
// included): where a spelling appears, for the organizer checking two of them.
func (s *Standings) Rounds(p, e int) []int {
	x := s.Rows[s.rowOf[p]].Result(e)
	if !x.Played {
		return nil
	}
	st := s.Events[e].Standings
	who := st.Rows[x.Row].Player
	var out []int
	for _, r := range st.Event.Rounds {
		for _, mt := range r.Matches {
			if mt.P1 == who || mt.P2 == who {
				out = append(out, r.Number)
				break
			}
		}
	}
	return out
}
