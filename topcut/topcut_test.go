package topcut

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/bracketspec"
)

func TestOrder(t *testing.T) {
	tests := []struct {
		size int
		want []int
	}{
		{2, []int{1, 2}},
		{4, []int{1, 4, 2, 3}},
		{8, []int{1, 8, 4, 5, 2, 7, 3, 6}},
		{16, []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}},
		{32, []int{1, 32, 16, 17, 8, 25, 9, 24, 4, 29, 13, 20, 5, 28, 12, 21, 2, 31, 15, 18, 7, 26, 10, 23, 3, 30, 14, 19, 6, 27, 11, 22}},
	}
	for _, tt := range tests {
		if got := Order(tt.size); !slices.Equal(got, tt.want) {
			t.Errorf("Order(%d) = %v, want %v", tt.size, got, tt.want)
		}
	}
	// Every game of the first round pairs seeds adding up to size+1, and the best seeds of
	// each half are in different halves down to the top four.
	for size := 2; size <= MaxCut; size *= 2 {
		o := Order(size)
		for i := 0; i < size; i += 2 {
			if o[i]+o[i+1] != size+1 || o[i] > o[i+1] {
				t.Fatalf("Order(%d): game %d pairs %d with %d", size, i/2+1, o[i], o[i+1])
			}
		}
		if size >= 4 && (slices.Index(o, 2) < size/2 || slices.Index(o, 3) < size/2 || slices.Index(o, 4) >= size/2) {
			t.Errorf("Order(%d): seeds 1–4 are not spread over the quarters: %v", size, o[:min(size, 8)])
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int]int{2: 2, 3: 4, 4: 4, 5: 8, 6: 8, 8: 8, 9: 16, 16: 16, 17: 32, 32: 32} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %d, want %d", n, got, want)
		}
	}
}

// cutEvent builds an event of n players P1…Pn, P1 best in the Swiss, whose Swiss standings
// are made by hand (rank[i] is Pi+1's rank; nil: 1, 2, 3, …), after three Swiss rounds
// whose results are all in unless unreported says which tables of round 3 are not. Its
// playoff rounds are written as bracketspec reads them ("1>8 4?5 2+"), on sheets "PO 4", ….
func cutEvent(t *testing.T, n int, rank []int, playoff []string, unreported ...int) *calc.Standings {
	t.Helper()
	ev := &tbsheet.Event{Name: "Cut", Source: "cut.xlsx"}
	for i := 1; i <= n; i++ {
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(i), Name: "P" + strconv.Itoa(i)})
	}
	for r := 1; r <= 3; r++ {
		round := tbsheet.Round{Number: r, Pos: tbsheet.Pos{File: ev.Source, Sheet: "Round " + strconv.Itoa(r)}}
		for i := 0; i+1 < n; i += 2 {
			m := tbsheet.Match{Table: i/2 + 1, P1: i, P2: i + 1, Result: tbsheet.Win,
				Pos: tbsheet.Pos{File: ev.Source, Sheet: round.Pos.Sheet, Row: i/2 + 2, Col: 4}}
			if r == 3 && slices.Contains(unreported, m.Table) {
				m.Result = tbsheet.Unreported
			}
			round.Matches = append(round.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	for k, spec := range playoff {
		r, err := bracketspec.Round(4+k, spec, "PO "+strconv.Itoa(4+k))
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.Matches {
			r.Matches[i].Pos.File = ev.Source
		}
		r.Pos.File = ev.Source
		ev.Rounds = append(ev.Rounds, r)
	}
	st := &calc.Standings{Event: ev, Rounds: []int{1, 2, 3}}
	for p := range n {
		r := p + 1
		if rank != nil {
			r = rank[p]
		}
		st.Rows = append(st.Rows, calc.Row{Rank: r, Player: p, Points: exact.Int(int64(3 * (n - r)))})
	}
	return st
}

// spec writes a paired round as cutEvent reads it, "?" for a match to play: "1?8 4?5 2+".
func spec(r tbsheet.Round) string {
	var parts []string
	for _, m := range r.Matches {
		if m.P2 == tbsheet.NoPlayer {
			parts = append(parts, fmt.Sprintf("%d+", m.P1+1))
			continue
		}
		parts = append(parts, fmt.Sprintf("%d?%d", m.P1+1, m.P2+1))
	}
	return strings.Join(parts, " ")
}

func TestPairFirstRound(t *testing.T) {
	tests := []struct {
		name    string
		players int
		rank    []int
		drop    []int // players who dropped after the last round
		cut     int
		want    string
	}{
		{name: "top 2", players: 5, cut: 2, want: "1?2"},
		{name: "top 4", players: 9, cut: 4, want: "1?4 2?3"},
		{name: "top 8", players: 20, cut: 8, want: "1?8 4?5 2?7 3?6"},
		{name: "top 16", players: 40, cut: 16, want: "1?16 8?9 4?13 5?12 2?15 7?10 3?14 6?11"},
		{name: "top 32", players: 64, cut: 32, want: "1?32 16?17 8?25 9?24 4?29 13?20 5?28 12?21 2?31 15?18 7?26 10?23 3?30 14?19 6?27 11?22"},
		{name: "top 6: seeds 1 and 2 have a bye", players: 10, cut: 6, want: "1+ 4?5 2+ 3?6"},
		{name: "top 3: seed 1 has a bye", players: 6, cut: 3, want: "1+ 2?3"},
		{name: "top 12", players: 20, cut: 12, want: "1+ 8?9 4+ 5?12 2+ 7?10 3+ 6?11"},
		{name: "everyone", players: 4, cut: 4, want: "1?4 2?3"},
		{name: "a player who dropped declines: the next one moves up", players: 12, drop: []int{3}, cut: 4, want: "1?5 2?4"},
		{name: "shared ranks below the line do not matter", players: 10, rank: []int{1, 2, 3, 4, 5, 5, 7, 8, 9, 10}, cut: 4, want: "1?4 2?3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := cutEvent(t, tt.players, tt.rank, nil)
			for _, p := range tt.drop {
				st.Rows[p-1].DroppedAfter = 3
			}
			r, err := Pair(st, tt.cut)
			if err != nil {
				t.Fatal(err)
			}
			if got := spec(r); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if !r.Playoff || r.Number != 4 {
				t.Errorf("round %d, playoff %v; want round 4, a playoff", r.Number, r.Playoff)
			}
			table := 0
			for _, m := range r.Matches {
				if m.P2 != tbsheet.NoPlayer {
					table++
					if m.Table != table || m.Result != tbsheet.Unreported {
						t.Errorf("%d?%d at table %d with %v, want table %d unreported", m.P1+1, m.P2+1, m.Table, m.Result, table)
					}
				} else if m.Table != 0 || m.Result != tbsheet.Bye {
					t.Errorf("bye of %d at table %d with %v", m.P1+1, m.Table, m.Result)
				}
			}
		})
	}
}

func TestPairRefuses(t *testing.T) {
	tests := []struct {
		name       string
		players    int
		rank       []int
		playoff    []string
		unreported []int
		planned    int
		cut        int
		usage      bool
		want       []string // the problems, in order
	}{
		{name: "a Swiss round without all results", players: 10, unreported: []int{2, 4}, cut: 4,
			want: []string{"cut.xlsx: Round 3!D3: round 3, table 2 (P3 – P4) has no result: the top cut starts once the Swiss rounds are played",
				"cut.xlsx: Round 3!D5: round 3, table 4 (P7 – P8) has no result: the top cut starts once the Swiss rounds are played"}},
		{name: "a planned Swiss round not paired", players: 10, planned: 5, cut: 4,
			want: []string{"cut.xlsx: the event plans 5 Swiss rounds and 3 are paired: the top cut starts after round 5"}},
		{name: "a tie at the line", players: 10, rank: []int{1, 2, 3, 4, 4, 6, 7, 8, 9, 10}, cut: 4,
			want: []string{"cut.xlsx: Swiss rank 4 is shared by P4, P5, tied on every key, and the top 4 line falls between them: decide as the event's rules say (a playoff, by lot), then type the first playoff round yourself; tbsheet pairs the rounds after it"}},
		{name: "a tie inside the cut", players: 10, rank: []int{1, 2, 2, 4, 5, 6, 7, 8, 9, 10}, cut: 4,
			want: []string{"cut.xlsx: Swiss rank 2 is shared by P2, P3, tied on every key, and their seeds decide whom they meet: decide as the event's rules say (a playoff, by lot), then type the first playoff round yourself; tbsheet pairs the rounds after it"}},
		{name: "too few players", players: 6, cut: 8,
			want: []string{"cut.xlsx: a top 8 needs 8 players and 6 can play it (players who dropped cannot)"}},
		{name: "no size for a cut not begun", players: 6, cut: 0, usage: true},
		{name: "a top 1", players: 6, cut: 1, usage: true},
		{name: "a cut too large", players: 6, cut: MaxCut + 1, usage: true},
		{name: "another size than the cut being played", players: 10, playoff: []string{"1>4 2>3"}, cut: 8, usage: true},
		{name: "quarterfinals without all results", players: 10, playoff: []string{"1>8 4?5 2>7 3?6"},
			want: []string{"cut.xlsx: PO 4!D3: round 4, table 2 (P4 – P5) has no result: the next playoff round is paired from the winners",
				"cut.xlsx: PO 4!D5: round 4, table 4 (P3 – P6) has no result: the next playoff round is paired from the winners"}},
		{name: "a draw decides nothing", players: 10, playoff: []string{"1>4 2=3"},
			want: []string{"cut.xlsx: PO 4!D3: round 4, table 2 (P2 – P3) is a draw, which decides nothing in single elimination: enter who goes on"}},
		{name: "a game the round leaves out", players: 10, playoff: []string{"1>8 4>5 2>7 3>6", "1>4"},
			want: []string{"cut.xlsx: PO 5: round 5 does not pair P2 with P3, as the bracket does"}},
		{name: "a finished cut", players: 10, playoff: []string{"1>4 2>3", "2>1"},
			want: []string{"cut.xlsx: the top cut is finished: P2 won the final (round 5)"}},
		{name: "a final nobody won", players: 10, playoff: []string{"1>4 2>3", "1x2"},
			want: []string{"cut.xlsx: the final (round 5) has no winner: nobody is left to pair"}},
		{name: "a cut paired another way", players: 10, playoff: []string{"1>6 2>5 3>7 4>8"},
			want: []string{"cut.xlsx: the playoff rounds are not paired in the bracket by Swiss rank (round 4, table 1 (P1 – P6): seeds 1 and 6): type the next round yourself"}},
		{name: "top seeds skipped without bye rows", players: 10, playoff: []string{"3>6 4>5"},
			want: []string{"cut.xlsx: P1 (Swiss rank 1), P2 (Swiss rank 2) ranks above players of the top cut but is not in it: give a bye row in the first playoff round to a seed who has one, or mark the drop of a player who left"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := cutEvent(t, tt.players, tt.rank, tt.playoff, tt.unreported...)
			st.Event.PlannedRounds = tt.planned
			_, err := Pair(st, tt.cut)
			if err == nil {
				t.Fatal("paired")
			}
			if errors.Is(err, calc.ErrUsage) != tt.usage {
				t.Fatalf("usage error %v, want %v: %v", errors.Is(err, calc.ErrUsage), tt.usage, err)
			}
			if tt.usage {
				return
			}
			var got []string
			for _, e := range tbsheet.Errors(err) {
				if !errors.Is(e, ErrNotReady) {
					t.Errorf("%v does not wrap ErrNotReady", e)
				}
				got = append(got, e.Error())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

// TestPairLaterRounds plays cuts through: each round paired from the winners of the one
// before, in bracket order, the higher seed Player 1.
func TestPairLaterRounds(t *testing.T) {
	tests := []struct {
		name    string
		players int
		playoff []string
		want    string
	}{
		{name: "semifinals of a top 8", players: 12, playoff: []string{"1>8 4>5 2>7 3>6"}, want: "1?4 2?3"},
		{name: "upsets: the winner of 1–8 meets the winner of 4–5", players: 12, playoff: []string{"1<8 4<5 2<7 3<6"}, want: "5?8 6?7"},
		{name: "the final", players: 12, playoff: []string{"1>8 4>5 2>7 3>6", "1<4 2>3"}, want: "2?4"},
		{name: "tables in any order", players: 12, playoff: []string{"3>6 2>7 1>8 4>5"}, want: "1?4 2?3"},
		{name: "results entered from the lower seed's side", players: 12, playoff: []string{"8<1 5>4 7<2 6>3"}, want: "1?5 2?6"},
		{name: "quarterfinals of a top 16", players: 20,
			playoff: []string{"1>16 8>9 4>13 5>12 2>15 7>10 3>14 6>11"}, want: "1?8 4?5 2?7 3?6"},
		{name: "top 6 after its byes", players: 10, playoff: []string{"1+ 4>5 2+ 3<6"}, want: "1?4 2?6"},
		{name: "top 6 whose byes are not written, once its seeds 1 and 2 play", players: 10, playoff: []string{"4<5 3>6", "1>5 2<3"}, want: "1?3"},
		{name: "a double loss: the other goes through", players: 10, playoff: []string{"1>8 4x5 2>7 3>6"}, want: "1+ 2?3"},
		{name: "a 3rd-place match played after the final is no game of the bracket", players: 10,
			playoff: []string{"1>8 4>5 2>7 3>6", "1>4 2>3"}, want: "1?2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := cutEvent(t, tt.players, nil, tt.playoff)
			r, err := Pair(st, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := spec(r); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if want := 4 + len(tt.playoff); r.Number != want {
				t.Errorf("round %d, want %d", r.Number, want)
			}
		})
	}
}

// TestPairWholeCut pairs cuts of every size from 2 to 33 round after round, the higher seed
// winning every game but one upset a round, until the final: every round is in bracket order,
// nobody plays twice in a round, and Read finds the champion.
func TestPairWholeCut(t *testing.T) {
	for cut := 2; cut <= 33; cut++ {
		st := cutEvent(t, cut+3, nil, nil)
		r, err := Pair(st, cut)
		if err != nil {
			t.Fatalf("top %d: %v", cut, err)
		}
		for k := 0; ; k++ {
			seen := map[int]bool{}
			for i := range r.Matches {
				m := &r.Matches[i]
				for _, p := range []int{m.P1, m.P2} {
					if p != tbsheet.NoPlayer && seen[p] {
						t.Fatalf("top %d, round %d: P%d plays twice", cut, r.Number, p+1)
					}
					seen[p] = true
				}
				switch {
				case m.P2 == tbsheet.NoPlayer:
				case m.P1 > m.P2:
					t.Fatalf("top %d, round %d: Player 1 is P%d, the lower seed", cut, r.Number, m.P1+1)
				case i == k%len(r.Matches):
					m.Result = tbsheet.Loss
				default:
					m.Result = tbsheet.Win
				}
			}
			st.Event.Rounds = append(st.Event.Rounds, r)
			if b := Read(st); !b.Ordered {
				t.Fatalf("top %d: round %d is not in bracket order: %s", cut, r.Number, spec(r))
			}
			if r, err = Pair(st, 0); err != nil {
				break
			}
		}
		b := Read(st)
		if b.Champion == tbsheet.NoPlayer || len(b.Seeds) != cut || len(b.Rounds) != bits.Len(uint(Size(cut)))-1 {
			t.Errorf("top %d: champion %d, %d seeds, %d rounds", cut, b.Champion, len(b.Seeds), len(b.Rounds))
		}
		if _, err := Pair(st, 0); !errors.Is(err, ErrNotReady) || !strings.Contains(err.Error(), "is finished") {
			t.Errorf("top %d after the final: %v", cut, err)
		}
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		name    string
		players int
		playoff []string
		ordered bool
		rounds  string // each round "number/stage: games", a game "A-B" with winner marked *, ? pending, _ empty
		extras  int
		champ   int // player number, 0 for none
	}{
		{name: "quarterfinals paired", players: 12, playoff: []string{"1?8 4?5 2?7 3?6"}, ordered: true,
			rounds: "4/8: 1-8 4-5 2-7 3-6 | 0/4: ?-? ?-? | 0/2: ?-?"},
		{name: "semifinals half played", players: 12, playoff: []string{"1>8 4<5 2>7 3>6", "1>5 2?3"}, ordered: true,
			rounds: "4/8: 1*-8 4-5* 2*-7 3*-6 | 5/4: 1*-5 2-3 | 0/2: 1-?"},
		{name: "a champion", players: 12, playoff: []string{"1>4 2>3", "1<2"}, ordered: true,
			rounds: "4/4: 1*-4 2*-3 | 5/2: 1-2*", champ: 2},
		{name: "top 6 with bye rows", players: 8, playoff: []string{"1+ 4>5 2+ 3>6"}, ordered: true,
			rounds: "4/8: 1*-_ 4*-5 2*-_ 3*-6 | 0/4: 1-4 2-3 | 0/2: ?-?"},
		{name: "top 6 whose byes are not written", players: 8, playoff: []string{"4>5 3>6", "1>4 2?3"}, ordered: true,
			rounds: "4/8: 1*-_ 4*-5 2*-_ 3*-6 | 5/4: 1*-4 2-3 | 0/2: 1-?"},
		{name: "a 3rd-place match beside the final", players: 8, playoff: []string{"1>4 2>3", "1>2 4>3"}, ordered: true,
			rounds: "4/4: 1*-4 2*-3 | 5/2: 1*-2", extras: 1, champ: 1},
		{name: "a 3rd-place match after the final", players: 8, playoff: []string{"1>4 2>3", "1>2", "4>3"}, ordered: true,
			rounds: "4/4: 1*-4 2*-3 | 5/2: 1*-2", extras: 1, champ: 1},
		{name: "paired another way: by table", players: 10, playoff: []string{"1>6 2>5 3>7 4<8", "1>8 2>3", "1>2"},
			rounds: "4/8: 1*-6 2*-5 3*-7 4-8* | 5/4: 1*-8 2*-3 | 6/2: 1*-2", champ: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := Read(cutEvent(t, tt.players, nil, tt.playoff))
			if b.Ordered != tt.ordered {
				t.Errorf("Ordered = %v, want %v", b.Ordered, tt.ordered)
			}
			var rounds []string
			for _, r := range b.Rounds {
				var games []string
				for _, g := range r.Games {
					side := func(i int) string {
						s := map[int]string{tbsheet.NoPlayer: "_", Pending: "?"}[g.Players[i]]
						if s == "" {
							s = strconv.Itoa(g.Players[i] + 1)
						}
						if g.Winner == i {
							s += "*"
						}
						return s
					}
					games = append(games, side(0)+"-"+side(1))
					if m := g.Match; m != nil && m.P2 != tbsheet.NoPlayer && (m.P1 != g.Players[0] || m.P2 != g.Players[1]) {
						t.Errorf("round %d: match P%d–P%d is not read from the upper side", r.Number, m.P1+1, m.P2+1)
					}
				}
				rounds = append(rounds, fmt.Sprintf("%d/%d: %s", r.Number, r.Stage, strings.Join(games, " ")))
			}
			if got := strings.Join(rounds, " | "); got != tt.rounds {
				t.Errorf("rounds\n got %s\nwant %s", got, tt.rounds)
			}
			if len(b.Extras) != tt.extras {
				t.Errorf("%d extras, want %d", len(b.Extras), tt.extras)
			}
			if got := b.Champion + 1; got != tt.champ {
				t.Errorf("champion P%d, want P%d", got, tt.champ)
			}
		})
	}
	if b := Read(cutEvent(t, 4, nil, nil)); b != nil {
		t.Errorf("no playoff round: %+v", b)
	}
}

// FuzzPair reads and pairs cuts whose playoff rounds are anything (written as bracketspec
// reads them, "|" between rounds): Read and Pair never fail but with an error, a paired
// round names each player of the cut once at most, Player 1 the higher seed, and a bracket
// in order holds each paired match in one game.
func FuzzPair(f *testing.F) {
	for _, s := range []string{"", "1>8 4?5 2>7 3>6", "1>8 4>5 2>7 3>6|1?4 2>3", "1+ 4>5 2+ 3<6", "4>5 3>6|1>4 2<3",
		"1x2", "1>2|1>2", "1>6 2>5 3>7 4<8", "9>10", "1>4 2>3|1>2 4>3|3>4", "1=2 3>4"} {
		f.Add(s, uint8(8))
	}
	f.Fuzz(func(t *testing.T, rounds string, cut uint8) {
		const n = 12
		st := cutEvent(t, n, nil, nil)
		for k, spec := range strings.Split(rounds, "|") {
			r, err := bracketspec.Round(4+k, spec, "")
			if err != nil {
				t.Skip()
			}
			st.Event.Rounds = append(st.Event.Rounds, r)
		}
		if len(st.Event.Validate()) > 0 {
			t.Skip() // the readers refuse such a file
		}
		if b := Read(st); b != nil && b.Ordered {
			paired := 0
			for _, r := range b.Rounds {
				for _, g := range r.Games {
					if g.Match != nil {
						paired++
					}
				}
			}
			placed := paired + len(b.Extras)
			total := 0
			for _, r := range st.Event.Rounds[3:] {
				total += len(r.Matches)
			}
			if placed != total {
				t.Errorf("%d of %d playoff matches placed", placed, total)
			}
		}
		r, err := Pair(st, int(cut)%40)
		if err != nil {
			return
		}
		b := Read(st)
		seen := map[int]bool{}
		for _, m := range r.Matches {
			for _, p := range []int{m.P1, m.P2} {
				if p != tbsheet.NoPlayer && (seen[p] || p < 0 || p >= n) {
					t.Fatalf("%s: P%d twice or unknown", spec(r), p+1)
				}
				seen[p] = true
			}
			if b != nil && m.P2 != tbsheet.NoPlayer && b.Seed(m.P1) > b.Seed(m.P2) {
				t.Errorf("%s: Player 1 is the lower seed", spec(r))
			}
		}
	})
}
