package scenario

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/safego"
)

// An outcome is how a table ends, from its Player 1's side: 0 Player 1 wins, 1 a draw,
// 2 Player 2 wins; the same numbers as Result for Player 1.
const outcomes = 3

// outcomeResult is the model's result of each outcome.
var outcomeResult = [outcomes]tbsheet.Result{tbsheet.Win, tbsheet.IntentionalDraw, tbsheet.Loss}

// resultOf returns the result side (0 = Player 1, 1 = Player 2) gets when its table ends in
// outcome o.
func resultOf(o uint8, side int) Result {
	if side == 0 {
		return Result(o)
	}
	return Result(o).Mirror()
}

// outcomeFor returns the outcome that gives side the result r.
func outcomeFor(r Result, side int) uint8 {
	if side == 0 {
		return uint8(r)
	}
	return uint8(r.Mirror())
}

// table is one open match of the analysed round.
type table struct {
	m      int // index in the round's Matches
	p      [2]int
	number int
}

// seat is where a player sits in the analysed round.
type seat struct {
	table int // index in analysis.tables, or −1 for a fixed result (or no match)
	side  int
}

// analysis is one run of Analyze: the round, the event its combinations are ranked on, and
// what every ranked combination taught about each player.
type analysis struct {
	opt     Options
	rep     *Report
	base    *tbsheet.Event // the Swiss rounds up to the analysed one, which is last
	ri      int            // the analysed round's index in base.Rounds
	tables  []table
	seats   []seat // by player index
	members []int  // Report.Players index by player index, or −1
	// eligible marks players who can make the cut: not disqualified, not dropped.
	eligible []bool
	cut      int

	// cost is the work of ranking one combination; budget and spent count work.
	cost, budget int64
	mu           sync.Mutex
	spent        int64
	ranked       int

	// keys are the ranking keys: the primary key, then the tiebreak order.
	keys []*calc.Def
	// seen[i][r] is what ranked combinations showed about Report.Players[i] with result r.
	seen [][3]witness
	// uniformSt are the standings of the uniform combinations (see uniform), once ranked.
	uniformSt []*calc.Standings
}

// witness is what ranked combinations showed about one player with one result.
type witness struct {
	any                 bool
	notMake, notMiss    bool // seen outside the cut (or sharing the line); seen not missing it
	bestSeen, worstSeen int
}

func (w *witness) add(s status) {
	if !w.any {
		w.any, w.bestSeen, w.worstSeen = true, s.place, s.place
	}
	w.bestSeen, w.worstSeen = min(w.bestSeen, s.place), max(w.worstSeen, s.place)
	w.notMake = w.notMake || !s.makes
	w.notMiss = w.notMiss || !s.misses
}

// status is a player's standing in one ranked combination.
type status struct {
	makes, misses bool
	// place is one plus the number of players strictly above him; atOrAbove counts the
	// players at or above him, himself included.
	place, atOrAbove int
	// tiebreak is true when points alone do not decide whether he makes the cut: players
	// on his points are on both sides of the line.
	tiebreak bool
}

func newAnalysis(ev *tbsheet.Event, opt Options) (*analysis, error) {
	if ev == nil {
		return nil, &calc.UsageError{Msg: "no event"}
	}
	if len(ev.Pods) > 0 {
		var pods []string
		for _, p := range ev.Pods {
			pods = append(pods, p.Pod)
		}
		return nil, &calc.UsageError{Msg: fmt.Sprintf("%s holds %d separate pods (%s): choose one", ev.Source, len(ev.Pods), strings.Join(pods, ", "))}
	}
	if opt.Cut < 1 {
		return nil, &calc.UsageError{Msg: fmt.Sprintf("a top cut of %d players: give the size of the cut (8 for a top 8)", opt.Cut)}
	}
	if opt.Calc.AfterRound != 0 {
		return nil, &calc.UsageError{Msg: "the round to analyse is chosen with Round, not AfterRound"}
	}
	if opt.Round < 0 || opt.Rounds < 0 || opt.Effort < 0 {
		return nil, &calc.UsageError{Msg: "rounds and effort are positive numbers"}
	}
	opt.Calc.NoExplain = true
	a := &analysis{opt: opt, cut: opt.Cut}
	if err := a.pickRound(ev); err != nil {
		return nil, err
	}
	a.budget = DefaultBudget
	if opt.Effort > 0 {
		a.budget = int64(float64(DefaultBudget) * opt.Effort)
	}
	if opt.budget > 0 {
		a.budget = opt.budget
	}
	if err := a.prepare(ev); err != nil {
		return nil, err
	}
	return a, nil
}

// pickRound finds the analysed round and builds base: ev's Swiss rounds up to it.
func (a *analysis) pickRound(ev *tbsheet.Event) error {
	swiss := ev.SwissRounds()
	slices.SortStableFunc(swiss, func(x, y tbsheet.Round) int { return x.Number - y.Number })
	R := a.opt.Round
	if R == 0 {
		for _, r := range swiss {
			if slices.ContainsFunc(r.Matches, func(m tbsheet.Match) bool { return m.Result == tbsheet.Unreported }) {
				R = r.Number
				break
			}
		}
		if R == 0 {
			return ErrNoRound
		}
	}
	base := *ev
	base.Rounds, base.Notes = nil, nil
	for _, r := range swiss {
		if r.Number <= R {
			base.Rounds = append(base.Rounds, r)
		}
	}
	if len(base.Rounds) == 0 || base.Rounds[len(base.Rounds)-1].Number != R {
		return &calc.UsageError{Msg: fmt.Sprintf("%s has no Swiss round %d with pairings", ev.Source, R)}
	}
	a.base, a.ri = &base, len(base.Rounds)-1
	// Only the analysed round changes from one combination to the next: it gets its own
	// copy of the matches, the others are shared with the input.
	r := &base.Rounds[a.ri]
	r.Matches = slices.Clone(r.Matches)
	complete := !slices.ContainsFunc(r.Matches, func(m tbsheet.Match) bool { return m.Result == tbsheet.Unreported })
	for i, m := range r.Matches {
		if m.P2 == tbsheet.NoPlayer || (!complete && m.Result != tbsheet.Unreported) {
			continue
		}
		number := m.Table
		if number <= 0 {
			number = i + 1
		}
		a.tables = append(a.tables, table{m: i, p: [2]int{m.P1, m.P2}, number: number})
	}
	slices.SortStableFunc(a.tables, func(x, y table) int { return x.number - y.number })
	a.rep = &Report{Event: ev, Round: R, Cut: a.opt.Cut, Rounds: a.opt.Rounds}
	if a.rep.Rounds == 0 {
		a.rep.Rounds = ev.PlannedRounds
	}
	if complete && len(a.tables) > 0 {
		a.rep.Reopened = true
	}
	return nil
}

// prepare ranks the standings before the round, lists the round's players and checks that
// the round can be ranked.
func (a *analysis) prepare(ev *tbsheet.Event) error {
	R := a.rep.Round
	before := *a.base
	before.Rounds = a.base.Rounds[:a.ri]
	st, err := calc.Compute(&before, a.opt.Calc)
	if err != nil {
		return err
	}
	a.rep.Before = st
	a.keys = append([]*calc.Def{st.RankBy}, st.Order...)

	n := len(ev.Players)
	a.seats = make([]seat, n)
	a.members = make([]int, n)
	a.eligible = make([]bool, n)
	for p := range n {
		a.seats[p] = seat{table: -1}
		a.members[p] = -1
		pl := &ev.Players[p]
		a.eligible[p] = !pl.Disqualified && !(pl.DroppedAfter > 0 && pl.DroppedAfter <= R)
	}
	for t, tb := range a.tables {
		for side, p := range tb.p {
			a.seats[p] = seat{table: t, side: side}
		}
	}
	rowOf := make(map[int]*calc.Row, len(st.Rows))
	for i := range st.Rows {
		rowOf[st.Rows[i].Player] = &st.Rows[i]
	}
	round := &a.base.Rounds[a.ri]
	add := func(p, opp, tableNo int, fixed tbsheet.Result) {
		pl := Player{Player: p, Table: tableNo, Opponent: opp, Fixed: fixed, Dropped: !a.eligible[p]}
		if row := rowOf[p]; row != nil {
			pl.Rank, pl.Points = row.Rank, row.Points
			pl.Wins, pl.Losses, pl.Draws = row.Wins, row.Losses, row.Draws
		}
		a.rep.Players = append(a.rep.Players, pl)
	}
	for i, m := range round.Matches {
		t := slices.IndexFunc(a.tables, func(t table) bool { return t.m == i })
		number := m.Table
		if t >= 0 {
			number = a.tables[t].number
		}
		if t >= 0 {
			add(m.P1, m.P2, number, tbsheet.Unreported)
			add(m.P2, m.P1, number, tbsheet.Unreported)
			continue
		}
		if m.P2 == tbsheet.NoPlayer {
			number = 0
		}
		add(m.P1, m.P2, number, m.Result)
		if m.P2 != tbsheet.NoPlayer {
			add(m.P2, m.P1, number, m.Result.Mirror())
		}
	}
	slices.SortStableFunc(a.rep.Players, func(x, y Player) int {
		rx, ry := x.Rank, y.Rank
		if rx == 0 {
			rx = len(ev.Players) + 1
		}
		if ry == 0 {
			ry = len(ev.Players) + 1
		}
		if rx != ry {
			return rx - ry
		}
		return strings.Compare(strings.ToLower(ev.Players[x.Player].Name), strings.ToLower(ev.Players[y.Player].Name))
	})
	for i, pl := range a.rep.Players {
		a.members[pl.Player] = i
	}
	for _, t := range a.tables {
		a.rep.Tables = append(a.rep.Tables, Table{Number: t.number, P1: a.members[t.p[0]], P2: a.members[t.p[1]]})
	}
	a.seen = make([][3]witness, len(a.rep.Players))

	matches := 0
	for _, r := range a.base.Rounds {
		matches += len(r.Matches)
	}
	// Ranking has a fixed cost besides its linear one: goroutines, sorting, allocations.
	a.cost = int64(matches) + 64
	return nil
}

// event returns the hypothetical event in which the open tables end as assign says.
func (a *analysis) event(assign []uint8) *tbsheet.Event {
	ev := *a.base
	ev.Rounds = slices.Clone(a.base.Rounds)
	r := &ev.Rounds[a.ri]
	r.Matches = slices.Clone(r.Matches)
	for i, t := range a.tables {
		m := &r.Matches[t.m]
		m.Result, m.Games, m.Score = outcomeResult[assign[i]], tbsheet.Games{}, tbsheet.Score{}
	}
	return &ev
}

// errBudget stops a search that has spent its budget.
var errBudget = fmt.Errorf("the work budget is spent")

// rank ranks the combinations, concurrently, records what each shows about every player of
// the round (observe), and calls each, when not nil, with every combination's standings and
// every player's status in it (valid during the call), in order. It refuses (errBudget)
// combinations that would exceed the budget, and stops on ctx.
func (a *analysis) rank(ctx context.Context, assigns [][]uint8, each func(c int, std *calc.Standings, st []status)) error {
	a.mu.Lock()
	over := a.spent+a.cost*int64(len(assigns)) > a.budget
	a.mu.Unlock()
	if over {
		return errBudget
	}
	return a.rankAnyway(ctx, assigns, each)
}

// rankAnyway is rank without the budget's limit (the work still counts).
func (a *analysis) rankAnyway(ctx context.Context, assigns [][]uint8, each func(c int, std *calc.Standings, st []status)) error {
	a.mu.Lock()
	a.spent += a.cost * int64(len(assigns))
	a.ranked += len(assigns)
	a.mu.Unlock()
	out := make([]*calc.Standings, len(assigns))
	errs := make([]error, len(assigns))
	parallel(len(assigns), func(i int) {
		if ctx.Err() != nil {
			errs[i] = ctx.Err()
			return
		}
		out[i], errs[i] = calc.Compute(a.event(assigns[i]), a.opt.Calc)
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	st := make([]status, len(a.base.Players))
	for c, std := range out {
		a.statuses(std, st)
		a.observe(assigns[c], st)
		if each != nil {
			each(c, std, st)
		}
	}
	return nil
}

// uniformCombination returns the combination in which every table ends in outcome o.
func (a *analysis) uniformCombination(o uint8) []uint8 {
	as := make([]uint8, len(a.tables))
	for t := range as {
		as[t] = o
	}
	return as
}

// uniform returns the standings of the three combinations in which every table ends alike
// (every Player 1 wins, every table drawn, every Player 2 wins), ranking them the first
// time, whatever the budget: they give every player's own keys under each of his results.
func (a *analysis) uniform(ctx context.Context) ([]*calc.Standings, error) {
	if a.uniformSt != nil && !slices.Contains(a.uniformSt, nil) {
		return a.uniformSt, nil
	}
	var assigns [][]uint8
	for o := range uint8(outcomes) {
		assigns = append(assigns, a.uniformCombination(o))
	}
	ranked := make([]*calc.Standings, len(assigns))
	err := a.rankAnyway(ctx, assigns, func(o int, std *calc.Standings, _ []status) { ranked[o] = std })
	if err != nil {
		return nil, err
	}
	a.uniformSt = ranked
	return ranked, nil
}

// parallel calls f(0) … f(n−1) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	var next int
	var mu sync.Mutex
	var g safego.Group // a panic reaches the caller's recover, not the end of the process
	for range workers {
		g.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	g.Wait()
}

// statuses returns every player's status in ranked standings (index by player; the zero
// status for players not in the cut race), counting only eligible players.
func (a *analysis) statuses(st *calc.Standings, out []status) {
	clear(out)
	rows := st.Rows
	above := 0
	for i := 0; i < len(rows); {
		j, n := i, 0
		for ; j < len(rows) && rows[j].Rank == rows[i].Rank; j++ {
			if a.eligible[rows[j].Player] {
				n++
			}
		}
		for k := i; k < j; k++ {
			if p := rows[k].Player; a.eligible[p] {
				out[p] = status{makes: above+n <= a.cut, misses: above >= a.cut, place: above + 1, atOrAbove: above + n}
			}
		}
		above += n
		i = j
	}
	// The primary key comes first in the order: rows are grouped by it too.
	above = 0
	for i := 0; i < len(rows); {
		j, n := i, 0
		for ; j < len(rows) && rows[j].Points.Cmp(rows[i].Points) == 0; j++ {
			if a.eligible[rows[j].Player] {
				n++
			}
		}
		for k := i; k < j; k++ {
			if p := rows[k].Player; a.eligible[p] {
				out[p].tiebreak = above < a.cut && above+n > a.cut
			}
		}
		above += n
		i = j
	}
}

// observe records what one ranked combination shows about every player of the round.
func (a *analysis) observe(assign []uint8, st []status) {
	for i := range a.rep.Players {
		pl := &a.rep.Players[i]
		if pl.Dropped {
			continue
		}
		a.seen[i][a.resultIn(pl.Player, assign)].add(st[pl.Player])
	}
}

// resultIn returns player p's result in a combination; a fixed result counts as Win (the
// three outcomes of a fixed result are one).
func (a *analysis) resultIn(p int, assign []uint8) Result {
	s := a.seats[p]
	if s.table < 0 {
		return Win
	}
	return resultOf(assign[s.table], s.side)
}

// pow3f returns 3ⁿ as a float (it counts combinations, which may not fit an int).
func pow3f(n int) float64 {
	f := 1.0
	for range n {
		f *= 3
	}
	return f
}
