package scenario

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/pairings"
)

// openLast returns a copy of ev whose last Swiss round has every match between two players
// unreported: paired, not played. Byes keep their result.
func openLast(ev *tbsheet.Event) *tbsheet.Event {
	out := *ev
	out.Rounds = slices.Clone(ev.Rounds)
	last := len(out.Rounds) - 1
	r := &out.Rounds[last]
	r.Matches = slices.Clone(r.Matches)
	for i := range r.Matches {
		if m := &r.Matches[i]; m.P2 != tbsheet.NoPlayer {
			m.Result, m.Games, m.Score = tbsheet.Unreported, tbsheet.Games{}, tbsheet.Score{}
		}
	}
	return &out
}

// eventSpec describes a random test event: a realistic Swiss event with draws and
// intentional draws at the rates given, its last round paired and not played, analysed for a
// top cut.
type eventSpec struct {
	players, rounds, cut int
	seed                 int64
	draws, ids           float64
}

// event generates the event.
func (e eventSpec) event() *tbsheet.Event {
	cfg := swissgen.Realistic(e.players, e.rounds, e.seed)
	cfg.DrawRate, cfg.IDRate = e.draws, e.ids
	return openLast(swissgen.Generate(cfg))
}

// eachPreset runs f, as a subtest, under every preset on n random events (short of them in
// -short mode), the i-th as spec(i) describes it.
func eachPreset(t *testing.T, n, short int, spec func(i int64) eventSpec, f func(t *testing.T, ev *tbsheet.Event, copt calc.Options, cut int)) {
	if testing.Short() {
		n = short
	}
	for _, sys := range calc.Systems() {
		for i := range int64(n) {
			e := spec(i)
			ev := e.event()
			t.Run(fmt.Sprintf("%s/seed%d-%dp-cut%d", sys.Name, e.seed, e.players, e.cut), func(t *testing.T) {
				f(t, ev, calc.Options{System: sys.Name}, e.cut)
			})
		}
	}
}

// truth is what brute force finds for one player with one result.
type truth struct {
	seen              bool
	makesAll, missAll bool
	best, worst       int
	makes             []bool // by combination, for conditions
	combos            []int  // the combinations consistent with his result
}

// bruteForce ranks every combination of ev's last round with calc.Compute, independently of
// the package, and reads the definitions: a player makes the cut when at most cut
// players still in the event (himself included) rank at or above him, misses it when cut
// or more rank strictly above him. Keyed by player index and result (Win for a bye).
func bruteForce(t *testing.T, ev *tbsheet.Event, copt calc.Options, cut int) (map[[2]int]*truth, []int) {
	t.Helper()
	last := &ev.Rounds[len(ev.Rounds)-1]
	R := last.Number
	var open []int
	for i, m := range last.Matches {
		if m.Result == tbsheet.Unreported {
			open = append(open, i)
		}
	}
	total := 1
	for range open {
		total *= 3
	}
	copt.NoExplain = true
	out := map[[2]int]*truth{}
	for k := range total {
		hyp := *ev
		hyp.Rounds = slices.Clone(ev.Rounds)
		r := &hyp.Rounds[len(hyp.Rounds)-1]
		r.Matches = slices.Clone(r.Matches)
		res := map[int]Result{}
		rest := k
		for _, i := range open {
			o := rest % 3
			rest /= 3
			r.Matches[i].Result = [3]tbsheet.Result{tbsheet.Win, tbsheet.IntentionalDraw, tbsheet.Loss}[o]
			res[r.Matches[i].P1], res[r.Matches[i].P2] = Result(o), Result(2-o)
		}
		st, err := calc.Compute(&hyp, copt)
		if err != nil {
			t.Fatal(err)
		}
		in := func(p int) bool {
			pl := ev.Players[p]
			return !pl.Disqualified && !(pl.DroppedAfter > 0 && pl.DroppedAfter <= R)
		}
		for _, row := range st.Rows {
			if !in(row.Player) {
				continue
			}
			above, atOrAbove := 0, 0
			for _, o := range st.Rows {
				if in(o.Player) && o.Rank < row.Rank {
					above++
				}
				if in(o.Player) && o.Rank <= row.Rank {
					atOrAbove++
				}
			}
			key := [2]int{row.Player, int(res[row.Player])}
			tr := out[key]
			if tr == nil {
				tr = &truth{makesAll: true, missAll: true, best: above + 1, worst: above + 1}
				out[key] = tr
			}
			makes, misses := atOrAbove <= cut, above >= cut
			tr.makesAll = tr.makesAll && makes
			tr.missAll = tr.missAll && misses
			tr.best, tr.worst = min(tr.best, above+1), max(tr.worst, above+1)
			tr.makes = append(tr.makes, makes)
			tr.combos = append(tr.combos, k)
		}
	}
	return out, open
}

func (tr *truth) verdict() Verdict {
	switch {
	case tr.makesAll:
		return In
	case tr.missAll:
		return Out
	}
	return Depends
}

// TestCrossCheck compares the analysis with brute force on random small events, for every
// preset: ranked in every combination, every verdict, place and condition must equal what
// brute force shows; searched (with the default budget, and with none: the bounds alone),
// every proved verdict must, unproved ones must be Depends, and the place ranges must hold
// the true places.
func TestCrossCheck(t *testing.T) {
	eachPreset(t, 12, 4, func(i int64) eventSpec {
		// 5 to 12 players: at most 6 tables.
		return eventSpec{players: 5 + int(i)%8, rounds: 3 + int(i)%3, cut: 1 + int(i)%4, seed: 100 + i, draws: 0.1, ids: 0.2}
	}, func(t *testing.T, ev *tbsheet.Event, copt calc.Options, cut int) {
		truths, open := bruteForce(t, ev, copt, cut)
		exhaustive, err := Analyze(context.Background(), ev, Options{Calc: copt, Cut: cut})
		if err != nil {
			t.Fatal(err)
		}
		if !exhaustive.Exhaustive {
			t.Fatalf("%d tables were not ranked in every combination", len(open))
		}
		check(t, exhaustive, truths, open, true)
		searched, err := Analyze(context.Background(), ev, Options{Calc: copt, Cut: cut, search: true})
		if err != nil {
			t.Fatal(err)
		}
		check(t, searched, truths, open, false)
		compare(t, exhaustive, searched)
		// With no budget: the bounds alone, and the three uniform combinations.
		bounded, err := Analyze(context.Background(), ev, Options{Calc: copt, Cut: cut, search: true, budget: 1})
		if err != nil {
			t.Fatal(err)
		}
		check(t, bounded, truths, open, false)
		compare(t, exhaustive, bounded)
	})
}

// check compares a report with brute force's truths.
func check(t *testing.T, rep *Report, truths map[[2]int]*truth, open []int, exhaustive bool) {
	t.Helper()
	mode := "searched"
	if exhaustive {
		mode = "exhaustive"
	}
	for _, pl := range rep.Players {
		name := rep.Event.Players[pl.Player].Name
		for _, r := range Results {
			key := [2]int{pl.Player, int(r)}
			if !pl.Open() {
				key[1] = int(Win)
			}
			tr := truths[key]
			o := pl.Outcomes[r]
			if pl.Dropped {
				if o.Verdict != Out {
					t.Errorf("%s: %s (dropped) %s: %s, want out", mode, name, r, o.Verdict)
				}
				continue
			}
			if tr == nil {
				t.Fatalf("%s: brute force has no %s with %s", mode, name, r)
			}
			want := tr.verdict()
			switch {
			case exhaustive && (o.Verdict != want || !o.Proved):
				t.Errorf("%s: %s %s: %s (proved %v), brute force %s", mode, name, r, o.Verdict, o.Proved, want)
			case !exhaustive && o.Proved && o.Verdict != want:
				t.Errorf("%s: %s %s: proved %s, brute force %s", mode, name, r, o.Verdict, want)
			case !exhaustive && !o.Proved && o.Verdict != Depends:
				t.Errorf("%s: %s %s: unproved %s", mode, name, r, o.Verdict)
			}
			if tr.best < o.Best.Lo || tr.best > o.Best.Hi || tr.worst < o.Worst.Lo || tr.worst > o.Worst.Hi {
				t.Errorf("%s: %s %s: best %d worst %d outside %v %v", mode, name, r, tr.best, tr.worst, o.Best, o.Worst)
			}
			if exhaustive && (!o.Best.Exact() || !o.Worst.Exact()) {
				t.Errorf("%s: %s %s: places %v %v not exact", mode, name, r, o.Best, o.Worst)
			}
			if o.Condition != nil {
				checkCondition(t, rep, o.Condition, tr, open, mode+": "+name+" "+r.String())
			}
		}
	}
}

// checkCondition evaluates a condition in every combination brute force ranked.
func checkCondition(t *testing.T, rep *Report, c *Condition, tr *truth, open []int, what string) {
	t.Helper()
	last := rep.Event.Rounds[len(rep.Event.Rounds)-1]
	numbers := pairings.TableNumbers(last)
	for n, k := range tr.combos {
		outcome := map[int]Result{}
		rest := k
		for _, i := range open {
			outcome[numbers[i]] = Result(rest % 3)
			rest /= 3
		}
		holds := false
		for _, terms := range c.Any {
			all := true
			for _, term := range terms {
				all = all && slices.Contains(term.Results, outcome[term.Table])
			}
			holds = holds || all
		}
		if (holds != c.Unless) != tr.makes[n] {
			t.Errorf("%s: the condition %+v is wrong in combination %d", what, c, k)
			return
		}
	}
}

// compare checks what the search says about the tables that matter against the exhaustive
// analysis: for a proved Depends, the same tiebreak flag, and the tables that matter among
// those it lists (all of them when it says no other table does).
func compare(t *testing.T, exhaustive, searched *Report) {
	t.Helper()
	for i, pl := range searched.Players {
		for _, r := range Results {
			o, e := pl.Outcomes[r], exhaustive.Players[i].Outcomes[r]
			if o.Verdict != Depends || !o.Proved {
				continue
			}
			what := fmt.Sprintf("%s %s", searched.Event.Players[pl.Player].Name, r)
			if o.Tiebreaks != e.Tiebreaks {
				t.Errorf("%s: searched Tiebreaks %v, exhaustive %v", what, o.Tiebreaks, e.Tiebreaks)
			}
			switch {
			case !o.Others && !slices.Equal(o.Tables, e.Tables):
				t.Errorf("%s: searched tables %v, exhaustive %v", what, o.Tables, e.Tables)
			case o.Others && slices.ContainsFunc(e.Tables, func(n int) bool { return !slices.Contains(o.Tables, n) }) && !o.Tiebreaks:
				t.Errorf("%s: searched tables %v (and others), exhaustive %v without tiebreaks", what, o.Tables, e.Tables)
			}
		}
	}
}
