package reader

// This file looks at who played in which round for the two slips an organizer makes most
// and that no cell shows: a name mistyped in one round (without a players list a new player
// appears, and the real one loses the round), and a bye row forgotten (the player silently
// scores nothing for the round). Both are warnings, in the event's notes: the file may be
// right.

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
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
			h.note("%s: %s: %s (%s) and %s (%s) never play in the same round: same player? If so, correct the name",
				h.file, where(ev.Players[a].Pos), tbsheet.Quote(ev.Players[a].Name), h.roundList(played[a]),
				tbsheet.Quote(ev.Players[b].Name), h.roundList(played[b]))
		}
	}
	for p, rounds := range played {
		for i := 1; i < len(rounds); i++ {
			for ri := rounds[i-1] + 1; ri < rounds[i]; ri++ {
				if r := ev.Rounds[ri]; !r.Playoff && !ev.Rounds[rounds[i]].Playoff && !explained[[2]int{p, ri}] {
					h.note("%s: %s has no match in round %d but plays in round %d: a bye row forgotten? "+
						"(a round without a match counts as not played)", h.file, ev.Players[p].Name, r.Number, ev.Rounds[rounds[i]].Number)
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

// samePlayer returns the pairs of players, the rarer spelling first, whose names differ by
// one typo (not only in digits: "Player 7" and "Player 8" are two players) and who never
// play in the same round, among the players who miss a Swiss round. Names are matched
// through their one-deletion variants, so that a large event needs no comparison of every
// two names.
func (h *hkReader) samePlayer(played [][]int, swiss int) [][2]int {
	// Each candidate's name and its one-deletion variants, by hash: once sorted, equal
	// hashes are names a typo apart (every pair found is measured, so a hash collision
	// costs one comparison). No variant string is built: a large event has a million. A
	// variant is one integer, the hash's low bits making room for the player, so that
	// sorting compares integers.
	shift := bits.Len(uint(len(played)))
	player := uint64(1)<<shift - 1
	variant := func(hash uint64, p int) uint64 { return hash<<shift | uint64(p) }
	seed := maphash.MakeSeed()
	keys := make([]string, len(played))
	n := 0 // variants: a name and one per character
	for p, rounds := range played {
		if len(rounds) == 0 || swissPlayed(h.ev, rounds) >= swiss {
			continue
		}
		key := nameKey(h.ev.Players[p].Name)
		if runes := utf8.RuneCountInString(key); runes >= minTypoName {
			keys[p] = key
			n += 1 + runes
		}
	}
	vs := make([]uint64, 0, n)
	var hash maphash.Hash
	hash.SetSeed(seed)
	for p, key := range keys {
		if key == "" {
			continue
		}
		vs = append(vs, variant(maphash.String(seed, key), p))
		for i := 0; i < len(key); {
			_, n := utf8.DecodeRuneInString(key[i:])
			hash.Reset()
			hash.WriteString(key[:i])
			hash.WriteString(key[i+n:])
			vs = append(vs, variant(hash.Sum64(), p))
			i += n
		}
	}
	vs = sharedOnly(vs, shift)
	slices.Sort(vs)
	seen := map[[2]int]bool{}
	var out [][2]int
	for i := 0; i < len(vs); {
		j := i + 1
		for j < len(vs) && vs[j]>>shift == vs[i]>>shift {
			j++
		}
		group := vs[i:j]
		i = j
		if len(group) > maxTypoPeers {
			continue // many names this close are a numbering scheme, not a typo
		}
		for gi, x := range group {
			for _, y := range group[gi+1:] {
				a, b := int(x&player), int(y&player)
				if len(played[a]) > len(played[b]) || len(played[a]) == len(played[b]) && a > b {
					a, b = b, a
				}
				if a == b || seen[[2]int{a, b}] {
					continue
				}
				seen[[2]int{a, b}] = true
				if suggest.Distance(keys[a], keys[b]) == 1 && !digitsOnly(keys[a], keys[b]) && disjoint(played[a], played[b]) {
					out = append(out, [2]int{a, b})
				}
			}
		}
	}
	// In the order the players first appear in, as the notes read best.
	slices.SortFunc(out, func(x, y [2]int) int {
		return cmp.Or(cmp.Compare(min(x[0], x[1]), min(y[0], y[1])), cmp.Compare(max(x[0], x[1]), max(y[0], y[1])))
	})
	return out
}

// sharedOnly keeps the variants (hashes above the low shift bits) that another variant may
// share: those whose slot in a bitmap of eight to sixteen bits per variant another one
// also takes. Most variants share their hash with none, and sorting them was most of the
// check's time.
func sharedOnly(vs []uint64, shift int) []uint64 {
	mask := uint64(1)<<bits.Len(uint(8*len(vs))) - 1
	once := make([]uint64, mask/64+1)
	twice := make([]uint64, mask/64+1)
	for _, v := range vs {
		s := v >> shift & mask
		if once[s/64]&(1<<(s%64)) != 0 {
			twice[s/64] |= 1 << (s % 64)
		}
		once[s/64] |= 1 << (s % 64)
	}
	out := vs[:0]
	for _, v := range vs {
		if s := v >> shift & mask; twice[s/64]&(1<<(s%64)) != 0 {
			out = append(out, v)
		}
	}
	return out
}

// A name shorter than minTypoName characters is not checked for typos ("Al" and "Ed" are one
// edit apart); a one-deletion variant shared by more than maxTypoPeers names is not a typo's
// (and would make the check quadratic).
const (
	minTypoName  = 4
	maxTypoPeers = 8
)

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

// digitsOnly reports whether two names differ only in their digits.
func digitsOnly(a, b string) bool {
	strip := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return -1
			}
			return r
		}, s)
	}
	return strip(a) == strip(b)
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
func (h *hkReader) roundList(rounds []int) string {
	var names []string
	for _, ri := range rounds {
		r := h.ev.Rounds[ri]
		if r.Playoff {
			names = append(names, fmt.Sprintf("playoff %d", r.Number))
		} else {
			names = append(names, strconv.Itoa(r.Number))
		}
	}
	if len(names) == 1 {
		return "round " + names[0]
	}
	return "rounds " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
