package scenario

import (
	"context"
	"reflect"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// game is one match of a hand-built event: table, Player 1, Player 2 ("" for a bye) and the
// result from Player 1's side.
type game struct {
	table  int
	p1, p2 string
	res    tbsheet.Result
}

// handEvent builds an event from named players and rounds of games.
func handEvent(names []string, rounds ...[]game) *tbsheet.Event {
	ev := &tbsheet.Event{Name: "hand-built", Source: "hand.csv", PlannedRounds: len(rounds)}
	index := map[string]int{}
	for i, n := range names {
		ev.Players = append(ev.Players, tbsheet.Player{ID: n, Name: n})
		index[n] = i
	}
	for r, games := range rounds {
		round := tbsheet.Round{Number: r + 1}
		for _, g := range games {
			m := tbsheet.Match{Table: g.table, P1: index[g.p1], P2: tbsheet.NoPlayer, Result: g.res}
			if g.p2 != "" {
				m.P2 = index[g.p2]
			}
			round.Matches = append(round.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

const (
	W  = tbsheet.Win
	L  = tbsheet.Loss
	NR = tbsheet.Unreported
)

// tiebreakBubble is a six-player Magic event before its last round, results without games:
//
//	round 1: A beat B, C beat D, E beat F
//	round 2: A beat C, E beat D, B beat F
//	round 3: table 1 A–E, table 2 C–B, table 3 D–F (unreported)
//
// Before round 3: A and E 6 points, C and B 3, D and F 0.
func tiebreakBubble() *tbsheet.Event {
	return handEvent([]string{"A", "B", "C", "D", "E", "F"},
		[]game{{1, "A", "B", W}, {2, "C", "D", W}, {3, "E", "F", W}},
		[]game{{1, "A", "C", W}, {2, "E", "D", W}, {3, "B", "F", W}},
		[]game{{1, "A", "E", NR}, {2, "C", "B", NR}, {3, "D", "F", NR}})
}

// TestTiebreakBubble checks every verdict of tiebreakBubble for a top 2, worked out by hand.
// The opponents: A met B, C, E; B met A, F, C; C met D, A, B; D met C, E, F; E met F, D, A;
// F met E, B, D. MWP is match points / 9 (three rounds), at least 0.33; OMW the mean of the
// three opponents' MWP. Results carry no games, so GW% is 0.33 for everyone (an intentional
// draw would count 0-0-3, 1/3, but no tie below is broken that far), and OGW% too.
//
// A and E start on 6, C and B on 3, D and F on 0: D and F reach at most 3, below A and E,
// who finish on 6 or more whatever happens: out with every result. A draw at table 2 leaves
// C and B on 4, below A and E: C and B need a win, and then finish on 6.
//
//   - A wins: 9, first. A draws: 7 with E, both above everyone: in. A loses: E 9 first, A on
//     6 with table 2's winner, if any. C wins: OMW(A) = (B 1/3 + C 2/3 + E 1)/3 = 2/3 against
//     OMW(C) = (D ≤ 1/3 + A 2/3 + B 1/3)/3 ≤ 4/9. B wins: OMW(A) = (B 2/3 + C 1/3 + E 1)/3 =
//     2/3 against OMW(B) = (A 2/3 + F ≤ 1/3 + C 1/3)/3 ≤ 4/9. A is second: in with every
//     result.
//   - E wins or draws: in, as A. E loses: A 9 first, OMW(E) = (F + D + A 1)/3. If C wins
//     table 2, OMW(C) = (D + A 1 + B 1/3)/3: C − E = (1/3 − MWP F)/3, which is 0 only when F
//     beats D (then E and C tie on every key and share second place, across the line) and
//     positive otherwise: E never makes it. If B wins, symmetrically (B met F where C met D).
//     A draw at table 2 leaves E second. So E with a loss is in if table 2 is drawn.
//   - C wins: 6. A beats E: E on 6 with C, C second unless F beats D (shared). A and E draw:
//     both 7, C third. E beats A: A on 6 with C, OMW(A) = (B 1/3 + C 2/3 + E 1)/3 = 2/3 >
//     OMW(C) ≤ 4/9: C third. C is in if A beats E and D does not lose; second or third.
//   - B wins: the same with D and F exchanged: in if A beats E and F does not lose.
func TestTiebreakBubble(t *testing.T) {
	want := map[string][3]Verdict{
		"A": {In, In, In},
		"E": {In, In, Depends},
		"C": {Depends, Out, Out},
		"B": {Depends, Out, Out},
		"D": {Out, Out, Out},
		"F": {Out, Out, Out},
	}
	conditions := map[string]map[Result]*Condition{
		// In if table 2 is drawn.
		"E": {Loss: {Any: [][]Term{{{2, []Result{Draw}}}}}},
		// In if A beats E (table 1, A is Player 1) and D does not lose (table 3, D is Player 1).
		"C": {Win: {Any: [][]Term{{{1, []Result{Win}}, {3, []Result{Win, Draw}}}}}},
		// In if A beats E and F does not lose.
		"B": {Win: {Any: [][]Term{{{1, []Result{Win}}, {3, []Result{Draw, Loss}}}}}},
	}
	for _, search := range []bool{false, true} {
		rep, err := Analyze(context.Background(), tiebreakBubble(), Options{Calc: calc.Options{System: "mtg"}, Cut: 2, search: search})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Exhaustive == search {
			t.Fatalf("search %v: Exhaustive %v", search, rep.Exhaustive)
		}
		for _, pl := range rep.Players {
			name := rep.Event.Players[pl.Player].Name
			for _, r := range Results {
				o := pl.Outcomes[r]
				if o.Verdict != want[name][r] || !o.Proved && !search {
					t.Errorf("search %v: %s %s: %s (proved %v), want %s", search, name, r, o.Verdict, o.Proved, want[name][r])
				}
				if c := conditions[name][r]; c != nil && !search && !reflect.DeepEqual(o.Condition, c) {
					t.Errorf("%s %s: condition %+v, want %+v", name, r, o.Condition, c)
				}
			}
		}
	}
	rep, err := Analyze(context.Background(), tiebreakBubble(), Options{Calc: calc.Options{System: "mtg"}, Cut: 2})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Player{}
	for i := range rep.Players {
		byName[rep.Event.Players[rep.Players[i].Player].Name] = &rep.Players[i]
	}
	// E with a loss: second at best, third at worst; table 2 decides whether he is in, and
	// table 3, through tiebreaks, whether he then shares second place or is third.
	e := byName["E"].Outcomes[Loss]
	if e.Best != (Places{2, 2}) || e.Worst != (Places{3, 3}) || !reflect.DeepEqual(e.Tables, []int{2, 3}) || !e.Tiebreaks {
		t.Errorf("E loss: best %v worst %v tables %v tiebreaks %v", e.Best, e.Worst, e.Tables, e.Tiebreaks)
	}
	// C with a win: tables 1 and 3 matter, table 3 only through tiebreaks.
	if c := byName["C"].Outcomes[Win]; !reflect.DeepEqual(c.Tables, []int{1, 3}) || !c.Tiebreaks {
		t.Errorf("C win: tables %v tiebreaks %v", c.Tables, c.Tiebreaks)
	}
	// A with a loss: second in every combination.
	if a := byName["A"].Outcomes[Loss]; a.Best != (Places{2, 2}) || a.Worst != (Places{2, 2}) {
		t.Errorf("A loss: best %v worst %v", a.Best, a.Worst)
	}
	// C with a win: second (alone or shared) or third.
	if c := byName["C"].Outcomes[Win]; c.Best != (Places{2, 2}) || c.Worst != (Places{3, 3}) {
		t.Errorf("C win: best %v worst %v", c.Best, c.Worst)
	}
	// Table 1 A–E: a draw puts both in; E with a loss depends.
	if h, _ := rep.Headline(rep.Tables[0]); h != SafeToDraw {
		t.Errorf("table 1: %v, want SafeToDraw", h)
	}
	// Table 3 D–F: nobody there can make the top 2.
	if h, _ := rep.Headline(rep.Tables[2]); h != NeitherIn {
		t.Errorf("table 3: %v, want NeitherIn", h)
	}
}

// TestByeAndDrop checks a bye in the analysed round and a player who dropped, for a top 2:
//
//	round 1: P beat Q, R beat S, W beat T, U beat V
//	round 2: P beat T, R beat Q, W beat U, V beat S; W drops after round 2
//	round 3: table 1 P–R, table 2 U–V, table 3 Q–S (unreported); T has a bye
//
// Before round 3: P, R and W 6 points, U and V 3, T, Q and S 0. W dropped: not listed, and
// not counted even though his 6 points would tie a player on 6. After the round P and R
// have 6 or more; the winner of table 2 has 6 (a draw leaves U and V on 4), T 3 with the
// bye, Q and S at most 3.
//
//   - P (or R) wins: 9, first. A draw: both on 7, above everyone: in. A loss: 6, R first,
//     and second or third: only table 2's winner can tie him (W does not count).
//   - T, with the bye, is out under all three results, Q and S are out: P and R are above.
//     T finishes fourth or fifth: P, R and table 2's winner are above him, or P, R, U and V
//     after a draw there (4 points each); a loser on 3 ranks below him, whose OMW counts W
//     (2-0, MWP 1) and P. Counted, W would push him to fifth or sixth.
func TestByeAndDrop(t *testing.T) {
	ev := handEvent([]string{"P", "Q", "R", "S", "T", "U", "V", "W"},
		[]game{{1, "P", "Q", W}, {2, "R", "S", W}, {3, "W", "T", W}, {4, "U", "V", W}},
		[]game{{1, "P", "T", W}, {2, "R", "Q", W}, {3, "W", "U", W}, {4, "V", "S", W}},
		[]game{{1, "P", "R", NR}, {2, "U", "V", NR}, {3, "Q", "S", NR}, {0, "T", "", tbsheet.Bye}})
	ev.Players[7].DroppedAfter = 2
	rep, err := Analyze(context.Background(), ev, Options{Calc: calc.Options{System: "mtg"}, Cut: 2})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Player{}
	for i := range rep.Players {
		byName[rep.Event.Players[rep.Players[i].Player].Name] = &rep.Players[i]
	}
	if byName["W"] != nil {
		t.Errorf("W, who dropped before the round, is listed")
	}
	tp := byName["T"]
	if tp == nil || tp.Fixed != tbsheet.Bye || tp.Table != 0 || tp.Opponent != tbsheet.NoPlayer {
		t.Fatalf("T: %+v, want a bye", tp)
	}
	if o := tp.Outcomes[Win]; o.Best != (Places{4, 4}) || o.Worst != (Places{5, 5}) {
		t.Errorf("T (bye): places %v–%v, want 4–5", o.Best, o.Worst)
	}
	for _, r := range Results {
		if o := tp.Outcomes[r]; o.Verdict != Out || !o.Proved {
			t.Errorf("T (bye) %s: %s", r, o.Verdict)
		}
		for _, n := range []string{"Q", "S"} {
			if v := byName[n].Outcomes[r].Verdict; v != Out {
				t.Errorf("%s %s: %s, want out", n, r, v)
			}
		}
	}
	for _, n := range []string{"P", "R"} {
		if o := byName[n].Outcomes[Win]; o.Verdict != In || o.Best != (Places{1, 1}) || o.Worst != (Places{1, 1}) {
			t.Errorf("%s win: %s, places %v–%v, want in, first", n, o.Verdict, o.Best, o.Worst)
		}
		if v := byName[n].Outcomes[Draw].Verdict; v != In {
			t.Errorf("%s draw: %s, want in", n, v)
		}
	}
	if o := byName["P"].Outcomes[Loss]; o.Best != (Places{2, 2}) || o.Worst.Hi > 3 {
		t.Errorf("P loss: places %v–%v, want 2 to at worst 3", o.Best, o.Worst)
	}
	if h, _ := rep.Headline(rep.Tables[0]); h != SafeToDraw {
		t.Errorf("table 1: %v, want SafeToDraw", h)
	}
	if h, _ := rep.Headline(rep.Tables[2]); h != NeitherIn {
		t.Errorf("table 3: %v, want NeitherIn", h)
	}
}

// TestOutlook checks the outlook of tiebreakBubble when the event plans a fourth round, for
// a top 2, on points, by hand. After round 3 table 1 leaves A and E on (9, 6), (7, 7) or
// (6, 9); table 2 C and B on (6, 3), (4, 4) or (3, 6); table 3 D and F on (3, 0), (1, 1) or
// (0, 3). Round 4 adds 0 to 3 to anyone.
//
//   - 12 points: only a player on 9 can reach them, at most one: in. 10: players on 7 or
//     more, at most two (A and E after a draw): in. 9: players on 6 or more, up to three (A,
//     E and table 2's winner): not certainly in; nobody is certainly above 9 (everyone may
//     lose): not out. 8, 7, 6: likewise depend.
//   - 5 points or less: A and E finish on 6 or more whatever happens, two players above: out.
func TestOutlook(t *testing.T) {
	ev := tiebreakBubble()
	ev.PlannedRounds = 4
	rep, err := Analyze(context.Background(), ev, Options{Calc: calc.Options{System: "mtg"}, Cut: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Outlook == nil || rep.Outlook.Round != 4 {
		t.Fatalf("outlook %+v, want one for round 4", rep.Outlook)
	}
	want := map[int64]Verdict{12: In, 10: In, 9: Depends, 8: Depends, 7: Depends, 6: Depends,
		5: Out, 4: Out, 3: Out, 2: Out, 1: Out, 0: Out}
	var got []int64
	for _, lv := range rep.Outlook.Levels {
		p := lv.Points.Floor()
		got = append(got, p)
		if lv.Verdict != want[p] {
			t.Errorf("%d points: %s, want %s", p, lv.Verdict, want[p])
		}
	}
	if !reflect.DeepEqual(got, []int64{12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}) {
		t.Errorf("levels %v", got)
	}
	// 10 points: 3-0-1 (a win and a draw on 6); 5 points: 1-1-2 (two draws on 3).
	if r := rep.Outlook.Levels[1].Records; !reflect.DeepEqual(r, [][3]int{{3, 0, 1}}) {
		t.Errorf("10 points: records %v", r)
	}
	if r := rep.Outlook.Levels[6].Records; !reflect.DeepEqual(r, [][3]int{{1, 1, 2}}) {
		t.Errorf("5 points: records %v", r)
	}
	ev.PlannedRounds = 3
	if rep, _ := Analyze(context.Background(), ev, Options{Calc: calc.Options{System: "mtg"}, Cut: 2}); rep.Outlook != nil {
		t.Errorf("an outlook for a last round")
	}
}
