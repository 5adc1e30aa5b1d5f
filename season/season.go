// Package season ranks players across the events of a season or league: points by final
// place (with attendance-size tiers), points by results (per win, per draw, per event
// attended), a limit on the events that count (best N), multipliers for premier events, and
// a documented order of tiebreaks with shared places where everything ties.
//
// It takes each event's final standings as calc computes them (a top cut's finishes are
// final places) and does no I/O: tbsheet season reads the files, and package writer prints
// what [Compute] returns. Players are matched across events by the ID their files give where
// it names a person beyond one event, else by name as the readers match names; two
// spellings one typo apart are reported ([Standings.Typos]), never merged.
package season

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// ErrUsage marks a mistake in the options (an unknown tiebreak, a --same name nobody has):
// the command line's fault, not the events'.
var ErrUsage = errors.New("season options")

// Event is one event of the season.
type Event struct {
	// Name is how the season's tables name the event: its title, else its file's name.
	Name string
	// Standings are the event's final standings as calc computes them (calc.Final when it
	// has a top cut): a row's Rank is the player's place, shared by players who share it.
	Standings *calc.Standings
	// Multiplier multiplies the points the event gives (a premier event counts double);
	// the zero value means 1.
	Multiplier exact.Num
}

// Rules say how an event's result earns season points, and how the season is ranked. The
// zero value gives no points.
type Rules struct {
	// Places are the points for 1st, 2nd, 3rd … place; places beyond the list earn none.
	Places []exact.Num
	// Tiers, when set, replace Places by the places of the tier the event's size falls in
	// (the ranked players): a larger event pays more, as Pokémon's kickers do. An event no
	// tier holds earns no points for places.
	Tiers []Tier
	// PerWin, PerDraw and Attend are the points for each match won (byes and forfeit wins
	// included, as the event's record counts them), each match drawn, and each event played.
	PerWin, PerDraw, Attend exact.Num
	// Best, when positive, counts only a player's best Best events.
	Best int
	// Ties is the order of the tiebreaks between players on equal points (ids of [Ties]);
	// nil means [DefaultTies].
	Ties []string
}

// Tier is the points for places of the events of one size band.
type Tier struct {
	// Min and Max bound the players an event ranks; Max 0 means no upper bound.
	Min, Max int
	// Places are the points for 1st, 2nd, 3rd … place.
	Places []exact.Num
}

// Holds reports whether an event of n ranked players is in the tier.
func (t Tier) Holds(n int) bool { return n >= t.Min && (t.Max == 0 || n <= t.Max) }

// Options are what [Compute] needs besides the events.
type Options struct {
	Rules
	// Name is the season's name, for the titles of its tables ("" for none).
	Name string
	// Same lists pairs of spellings that are one player's (--same "Jon Smith=John Smith"):
	// the season lists him under the second. A side may also be a player's ID.
	Same [][2]string
	// NameKey folds a name into the form in which two names are one player's (the
	// readers' reader.NameKey); nil compares names as they are.
	NameKey func(string) string
}

// Standings are a season's table.
type Standings struct {
	// Name is the season's name (Options.Name).
	Name string
	// Events are the season's events in their order: by date, then by name, then by file,
	// whatever order they were given in.
	Events []Event
	// Tiers holds, for each event, the index of the tier (Rules.Tiers) it falls in, or −1
	// (no tiers, or none holds it).
	Tiers []int
	// Rules are the rules the points follow, Ties filled in.
	Rules Rules
	// Players are everyone who played an event, as matched across events.
	Players []Player
	// Rows rank the players, best first.
	Rows []Row
	// Typos are pairs of players whose names are one typo apart and who never play in the
	// same event: perhaps one player, which only the organizer can say (Options.Same).
	Typos []Typo
	// Renamed are players matched by ID whose events spell their name in more than one way.
	Renamed []int
	// Unmatched are players matched by name whose name several players with IDs have: they
	// are kept apart from all of them.
	Unmatched []Unmatched

	// seasonOf maps, for each event, its players to 1 + their index in Players (0 for
	// those not ranked), for head-to-head; rowOf maps a player to his index in Rows.
	seasonOf [][]int32
	rowOf    []int
}

// Player is one person of the season.
type Player struct {
	// ID is the ID the player is matched by, or "" for a player matched by name.
	ID string
	// Name is the name the season lists: the latest event's spelling, or --same's.
	Name string
}

// Row is one ranked player.
type Row struct {
	// Rank is the shared rank: players equal on points and on every tiebreak share it.
	Rank int
	// Player indexes Standings.Players.
	Player int
	// Points are the season points: the sum of the counted results.
	Points exact.Num
	// Results holds the player's result in each event he played, in the order of
	// Standings.Events; Result(e) finds one.
	Results []Result
	// Played, Won and BestPlace are the events played, the events won (place 1) and the
	// best place.
	Played, Won, BestPlace int
	// HeadToHead, set for a player whose tie the head-to-head tiebreak looked at, is his
	// matches won minus lost against the others tied with him then.
	HeadToHead *int
}

// RowOf returns player p's row (p indexes Players).
func (s *Standings) RowOf(p int) *Row { return &s.Rows[s.rowOf[p]] }

// Result returns the player's result in event e (an index into Standings.Events): the zero
// Result, Played false, when he did not play it.
func (r *Row) Result(e int) Result {
	if i, ok := slices.BinarySearchFunc(r.Results, e, func(x Result, e int) int { return x.Event - e }); ok {
		return r.Results[i]
	}
	return Result{}
}

// Result is what one event gives a player.
type Result struct {
	// Event indexes Standings.Events; Row is the player's row in its Standings.Rows.
	Event, Row int
	// Played is false for an event the player did not play; the other fields are then zero.
	Played bool
	// Place is the player's place in the event; Wins, Draws and Losses his record there.
	Place, Wins, Draws, Losses int
	// Points are the points for the place and for the results (Standings.Parts), times
	// the event's multiplier.
	Points exact.Num
	// Counted is false for a result beyond the player's best Rules.Best.
	Counted bool
}

// Typo is two players whose names are one typo apart and who never play in the same event.
type Typo struct {
	// A and B index Standings.Players, the one with fewer events first.
	A, B int
}

// Unmatched is a player matched by name whose name several players with IDs have.
type Unmatched struct {
	// Player indexes Standings.Players; Candidates the players with IDs of that name.
	Player     int
	Candidates []int
}

// Compute ranks the season's players. The order of the events does not matter.
func Compute(events []Event, opt Options) (*Standings, error) {
	s := &Standings{Name: opt.Name, Events: slices.Clone(events), Rules: opt.Rules}
	if s.Rules.Ties == nil {
		s.Rules.Ties = DefaultTies()
	}
	for _, id := range s.Rules.Ties {
		if !slices.Contains(tieIDs, id) {
			return nil, fmt.Errorf("%w: unknown season tiebreak %q (use %s)", ErrUsage, id, strings.Join(tieIDs, ", "))
		}
	}
	if s.Rules.Best < 0 {
		return nil, fmt.Errorf("%w: best %d: a number of events", ErrUsage, s.Rules.Best)
	}
	slices.SortStableFunc(s.Events, func(a, b Event) int {
		ea, eb := a.Standings.Event, b.Standings.Event
		return cmp.Or(cmp.Compare(ea.Date, eb.Date), cmp.Compare(a.Name, b.Name), cmp.Compare(ea.Source, eb.Source))
	})
	s.Tiers = make([]int, len(s.Events))
	for e := range s.Events {
		s.Tiers[e] = -1
		for t, tier := range s.Rules.Tiers {
			if tier.Holds(len(s.Events[e].Standings.Rows)) {
				s.Tiers[e] = t
				break
			}
		}
	}
	key := opt.NameKey
	if key == nil {
		key = func(s string) string { return s }
	}
	m := &matcher{s: s, key: key}
	if err := m.match(opt.Same); err != nil {
		return nil, err
	}
	s.score(m.entries, m.owner)
	m.typos()
	s.rank()
	return s, nil
}

// placePoints are the points event e gives for place.
func (s *Standings) placePoints(e, place int) exact.Num {
	places := s.Rules.Places
	if len(s.Rules.Tiers) > 0 {
		if s.Tiers[e] < 0 {
			return exact.Num{}
		}
		places = s.Rules.Tiers[s.Tiers[e]].Places
	}
	if place < 1 || place > len(places) {
		return exact.Num{}
	}
	return places[place-1]
}

// Parts returns what a result's points are made of, before the event's multiplier: the
// points for the place, and those for the results (per win, per draw, for attending).
func (s *Standings) Parts(x Result) (place, results exact.Num) {
	r := &s.Rules
	results = r.Attend
	if r.PerWin.Sign() != 0 {
		results = results.Add(r.PerWin.MulInt(int64(x.Wins)))
	}
	if r.PerDraw.Sign() != 0 {
		results = results.Add(r.PerDraw.MulInt(int64(x.Draws)))
	}
	return s.placePoints(x.Event, x.Place), results
}

// wholeRules are the rules in integers, when every number of them is a small integer (as
// most leagues' are): a result's points are then added up in int64, exactly as exact.Num
// would, without its reductions.
type wholeRules struct {
	places                  [][]int64 // by event: the points for 1st, 2nd, …
	perWin, perDraw, attend int64
}

// wholeRules returns the rules in integers, or nil when a number of them is not a small
// integer.
func (s *Standings) wholeRules() *wholeRules {
	const limit = 1 << 30 // a result's points stay far within an int64
	whole := func(v exact.Num) (int64, bool) {
		n, d, ok := v.Parts()
		if v.Sign() == 0 {
			return 0, true
		}
		return n, ok && d == 1 && n > -limit && n < limit
	}
	ints := func(list []exact.Num) ([]int64, bool) {
		out := make([]int64, len(list))
		for i, v := range list {
			var ok bool
			if out[i], ok = whole(v); !ok {
				return nil, false
			}
		}
		return out, true
	}
	r := &s.Rules
	w := &wholeRules{places: make([][]int64, len(s.Events))}
	var ok [3]bool
	w.perWin, ok[0] = whole(r.PerWin)
	w.perDraw, ok[1] = whole(r.PerDraw)
	w.attend, ok[2] = whole(r.Attend)
	if ok != [3]bool{true, true, true} {
		return nil
	}
	lists := [][]int64{nil}
	if len(r.Tiers) == 0 {
		l, ok := ints(r.Places)
		if !ok {
			return nil
		}
		lists[0] = l
	}
	for _, t := range r.Tiers {
		l, ok := ints(t.Places)
		if !ok {
			return nil
		}
		lists = append(lists, l)
	}
	for e := range s.Events {
		switch {
		case len(r.Tiers) == 0:
			w.places[e] = lists[0]
		case s.Tiers[e] >= 0:
			w.places[e] = lists[1+s.Tiers[e]]
		}
	}
	return w
}

// points are a result's points in event e before its multiplier.
func (w *wholeRules) points(e int, x *Result) int64 {
	n := w.attend + w.perWin*int64(x.Wins) + w.perDraw*int64(x.Draws)
	if p := w.places[e]; x.Place >= 1 && x.Place <= len(p) {
		n += p[x.Place-1]
	}
	return n
}

// score fills every player's row: each event's result and points, the best N counted. The
// entries (every event's rows, in event order, and the player of each) are read in order,
// each result going to its player's place in one array of them all.
func (s *Standings) score(entries []entry, owner []int) {
	r := s.Rules
	s.Rows = make([]Row, len(s.Players))
	next := make([]int, len(s.Players)+1) // each player's next result in all
	for _, p := range owner {
		next[p+1]++
	}
	for p := range s.Players {
		next[p+1] += next[p]
	}
	whole := s.wholeRules()
	all := make([]Result, len(entries))
	s.seasonOf = make([][]int32, len(s.Events))
	for e := range s.Events {
		s.seasonOf[e] = make([]int32, len(s.Events[e].Standings.Event.Players))
	}
	for p := range s.Players {
		s.Rows[p].Results = all[next[p]:next[p+1]:next[p+1]]
	}
	for k := range entries {
		en, p := &entries[k], owner[k]
		e := int(en.event)
		ev := &s.Events[e]
		res := &all[next[p]]
		next[p]++
		s.seasonOf[e][en.player] = int32(p + 1)
		*res = Result{Event: e, Row: int(en.row), Played: true, Place: int(en.rank), Wins: int(en.wins), Draws: int(en.draws), Losses: int(en.losses)}
		if whole != nil {
			res.Points = exact.Int(whole.points(e, res))
		} else {
			place, results := s.Parts(*res)
			res.Points = place.Add(results)
		}
		if m := ev.Multiplier; m.Sign() != 0 {
			res.Points = res.Points.Mul(m)
		}
	}
	var order []int // a row's results, best first
	for p := range s.Rows {
		row := &s.Rows[p]
		row.Player = p
		order = order[:0]
		for k := range row.Results {
			x := &row.Results[k]
			order = append(order, k)
			row.Played++
			if x.Place == 1 {
				row.Won++
			}
			if row.BestPlace == 0 || x.Place < row.BestPlace {
				row.BestPlace = x.Place
			}
		}
		// The best results first; among equal ones the earlier event, so that the same
		// season always counts the same results.
		if r.Best > 0 && len(order) > r.Best {
			slices.SortFunc(order, func(a, b int) int { return cmp.Or(row.Results[b].Points.Cmp(row.Results[a].Points), a-b) })
		}
		for k, i := range order {
			if r.Best > 0 && k >= r.Best {
				break
			}
			row.Results[i].Counted = true
			row.Points = row.Points.Add(row.Results[i].Points)
		}
	}
}
