package dutch

import (
	"math/bits"

	"github.com/tbsheet/tbsheet/internal/matching"
)

// float is the direction a player floated in an earlier round.
type float uint8

const (
	floatDown float = iota
	floatUp
	floatNone
)

// bitsFor is the number of bits needed to write n.
func bitsFor(n int) uint { return uint(bits.Len(uint(n))) }

// pairer holds what the weights of one round's pairing are computed from.
type pairer struct {
	t         *Tournament
	forbidden []map[int]bool
	// scoreGroupSizeBits holds the size of the largest score group; scoreGroupsShift the
	// bits of all score groups' sizes, scoreGroupShifts each score's offset among them.
	scoreGroupSizeBits uint
	scoreGroupsShift   uint
	scoreGroupShifts   map[int]uint
	unplayedGameRanks  map[int]int
	words              int
	maxEdgeWeight      matching.Uint
}

// compatible reports whether the two players may meet under the absolute criteria.
func (pr *pairer) compatible(p0, p1 *Player) bool {
	t := pr.t
	topScoreThreshold := t.PlayedRounds * max(t.PointsForWin, t.PointsForDraw) >> 1
	return !pr.forbidden[p0.ID][p1.ID] &&
		(!p0.absoluteColorPreference() || !p1.absoluteColorPreference() ||
			p0.colorPreference != p1.colorPreference ||
			(t.PlayedRounds >= t.Rounds-1 &&
				(t.score(p0, 0) > topScoreThreshold || t.score(p1, 0) > topScoreThreshold)))
}

// eligibleForBye reports whether the player may receive the pairing-allocated bye: no
// earlier unplayed round scored a win's points, and no earlier pairing-allocated bye.
func (t *Tournament) eligibleForBye(p *Player) bool {
	for i := range p.Matches {
		m := &p.Matches[i]
		if !m.Played && (t.points(p, m) >= t.PointsForWin || (m.Paired && m.Opponent == p.ID)) {
			return false
		}
	}
	return true
}

func colorPreferencesAreCompatible(c0, c1 Color) bool {
	return c0 != c1 || c0 == NoColor || c1 == NoColor
}

// getFloat is the player's float roundsBack rounds before the round to pair.
func (t *Tournament) getFloat(p *Player, roundsBack int) float {
	m := &p.Matches[t.PlayedRounds-roundsBack]
	if !m.Played {
		if t.points(p, m) > t.PointsForLoss {
			return floatDown
		}
		return floatNone
	}
	s := t.score(p, roundsBack)
	o := t.score(&t.Players[m.Opponent], roundsBack)
	switch {
	case s > o:
		return floatDown
	case s < o:
		return floatUp
	}
	return floatNone
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// insertColorBits appends the four colour criteria's bits to w.
func (pr *pairer) insertColorBits(w matching.Uint, player, opponent *Player, inCurrentScoreGroup bool) {
	n := pr.scoreGroupSizeBits
	mask := inCurrentScoreGroup
	w.Shl(n)
	w.OrSmall(b2u(mask && (!player.absoluteColorImbalance() || !opponent.absoluteColorImbalance() ||
		player.colorPreference != opponent.colorPreference)))

	w.Shl(n)
	var repeated bool
	if player.colorImbalance == opponent.colorImbalance {
		repeated = player.repeatedColor == NoColor || player.repeatedColor != opponent.repeatedColor
	} else {
		lower := player
		if player.colorImbalance > opponent.colorImbalance {
			lower = opponent
		}
		repeated = lower.repeatedColor != player.colorPreference.invert()
	}
	w.OrSmall(b2u(mask && (!player.absoluteColorPreference() || !opponent.absoluteColorPreference() ||
		player.colorPreference != opponent.colorPreference || repeated)))

	w.Shl(n)
	w.OrSmall(b2u(mask && colorPreferencesAreCompatible(player.colorPreference, opponent.colorPreference)))

	w.Shl(n)
	w.OrSmall(b2u(mask && ((!player.strongColorPreference && !player.absoluteColorPreference()) ||
		(!opponent.strongColorPreference && !opponent.absoluteColorPreference()) ||
		(player.absoluteColorPreference() && opponent.absoluteColorPreference()) ||
		player.colorPreference != opponent.colorPreference)))
}

func (t *Tournament) isByeCandidate(p *Player, byeAssigneeScore int) bool {
	return t.eligibleForBye(p) && t.score(p, 0) <= byeAssigneeScore
}

// floatBits appends the numbers of downfloaters and upfloaters repeated from back rounds
// before.
func (pr *pairer) floatBits(w matching.Uint, higher, lower *Player, inCurrentBracket bool, back int) {
	t := pr.t
	n := pr.scoreGroupSizeBits
	hs, ls := t.score(higher, 0), t.score(lower, 0)
	w.Shl(n)
	if inCurrentBracket {
		w.OrSmall(b2u(t.getFloat(lower, back) == floatDown))
		w.AddSmall(b2u(hs <= ls && t.getFloat(higher, back) == floatDown))
	}
	w.Shl(n)
	if inCurrentBracket {
		w.OrSmall(b2u(!(hs > ls && t.getFloat(lower, back) == floatUp)))
	}
}

// floatScoreBits appends the scores of the downfloaters repeated from back rounds before,
// and of the opponents of the upfloaters.
func (pr *pairer) floatScoreBits(w matching.Uint, higher, lower *Player, inCurrentBracket bool, back int) {
	t := pr.t
	hs, ls := t.score(higher, 0), t.score(lower, 0)
	w.Shl(pr.scoreGroupsShift)
	if inCurrentBracket {
		if t.getFloat(lower, back) == floatDown {
			w.AddBit(pr.scoreGroupShifts[ls])
		}
		if t.getFloat(higher, back) == floatDown {
			w.AddBit(pr.scoreGroupShifts[hs])
		}
	}
	w.Shl(pr.scoreGroupsShift)
	if inCurrentBracket && !(t.getFloat(lower, back) == floatUp && hs > ls) {
		w.OrBit(pr.scoreGroupShifts[hs])
	}
}

// maxWeightBits is the number of bits of the largest edge weight: two for the pairing
// completion and every criterion's bits in edgeWeight.
func (pr *pairer) maxWeightBits() uint {
	n, s := pr.scoreGroupSizeBits, pr.scoreGroupsShift
	total := 2 + n + s + n + s + 2*n + 4*n
	if pr.t.PlayedRounds > 0 {
		total += 2*n + 2*s
	}
	if pr.t.PlayedRounds > 1 {
		total += 2*n + 2*s
	}
	return total + 3*n + 1
}

// setMaxEdgeWeight sets the bound every edge weight stays under: all maxWeightBits ones.
func (pr *pairer) setMaxEdgeWeight() {
	b := pr.maxWeightBits()
	// Two more bits for the matching computer's doubling and sums, and a spare.
	pr.words = matching.Words(int(b) + 3)
	pr.maxEdgeWeight = matching.NewUint(pr.words)
	pr.maxEdgeWeight.SetSmall(1)
	pr.maxEdgeWeight.Shl(b)
	pr.maxEdgeWeight.SubSmall(1)
}

func (pr *pairer) zero() matching.Uint { return matching.NewUint(pr.words) }

// edgeWeight is the weight of pairing higher with lower, one criterion after another from
// the most important (highest bits) to the least.
func (pr *pairer) edgeWeight(higher, lower *Player, lowerInCurrentBracket, lowerInNextBracket bool,
	byeAssigneeScore int, isSingleDownfloaterTheByeAssignee bool) matching.Uint {
	t := pr.t
	n, s := pr.scoreGroupSizeBits, pr.scoreGroupsShift
	w := pr.zero()
	if !pr.compatible(higher, lower) {
		return w
	}
	hs, ls := t.score(higher, 0), t.score(lower, 0)
	// Completion and bye eligibility.
	w.SetSmall(1 + b2u(!t.isByeCandidate(higher, byeAssigneeScore)) + b2u(!t.isByeCandidate(lower, byeAssigneeScore)))
	// The number of pairs in the current bracket.
	w.Shl(n)
	w.OrSmall(b2u(lowerInCurrentBracket))
	// The scores paired in the current bracket.
	w.Shl(s)
	if lowerInCurrentBracket {
		w.OrBit(pr.scoreGroupShifts[hs])
	}
	// The number of pairs in the next bracket.
	w.Shl(n)
	w.OrSmall(b2u(lowerInNextBracket))
	// The scores paired in the next bracket.
	w.Shl(s)
	if lowerInNextBracket {
		w.OrBit(pr.scoreGroupShifts[hs])
	}
	// The unplayed games of the bye assignee.
	w.Shl(n)
	w.Shl(n)
	if isSingleDownfloaterTheByeAssignee {
		if hs == byeAssigneeScore {
			w.OrSmall(uint64(pr.unplayedGameRanks[higher.playedGames]))
		}
		if ls == byeAssigneeScore {
			w.AddSmall(uint64(pr.unplayedGameRanks[lower.playedGames]))
		}
	}
	// Colour preferences.
	pr.insertColorBits(w, lower, higher, lowerInCurrentBracket)

	// Repeated floats: first their number, then the scores involved, from the previous
	// round and the one before.
	for back := 1; back <= min(t.PlayedRounds, 2); back++ {
		pr.floatBits(w, higher, lower, lowerInCurrentBracket, back)
	}
	for back := 1; back <= min(t.PlayedRounds, 2); back++ {
		pr.floatScoreBits(w, higher, lower, lowerInCurrentBracket, back)
	}
	// Room for the ordering of heterogeneous and homogeneous brackets.
	w.Shl(n)
	w.Shl(n)
	w.Shl(n)
	w.Shl(1)
	return w
}
