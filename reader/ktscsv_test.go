package reader

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

const ktsCSVHead = "\"Event ID\",\"Round\",\"Player 1\",\"Result\",\"Player 2\"\r\n"

func TestKTSCSVResults(t *testing.T) {
	data := ktsCSVHead +
		"\"E26-000001\",0,0100000001,1,\r\n" + // seat assignment
		"\"E26-000001\",1,0100000001,1,0100000002\r\n" +
		"\"E26-000001\",1,0100000003,1,\r\n" +
		"\"E26-000001\",1,,1,0100000004\r\n" +
		"\"E26-000001\",2,0100000004,3,0100000001\r\n" +
		"\"E26-000001\",2,100000002,4,0100000003\r\n" +
		"\"E26-000001\",2,,1,\r\n"
	ev, err := ReadBytes([]byte(data), "m.csv", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			got = append(got, fmt.Sprintf("%d %s %s %s", r.Number, ev.Players[m.P1].ID, nameOr(ev, m.P2), m.Result))
		}
	}
	want := []string{
		"1 0100000001 0100000002 win", "1 0100000003 - bye", "1 0100000004 - loss-no-opponent",
		"2 0100000004 0100000001 draw", "2 0100000002 0100000003 double-loss",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if ev.Name != "E26-000001" || ev.Format != "kts" {
		t.Errorf("name %q format %q", ev.Name, ev.Format)
	}
}

func TestKTSCSVErrors(t *testing.T) {
	players := []tbsheet.Player{{ID: "100000001", Name: "Ann"}, {ID: "0100000002", Name: "Bo"}}
	tests := []struct {
		name string
		data string
		opt  Options
		want []string
	}{{
		name: "rows",
		data: ktsCSVHead +
			"\"E1\",1,0100000001,∑7,0100000002\n" +
			"\"E1\",∑x,0100000001,1,0100000002\n" +
			"\"E1\",2,0100000001,1,∑01-02\n" +
			"\"E1\",2,0100000001,∑3,\n" +
			"∑\"E1\",2,0100000001,1\n" +
			"\"E1\",3,0100000001,1,0100000002\n" +
			"\"E1\",3,0100000001,∑1,0100000003\n",
		want: []string{
			`result "7" is not a KTS result code (1 = Player 1 won, 3 = draw, 4 = double loss)`,
			`round "x" is not a round number (1 to 1000)`,
			`player "01-02" is not a KTS number`,
			"result 3 needs two players",
			"4 fields where the matches export has 5",
			`player "0100000001" appears twice in round 3 (also at m.csv:7:19)`,
		},
	}, {
		name: "unknown player with a players file",
		data: ktsCSVHead + "\"E1\",1,0100000001,1,∑0100421519\n\"E1\",2,∑0100000009,1,\n",
		opt:  Options{Players: players},
		want: []string{
			"match in round 1 names player 0100421519, who is not in the players file",
			"match in round 2 names player 0100000009, who is not in the players file",
		},
	}, {
		name: "bad quoting",
		data: ktsCSVHead + "\"E1\",1,0100000001,1,0100000002\n\"E1\",2,\"01∑\"00,1,0100000002\n",
		want: []string{`extraneous or missing " in quoted-field`},
	}, {
		name: "hand-kept CSV forced as KTS",
		data: "∑Round,Table,Player 1,Player 2,Result\n1,1,Ann,Bo,2-1\n",
		want: []string{`not a KTS matches export: the first line should be "Event ID","Round","Player 1","Result","Player 2"; its first line is "Round,Table,Player 1,Player 2,Result"`},
	}, {
		name: "players export given as the input",
		data: "∑\"ID\",\"First Name\",\"Last Name\"\r\n\"0100000001\",\"Ann\",\"Lee\"\r\n",
		want: []string{"this is KTS's players export, which holds no results: give the matches export as the input and this file with --players"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, at := marked(tt.data)
			if len(at) != len(tt.want) {
				t.Fatalf("test has %d markers for %d errors", len(at), len(tt.want))
			}
			_, err := ReadBytes([]byte(data), "m.csv", "kts", tt.opt)
			var want []string
			for i, w := range tt.want {
				want = append(want, at[i]+": "+w)
			}
			if got := errorLines(err, "m.csv"); !reflect.DeepEqual(got, want) {
				t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
		})
	}
}

func TestKTSCSVWithPlayers(t *testing.T) {
	players := []tbsheet.Player{{ID: "100000001", Name: "Ann Lee", DroppedAfter: 1}, {ID: "0100000002", Name: "Bo Chan"},
		{ID: "0100000003", Name: "Cy Diaz"}}
	data := ktsCSVHead + "\"E1\",1,0100000002,1,0100000001\n\"E1\",2,0100000003,1,0100000002\n"
	ev, err := ReadBytes([]byte(data), "m.csv", "kts", Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Players) != 3 || ev.Players[0].ID != "0100000001" || ev.Players[0].DroppedAfter != 1 || ev.Players[2].Name != "Cy Diaz" {
		t.Errorf("players %+v", ev.Players)
	}
	if players[0].ID != "100000001" {
		t.Error("the caller's players were modified")
	}
}

func TestReadKTSPlayers(t *testing.T) {
	good := "\ufeff\"ID\",\"First Name\",\"Last Name\"\r\n\"0100000001\",\"Ann\",\"Lee\"\r\n100000002,\"陈\",\"\"\r\n\"0100000003\",\"嘉欣\",\"林\"\r\n"
	ps, err := ReadKTSPlayers([]byte(good), "p.csv")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.ID+" "+p.Name+" "+p.Pos.String())
	}
	want := []string{"0100000001 Ann Lee p.csv:2:1", "0100000002 陈 p.csv:3:1", "0100000003 林嘉欣 p.csv:4:1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}

	bad := "\"ID\",\"First Name\",\"Last Name\"\n\"x1\",\"Ann\",\"Lee\"\n\"0100000002\",\"Bo\"\n\"0100000003\",\"Cy\",\"Diaz\"\n100000003,\"Cy\",\"Diaz\"\n"
	_, err = ReadKTSPlayers([]byte(bad), "p.csv")
	wantErrs := []string{
		`2:1: player id "x1" is not a KTS (COSSY) number`,
		"3:1: 2 fields where the players export has 3 (ID, First Name, Last Name)",
		"5:1: player 0100000003 is listed twice (also at p.csv:4:1)",
	}
	if got := errorLines(err, "p.csv"); !reflect.DeepEqual(got, wantErrs) {
		t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(wantErrs, "\n  "))
	}
	_, err = ReadKTSPlayers([]byte("Name,ID\nAnn,1\n"), "p.csv")
	if !errors.Is(err, tbsheet.ErrFormat) {
		t.Errorf("a generic players file: %v", err)
	}
}

// TestKTSTopCut checks which trailing rounds of a matches export are taken for a top cut.
func TestKTSTopCut(t *testing.T) {
	// swiss returns up to 3 rounds among 8 players 1..8 in which nobody meets twice: in round
	// r player p meets the player whose number-1 differs from p-1 in bit r-1.
	swiss := func(rounds int) string {
		var b strings.Builder
		for r := 1; r <= rounds; r++ {
			for p := 0; p < 8; p++ {
				if q := p ^ (1 << (r - 1)); p < q {
					fmt.Fprintf(&b, "\"E1\",%d,%010d,1,%010d\n", r, p+1, q+1)
				}
			}
		}
		return b.String()
	}
	tests := []struct {
		name string
		rows string
		want []int // playoff rounds
	}{
		{"swiss only", swiss(3), nil},
		{"top 4 then final", swiss(3) + "\"E1\",4,0000000001,1,0000000004\n\"E1\",4,0000000002,1,0000000003\n\"E1\",5,0000000001,1,0000000002\n", []int{4, 5}},
		{"top 4 semifinals only", swiss(3) + "\"E1\",4,0000000001,1,0000000004\n\"E1\",4,0000000002,1,0000000003\n", []int{4}},
		{"a draw is no elimination round", swiss(3) + "\"E1\",4,0000000001,3,0000000004\n\"E1\",4,0000000002,1,0000000003\n", nil},
		{"final not among the semifinal winners", swiss(3) + "\"E1\",4,0000000001,1,0000000004\n\"E1\",4,0000000002,1,0000000003\n\"E1\",5,0000000001,1,0000000003\n", []int{5}},
		{"more than half the players is Swiss", swiss(3) + "\"E1\",4,0000000001,1,0000000004\n\"E1\",4,0000000002,1,0000000003\n\"E1\",4,0000000005,1,0000000006\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(ktsCSVHead+tt.rows), "m.csv", "kts", Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, r := range ev.Rounds {
				if r.Playoff {
					got = append(got, r.Number)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("playoff rounds %v, want %v", got, tt.want)
			}
			if noted := strings.Contains(strings.Join(en(ev.Notes), "\n"), "top cut"); noted != (tt.want != nil) {
				t.Errorf("notes %q", en(ev.Notes))
			}
		})
	}
}
