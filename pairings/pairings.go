// Package pairings lists one round's pairings as players read them: who plays whom at which
// table, every player's points going into the round, byes, late entries and players left
// unpaired. The wall sheets (tbsheet pairings, watch --pairings) print it by name and by
// table; the scenario analysis starts from the same Swiss round ([Through]), and a web view
// can serve it as it is. A playoff round of the top cut is listed too, with its stage and
// the bracket it belongs to (package topcut).
//
// The round is chosen as an organizer means "this round": the first Swiss round whose
// pairings are entered and some of whose results are not ([InPlay]), then the playoff round
// in play ([Current]), unless one is asked for. Points come from [calc.Compute] on the rounds
// before it, so they are the standings' own (the system's match points, or match wins for
// Cryptozoic); in a playoff round, those after the Swiss. The order of a list by name depends
// on the reader's language and is the writer's.
//
// The package does no I/O; calc does not import it.
package pairings

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/topcut"
)

// ErrNoRound is returned when no round was asked for and every paired Swiss round of the
// event has all its results.
var ErrNoRound = errors.New("no round is waiting for results")

// Options say which round to list and how points are counted.
type Options struct {
	// Calc are the ranking options (system, points) the points before the round are
	// computed with, as for standings. AfterRound must be 0: Round chooses the round.
	Calc calc.Options
	// Round is the round to list, Swiss or playoff, by its number in the event; Stage, when
	// Round is 0, the playoff round of that stage (8 for the quarterfinals). Both 0 mean the
	// round in play ([Current]).
	Round, Stage int
	// Before, when not nil, are the standings going into a Swiss round as the caller has
	// computed them with Calc (tbsheet pair, which has just paired the round from them):
	// they are used instead of being computed again.
	Before *calc.Standings
}

// Pairings are one round's pairings.
type Pairings struct {
	// Event is the event the round belongs to.
	Event *tbsheet.Event
	// Round is the round's number.
	Round int
	// Stage is, for a playoff round, the number of places at its start (8 for the
	// quarterfinals); 0 for a Swiss round, and for a playoff round of placement matches only.
	// Bracket is the top cut a playoff round belongs to, nil for a Swiss round.
	Stage   int
	Bracket *topcut.Bracket
	// Before are the standings before the round: the points, record and rank each player
	// takes into it (no rows before round 1); for a playoff round, the standings after the
	// Swiss, which seed it. Their system says how points are shown.
	Before *calc.Standings
	// Tables are the round's matches between two players, by table number.
	Tables []Table
	// Players lists every player of the round once: the two players of each table in table
	// order (Player 1 first), then the players with a result and no opponent (byes, losses
	// without an opponent) in the input's order, then, in a Swiss round, the registered
	// players who are not in the round (Unpaired) in registration order.
	Players []Player
	// Complete is true when every result of the round is entered.
	Complete bool
}

// Table is one match between two players.
type Table struct {
	// Number is the table's number: the input's, or, for a match without one, a number after
	// the highest the round gives ([TableNumbers]).
	Number int
	// P1 and P2 index Pairings.Players: the match's Player 1 and Player 2.
	P1, P2 int
	// Match is the match as the input holds it: its Result is tbsheet.Unreported while it
	// is being played.
	Match tbsheet.Match
}

// Player is one player's line in the round.
type Player struct {
	// Player indexes Event.Players.
	Player int
	// Table is his table's number, 0 when he has no opponent.
	Table int
	// Opponent indexes Event.Players, or tbsheet.NoPlayer.
	Opponent int
	// Result is what the round holds for him, from his side: tbsheet.Unreported while his
	// match is being played, the result once it is entered; Bye, HalfBye, ZeroBye or
	// LossNoOpponent without an opponent; Absent when he is registered and has not dropped
	// but is not in the round (see Unpaired).
	Result tbsheet.Result
	// Color is his colour (chess) when the input gives it.
	Color tbsheet.Color
	// Late marks a late entry: the round is the first he plays (against an opponent, or with
	// a bye), and rounds were played before it, in which he has at most losses without an
	// opponent or zero-point byes.
	Late bool
	// Rank, Points and the record are his place, points (the standings' primary key) and
	// wins, losses and draws before the round; 0, zero and 0-0-0 before his first round.
	Rank                int
	Points              exact.Num
	Wins, Losses, Draws int
}

// Unpaired reports whether the player is registered and still in the event but not in the
// round: the organizer has to pair him, or he has to see a judge.
func (p *Player) Unpaired() bool { return p.Result == tbsheet.Absent }

// Solo reports whether the player has a result without an opponent (a bye, a loss without
// an opponent) or is unpaired.
func (p *Player) Solo() bool { return p.Opponent == tbsheet.NoPlayer }

// Compute lists the pairings of the round opt asks for.
//
// Errors: ErrNoRound when no round is asked for and none is in play ([Current]); a usage
// error of calc (errors.Is(err, calc.ErrUsage)) for a round the event does not have, a
// multi-pod event, or a bad system or option; the event's validation errors.
func Compute(ev *tbsheet.Event, opt Options) (*Pairings, error) {
	if opt.Calc.AfterRound != 0 {
		return nil, &calc.UsageError{Msg: "the round to list is chosen with Round, not AfterRound"}
	}
	if ev != nil && len(ev.Pods) == 0 && opt.Round >= 0 {
		if opt.Round == 0 && opt.Stage == 0 {
			opt.Round = Current(ev)
		}
		if opt.Stage != 0 || slices.ContainsFunc(ev.Rounds, func(r tbsheet.Round) bool { return r.Playoff && r.Number == opt.Round }) {
			return computePlayoff(ev, opt)
		}
	}
	during, err := Through(ev, opt.Round)
	if err != nil {
		return nil, err
	}
	opt.Calc.NoExplain = true
	before := *during
	before.Rounds = during.Rounds[:len(during.Rounds)-1]
	st := opt.Before
	if st == nil {
		if st, err = calc.Compute(&before, opt.Calc); err != nil {
			return nil, err
		}
	}
	round := during.Rounds[len(during.Rounds)-1]
	if err := checkPlayers(during, round); err != nil {
		return nil, err
	}
	p := &Pairings{Event: ev, Round: round.Number, Before: st, Tables: []Table{}, Complete: true}
	var played []bool
	if len(before.Rounds) > 0 {
		played = playedBefore(len(ev.Players), before.Rounds)
	}
	inRound := make([]bool, len(ev.Players))
	for _, m := range round.Matches {
		inRound[m.P1] = true
		if m.P2 != tbsheet.NoPlayer {
			inRound[m.P2] = true
		}
	}
	var absent []int
	for pl := range ev.Players {
		if !inRound[pl] && stillIn(&ev.Players[pl], p.Round) {
			absent = append(absent, pl)
		}
	}
	p.list(round, st, played, absent)
	return p, nil
}

// computePlayoff lists the playoff round opt asks for (by number, or by stage): its
// matches, each player's rank and points after the Swiss; nobody is unpaired or late.
func computePlayoff(ev *tbsheet.Event, opt Options) (*Pairings, error) {
	opt.Calc.NoExplain = true
	st, err := calc.Compute(ev, opt.Calc)
	if err != nil {
		return nil, err
	}
	b := topcut.Read(st)
	number := opt.Round
	if number == 0 {
		for _, r := range b.Rounds {
			if r.Stage == opt.Stage && r.Number > 0 {
				number = r.Number
			}
		}
		if number == 0 {
			return nil, &calc.UsageError{Msg: fmt.Sprintf("%s has no playoff round of the top %d paired", ev.Source, opt.Stage)}
		}
	}
	i := slices.IndexFunc(ev.Rounds, func(r tbsheet.Round) bool { return r.Playoff && r.Number == number })
	round := ev.Rounds[i]
	if err := checkPlayers(ev, round); err != nil {
		return nil, err
	}
	p := &Pairings{Event: ev, Round: number, Stage: b.Stage(number), Bracket: b, Before: st, Tables: []Table{}, Complete: true}
	p.list(round, st, nil, nil)
	return p, nil
}

// list lists the round's players and tables, then the absent players (Unpaired), each
// player's place and points from st (the standings before the round); played marks the
// players who played a round before it, for the late entries (nil: nobody is late).
func (p *Pairings) list(round tbsheet.Round, st *calc.Standings, played []bool, absent []int) {
	rows := make([]*calc.Row, len(p.Event.Players)) // by player
	for i := range st.Rows {
		if pl := st.Rows[i].Player; pl >= 0 && pl < len(rows) {
			rows[pl] = &st.Rows[i]
		}
	}
	p.Players = slices.Grow(p.Players, 2*len(round.Matches)+len(absent))
	p.Tables = slices.Grow(p.Tables, len(round.Matches))
	add := func(pl, opp, table int, r tbsheet.Result, c tbsheet.Color) int {
		plays := opp != tbsheet.NoPlayer || r == tbsheet.Bye || r == tbsheet.HalfBye
		line := Player{Player: pl, Table: table, Opponent: opp, Result: r, Color: c, Late: plays && played != nil && !played[pl]}
		if row := rows[pl]; row != nil {
			line.Rank, line.Points = row.Rank, row.Points
			line.Wins, line.Losses, line.Draws = row.Wins, row.Losses, row.Draws
		}
		p.Players = append(p.Players, line)
		return len(p.Players) - 1
	}
	numbers := TableNumbers(round)
	order := make([]int, len(round.Matches))
	for i := range order {
		order[i] = i
	}
	// Tables by number; matches without an opponent after them, in the input's order (a
	// round is usually in that order already: thousands of tables need no sort then).
	byNumber := func(a, b int) int {
		na, nb := numbers[a], numbers[b]
		if na == 0 || nb == 0 {
			return boolInt(na == 0) - boolInt(nb == 0)
		}
		return na - nb
	}
	if !slices.IsSortedFunc(order, byNumber) {
		slices.SortStableFunc(order, byNumber)
	}
	for _, i := range order {
		m := round.Matches[i]
		p.Complete = p.Complete && m.Result != tbsheet.Unreported
		if m.P2 == tbsheet.NoPlayer {
			add(m.P1, tbsheet.NoPlayer, 0, m.Result, m.Color)
			continue
		}
		mirror := m.Mirror()
		p1 := add(m.P1, m.P2, numbers[i], m.Result, m.Color)
		p2 := add(m.P2, m.P1, numbers[i], mirror.Result, mirror.Color)
		p.Tables = append(p.Tables, Table{Number: numbers[i], P1: p1, P2: p2, Match: m})
	}
	for _, pl := range absent {
		add(pl, tbsheet.NoPlayer, 0, tbsheet.Absent, tbsheet.ColorUnknown)
	}
}

// checkPlayers makes sure the round's matches name registered players (a reader's event
// always does; one built in code may not), else returns the event's validation errors.
func checkPlayers(ev *tbsheet.Event, r tbsheet.Round) error {
	known := func(p int) bool { return p >= 0 && p < len(ev.Players) }
	for _, m := range r.Matches {
		if !known(m.P1) || m.P2 != tbsheet.NoPlayer && !known(m.P2) {
			if errs := ev.Validate(); len(errs) > 0 {
				return errs
			}
			return fmt.Errorf("%s: round %d names a player who is not registered", ev.Source, r.Number)
		}
	}
	return nil
}

// stillIn reports whether a registered player is expected in round r: not disqualified,
// and not dropped before it.
func stillIn(pl *tbsheet.Player, r int) bool {
	return !pl.Disqualified && (pl.DroppedAfter == 0 || pl.DroppedAfter >= r)
}

// playedBefore marks the players who took part in one of the rounds: a match against an
// opponent, a bye or a half-point bye. A loss without an opponent and a zero-point bye are
// how inputs record a late entry's missed rounds.
func playedBefore(players int, rounds []tbsheet.Round) []bool {
	played := make([]bool, players)
	for _, r := range rounds {
		for _, m := range r.Matches {
			switch {
			case m.P2 != tbsheet.NoPlayer:
				played[m.P1], played[m.P2] = true, true
			case m.Result == tbsheet.Bye || m.Result == tbsheet.HalfBye:
				played[m.P1] = true
			}
		}
	}
	return played
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// InPlay returns the number of the round being played: the first Swiss round (by number)
// whose pairings are entered and some of whose results are not; 0 when every paired Swiss
// round has all its results.
func InPlay(ev *tbsheet.Event) int {
	in := 0
	for _, r := range ev.SwissRounds() {
		if (in == 0 || r.Number < in) && slices.ContainsFunc(r.Matches, func(m tbsheet.Match) bool { return m.Result == tbsheet.Unreported }) {
			in = r.Number
		}
	}
	return in
}

// Current returns the number of the round being played, the one listed when none is asked
// for: the Swiss round in play ([InPlay]); else the first playoff round with a result
// missing; else, while the top cut is played and once it is finished, its last playoff round
// (the bracket as it stands, the final and its winner). 0 when no Swiss round is in play and
// the event has no playoff round.
func Current(ev *tbsheet.Event) int {
	if r := InPlay(ev); r != 0 {
		return r
	}
	current, last := 0, 0
	for _, r := range ev.Rounds {
		if !r.Playoff {
			continue
		}
		last = max(last, r.Number)
		if (current == 0 || r.Number < current) && slices.ContainsFunc(r.Matches, func(m tbsheet.Match) bool { return m.Result == tbsheet.Unreported }) {
			current = r.Number
		}
	}
	if current != 0 {
		return current
	}
	return last
}

// Through returns the event as it stands during round r: a copy of ev whose Rounds are
// its Swiss rounds up to r, by number, r last (their matches are shared with ev, not
// copied). r = 0 means the round in play ([InPlay]).
//
// Errors: ErrNoRound when r is 0 and no round is in play; a calc.UsageError when ev is
// split in pods or has no Swiss round r.
func Through(ev *tbsheet.Event, r int) (*tbsheet.Event, error) {
	if ev == nil {
		return nil, &calc.UsageError{Msg: "no event"}
	}
	if len(ev.Pods) > 0 {
		return nil, &calc.UsageError{Msg: fmt.Sprintf("%s holds %d separate pods: choose one", ev.Source, len(ev.Pods))}
	}
	if r < 0 {
		return nil, &calc.UsageError{Msg: fmt.Sprintf("round %d: a round number is 1 or more", r)}
	}
	if r == 0 {
		if r = InPlay(ev); r == 0 {
			return nil, ErrNoRound
		}
	}
	swiss := ev.SwissRounds()
	slices.SortStableFunc(swiss, func(x, y tbsheet.Round) int { return x.Number - y.Number })
	during := *ev
	during.Rounds, during.Notes = nil, nil
	for _, s := range swiss {
		if s.Number <= r {
			during.Rounds = append(during.Rounds, s)
		}
	}
	if n := len(during.Rounds); n == 0 || during.Rounds[n-1].Number != r {
		return nil, &calc.UsageError{Msg: fmt.Sprintf("%s has no Swiss round %d with pairings", ev.Source, r)}
	}
	return &during, nil
}

// TableNumbers returns the table number of each of the round's matches, by index: the
// input's number, or, for a match between two players without one, the next number after
// the highest the round gives, in the input's order (1, 2, 3 … when it gives none); 0 for a
// match without an opponent.
func TableNumbers(r tbsheet.Round) []int {
	numbers := make([]int, len(r.Matches))
	next := 1
	for _, m := range r.Matches {
		if m.P2 != tbsheet.NoPlayer {
			next = max(next, m.Table+1)
		}
	}
	for i, m := range r.Matches {
		switch {
		case m.P2 == tbsheet.NoPlayer:
		case m.Table > 0:
			numbers[i] = m.Table
		default:
			numbers[i] = next
			next++
		}
	}
	return numbers
}
