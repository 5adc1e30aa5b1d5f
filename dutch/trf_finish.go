package dutch

import (
	"errors"
	"fmt"
)

// finish completes the tournament once every line is read.
func (r *trfReader) finish() error {
	t := r.t
	if !r.useRank && len(t.ByRank) != len(t.Players) {
		return errors.New("a pairing number is missing")
	}
	r.evenUpMatchHistories()
	// A file whose every planned round is paired reads (its rounds can be checked); PairNext
	// refuses to pair it.
	if t.Rounds == 0 {
		return errors.New("the total number of rounds in the tournament must be specified (XXR)")
	}
	for rank := range t.ByRank {
		if !r.useRank {
			t.ByRank[rank] = rank
		}
		t.Players[t.ByRank[rank]].rankIndex = rank
	}
	for _, b := range r.byes {
		if b[0] != t.PlayedRounds || b[1] >= len(t.Players) {
			continue
		}
		p := &t.Players[b[1]]
		if len(p.Matches) <= t.PlayedRounds {
			p.Matches = append(p.Matches, absent(p.ID))
		}
	}
	if !r.accelerationSpecifiedManually && r.baku {
		if err := r.applyBakuAcceleration(); err != nil {
			return err
		}
	}
	for _, players := range r.universallyForbidden {
		t.Forbidden = append(t.Forbidden, ForbiddenPairs{Players: players, First: 0, End: t.Rounds})
	}
	for _, f := range t.Forbidden {
		for _, p := range f.Players {
			if p >= len(t.Players) || !t.Players[p].Valid {
				return fmt.Errorf("a forbidden pair (XXP or 260) names start number %d, which no player has", p+1)
			}
		}
	}
	if t.InitialColor == NoColor {
		t.InitialColor = r.inferFirstColor()
	}
	if err := r.validatePairConsistency(); err != nil {
		return err
	}
	return r.validateScores()
}

// evenUpMatchHistories counts the round whose byes the last column declares, if every
// player has an entry for it, and pads the other players' histories with absences.
func (r *trfReader) evenUpMatchHistories() {
	t := r.t
	forwardRoundIsComplete := true
	for i := range t.Players {
		p := &t.Players[i]
		if p.Valid && !(len(p.Matches) > t.PlayedRounds) {
			forwardRoundIsComplete = false
		}
	}
	if len(t.ByRank) > 0 && forwardRoundIsComplete {
		t.PlayedRounds++
	}
	for i := range t.Players {
		p := &t.Players[i]
		for p.Valid && len(p.Matches) < t.PlayedRounds {
			p.Matches = append(p.Matches, absent(p.ID))
		}
	}
}

func (r *trfReader) applyBakuAcceleration() error {
	t := r.t
	if t.PointsForLoss != 0 || 2*t.PointsForDraw != t.PointsForWin {
		return errors.New("the point system is inconsistent with Baku acceleration")
	}
	if len(t.ByRank) == 0 || t.Rounds == 0 {
		return nil
	}
	lastRank := (len(t.ByRank) - 1) / 2
	lastRound := (t.Rounds - 1) / 2
	lastFullRound := lastRound / 2
	for rank := 0; rank <= lastRank; rank++ {
		p := &t.Players[t.ByRank[rank]]
		round := 0
		for ; round <= lastFullRound && round <= t.PlayedRounds; round++ {
			p.Accelerations = append(p.Accelerations, t.PointsForWin)
		}
		for ; round <= lastRound && round <= t.PlayedRounds; round++ {
			p.Accelerations = append(p.Accelerations, t.PointsForDraw)
		}
	}
	return nil
}

// inferFirstColor infers the colour the top-ranked player had in the first round where
// colours were given.
func (r *trfReader) inferFirstColor() Color {
	t := r.t
	minColorRound := int(^uint(0) >> 1)
	for i := range t.Players {
		p := &t.Players[i]
		if !p.Valid {
			continue
		}
		for round, m := range p.Matches {
			if m.Color != NoColor {
				minColorRound = min(minColorRound, round)
			}
		}
	}
	result := NoColor
	number := 0
	for _, i := range t.ByRank {
		p := &t.Players[i]
		had := false
		for round, m := range p.Matches {
			if round > minColorRound {
				break
			}
			if m.Paired {
				had = true
			}
		}
		if had {
			if result == NoColor {
				result = p.Matches[minColorRound].Color
				if number&1 != 0 {
					result = result.invert()
				}
			}
			number++
		}
	}
	return result
}

func (r *trfReader) validatePairConsistency() error {
	t := r.t
	for i := range t.Players {
		p := &t.Players[i]
		if !p.Valid {
			continue
		}
		for round, m := range p.Matches {
			if !m.Played {
				continue
			}
			ok := m.Opponent < len(t.Players)
			if ok {
				o := &t.Players[m.Opponent]
				ok = o.Valid && round < len(o.Matches) && o.Matches[round].Played &&
					o.Matches[round].Color != m.Color && o.Matches[round].Opponent == p.ID
			}
			if !ok {
				return fmt.Errorf("round %d of player %d contradicts the entry for the opponent", round+1, p.ID+1)
			}
		}
	}
	return nil
}

// validateScores checks each player's points against the results, allowing the points to
// include the acceleration or the result of a bye declared for the round to pair.
func (r *trfReader) validateScores() error {
	t := r.t
	for i := range t.Players {
		p := &t.Players[i]
		if !p.Valid {
			continue
		}
		if len(p.Accelerations) > t.Rounds {
			return fmt.Errorf("player %d has more acceleration entries than the total number of rounds in the tournament", p.ID+1)
		}
		points := 0
		for round := range p.Matches {
			if round >= t.PlayedRounds {
				break
			}
			points += t.points(p, &p.Matches[round])
		}
		acc := t.acceleration(p)
		if p.Points != points {
			if p.Points >= acc {
				p.Points -= acc
			}
			if p.Points != points {
				p.Points += acc
			}
		}
		if p.Points != points && len(p.Matches) > t.PlayedRounds {
			next := t.points(p, &p.Matches[t.PlayedRounds])
			if p.Points >= next {
				p.Points -= next
			}
		}
		if p.Points != points && p.Points >= acc {
			p.Points -= acc
		}
		if p.Points != points {
			return fmt.Errorf("the score for player %d does not match the game results", p.ID+1)
		}
	}
	return nil
}
