package scenario

import (
	"context"
	"slices"

	"github.com/tbsheet/tbsheet/exact"
)

// outlook fills Report.Outlook when the event plans exactly one more round after the
// analysed one: on points alone, which final scores are certainly enough for the cut and
// which certainly are not, whatever the results of both rounds and the pairings of the
// last. The last round is relaxed to "every player gains any of the points a result can
// give", which holds for every real pairing, so both verdicts are sound.
func (a *analysis) outlook(ctx context.Context) error {
	rep := a.rep
	if rep.Rounds != rep.Round+1 || len(a.tables) == 0 {
		return nil
	}
	if id := rep.Before.RankBy.ID; id != "points" && id != "match-wins" {
		return nil
	}
	ranked, err := a.uniform(ctx)
	if err != nil {
		return err
	}
	n := len(a.base.Players)
	// after[p][r] are p's points after the analysed round with result r; present marks
	// players in the standings who can make the cut.
	after := make([][3]exact.Num, n)
	recs := make([][3][3]int, n) // p's record (wins, losses, draws) after the round with r
	present := make([]bool, n)
	for o, st := range ranked {
		for _, row := range st.Rows {
			p := row.Player
			if !a.eligible[p] {
				continue
			}
			present[p] = true
			rec := [3]int{row.Wins, row.Losses, row.Draws}
			if s := a.seats[p]; s.table >= 0 {
				r := resultOf(uint8(o), s.side)
				after[p][r], recs[p][r] = row.Points, rec
			} else {
				for r := range after[p] {
					after[p][r], recs[p][r] = row.Points, rec
				}
			}
		}
	}
	before := make([]exact.Num, n)
	for _, row := range rep.Before.Rows {
		before[row.Player] = row.Points
	}
	// What one round can add: the gains of a win, a draw and a loss (read off a player at an
	// open table), and of a bye.
	t0 := -1
	for _, tb := range a.tables {
		for _, p := range tb.p {
			if t0 < 0 && present[p] {
				t0 = p
			}
		}
	}
	if t0 < 0 {
		return nil
	}
	var gains [4]exact.Num
	for r := range 3 {
		gains[r] = after[t0][r].Sub(before[t0])
	}
	gains[3] = gains[Win]
	if rep.Before.RankBy.ID == "points" {
		gains[3] = rep.Before.Points.Bye
	}
	lowGain, highGain := gains[0], gains[0]
	for _, g := range gains[1:] {
		if g.Cmp(lowGain) < 0 {
			lowGain = g
		}
		if g.Cmp(highGain) > 0 {
			highGain = g
		}
	}

	// Every final score and record someone can reach.
	type final struct {
		pts exact.Num
		rec [3]int
	}
	var finals []final
	lastResults := [...]struct {
		gain exact.Num
		rec  [3]int
	}{{gains[Win], [3]int{1, 0, 0}}, {gains[Draw], [3]int{0, 0, 1}}, {gains[Loss], [3]int{0, 1, 0}}}
	for p := range n {
		if !present[p] {
			continue
		}
		for _, r := range a.resultsOf(p) {
			rec := recs[p][r]
			for _, last := range lastResults {
				finals = append(finals, final{after[p][r].Add(last.gain),
					[3]int{rec[0] + last.rec[0], rec[1] + last.rec[1], rec[2] + last.rec[2]}})
			}
		}
	}
	slices.SortFunc(finals, func(x, y final) int {
		if c := y.pts.Cmp(x.pts); c != 0 {
			return c
		}
		for i := range 3 {
			if x.rec[i] != y.rec[i] {
				return y.rec[i] - x.rec[i]
			}
		}
		return 0
	})
	out := &Outlook{Round: rep.Round + 1}
	for _, f := range finals {
		if l := len(out.Levels); l > 0 && out.Levels[l-1].Points.Cmp(f.pts) == 0 {
			lv := &out.Levels[l-1]
			if !slices.Contains(lv.Records, f.rec) {
				lv.Records = append(lv.Records, f.rec)
			}
			continue
		}
		out.Levels = append(out.Levels, Level{Points: f.pts, Records: [][3]int{f.rec},
			Verdict: a.outlookVerdict(f.pts, after, present, lowGain, highGain)})
	}
	rep.Outlook = out
	return nil
}

// outlookVerdict says whether final points P are enough for the cut whatever happens (In:
// at most Cut players, him included, can finish on P or more) or certainly not (Out: at
// least Cut players finish on more in every case).
func (a *analysis) outlookVerdict(P exact.Num, after [][3]exact.Num, present []bool, lowGain, highGain exact.Num) Verdict {
	atLeast := func(p int, r Result) int { // can p, with r now, finish on P or more?
		if after[p][r].Add(highGain).Cmp(P) >= 0 {
			return 1
		}
		return 0
	}
	above := func(p int, r Result) int { // must p, with r now, finish on more than P?
		if after[p][r].Add(lowGain).Cmp(P) > 0 {
			return 1
		}
		return 0
	}
	most, least := 0, 0
	for _, tb := range a.tables {
		hi, lo := 0, 2
		for o := range uint8(outcomes) {
			h, l := 0, 0
			for side, p := range tb.p {
				if present[p] {
					h += atLeast(p, resultOf(o, side))
					l += above(p, resultOf(o, side))
				}
			}
			hi, lo = max(hi, h), min(lo, l)
		}
		most, least = most+hi, least+lo
	}
	for p := range present {
		if present[p] && a.seats[p].table < 0 {
			most, least = most+atLeast(p, Win), least+above(p, Win)
		}
	}
	switch {
	case most <= a.cut:
		return In
	case least >= a.cut:
		return Out
	}
	return Depends
}
