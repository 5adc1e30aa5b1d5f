package dutch

import "github.com/tbsheet/tbsheet/internal/matching"

// bracket pairs one pairing bracket: the moved-down players (indexes below
// scoreGroupBegin), the resident score group (up to nextScoreGroupBegin) and, for the
// weights, the next score group (the rest of playersByIndex).
type bracket struct {
	pr      *pairer
	c       *matching.Computer
	maxW    matching.Uint
	sorted  []*Player
	matched []bool // by vertex

	playersByIndex []*Player
	// vertexIndices maps an index in playersByIndex to the player's vertex (its index in
	// sorted).
	vertexIndices                                    []int
	scoreGroupBegin, nextScoreGroupBegin             int
	scoreGroupBeginVertex, nextScoreGroupBeginVertex int
	byeAssigneeScore                                 int
	isSingle                                         bool

	// base[larger][smaller] is the basic weight between two players of playersByIndex.
	base [][]matching.Uint
}

// inBracket reports whether vertex v lies in the current bracket's score group.
func (b *bracket) inBracket(v int) bool {
	return v >= b.scoreGroupBeginVertex && v < b.nextScoreGroupBeginVertex
}

// computeBaseEdgeWeights computes the weights of every pair in this bracket and the next.
func (b *bracket) computeBaseEdgeWeights() {
	b.base = make([][]matching.Uint, len(b.playersByIndex))
	for larger := b.scoreGroupBegin; larger < len(b.playersByIndex); larger++ {
		for smaller := range larger {
			b.base[larger] = append(b.base[larger], b.pr.edgeWeight(
				b.playersByIndex[smaller], b.playersByIndex[larger],
				larger < b.nextScoreGroupBegin, larger >= b.nextScoreGroupBegin,
				b.byeAssigneeScore, b.isSingle))
		}
	}
}

// remainderWeight is the basic weight modified to minimise the exchanges in a homogeneous
// bracket or remainder and the differences of the exchanged players' numbers.
func (b *bracket) remainderWeight(smaller, larger, smallerRemainderIndex, remainderPairs int) matching.Uint {
	result := b.base[larger][smaller].Clone()
	if !result.IsZero() {
		addend := b.pr.zero()
		addend.OrSmall(b2u(smallerRemainderIndex < remainderPairs))
		addend.Shl(b.pr.scoreGroupSizeBits)
		addend.Shl(b.pr.scoreGroupSizeBits)
		addend.SubSmall(uint64(smallerRemainderIndex))
		addend.Shl(1)
		result.Add(addend)
	}
	return result
}

func (b *bracket) set(v0, v1 int, w matching.Uint) { b.c.SetEdgeWeight(v0, v1, w) }

// setRaised sets the edge between vertex pv (index pi) and the player of index oi to their
// basic weight raised by addend, and reports whether they have an edge at all.
func (b *bracket) setRaised(pv, pi, oi int, addend uint64) bool {
	w := b.base[oi][pi]
	if w.IsZero() {
		return false
	}
	w = w.Clone()
	w.AddSmall(addend)
	b.set(pv, b.vertexIndices[oi], w)
	return true
}

// finalize computes the matching and fixes the pair of vertex v it holds.
func (b *bracket) finalize(v int) []int {
	stable := b.compute()
	mv := stable[v]
	b.matched[v] = true
	b.matched[mv] = true
	finalizePair(v, mv, b.c, b.maxW)
	return stable
}

func (b *bracket) compute() []int {
	b.c.ComputeMatching()
	return b.c.Matching()
}

// pair pairs the bracket's players who will be paired in it, and returns the matching.
func (b *bracket) pair() ([]int, error) {
	t := b.pr.t
	score := func(p *Player) int { return t.score(p, 0) }
	b.computeBaseEdgeWeights()
	for opp, row := range b.base {
		ov := b.vertexIndices[opp]
		for pl, w := range row {
			b.set(ov, b.vertexIndices[pl], w)
		}
	}
	stable := b.compute()

	// Choose the moved-down players to pair in this bracket.
	var movedDownScore, remainingMovedDown, remainingMatchedMovedDown int
	for pi := range b.scoreGroupBegin {
		if pi == 0 || score(b.playersByIndex[pi]) < movedDownScore {
			movedDownScore = score(b.playersByIndex[pi])
			remainingMatchedMovedDown, remainingMovedDown = 0, 0
			for mi := pi; ; mi++ {
				if mi >= len(b.playersByIndex) {
					return nil, errInternal
				}
				if score(b.playersByIndex[mi]) < movedDownScore {
					break
				}
				remainingMovedDown++
				if b.inBracket(stable[b.vertexIndices[mi]]) {
					remainingMatchedMovedDown++
				}
			}
		}
		if remainingMatchedMovedDown == 0 {
			continue
		}
		pv := b.vertexIndices[pi]
		if remainingMovedDown <= remainingMatchedMovedDown {
			b.matched[pv] = true
			continue
		}
		remainingMovedDown--
		if !b.inBracket(stable[pv]) {
			// Try to match the player.
			for oi := b.scoreGroupBegin; oi < b.nextScoreGroupBegin; oi++ {
				w := b.base[oi][pi]
				if !w.IsZero() {
					w = w.Clone()
					w.OrSmall(1)
					b.set(pv, b.vertexIndices[oi], w)
				}
			}
			stable = b.compute()
		}
		if b.inBracket(stable[pv]) {
			// This player will be matched.
			b.matched[pv] = true
			remainingMatchedMovedDown--
			for oi := b.scoreGroupBegin; oi < b.nextScoreGroupBegin; oi++ {
				w := b.base[oi][pi]
				if !w.IsZero() {
					w = w.Clone()
					w.OrSmall(uint64(b.nextScoreGroupBegin - b.scoreGroupBegin))
					w.AddSmall(1)
					b.set(pv, b.vertexIndices[oi], w)
				}
			}
		}
	}

	// Choose the opponents of the moved-down players.
	for pi := range b.scoreGroupBegin {
		pv := b.vertexIndices[pi]
		if !b.matched[pv] {
			continue
		}
		addend := uint64(len(b.playersByIndex))
		for oi := b.nextScoreGroupBegin - 1; oi >= b.scoreGroupBegin; oi-- {
			if !b.matched[b.vertexIndices[oi]] && b.setRaised(pv, pi, oi, addend) {
				addend++
			}
		}
		stable = b.finalize(pv)
	}

	// The remainder and the number of pairs it can form.
	var remainder []int
	remainderPairs := 0
	for pi := b.scoreGroupBegin; pi < b.nextScoreGroupBegin; pi++ {
		pv := b.vertexIndices[pi]
		if stable[pv] < b.scoreGroupBeginVertex {
			continue
		}
		remainder = append(remainder, pi)
		if stable[pv] < pv {
			remainderPairs++
		}
	}
	firstGroupEnd := remainderPairs // index in remainder of the lower group's first player

	// Minimise the exchanged players and the differences of exchanged numbers.
	for _, oi := range remainder {
		ov := b.vertexIndices[oi]
		for ri, pi := range remainder {
			if oi <= pi {
				break
			}
			b.set(b.vertexIndices[pi], ov, b.remainderWeight(pi, oi, ri, remainderPairs))
		}
	}
	stable = b.compute()

	upper := func(v int) bool { return stable[v] > v && stable[v] < b.nextScoreGroupBeginVertex }
	exchangeCount := 0
	for _, pi := range remainder {
		if firstGroupEnd >= len(remainder) || pi >= remainder[firstGroupEnd] {
			break
		}
		if !upper(b.vertexIndices[pi]) {
			exchangeCount++
		}
	}

	// Exchange the lowest players of the higher group where possible.
	exchangesRemaining := exchangeCount
	playerRemainderIndex := remainderPairs
	for it := firstGroupEnd; it != 0 && exchangesRemaining != 0; {
		oppIt := it
		playerRemainderIndex--
		it--
		pi := remainder[it]
		pv := b.vertexIndices[pi]
		if upper(pv) {
			for ; oppIt < len(remainder); oppIt++ {
				w := b.remainderWeight(pi, remainder[oppIt], playerRemainderIndex, remainderPairs)
				if !w.IsZero() {
					w.SubSmall(1)
					b.set(pv, b.vertexIndices[remainder[oppIt]], w)
				}
			}
			stable = b.compute()
		}
		exchange := !upper(pv)
		if exchange {
			exchangesRemaining--
		}
		for oppIt = it + 1; oppIt < len(remainder); oppIt++ {
			oi := remainder[oppIt]
			if exchange {
				b.base[oi][pi].SetZero()
			}
			b.set(pv, b.vertexIndices[oi], b.remainderWeight(pi, oi, playerRemainderIndex, remainderPairs))
		}
	}

	// Exchange the highest players of the lower group where possible.
	exchangesRemaining = exchangeCount
	remainderIndex := remainderPairs
	for it := firstGroupEnd; it < len(remainder) && exchangesRemaining > 1; it++ {
		pi := remainder[it]
		pv := b.vertexIndices[pi]
		alreadyExchanged := upper(pv)
		if !alreadyExchanged {
			for oppIt := it + 1; oppIt < len(remainder); oppIt++ {
				w := b.remainderWeight(pi, remainder[oppIt], remainderIndex, remainderPairs)
				if !w.IsZero() {
					w.AddSmall(1)
					b.set(pv, b.vertexIndices[remainder[oppIt]], w)
				}
			}
			stable = b.compute()
		}
		if upper(pv) {
			exchangesRemaining--
			for oppIt := 0; oppIt != it; oppIt++ {
				oi := remainder[oppIt]
				b.base[pi][oi].SetZero()
				b.set(pv, b.vertexIndices[oi], b.base[pi][oi])
			}
			for oi := b.nextScoreGroupBegin; oi < len(b.playersByIndex); oi++ {
				b.base[oi][pi].SetZero()
				b.set(pv, b.vertexIndices[oi], b.base[oi][pi])
			}
		}
		if !alreadyExchanged {
			for oppIt := it + 1; oppIt < len(remainder); oppIt++ {
				b.set(pv, b.vertexIndices[remainder[oppIt]], b.remainderWeight(pi, remainder[oppIt], remainderIndex, remainderPairs))
			}
		}
		remainderIndex++
	}

	// Fix which players are exchanged, and drop the bits used to decide it.
	for it, pi := range remainder {
		pv := b.vertexIndices[pi]
		for _, oi := range remainder[it+1:] {
			ov := b.vertexIndices[oi]
			if !upper(pv) || upper(ov) {
				b.base[oi][pi].SetZero()
			}
			b.set(pv, ov, b.base[oi][pi])
		}
	}

	// Choose the opponent of each player of the higher group.
	for _, pi := range remainder {
		pv := b.vertexIndices[pi]
		if !upper(pv) {
			continue
		}
		addend := uint64(0)
		for k := len(remainder) - 1; k >= 0; k-- {
			if oi := remainder[k]; oi > pi && !b.matched[b.vertexIndices[oi]] {
				b.setRaised(pv, pi, oi, addend)
				addend++
			}
		}
		stable = b.finalize(pv)
	}
	return stable, nil
}
