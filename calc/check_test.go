package calc

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// TestCheck compares F1's MTG standings (Carol 1, Erin 2, Alice 3, Dave 4, Bob 5; Carol and
// Erin on 7 points) with reported ranks, as KTS, TOM, WER, Challonge and TRF files give them.
func TestCheck(t *testing.T) {
	chess, _ := tbsheet.ParsePoints("1,0.5,0,1")
	tests := []struct {
		name   string
		src    string // more lines for the F1 fixture
		system string // the input's own system; "" is mtg
		// ranks are the reported ranks by name; "Junior:2" is a place within a division.
		ranks   map[string]string
		unknown bool // the input does not name its tiebreaks
		points  *tbsheet.Points
		opt     Options
		// want are the differences; compared the figures compared; notes the notes.
		want     []string
		compared int
		notes    []string
	}{
		{name: "agrees", ranks: map[string]string{"Carol": "1", "Erin": "2", "Alice": "3", "Dave": "4", "Bob": "5"}, compared: 5},
		{name: "swapped", ranks: map[string]string{"Carol": "2", "Erin": "1", "Alice": "3", "Dave": "4", "Bob": "5"}, compared: 5,
			want: []string{"Carol: rank is 2 in the input, tbsheet computes 1", "Erin: rank is 1 in the input, tbsheet computes 2"}},
		// Challonge's two semi-finalists at 3: tbsheet ordering players within a shared place agrees.
		{name: "shared place", ranks: map[string]string{"Carol": "1", "Erin": "1", "Alice": "3", "Dave": "3", "Bob": "5"}, compared: 5},
		{name: "shared place, out of order", ranks: map[string]string{"Carol": "2", "Erin": "2", "Alice": "1", "Dave": "4", "Bob": "4"}, compared: 5,
			want: []string{"Alice: rank is 1 in the input, tbsheet computes 3", "Carol: rank is 2 in the input, tbsheet computes 1"}},
		// Only some players ranked (TOM ranks finishers only): compared among them.
		{name: "among the ranked", ranks: map[string]string{"Carol": "1", "Alice": "3", "Bob": "2"}, compared: 3,
			want: []string{"Alice: rank is 3 in the input, tbsheet computes 3 (2 among the players the input ranks)",
				"Bob: rank is 2 in the input, tbsheet computes 5 (3 among the players the input ranks)"}},
		// Zed registered and never played: TOM may place him; he is no difference and shifts nobody.
		{name: "never played", src: "player Zed", ranks: map[string]string{"Carol": "1", "Erin": "2", "Zed": "3", "Alice": "4", "Dave": "5", "Bob": "6"},
			compared: 5},
		{name: "disqualified", src: "dq Dave", ranks: map[string]string{"Carol": "1", "Erin": "2", "Alice": "3", "Dave": "4", "Bob": "5"}, compared: 5,
			want: []string{"Dave: rank is 4 in the input, tbsheet computes not ranked"}},
		// A pod where the divisions play together, placed per division.
		{name: "divisions", ranks: map[string]string{"Carol": "Junior:1", "Alice": "Junior:2", "Erin": "Masters:1", "Dave": "Masters:2", "Bob": "Masters:3"},
			compared: 5},
		{name: "divisions, out of order", ranks: map[string]string{"Carol": "Junior:2", "Alice": "Junior:1", "Erin": "Masters:1", "Dave": "Masters:2", "Bob": "Masters:3"},
			compared: 5, want: []string{"Alice: Junior rank is 1 in the input, tbsheet computes 3 (2 among the Junior players)",
				"Carol: Junior rank is 2 in the input, tbsheet computes 1 (1 among the Junior players)"}},
		// Ranked by GW% after points, Erin is first; the input (MTG's order) has Carol first:
		// ranks are compared on points only, and agree.
		{name: "other tiebreaks", opt: Options{Tiebreaks: []string{"mtg-gwp"}},
			ranks: map[string]string{"Carol": "1", "Erin": "2", "Alice": "3", "Dave": "4", "Bob": "5"}, compared: 5,
			notes: []string{"ranks are compared on points only: the input ranks by other tiebreaks (mtg-omw, mtg-gwp, mtg-ogw) than these standings (mtg-gwp)"}},
		{name: "other tiebreaks, points differ", opt: Options{Tiebreaks: []string{"mtg-gwp"}},
			ranks: map[string]string{"Alice": "1", "Erin": "2", "Carol": "3", "Dave": "4", "Bob": "5"}, compared: 5,
			notes: []string{"ranks are compared on points only: the input ranks by other tiebreaks (mtg-omw, mtg-gwp, mtg-ogw) than these standings (mtg-gwp)"},
			want: []string{"Alice: rank is 1 in the input, tbsheet computes 3 on points",
				"Carol: rank is 3 in the input, tbsheet computes 1–2 on points"}},
		// A TRF's rank column: the program's tiebreaks are unknown. Bob and Dave swapped is a
		// difference of points.
		{name: "order unknown", unknown: true, ranks: map[string]string{"Carol": "2", "Erin": "1", "Alice": "3", "Dave": "5", "Bob": "4"},
			compared: 5, notes: []string{"ranks are compared on points only: the input does not say which tiebreaks ranked it"},
			want: []string{"Bob: rank is 4 in the input, tbsheet computes 5 on points",
				"Dave: rank is 5 in the input, tbsheet computes 4 on points"}},
		// The event's own points are the input's: a TRF 162 record.
		{name: "event points", system: "fide", points: &chess, unknown: true,
			ranks: map[string]string{"Carol": "1", "Erin": "2", "Alice": "3", "Dave": "4", "Bob": "5"}, compared: 5,
			notes: []string{"ranks are compared on points only: the input does not say which tiebreaks ranked it"}},
		{name: "other points", opt: Options{Points: &chess}, ranks: map[string]string{"Carol": "2", "Erin": "1"},
			notes: []string{"ranks are not compared: the input scores 3,1,0,3 (win, draw, loss, bye), these standings 1,0.5,0,1"}},
		{name: "other primary key", opt: Options{System: "cryptozoic"}, ranks: map[string]string{"Carol": "2", "Erin": "1"},
			notes: []string{"ranks are not compared: the input ranks by points, these standings by match wins"}},
		{name: "before the last round", opt: Options{AfterRound: 2}, ranks: map[string]string{"Carol": "2", "Erin": "1"},
			notes: []string{"these standings stop after round 2; the input's own are final ones, so nothing is compared"}},
		{name: "no standings of its own", notes: []string{"the input carries no standings of its own to compare with"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := parseEvent(t, f1+tt.src)
			ev.System, ev.Points, ev.ReportedOrderUnknown = cmp.Or(tt.system, "mtg"), tt.points, tt.unknown
			for name, r := range tt.ranks {
				div, place, ok := strings.Cut(r, ":")
				if !ok {
					div, place = "", r
				}
				p := slices.IndexFunc(ev.Players, func(p tbsheet.Player) bool { return p.Name == name })
				n, _ := strconv.Atoi(place)
				ev.Players[p].Reported = &tbsheet.Reported{Rank: n, Division: div}
			}
			sc := Check(compute(t, ev, tt.opt))
			var got []string
			for _, d := range sc.Differences {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("differences:\n got %q\nwant %q", got, tt.want)
			}
			if sc.Compared != tt.compared || !slices.Equal(sc.Notes, tt.notes) {
				t.Errorf("compared %d, notes %q; want %d, %q", sc.Compared, sc.Notes, tt.compared, tt.notes)
			}
			if sc.Reported != len(tt.ranks) {
				t.Errorf("reported %d, want %d", sc.Reported, len(tt.ranks))
			}
			if agrees := tt.compared > 0 && tt.want == nil; sc.Agrees() != agrees {
				t.Errorf("Agrees() = %v", sc.Agrees())
			}
		})
	}
}

// TestCheckValues compares reported tiebreak values, as a KTS file gives them.
func TestCheckValues(t *testing.T) {
	ev := parseEvent(t, f1)
	ev.System = "yugioh"
	rep := func(rank int, kv ...any) *tbsheet.Reported {
		r := &tbsheet.Reported{Rank: rank, Values: map[string]exact.Num{}}
		for i := 0; i < len(kv); i += 2 {
			r.Values[kv[i].(string)] = exact.Int(int64(kv[i+1].(int)))
		}
		return r
	}
	ev.Players[2].Reported = rep(1, "kts-number", 7592526, "points", 7) // Carol: all right
	ev.Players[4].Reported = rep(2, "kts-number", 7466645)              // Erin: ZZZ off by one
	ev.Players[1].Reported = rep(3, "points", 0, "kts-zzz", 435)        // Bob: unknown key
	ev.Players[0].Reported = rep(4)                                     // Alice: 3 among them, 4 in the input
	sc := Check(compute(t, ev, Options{}))
	var got []string
	for _, d := range sc.Differences {
		got = append(got, d.String())
	}
	want := []string{
		"Alice: rank is 4 in the input, tbsheet computes 3",
		"Bob: rank is 3 in the input, tbsheet computes 5 (4 among the players the input ranks)",
		"Bob: kts-zzz is 435 in the input, tbsheet computes nothing (tbsheet has no tiebreak with this id)",
		"Erin: kts-number is 07466645 in the input, tbsheet computes 07466644",
	}
	if !slices.Equal(got, want) || sc.Compared != 4+5 {
		t.Errorf("Check, %d compared:\n got %q\nwant %q", sc.Compared, got, want)
	}
}
