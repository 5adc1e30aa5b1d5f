package reader

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

func TestChallongeGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/challonge/*.json")
	if len(files) < 3 {
		t.Fatalf("want the Challonge fixtures, found %v", files)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ev := readFixture(t, f, Options{})
			if ev.Format != "challonge" {
				t.Errorf("detected as %q, want challonge", ev.Format)
			}
			golden.Check(t, strings.TrimSuffix(f, ".json")+".golden", golden.Event(ev))
		})
	}
}

// TestChallongeSwissV1 checks the facts the Swiss fixture was built to show, independently of
// the golden file.
func TestChallongeSwissV1(t *testing.T) {
	ev := readFixture(t, "../testdata/challonge/swiss-v1.json", Options{})
	if ev.System != "challonge" || ev.PlannedRounds != 5 || len(ev.Players) != 13 {
		t.Fatalf("system %q, planned %d, players %d", ev.System, ev.PlannedRounds, len(ev.Players))
	}
	wantPts := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Loss: exact.Int(0), Bye: exact.Int(1)}
	if ev.Points == nil || !pointsEqual(*ev.Points, wantPts) {
		t.Errorf("points %+v, want 1/0.5/0/1", ev.Points)
	}
	if want := []string{"chl-wins-vs-tied", "chl-median-buchholz", "chl-game-wins"}; !reflect.DeepEqual(ev.Tiebreaks, want) {
		t.Errorf("tiebreaks %v, want %v", ev.Tiebreaks, want)
	}
	byes, ties, swiss, playoff := 0, 0, 0, 0
	for _, r := range ev.Rounds {
		if r.Playoff {
			playoff++
			continue
		}
		swiss++
		for _, m := range r.Matches {
			switch m.Result {
			case tbsheet.Bye:
				byes++
			case tbsheet.Draw:
				ties++
			}
		}
	}
	// 13 players: one bye in each of rounds 1-3; Tess Harmon is inactive after round 3, so
	// rounds 4 and 5 have 12 players and no bye.
	if swiss != 5 || playoff != 2 || byes != 3 || ties != 1 {
		t.Errorf("swiss rounds %d playoff %d byes %d ties %d, want 5 2 3 1", swiss, playoff, byes, ties)
	}
	tess := ev.Players[ev.PlayerIndex(findID(ev, "Tess Harmon"))]
	if tess.DroppedAfter != 3 {
		t.Errorf("Tess Harmon dropped after %d, want 3", tess.DroppedAfter)
	}
	// The set-scored match: "2-0,0-3,1-0" is 2 sets to 1 and 3 points each.
	found := false
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if m.Games.Known && m.Games.P1+m.Games.P2 == 3 && m.Score.Known && m.Score.P1.Equal(m.Score.P2) {
				found = true
			}
		}
	}
	if !found {
		t.Error("no match with sets 2-1 and points 3-3")
	}
	for _, p := range ev.Players {
		if p.Reported == nil || p.Reported.Rank == 0 {
			t.Errorf("%s has no final_rank", p.Name)
		}
	}
}

func pointsEqual(a, b tbsheet.Points) bool {
	return a.Win.Equal(b.Win) && a.Draw.Equal(b.Draw) && a.Loss.Equal(b.Loss) && a.Bye.Equal(b.Bye)
}

func findID(ev *tbsheet.Event, name string) string {
	for _, p := range ev.Players {
		if p.Name == name {
			return p.ID
		}
	}
	return ""
}

func TestChallongeRoundRobin(t *testing.T) {
	ev := readFixture(t, "../testdata/challonge/rr-v1.json", Options{})
	unreported := 0
	for _, r := range ev.Rounds {
		played := map[int]bool{}
		for _, m := range r.Matches {
			if m.Result.Solo() {
				t.Errorf("round %d: %s in a round robin (sitting out is no bye)", r.Number, m.Result)
			}
			if m.Result == tbsheet.Unreported {
				unreported++
			}
			played[m.P1], played[m.P2] = true, true
		}
		if len(played) != 6 {
			t.Errorf("round %d: %d players, want 6 of 7", r.Number, len(played))
		}
	}
	if unreported != 2 {
		t.Errorf("%d unreported matches, want the 2 open ones", unreported)
	}
	if !ev.Points.Bye.Equal(exact.Int(0)) {
		t.Errorf("round robin bye points %s, want 0", ev.Points.Bye)
	}
	for _, p := range ev.Players {
		if p.Reported != nil {
			t.Errorf("%s: a final_rank from an underway tournament", p.Name)
		}
	}
}

func TestChallongeScores(t *testing.T) {
	tests := []struct {
		scores   string
		result   tbsheet.Result
		games    string // "" = no games
		score    string // "" = no points
		negative bool   // noted: the scores are negative, so no games
	}{
		{"2-1", tbsheet.Win, "2-1", "2-1", false},
		{"1-3,3-0,3-2", tbsheet.Win, "2-1", "7-5", false},
		{"6-4, 3-6, 7-5", tbsheet.Win, "2-1", "16-15", false},
		{"2 - 1", tbsheet.Win, "2-1", "2-1", false},
		{"1-2", tbsheet.Loss, "1-2", "1-2", false},
		{"1-1", tbsheet.Draw, "1-1", "1-1", false},
		{"2-2,1-0,0-1", tbsheet.Draw, "1-1-1", "3-3", false},
		{"0-0", tbsheet.Win, "", "", false},
		{"", tbsheet.Win, "", "", false},
		{"-1-3", tbsheet.Loss, "", "-1-3", true},
	}
	for _, tt := range tests {
		t.Run(tt.scores, func(t *testing.T) {
			winner := `"winner_id": 1, "loser_id": 2`
			switch tt.result {
			case tbsheet.Loss:
				winner = `"winner_id": 2, "loser_id": 1`
			case tbsheet.Draw:
				winner = `"winner_id": null, "loser_id": null`
			}
			doc := `{"tournament": {"tournament_type": "swiss", "state": "underway",
				"participants": [{"participant": {"id": 1, "name": "Ann"}}, {"participant": {"id": 2, "name": "Bo"}}],
				"matches": [{"match": {"id": 7, "round": 1, "state": "complete", "player1_id": 1, "player2_id": 2,
				` + winner + `, "scores_csv": "` + tt.scores + `"}}]}}`
			ev, err := ReadBytes([]byte(doc), "s.json", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			m := ev.Rounds[0].Matches[0]
			games, score := "", ""
			if m.Games.Known {
				games = m.Games.String()
			}
			if m.Score.Known {
				score = m.Score.P1.String() + "-" + m.Score.P2.String()
			}
			if m.Result != tt.result || games != tt.games || score != tt.score {
				t.Errorf("got %s games %q score %q, want %s games %q score %q", m.Result, games, score, tt.result, tt.games, tt.score)
			}
			noted := strings.Contains(strings.Join(en(ev.Notes), "\n"), "points, not games")
			if noted != tt.negative {
				t.Errorf("note about negative scores: %v, want %v (%q)", noted, tt.negative, en(ev.Notes))
			}
		})
	}
}

// jsonDoc builds a small v1 dump: participants "id:name[:inactive]", matches as raw JSON.
func chlTestDoc(kind string, participants []string, matches ...string) string {
	var ps []string
	for _, p := range participants {
		f := strings.Split(p, ":")
		active := "true"
		if len(f) > 2 {
			active = "false"
		}
		ps = append(ps, `{"participant": {"id": `+f[0]+`, "name": "`+f[1]+`", "active": `+active+`}}`)
	}
	return `{"tournament": {"tournament_type": "` + kind + `", "state": "underway",
 "participants": [` + strings.Join(ps, ",\n  ") + `],
 "matches": [
  ` + strings.Join(matches, ",\n  ") + `]}}`
}

// chlTestMatch is one complete v1 match won by player 1 (winner "" = tie, "open" = open).
func chlTestMatch(id, round, p1, p2, winner string) string {
	state, w := "complete", winner
	switch winner {
	case "":
		w = "null"
	case "open":
		state, w = "open", "null"
	}
	return `{"match": {"id": ` + id + `, "round": ` + round + `, "state": "` + state + `", "player1_id": ` + p1 +
		`, "player2_id": ` + p2 + `, "winner_id": ` + w + `, "scores_csv": ""}}`
}

func TestChallongeByes(t *testing.T) {
	five := []string{"1:Ann", "2:Bo", "3:Cy", "4:Di", "5:Ed"}
	tests := []struct {
		name    string
		players []string
		matches []string
		byes    map[int]string // round → player with a bye
		note    string
	}{
		{"one bye a round", five, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "4", "3"),
			chlTestMatch("21", "2", "1", "3", "1"), chlTestMatch("22", "2", "5", "2", "5"),
		}, map[int]string{1: "Ed", 2: "Di"}, ""},
		{"inactive player after his last round is no bye", []string{"1:Ann", "2:Bo", "3:Cy", "4:Di", "5:Ed:inactive"}, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "5", "3"),
			chlTestMatch("21", "2", "1", "3", "1"), chlTestMatch("22", "2", "4", "2", "4"),
		}, map[int]string{1: "Di"}, "Ed after round 1"},
		{"inactive player who had a bye before playing", []string{"1:Ann", "2:Bo", "3:Cy", "4:Di", "5:Ed:inactive"}, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "4", "3"),
			chlTestMatch("21", "2", "1", "3", "1"), chlTestMatch("22", "2", "5", "2", "5"),
			chlTestMatch("31", "3", "1", "4", "1"), chlTestMatch("32", "3", "3", "2", "3"),
		}, map[int]string{1: "Ed", 2: "Di"}, "Ed after round 2"},
		{"two players without a match get no bye", []string{"1:Ann", "2:Bo", "3:Cy", "4:Di", "5:Ed", "6:Flo"}, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "4", "3"), chlTestMatch("13", "1", "5", "6", "5"),
			chlTestMatch("21", "2", "1", "3", "1"), chlTestMatch("22", "2", "5", "2", "5"),
		}, map[int]string{}, "round 2: Di, Flo have no match"},
		{"open round still gets its bye", five, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "4", "3"),
			chlTestMatch("21", "2", "1", "3", "open"), chlTestMatch("22", "2", "5", "2", "open"),
		}, map[int]string{1: "Ed", 2: "Di"}, ""},
		{"never paired player is no bye", []string{"1:Ann", "2:Bo", "3:Cy", "4:Di", "9:Zed"}, []string{
			chlTestMatch("11", "1", "1", "2", "1"), chlTestMatch("12", "1", "3", "4", "3"),
		}, map[int]string{}, "never paired: Zed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(chlTestDoc("swiss", tt.players, tt.matches...)), "b.json", "challonge", Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[int]string{}
			for _, r := range ev.Rounds {
				for _, m := range r.Matches {
					if m.Result == tbsheet.Bye {
						got[r.Number] = ev.Players[m.P1].Name
					}
				}
			}
			if !reflect.DeepEqual(got, tt.byes) {
				t.Errorf("byes %v, want %v", got, tt.byes)
			}
			if notes := strings.Join(en(ev.Notes), "\n"); !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q do not say %q", notes, tt.note)
			}
		})
	}
}

func TestChallongeGroupPlayerIDs(t *testing.T) {
	doc := `{"tournament": {"tournament_type": "single elimination", "group_stages_enabled": true, "state": "complete",
 "tie_breaks": ["match wins vs tied", "coin flip"],
 "participants": [
  {"participant": {"id": 100, "name": "Ann", "final_rank": 1, "group_player_ids": [900]}},
  {"participant": {"id": 101, "name": "Bo", "final_rank": 2, "group_player_ids": [901]}},
  {"participant": {"id": 102, "name": "Cy", "final_rank": 3, "group_player_ids": [902]}}],
 "matches": [
  {"match": {"id": 1, "round": 1, "state": "complete", "group_id": 55, "player1_id": 900, "player2_id": 901, "winner_id": 900, "loser_id": 901, "scores_csv": "2-0"}},
  {"match": {"id": 2, "round": 2, "state": "complete", "group_id": 55, "player1_id": 902, "player2_id": 900, "winner_id": 900, "loser_id": 902, "scores_csv": "0-2"}},
  {"match": {"id": 3, "round": 1, "state": "complete", "group_id": null, "player1_id": 100, "player2_id": 101, "winner_id": 100, "loser_id": 101, "scores_csv": "3-2"}},
  {"match": {"id": 4, "round": 2, "state": "pending", "group_id": null, "player1_id": null, "player2_id": null, "winner_id": null}}]}}`
	ev, err := ReadBytes([]byte(doc), "g.json", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			got = append(got, strings.Join([]string{itoa(r.Number), boolWord(r.Playoff, "playoff", "swiss"),
				ev.Players[m.P1].Name, nameOr(ev, m.P2), m.Result.String()}, " "))
		}
	}
	want := []string{"1 swiss Ann Bo win", "1 swiss Cy - bye", "2 swiss Cy Ann loss", "2 swiss Bo - bye", "3 playoff Ann Bo win"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if !reflect.DeepEqual(ev.Tiebreaks, []string{"chl-wins-vs-tied"}) {
		t.Errorf("tiebreaks %v", ev.Tiebreaks)
	}
	notes := strings.Join(en(ev.Notes), "\n")
	for _, n := range []string{`tie break "coin flip" is not one tbsheet knows`, "playoff rounds 3 to 3", "group 55 read as Swiss"} {
		if !strings.Contains(notes, n) {
			t.Errorf("notes %q do not say %q", notes, n)
		}
	}
	if ev.Players[0].Reported.Rank != 1 || ev.Players[2].Reported.Rank != 3 {
		t.Errorf("final ranks not read")
	}
}

func itoa(n int) string { return exact.Int(int64(n)).String() }

func boolWord(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func nameOr(ev *tbsheet.Event, i int) string {
	if i == tbsheet.NoPlayer {
		return "-"
	}
	return ev.Players[i].Name
}

// TestChallongeV21Shapes reads the same small event in the three v2.1 shapes accepted.
func TestChallongeV21Shapes(t *testing.T) {
	p := func(id, name string) string {
		return `{"id": "` + id + `", "type": "participant", "attributes": {"name": "` + name + `", "final_rank": null}}`
	}
	m := `{"id": "77", "type": "match", "attributes": {"state": "complete", "round": 1, "identifier": "A",
		"scores": "1 - 3, 3 - 0, 3 - 2", "winner_id": 11, "tie": false},
		"relationships": {"player1": {"data": {"id": "11", "type": "participant"}}, "player2": {"data": {"id": "12", "type": "participant"}}}}`
	mPBP := `{"id": "78", "type": "match", "attributes": {"state": "complete", "round": 2, "winner_id": null, "tie": true,
		"score_in_sets": [[1, 1]], "points_by_participant": [{"participant_id": 13, "scores": [1]}, {"participant_id": 11, "scores": [1]}]}}`
	tour := `{"id": "5", "type": "tournament", "attributes": {"name": "Cup", "tournament_type": "swiss",
		"swiss_options": {"rounds": 2, "pts_for_match_win": "3.0", "pts_for_match_tie": "1.0", "pts_for_bye": "3.0"}}}`
	shapes := map[string]string{
		"included":           `{"data": ` + tour + `, "included": [` + p("11", "Ann") + "," + p("12", "Bo") + "," + p("13", "Cy") + "," + m + "," + mPBP + `]}`,
		"array of resources": `[` + tour + "," + p("11", "Ann") + "," + p("12", "Bo") + "," + p("13", "Cy") + "," + m + "," + mPBP + `]`,
		"array of documents": `[{"data": ` + tour + `}, {"data": [` + p("11", "Ann") + "," + p("12", "Bo") + "," + p("13", "Cy") +
			`]}, {"data": [` + m + "," + mPBP + `], "meta": {"count": 2}}]`,
	}
	for name, doc := range shapes {
		t.Run(name, func(t *testing.T) {
			if !sniffChallonge([]byte(doc), "x.json") {
				t.Fatal("not sniffed as Challonge")
			}
			ev, err := ReadBytes([]byte(doc), "x.json", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range ev.Rounds {
				for _, m := range r.Matches {
					s := itoa(r.Number) + " " + ev.Players[m.P1].Name + " " + nameOr(ev, m.P2) + " " + m.Result.String()
					if m.Games.Known {
						s += " " + m.Games.String() + " " + m.Score.P1.String() + "-" + m.Score.P2.String()
					}
					got = append(got, s)
				}
			}
			want := []string{"1 Ann Bo win 2-1 7-5", "1 Cy - bye", "2 Cy Ann draw 1-1 1-1", "2 Bo - bye"}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %q\nwant %q", got, want)
			}
			if ev.Name != "Cup" || ev.PlannedRounds != 2 || !ev.Points.Win.Equal(exact.Int(3)) || !ev.Points.Bye.Equal(exact.Int(3)) {
				t.Errorf("tournament settings not read: %q %d %+v", ev.Name, ev.PlannedRounds, ev.Points)
			}
		})
	}
}

func TestChallongeSniff(t *testing.T) {
	tests := []struct {
		name string
		data string
		want bool
	}{
		{"v1", `{"tournament": {"id": 1, "participants": [], "matches": []}}`, true},
		{"v1 with BOM and space", "\ufeff\n  {\"tournament\": {\"matches\": []}}", true},
		{"v1 without lists", `{"tournament": {"id": 1, "name": "x"}}`, false},
		{"v2.1 matches index", `{"data": [{"id": "1", "type": "match", "attributes": {}}], "meta": {}}`, true},
		{"v2.1 tournament with included", `{"data": {"id": "1", "type": "tournament"}, "included": [{"id": "2", "type": "participant"}]}`, true},
		{"JSON:API of something else", `{"data": [{"id": "1", "type": "article"}]}`, false},
		{"other JSON", `{"event": {"players": []}}`, false},
		{"array of numbers", `[1, 2, 3]`, false},
		{"truncated", `{"tournament": {"participants": [`, false},
		{"CSV", "Round,Table,Player 1\n", false},
		{"XML", `<Tournament><Matches/></Tournament>`, false},
		{"empty", ``, false},
	}
	for _, tt := range tests {
		if got := sniffChallonge([]byte(tt.data), "x"); got != tt.want {
			t.Errorf("%s: sniff = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestChallongeErrors checks every data problem is reported, all in one run, each where the
// ∑ marks it.
func TestChallongeErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string // messages, in order; positions come from the ∑ markers
	}{{
		name: "unknown participant, winner not in match, bad score, player twice",
		doc: `{"tournament": {"tournament_type": "swiss",
 "participants": [{"participant": {"id": 1, "name": "Ann"}}, {"participant": {"id": 2, "name": "Bo"}},
  {"participant": {"id": 3, "name": "Cy"}}, {"participant": {"id": 4, "name": "Di"}}],
 "matches": [
  {"match": {"id": 10, "identifier": "A", "round": 1, "state": "complete", "player1_id": 1, "player2_id": ∑99, "winner_id": 1}},
  {"match": {"id": 11, "identifier": "B", "round": 1, "state": "complete", "player1_id": 3, "player2_id": 4, "winner_id": ∑2}},
  {"match": {"id": 12, "round": 2, "state": "complete", "player1_id": 1, "player2_id": 3, "winner_id": 1, "scores_csv": ∑"2:1"}},
  {"match": ∑{"id": 13, "round": 2, "state": "complete", "player1_id": 1, "player2_id": 2, "winner_id": 2}}]}}`,
		want: []string{
			`round 1 match "A" (id 10) names player 99, who is not a participant`,
			`round 1 match "B" (id 11): winner_id 2 is not one of the match's players (3, 4)`,
			`"2:1" is not a Challonge score (expected "2-1" or sets "1-3,3-0,3-2")`,
			`player "Ann" appears twice in round 2 (also at e.json:7:13)`,
		},
	}, {
		name: "settings and rounds",
		doc: `{"tournament": {"tournament_type": "swiss", "pts_for_match_win": ∑"one", "swiss_rounds": ∑99999,
 "participants": [{"participant": {"id": 1, "name": "Ann"}}, {"participant": {"id": 2, "name": "Bo"}}],
 "matches": [{"match": {"id": 10, "round": ∑5000, "state": "complete", "player1_id": 1, "player2_id": 2, "winner_id": 1}},
  {"match": ∑{"id": 11, "round": 1, "state": "complete", "player1_id": 1, "player2_id": null, "winner_id": 1}},
  {"match": {"id": 12, "round": 2, "state": "complete", "player1_id": 2, "player2_id": 1, "winner_id": null, "loser_id": ∑1}}]}}`,
		want: []string{
			`pts_for_match_win: "one" is not a number`,
			`swiss_rounds is 99999: expected 0 to 1000`,
			`match 10: round 5000 is out of range (at most 1000 rounds)`,
			`round 1 match (id 11) is complete but does not name both players`,
			`round 2 match (id 12) has a loser (1) but no winner`,
		},
	}, {
		name: "winner_id contradicts the score",
		doc: `{"tournament": {"tournament_type": "swiss",
 "participants": [{"participant": {"id": 1, "name": "Ann"}}, {"participant": {"id": 2, "name": "Bo"}},
  {"participant": {"id": 3, "name": "Cy"}}, {"participant": {"id": 4, "name": "Di"}}],
 "matches": [
  {"match": {"id": 10, "round": 1, "state": "complete", "player1_id": 1, "player2_id": 2, "winner_id": 1, "scores_csv": ∑"1-2"}},
  {"match": {"id": 11, "round": 1, "state": "complete", "player1_id": 3, "player2_id": 4, "winner_id": null, "scores_csv": ∑"0-2"}},
  {"match": {"id": 12, "round": 2, "state": "complete", "player1_id": 1, "player2_id": 3, "winner_id": 3, "scores_csv": ∑"6-4,4-6"}}]}}`,
		want: []string{
			`round 1 match (id 10) (Ann vs Bo): winner_id 1 says Ann won, but the score "1-2" says Bo won: correct the winner or the score on Challonge`,
			`round 1 match (id 11) (Cy vs Di): it has no winner (a tie), but the score "0-2" says Di won: correct the winner or the score on Challonge`,
			`round 2 match (id 12) (Ann vs Cy): winner_id 3 says Cy won, but the score "6-4,4-6" says the match is a tie: correct the winner or the score on Challonge`,
		},
	}, {
		name: "duplicate participant ids",
		doc: `{"tournament": {"tournament_type": "swiss",
 "participants": [{"participant": {"id": 1, "name": "Ann", "group_player_ids": [7]}},
  {"participant": ∑{"id": 7, "name": "Bo"}}], "matches": []}}`,
		want: []string{`participant "Bo" has id 7, which "Ann" already has`},
	}, {
		name: "self pairing",
		doc: `{"tournament": {"tournament_type": "swiss",
 "participants": [{"participant": {"id": 1, "name": "Ann", "group_player_ids": [7]}}, {"participant": {"id": 2, "name": "Bo"}}],
 "matches": [{"match": ∑{"id": 10, "round": 1, "state": "complete", "player1_id": 1, "player2_id": 7, "winner_id": 1}}]}}`,
		want: []string{`player "Ann" is paired against themselves`},
	}, {
		name: "elimination bracket only",
		doc: `{"tournament": {"tournament_type": ∑"double elimination",
 "participants": [{"participant": {"id": 1, "name": "Ann"}}, {"participant": {"id": 2, "name": "Bo"}}],
 "matches": [{"match": {"id": 10, "round": 1, "state": "complete", "player1_id": 1, "player2_id": 2, "winner_id": 1}}]}}`,
		want: []string{`a Challonge "double elimination" bracket without a group stage: tbsheet ranks Swiss and round-robin events`},
	}, {
		name: "free for all",
		doc: `{"tournament": {"tournament_type": ∑"free for all",
 "participants": [{"participant": {"id": 1, "name": "Ann"}}], "matches": []}}`,
		want: []string{`a Challonge "free for all" tournament: tbsheet ranks Swiss and round-robin events`},
	}, {
		name: "no participants",
		doc:  "∑{\"tournament\": {\"tournament_type\": \"swiss\",\n \"matches\": []}}",
		want: []string{`the Challonge dump lists no participants: export it with include_participants=1 (v1) or include the participants (v2.1)`},
	}, {
		name: "syntax error",
		doc:  "{\"tournament\": {\"tournament_type\": \"swiss\",\n \"participants\": [∑}}",
		want: []string{`invalid JSON: invalid character '}' looking for beginning of value`},
	}, {
		name: "cut short",
		doc:  "{\"tournament\": {\"tournament_type\": \"swiss\",\n \"participants\": [∑",
		want: []string{`the JSON document ends too early (the file is cut short)`},
	}, {
		name: "text after the document",
		doc:  "{\"tournament\": {\"matches\": []}}\n∑{\"x\": 1}",
		want: []string{`unexpected text after the end of the JSON document`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkErrorsAtMarks(t, tt.doc, "e.json", "challonge", tt.want)
		})
	}
}

// TestChallongeErrorPaths checks that a minified dump, the API's own output, gives JSON
// paths rather than "1:4821".
func TestChallongeErrorPaths(t *testing.T) {
	doc := `{"tournament":{"tournament_type":"swiss","participants":[{"participant":{"id":1,"name":"Ann"}},{"participant":{"id":2,"name":"Bo"}}],` +
		`"matches":[{"match":{"id":10,"round":1,"state":"complete","player1_id":1,"player2_id":2,"winner_id":1,"scores_csv":"2-1"}},` +
		`{"match":{"id":11,"round":2,"state":"complete","player1_id":1,"player2_id":2,"winner_id":1,"scores_csv":"two-one"}}]}}`
	_, err := ReadBytes([]byte(doc), "dump.json", "", Options{})
	want := `dump.json: tournament.matches[1].match.scores_csv: "two-one" is not a Challonge score (expected "2-1" or sets "1-3,3-0,3-2")`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if !errors.Is(err, tbsheet.ErrResult) {
		t.Errorf("%v is not ErrResult", err)
	}
}

func TestChallongeNotChallonge(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`{"event": {"players": []}, "version": 2}`, `x.json: not a Challonge dump: a JSON document without a "tournament" object or JSON:API "data" (its top-level keys are event, version)`},
		{`"hello"`, `x.json: not a Challonge dump: a JSON document without a "tournament" object or JSON:API "data" (a single "hello")`},
		{`{"data": [{"id": "1", "type": "article"}]}`, `x.json: not a Challonge dump: a JSON document without a "tournament" object or JSON:API "data" (its top-level keys are data)`},
		{"Round,Table,Player 1,Player 2,Result\n1,1,A,B,2-0\n", `x.json: not a Challonge dump (JSON): its first line is "Round,Table,Player 1,Player 2,Result"`},
		{"%PDF-1.7\n", `x.json: not a Challonge dump (JSON): it looks like a PDF document`},
		{"", `x.json: not a Challonge dump (JSON): it looks like an empty file`},
		{strings.Repeat("[", 100) + strings.Repeat("]", 100), `x.json:1:66: values nested deeper than 64 levels: not a results file`},
	}
	for _, tt := range tests {
		_, err := ReadBytes([]byte(tt.doc), "x.json", "challonge", Options{})
		if err == nil || err.Error() != tt.want {
			t.Errorf("got  %v\nwant %s", err, tt.want)
		}
		if !errors.Is(err, tbsheet.ErrFormat) {
			t.Errorf("%v is not ErrFormat", err)
		}
	}
}

func BenchmarkChallongeSwissV1(b *testing.B) {
	data := mustRead(b, "../testdata/challonge/swiss-v1.json")
	for b.Loop() {
		if _, err := ReadBytes(data, "swiss-v1.json", "challonge", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func mustRead(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := ReadFile(path, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

func TestChallongeSettings(t *testing.T) {
	two := []string{"1:Ann", "2:Bo"}
	game := chlTestMatch("10", "1", "1", "2", "1")
	tests := []struct {
		name      string
		settings  string // JSON members added to the tournament
		kind      string
		points    string // "W/D/L/bye"
		tiebreaks []string
		note      string
	}{
		{"every Challonge tie break", `"tie_breaks": ["match wins vs tied", "median buchholz", "game wins", "game win percentage",
			"points scored", "points difference", "game w/l difference", "match wins", "Set Difference"]`, "swiss", "1/0.5/0/1",
			[]string{"chl-wins-vs-tied", "chl-median-buchholz", "chl-game-wins", "chl-game-win-pct", "chl-points-scored",
				"chl-points-diff", "chl-set-diff", "match-wins", "chl-set-diff"}, ""},
		{"unknown tie break is a note", `"tie_breaks": ["coin toss", "game wins"]`, "swiss", "1/0.5/0/1",
			[]string{"chl-game-wins"}, `tie break "coin toss" is not one tbsheet knows`},
		{"no tie breaks", `"tie_breaks": null`, "swiss", "1/0.5/0/1", nil, ""},
		{"Swiss points as decimal strings", `"pts_for_match_win": "3.0", "pts_for_match_tie": "1.0", "pts_for_bye": "3.0"`,
			"swiss", "3/1/0/3", nil, ""},
		{"points per game", `"pts_for_game_win": "0.5"`, "swiss", "1/0.5/0/1", nil,
			"Challonge adds 0.5 points per game (pts_for_game_win)"},
		{"round robin by match wins ignores rr points", `"ranked_by": "match wins", "rr_pts_for_match_win": "3.0"`,
			"round robin", "1/0.5/0/0", nil, ""},
		{"round robin custom", `"ranked_by": "custom", "rr_pts_for_match_win": "3.0", "rr_pts_for_match_tie": "1.0"`,
			"round robin", "3/1/0/0", nil, ""},
		{"round robin by game wins", `"ranked_by": "game wins", "tie_breaks": ["match wins vs tied", "game wins"]`,
			"round robin", "1/0.5/0/0", []string{"chl-game-wins", "chl-wins-vs-tied"}, "puts chl-game-wins first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := strings.Replace(chlTestDoc(tt.kind, two, game), `"state": "underway",`, `"state": "underway", `+tt.settings+",", 1)
			ev, err := ReadBytes([]byte(doc), "s.json", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := ev.Points
			if got := p.Win.String() + "/" + p.Draw.String() + "/" + p.Loss.String() + "/" + p.Bye.String(); got != tt.points {
				t.Errorf("points %s, want %s", got, tt.points)
			}
			if !reflect.DeepEqual(ev.Tiebreaks, tt.tiebreaks) {
				t.Errorf("tiebreaks %q, want %q", ev.Tiebreaks, tt.tiebreaks)
			}
			if notes := strings.Join(en(ev.Notes), "\n"); !strings.Contains(notes, tt.note) {
				t.Errorf("notes %q do not say %q", notes, tt.note)
			}
		})
	}
}
