package calc

import (
	"slices"
	"strings"
	"testing"
)

// TestMTGNoOpponents: a player whose rounds were all byes has no opponent. Melee gives him
// the floor as OMW% and OGW%, and ranks him with it (the MTR is silent).
//
// Ann had two byes; Ben and Dan won twice against Cal and Eve, who lost everything (MWP 0,
// floored). On 6 points: OMW% Ann = the floor; Ben = Dan = (floor + floor) / 2 = the floor.
// GW%: Ann 4-0 in byes, 12/12 = 1; Dan 2-0, 2-0, 12/12 = 1; Ben 2-1, 2-1, 12/18 = 2/3.
// OGW%: Ann the floor; Dan Eve (1 game won of 5: 3/15 → floor) and Cal (1 of 5 → floor) =
// the floor. Ann and Dan are equal on every key: they share first place, Ben is third.
func TestMTGNoOpponents(t *testing.T) {
	ev := parseEvent(t, "1: Ann bye; Ben 2-1 Cal; Dan 2-0 Eve\n2: Ann bye; Ben 2-1 Eve; Dan 2-0 Cal\n")
	for _, tt := range []struct {
		floor, value string
	}{{"", "0.33"}, {"1/3", "1/3"}} {
		st := compute(t, ev, Options{MTGFloor: tt.floor})
		if got := ranking(st); got != "1 Ann, 1 Dan, 3 Ben, 4 Cal, 4 Eve" {
			t.Errorf("floor %q: ranking %s", tt.floor, got)
		}
		checkFigures(t, st, []want{{"Ann", "mtg-omw", tt.value}, {"Ann", "mtg-ogw", tt.value}, {"Ann", "mtg-gwp", "1"},
			{"Dan", "mtg-omw", tt.value}, {"Dan", "mtg-gwp", "1"}, {"Dan", "mtg-ogw", tt.value},
			{"Ben", "mtg-omw", tt.value}, {"Ben", "mtg-gwp", "2/3"}})
		if got := textOf(t, st, "Ann", "mtg-omw"); !strings.HasSuffix(got, " — no opponents: the floor") {
			t.Errorf("floor %q: Ann's OMW%% is explained %q", tt.floor, got)
		}
	}
	// A loss with no opponent is no opponent either (a late entry's missed round).
	st := compute(t, parseEvent(t, "1: Ann late; Ben 2-0 Cal\n2: Ann bye; Ben 2-0 Cal\n"), Options{})
	checkFigures(t, st, []want{{"Ann", "mtg-omw", "0.33"}, {"Ann", "mtg-ogw", "0.33"}})
}

// TestMTGBestOfOne: when every match is best-of-one (nobody won 2 games), Melee counts a bye
// 1-0 in GW%; tbsheet does the same, forfeits without games too, and says so in a note. The
// MTR's 2-0 is the setting --mtg-bo1-bye 2-0.
//
// Eve: lost 0-1, bye, forfeit loss. Melee: 1 game won of 3, GP 3/9 = 1/3 (above the 0.33
// floor); 2-0: 2 of 5, 6/15 = 2/5. Cal: lost 0-1, lost 0-1, bye: 1/3, or 2 of 4 = 1/2.
// Ben: won 1-0, lost 0-1, forfeit win: 2 of 3 = 2/3, or 3 of 4 = 3/4. Ann (bye, 1-0, 1-0): 1.
// Ben's OGW% = (Cal + Ann + Eve) / 3 = (1/3 + 1 + 1/3) / 3 = 5/9, or (1/2 + 1 + 2/5) / 3 = 19/30.
func TestMTGBestOfOne(t *testing.T) {
	const bo1 = "1: Ann bye; Ben 1-0 Cal; Dan 1-0 Eve\n2: Ann 1-0 Ben; Dan 1-0 Cal; Eve bye\n3: Ann 1-0 Dan; Ben + Eve; Cal bye\n"
	const note = "every match is best-of-one (nobody won 2 games): a bye, and a forfeit without games, counts 1-0 in GW%, as Melee counts a bye"
	tests := []struct {
		name  string
		event string
		opt   Options
		wants []want
		note  bool
	}{
		{"as Melee", bo1, Options{}, []want{{"Eve", "mtg-gwp", "1/3"}, {"Cal", "mtg-gwp", "1/3"}, {"Ben", "mtg-gwp", "2/3"},
			{"Ann", "mtg-gwp", "1"}, {"Ben", "mtg-ogw", "5/9"}}, true},
		{"MTR text", bo1, Options{MTGBo1Bye: "2-0"}, []want{{"Eve", "mtg-gwp", "2/5"}, {"Cal", "mtg-gwp", "1/2"},
			{"Ben", "mtg-gwp", "3/4"}, {"Ann", "mtg-gwp", "1"}, {"Ben", "mtg-ogw", "19/30"}}, false},
		// One match won 2-0: best-of-three, byes and forfeits are 2-0 (Cal: 0-1, 0-1, bye =
		// 2 of 4; Ben: 1-0, 0-1, forfeit win = 3 of 4).
		{"best-of-three", strings.Replace(bo1, "Dan 1-0 Eve", "Dan 2-0 Eve", 1), Options{},
			[]want{{"Cal", "mtg-gwp", "1/2"}, {"Ben", "mtg-gwp", "3/4"}}, false},
		// No games entered at all (W/L results): GW% and OGW% are n/a, though Ann's bye and
		// intentional draw would count games (issue 11: not 33% for everyone).
		{"no games", "1: Ann bye; Ben W Cal\n2: Ann ID Ben; Cal bye\n", Options{},
			[]want{{"Ann", "mtg-gwp", "n/a"}, {"Ben", "mtg-gwp", "n/a"}, {"Ann", "mtg-ogw", "n/a"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := compute(t, parseEvent(t, tt.event), tt.opt)
			checkFigures(t, st, tt.wants)
			if got := slices.Contains(enNotes(st.Notes), note); got != tt.note {
				t.Errorf("notes %q: the best-of-one note is there: %v, want %v", enNotes(st.Notes), got, tt.note)
			}
		})
	}
	if _, err := Compute(parseEvent(t, bo1), Options{MTGBo1Bye: "3-0"}); err == nil || !strings.Contains(err.Error(), "--mtg-bo1-bye") {
		t.Errorf("--mtg-bo1-bye 3-0: %v", err)
	}
}

// TestMTGWithoutGameScores: results entered as W/L carry no games; GW% and OGW% are n/a for
// every player, with a note and the reason in each explanation, not the 33% floor for all.
// One match with game scores makes them figures again.
func TestMTGWithoutGameScores(t *testing.T) {
	const wl = "1: Ann W Ben; Cal L Dan; Eve bye\n2: Ann W Dan; Ben W Eve; Cal bye\n"
	st := compute(t, parseEvent(t, wl), Options{})
	var wants []want
	for _, p := range []string{"Ann", "Ben", "Cal", "Dan", "Eve"} {
		wants = append(wants, want{p, "mtg-gwp", "n/a"}, want{p, "mtg-ogw", "n/a"})
		if got := textOf(t, st, p, "mtg-ogw"); got != "n/a — "+en(noGameScores) {
			t.Errorf("%s OGW%%: %s", p, got)
		}
	}
	checkFigures(t, st, wants)
	if !slices.Contains(enNotes(st.Notes), en(noGameScores)) {
		t.Errorf("notes %q lack %q", enNotes(st.Notes), noGameScores)
	}

	st = compute(t, parseEvent(t, strings.Replace(wl, "Ann W Ben", "Ann 2-1 Ben", 1)), Options{})
	checkFigures(t, st, []want{{"Ann", "mtg-gwp", "2/3"}, {"Dan", "mtg-gwp", "0.33"}, {"Cal", "mtg-gwp", "1"}})
	if slices.Contains(enNotes(st.Notes), en(noGameScores)) {
		t.Errorf("a game score entered, and the notes say there is none: %q", enNotes(st.Notes))
	}
}
