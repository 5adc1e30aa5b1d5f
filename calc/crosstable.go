package calc

import (
	"sort"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// Record is one player's round, seen from that player's side. It is small (32 bytes: an
// event of 100,000 players and 15 rounds has 1.5 million of them); the game counts and
// point scores are read from the match (Games, Score).
type Record struct {
	// Round is the round number.
	Round int
	// Opp is the opponent's player index, or tbsheet.NoPlayer.
	Opp int
	// Match is the model's match, or nil when Absent.
	Match *tbsheet.Match
	// Result is the outcome for this player; tbsheet.Absent when not paired (or when the
	// pairing is still unreported in an earlier round).
	Result tbsheet.Result
	// Color is this player's colour.
	Color tbsheet.Color
}

// HasOpponent reports whether the round was a pairing with a real opponent (played or
// forfeited): the rounds that opponent-based tiebreakers average over.
func (r Record) HasOpponent() bool { return r.Opp != tbsheet.NoPlayer }

// Games returns the match's game counts from this player's side (unknown when Absent).
func (r Record) Games() tbsheet.Games {
	switch {
	case r.Match == nil:
		return tbsheet.Games{}
	case r.second():
		return r.Match.Games.Mirror()
	}
	return r.Match.Games
}

// Score returns the match's point scores from this player's side (unknown when Absent).
func (r Record) Score() tbsheet.Score {
	switch {
	case r.Match == nil:
		return tbsheet.Score{}
	case r.second():
		return r.Match.Score.Mirror()
	}
	return r.Match.Score
}

// second reports whether this player is the match's P2: his opponent is its P1.
func (r Record) second() bool { return r.Opp != tbsheet.NoPlayer && r.Match.P1 == r.Opp }

// MatchRef names one match of the model, for notes about it.
type MatchRef struct {
	Round int
	Match *tbsheet.Match
}

// Crosstable is calc's view of an event after the round cut: every player's record in each
// counted Swiss round. Tiebreak functions read it; they never look at the model's matches.
type Crosstable struct {
	// Event is the model the crosstable was built from.
	Event *tbsheet.Event
	// Rounds are the Swiss round numbers counted, ascending.
	Rounds []int
	// Records[p][i] is player p's record in Rounds[i]. Within Compute they are built only
	// when a tiebreak reads them (Def.readsRecords).
	Records [][]Record
	// Unreported lists pairings that have no result yet.
	Unreported []MatchRef
	// Notes explain what the cut left out ("round 5 is not complete: standings after round 4").
	Notes []i18n.Note

	// counted are the rounds of Rounds, in that order: the tally reads their matches in
	// memory order rather than the records player by player.
	counted     []*tbsheet.Round
	recordsOnce sync.Once
}

// NewCrosstable builds the crosstable of ev's Swiss rounds up to afterRound (0 = all).
// Trailing rounds that still have unreported matches are left out, as KTS does, so that
// standings during a round show the last complete round; an unreported match in an earlier
// round counts as not played for both players. Both are listed in Unreported and Notes.
func NewCrosstable(ev *tbsheet.Event, afterRound int) *Crosstable {
	ct := newCrosstable(ev, afterRound)
	ct.fillRecords()
	return ct
}

// newCrosstable is NewCrosstable without Records (see fillRecords).
func newCrosstable(ev *tbsheet.Event, afterRound int) *Crosstable {
	var rounds []*tbsheet.Round
	for i := range ev.Rounds {
		r := &ev.Rounds[i]
		if !r.Playoff && (afterRound <= 0 || r.Number <= afterRound) {
			rounds = append(rounds, r)
		}
	}
	sort.SliceStable(rounds, func(i, j int) bool { return rounds[i].Number < rounds[j].Number })

	ct := &Crosstable{Event: ev}
	unreported := func(r *tbsheet.Round) int {
		n := 0
		for _, m := range r.Matches {
			if m.Result == tbsheet.Unreported {
				n++
			}
		}
		return n
	}
	for len(rounds) > 0 {
		last := rounds[len(rounds)-1]
		n := unreported(last)
		if n == 0 {
			break
		}
		for i := range last.Matches {
			if last.Matches[i].Result == tbsheet.Unreported {
				ct.Unreported = append(ct.Unreported, MatchRef{last.Number, &last.Matches[i]})
			}
		}
		rounds = rounds[:len(rounds)-1]
		ct.Notes = append(ct.Notes, i18n.N("note.round-left-out", n, last.Number))
	}

	for _, r := range rounds {
		ct.Rounds = append(ct.Rounds, r.Number)
	}
	ct.counted = rounds
	for _, r := range rounds {
		for j := range r.Matches {
			if m := &r.Matches[j]; m.Result == tbsheet.Unreported {
				ct.Unreported = append(ct.Unreported, MatchRef{r.Number, m})
				ct.Notes = append(ct.Notes, i18n.N("note.unreported", r.Number, playerName(ev, m.P1), playerName(ev, m.P2)))
			}
		}
	}
	return ct
}

// fillRecords builds Records, once. Compute builds them only for the tiebreaks that read
// them (see Def.readsRecords): on a large event they are the largest table of the ranking,
// and its slowest to build.
func (ct *Crosstable) fillRecords() {
	ct.recordsOnce.Do(func() {
		// One allocation for every record: per-player slices would cost one allocation each
		// on events with a hundred thousand players.
		// Every record starts Absent, written in memory order (player-major) because that is
		// what large events are sensitive to, field by field: copying whole records would copy
		// their (nil) Match pointers through the garbage collector's write barrier, which on a
		// slab of a hundred megabytes costs more than the rest of the ranking.
		n := len(ct.Rounds)
		records := make([][]Record, len(ct.Event.Players))
		slab := make([]Record, len(records)*n)
		for p := range records {
			recs := slab[p*n : (p+1)*n : (p+1)*n]
			for i := range recs {
				recs[i].Round, recs[i].Result, recs[i].Opp = ct.Rounds[i], tbsheet.Absent, tbsheet.NoPlayer
			}
			records[p] = recs
		}
		for i, r := range ct.counted {
			for j := range r.Matches {
				m := &r.Matches[j]
				if m.Result == tbsheet.Unreported {
					continue
				}
				records[m.P1][i] = Record{Round: r.Number, Result: m.Result, Opp: m.P2, Color: m.Color, Match: m}
				if m.P2 != tbsheet.NoPlayer {
					records[m.P2][i] = Record{Round: r.Number, Result: m.Result.Mirror(), Opp: m.P1,
						Color: m.Color.Mirror(), Match: m}
				}
			}
		}
		ct.Records = records
	})
}

// DroppedAfter returns the round after which p dropped, or 0 if p had not dropped by the end
// of the counted rounds (a drop after the last counted round is not a drop yet).
func (ct *Crosstable) DroppedAfter(p int) int {
	d := ct.Event.Players[p].DroppedAfter
	if d <= 0 || len(ct.Rounds) == 0 || d >= ct.Rounds[len(ct.Rounds)-1] {
		return 0
	}
	return d
}

// playerName returns player i's name, or "nobody" for NoPlayer.
func playerName(ev *tbsheet.Event, i int) string {
	if i < 0 || i >= len(ev.Players) {
		return "nobody"
	}
	return ev.Players[i].Name
}
