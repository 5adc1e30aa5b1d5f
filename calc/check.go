package calc

import (
	"fmt"
	"slices"
	"strconv"
)

// Difference is one figure where the source software's own standings (Player.Reported)
// disagree with tbsheet's.
type Difference struct {
	// Player indexes Event.Players; Name is the player's name.
	Player int
	Name   string
	// Key is "rank" or the tiebreak id compared ("points", "kts-number", …).
	Key string
	// Theirs is the source's figure and Ours tbsheet's, both as displayed ("07592526");
	// Ours is "not ranked" for a player tbsheet leaves out of the standings.
	Theirs, Ours string
}

// String writes the difference for the organizer:
// `Alice: kts-number is 07592526 in the input, tbsheet computes 07466644`.
func (d Difference) String() string {
	return fmt.Sprintf("%s: %s is %s in the input, tbsheet computes %s", d.Name, d.Key, d.Theirs, d.Ours)
}

// Check compares every player's Reported figures with the standings: the rank, and each
// value keyed by a tiebreak id (computed even when not shown). It returns one Difference
// per disagreement, by player then key; nil means every reported figure matched (the KTS
// self-check of tiebreakers.md §A.3.3).
//
// Ranks are compared among the players the source ranks: TOM places only the players who
// finished, so a dropped player above them shifts none of their places. When the source
// ranks everyone (KTS, WER) this is the plain rank.
//
// Ranks are not compared for players who played a playoff round, since the source ranks the
// top cut by playoff results, unless st are final standings (see [Final]). Check returns nil for standings computed before the event's
// last Swiss round (Options.AfterRound, or a round left out as incomplete): the reported
// figures are final ones.
func Check(st *Standings) []Difference {
	if st.ctx == nil || len(st.Rounds) < len(st.Event.SwissRounds()) {
		return nil
	}
	ev := st.Event
	rows := rowOf(st)
	inPlayoff := make([]bool, len(ev.Players))
	for _, r := range ev.Rounds {
		if r.Playoff {
			for _, m := range r.Matches {
				for _, p := range [2]int{m.P1, m.P2} {
					if p >= 0 && p < len(ev.Players) {
						inPlayoff[p] = true
					}
				}
			}
		}
	}
	ourRank := rankAmongReported(st)
	var diffs []Difference
	for p, pl := range ev.Players {
		rep := pl.Reported
		if rep == nil {
			continue
		}
		diff := func(key, theirs, ours string) {
			diffs = append(diffs, Difference{Player: p, Name: pl.Name, Key: key, Theirs: theirs, Ours: ours})
		}
		row := rows[p]
		if rep.Rank > 0 && (st.Final || !inPlayoff[p]) {
			switch {
			case row < 0:
				diff("rank", strconv.Itoa(rep.Rank), "not ranked")
			case ourRank[p] != rep.Rank:
				ours := strconv.Itoa(st.Rows[row].Rank)
				if ourRank[p] != st.Rows[row].Rank {
					ours += fmt.Sprintf(" (%d among the players the input ranks)", ourRank[p])
				}
				diff("rank", strconv.Itoa(rep.Rank), ours)
			}
		}
		keys := make([]string, 0, len(rep.Values))
		for k := range rep.Values {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, key := range keys {
			theirs := rep.Values[key]
			d, ok := Lookup(key)
			if !ok {
				diff(key, theirs.String(), "nothing (tbsheet has no tiebreak with this id)")
				continue
			}
			ours := st.ctx.Get(key)[p].Value
			if !ours.OK || !ours.Num.Equal(theirs) {
				o := d.FormatValue(ours)
				if !ours.OK {
					o = "n/a"
				}
				diff(key, d.FormatValue(Known(theirs)), o)
			}
		}
	}
	return diffs
}

// rankAmongReported returns, per player index, the player's shared rank counted only over the
// rows whose player has a reported rank.
func rankAmongReported(st *Standings) []int {
	out := make([]int, len(st.Event.Players))
	k, prevRank, prevOurs := 0, 0, 0
	for _, r := range st.Rows {
		rep := st.Event.Players[r.Player].Reported
		if rep == nil || rep.Rank <= 0 {
			continue
		}
		k++
		if k > 1 && r.Rank == prevRank {
			out[r.Player] = prevOurs
		} else {
			out[r.Player] = k
		}
		prevRank, prevOurs = r.Rank, out[r.Player]
	}
	return out
}
