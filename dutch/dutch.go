// Package dutch pairs the next round of a chess Swiss tournament by the FIDE Dutch system
// (C.04.3, the 2025 rules), exactly as bbpPairings v6 pairs it: the same pairs, the same
// colours, the same bye, and no pairing where it finds none.
//
// It is a Go port of bbpPairings' Dutch engine (src/swisssystems/dutch.cpp and common.cpp,
// src/tournament, and the TRF reader of src/fileformats), Copyright Jeremy Bierema,
// licensed under the Apache License 2.0 (see NOTICE in this directory). The pairing is a
// sequence of maximum-weight matchings (internal/matching) whose weights encode the
// criteria, most important in the highest bits, bracket after bracket.
package dutch

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/tbsheet/tbsheet/internal/matching"
)

// ErrNoPairing is returned when no pairing satisfies the absolute criteria.
var ErrNoPairing = errors.New("no pairing satisfies the absolute criteria")

// Pair is a board: start numbers (1-based) of White and Black; Black is 0 for the
// pairing-allocated bye.
type Pair struct {
	White, Black int
}

// PairNext pairs the round after the tournament's PlayedRounds. The pairs come in
// bbpPairings' board order, the bye (if any) last. It prepares the tournament (ranks and
// colour preferences) in place.
func PairNext(t *Tournament) ([]Pair, error) {
	if t.Rounds > 0 && t.PlayedRounds > t.Rounds-1 {
		return nil, fmt.Errorf("%w: %d rounds are paired of the %d the file plans (XXR): none is left to pair", ErrTRF, t.PlayedRounds, t.Rounds)
	}
	if t.InitialColor == NoColor {
		return nil, errors.New("the initial piece colour is not configured (XXC white1 or black1)")
	}
	t.updateRanks()
	t.computePlayerData()
	pairs, err := computeMatching(t)
	if err != nil {
		return nil, err
	}
	sortResults(pairs, t)
	out := make([]Pair, len(pairs))
	for i, p := range pairs {
		out[i] = Pair{White: p.white + 1}
		if p.black != p.white {
			out[i].Black = p.black + 1
		}
	}
	return out, nil
}

// pairing is a pair of player indexes; white == black is the bye.
type pairing struct{ white, black int }

// sortResults puts the pairs in the order they are published.
func sortResults(pairs []pairing, t *Tournament) {
	higherLower := func(p pairing) (*Player, *Player) {
		w, b := &t.Players[p.white], &t.Players[p.black]
		if unacceleratedScoreRankLess(w, b) {
			return b, w
		}
		return w, b
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		p0, p1 := pairs[i], pairs[j]
		h0, l0 := higherLower(p0)
		h1, l1 := higherLower(p1)
		bye0, bye1 := p0.white == p0.black, p1.white == p1.black
		if bye0 != bye1 {
			return !bye0
		}
		if h1.Points != h0.Points {
			return h1.Points < h0.Points
		}
		if l1.Points != l0.Points {
			return l1.Points < l0.Points
		}
		return h0.rankIndex < h1.rankIndex
	})
}

// findFirstColorDifference finds the two players' colours in the latest round, counting
// back over each one's played games, where they differed.
func findFirstColorDifference(p0, p1 *Player) (Color, Color) {
	i0, i1 := len(p0.Matches)-1, len(p1.Matches)-1
	skip := func(p *Player, i int) int {
		for i >= 0 && !p.Matches[i].Played {
			i--
		}
		return i
	}
	i0, i1 = skip(p0, i0), skip(p1, i1)
	for i0 >= 0 && i1 >= 0 && p0.Matches[i0].Color == p1.Matches[i1].Color {
		i0, i1 = skip(p0, i0-1), skip(p1, i1-1)
	}
	c0, c1 := NoColor, NoColor
	if i0 >= 0 {
		c0 = p0.Matches[i0].Color
	}
	if i1 >= 0 {
		c1 = p1.Matches[i1].Color
	}
	return c0, c1
}

// choosePlayerNeutralColor is the colour the player gets against the opponent by the
// colour preferences, or NoColor when they do not decide.
func choosePlayerNeutralColor(p, o *Player) Color {
	switch {
	case colorPreferencesAreCompatible(p.colorPreference, o.colorPreference):
		if p.colorPreference != NoColor {
			return p.colorPreference
		}
		if o.colorPreference != NoColor {
			return o.colorPreference.invert()
		}
		return NoColor
	case p.absoluteColorPreference() && (p.colorImbalance > o.colorImbalance || !o.absoluteColorPreference()):
		return p.colorPreference
	case o.absoluteColorPreference() && (o.colorImbalance > p.colorImbalance || !p.absoluteColorPreference()):
		return o.colorPreference.invert()
	case p.strongColorPreference && !o.strongColorPreference:
		return p.colorPreference
	case o.strongColorPreference && !p.strongColorPreference:
		return o.colorPreference.invert()
	}
	pc, oc := findFirstColorDifference(p, o)
	if pc != NoColor && oc != NoColor {
		return oc
	}
	return NoColor
}

// choosePlayerColor is the colour the player gets against the opponent.
func (t *Tournament) choosePlayerColor(p, o *Player) Color {
	if c := choosePlayerNeutralColor(p, o); c != NoColor {
		return c
	}
	lower := t.acceleratedScoreRankLess(p, o)
	if p.colorPreference == NoColor {
		if lower {
			if o.rankIndex&1 != 0 {
				return t.InitialColor
			}
			return t.InitialColor.invert()
		}
		if p.rankIndex&1 != 0 {
			return t.InitialColor.invert()
		}
		return t.InitialColor
	}
	if lower {
		return o.colorPreference.invert()
	}
	return p.colorPreference
}

// matchingIsComplete reports whether all players but at most one, who may take the bye,
// are matched.
func matchingIsComplete(m []int, t *Tournament, sorted []*Player) bool {
	unmatched := false
	for v, partner := range m {
		if partner == v {
			if unmatched || !t.eligibleForBye(sorted[partner]) {
				return false
			}
			unmatched = true
		}
	}
	return true
}

// finalizePair fixes the pair v0–v1: their edge gets weight w, every other edge of theirs 0.
func finalizePair(v0, v1 int, c *matching.Computer, w matching.Uint) {
	zero := matching.NewUint(len(w))
	for u := range c.Size() {
		if u != v0 {
			if u == v1 {
				c.SetEdgeWeight(v0, u, w)
			} else {
				c.SetEdgeWeight(v0, u, zero)
			}
		}
		if u != v1 {
			if u == v0 {
				c.SetEdgeWeight(v1, u, w)
			} else {
				c.SetEdgeWeight(v1, u, zero)
			}
		}
	}
}

// errInternal reports a state the original's invariants exclude.
var errInternal = errors.New("dutch: internal inconsistency")

// computeMatching pairs the round: the pairs in arbitrary order and the bye.
func computeMatching(t *Tournament) ([]pairing, error) {
	forbidden := t.forbiddenSets(t.PlayedRounds)
	var sorted []*Player
	for i := range t.Players {
		p := &t.Players[i]
		if !p.Valid {
			continue
		}
		if len(p.Matches) <= t.PlayedRounds {
			sorted = append(sorted, p)
		}
		for _, m := range p.Matches {
			if m.Played {
				forbidden[p.ID][m.Opponent] = true
			}
		}
	}
	if len(sorted) == 0 {
		return nil, nil
	}
	slices.SortFunc(sorted, func(a, b *Player) int {
		if t.acceleratedScoreRankLess(b, a) {
			return -1
		}
		if t.acceleratedScoreRankLess(a, b) {
			return 1
		}
		return 0
	})
	score := func(p *Player) int { return t.score(p, 0) }

	pr := &pairer{t: t, forbidden: forbidden, scoreGroupShifts: map[int]uint{}, unplayedGameRanks: map[int]int{}}
	maxScoreGroupSize, repeated := 0, 0
	for i := len(sorted) - 1; i >= 0; i-- {
		repeated++
		s := score(sorted[i])
		if i == 0 || s < score(sorted[i-1]) {
			pr.scoreGroupShifts[s] = pr.scoreGroupsShift
			maxScoreGroupSize = max(maxScoreGroupSize, repeated)
			pr.scoreGroupsShift += bitsFor(repeated)
			repeated = 0
		}
	}
	pr.scoreGroupSizeBits = bitsFor(maxScoreGroupSize)
	pr.setMaxEdgeWeight()
	maxW := pr.maxEdgeWeight

	c := matching.NewComputer(len(sorted), maxW)
	for range sorted {
		c.AddVertex()
	}
	odd := len(sorted)&1 != 0
	top := score(sorted[0])
	for pi, p := range sorted {
		ps := score(p)
		for oi, o := range sorted[:pi] {
			if odd {
				w := pr.zero()
				if pr.compatible(p, o) {
					w.SetSmall(1 + b2u(!t.eligibleForBye(p)) + b2u(!t.eligibleForBye(o)))
					w.Shl(pr.scoreGroupsShift)
					w.OrSmall(uint64(pr.scoreGroupShifts[ps] + pr.scoreGroupShifts[score(o)]))
					w.Shl(pr.scoreGroupSizeBits)
					w.OrSmall(b2u(ps >= top))
				}
				c.SetEdgeWeight(pi, oi, w)
			} else {
				c.SetEdgeWeight(pi, oi, pr.edgeWeight(o, p, false, false, 0, false))
			}
		}
	}

	// Whether a pairing exists at all, the bye assignee's score, and whether the rule
	// minimising the bye assignee's unplayed games applies in the first bracket.
	byeAssigneeScore := 0
	isSingle := false
	c.ComputeMatching()
	m := c.Matching()
	if !matchingIsComplete(m, t, sorted) {
		return nil, ErrNoPairing
	}
	if odd {
		for pi, p := range sorted {
			if m[pi] == pi {
				byeAssigneeScore = score(p)
				break
			}
		}
		if byeAssigneeScore >= top {
			isSingle = true
			for pi, p := range sorted {
				if score(p) < top {
					break
				}
				if score(sorted[m[pi]]) < top {
					isSingle = false
					break
				}
			}
		}
		var playedGameCounts []int
		for _, p := range sorted {
			if score(p) == byeAssigneeScore {
				playedGameCounts = append(playedGameCounts, p.playedGames)
			}
		}
		slices.Sort(playedGameCounts)
		slices.Reverse(playedGameCounts)
		for rank, g := range playedGameCounts {
			pr.unplayedGameRanks[g] = rank
		}
		for pi, p := range sorted {
			for oi, o := range sorted[:pi] {
				c.SetEdgeWeight(pi, oi, pr.edgeWeight(o, p, false, false, byeAssigneeScore, isSingle))
			}
		}
	}

	matchingByID := make([]*Player, len(t.Players))
	var playersByIndex []*Player
	var vertexIndices []int
	next := 0
	for next < len(sorted) && score(sorted[next]) >= top {
		playersByIndex = append(playersByIndex, sorted[next])
		vertexIndices = append(vertexIndices, len(vertexIndices))
		next++
	}
	matched := make([]bool, len(sorted))
	scoreGroupBegin, scoreGroupBeginVertex := 0, 0

	for len(playersByIndex) > 1 || next < len(sorted) {
		nextScoreGroupBegin := len(playersByIndex)
		nextScoreGroupBeginVertex := scoreGroupBeginVertex + (nextScoreGroupBegin - scoreGroupBegin)
		scoreGroupStart := next
		for next < len(sorted) && score(sorted[next]) >= score(sorted[scoreGroupStart]) {
			playersByIndex = append(playersByIndex, sorted[next])
			vertexIndices = append(vertexIndices, vertexIndices[len(vertexIndices)-1]+1)
			next++
		}
		b := &bracket{
			pr: pr, c: c, maxW: maxW, sorted: sorted, matched: matched,
			playersByIndex: playersByIndex, vertexIndices: vertexIndices,
			scoreGroupBegin: scoreGroupBegin, nextScoreGroupBegin: nextScoreGroupBegin,
			scoreGroupBeginVertex: scoreGroupBeginVertex, nextScoreGroupBeginVertex: nextScoreGroupBeginVertex,
			byeAssigneeScore: byeAssigneeScore, isSingle: isSingle,
		}
		stable, err := b.pair()
		if err != nil {
			return nil, err
		}

		var newPlayers []*Player
		var newVertices []int
		scoreGroupBegin = 0
		isSingle = odd && scoreGroupStart < len(sorted) && byeAssigneeScore >= score(sorted[scoreGroupStart])
		for pi, p := range playersByIndex {
			pv := vertexIndices[pi]
			if pi < nextScoreGroupBegin && matched[pv] {
				matchingByID[p.ID] = sorted[stable[pv]]
				matchingByID[sorted[stable[pv]].ID] = p
				continue
			}
			newPlayers = append(newPlayers, p)
			newVertices = append(newVertices, pv)
			if pi < nextScoreGroupBegin {
				scoreGroupBegin++
			}
			if isSingle && score(sorted[stable[pv]]) < score(sorted[scoreGroupStart]) {
				isSingle = false
			}
		}
		playersByIndex, vertexIndices = newPlayers, newVertices
		scoreGroupBeginVertex = nextScoreGroupBeginVertex
	}

	var result []pairing
	for _, p := range sorted {
		o := matchingByID[p.ID]
		switch {
		case o == nil:
			result = append(result, pairing{p.ID, p.ID})
		case p.ID < o.ID:
			if t.choosePlayerColor(p, o) == White {
				result = append(result, pairing{p.ID, o.ID})
			} else {
				result = append(result, pairing{o.ID, p.ID})
			}
		}
	}
	return result, nil
}
