package reader

// This file looks at who played in which round for the two slips an organizer makes most
// and that no cell shows: a name mistyped in one round (without a players list a new player
// appears, and the real one loses the round), and a bye row forgotten (the player silently
// scores nothing for the round). Both are warnings, in the event's notes: the file may be
// right.

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// checkAttendance notes, once the rounds are in order: names that appear only in rounds
// where a similar name is missing (without a players list), and players with no match in a
// Swiss round between rounds they play.
func (h *hkReader) checkAttendance() {
	ev := h.ev
	played := h.played() // indexes into ev.Rounds, in order
	swiss := 0
	for _, r := range ev.Rounds {
		if !r.Playoff {
			swiss++
		}
	}
	explained := map[[2]int]bool{} // player, round index: a gap the other spelling plays in
	if !h.listed {
		for _, pair := range h.samePlayer(played, swiss) {
			a, b := pair[0], pair[1]
			for _, ri := range played[a] {
				explained[[2]int{b, ri}] = true
			}
			h.warn("reader.same-player", h.file, position(ev.Players[a].Pos), tbsheet.Quote(ev.Players[a].Name), h.roundList(played[a]),
				tbsheet.Quote(ev.Players[b].Name), h.roundList(played[b]))
		}
	}
	for p, rounds := range played {
		for i := 1; i < len(rounds); i++ {
			for ri := rounds[i-1] + 1; ri < rounds[i]; ri++ {
				if r := ev.Rounds[ri]; !r.Playoff && !ev.Rounds[rounds[i]].Playoff && !explained[[2]int{p, ri}] {
					h.note("reader.gap", h.file, ev.Players[p].Name, r.Number, ev.Rounds[rounds[i]].Number)
				}
			}
		}
	}
}

// played returns, for each player, the indexes into ev.Rounds of the rounds he plays in, in
// order. The lists share one array, counted first: a list per player grown by append is
// several allocations for every player.
func (h *hkReader) played() [][]int {
	ev := h.ev
	count := make([]int, len(ev.Players))
	total := 0
	each := func(f func(p, ri int)) {
		for ri := range ev.Rounds {
			for mi := range ev.Rounds[ri].Matches {
				m := &ev.Rounds[ri].Matches[mi] // not a copy of each match: a Match is 24 words
				for _, p := range [2]int{m.P1, m.P2} {
					if p >= 0 && p < len(count) {
						f(p, ri)
					}
				}
			}
		}
	}
	each(func(p, _ int) { count[p]++; total++ })
	all := make([]int, 0, total)
	played := make([][]int, len(ev.Players))
	for p, n := range count {
		played[p], all = all[:0:n], all[n:n]
	}
	each(func(p, ri int) { played[p] = append(played[p], ri) })
	return played
}

// samePlayer returns the pairs of players, the rarer spelling first, whose names are one typo
// apart (suggest.TypoPairs) and who never play in the same round, among the players who miss
// a Swiss round.
func (h *hkReader) samePlayer(played [][]int, swiss int) [][2]int {
	keys := make([]string, len(played))
	for p, rounds := range played {
		if len(rounds) > 0 && swissPlayed(h.ev, rounds) < swiss {
			keys[p] = NameKey(h.ev.Players[p].Name)
		}
	}
	var out [][2]int
	for _, pair := range suggest.TypoPairs(keys) {
		a, b := pair[0], pair[1]
		if len(played[a]) > len(played[b]) {
			a, b = b, a
		}
		if disjoint(played[a], played[b]) {
			out = append(out, [2]int{a, b})
		}
	}
	// In the order the players first appear in, as the notes read best.
	slices.SortFunc(out, func(x, y [2]int) int {
		return cmp.Or(cmp.Compare(min(x[0], x[1]), min(y[0], y[1])), cmp.Compare(max(x[0], x[1]), max(y[0], y[1])))
	})
	return out
}

// swissPlayed counts the Swiss rounds among round indexes.
func swissPlayed(ev *tbsheet.Event, rounds []int) int {
	n := 0
	for _, ri := range rounds {
		if !ev.Rounds[ri].Playoff {
			n++
		}
	}
	return n
}

// disjoint reports whether two sorted lists share no element.
func disjoint(a, b []int) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return false
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return true
}

// roundList names rounds by their indexes in the event: "round 3", "rounds 1, 2 and 4".
func (h *hkReader) roundList(rounds []int) i18n.Note {
	var names []i18n.Note
	for _, ri := range rounds {
		r := h.ev.Rounds[ri]
		if r.Playoff {
			names = append(names, i18n.N("reader.playoff-number", r.Number))
		} else {
			names = append(names, i18n.N("text", strconv.Itoa(r.Number)))
		}
	}
	return i18n.N("reader.rounds", len(names), names) // the count chooses "round" or "rounds"
}
