package calc

import (
	"math/bits"
	"slices"
	"sort"
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// Final returns the final standings after a top cut, for prize tables: the players who played
// the playoff rounds (Event.Rounds with Playoff set) come first, ordered by how far they went
// (winner, finalist, semi-finalists, quarter-finalists, …), then everyone else in Swiss order.
//
//   - Players who went out in the same playoff round are ordered by a placement match between
//     them when one was played (a 3rd-place match, a 5th–8th bracket: a win ranks above a loss),
//     else by their Swiss rank, and have distinct places: semi-finalists are 3 and 4 by Swiss
//     rank, as TOM, KTS and most prize tables list them. Only players equal in Swiss rank too
//     share a place.
//   - A bye in a playoff round advances; a player the bracket skips (the top seeds of a top 6)
//     simply enters later. A player who played a playoff round and is missing from a later one
//     went out in it (a note says so).
//   - Players whose match is not decided yet (unreported, or a draw, which single elimination
//     cannot use) are still in.
//   - Until the cut is finished (one winner, no undecided match) there are no final places:
//     the result keeps the Swiss order and ranks, with Final false and Cut set, and each cut
//     player's row says whether he is still in (StillIn) or how far he went (Finish). A note
//     says the cut is not finished. The title is then "Standings after the Swiss · Top 8 in
//     progress", never "Final standings", and no two players share a place they have not
//     earned.
//   - Players outside the cut keep their Swiss order and shared ranks; their places continue
//     after the cut. A player who dropped before the top cut is among them: the model shows the
//     cut as whoever played it.
//
// Each cut player's Row.Note names his finish ("winner", "finalist", "semi-finalist", …).
// Rows keep their Swiss figures. The result is a new Standings with Final set once the cut
// is finished, Cut the number of players in it and Swiss = st; st is not changed. When the
// event has no playoff rounds, or st are standings from before the last Swiss round
// (--after-round, an unfinished round), the result is a copy of st with Final false and Cut
// 0.
func Final(st *Standings) *Standings {
	out := *st
	out.Rows = slices.Clone(st.Rows)
	out.Notes = slices.Clone(st.Notes)
	ev := st.Event
	var rounds []*tbsheet.Round
	lastSwiss := 0
	for i := range ev.Rounds {
		if r := &ev.Rounds[i]; r.Playoff {
			rounds = append(rounds, r)
		} else {
			lastSwiss = max(lastSwiss, r.Number)
		}
	}
	if len(rounds) == 0 {
		return &out
	}
	if n := len(st.Rounds); n > 0 && st.Rounds[n-1] < lastSwiss {
		out.Notes = append(out.Notes, i18n.N("note.before-cut", st.Rounds[n-1], lastSwiss))
		return &out
	}
	sort.SliceStable(rounds, func(i, j int) bool { return rounds[i].Number < rounds[j].Number })

	swiss := make(map[int]int, len(st.Rows)) // player → Swiss rank
	for _, row := range st.Rows {
		swiss[row.Player] = row.Rank
	}
	b := newBracket(ev, rounds, swiss)
	out.Notes = append(out.Notes, b.notes...)
	out.Cut, out.Swiss = len(b.fin), st
	if !b.finished {
		// While the cut is played nobody's final place is known: the Swiss ranks stand, and
		// the rows say who is still in and how far the others went.
		for i := range out.Rows {
			if f := b.fin[out.Rows[i].Player]; f != nil {
				row := &out.Rows[i]
				row.Finish, row.StillIn = b.top(f), f.in
				row.Note = i18n.Join("sep.notes", finishNote(row.Finish, row.StillIn), row.Note)
			}
		}
		return &out
	}
	fin := func(row Row) *finish { return b.fin[row.Player] } // nil outside the cut
	less := func(x, y Row) bool {
		a, c := fin(x), fin(y)
		switch {
		case (a == nil) != (c == nil):
			return a != nil // the cut first
		case a == nil:
			return x.Rank < y.Rank
		case a.stage != c.stage:
			return a.stage > c.stage
		case a.in != c.in:
			return a.in
		}
		if d := slices.Compare(a.place, c.place); d != 0 {
			return d > 0
		}
		return x.Rank < y.Rank
	}
	same := func(x, y Row) bool {
		a, c := fin(x), fin(y)
		switch {
		case a == nil && c == nil:
			return x.Rank == y.Rank
		case a == nil || c == nil || a.stage != c.stage || a.in != c.in:
			return false
		case a.in:
			return true // still in the same round, undecided
		}
		return slices.Equal(a.place, c.place) && x.Rank == y.Rank
	}
	sort.SliceStable(out.Rows, func(i, j int) bool { return less(out.Rows[i], out.Rows[j]) })
	ranks := make([]int, len(out.Rows)) // computed before Rank is overwritten: same reads it
	for i := range out.Rows {
		ranks[i] = i + 1
		if i > 0 && same(out.Rows[i-1], out.Rows[i]) {
			ranks[i] = ranks[i-1]
		}
	}
	for i := range out.Rows {
		out.Rows[i].Rank = ranks[i]
		if f := fin(out.Rows[i]); f != nil {
			row := &out.Rows[i]
			row.Finish = b.top(f)
			row.Note = i18n.Join("sep.notes", finishNote(row.Finish, row.StillIn), row.Note)
		}
	}
	out.Final = true
	return &out
}

// finish is how far one player went in the top cut.
type finish struct {
	// stage is the 1-based index of the playoff round the player went out in, or is still
	// undecided in; len(rounds)+1 for a player through every round (the winner, or a player
	// waiting for a round not paired yet).
	stage int
	// in is true while the player has not lost.
	in bool
	// place holds, per playoff round, the player's placement match after going out: 2 won,
	// 1 drawn or none, 0 lost. Compared lexicographically, it orders a 3rd-place match and a
	// 5th–8th bracket.
	place []int
}

// bracket replays the playoff rounds.
type bracket struct {
	rounds []*tbsheet.Round
	fin    map[int]*finish
	// reached[k] is how many players were still in at the start of round k+1 (1-based
	// stage k+1), for the labels.
	reached []int
	// finished is true when the cut has one winner and no undecided match.
	finished bool
	notes    []i18n.Note
}

func newBracket(ev *tbsheet.Event, rounds []*tbsheet.Round, swiss map[int]int) *bracket {
	b := &bracket{rounds: rounds, fin: map[int]*finish{}}
	// Every player in the cut is replayed, the unranked (disqualified) too, so that a
	// disqualified winner still makes the cut finished; Final ranks only the ranked ones.
	var order []int // by Swiss rank, the unranked last, for stable notes
	for _, r := range rounds {
		for _, m := range r.Matches {
			for _, p := range []int{m.P1, m.P2} {
				if p != tbsheet.NoPlayer && b.fin[p] == nil {
					b.fin[p] = &finish{in: true, place: make([]int, len(rounds))}
					order = append(order, p)
				}
			}
		}
	}
	rank := func(p int) int {
		if r, ok := swiss[p]; ok {
			return r
		}
		return len(ev.Players) + 1
	}
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	undecided := map[int]bool{}
	played := map[int]bool{}
	for k, r := range rounds {
		seat := map[int]tbsheet.Result{} // player → result from his side in this round
		for _, m := range r.Matches {
			if _, dup := seat[m.P1]; !dup {
				seat[m.P1] = m.Result
			}
			if _, dup := seat[m.P2]; m.P2 != tbsheet.NoPlayer && !dup {
				seat[m.P2] = m.Result.Mirror()
			}
		}
		// A round of placement matches only (a 3rd-place match played after the final) puts
		// no one out; a bracket round puts out those who should be in it and are not.
		decides := false
		for p := range seat {
			if f := b.fin[p]; f != nil && f.in && !undecided[p] {
				decides = true
			}
		}
		for _, p := range order {
			f := b.fin[p]
			res, paired := seat[p]
			switch {
			case !f.in:
				f.place[k] = placement(res, paired)
			case undecided[p]:
			case !paired:
				if played[p] && decides {
					f.in, f.stage = false, k+1
					b.notes = append(b.notes, i18n.N("note.playoff-unpaired", ev.Players[p].Name, r.Number))
				}
			default:
				played[p] = true
				switch KnockoutOf(res) {
				case Undecided:
					undecided[p], f.stage = true, k+1
					if res != tbsheet.Unreported {
						b.notes = append(b.notes, i18n.N("note.playoff-undecided", r.Number, ev.Players[p].Name, i18n.N("res."+res.String())))
					}
				case Eliminated:
					f.in, f.stage = false, k+1
				}
			}
		}
	}
	b.reached = make([]int, len(rounds)+2)
	winners := 0
	for _, f := range b.fin {
		if f.stage == 0 {
			f.stage = len(rounds) + 1
			winners++
		}
		for s := 1; s <= f.stage; s++ {
			b.reached[s]++
		}
	}
	b.finished = winners == 1 && len(undecided) == 0
	if !b.finished {
		b.notes = append(b.notes, i18n.N("note.cut-unfinished"))
	}
	return b
}

// Knockout is what a playoff match's result does, in single elimination, to the player it
// is read for.
type Knockout uint8

const (
	// Undecided is a match without a result yet, or with one that decides nothing in single
	// elimination (a draw, an intentional draw, a half-point bye): the player is still in.
	Undecided Knockout = iota
	// Advances is a win, a forfeit win or a bye.
	Advances
	// Eliminated is every kind of loss, a double loss or forfeit included.
	Eliminated
)

// KnockoutOf returns what result r does to the player it is read for in a playoff round.
func KnockoutOf(r tbsheet.Result) Knockout {
	switch r {
	case tbsheet.Win, tbsheet.ForfeitWin, tbsheet.Bye:
		return Advances
	case tbsheet.Unreported, tbsheet.Draw, tbsheet.IntentionalDraw, tbsheet.HalfBye:
		return Undecided
	}
	return Eliminated
}

// placement scores a placement match (one between players already out) from one side.
func placement(res tbsheet.Result, paired bool) int {
	if !paired {
		return 1
	}
	switch KnockoutOf(res) {
	case Advances:
		return 2
	case Eliminated:
		return 0
	}
	return 1
}

// top returns the field a finish is counted in: 1 for the winner, 2 for a finalist, 4 for a
// semi-finalist, then the next power of two above the players who reached the round; for a
// player still in, the field of his round.
func (b *bracket) top(f *finish) int {
	if f.in && b.finished {
		return 1
	}
	return max(2, 1<<bits.Len(uint(b.reached[f.stage]-1)))
}

// finishNote names a finish for a row's note: "winner", "finalist", "semi-finalist",
// "quarter-finalist", "top 16", or "still in the top cut".
func finishNote(top int, stillIn bool) i18n.Note {
	switch {
	case stillIn:
		return i18n.N("row.finish.in")
	case top <= 8:
		return i18n.N("row.finish." + strconv.Itoa(top))
	}
	return i18n.N("row.finish.top", top)
}
