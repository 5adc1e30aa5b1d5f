package calc

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// Options control a calculation. The zero value computes the event's own system (or mtg) over
// every round with the spec's defaults.
type Options struct {
	// System is the preset name or alias ("mtg", "kts", "chess", …). "" means the event's
	// own System, else "mtg".
	System string
	// Tiebreaks, when non-empty, replaces the preset's tiebreak order (ids).
	Tiebreaks []string
	// Show lists more ids to compute and show without changing the order; "all" means every id.
	Show []string
	// Points, when non-nil, replaces the preset's (and the event's) match points. System ids
	// (mtg-*, kts-*, pkm-*, cz-*) keep their own scoring (docs/tiebreakers.md#decisions-where-the-rules-are-silent).
	Points *tbsheet.Points
	// AfterRound computes the standings as they stood after that round; 0 means all rounds.
	AfterRound int
	// MTGFloor is the MWP/GWP floor: "" or "0.33" (MTR text, default) or "1/3".
	MTGFloor string
	// MTGBo1Bye is what a bye counts in GW% when every match of the event is best-of-one:
	// "" or "1-0" (as Melee counts it, default) or "2-0" (MTR text). Forfeits without games
	// follow it.
	MTGBo1Bye string
	// CZFloor is the Cryptozoic T1 per-opponent floor: "" or "-3" (default) or "none".
	CZFloor string
	// FIDERules selects FIDE's unplayed-round rules: "" or "2023" (default), or "2026".
	FIDERules string
	// NoExplain leaves Figure.Explain empty: Compute then only ranks, which on very large
	// events saves most of its time and memory. [Standings.Figure] and [Standings.Explain]
	// build any single explanation on demand either way, which is how the command line's
	// writers get them. The default (false) fills every figure's Explain.
	NoExplain bool
}

// Format says how a tiebreak's values are displayed.
type Format uint8

// Display formats.
const (
	// FormatInt shows an integer ("61").
	FormatInt Format = iota
	// FormatSigned shows an integer with its sign ("+1", "−3", "0").
	FormatSigned
	// FormatDecimal shows a decimal as short as exact, halves as "4.5" (chess, Challonge).
	FormatDecimal
	// FormatPercent shows a percentage with two decimals ("61.64%").
	FormatPercent
	// FormatKTS shows the 8-digit KTS number, XX zero-padded ("00722435").
	FormatKTS
)

// Def defines one tiebreak id.
type Def struct {
	// ID is the tiebreak id used on the command line and in JSON ("mtg-omw").
	ID string
	// Name is the full English name ("Opponents' match-win percentage").
	Name string
	// Short is the column header ("OMW%").
	Short string
	// Doc is a one-line definition, for `tbsheet tiebreaks`, header comments and legends.
	Doc string
	// Unverified, when non-empty, names the assumption (⚠ in the spec) this default rests on.
	Unverified string
	// Names is the name players read, in the catalogue (in English it is Name). Plain is a
	// one-line definition for players, with no formula, setting or rule reference: the wall
	// PDF's legend and `tbsheet explain` print it, where Doc and Unverified are for organizers.
	Names, Plain i18n.Note
	// Format is how values are displayed.
	Format Format
	// compute returns one Figure per player index (players outside the standings included,
	// so that opponents' figures can be read by index). Compute runs the compute functions
	// of independent tiebreaks concurrently: they must only read the Context and call Get.
	compute func(c *Context) []Figure
	// Group, when non-nil, makes the tiebreak a ranking-time key whose value depends on who
	// is tied (FIDE direct encounter, head-to-head): ranking calls it with each group of
	// players (indexes into Event.Players) still tied when the order reaches this key, and
	// compares the returned figures, one per member in the same order, higher first. The
	// figures mean something only inside that group. compute still gives every player a
	// figure for display and for Context.Get (each Def says over which group).
	Group func(c *Context, tied []int) []Figure
	// explain, when set, builds one player's explanation on demand. compute may then leave
	// Figure.Explain empty, so that ranking a large event builds no explanation it does not
	// print (see Options.NoExplain and Standings.Explain).
	explain func(c *Context, p int) Explanation
	// readsRecords says that compute, explain or Group read Crosstable.Records. Every other
	// tiebreak reads the players' rounds from the tally only, and Compute builds the records
	// (the largest table of a large event's ranking) only for a tiebreak that reads them
	// (Context.Get builds them first).
	readsRecords bool
}

// Figure is one player's value of one tiebreak, with its arithmetic.
type Figure struct {
	Value Value
	// Explain is filled by Compute unless Options.NoExplain is set; Standings.Explain
	// returns it either way.
	Explain Explanation
}

// Explanation is how a figure was obtained.
type Explanation struct {
	// Expr is the arithmetic; nil when the figure is not arithmetic (n/a, head-to-head).
	Expr *Expr
	// Note is shown after the arithmetic, or alone when Expr is nil ("only byes: n/a").
	Note i18n.Note
	// Terms names the opponent behind each term when the arithmetic adds up one term per
	// opponent (a mean or a sum over opponents), in the order Expr writes them; nil for other
	// arithmetic. Writers print "vs Carol 6/12, vs Dave 9/12" beside "(6/12 + 9/12) / 2" so
	// that a judge can follow the sum.
	Terms []OppTerm
}

// OppTerm is one opponent's term in an explanation: the opponent (an index into
// Event.Players) and the term as it appears in Explanation.Expr.
type OppTerm struct {
	Opp  int
	Expr *Expr
}

// Context is what a tiebreak function sees: the crosstable, the points in force, the options,
// and the other tiebreaks it depends on (computed once, on demand).
type Context struct {
	*Crosstable
	// Points are the configured match points (preset, event, or --points).
	Points tbsheet.Points
	// Options are the calculation's options.
	Options Options
	// RankBy is the primary key's id ("points" or "match-wins"); "" reads as "points".
	RankBy string

	mu    sync.Mutex
	memo  map[string]*onceValue // tiebreak id → figures
	cache map[string]*onceValue // shared intermediate results (see memoize)
}

// onceValue is a value computed once, however many goroutines ask for it.
type onceValue struct {
	once sync.Once
	v    any
}

// entry returns the onceValue stored under key in *m, creating it (and the map) if needed.
func (c *Context) entry(m *map[string]*onceValue, key string) *onceValue {
	c.mu.Lock()
	defer c.mu.Unlock()
	if *m == nil {
		*m = map[string]*onceValue{}
	}
	e, ok := (*m)[key]
	if !ok {
		e = &onceValue{}
		(*m)[key] = e
	}
	return e
}

// Get returns every player's figures for tiebreak id, computing them once. It is safe for
// concurrent use: goroutines asking for the same id wait for one computation.
func (c *Context) Get(id string) []Figure {
	d, ok := Lookup(id)
	if !ok {
		panic("calc: unknown tiebreak " + id) // ids inside calc are constants
	}
	if d.readsRecords {
		c.fillRecords()
	}
	e := c.entry(&c.memo, id)
	e.once.Do(func() { e.v = d.compute(c) })
	return e.v.([]Figure)
}

// Explain returns player p's explanation of tiebreak id: the figure's own, or the one the
// tiebreak builds on demand.
func (c *Context) Explain(id string, p int) Explanation {
	f := c.Get(id)[p]
	if f.Explain.Expr != nil || !f.Explain.Note.IsZero() {
		return f.Explain
	}
	if d, _ := Lookup(id); d.explain != nil {
		return d.explain(c, p)
	}
	return f.Explain
}

// memoize returns the value that f computes, computing it once per Context and key; it is
// how tiebreaks share intermediate tables (per-player counters, records in one system's
// scoring) without recomputing them.
func memoize[T any](c *Context, key string, f func() T) T {
	e := c.entry(&c.cache, key)
	e.once.Do(func() { e.v = f() })
	return e.v.(T)
}

var registry []*Def

// parsers define ids that are not registered one by one, such as FIDE's modifiers with any n
// ("fide-bh-c3", "fide-sb-m2"). Lookup tries them, in order, after the registry; each returns
// a fresh Def for an id it understands.
var parsers []func(id string) (*Def, bool)

// register adds a tiebreak definition; each system's file calls it from init.
func register(d *Def) {
	if _, dup := Lookup(d.ID); dup {
		panic("calc: tiebreak registered twice: " + d.ID)
	}
	attachPlayerText(d)
	registry = append(registry, d)
}

// Tiebreaks returns every tiebreak definition in the order of docs/tiebreakers.md#tiebreak-ids: points
// and match-wins, the chl-* ids, buchholz, progressive, opp-progressive, then mtg-*, kts-*,
// pkm-*, cz-* and fide-*; within a family, in registration order.
func Tiebreaks() []*Def {
	out := append([]*Def(nil), registry...)
	slices.SortStableFunc(out, func(a, b *Def) int { return family(a.ID) - family(b.ID) })
	return out
}

// family ranks an id's family for Tiebreaks.
func family(id string) int {
	switch {
	case id == "points" || id == "match-wins":
		return 0
	case strings.HasPrefix(id, "chl-"):
		return 1
	case id == "buchholz" || id == "progressive" || id == "opp-progressive":
		return 2
	}
	for i, prefix := range []string{"mtg-", "kts-", "pkm-", "cz-", "fide-"} {
		if strings.HasPrefix(id, prefix) {
			return 3 + i
		}
	}
	return 8
}

// Lookup returns the definition of a tiebreak id: a registered one, else one built by a
// parser for parameterized ids (FIDE's Cut-n and Median-n modifiers).
func Lookup(id string) (*Def, bool) {
	for _, d := range registry {
		if d.ID == id {
			return d, true
		}
	}
	for _, parse := range parsers {
		if d, ok := parse(id); ok {
			return d, true
		}
	}
	return nil, false
}

// System is a preset: a scoring, a primary ranking and a tiebreak order (docs/tiebreakers.md#presets).
type System struct {
	// Name is the preset's name ("yugioh"); Aliases are other accepted names ("kts"), listed
	// in the help; Spellings are more names organizers write for the game ("Yu-Gi-Oh!",
	// "遊戯王"), accepted but not listed.
	Name      string
	Aliases   []string
	Spellings []string
	// Title is the human name ("Yu-Gi-Oh! (KTS)").
	Title string
	// Points are the match points for win, draw, loss and bye.
	Points tbsheet.Points
	// RankBy is the primary key's id: "points" or "match-wins".
	RankBy string
	// Tiebreaks is the default tiebreak order.
	Tiebreaks []string
	// Show lists more ids the preset displays without ranking by them (yugioh shows the
	// kts-number its ranking amounts to).
	Show []string
	// Record is the order in which the system writes a player's record; the zero value is
	// W-L-D.
	Record RecordOrder
}

// RecordOrder is the order of a record's counts as a system writes it.
type RecordOrder uint8

// The record orders.
const (
	// RecordWLD is wins-losses-draws ("3-1-0"): Magic, Yu-Gi-Oh!, Cryptozoic.
	RecordWLD RecordOrder = iota
	// RecordWLT is wins-losses-ties: Pokémon and Challonge call a draw a tie.
	RecordWLT
	// RecordWDL is wins-draws-losses: chess.
	RecordWDL
)

// String returns the order's id, "wld", "wlt" or "wdl", which writers use to pick the
// record's header in a language.
func (o RecordOrder) String() string {
	switch o {
	case RecordWLT:
		return "wlt"
	case RecordWDL:
		return "wdl"
	}
	return "wld"
}

// Format writes wins, losses and draws in the order: "3-1-0" (W-L-D), "3-0-1" (W-D-L).
func (o RecordOrder) Format(wins, losses, draws int) string {
	w, l, d := strconv.Itoa(wins), strconv.Itoa(losses), strconv.Itoa(draws)
	if o == RecordWDL {
		return w + "-" + d + "-" + l
	}
	return w + "-" + l + "-" + d
}

// Standings is the result of a calculation: the ranked rows and everything needed to print
// them.
type Standings struct {
	// Event is the model the standings were computed from.
	Event *tbsheet.Event
	// System is the preset in force (after aliases and the event's default).
	System *System
	// Points are the match points in force.
	Points tbsheet.Points
	// RankBy is the primary key ("points" or "match-wins").
	RankBy *Def
	// Order is the tiebreak order used for ranking.
	Order []*Def
	// Columns are the tiebreaks computed and shown: Order, then the preset's Show
	// (kts-number for yugioh), then --show extras.
	Columns []*Def
	// Rounds are the Swiss round numbers counted.
	Rounds []int
	// Rows are the ranked players, best first. Disqualified players and players who never
	// played are not in it.
	Rows []Row
	// Unreported lists pairings without a result.
	Unreported []MatchRef
	// Notes are facts about the calculation for the organizer (a round left out, a tie that
	// only chance can break).
	Notes []i18n.Note
	// Final is true when Rows are the final standings after a top cut (see [Final]): players
	// in the cut come first, ordered by how far they went, and Rank is the final place.
	Final bool
	// Cut is the number of players in the top cut in standings [Final] made after the last
	// Swiss round of an event with playoff rounds, 0 otherwise. With Final false the cut is
	// being played: Rows keep the Swiss order and ranks, and mark the cut's players
	// (Row.Finish, Row.StillIn).
	Cut int
	// Swiss are the Swiss standings Final made these from, nil for Swiss standings: the
	// Swiss ranks the bracket is seeded by.
	Swiss *Standings

	ctx *Context // kept for Explain, ExplainKey and Check
}

// Row is one ranked player.
type Row struct {
	// Rank is the shared rank: players equal on every key have the same rank (1, 2, 2, 4).
	Rank int
	// Player indexes Event.Players.
	Player int
	// Points are the player's points under Standings.Points (or match wins for RankBy
	// "match-wins").
	Points exact.Num
	// Wins, Losses and Draws count the rounds by the points they earn: Wins include byes
	// and forfeit wins, Draws intentional draws and half-point byes, Losses forfeit and
	// double losses, zero-point byes and losses with no opponent. Byes counts byes of every
	// kind (full, half, zero), which are also in Wins, Draws or Losses.
	Wins, Losses, Draws, Byes int
	// DroppedAfter is the round after which the player dropped, or 0.
	DroppedAfter int
	// Figures holds one figure per Standings.Columns entry.
	Figures []Figure
	// Note is shown beside the row: how far the player went in the top cut, and whom he is
	// tied with on every key.
	Note i18n.Note
	// Finish is, in standings with a top cut (Standings.Cut), how far a player of the cut
	// went: 1 for the winner, 2 for the finalists, 4 for the semi-finalists, 8 for the
	// quarter-finalists, then 16, 32 …; 0 outside the cut and in Swiss standings. StillIn
	// marks, while the cut is played, a player who has not lost; Finish is then the field of
	// the round he is in.
	Finish  int
	StillIn bool
}
