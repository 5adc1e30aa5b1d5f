// Package scenario answers, before a Swiss round is played, what each possible result means
// for every player's place in the top cut: "in" whatever the other tables do, "out" whatever
// they do, or "depends" — proved over the combinations of the round's results, never guessed.
//
// Every combination is a hypothetical event (the round's unreported matches filled in) ranked
// by [calc.Compute], so verdicts agree with the standings by construction. Small rounds are
// ranked in every combination. Larger ones are searched: each tiebreak's bounds over all
// combinations settle who is certainly ahead of whom (points first), real combinations ranked
// by calc serve as witnesses, and a work budget stops the search; a verdict it could not
// prove is "depends" with Proved false, never a guess.
//
// The package does no I/O; calc does not import it.
package scenario

import (
	"context"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/pairings"
)

// ErrNoRound is returned when the event has no Swiss round with pairings but missing results
// and no round was asked for: the pairings' own (the round analysed is the round the
// pairings list, [pairings.Through]).
var ErrNoRound = pairings.ErrNoRound

// Options say what to analyse.
type Options struct {
	// Calc are the ranking options (system, tiebreaks, points, floors), as for standings.
	// AfterRound must be 0 (Round chooses the round); NoExplain is implied.
	Calc calc.Options
	// Cut is the number of players in the top cut (8 for a top 8); at least 1.
	Cut int
	// Round is the Swiss round to analyse. 0 means the first round whose pairings are
	// entered and some of whose results are not. Results already entered in the round are
	// kept; if every result of the round is entered, the round is analysed as it stood before
	// it was played (byes kept).
	Round int
	// Rounds is the number of Swiss rounds the event plans, for the outlook two rounds from
	// the end; 0 means the event's own (Event.PlannedRounds).
	Rounds int
	// Effort multiplies the work budget (DefaultBudget); 0 means 1.
	Effort float64

	// budget, when positive, replaces the work budget (tests).
	budget int64
	// search makes every round be searched, never ranked in every combination (tests).
	search bool
	// proveOnly leaves every item the bounds do not prove to the depth-first proof,
	// skipping the witnesses, settle and the proof's own seeking; noLinear keeps the proof from summing separable keys (tests).
	proveOnly, noLinear bool
	// apart makes the proof's joint bound try every conflict player by player (tests).
	apart bool
}

// DefaultBudget is the work the analysis may do, in matches ranked: ranking one combination
// costs the event's number of matches plus a constant. It is about a second of ranking on one
// core: every combination of a 20-player round, or 120 of a 4,096-player one.
const DefaultBudget = 3_000_000

// Verdict is what one of a player's results means for the cut.
type Verdict uint8

const (
	// Depends: he makes the cut in some combinations of the other tables' results and not in
	// others (or the search could not tell: see Outcome.Proved).
	Depends Verdict = iota
	// In: he makes the cut in every combination.
	In
	// Out: he misses the cut in every combination.
	Out
)

var verdictNames = [...]string{Depends: "depends", In: "in", Out: "out"}

// String returns "in", "out" or "depends".
func (v Verdict) String() string { return verdictNames[v] }

// Result is a result a player can have in the analysed round, from his own side.
type Result uint8

// The results of a match in the analysed round. A draw is entered as an intentional draw
// (Magic counts it 0-0-3 in game points), wins and losses without game scores.
const (
	Win Result = iota
	Draw
	Loss
)

// Results lists the three results in the order verdicts are printed.
var Results = [3]Result{Win, Draw, Loss}

var resultNames = [...]string{Win: "win", Draw: "draw", Loss: "loss"}

// String returns "win", "draw" or "loss".
func (r Result) String() string { return resultNames[r] }

// Mirror returns the opponent's result.
func (r Result) Mirror() Result { return Loss - r }

// Places is a range of places in the standings, best (lowest number) first. The place a
// player holds is one plus the number of players still in the event ranked strictly above
// him.
type Places struct{ Lo, Hi int }

// Exact reports whether the range is one place.
func (p Places) Exact() bool { return p.Lo == p.Hi }

// Outcome is what one result means for a player.
type Outcome struct {
	Verdict Verdict
	// Proved is false only for a Depends verdict the analysis could not settle within its
	// budget: the player may in truth be in (or out) in every combination.
	Proved bool
	// Best and Worst are the best and the worst place he finishes in over the combinations:
	// each is known to lie in its range, and is exact when the range is one place.
	Best, Worst Places
	// Tables lists, for a Depends verdict, the other tables (by number) whose results change
	// where he stands against the line: in the cut, sharing a place across it, or out.
	Tables []int
	// Others is true when tables not in Tables may matter too, through tiebreaks, without
	// the analysis having identified them.
	Others bool
	// Tiebreaks is true when, in some combinations, players on the same points as him
	// decide by tiebreaks whether he makes the cut.
	Tiebreaks bool
	// Condition, when not nil, says exactly when he makes the cut in terms of the results at
	// some of Tables (at most three tables matter).
	Condition *Condition
}

// Condition says when a player makes the cut: in the combinations where one of Any holds
// (or, with Unless, in all the others).
type Condition struct {
	// Unless makes Any describe the combinations where he does not make the cut.
	Unless bool
	// Any lists alternatives; each holds when all its terms hold.
	Any [][]Term
}

// Term says that a table ends in one of some results.
type Term struct {
	// Table is the table's number.
	Table int
	// Results are the results that satisfy the term, from the table's Player 1's side:
	// one or two of Win, Draw, Loss.
	Results []Result
}

// Player is one player of the analysed round.
type Player struct {
	// Player indexes Event.Players.
	Player int
	// Table is the number of his table in the round, 0 for a bye or a result without an
	// opponent.
	Table int
	// Opponent indexes Event.Players, or tbsheet.NoPlayer.
	Opponent int
	// Fixed is his result when it is already known (a bye, a result entered in the round),
	// else tbsheet.Unreported. A fixed result gives the same outcome under all three results.
	Fixed tbsheet.Result
	// Dropped is true for a player who dropped (by the end of the round): he is not in the
	// cut, and has no place.
	Dropped bool
	// Rank and Points are his place and points in the standings before the round (0 and
	// zero before round 1).
	Rank   int
	Points exact.Num
	// Wins, Losses and Draws are his record before the round.
	Wins, Losses, Draws int
	// Outcomes holds what each result means, indexed by Result.
	Outcomes [3]Outcome
}

// Best returns the best place the player can finish in over all his results.
func (p *Player) Best() Places {
	b := p.Outcomes[0].Best
	for _, o := range p.Outcomes[1:] {
		b.Lo, b.Hi = min(b.Lo, o.Best.Lo), min(b.Hi, o.Best.Hi)
	}
	return b
}

// Worst returns the worst place the player can finish in over all his results.
func (p *Player) Worst() Places {
	w := p.Outcomes[0].Worst
	for _, o := range p.Outcomes[1:] {
		w.Lo, w.Hi = max(w.Lo, o.Worst.Lo), max(w.Hi, o.Worst.Hi)
	}
	return w
}

// Open reports whether the player's result is still to be played.
func (p *Player) Open() bool { return p.Fixed == tbsheet.Unreported }

// Table is one unreported match of the analysed round.
type Table struct {
	// Number is the table's number (numbered as [pairings.TableNumbers] does when the input
	// gives none).
	Number int
	// P1 and P2 index Report.Players.
	P1, P2 int
}

// Report is the analysis of one round.
type Report struct {
	// Event is the event analysed; Before its standings before the round.
	Event  *tbsheet.Event
	Before *calc.Standings
	// Round is the analysed round and Cut the size of the top cut.
	Round, Cut int
	// Rounds is the number of Swiss rounds the event plans, or 0 when unknown.
	Rounds int
	// Players lists the round's players by their rank before the round, then by name.
	Players []Player
	// Tables lists the round's unreported matches by number.
	Tables []Table
	// Exhaustive is true when every combination of results was ranked: there are 3 to the
	// power of len(Tables) of them. Ranked is the number of combinations ranked.
	Exhaustive bool
	Ranked     int
	// Outlook is the outlook for the round after, when the event plans exactly one more
	// round; nil otherwise.
	Outlook *Outlook
	// Reopened is true when every result of the round was entered: the round is analysed as
	// it stood before it was played.
	Reopened bool
	// Stopped is true when the search stopped at its work budget (some verdicts may then be
	// unproved).
	Stopped bool
}

// Proved reports whether every verdict is proved.
func (r *Report) Proved() bool {
	for i := range r.Players {
		for _, o := range r.Players[i].Outcomes {
			if !o.Proved {
				return false
			}
		}
	}
	return true
}

// Outlook is what points are certainly enough, or certainly not enough, for the cut after
// the round that follows the analysed one, whatever the results of both rounds and the
// pairings of the last: on points alone, every player on the same points counted ahead.
type Outlook struct {
	// Round is the last round, after which the cut is made.
	Round int
	// Levels lists the final points reachable, best first.
	Levels []Level
}

// Level is one final score of the outlook.
type Level struct {
	Points exact.Num
	// Records are the final records (wins, losses, draws) that reach Points.
	Records [][3]int
	// Verdict is In when Points are enough whatever happens, Out when more than Cut players
	// certainly finish on more points, else Depends.
	Verdict Verdict
}

// Analyze works out, for every player of the round and each of his possible results, whether
// he makes the top Cut. It stops early, with ctx's error, when ctx is cancelled.
//
// Errors: ErrNoRound when no round is waiting for results and opt.Round is 0; a usage error
// of calc (errors.Is(err, calc.ErrUsage)) for a bad system, tiebreak or option, or a bad Cut
// or Round; the event's validation errors.
//
// With the default Effort, a store-sized event (at most StoreSized players) that leaves a
// verdict unproved is analysed again with twice the budget, and again, up to AutoEffort
// times it, while each run proves more: the first run is enough for most rounds, and a
// larger budget costs time even where it is not needed.
func Analyze(ctx context.Context, ev *tbsheet.Event, opt Options) (*Report, error) {
	effort := 1.0
	var last *Report
	for {
		o := opt
		if opt.Effort == 0 && effort > 1 {
			o.Effort = effort
		}
		a, err := newAnalysis(ev, o)
		if err != nil {
			return nil, err
		}
		if err := a.run(ctx); err != nil {
			return nil, err
		}
		effort *= 2
		if a.rep.Proved() || opt.Effort != 0 || opt.budget != 0 || len(ev.Players) > StoreSized || effort > AutoEffort {
			return a.rep, nil
		}
		if last != nil && unprovedOf(a.rep) >= unprovedOf(last) {
			// Twice the budget proved nothing more: more would not either, most likely.
			return a.rep, nil
		}
		last = a.rep
	}
}

// unprovedOf counts the outcomes of a report that are not proved.
func unprovedOf(rep *Report) int {
	n := 0
	for _, pl := range rep.Players {
		for _, o := range pl.Outcomes {
			if !o.Proved {
				n++
			}
		}
	}
	return n
}

// StoreSized is the most players of an event whose analysis, at the default Effort, goes on
// until every verdict is proved (see [Analyze]); AutoEffort is the most it multiplies the
// budget by.
const (
	StoreSized = 64
	AutoEffort = 16
)
