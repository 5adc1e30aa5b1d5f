package tbsheet

import (
	"fmt"
	"unicode/utf8"
)

// Validate checks the event's internal consistency and returns every problem at once, each at
// the position of the offending match: a player twice in a round, an unknown player, a player
// against themselves, game counts that contradict the result, a result that needs an opponent
// without one (or the reverse), a match after the player's drop, a name holding a control
// character. Readers call it last; the problems they can see in the raw text (an unreadable
// cell) they report themselves.
func (e *Event) Validate() ErrorList {
	var errs ErrorList
	for _, pod := range e.Pods {
		errs.AddAll(pod.Validate())
	}
	for i := range e.Players {
		p := &e.Players[i]
		pos := p.Pos
		if pos.File == "" {
			pos.File = e.Source
		}
		for i := -1; i < len(p.Members); i++ { // the name, then the members', without a slice of them
			name := p.Name
			if i >= 0 {
				name = p.Members[i]
			}
			if msg := controlIn(name); msg != "" {
				errs.Addf(pos, ErrValue, "the name %s holds %s: retype it", Quote(name), msg)
			}
		}
	}
	seenRound := map[int]bool{}
	// seat holds, for each player, 1 + the index of his match in the round being checked,
	// and seatRound that round's index + 1 (older entries are stale): one slice for every
	// round, no map to fill for each.
	seat, seatRound := make([]int32, len(e.Players)), make([]int32, len(e.Players))
	for ri, r := range e.Rounds {
		if seenRound[r.Number] {
			errs.Addf(r.Pos, ErrRounds, "round %d appears twice", r.Number)
		}
		seenRound[r.Number] = true
		for mi := range r.Matches {
			if ee := e.validateMatch(&r, mi, int32(ri+1), seat, seatRound); ee != nil {
				errs.AddAll(ee)
			}
		}
	}
	return errs
}

// validateMatch checks match mi of round r, the round's index + 1 being ri (see seat in
// Validate).
func (e *Event) validateMatch(r *Round, mi int, ri int32, seat, seatRound []int32) ErrorList {
	var errs ErrorList
	m := &r.Matches[mi]
	known := func(i int) bool { return i >= 0 && i < len(e.Players) }
	for _, p := range [2]int{m.P1, m.P2} {
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
		if seatRound[p] == ri {
			errs.Addf(m.Pos, ErrDuplicatePlayer, "player %s appears twice in round %d (also at %s)",
				Quote(e.Players[p].Name), r.Number, r.Matches[seat[p]-1].Pos.String())
		} else {
			seat[p], seatRound[p] = int32(mi+1), ri
		}
		if d := e.Players[p].DroppedAfter; d > 0 && !r.Playoff && r.Number > d {
			errs.Addf(m.Pos, ErrDroppedPaired, "player %s dropped after round %d but is paired in round %d",
				Quote(e.Players[p].Name), d, r.Number)
		}
	}
	if m.P1 == m.P2 && known(m.P1) {
		errs.Addf(m.Pos, ErrSelfPairing, "player %s is paired against themselves", Quote(e.Players[m.P1].Name))
	}
	switch {
	case m.Result.Solo() && m.P2 != NoPlayer:
		errs.Addf(m.Pos, ErrResult, "a %s has no opponent, but %s is paired with %s", m.Result,
			Quote(e.name(m.P1)), Quote(e.name(m.P2)))
	case !m.Result.Solo() && m.P2 == NoPlayer:
		errs.Addf(m.Pos, ErrResult, "a %s needs an opponent; %s has none", m.Result, Quote(e.name(m.P1)))
	case m.FullPointBye && m.Result != Bye:
		errs.Addf(m.Pos, ErrResult, "a full-point bye is a bye, not a %s (%s)", m.Result, Quote(e.name(m.P1)))
	}
	if msg := m.Games.contradicts(m.Result); msg != "" {
		errs.Addf(m.Pos, ErrGames, "%s: %s", m.Games, msg)
	}
	return errs
}

// controlIn describes the first control character in a name ("a control character (U+001B)
// as its 4th character"), or returns "" when there is none. Tabs and line ends count: a name
// is one line.
func controlIn(name string) string {
	valid := true // one pass over the name: utf8.ValidString costs as much again
	for i, n := 0, 1; i < len(name); n++ {
		if c := name[i]; c >= ' ' && c < 0x7f { // printable ASCII (most characters of most names)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if IsControl(r) {
			return fmt.Sprintf("a control character (U+%04X) as its %s character", r, ordinal(n))
		}
		valid = valid && (r != utf8.RuneError || size > 1)
		i += size
	}
	if !valid {
		return "bytes that are not text"
	}
	return ""
}

// ordinal writes n as "1st", "2nd", "3rd", "4th", "11th", "22nd".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
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
