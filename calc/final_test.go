package calc

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/bracketspec"
)

// finalEvent builds Swiss standings by hand (they stand in for Compute, which Final does not
// need) and an event whose playoff rounds are written as bracketspec reads them, players
// numbered by Swiss order from 1. swiss gives each player's Swiss rank (nil: 1, 2, 3, …); players listed
// in unranked are left out of the rows (disqualified).
func finalEvent(t *testing.T, n int, swiss []int, playoff []string, unranked ...int) *Standings {
	t.Helper()
	ev := &tbsheet.Event{Name: "Final test"}
	for i := 1; i <= n; i++ {
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(i), Name: "P" + strconv.Itoa(i)})
	}
	const swissRounds = 5
	for r := 1; r <= swissRounds; r++ {
		ev.Rounds = append(ev.Rounds, tbsheet.Round{Number: r})
	}
	for k, spec := range playoff {
		round, err := bracketspec.Round(swissRounds+1+k, spec, "")
		if err != nil {
			t.Fatal(err)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	st := &Standings{Event: ev, Rounds: []int{1, 2, 3, 4, 5}, Notes: []i18n.Note{i18n.N("text", "swiss note")}}
	skip := map[int]bool{}
	for _, p := range unranked {
		skip[p-1] = true
	}
	for p := range n {
		if skip[p] {
			continue
		}
		rank := p + 1
		if swiss != nil {
			rank = swiss[p]
		}
		st.Rows = append(st.Rows, Row{Rank: rank, Player: p, Points: exact.Int(int64(3 * (n - rank)))})
	}
	return st
}

// order writes rows as "rank:player" with players numbered from 1.
func order(rows []Row) string {
	var parts []string
	for _, r := range rows {
		parts = append(parts, fmt.Sprintf("%d:%d", r.Rank, r.Player+1))
	}
	return strings.Join(parts, " ")
}

func TestFinal(t *testing.T) {
	tests := []struct {
		name      string
		players   int
		swiss     []int
		playoff   []string
		unranked  []int
		want      string
		notes     []string // substrings that must appear among the notes
		notFinal  bool
		wantNotes map[int]string // player → his row's note
	}{
		{
			name: "top 4, no 3rd-place match: semi-finalists by Swiss rank", players: 10,
			playoff:   []string{"1>4 3>2", "3>1"},
			want:      "1:3 2:1 3:2 4:4 5:5 6:6 7:7 8:8 9:9 10:10",
			wantNotes: map[int]string{3: "winner", 1: "finalist", 2: "semi-finalist", 4: "semi-finalist", 5: ""},
		},
		{
			name: "top 4 with a 3rd-place match", players: 6,
			playoff: []string{"1>4 3>2", "3>1 4>2"},
			want:    "1:3 2:1 3:4 4:2 5:5 6:6",
		},
		{
			name: "top 4 with the 3rd-place match played after the final", players: 6,
			playoff:   []string{"1>4 3>2", "3>1", "4>2"},
			want:      "1:3 2:1 3:4 4:2 5:5 6:6",
			wantNotes: map[int]string{3: "winner", 1: "finalist"},
		},
		{
			name: "top 8, no 3rd-place match", players: 12,
			playoff:   []string{"1>8 4>5 2>7 6>3", "1>4 6>2", "6>1"},
			want:      "1:6 2:1 3:2 4:4 5:3 6:5 7:7 8:8 9:9 10:10 11:11 12:12",
			wantNotes: map[int]string{6: "winner", 1: "finalist", 4: "semi-finalist", 3: "quarter-finalist", 8: "quarter-finalist", 9: ""},
		},
		{
			name: "top 8 with a 3rd-place match played beside the final", players: 10,
			playoff: []string{"1>8 4>5 2>7 6>3", "1>4 6>2", "4>2 6>1"},
			want:    "1:6 2:1 3:4 4:2 5:3 6:5 7:7 8:8 9:9 10:10",
		},
		{
			name: "top 8 with a 5th-8th bracket", players: 9,
			playoff: []string{"1>8 4>5 2>7 6>3", "1>4 6>2 8>5 3>7", "6>1 4>2 3>8 5>7"},
			want:    "1:6 2:1 3:4 4:2 5:3 6:8 7:5 8:7 9:9",
		},
		{
			name: "the 3rd in Swiss dropped before the top cut: the 9th played it", players: 12,
			playoff: []string{"1>9 4>5 2>8 6>7", "1>4 2>6", "2>1"},
			want:    "1:2 2:1 3:4 4:6 5:5 6:7 7:8 8:9 9:3 10:10 11:11 12:12",
		},
		{
			name: "final not reported: the Swiss ranks stand", players: 8,
			playoff: []string{"1>8 4>5 2>7 6>3", "1>4 6>2", "1?6"},
			want:    "1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8", notFinal: true,
			notes:     []string{"the top cut is not finished"},
			wantNotes: map[int]string{1: "still in the top cut", 6: "still in the top cut", 2: "semi-finalist"},
		},
		{
			name: "final not paired yet: the Swiss ranks stand", players: 8,
			playoff: []string{"1>8 4>5 2>7 6>3", "1>4 6>2"},
			want:    "1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8", notFinal: true,
			notes:     []string{"the top cut is not finished"},
			wantNotes: map[int]string{1: "still in the top cut", 6: "still in the top cut", 2: "semi-finalist", 3: "quarter-finalist"},
		},
		{
			name: "one semi-final undecided", players: 6,
			playoff: []string{"1>4 3?2"},
			want:    "1:1 2:2 3:3 4:4 5:5 6:6", notFinal: true,
			notes:     []string{"the top cut is not finished"},
			wantNotes: map[int]string{1: "still in the top cut", 2: "still in the top cut", 4: "semi-finalist"},
		},
		{
			name: "a draw decides nothing", players: 4,
			playoff: []string{"1>4 3=2"},
			want:    "1:1 2:2 3:3 4:4", notFinal: true,
			notes: []string{"has a draw, which decides nothing", "not finished"},
		},
		{
			name: "byes advance: a top 6 whose seeds 1 and 2 get byes", players: 8,
			playoff:   []string{"1+ 2+ 3>6 4<5", "1>5 3>2", "3>1"},
			want:      "1:3 2:1 3:2 4:5 5:4 6:6 7:7 8:8",
			wantNotes: map[int]string{4: "quarter-finalist", 2: "semi-finalist"},
		},
		{
			name: "the bracket skips the top seeds without byes", players: 6,
			playoff: []string{"3>6 4<5", "1>5 3>2", "1>3"},
			want:    "1:1 2:3 3:2 4:5 5:4 6:6",
		},
		{
			name: "a finalist missing from the final is out in it", players: 4,
			playoff: []string{"1>4 3>2", "1+"},
			want:    "1:1 2:3 3:2 4:4",
			notes:   []string{"P3 is not paired in playoff round 7: counted as out in that round"},
		},
		{
			name: "semi-finalists tied in Swiss share the place", players: 6,
			swiss:   []int{1, 2, 3, 3, 5, 6},
			playoff: []string{"1>4 2>3", "1>2"},
			want:    "1:1 2:2 3:3 3:4 5:5 6:6",
		},
		{
			name: "shared Swiss ranks outside the cut stay shared", players: 8,
			swiss:   []int{1, 2, 3, 4, 5, 5, 7, 7},
			playoff: []string{"1>4 3>2", "3>1"},
			want:    "1:3 2:1 3:2 4:4 5:5 5:6 7:7 7:8",
		},
		{
			name: "a double loss puts both out", players: 5,
			playoff:   []string{"1>4 2x3", "1+"},
			want:      "1:1 2:2 3:3 4:4 5:5",
			wantNotes: map[int]string{1: "winner", 4: "semi-finalist", 2: "semi-finalist", 3: "semi-finalist"},
		},
		{
			name: "top 16 after its first round", players: 17,
			playoff: []string{"1>16 8>9 5>12 4>13 3>14 6>11 7>10 2>15"},
			want:    "1:1 2:2 3:3 4:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11 12:12 13:13 14:14 15:15 16:16 17:17", notFinal: true,
			notes:     []string{"not finished"},
			wantNotes: map[int]string{1: "still in the top cut", 9: "top 16", 16: "top 16", 17: ""},
		},
		{
			name: "quarterfinals paired without results: Swiss ranks, eight still in, none placed", players: 12,
			swiss:   []int{1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 11, 12},
			playoff: []string{"1?8 4?5 2?7 3?6"},
			want:    "1:1 2:2 3:3 3:4 5:5 6:6 7:7 8:8 9:9 10:10 11:11 12:12", notFinal: true,
			notes:     []string{"the top cut is not finished"},
			wantNotes: map[int]string{1: "still in the top cut", 8: "still in the top cut", 9: ""},
		},
		{
			name: "a disqualified finalist leaves the list", players: 5,
			playoff:  []string{"1>4 2>3", "2>1"},
			unranked: []int{2},
			want:     "1:1 2:3 3:4 4:5",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := finalEvent(t, tt.players, tt.swiss, tt.playoff, tt.unranked...)
			before := order(st.Rows)
			got := Final(st)
			if got.Final == tt.notFinal {
				t.Errorf("Final = %v, want %v", got.Final, !tt.notFinal)
			}
			cut := map[int]bool{}
			for _, r := range st.Event.Rounds {
				for _, m := range r.Matches {
					if r.Playoff {
						cut[m.P1], cut[m.P2] = true, m.P2 != tbsheet.NoPlayer
					}
				}
			}
			delete(cut, tbsheet.NoPlayer)
			if got.Cut != len(cut) || got.Swiss != st {
				t.Errorf("Cut = %d, Swiss = %p; want %d, %p", got.Cut, got.Swiss, len(cut), st)
			}
			for _, r := range got.Rows {
				if r.StillIn && got.Final {
					t.Errorf("P%d is still in a finished cut", r.Player+1)
				}
			}
			if o := order(got.Rows); o != tt.want {
				t.Errorf("order\n got %s\nwant %s", o, tt.want)
			}
			if order(st.Rows) != before || st.Final {
				t.Errorf("Final changed its input")
			}
			all := strings.Join(enNotes(got.Notes), "\n")
			if !strings.HasPrefix(all, "swiss note") {
				t.Errorf("the Swiss notes are lost: %q", all)
			}
			for _, n := range tt.notes {
				if !strings.Contains(all, n) {
					t.Errorf("notes lack %q:\n%s", n, all)
				}
			}
			if len(tt.notes) == 0 && len(enNotes(got.Notes)) != 1 {
				t.Errorf("unexpected notes:\n%s", all)
			}
			for _, row := range got.Rows {
				if want, ok := tt.wantNotes[row.Player+1]; ok && en(row.Note) != want {
					t.Errorf("P%d note = %q, want %q", row.Player+1, en(row.Note), want)
				}
				// The finish is on the row for writers to name in their language.
				if want, ok := tt.wantNotes[row.Player+1]; ok {
					got := ""
					if row.Finish > 0 {
						got = en(finishNote(row.Finish, row.StillIn))
					}
					if got != want {
						t.Errorf("P%d finish %d (still in %v) reads %q, want %q", row.Player+1, row.Finish, row.StillIn, got, want)
					}
				}
			}
		})
	}
}

func TestFinalWithoutTopCut(t *testing.T) {
	st := finalEvent(t, 4, nil, nil)
	got := Final(st)
	if got.Final || order(got.Rows) != order(st.Rows) || len(enNotes(got.Notes)) != 1 {
		t.Errorf("no playoff rounds: got Final=%v %s %q, want the Swiss standings", got.Final, order(got.Rows), enNotes(got.Notes))
	}
}

func TestFinalBeforeTheLastSwissRound(t *testing.T) {
	st := finalEvent(t, 4, nil, []string{"1>4 3>2", "3>1"})
	st.Rounds = []int{1, 2, 3}
	got := Final(st)
	if got.Final || order(got.Rows) != order(st.Rows) {
		t.Errorf("after round 3: got Final=%v %s, want the Swiss standings", got.Final, order(got.Rows))
	}
	if n := strings.Join(enNotes(got.Notes), "\n"); !strings.Contains(n, "standings after round 3 come before the top cut") {
		t.Errorf("notes %q lack the reason", n)
	}
}

func TestFinalKeepsSwissNotes(t *testing.T) {
	st := finalEvent(t, 4, nil, []string{"1>4 3>2", "3>1"})
	st.Rows[3].Note = i18n.N("text", "order with P5 decided by lot")
	got := Final(st)
	for _, r := range got.Rows {
		if r.Player == 3 && en(r.Note) != "semi-finalist; order with P5 decided by lot" {
			t.Errorf("note = %q", en(r.Note))
		}
	}
}
