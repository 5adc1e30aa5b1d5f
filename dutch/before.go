package dutch

import "slices"

// Before returns the tournament as it stood before round r was paired (1 ≤ r ≤
// PlayedRounds + 1): the rounds before it, each player's points recomputed from them by the
// tournament's point system, and those entries of round r the pairing did not make (a bye
// or an absence declared in advance). Pairing it gives what the Dutch system makes of round
// r, for auditing a round already played, as bbpPairings' check does. t is not changed.
// A tournament that does not say the initial colour (no XXC) takes it from round 1: the
// colour the first-ranked player paired in it received.
func (t *Tournament) Before(r int) *Tournament {
	b := *t
	if b.InitialColor == NoColor {
		b.InitialColor = t.initialFromRound1()
	}
	b.PlayedRounds = r - 1
	b.ByRank = slices.Clone(t.ByRank)
	b.Forbidden = slices.Clone(t.Forbidden)
	b.Players = make([]Player, len(t.Players))
	for i, p := range t.Players {
		q := Player{ID: p.ID, Rating: p.Rating, Accelerations: p.Accelerations, Valid: p.Valid}
		keep := min(len(p.Matches), r-1)
		q.Matches = slices.Clone(p.Matches[:keep])
		for k := range q.Matches {
			q.Points += t.points(&q, &q.Matches[k])
		}
		if keep == r-1 && len(p.Matches) >= r && !p.Matches[r-1].Paired {
			q.Matches = append(q.Matches, p.Matches[r-1])
		}
		b.Players[i] = q
	}
	return &b
}

// Round returns the pairs of round r (1-based) as the tournament holds them, White first,
// the pairing-allocated bye as a Pair with Black 0, in start-number order of White.
func (t *Tournament) Round(r int) []Pair {
	var out []Pair
	for i := range t.Players {
		p := &t.Players[i]
		if len(p.Matches) < r {
			continue
		}
		m := p.Matches[r-1]
		switch {
		case !m.Paired:
		case m.Opponent == p.ID:
			out = append(out, Pair{White: p.ID + 1})
		case m.Color == White || m.Color == NoColor && p.ID < m.Opponent:
			out = append(out, Pair{White: p.ID + 1, Black: m.Opponent + 1})
		}
	}
	return out
}

// initialFromRound1 is the colour the first-ranked player with a game in round 1 received,
// or NoColor.
func (t *Tournament) initialFromRound1() Color {
	for _, i := range t.ByRank {
		if p := &t.Players[i]; len(p.Matches) > 0 && p.Matches[0].Paired && p.Matches[0].Color != NoColor {
			return p.Matches[0].Color
		}
	}
	return NoColor
}
