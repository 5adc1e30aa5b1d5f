package calc

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/safego"
)

// Compute ranks ev's players. It resolves, in this order of precedence:
//
//   - the system: opt.System, else ev.System, else "mtg";
//   - the points: opt.Points, else ev.Points, else the preset's (system ids keep their own
//     scoring whatever the points: docs/tiebreakers.md#decisions-where-the-rules-are-silent);
//   - the tiebreak order: opt.Tiebreaks, else ev.Tiebreaks when the system is the event's
//     own (a Challonge dump's tie_breaks), else ev.DeclaredTiebreaks under the same condition
//     when tbsheet computes every code (a TRF 202 record), else the preset's; a note says
//     which order a declaration gave way to, or why it was not followed;
//   - the columns: the order, then the preset's Show, then opt.Show ("all" = every id).
//
// Players are ranked by the primary key (points, or match wins for cryptozoic), then by each
// tiebreak of the order, every comparison exact. Players equal on every key share a rank
// (1, 2, 2, 4) and are listed by name (then by their order in the input): tbsheet never
// invents an order. Disqualified players and players who never played a counted round are
// left out of Rows; their matches still count for their opponents.
//
// An unknown system or tiebreak id, or a malformed setting, returns a *UsageError
// (errors.Is(err, ErrUsage)), unless the event itself names it (a workbook's Event sheet):
// that is a *tbsheet.Error at Event.SystemPos or TiebreaksPos, wrapping tbsheet.ErrValue. An
// event whose matches are inconsistent returns the tbsheet.ErrorList of Event.Validate.
func Compute(ev *tbsheet.Event, opt Options) (*Standings, error) {
	if ev == nil {
		return nil, usagef("no event")
	}
	if len(ev.Pods) > 0 {
		var pods []string
		for _, p := range ev.Pods {
			pods = append(pods, p.Pod)
		}
		return nil, usagef("%s holds %d separate pods (%s): choose one", ev.Source, len(ev.Pods), strings.Join(pods, ", "))
	}
	sys, order, columns, notes, err := resolve(ev, opt)
	if err != nil {
		return nil, err
	}
	if err := checkCuts(ev, order, opt); err != nil {
		return nil, err
	}
	if opt.FIDERules == "" && len(opt.Tiebreaks) == 0 && len(ev.Tiebreaks) == 0 {
		// A declared order whose codes name FIDE's rule set (/V1, /V2) ranks by it, unless
		// --fide-rules says otherwise.
		if _, rules, err := FIDETiebreakRules(ev.DeclaredTiebreaks); err == nil {
			opt.FIDERules = rules
		}
	}
	if err := checkMatches(ev); err != nil {
		return nil, err
	}
	st := &Standings{Event: ev, System: sys, Points: sys.Points}
	if ev.Points != nil {
		st.Points = *ev.Points
	}
	if opt.Points != nil {
		st.Points = *opt.Points
	}
	ct := newCrosstable(ev, opt.AfterRound) // the records are built if a tiebreak reads them (Context.Get)
	c := &Context{Crosstable: ct, Points: st.Points, Options: opt, RankBy: sys.RankBy}
	st.ctx = c
	st.RankBy, _ = Lookup(sys.RankBy)
	st.Order, st.Columns = order, columns
	st.Rounds, st.Unreported = ct.Rounds, ct.Unreported
	st.Notes = append(append(st.Notes, notes...), ct.Notes...)

	keys := append([]*Def{st.RankBy}, order...)
	computeAll(c, append(slices.Clone(keys), columns...))
	rank(st, keys)
	if !opt.NoExplain {
		explainAll(st)
	}
	st.Notes = append(st.Notes, columnNotes(st)...)
	return st, nil
}

// CheckSettings returns the problem Compute would find in a setting the event makes itself
// (a workbook's Event sheet naming an unknown system or tiebreak), at its place, or nil. A reader that finds other problems in a file returns the event it read with
// them: the command line adds this one, so that one run shows every problem of the file.
// The problems of opt's own settings are Compute's to report.
func CheckSettings(ev *tbsheet.Event, opt Options) *tbsheet.Error {
	_, _, _, _, err := resolve(ev, opt)
	var e *tbsheet.Error
	errors.As(err, &e)
	return e
}

// resolve picks the system, the order and the columns (see Compute), with the notes on a
// declared order.
func resolve(ev *tbsheet.Event, opt Options) (sys *System, order, columns []*Def, notes []i18n.Note, err error) {
	name := opt.System
	if name == "" {
		name = ev.System
	}
	if name == "" {
		name = DefaultSystem
	}
	sys, ok := LookupSystem(name)
	if !ok {
		err := unknownName("system", name, systemNames())
		if opt.System == "" {
			err = inputSetting(ev, ev.SystemPos, "System", err)
		}
		return nil, nil, nil, nil, err
	}
	if _, ok := Lookup(sys.RankBy); !ok {
		return nil, nil, nil, nil, fmt.Errorf("calc: system %s ranks by unregistered %q", sys.Name, sys.RankBy)
	}
	ids, fromEvent := sys.Tiebreaks, false
	own, ok := LookupSystem(ev.System)
	eventsOwn := ok && own == sys
	switch {
	case eventsOwn && len(ev.Tiebreaks) > 0:
		ids, fromEvent = ev.Tiebreaks, true
	case eventsOwn && ev.DeclaredTiebreaks != "" && len(opt.Tiebreaks) == 0:
		var note i18n.Note
		ids, note = declaredOrder(ev, sys)
		notes = append(notes, note)
	case eventsOwn && ev.DeclaredTiebreaks != "":
		notes = append(notes, i18n.N("note.declared-overridden", ev.DeclaredTiebreaks))
	}
	if len(opt.Tiebreaks) > 0 {
		ids, fromEvent = opt.Tiebreaks, false
	}
	if order, err = lookupAll(ids, false); err != nil {
		if fromEvent {
			err = inputSetting(ev, ev.TiebreaksPos, "Tiebreaks", err)
		}
		return nil, nil, nil, nil, err
	}
	extra, err := lookupAll(append(slices.Clone(sys.Show), opt.Show...), true)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	columns = slices.Clone(order)
	for _, d := range extra {
		if indexOf(columns, d.ID) < 0 {
			columns = append(columns, d)
		}
	}
	if _, _, err := mtgFloor(opt); err != nil {
		return nil, nil, nil, nil, err
	}
	if _, err := mtgBo1Bye(opt); err != nil {
		return nil, nil, nil, nil, err
	}
	if _, _, err := czFloor(opt); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := CheckFIDERules(opt.FIDERules); err != nil {
		return nil, nil, nil, nil, usagef("--fide-rules: %v", err)
	}
	if opt.AfterRound < 0 {
		return nil, nil, nil, nil, usagef("--after-round %d: a round number is 1 or more", opt.AfterRound)
	}
	if last := lastSwissRound(ev); opt.AfterRound > last {
		return nil, nil, nil, nil, usagef("--after-round %d: %s has %d Swiss rounds", opt.AfterRound, ev.Source, last)
	}
	return sys, order, columns, notes, nil
}

// declaredOrder returns the order an event declares in FIDE's notation, with the note that
// says so, or the preset's order and the note that says which code tbsheet cannot follow.
func declaredOrder(ev *tbsheet.Event, sys *System) ([]string, i18n.Note) {
	ids, err := FIDETiebreaks(ev.DeclaredTiebreaks)
	if err == nil {
		return ids, i18n.N("note.declared", shortNames(ids))
	}
	at := ev.DeclaredTiebreaksPos
	if at.File == "" {
		at.File = ev.Source
	}
	why := i18n.N("text", err.Error())
	var code *FIDECodeError
	if errors.As(err, &code) {
		why = code.Why
		if at.Col > 0 {
			at.Col += code.Offset
		}
	}
	return sys.Tiebreaks, i18n.N("note.declared-not-followed", at.String(), ev.DeclaredTiebreaks, why, sys.Name, shortNames(sys.Tiebreaks))
}

// shortNames lists tiebreaks by their short names ("BH-C1, BH, SB"), "none" for none.
func shortNames(ids []string) i18n.Note {
	if len(ids) == 0 {
		return i18n.N("x.none")
	}
	var names []string
	for _, id := range ids {
		if d, ok := Lookup(id); ok {
			names = append(names, d.Short)
		}
	}
	return i18n.N("text", strings.Join(names, ", "))
}

// lookupAll resolves tiebreak ids (trimmed, case-insensitive); with all, "all" stands for
// every registered id. Each id is kept once.
func lookupAll(ids []string, all bool) ([]*Def, error) {
	var out []*Def
	for _, id := range ids {
		id = strings.ToLower(strings.TrimSpace(id))
		var defs []*Def
		switch d, ok := Lookup(id); {
		case ok:
			defs = []*Def{d}
		case all && id == "all":
			defs = Tiebreaks()
		default:
			var valid []string
			for _, d := range Tiebreaks() {
				valid = append(valid, d.ID)
			}
			if all {
				valid = append(valid, "all")
			}
			return nil, unknownName("tiebreak", id, valid)
		}
		for _, d := range defs {
			if indexOf(out, d.ID) < 0 {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// checkMatches makes sure every match names registered players, once per round, so that the
// crosstable can be built; otherwise it returns Event.Validate's list. It is a fast check
// (no maps): readers validate properly, Compute only refuses to rank garbage.
func checkMatches(ev *tbsheet.Event) error {
	seen := make([]int, len(ev.Players)) // round index + 1 in which the player was last seen
	bad := false
	for ri, r := range ev.Rounds {
		for _, m := range r.Matches {
			for _, p := range [2]int{m.P1, m.P2} {
				if p == tbsheet.NoPlayer && p == m.P2 {
					continue
				}
				if p < 0 || p >= len(ev.Players) || seen[p] == ri+1 {
					bad = true
					continue
				}
				seen[p] = ri + 1
			}
			if m.Result.Solo() != (m.P2 == tbsheet.NoPlayer) || m.Result > tbsheet.LossNoOpponent {
				bad = true
			}
		}
	}
	if !bad {
		return nil
	}
	if errs := ev.Validate(); len(errs) > 0 {
		return errs
	}
	return fmt.Errorf("%s: the matches are inconsistent (a result that is not a match result)", ev.Source)
}

// computeAll computes the figures of every def, independent tiebreaks concurrently (Get
// makes each one wait for the tiebreaks it needs). A panic in a tiebreak is re-raised here.
func computeAll(c *Context, defs []*Def) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var crash any
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, d := range defs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					crash = r
					mu.Unlock()
				}
				<-sem
				wg.Done()
			}()
			c.Get(d.ID)
		}()
	}
	wg.Wait()
	if crash != nil {
		panic(crash)
	}
}

// explainAll fills Figure.Explain of every row, in parallel over rows.
func explainAll(st *Standings) {
	workers := runtime.GOMAXPROCS(0)
	chunk := (len(st.Rows) + workers - 1) / workers
	var g safego.Group // a panic reaches the caller's recover, not the end of the process
	for lo := 0; lo < len(st.Rows); lo += chunk {
		hi := min(lo+chunk, len(st.Rows))
		g.Go(func() {
			for i := lo; i < hi; i++ {
				for j := range st.Columns {
					st.Rows[i].Figures[j].Explain = st.Explain(i, j)
				}
			}
		})
	}
	g.Wait()
}

// Explain returns the explanation of Rows[row].Figures[col]: the one Compute filled in, or,
// with Options.NoExplain, one built now. It is safe for concurrent use.
func (st *Standings) Explain(row, col int) Explanation {
	return st.Figure(&st.Rows[row], col).Explain
}

// Figure returns r.Figures[col] (r one of Rows) with its explanation: the one Compute filled
// in, or, with Options.NoExplain, one built now. Writers that write explanations read them
// here, so that standings computed with NoExplain build each explanation only when it is
// written, and never hold them all. It is safe for concurrent use.
func (st *Standings) Figure(r *Row, col int) Figure {
	f := r.Figures[col]
	if f.Explain.Expr != nil || !f.Explain.Note.IsZero() || st.ctx == nil {
		return f
	}
	if d := st.Columns[col]; d.explain != nil {
		f.Explain = d.explain(st.ctx, r.Player)
	}
	return f
}

// ExplainKey returns the figure and explanation of any registered tiebreak id for
// Rows[row], shown or not ("points" for the primary key, "kts-number" beside a yugioh
// order). ok is false for an unknown id. A group-dependent key (pkm-h2h) outside the order
// has no value.
func (st *Standings) ExplainKey(row int, id string) (f Figure, ok bool) {
	d, ok := Lookup(id)
	if !ok || st.ctx == nil {
		return Figure{}, false
	}
	if col := indexOf(st.Columns, d.ID); col >= 0 {
		f = st.Rows[row].Figures[col]
		f.Explain = st.Explain(row, col)
		return f, true
	}
	p := st.Rows[row].Player
	f = st.ctx.Get(id)[p]
	f.Explain = st.ctx.Explain(id, p)
	return f, true
}

// columnNotes are notes about whole columns: MTG game keys counting byes 1-0 in a best-of-one
// event, point scores missing for chl-points-*. A note names a column by its header, which
// players read, never by its id.
func columnNotes(st *Standings) []i18n.Note {
	var notes []i18n.Note
	if slices.ContainsFunc(st.Columns, func(d *Def) bool { return d.ID == "mtg-gwp" || d.ID == "mtg-ogw" }) {
		if n := bo1Note(st.ctx); !n.IsZero() {
			notes = append(notes, n)
		}
		if mtgOf(st.ctx).noGames {
			notes = append(notes, noGameScores)
		}
	}
	for _, d := range st.Columns {
		if d.ID != "chl-points-scored" && d.ID != "chl-points-diff" {
			continue
		}
		found := false
		for p := range st.Event.Players {
			if len(scores(st.ctx, p)) > 0 {
				found = true
				break
			}
		}
		if !found {
			notes = append(notes, i18n.N("note.no-scores", d.Short))
		}
	}
	return notes
}

// indexOf returns the index of the definition of id in defs, or −1. Definitions are compared
// by id: Lookup may build a fresh Def for a parameterized id each time it is asked.
func indexOf(defs []*Def, id string) int {
	return slices.IndexFunc(defs, func(d *Def) bool { return d.ID == id })
}

// lastSwissRound is the number of the event's last Swiss round (0 before round 1).
func lastSwissRound(ev *tbsheet.Event) int {
	last := 0
	for _, r := range ev.Rounds {
		if !r.Playoff {
			last = max(last, r.Number)
		}
	}
	return last
}
