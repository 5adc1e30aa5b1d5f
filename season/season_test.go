package season_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/season"
)

// finish is one player's line in an event: name, ID ("" for the name), place and record.
type finish struct {
	name, id            string
	place               int
	wins, draws, losses int
}

// event builds final standings as calc hands them over: only what the season reads.
func event(name, date string, finishes ...finish) season.Event {
	ev := &tbsheet.Event{Name: name, Date: date, Source: name + ".xlsx"}
	st := &calc.Standings{Event: ev, Final: true}
	for i, f := range finishes {
		id := f.id
		if id == "" {
			id = f.name
		}
		ev.Players = append(ev.Players, tbsheet.Player{ID: id, Name: f.name})
		st.Rows = append(st.Rows, calc.Row{Rank: f.place, Player: i, Wins: f.wins, Draws: f.draws, Losses: f.losses})
	}
	return season.Event{Name: name, Standings: st}
}

// places is an event in which the named players finish in that order (1st, 2nd, …).
func places(name, date string, names ...string) season.Event {
	var fs []finish
	for i, n := range names {
		fs = append(fs, finish{name: n, place: i + 1})
	}
	return event(name, date, fs...)
}

func nums(v ...int64) []exact.Num {
	var out []exact.Num
	for _, x := range v {
		out = append(out, exact.Int(x))
	}
	return out
}

// table writes the season's table compactly: "1 Alice 57 [15 15 15 12 (10)]", a result not
// counted in brackets, an event not played as "-".
func table(s *season.Standings) string {
	var b strings.Builder
	for _, r := range s.Rows {
		var res []string
		for e := range s.Events {
			switch x := r.Result(e); {
			case !x.Played:
				res = append(res, "-")
			case x.Counted:
				res = append(res, x.Points.String())
			default:
				res = append(res, "("+x.Points.String()+")")
			}
		}
		fmt.Fprintf(&b, "%d %s %s [%s]\n", r.Rank, s.Players[r.Player].Name, r.Points, strings.Join(res, " "))
	}
	return b.String()
}

var pokemonPlaces = nums(15, 12, 10, 8, 6, 4)

func TestCompute(t *testing.T) {
	for _, tt := range []struct {
		name   string
		events []season.Event
		opt    season.Options
		want   string
	}{{
		name: "published: three firsts and a second, best 4",
		events: []season.Event{
			places("e1", "2026-01", "Alice", "Bob"), places("e2", "2026-02", "Alice", "Bob"),
			places("e3", "2026-03", "Bob", "Alice"), places("e4", "2026-04", "Alice", "Bob"),
		},
		opt:  season.Options{Rules: season.Rules{Places: pokemonPlaces, Best: 4}},
		want: "1 Alice 57 [15 15 12 15]\n2 Bob 51 [12 12 15 12]\n",
	}, {
		name: "published: a further first raises it to 60",
		events: []season.Event{
			places("e1", "2026-01", "Alice", "Bob"), places("e2", "2026-02", "Alice", "Bob"),
			places("e3", "2026-03", "Bob", "Alice"), places("e4", "2026-04", "Alice", "Bob"),
			places("e5", "2026-05", "Alice", "Bob"),
		},
		opt:  season.Options{Rules: season.Rules{Places: pokemonPlaces, Best: 4}},
		want: "1 Alice 60 [15 15 (12) 15 15]\n2 Bob 51 [12 12 15 12 (12)]\n",
	}, {
		name: "shared places each get the place's points",
		events: []season.Event{event("e1", "", finish{name: "Alice", place: 1}, finish{name: "Bob", place: 2},
			finish{name: "Carol", place: 2}, finish{name: "Dave", place: 4})},
		opt:  season.Options{Rules: season.Rules{Places: pokemonPlaces}},
		want: "1 Alice 15 [15]\n2 Bob 12 [12]\n2 Carol 12 [12]\n4 Dave 8 [8]\n",
	}, {
		name: "results: per win, per draw, attending",
		events: []season.Event{event("e1", "", finish{name: "Alice", place: 1, wins: 3, draws: 1},
			finish{name: "Bob", place: 2, wins: 2, losses: 2})},
		opt:  season.Options{Rules: season.Rules{PerWin: exact.Int(3), PerDraw: exact.Int(1), Attend: exact.Int(1)}},
		want: "1 Alice 11 [11]\n2 Bob 7 [7]\n",
	}, {
		name: "places and results together, a premier event doubled",
		events: func() []season.Event {
			e1 := event("e1", "1", finish{name: "Alice", place: 1, wins: 3}, finish{name: "Bob", place: 2, wins: 2})
			e2 := event("e2", "2", finish{name: "Bob", place: 1, wins: 3}, finish{name: "Alice", place: 2, wins: 2})
			e2.Multiplier = exact.Int(2)
			return []season.Event{e1, e2}
		}(),
		opt:  season.Options{Rules: season.Rules{Places: nums(10, 5), PerWin: exact.Int(1)}},
		want: "1 Bob 33 [7 26]\n2 Alice 27 [13 14]\n",
	}, {
		name: "tiers by attendance",
		events: []season.Event{
			places("small", "1", "Alice", "Bob", "Carol", "Dave"),
			places("large", "2", "Bob", "Alice", "Carol", "Dave", "Erin", "Frank", "Gus", "Hal"),
			places("tiny", "3", "Carol", "Dave"),
		},
		opt: season.Options{Rules: season.Rules{Tiers: []season.Tier{{Min: 4, Max: 7, Places: nums(50, 40)},
			{Min: 8, Places: nums(80, 60, 50, 50)}}}},
		want: "1 Bob 120 [40 80 -]\n2 Alice 110 [50 60 -]\n3 Carol 50 [0 50 0]\n4 Dave 50 [0 50 0]\n" +
			"5 Erin 0 [- 0 -]\n6 Frank 0 [- 0 -]\n7 Gus 0 [- 0 -]\n8 Hal 0 [- 0 -]\n",
	}, {
		name:   "ties: more events won",
		events: []season.Event{places("e1", "1", "Alice", "Bob", "Carol"), places("e2", "2", "Carol", "Bob", "Alice")},
		opt:    season.Options{Rules: season.Rules{Places: nums(3, 2, 1)}},
		want:   "1 Alice 4 [3 1]\n1 Carol 4 [1 3]\n3 Bob 4 [2 2]\n",
	}, {
		name: "ties: the best finish",
		events: []season.Event{places("e1", "1", "Dave", "Alice", "Bob", "Carol"),
			places("e2", "2", "Dave", "Carol", "Bob", "Alice")},
		opt:  season.Options{Rules: season.Rules{Places: nums(5, 3, 2, 1)}},
		want: "1 Dave 10 [5 5]\n2 Alice 4 [3 1]\n2 Carol 4 [1 3]\n4 Bob 4 [2 2]\n",
	}, {
		name: "ties: shared places where everything ties",
		events: []season.Event{places("e1", "1", "Alice", "Bob", "Carol"), places("e2", "2", "Bob", "Carol", "Alice"),
			places("e3", "3", "Carol", "Alice", "Bob")},
		opt:  season.Options{Rules: season.Rules{Places: nums(3, 2, 1)}},
		want: "1 Alice 6 [3 1 2]\n1 Bob 6 [2 3 1]\n1 Carol 6 [1 2 3]\n",
	}, {
		name: "ties: events played first when asked",
		events: []season.Event{
			places("e1", "1", "Alice", "Bob"), places("e2", "2", "Carol", "Bob"),
		},
		opt:  season.Options{Rules: season.Rules{Places: nums(2, 1), Ties: []string{season.TieEventsPlayed}}},
		want: "1 Bob 2 [1 1]\n2 Alice 2 [2 -]\n2 Carol 2 [- 2]\n",
	}, {
		name: "two spellings are two players until --same joins them, under the second",
		events: []season.Event{
			places("e1", "1", "Jon Smith", "Alice"), places("e2", "2", "John Smith", "Alice"),
		},
		opt:  season.Options{Rules: season.Rules{Places: nums(3, 1)}, Same: [][2]string{{"jon smith", "John Smith"}}, NameKey: reader.NameKey},
		want: "1 John Smith 6 [3 3]\n2 Alice 2 [1 1]\n",
	}, {
		name: "an ID is one player whatever the name; the readers' key joins case and width",
		events: []season.Event{
			event("e1", "1", finish{name: "Alice Liddell", id: "0012", place: 1}, finish{name: "ＢＯＢ", place: 2}),
			event("e2", "2", finish{name: "Alice Lidell", id: "0012", place: 1}, finish{name: "bob", place: 2}),
		},
		opt:  season.Options{Rules: season.Rules{Places: nums(3, 1)}, NameKey: reader.NameKey},
		want: "1 Alice Lidell 6 [3 3]\n2 bob 2 [1 1]\n",
	}} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := season.Compute(tt.events, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := table(s); got != tt.want {
				t.Errorf("got\n%swant\n%s", got, tt.want)
			}
		})
	}
}

// TestMatching: who is one player, and what is reported rather than merged.
func TestMatching(t *testing.T) {
	key := reader.NameKey
	rules := season.Rules{Places: nums(3, 1)}
	t.Run("typo reported, not merged", func(t *testing.T) {
		s, err := season.Compute([]season.Event{places("e1", "1", "Jon Smith", "Alice"), places("e2", "2", "Alice", "John Smith"),
			places("e3", "3", "John Smith", "Alice")}, season.Options{Rules: rules, NameKey: key})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Players) != 3 || len(s.Typos) != 1 {
			t.Fatalf("%d players, typos %v: want 3 players and one typo", len(s.Players), s.Typos)
		}
		a, b := s.Players[s.Typos[0].A], s.Players[s.Typos[0].B]
		if a.Name != "Jon Smith" || b.Name != "John Smith" {
			t.Errorf("typo %q and %q, want the rarer spelling first", a.Name, b.Name)
		}
		if r := s.Rounds(s.Typos[0].A, 0); r != nil {
			t.Errorf("rounds %v of a finish without matches", r)
		}
	})
	t.Run("no typo between two who play one event", func(t *testing.T) {
		s, _ := season.Compute([]season.Event{places("e1", "1", "Jon Smith", "John Smith")}, season.Options{Rules: rules, NameKey: key})
		if len(s.Typos) != 0 {
			t.Errorf("typos %v", s.Typos)
		}
	})
	t.Run("local IDs are not matched", func(t *testing.T) {
		e1 := event("e1", "1", finish{name: "Alice", id: "1", place: 1}, finish{name: "Bob", id: "2", place: 2})
		e2 := event("e2", "2", finish{name: "Bob", id: "1", place: 1}, finish{name: "Alice", id: "2", place: 2})
		e1.Standings.Event.LocalIDs, e2.Standings.Event.LocalIDs = true, true
		s, err := season.Compute([]season.Event{e1, e2}, season.Options{Rules: rules, NameKey: key})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := table(s), "1 Alice 4 [3 1]\n1 Bob 4 [1 3]\n"; got != want {
			t.Errorf("got\n%swant\n%s", got, want)
		}
	})
	t.Run("an ID renamed is noted", func(t *testing.T) {
		s, _ := season.Compute([]season.Event{event("e1", "1", finish{name: "Alice", id: "7", place: 1}),
			event("e2", "2", finish{name: "Alicia", id: "7", place: 1})}, season.Options{Rules: rules, NameKey: key})
		if len(s.Players) != 1 || !slices.Equal(s.Renamed, []int{0}) {
			t.Errorf("players %v, renamed %v", s.Players, s.Renamed)
		}
	})
	t.Run("a name two IDs have stays apart", func(t *testing.T) {
		s, _ := season.Compute([]season.Event{event("e1", "1", finish{name: "Alice", id: "7", place: 1}, finish{name: "Alice", id: "8", place: 2}),
			places("e2", "2", "Alice")}, season.Options{Rules: rules, NameKey: key})
		if len(s.Players) != 3 || len(s.Unmatched) != 1 || len(s.Unmatched[0].Candidates) != 2 {
			t.Errorf("players %v, unmatched %v", s.Players, s.Unmatched)
		}
	})
	t.Run("a name without an ID joins the one ID that has it", func(t *testing.T) {
		s, _ := season.Compute([]season.Event{event("e1", "1", finish{name: "Alice", id: "7", place: 1}),
			places("e2", "2", "alice")}, season.Options{Rules: rules, NameKey: key})
		if len(s.Players) != 1 || s.Players[0].ID != "7" {
			t.Errorf("players %v", s.Players)
		}
	})
	for _, tt := range []struct {
		name string
		same [][2]string
		ties []string
		want string
	}{
		{"--same names nobody", [][2]string{{"Zed", "Alice"}}, nil, `no player of the season is named "Zed"`},
		{"--same joins two of one event", [][2]string{{"Alice", "Bob"}}, nil, `e1 has two players, "Alice" and "Bob"`},
		{"unknown tiebreak", nil, []string{"coin"}, `unknown season tiebreak "coin"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := season.Compute([]season.Event{places("e1", "1", "Alice", "Bob")},
				season.Options{Rules: season.Rules{Places: nums(1), Ties: tt.ties}, Same: tt.same, NameKey: key})
			if !errors.Is(err, season.ErrUsage) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want ErrUsage with %q", err, tt.want)
			}
		})
	}
}

// TestHeadToHead: two players equal on points, events won and best finish are ordered by
// the matches between them.
func TestHeadToHead(t *testing.T) {
	e1 := places("e1", "1", "Alice", "Bob", "Carol")
	e2 := places("e2", "2", "Carol", "Alice", "Bob")
	e3 := places("e3", "3", "Bob", "Carol", "Alice")
	// Carol beat Bob in e2's round 1; Alice and Bob never met.
	e2.Standings.Event.Rounds = []tbsheet.Round{{Number: 1, Matches: []tbsheet.Match{{P1: 2, P2: 0, Result: tbsheet.Loss}}}}
	s, err := season.Compute([]season.Event{e1, e2, e3}, season.Options{Rules: season.Rules{Places: nums(3, 2, 1)}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := table(s), "1 Carol 6 [1 3 2]\n2 Alice 6 [3 2 1]\n3 Bob 6 [2 1 3]\n"; got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	if h := s.Rows[0].HeadToHead; h == nil || *h != 1 {
		t.Errorf("Carol's head-to-head %v, want 1", h)
	}
	if got := s.Rounds(0, 1); len(got) != 0 && !slices.Equal(got, []int{1}) {
		t.Errorf("rounds %v", got)
	}
}

// randomSeason makes n events of up to 12 of 20 players, with ties and records.
func randomSeason(rng *rand.Rand, n int) []season.Event {
	var out []season.Event
	for e := range n {
		k := 2 + rng.IntN(11)
		perm := rng.Perm(20)[:k]
		var fs []finish
		place := 1
		for i, p := range perm {
			if i > 0 && rng.IntN(5) > 0 {
				place = i + 1
			}
			fs = append(fs, finish{name: fmt.Sprintf("Player %c", 'A'+p), place: place, wins: rng.IntN(5), draws: rng.IntN(2)})
		}
		out = append(out, event(fmt.Sprintf("event %02d", e), fmt.Sprintf("2026-%02d", 1+e%12), fs...))
	}
	return out
}

var metamorphicRules = []season.Rules{
	{Places: pokemonPlaces, Best: 4},
	{Places: pokemonPlaces, PerWin: exact.Int(3), PerDraw: exact.Int(1), Attend: exact.Int(1), Best: 3},
	{PerWin: exact.Int(3), Attend: exact.Int(1), Ties: []string{season.TieHeadToHead, season.TieEventsPlayed}},
}

// TestOrderChangesNothing: the season is the same whatever order its files are given in.
func TestOrderChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 30 {
		events := randomSeason(rng, 2+rng.IntN(8))
		rules := metamorphicRules[i%len(metamorphicRules)]
		want, err := season.Compute(events, season.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		rng.Shuffle(len(events), func(a, b int) { events[a], events[b] = events[b], events[a] })
		got, _ := season.Compute(events, season.Options{Rules: rules})
		if table(got) != table(want) {
			t.Fatalf("season %d changes with the order of its files:\n%s\nthen\n%s", i, table(want), table(got))
		}
	}
}

// TestWorseEventBeyondBestChangesNothing: an event beyond the best-N limit in which a
// player does worse than in every event counted changes nothing of his.
func TestWorseEventBeyondBestChangesNothing(t *testing.T) {
	rules := season.Rules{Places: pokemonPlaces, Best: 2}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 30 {
		events := randomSeason(rng, 3+rng.IntN(6))
		before, err := season.Compute(events, season.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		// A player with at least Best events, each worth more than 0: he finishes last,
		// beyond every place paid, in a new event with one other player's.
		for _, r := range before.Rows {
			if r.Played < rules.Best {
				continue
			}
			worst := r.Points
			for _, x := range r.Results {
				if x.Counted {
					worst = exact.Min(worst, x.Points)
				}
			}
			if worst.Sign() <= 0 {
				continue
			}
			name := before.Players[r.Player].Name
			var fs []finish
			for k := range 7 {
				fs = append(fs, finish{name: fmt.Sprintf("Newcomer %d", k), place: k + 1})
			}
			fs = append(fs, finish{name: name, place: 8})
			after, err := season.Compute(append(slices.Clone(events), event("zz", "2027", fs...)), season.Options{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range after.Rows {
				if after.Players[a.Player].Name == name && !a.Points.Equal(r.Points) {
					t.Fatalf("season %d: %s has %s after an event beyond his best %d, had %s", i, name, a.Points, rules.Best, r.Points)
				}
			}
			break
		}
	}
}

// TestAddingAnEventNeverLowersATotal: every player's total is at least what it was before
// an event was added.
func TestAddingAnEventNeverLowersATotal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 40 {
		events := randomSeason(rng, 2+rng.IntN(8))
		rules := metamorphicRules[i%len(metamorphicRules)]
		before, _ := season.Compute(events[:len(events)-1], season.Options{Rules: rules})
		after, err := season.Compute(events, season.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		total := map[string]exact.Num{}
		for _, r := range after.Rows {
			total[after.Players[r.Player].Name] = r.Points
		}
		for _, r := range before.Rows {
			name := before.Players[r.Player].Name
			if total[name].Cmp(r.Points) < 0 {
				t.Fatalf("season %d: %s had %s, then %s once an event was added", i, name, r.Points, total[name])
			}
		}
	}
}

// TestPointsAddUp: every result's points are its parts (Standings.Parts: the place's, the
// results') times the event's multiplier, whether the rules are whole numbers (added up in
// integers) or not; a season's points are its counted results'.
func TestPointsAddUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	rules := append(slices.Clone(metamorphicRules),
		season.Rules{Places: []exact.Num{exact.Frac(25, 2), exact.Int(10)}, PerDraw: exact.Frac(1, 2), Best: 2},
		season.Rules{Tiers: []season.Tier{{Min: 2, Max: 5, Places: nums(5, 3)}, {Min: 9, Places: nums(9)}}, PerWin: exact.Int(1)})
	for i := range 40 {
		events := randomSeason(rng, 2+rng.IntN(6))
		events[0].Multiplier = exact.Frac(3, 2)
		s, err := season.Compute(events, season.Options{Rules: rules[i%len(rules)]})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Rows {
			var sum exact.Num
			for _, x := range r.Results {
				place, results := s.Parts(x)
				want := place.Add(results)
				if m := s.Events[x.Event].Multiplier; m.Sign() != 0 {
					want = want.Mul(m)
				}
				if !x.Points.Equal(want) {
					t.Fatalf("season %d: %s in %s has %s, its parts make %s", i, s.Players[r.Player].Name, s.Events[x.Event].Name, x.Points, want)
				}
				if x.Counted {
					sum = sum.Add(x.Points)
				}
			}
			if !sum.Equal(r.Points) {
				t.Fatalf("season %d: %s has %s, his counted results add up to %s", i, s.Players[r.Player].Name, r.Points, sum)
			}
		}
	}
}
