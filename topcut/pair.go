package topcut

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// ErrNotReady is wrapped by every refusal to pair a playoff round that the organizer can
// mend in the results: a Swiss round or a playoff round without all its results, a tie at
// the cut line, a cut that is not the top of the Swiss standings, a finished cut.
var ErrNotReady = errors.New("the top cut cannot be paired")

// MaxCut is the largest top cut Pair seeds.
const MaxCut = 1024

// Pair pairs the event's next playoff round. st are its standings after every Swiss round
// (calc.Compute, or calc.Final's).
//
// Before any playoff round, it seeds the first round of a top cut players (cut from 2 to
// MaxCut) by Swiss rank: the best cut players who have not dropped, in the bracket order
// of [Order], seed 1 against the lowest seed; in a cut that is not a power of two the top
// seeds get a bye (a bye row). It refuses while a Swiss round (or one the event plans) is
// not played, and when a rank at the cut line, or inside the cut, is shared (the organizer
// decides who goes through, and can type the first round himself).
//
// Once playoff rounds are played, it pairs the round after the last from its winners, the
// winner of each game against the winner of the game beside it (cut must then be 0 or the
// cut's size). It refuses while a playoff round lacks a result (a draw decides nothing),
// when the playoff rounds do not follow the bracket by Swiss rank, or when the final has
// its winner.
//
// Every game's Player 1 is the higher seed; tbsheet gives no colours (chess events play
// their cut by their own rules). Tables are numbered from 1 down the bracket; a bye row has
// no table. The round is numbered after the event's last.
//
// Errors: a calc.UsageError for a bad cut (errors.Is(err, calc.ErrUsage)); else a
// tbsheet.ErrorList whose problems wrap ErrNotReady, each where the organizer mends it.
func Pair(st *calc.Standings, cut int) (tbsheet.Round, error) {
	swiss := st
	if st.Swiss != nil {
		swiss = st.Swiss
	}
	ev := swiss.Event
	if len(ev.Pods) > 0 {
		return tbsheet.Round{}, &calc.UsageError{Msg: fmt.Sprintf("%s holds %d separate pods: choose one", ev.Source, len(ev.Pods))}
	}
	if cut < 0 || cut == 1 || cut > MaxCut {
		return tbsheet.Round{}, &calc.UsageError{Msg: fmt.Sprintf("--cut %d: a top cut has from 2 to %d players", cut, MaxCut)}
	}
	if errs := swissDone(swiss); len(errs) > 0 {
		return tbsheet.Round{}, errs
	}
	number := 0
	for _, r := range ev.Rounds {
		number = max(number, r.Number)
	}
	round := tbsheet.Round{Number: number + 1, Playoff: true}
	b := Read(swiss)
	if b == nil {
		if cut == 0 {
			return tbsheet.Round{}, &calc.UsageError{Msg: fmt.Sprintf("%s has no playoff round yet: say how many players make the top cut (--cut 8)", ev.Source)}
		}
		seeds, errs := topOfSwiss(swiss, cut)
		if len(errs) > 0 {
			return tbsheet.Round{}, errs
		}
		size := Size(cut)
		order := Order(size)
		for i := 0; i < size; i += 2 {
			hi, lo := order[i], order[i+1] // hi < lo: the upper place holds the higher seed
			if lo > cut {
				round.Matches = append(round.Matches, tbsheet.Match{P1: seeds[hi-1], P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
				continue
			}
			round.Matches = append(round.Matches, tbsheet.Match{P1: seeds[hi-1], P2: seeds[lo-1]})
		}
		numberTables(round.Matches)
		return round, nil
	}
	if cut != 0 && cut != len(b.Seeds) {
		return tbsheet.Round{}, &calc.UsageError{Msg: fmt.Sprintf("--cut %d: the top cut being played has %d players", cut, len(b.Seeds))}
	}
	games, errs := b.next()
	if len(errs) > 0 {
		return tbsheet.Round{}, errs
	}
	for _, g := range games {
		a, c := g.Players[0], g.Players[1]
		switch {
		case a == tbsheet.NoPlayer && c == tbsheet.NoPlayer:
		case a == tbsheet.NoPlayer || c == tbsheet.NoPlayer:
			round.Matches = append(round.Matches, tbsheet.Match{P1: max(a, c), P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
		case b.Seed(c) < b.Seed(a):
			round.Matches = append(round.Matches, tbsheet.Match{P1: c, P2: a})
		default:
			round.Matches = append(round.Matches, tbsheet.Match{P1: a, P2: c})
		}
	}
	numberTables(round.Matches)
	return round, nil
}

// numberTables numbers the matches between two players from table 1, in order.
func numberTables(ms []tbsheet.Match) {
	t := 0
	for i := range ms {
		if ms[i].P2 != tbsheet.NoPlayer {
			t++
			ms[i].Table = t
		}
	}
}

// swissDone reports what keeps the Swiss from being over: a Swiss round with pairings but
// no result (each such table where it is), a planned round not paired yet, standings that
// leave a round out.
func swissDone(swiss *calc.Standings) tbsheet.ErrorList {
	ev := swiss.Event
	var errs tbsheet.ErrorList
	last := 0
	for _, r := range ev.SwissRounds() {
		last = max(last, r.Number)
		for _, m := range r.Matches {
			if m.Result == tbsheet.Unreported {
				errs.Add(tbsheet.Errorf(m.Pos, ErrNotReady, "round %d, %s has no result: the top cut starts once the Swiss rounds are played",
					r.Number, tableWords(ev, m)))
			}
		}
	}
	switch {
	case len(errs) > 0:
	case last == 0:
		errs.Add(tbsheet.Errorf(tbsheet.Pos{File: ev.Source}, ErrNotReady, "no Swiss round is played: the top cut starts after them"))
	case ev.PlannedRounds > last:
		errs.Add(tbsheet.Errorf(tbsheet.Pos{File: ev.Source}, ErrNotReady, "the event plans %d Swiss rounds and %d are paired: the top cut starts after round %d",
			ev.PlannedRounds, last, ev.PlannedRounds))
	case len(swiss.Rounds) == 0 || slices.Max(swiss.Rounds) < last:
		errs.Add(tbsheet.Errorf(tbsheet.Pos{File: ev.Source}, ErrNotReady, "the standings leave out Swiss rounds: the top cut is seeded after round %d", last))
	}
	return errs
}

// tableWords names a match for the organizer: "table 3 (Ann Lee – Bo Chen)", or the
// players alone when it has no table.
func tableWords(ev *tbsheet.Event, m tbsheet.Match) string {
	names := ev.Players[m.P1].Name
	if m.P2 != tbsheet.NoPlayer {
		names += " – " + ev.Players[m.P2].Name
	}
	if m.Table > 0 {
		return "table " + strconv.Itoa(m.Table) + " (" + names + ")"
	}
	return names
}

// eligible returns the rows of the Swiss standings of the players who can make the cut:
// those who have not dropped.
func eligible(swiss *calc.Standings) []calc.Row {
	return slices.DeleteFunc(slices.Clone(swiss.Rows), func(r calc.Row) bool { return r.DroppedAfter > 0 })
}

// topOfSwiss returns the cut's players by seed: the best cut players of the Swiss who have
// not dropped. A rank shared at the cut line or inside the cut is the organizer's to
// decide.
func topOfSwiss(swiss *calc.Standings, cut int) ([]int, tbsheet.ErrorList) {
	ev := swiss.Event
	rows := eligible(swiss)
	at := tbsheet.Pos{File: ev.Source}
	var errs tbsheet.ErrorList
	if len(rows) < cut {
		errs.Add(tbsheet.Errorf(at, ErrNotReady, "a top %d needs %d players and %d can play it (players who dropped cannot)", cut, cut, len(rows)))
		return nil, errs
	}
	for i := 0; i < cut; {
		j := i + 1
		for j < len(rows) && rows[j].Rank == rows[i].Rank {
			j++
		}
		if j-i > 1 {
			var names []string
			for _, r := range rows[i:j] {
				names = append(names, ev.Players[r.Player].Name)
			}
			what := "the top " + strconv.Itoa(cut) + " line falls between them"
			if j <= cut {
				what = "their seeds decide whom they meet"
			}
			errs.Add(tbsheet.Errorf(at, ErrNotReady, "Swiss rank %d is shared by %s, tied on every key, and %s: decide as the event's rules say (a playoff, by lot), then type the first playoff round yourself; tbsheet pairs the rounds after it",
				rows[i].Rank, strings.Join(names, ", "), what))
		}
		i = j
	}
	seeds := make([]int, cut)
	for i := range seeds {
		seeds[i] = rows[i].Player
	}
	return seeds, errs
}

// next returns the games of the round after the last one paired, every player known; or
// what keeps it from being paired.
func (b *Bracket) next() ([]Game, tbsheet.ErrorList) {
	ev := b.Event
	at := tbsheet.Pos{File: ev.Source}
	var errs tbsheet.ErrorList
	if !b.Ordered {
		errs.Add(tbsheet.Errorf(at, ErrNotReady, "the playoff rounds are not paired in the bracket by Swiss rank (%s): type the next round yourself",
			b.disorder()))
		return nil, errs
	}
	// The cut must be the top of the Swiss: a player ranked above one of its players who is
	// not in it and has not dropped is a seed it skipped without a bye row.
	worst := 0
	for _, row := range b.Swiss.Rows {
		if b.Seed(row.Player) > 0 {
			worst = max(worst, row.Rank)
		}
	}
	var skipped []string
	for _, row := range eligible(b.Swiss) {
		if row.Rank < worst && b.Seed(row.Player) == 0 {
			skipped = append(skipped, fmt.Sprintf("%s (Swiss rank %d)", ev.Players[row.Player].Name, row.Rank))
		}
	}
	if len(skipped) > 0 {
		errs.Add(tbsheet.Errorf(at, ErrNotReady, "%s ranks above players of the top cut but is not in it: give a bye row in the first playoff round to a seed who has one, or mark the drop of a player who left",
			strings.Join(skipped, ", ")))
		return nil, errs
	}
	last := -1
	for k, r := range b.Rounds {
		if r.Number > 0 {
			last = k
		}
	}
	for _, r := range b.Rounds[:last+1] {
		for _, g := range r.Games {
			switch m := g.Match; {
			case g.Winner >= 0 || g.Players[0] == tbsheet.NoPlayer && g.Players[1] == tbsheet.NoPlayer:
			case m == nil && r.Number > 0 && g.Players[0] >= 0 && g.Players[1] >= 0:
				errs.Add(tbsheet.Errorf(tbsheet.Pos{File: ev.Source, Sheet: b.roundSheet(r.Number)}, ErrNotReady,
					"round %d does not pair %s with %s, as the bracket does", r.Number, ev.Players[g.Players[0]].Name, ev.Players[g.Players[1]].Name))
			case m == nil:
				// Waits for an earlier game, itself reported.
			case m.Result == tbsheet.Unreported:
				errs.Add(tbsheet.Errorf(m.Pos, ErrNotReady, "round %d, %s has no result: the next playoff round is paired from the winners",
					r.Number, tableWords(ev, *m)))
			case calc.KnockoutOf(m.Result) == calc.Undecided:
				errs.Add(tbsheet.Errorf(m.Pos, ErrNotReady, "round %d, %s is a %s, which decides nothing in single elimination: enter who goes on",
					r.Number, tableWords(ev, *m), m.Result))
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if b.Champion != tbsheet.NoPlayer {
		errs.Add(tbsheet.Errorf(at, ErrNotReady, "the top cut is finished: %s won the final (round %d)",
			ev.Players[b.Champion].Name, b.Rounds[len(b.Rounds)-1].Number))
		return nil, errs
	}
	if last == len(b.Rounds)-1 {
		errs.Add(tbsheet.Errorf(at, ErrNotReady, "the final (round %d) has no winner: nobody is left to pair", b.Rounds[last].Number))
		return nil, errs
	}
	return b.Rounds[last+1].Games, nil
}

// roundSheet returns where the event's round number starts (its sheet, in a workbook).
func (b *Bracket) roundSheet(number int) string {
	for _, r := range b.Event.Rounds {
		if r.Number == number {
			return r.Pos.Sheet
		}
	}
	return ""
}

// disorder names the first playoff match that is not where the bracket by Swiss rank has
// it: "round 6, table 1 (A – B): seeds 1 and 6".
func (b *Bracket) disorder() string {
	m := b.misfit.Match
	if m.P2 == tbsheet.NoPlayer {
		return fmt.Sprintf("round %d, %s: a bye for seed %d", b.misfit.Round, tableWords(b.Event, m), b.Seed(m.P1))
	}
	return fmt.Sprintf("round %d, %s: seeds %d and %d", b.misfit.Round, tableWords(b.Event, m), b.Seed(m.P1), b.Seed(m.P2))
}
