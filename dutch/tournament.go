package dutch

// Color is a piece colour.
type Color uint8

// The colours; NoColor is an unplayed round or no preference.
const (
	White Color = iota
	Black
	NoColor
)

func (c Color) invert() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// Outcome is a player's result in one round.
type Outcome uint8

// The outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

// Match is one player's round: a game, a forfeit, a bye or an absence.
type Match struct {
	// Opponent is the opponent's index in Tournament.Players, or the player's own index
	// when there was none.
	Opponent int
	Color    Color
	Outcome  Outcome
	// Played is true for a game played over the board.
	Played bool
	// Paired is true when the player was paired (a game, a forfeit) or received the
	// pairing-allocated bye.
	Paired bool
}

// absent is the round of a player who took no part in it.
func absent(player int) Match { return Match{Opponent: player, Color: NoColor} }

// Player is a player of the tournament.
type Player struct {
	// ID is the player's index in Tournament.Players: the start number minus one.
	ID     int
	Rating int
	// Points is the score in tenths of a point, without acceleration.
	Points  int
	Matches []Match
	// Accelerations are the points added, in tenths, in each round (missing ones are 0).
	Accelerations []int
	// Valid is false for a hole in the start numbers.
	Valid bool

	// Derived by Tournament.prepare.
	rankIndex             int
	colorImbalance        int
	playedGames           int
	colorPreference       Color
	repeatedColor         Color
	strongColorPreference bool
}

func (p *Player) absoluteColorImbalance() bool { return p.colorImbalance > 1 }

func (p *Player) absoluteColorPreference() bool {
	return p.absoluteColorImbalance() || p.repeatedColor != NoColor
}

// ForbiddenPairs forbids every two of Players (indexes) to meet in rounds First to
// End−1 (zero-based).
type ForbiddenPairs struct {
	Players    []int
	First, End int
}

// Tournament is the state of a Swiss tournament before pairing its next round.
type Tournament struct {
	// Players indexed by start number minus one.
	Players []Player
	// ByRank lists the players' indexes in the order of their pairing numbers.
	ByRank []int
	// PlayedRounds is the number of rounds already paired; Rounds the number planned.
	PlayedRounds, Rounds int
	// Points for each result, in tenths.
	PointsForWin, PointsForDraw, PointsForLoss, PointsForZeroPointBye,
	PointsForForfeitLoss, PointsForPairingAllocatedBye int
	// InitialColor is the colour the first-ranked player received in round 1.
	InitialColor Color
	Forbidden    []ForbiddenPairs
}

// points is what the player scored in the match.
func (t *Tournament) points(p *Player, m *Match) int {
	switch m.Outcome {
	case Loss:
		switch {
		case !m.Paired:
			return t.PointsForZeroPointBye
		case m.Played:
			return t.PointsForLoss
		default:
			return t.PointsForForfeitLoss
		}
	case Win:
		if m.Opponent == p.ID && m.Paired {
			return t.PointsForPairingAllocatedBye
		}
		return t.PointsForWin
	}
	return t.PointsForDraw
}

// score is the player's accelerated score roundsBack rounds before the round to pair.
func (t *Tournament) score(p *Player, roundsBack int) int {
	s := p.Points
	r := t.PlayedRounds
	for ; roundsBack > 0; roundsBack-- {
		r--
		s -= t.points(p, &p.Matches[r])
	}
	if r < len(p.Accelerations) {
		s += p.Accelerations[r]
	}
	return s
}

func (t *Tournament) acceleration(p *Player) int {
	if t.PlayedRounds >= len(p.Accelerations) {
		return 0
	}
	return p.Accelerations[t.PlayedRounds]
}

// acceleratedScoreRankLess reports whether p0 ranks below p1: a lower accelerated score,
// or the same score and a later pairing number.
func (t *Tournament) acceleratedScoreRankLess(p0, p1 *Player) bool {
	s0, s1 := t.score(p0, 0), t.score(p1, 0)
	if s0 != s1 {
		return s0 < s1
	}
	return p1.rankIndex < p0.rankIndex
}

func unacceleratedScoreRankLess(p0, p1 *Player) bool {
	if p0.Points != p1.Points {
		return p0.Points < p1.Points
	}
	return p1.rankIndex < p0.rankIndex
}

// updateRanks decides who takes part in the pairing and numbers them.
func (t *Tournament) updateRanks() {
	rank := 0
	for _, i := range t.ByRank {
		p := &t.Players[i]
		p.Valid = len(p.Matches) <= t.PlayedRounds
		for _, m := range p.Matches {
			if m.Paired {
				p.Valid = true
			}
		}
		if p.Valid {
			p.rankIndex = rank
			rank++
		}
	}
}

// computePlayerData derives each player's colour preference and games played.
func (t *Tournament) computePlayerData() {
	for i := range t.Players {
		p := &t.Players[i]
		if !p.Valid {
			continue
		}
		white, black, consecutive, played := 0, 0, 0, 0
		for _, m := range p.Matches {
			if !m.Played {
				continue
			}
			played++
			if m.Color == White {
				white++
			} else {
				black++
			}
			if consecutive == 0 || m.Color != p.repeatedColor {
				consecutive = 1
			} else {
				consecutive++
			}
			p.repeatedColor = m.Color
		}
		p.playedGames = played
		lower := White
		if white > black {
			lower = Black
		}
		if lower == Black {
			p.colorImbalance = white - black
		} else {
			p.colorImbalance = black - white
		}
		switch {
		case p.colorImbalance > 1:
			p.colorPreference = lower
		case consecutive > 1:
			p.colorPreference = p.repeatedColor.invert()
		case p.colorImbalance > 0:
			p.colorPreference = lower
		case consecutive > 0:
			p.colorPreference = p.repeatedColor.invert()
		default:
			p.colorPreference = NoColor
		}
		if consecutive <= 1 {
			p.repeatedColor = NoColor
		}
		p.strongColorPreference = !p.absoluteColorPreference() && p.colorImbalance != 0
	}
}

// forbiddenSets lists, for each player, the players it may not meet in the given round.
func (t *Tournament) forbiddenSets(round int) []map[int]bool {
	result := make([]map[int]bool, len(t.Players))
	for i := range result {
		result[i] = map[int]bool{}
	}
	for _, e := range t.Forbidden {
		if round < e.First || round >= e.End {
			continue
		}
		for _, a := range e.Players {
			for _, b := range e.Players {
				result[a][b] = true
			}
		}
	}
	return result
}

// Skip leaves the player (an index in Players) out of the round to pair, as a zero-point
// bye declared for it does; a player already given an entry for that round is unchanged.
func (t *Tournament) Skip(player int) {
	p := &t.Players[player]
	if len(p.Matches) <= t.PlayedRounds {
		p.Matches = append(p.Matches, absent(player))
	}
}

// Forbid forbids the players (indexes in Players) to meet each other in every round.
func (t *Tournament) Forbid(players ...int) {
	t.Forbidden = append(t.Forbidden, ForbiddenPairs{Players: players, First: 0, End: t.Rounds})
}
