package serve

import (
	"sync"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
)

// Snapshot is what one good save of the input gives the pages: its standings, division by
// division, and what they make of the round being played. It is published whole and never
// changed.
type Snapshot struct {
	// Divisions are the input's divisions (one for most inputs; Pokémon's Junior, Senior,
	// Masters), in the input's order.
	Divisions []Division
	// At is when the save was computed: the time the pages say they show.
	At time.Time
	// Season is the season's table the input's event counts in (serve --season), or nil.
	Season *season.Standings
}

// Division is one division's standings and round.
type Division struct {
	// Standings are the standings as `tbsheet standings` computes them.
	Standings *calc.Standings
	// Pairings are the round being played (pairings.Compute), nil when no round is.
	Pairings *pairings.Pairings
	// Scenarios analyse that round (scenario.Analyze), nil without a top cut or a round.
	Scenarios *scenario.Report
	// Bracket is the top cut as it stands (topcut.Read), nil before it begins.
	Bracket *topcut.Bracket
}

// state is what the pages show at one moment: a snapshot (nil before the first good save),
// whether a broken save has come since, and seq, which changes whenever either does (the
// live pages compare it). The words in each language and the pages rendered from it are
// kept with it and built once, on the first request that needs them.
type state struct {
	seq     uint64
	snap    *Snapshot
	editing bool

	once  sync.Once
	names [][]string // folded names by division and Event.Players index, for find me

	views sync.Map // language → *view
	pages sync.Map // page key → *cached
}

// view is a snapshot in one language's words.
type view struct {
	once      sync.Once
	divisions []divisionView
	season    *writer.SeasonScreen // nil without a season
	broken    bool                 // making it panicked
}

// divisionView is one division in words (the pages' templates read it), with where each
// player is in them.
type divisionView struct {
	Standings *writer.StandingsScreen
	Pairings  *writer.PairingsScreen  // nil when no round is being played
	Scenarios *writer.ScenariosScreen // nil without a top cut or a round
	Bracket   *writer.BracketScreen   // nil before the top cut
	// row and line map an Event.Players index to its row in Standings and its line in
	// Pairings.
	row, line map[int]int
}

// cached is a rendered page, kept for the state's other readers.
type cached struct {
	once sync.Once
	body []byte
	err  error
}

// view returns the snapshot in lang's words (opt gives the rest of the words' options).
func (st *state) view(lang string, opt writer.Options) *view {
	v, _ := st.views.LoadOrStore(lang, &view{})
	vw := v.(*view)
	vw.once.Do(func() {
		if st.snap == nil {
			return
		}
		vw.broken = true // stays if a screen panics (a bug): see below
		opt.Lang = lang
		for _, d := range st.snap.Divisions {
			dv := divisionView{Standings: writer.NewStandingsScreen(d.Standings, opt), row: map[int]int{}, line: map[int]int{}}
			for i, r := range dv.Standings.Rows {
				dv.row[r.Player] = i
			}
			if d.Pairings != nil {
				dv.Pairings = writer.NewPairingsScreen(d.Pairings, opt)
				for i, l := range dv.Pairings.Lines {
					dv.line[l.Player] = i
				}
			}
			if d.Scenarios != nil {
				dv.Scenarios = writer.NewScenariosScreen(d.Scenarios, opt)
			}
			if d.Bracket != nil {
				dv.Bracket = writer.NewBracketScreen(d.Bracket, opt)
			}
			vw.divisions = append(vw.divisions, dv)
		}
		if st.snap.Season != nil {
			vw.season = writer.NewSeasonScreen(st.snap.Season, opt)
		}
		vw.broken = false
	})
	if vw.broken {
		// A screen panicked making this view: forget it, so that no page shows it half
		// made, and fail this request too (guard answers 500); the next one tries again.
		st.views.CompareAndDelete(lang, vw)
		panic("serve: the pages of this save could not be made")
	}
	return vw
}

// folded returns every division's players' names folded for matching (tbsheet.FoldName).
func (st *state) folded() [][]string {
	st.once.Do(func() {
		if st.snap == nil {
			return
		}
		for _, d := range st.snap.Divisions {
			ps := d.Standings.Event.Players
			names := make([]string, len(ps))
			for i := range ps {
				names[i] = tbsheet.FoldName(ps[i].Name)
			}
			st.names = append(st.names, names)
		}
	})
	return st.names
}

// page returns the page of key rendered by render, rendering it once for every reader of
// this state.
func (st *state) page(key string, render func() ([]byte, error)) ([]byte, error) {
	c, _ := st.pages.LoadOrStore(key, &cached{})
	p := c.(*cached)
	p.once.Do(func() {
		p.err = errPanicked // stays if render panics (a bug): the page is not kept
		p.body, p.err = render()
	})
	return p.body, p.err
}

// hasBracket reports whether a division of the snapshot is playing, or has played, a top
// cut: the navigation then links its bracket.
func (st *state) hasBracket() bool {
	if st.snap == nil {
		return false
	}
	for _, d := range st.snap.Divisions {
		if d.Bracket != nil {
			return true
		}
	}
	return false
}
