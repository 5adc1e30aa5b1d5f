package calc

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// explainEvents are the events every explanation is checked on: the fixtures, every kind of
// record, point scores, and generated events with and without game scores.
func explainEvents(t *testing.T) map[string]*tbsheet.Event {
	scored := parseEvent(t, `
1: Ann 2-1/7-5 Ben; Cal 1-2/4-6 Dan; Eve bye
2: Ann 1-1-1/3.5-3.5 Cal; Eve 2-0/6-0 Dan; Ben W Fay
3: Ann ID Eve; Ben DL Cal; Dan + Fay
4: Ann 2-0 Dan; Cal - Eve; Fay FF Ben
drop Fay 4
`)
	scored.Players[2].Disqualified = true
	return map[string]*tbsheet.Event{
		"F1":        parseEvent(t, f1),
		"PDS":       parseEvent(t, pdsEvent),
		"scored":    scored,
		"late":      parseEvent(t, "1: Ann 2-0 Ben; Cal 2-1 Dan; Late late\n2: Ann 2-1 Cal; Late 2-0 Ben; Dan bye\n3: Ann 2-0 Late; Cal 2-0 Dan; Ben bye\n"),
		"realistic": swissgen.Generate(swissgen.Realistic(101, 7, 1)),
		"chaotic": swissgen.Generate(swissgen.Config{Players: 61, Rounds: 6, Seed: 3, DrawRate: 0.2, IDRate: 0.5,
			DoubleLossRate: 0.05, ForfeitRate: 0.05, DropRate: 0.1, LateRate: 0.1, DQRate: 0.05, GamesUnknown: true}),
	}
}

// TestExplanationsEvaluate holds every registered tiebreak to its contract with the
// writers: an explanation's Expr evaluates exactly to the figure's value (writers turn it
// into a spreadsheet formula that LibreOffice recalculates), a known value without Expr has
// a note, and explanations built on demand (NoExplain) are the ones Compute fills in.
func TestExplanationsEvaluate(t *testing.T) {
	// Points whose common denominator overflows int64 take the exact.Num paths.
	huge := &tbsheet.Points{Win: exact.Frac(1, 4294967291), Draw: exact.Frac(1, 4294967279), Bye: exact.Int(1)}
	events := explainEvents(t)
	for name, ev := range events {
		for _, sys := range Systems() {
			checkExplanations(t, name, ev, Options{System: sys.Name, Show: []string{"all"}})
		}
	}
	for _, name := range []string{"F1", "scored", "late"} {
		checkExplanations(t, name, events[name], Options{System: "challonge", Show: []string{"all"}, Points: huge})
	}
}

// checkExplanations checks every figure of ev's standings under opt (see
// TestExplanationsEvaluate).
func checkExplanations(t *testing.T, name string, ev *tbsheet.Event, opt Options) {
	t.Helper()
	st := compute(t, ev, opt)
	opt.NoExplain = true
	lazy := compute(t, ev, opt)
	for i, row := range st.Rows {
		for j, d := range st.Columns {
			f := row.Figures[j]
			where := fmt.Sprintf("%s/%s/%v: %s %s", name, opt.System, opt.Points != nil, ev.Players[row.Player].Name, d.ID)
			switch x := f.Explain.Expr; {
			case x != nil && !f.Value.OK:
				t.Errorf("%s: n/a value with arithmetic %s", where, x)
			case x != nil && !x.Eval().Equal(f.Value.Num):
				t.Errorf("%s: %s evaluates to %s, value %s", where, x, x.Eval(), f.Value.Num)
			case x == nil && f.Value.OK && en(f.Explain.Note) == "":
				t.Errorf("%s: value %s without explanation", where, f.Value.Num)
			}
			if got, want := fullText(d, Figure{Value: f.Value, Explain: lazy.Explain(i, j)}), fullText(d, f); got != want {
				t.Errorf("%s: on demand %q, filled %q", where, got, want)
			}
			checkTerms(t, where, st, row.Player, d.ID, f.Explain)
		}
	}
}

// TestGolden renders F1's standings under each preset as text and compares them with
// testdata/calc/*.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	ev := parseEvent(t, f1)
	for _, sys := range []string{"mtg", "yugioh", "pokemon", "cryptozoic", "challonge"} {
		t.Run(sys, func(t *testing.T) {
			got := dump(compute(t, ev, Options{System: sys}))
			golden.Check(t, filepath.Join("..", "testdata", "calc", "f1-"+sys+".golden"), got)
		})
	}
}

// dump writes standings as stable text: the settings, one block per row, the notes.
func dump(st *Standings) string {
	var b strings.Builder
	p := st.Points
	fmt.Fprintf(&b, "system %s (%s), points %s/%s/%s/%s, ranked by %s\n", st.System.Name, st.System.Title,
		p.Win, p.Draw, p.Loss, p.Bye, st.RankBy.ID)
	var ids []string
	for _, d := range st.Order {
		ids = append(ids, d.ID)
	}
	fmt.Fprintf(&b, "order %s\nrounds %v\n\n", strings.Join(ids, ", "), st.Rounds)
	for _, r := range st.Rows {
		fmt.Fprintf(&b, "%d. %s — %s %s, W-L-D %d-%d-%d", r.Rank, st.Event.Players[r.Player].Name,
			st.RankBy.FormatValue(Known(r.Points)), st.RankBy.Short, r.Wins, r.Losses, r.Draws)
		if r.Byes > 0 {
			fmt.Fprintf(&b, ", %d bye", r.Byes)
		}
		if r.DroppedAfter > 0 {
			fmt.Fprintf(&b, ", dropped after round %d", r.DroppedAfter)
		}
		b.WriteString("\n")
		for j, d := range st.Columns {
			fmt.Fprintf(&b, "   %-9s %-10s %s\n", d.Short, d.FormatValue(r.Figures[j].Value), fullText(d, r.Figures[j]))
		}
		if en(r.Note) != "" {
			fmt.Fprintf(&b, "   note: %s\n", en(r.Note))
		}
	}
	for _, n := range enNotes(st.Notes) {
		fmt.Fprintf(&b, "\nnote: %s", n)
	}
	b.WriteString("\n")
	return b.String()
}

// sumsOverOpponents are the tiebreaks whose arithmetic adds up one term per opponent: their
// explanations must name the opponent of every term (Explanation.Terms).
var sumsOverOpponents = map[string]bool{
	"mtg-omw": true, "mtg-ogw": true, "pkm-owp": true, "pkm-oowp": true,
	"buchholz": true, "opp-progressive": true, "chl-median-buchholz": true,
}

// checkTerms holds an explanation's Terms to their contract: each term is an operand of the
// sum Expr writes, in order, and the opponents are p's opponents in round order (a repeated
// opponent once per round).
func checkTerms(t *testing.T, where string, st *Standings, p int, id string, x Explanation) {
	t.Helper()
	if x.Expr == nil || len(x.Terms) == 0 {
		if sumsOverOpponents[id] && x.Expr != nil && opponentsOf(st, p) > 0 && !strings.Contains(en(x.Note), "needs 3") {
			t.Errorf("%s: %s names no opponent", where, x.Expr)
		}
		return
	}
	sum := firstSum(x.Expr)
	if sum == nil && len(x.Terms) == 1 && x.Terms[0].Expr == x.Expr {
		sum = &Expr{Op: OpSum, Args: []*Expr{x.Expr}}
	}
	if sum == nil || len(sum.Args) != len(x.Terms) {
		t.Errorf("%s: %d terms named, the sum of %s has other operands", where, len(x.Terms), x.Expr)
		return
	}
	var opps []int
	for _, r := range st.ctx.Records[p] {
		if r.HasOpponent() {
			opps = append(opps, r.Opp)
		}
	}
	k := 0
	for i, term := range x.Terms {
		if sum.Args[i] != term.Expr {
			t.Errorf("%s: term %d (%s) is not the sum's operand %s", where, i, term.Expr, sum.Args[i])
		}
		for k < len(opps) && opps[k] != term.Opp {
			k++ // an opponent whose value is n/a has no term
		}
		if k == len(opps) {
			t.Errorf("%s: term %d names player %d, not the next opponent (opponents %v)", where, i, term.Opp, opps)
			return
		}
		k++
	}
}

// firstSum returns the first sum node of x in writing order, or nil.
func firstSum(x *Expr) *Expr {
	if x.Op == OpSum {
		return x
	}
	for _, a := range x.Args {
		if s := firstSum(a); s != nil {
			return s
		}
	}
	return nil
}

// opponentsOf counts p's rounds against a real opponent.
func opponentsOf(st *Standings, p int) int {
	n := 0
	for _, r := range st.ctx.Records[p] {
		if r.HasOpponent() {
			n++
		}
	}
	return n
}
