package pairings

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// Results of the test events, from Player 1's side.
const (
	u   = tbsheet.Unreported
	win = tbsheet.Win
	los = tbsheet.Loss
	drw = tbsheet.Draw
	bye = tbsheet.Bye
	lno = tbsheet.LossNoOpponent
	no  = tbsheet.NoPlayer
)

// m is a match at table t (0: none) between players p1 and p2 (no for none).
func m(t, p1, p2 int, r tbsheet.Result) tbsheet.Match {
	return tbsheet.Match{Table: t, P1: p1, P2: p2, Result: r}
}

// event returns an event of players A, B, C … with the given Swiss rounds, numbered from 1.
func event(players int, rounds ...[]tbsheet.Match) *tbsheet.Event {
	ev := &tbsheet.Event{Name: "Test", Source: "test.xlsx", System: "mtg"}
	for i := range players {
		name := string(rune('A' + i))
		ev.Players = append(ev.Players, tbsheet.Player{ID: name, Name: name})
	}
	for i, ms := range rounds {
		ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: i + 1, Matches: ms})
	}
	return ev
}

// line describes a player's line: "A 3 (2-0-1) t1 vs B", "E 0 bye", "F 0 late t2 vs A",
// "G 0 absent".
func line(p *Pairings, pl Player) string {
	name := func(i int) string { return p.Event.Players[i].Name }
	s := fmt.Sprintf("%s %s", name(pl.Player), pl.Points)
	if pl.Rank > 0 {
		s += fmt.Sprintf(" #%d (%d-%d-%d)", pl.Rank, pl.Wins, pl.Losses, pl.Draws)
	}
	if pl.Late {
		s += " late"
	}
	if pl.Table > 0 {
		s += fmt.Sprintf(" t%d", pl.Table)
	}
	if pl.Opponent != no {
		s += " vs " + name(pl.Opponent)
	}
	if pl.Result != u {
		s += " " + pl.Result.String()
	}
	return s
}

func lines(p *Pairings) []string {
	var out []string
	for _, pl := range p.Players {
		out = append(out, line(p, pl))
	}
	return out
}

// TestCompute lists rounds with byes, late entries, drops, results already entered and
// players left out, and checks every line.
func TestCompute(t *testing.T) {
	dropped := event(5,
		[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, drw), m(0, 4, no, bye)},
		[]tbsheet.Match{m(1, 4, 0, u), m(2, 3, 2, u)})
	dropped.Players[1].DroppedAfter = 1
	disqualified := event(4,
		[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, win)},
		[]tbsheet.Match{m(1, 0, 2, u)})
	disqualified.Players[3].Disqualified = true
	for _, tt := range []struct {
		name     string
		ev       *tbsheet.Event
		round    int
		want     []string
		tables   []int
		complete bool
	}{
		{
			name: "round 1, a bye, tables in the input's order",
			ev:   event(5, []tbsheet.Match{m(2, 2, 3, u), m(1, 0, 1, u), m(0, 4, no, bye)}),
			want: []string{"A 0 t1 vs B", "B 0 t1 vs A", "C 0 t2 vs D", "D 0 t2 vs C", "E 0 bye"},
			// Sorted by table number.
			tables: []int{1, 2},
		},
		{
			name: "round 2 in play, a result already entered",
			ev: event(4,
				[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, drw)},
				[]tbsheet.Match{m(1, 0, 2, los), m(2, 3, 1, u)}),
			want: []string{"A 3 #1 (1-0-0) t1 vs C loss", "C 1 #2 (0-0-1) t1 vs A win",
				"D 1 #2 (0-0-1) t2 vs B", "B 0 #4 (0-1-0) t2 vs D"},
			tables: []int{1, 2},
		},
		{
			name: "a late entry with a loss without opponent, another without any match",
			ev: event(6,
				[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, win), m(0, 4, no, lno)},
				[]tbsheet.Match{m(1, 0, 2, u), m(2, 4, 1, u), m(3, 5, 3, u)}),
			want: []string{"A 3 #1 (1-0-0) t1 vs C", "C 3 #1 (1-0-0) t1 vs A",
				"E 0 #5 (0-1-0) late t2 vs B", "B 0 #3 (0-1-0) t2 vs E",
				"F 0 late t3 vs D", "D 0 #3 (0-1-0) t3 vs F"},
			tables: []int{1, 2, 3},
		},
		{
			name: "the late entry's missed round is the round in play",
			ev: event(5,
				[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, win)},
				[]tbsheet.Match{m(1, 0, 2, u), m(2, 1, 3, u), m(0, 4, no, lno)}),
			want: []string{"A 3 #1 (1-0-0) t1 vs C", "C 3 #1 (1-0-0) t1 vs A",
				"B 0 #3 (0-1-0) t2 vs D", "D 0 #3 (0-1-0) t2 vs B", "E 0 loss-no-opponent"},
			tables: []int{1, 2},
		},
		{
			name: "a player who dropped is left out",
			ev:   dropped,
			want: []string{"E 3 #1 (1-0-0) t1 vs A", "A 3 #1 (1-0-0) t1 vs E",
				"D 1 #3 (0-0-1) t2 vs C", "C 1 #3 (0-0-1) t2 vs D"},
			tables: []int{1, 2},
		},
		{
			name: "a disqualified player is left out, one the organizer forgot is unpaired",
			ev:   disqualified,
			want: []string{"A 3 #1 (1-0-0) t1 vs C", "C 3 #1 (1-0-0) t1 vs A",
				"B 0 #3 (0-1-0) absent"},
			tables: []int{1},
		},
		{
			name:  "a round asked for, every result entered",
			ev:    event(2, []tbsheet.Match{m(1, 0, 1, win)}, []tbsheet.Match{m(1, 1, 0, drw)}),
			round: 2,
			want:  []string{"B 0 #2 (0-1-0) t1 vs A draw", "A 3 #1 (1-0-0) t1 vs B draw"},
			// The whole round is entered.
			tables: []int{1}, complete: true,
		},
		{
			name: "no table numbers: 1, 2 … over the matches between two players",
			ev:   event(5, []tbsheet.Match{m(0, 4, no, bye), m(0, 2, 3, u), m(0, 0, 1, u)}),
			want: []string{"C 0 t1 vs D", "D 0 t1 vs C", "A 0 t2 vs B", "B 0 t2 vs A", "E 0 bye"},
			// The bye does not take a number.
			tables: []int{1, 2},
		},
		{
			name: "some table numbers: the others follow the highest",
			ev:   event(6, []tbsheet.Match{m(0, 0, 1, u), m(4, 2, 3, u), m(0, 4, 5, u)}),
			want: []string{"C 0 t4 vs D", "D 0 t4 vs C", "A 0 t5 vs B", "B 0 t5 vs A", "E 0 t6 vs F", "F 0 t6 vs E"},
			// Sorted by number.
			tables: []int{4, 5, 6},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(tt.ev, Options{Calc: calc.Options{System: "mtg"}, Round: tt.round})
			if err != nil {
				t.Fatal(err)
			}
			if got := lines(p); !slices.Equal(got, tt.want) {
				t.Errorf("players:\n got %q\nwant %q", got, tt.want)
			}
			var tables []int
			for _, tb := range p.Tables {
				tables = append(tables, tb.Number)
				for side, i := range []int{tb.P1, tb.P2} {
					if pl := p.Players[i]; pl.Table != tb.Number || (side == 0) != (pl.Player == tb.Match.P1) {
						t.Errorf("table %d: player %d is %s", tb.Number, side+1, line(p, pl))
					}
				}
			}
			if !slices.Equal(tables, tt.tables) {
				t.Errorf("tables %v, want %v", tables, tt.tables)
			}
			if p.Complete != tt.complete {
				t.Errorf("complete %v, want %v", p.Complete, tt.complete)
			}
		})
	}
}

// TestRoundChoice checks which round is listed, and the errors.
func TestRoundChoice(t *testing.T) {
	played := []tbsheet.Match{m(1, 0, 1, win)}
	open := []tbsheet.Match{m(1, 0, 1, u)}
	byeOnly := []tbsheet.Match{m(0, 0, no, bye), m(0, 1, no, bye)}
	for _, tt := range []struct {
		name  string
		ev    *tbsheet.Event
		round int
		want  int
		err   string
	}{
		{"the first round with a result missing", event(2, played, open, open), 0, 2, ""},
		{"byes have their result", event(2, played, byeOnly, open), 0, 3, ""},
		{"a round asked for", event(2, played, open), 1, 1, ""},
		{"every result entered", event(2, played, played), 0, 0, "no round is waiting for results"},
		{"no such round", event(2, played), 3, 0, "test.xlsx has no Swiss round 3 with pairings"},
		{"a negative round", event(2, played), -1, 0, "round -1: a round number is 1 or more"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compute(tt.ev, Options{Round: tt.round})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				if tt.round == 0 && !errors.Is(err, ErrNoRound) || tt.round != 0 && !errors.Is(err, calc.ErrUsage) {
					t.Errorf("error %v is not the kind it should be", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Round != tt.want {
				t.Errorf("round %d, want %d", p.Round, tt.want)
			}
		})
	}
}

// TestPlayoffRounds checks that a Swiss round in play comes before a playoff round, and
// that a playoff round is not counted in points.
func TestPlayoffRounds(t *testing.T) {
	ev := event(4, []tbsheet.Match{m(1, 0, 1, win), m(2, 2, 3, win)}, []tbsheet.Match{m(1, 0, 2, u), m(2, 1, 3, win)})
	ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 3, Playoff: true, Matches: []tbsheet.Match{m(1, 0, 2, u)}})
	p, err := Compute(ev, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Round != 2 || p.Players[0].Points.String() != "3" || p.Bracket != nil || p.Stage != 0 {
		t.Errorf("round %d (stage %d), %s", p.Round, p.Stage, line(p, p.Players[0]))
	}
}

// cutEvent is a Swiss event of six players, A to F in Swiss order (A 9 points, B and C 6
// and tied, D 3 …), whose top 4 is being played: the semifinals A–D (A wins once the final
// is paired) and B–C (B won), and the final A–B when final holds it.
func cutEvent(final ...tbsheet.Match) *tbsheet.Event {
	ev := event(6,
		[]tbsheet.Match{m(1, 0, 5, win), m(2, 1, 4, win), m(3, 2, 3, win)},
		[]tbsheet.Match{m(1, 0, 2, win), m(2, 1, 3, win), m(3, 4, 5, win)},
		[]tbsheet.Match{m(1, 0, 1, win), m(2, 2, 4, win), m(3, 3, 5, win)})
	ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 4, Playoff: true, Matches: []tbsheet.Match{m(1, 0, 3, u), m(2, 1, 2, win)}})
	if len(final) > 0 {
		ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: 5, Playoff: true, Matches: final})
	}
	return ev
}

// TestPlayoffRound lists a playoff round: its tables with the Swiss points and ranks,
// nobody else (the players out of the cut are not "unpaired"), its stage and bracket; by
// number, by stage, or as the round in play.
func TestPlayoffRound(t *testing.T) {
	for _, tt := range []struct {
		name  string
		ev    *tbsheet.Event
		opt   Options
		round int
		stage int
		want  []string
		err   string
	}{
		{name: "the semifinals in play", ev: cutEvent(), round: 4, stage: 4,
			want: []string{"A 9 #1 (3-0-0) t1 vs D", "D 3 #4 (1-2-0) t1 vs A", "B 6 #2 (2-1-0) t2 vs C win", "C 6 #2 (2-1-0) t2 vs B loss"}},
		{name: "the semifinals by stage", ev: cutEvent(m(1, 0, 1, u)), opt: Options{Stage: 4}, round: 4, stage: 4,
			want: []string{"A 9 #1 (3-0-0) t1 vs D win", "D 3 #4 (1-2-0) t1 vs A loss", "B 6 #2 (2-1-0) t2 vs C win", "C 6 #2 (2-1-0) t2 vs B loss"}},
		{name: "the final by number", ev: cutEvent(m(1, 0, 1, u)), opt: Options{Round: 5}, round: 5, stage: 2,
			want: []string{"A 9 #1 (3-0-0) t1 vs B", "B 6 #2 (2-1-0) t1 vs A"}},
		{name: "the final played: the round listed once the cut is finished", ev: cutEvent(m(1, 1, 0, win)), round: 5, stage: 2,
			want: []string{"B 6 #2 (2-1-0) t1 vs A win", "A 9 #1 (3-0-0) t1 vs B loss"}},
		{name: "no quarterfinals", ev: cutEvent(), opt: Options{Stage: 8}, err: "test.xlsx has no playoff round of the top 8 paired"},
		{name: "a final not paired", ev: cutEvent(), opt: Options{Stage: 2}, err: "test.xlsx has no playoff round of the top 2 paired"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.ev.Rounds[3].Matches[0].Result = map[bool]tbsheet.Result{true: win, false: u}[len(tt.ev.Rounds) > 4]
			p, err := Compute(tt.ev, tt.opt)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err || !errors.Is(err, calc.ErrUsage) {
					t.Fatalf("error %v, want the usage error %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Round != tt.round || p.Stage != tt.stage || p.Bracket == nil {
				t.Errorf("round %d, stage %d, bracket %v; want %d, %d", p.Round, p.Stage, p.Bracket != nil, tt.round, tt.stage)
			}
			if got := lines(p); !slices.Equal(got, tt.want) {
				t.Errorf("lines\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestPointsFollowTheSystem checks that points are the standings' primary key: chess halves,
// Cryptozoic match wins, --points.
func TestPointsFollowTheSystem(t *testing.T) {
	ev := event(4, []tbsheet.Match{m(1, 0, 1, drw), m(2, 2, 3, win)}, []tbsheet.Match{m(1, 0, 2, u), m(2, 1, 3, u)})
	pts, err := tbsheet.ParsePoints("2,1,0,2")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		opt  calc.Options
		want string // A's and C's points
	}{
		{calc.Options{System: "mtg"}, "1 3"},
		{calc.Options{System: "chess"}, "0.5 1"},
		{calc.Options{System: "cz"}, "0 1"},
		{calc.Options{System: "mtg", Points: &pts}, "1 2"},
	} {
		p, err := Compute(ev, Options{Calc: tt.opt})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Players[0].Points.String() + " " + p.Players[1].Points.String(); got != tt.want {
			t.Errorf("%s: points %s, want %s", tt.opt.System, got, tt.want)
		}
	}
}

// TestComputeErrors checks what Compute refuses.
func TestComputeErrors(t *testing.T) {
	pods := &tbsheet.Event{Source: "cup.tdf", Pods: []*tbsheet.Event{event(2), event(2)}}
	bad := event(2, []tbsheet.Match{m(1, 0, 7, u)})
	for _, tt := range []struct {
		name string
		ev   *tbsheet.Event
		opt  Options
		err  string
	}{
		{"pods", pods, Options{}, "cup.tdf holds 2 separate pods: choose one"},
		{"after-round", event(2, []tbsheet.Match{m(1, 0, 1, u)}), Options{Calc: calc.Options{AfterRound: 1}}, "chosen with Round"},
		{"an unknown system", event(2, []tbsheet.Match{m(1, 0, 1, u)}), Options{Calc: calc.Options{System: "magix"}}, `unknown system "magix"`},
		{"an unknown player", bad, Options{}, "unknown player #7"},
		{"no event", nil, Options{}, "no event"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compute(tt.ev, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}
