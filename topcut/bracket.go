// Package topcut runs an event's top cut: the single-elimination bracket played after the
// Swiss rounds. It reads the bracket as it stands from the event's playoff rounds ([Read]):
// the seeds by Swiss rank, each game in its place, the results so far, the champion; and it
// pairs the next playoff round ([Pair]): the first from the Swiss ranks, each later one from
// the winners of the one before.
//
// The bracket is the standard one: seed 1 meets seed 8, 4 meets 5, 2 meets 7, 3 meets 6
// ([Order]), so that the best seeds meet as late as they can, and the winner of each game
// meets the winner of the game beside it. A cut that is not a power of two (a top 6) is
// played in the bracket of the next one (8): the places of the seeds it lacks are empty, so
// the seeds they would have met (1 and 2) have a bye in the first round.
//
// The package does no I/O; calc does not import it.
package topcut

import (
	"math/bits"
	"slices"
	"sort"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// Order returns the bracket order of size seeds (a power of two, at least 2): the seeds
// from the top of the bracket down, each pair of neighbours a first-round game, so that
// seeds 1 and 2 can meet only in the final: 8 gives 1 8 4 5 2 7 3 6.
func Order(size int) []int {
	order := []int{1}
	for n := 2; n <= size; n *= 2 {
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	return order
}

// Size returns the size of the bracket a cut of n players is played in: the smallest
// power of two that holds them (8 for a top 6).
func Size(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}

// Pending stands, among a game's players, for the winner of an earlier game that is not
// decided yet.
const Pending = -2

// Game is one game of the bracket: played, paired, or still to come.
type Game struct {
	// Players are the upper and the lower player, as Event.Players indexes;
	// tbsheet.NoPlayer for a place nobody takes (the seed a top 6 lacks, the place of two
	// players who both lost), Pending for the winner of an earlier game not decided yet.
	Players [2]int
	// Match is the game as the event holds it, read from Players[0]'s side (its P1 is
	// Players[0]), or a bye row (a match whose P2 is tbsheet.NoPlayer: its P1 is the player
	// it sends on). Nil while the game is not paired.
	Match *tbsheet.Match
	// Winner is the side that goes on (0 or 1), −1 while nobody does yet.
	Winner int
}

// Bye reports whether one player goes on without an opponent: the other place is empty.
func (g *Game) Bye() bool {
	return (g.Players[0] == tbsheet.NoPlayer) != (g.Players[1] == tbsheet.NoPlayer)
}

// Round is one round of the bracket.
type Round struct {
	// Number is the round's number in the event (tbsheet.Round.Number), 0 while it is not
	// paired.
	Number int
	// Stage is the number of places at its start: 8 for the quarterfinals, 4 for the
	// semifinals, 2 for the final.
	Stage int
	// Games are its games from the top of the bracket down (by table when the bracket is
	// not Ordered).
	Games []Game
}

// Extra is a playoff match that is no game of the bracket: a placement match between
// players already out (a 3rd-place match).
type Extra struct {
	// Round is the event's number of the round it was played in.
	Round int
	Match tbsheet.Match
}

// Bracket is an event's top cut as it stands.
type Bracket struct {
	// Event is the event; Swiss its Swiss standings, which seed the bracket.
	Event *tbsheet.Event
	Swiss *calc.Standings
	// Seeds lists the cut's players (everyone in its playoff rounds) by seed: Seeds[0] is
	// seed 1, the best Swiss rank.
	Seeds []int
	// Rounds are the bracket's rounds, first to final: those paired, then those still to
	// come.
	Rounds []Round
	// Extras are the playoff matches outside the bracket.
	Extras []Extra
	// Champion is the winner of the final, tbsheet.NoPlayer until it has a result.
	Champion int
	// Ordered is true when every playoff match sits in its place of the bracket by Swiss
	// rank. When the organizer paired the cut in another way it is false: Rounds then hold
	// each playoff round's matches by table, unplaced, and no later round can be paired
	// from them.
	Ordered bool

	// misfit is the first playoff match that fits no game of the bracket, when it is not
	// Ordered.
	misfit *Extra
}

// Seed returns a player's seed (1 for the best), 0 outside the cut.
func (b *Bracket) Seed(p int) int { return slices.Index(b.Seeds, p) + 1 }

// Stage returns the stage of the event's round number (8 for the quarterfinals), 0 when
// it is no round of the bracket (a round of placement matches only, a Swiss round).
func (b *Bracket) Stage(number int) int {
	for _, r := range b.Rounds {
		if number > 0 && r.Number == number {
			return r.Stage
		}
	}
	return 0
}

// Read returns the top cut of st's event as it stands, or nil when the event has no
// playoff rounds. st are its standings: Swiss standings, or those calc.Final made (whose
// Swiss standings seed the bracket).
func Read(st *calc.Standings) *Bracket {
	swiss := st
	if st.Swiss != nil {
		swiss = st.Swiss
	}
	rounds := playoffRounds(swiss.Event)
	if len(rounds) == 0 {
		return nil
	}
	b := &Bracket{Event: swiss.Event, Swiss: swiss, Seeds: cutPlayers(swiss, rounds), Champion: tbsheet.NoPlayer}
	if len(b.Seeds) == 0 {
		return nil // playoff rounds without a match
	}
	if b.misfit = b.place(rounds); b.misfit != nil {
		b.unordered(rounds)
	}
	return b
}

// playoffRounds returns the event's playoff rounds by number.
func playoffRounds(ev *tbsheet.Event) []*tbsheet.Round {
	var out []*tbsheet.Round
	for i := range ev.Rounds {
		if ev.Rounds[i].Playoff {
			out = append(out, &ev.Rounds[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// cutPlayers returns the players of the playoff rounds by Swiss rank (players equal in rank
// in the standings' order), the unranked (disqualified) last.
func cutPlayers(swiss *calc.Standings, rounds []*tbsheet.Round) []int {
	in := map[int]bool{}
	for _, r := range rounds {
		for _, m := range r.Matches {
			in[m.P1] = true
			if m.P2 != tbsheet.NoPlayer {
				in[m.P2] = true
			}
		}
	}
	var seeds []int
	for _, row := range swiss.Rows {
		if in[row.Player] {
			seeds = append(seeds, row.Player)
			delete(in, row.Player)
		}
	}
	rest := make([]int, 0, len(in))
	for p := range in {
		rest = append(rest, p)
	}
	slices.Sort(rest)
	return append(seeds, rest...)
}

// place places every playoff match in the bracket, round by round: each place holds the
// players who can still take it (one once decided, none when nobody can), and a match
// belongs to the game of two neighbouring places, one player from each. It returns the
// first match that fits no game (the cut was paired another way), nil when all do.
func (b *Bracket) place(rounds []*tbsheet.Round) *Extra {
	size := Size(len(b.Seeds))
	places := make([][]int, size)
	for i, s := range Order(size) {
		if s <= len(b.Seeds) {
			places[i] = []int{b.Seeds[s-1]}
		}
	}
	b.Rounds, b.Extras = nil, nil
	next := 0 // the playoff round to place next
	for len(places) > 1 {
		at := map[int]int{} // player → his place
		for i, ps := range places {
			for _, p := range ps {
				at[p] = i
			}
		}
		games := make([]Game, len(places)/2)
		for j := range games {
			games[j] = Game{Players: [2]int{who(places[2*j]), who(places[2*j+1])}, Winner: -1}
		}
		number := 0
		for ; next < len(rounds) && number == 0; next++ {
			r := rounds[next]
			var extras []Extra
			placed := false
			for _, m := range r.Matches {
				i1, ok1 := at[m.P1]
				i2, ok2 := at[m.P2]
				switch {
				case !ok1 && !ok2:
					extras = append(extras, Extra{Round: r.Number, Match: m})
					continue
				case !ok1:
					// The first player is out and the second is in: read it from his side.
					m, i1, ok1, i2, ok2 = m.Mirror(), i2, true, i1, false
				}
				g := &games[i1/2]
				switch {
				case g.Match != nil:
					return &Extra{Round: r.Number, Match: m} // a second match for one game
				case m.P2 == tbsheet.NoPlayer && len(places[i1^1]) == 0:
					// A bye row for a player the bracket gives a bye.
				case !ok2 || i1/2 != i2/2 || i1 == i2:
					return &Extra{Round: r.Number, Match: m}
				}
				if m.P2 == tbsheet.NoPlayer {
					g.Players[i1%2] = m.P1
				} else {
					if i1%2 == 1 {
						m = m.Mirror()
					}
					g.Players = [2]int{m.P1, m.P2}
				}
				g.Match = &m
				placed = true
			}
			b.Extras = append(b.Extras, extras...)
			if placed {
				number = r.Number
			}
		}
		up := make([][]int, len(games))
		for j := range games {
			g := &games[j]
			up[j] = g.advance(places[2*j], places[2*j+1])
		}
		b.Rounds = append(b.Rounds, Round{Number: number, Stage: len(places), Games: games})
		places = up
	}
	if next < len(rounds) {
		// Playoff rounds after the final: placement matches, or a match that fits no game.
		for _, r := range rounds[next:] {
			for _, m := range r.Matches {
				if slices.Contains(places[0], m.P1) || slices.Contains(places[0], m.P2) {
					return &Extra{Round: r.Number, Match: m}
				}
				b.Extras = append(b.Extras, Extra{Round: r.Number, Match: m})
			}
		}
	}
	if len(b.Rounds) == 0 { // a cut of one player
		for _, r := range rounds {
			for _, m := range r.Matches {
				return &Extra{Round: r.Number, Match: m}
			}
		}
	}
	if final := b.Rounds[len(b.Rounds)-1]; final.Number > 0 && len(places[0]) == 1 && final.Games[0].Winner >= 0 {
		b.Champion = places[0][0]
	}
	b.Ordered = true
	return nil
}

// who is the player a place shows: its one player, Pending while two or more can still
// take it, tbsheet.NoPlayer when nobody can.
func who(place []int) int {
	switch len(place) {
	case 0:
		return tbsheet.NoPlayer
	case 1:
		return place[0]
	}
	return Pending
}

// advance sets the game's winner and returns who can take the place it leads to, from
// those who could take its upper and lower places.
func (g *Game) advance(upper, lower []int) []int {
	m := g.Match
	switch {
	case m == nil && (len(upper) == 0 || len(lower) == 0):
		// An empty place: the other goes through without playing.
		if len(upper) == 1 {
			g.Winner = 0
		} else if len(lower) == 1 {
			g.Winner = 1
		}
		return slices.Concat(upper, lower)
	case m == nil:
		return slices.Concat(upper, lower)
	case m.P2 == tbsheet.NoPlayer:
		if calc.KnockoutOf(m.Result) == calc.Advances {
			g.Winner = slices.Index(g.Players[:], m.P1)
			return []int{m.P1}
		}
		return nil
	}
	first, second := calc.KnockoutOf(m.Result), calc.KnockoutOf(m.Result.Mirror())
	switch {
	case first == calc.Advances:
		g.Winner = 0
		return []int{m.P1}
	case second == calc.Advances:
		g.Winner = 1
		return []int{m.P2}
	case first == calc.Eliminated && second == calc.Eliminated:
		return nil // a double loss: nobody goes on
	}
	return []int{m.P1, m.P2}
}

// unordered lists each playoff round's matches by table, for a cut paired in another way
// than the bracket by Swiss rank: matches between players already out are Extras, the
// champion the one player left once every match is decided.
func (b *Bracket) unordered(rounds []*tbsheet.Round) {
	b.Rounds, b.Extras, b.Ordered = nil, nil, false
	out := map[int]bool{}
	undecided := false
	for _, r := range rounds {
		round := Round{Number: r.Number}
		ms := slices.Clone(r.Matches)
		slices.SortStableFunc(ms, func(x, y tbsheet.Match) int { return x.Table - y.Table })
		var lost []int
		for _, m := range ms {
			if out[m.P1] && (m.P2 == tbsheet.NoPlayer || out[m.P2]) {
				b.Extras = append(b.Extras, Extra{Round: r.Number, Match: m})
				continue
			}
			g := Game{Players: [2]int{m.P1, m.P2}, Match: &m, Winner: -1}
			g.advance([]int{m.P1}, []int{m.P2})
			switch {
			case g.Winner < 0 && calc.KnockoutOf(m.Result) == calc.Eliminated:
				lost = append(lost, m.P1, m.P2)
			case g.Winner < 0:
				undecided = true
			default:
				if loser := g.Players[1-g.Winner]; loser != tbsheet.NoPlayer {
					lost = append(lost, loser)
				}
			}
			round.Games = append(round.Games, g)
		}
		if len(round.Games) == 0 {
			continue
		}
		for _, p := range lost {
			out[p] = true
		}
		round.Stage = 2 * len(round.Games)
		b.Rounds = append(b.Rounds, round)
	}
	if len(b.Seeds)-len(out) == 1 && !undecided {
		for _, p := range b.Seeds {
			if !out[p] {
				b.Champion = p
			}
		}
	}
}
