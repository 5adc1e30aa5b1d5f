package tbsheet

import "fmt"

// Validate checks the event's internal consistency and returns every problem at once, each at
// the position of the offending match: a player twice in a round, an unknown player, a player
// against themselves, game counts that contradict the result, a result that needs an opponent
// without one (or the reverse), a match after the player's drop. Readers call it last; the
// problems they can see in the raw text (an unreadable cell) they report themselves.
func (e *Event) Validate() ErrorList {
	var errs ErrorList
	for _, pod := range e.Pods {
		errs.AddAll(pod.Validate())
	}
	seenRound := map[int]bool{}
	for _, r := range e.Rounds {
		if seenRound[r.Number] {
			errs.Addf(r.Pos, ErrRounds, "round %d appears twice", r.Number)
		}
		seenRound[r.Number] = true
		seat := map[int]Pos{} // player index → where he already plays this round
		for _, m := range r.Matches {
			errs.AddAll(e.validateMatch(r, m, seat))
		}
	}
	return errs
}

func (e *Event) validateMatch(r Round, m Match, seat map[int]Pos) ErrorList {
	var errs ErrorList
	known := func(i int) bool { return i >= 0 && i < len(e.Players) }
	for _, p := range []int{m.P1, m.P2} {
		if p == NoPlayer && p == m.P2 {
			continue
		}
		if !known(p) {
			errs.Addf(m.Pos, ErrUnknownPlayer, "round %d: unknown player #%d", r.Number, p)
			continue
		}
		if p == m.P2 && p == m.P1 {
			continue // reported below as a self-pairing, not as a duplicate
		}
		if first, dup := seat[p]; dup {
			errs.Addf(m.Pos, ErrDuplicatePlayer, "player %q appears twice in round %d (also at %s)",
				e.Players[p].Name, r.Number, first.String())
		} else {
			seat[p] = m.Pos
		}
		if d := e.Players[p].DroppedAfter; d > 0 && !r.Playoff && r.Number > d {
			errs.Addf(m.Pos, ErrDroppedPaired, "player %q dropped after round %d but is paired in round %d",
				e.Players[p].Name, d, r.Number)
		}
	}
	if m.P1 == m.P2 && known(m.P1) {
		errs.Addf(m.Pos, ErrSelfPairing, "player %q is paired against themselves", e.Players[m.P1].Name)
	}
	switch {
	case m.Result.Solo() && m.P2 != NoPlayer:
		errs.Addf(m.Pos, ErrResult, "a %s has no opponent, but %q is paired with %q", m.Result,
			e.name(m.P1), e.name(m.P2))
	case !m.Result.Solo() && m.P2 == NoPlayer:
		errs.Addf(m.Pos, ErrResult, "a %s needs an opponent; %q has none", m.Result, e.name(m.P1))
	}
	if msg := m.Games.contradicts(m.Result); msg != "" {
		errs.Addf(m.Pos, ErrGames, "%s: %s", m.Games, msg)
	}
	return errs
}

func (e *Event) name(i int) string {
	if i >= 0 && i < len(e.Players) {
		return e.Players[i].Name
	}
	return fmt.Sprintf("#%d", i)
}

// String writes the counts as organizers do: "2-1", or "1-1-1" with drawn games.
func (g Games) String() string {
	if !g.Known {
		return "no games"
	}
	if g.Drawn != 0 {
		return fmt.Sprintf("%d-%d-%d", g.P1, g.P2, g.Drawn)
	}
	return fmt.Sprintf("%d-%d", g.P1, g.P2)
}

// contradicts returns why the counts cannot go with the result, or "".
func (g Games) contradicts(r Result) string {
	if !g.Known {
		return ""
	}
	if g.P1 < 0 || g.P2 < 0 || g.Drawn < 0 {
		return "game counts cannot be negative"
	}
	switch r {
	case Win, ForfeitWin, Bye:
		if g.P1 <= g.P2 {
			return fmt.Sprintf("a %s needs more games won than lost", r)
		}
	case Loss, ForfeitLoss, LossNoOpponent:
		if g.P1 >= g.P2 {
			return fmt.Sprintf("a %s needs fewer games won than lost", r)
		}
	case Draw:
		if g.P1 != g.P2 {
			return "a draw needs as many games won as lost"
		}
	case IntentionalDraw:
		if g.P1 != g.P2 {
			return "an intentional draw needs as many games won as lost"
		}
	}
	return ""
}
