package serve

import (
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
	"github.com/tbsheet/tbsheet/writer/seasontable"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
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
	names [][]nameKey // the names by division and Event.Players index, as find me compares them
	// blobs hold each division's compact names, each ended by a NUL, and starts where each
	// begins: one search of the blob finds the names that contain a text.
	blobs  []string
	starts [][]int
	// words are the compact names and words of names a search that found nobody is compared
	// with, each to the name it comes from (wordName).
	words    []string
	wordName map[string]string

	views sync.Map // language → *view
	pages sync.Map // page key → *cached
}

// view is a snapshot in one language's words.
type view struct {
	once      sync.Once
	divisions []divisionView
	season    *seasontable.Screen // nil without a season
	broken    bool                // making it panicked
}

// divisionView is one division in words (the pages' templates read it), with where each
// player is in them.
type divisionView struct {
	Standings *standingsheet.StandingsScreen
	Pairings  *roundsheet.PairingsScreen // nil when no round is being played
	Scenarios *scenariosheet.Screen      // nil without a top cut or a round
	Bracket   *roundsheet.BracketScreen  // nil before the top cut
	// Division is the division's name in a file of several (Pokémon's Masters), else "".
	Division string
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
			dv := divisionView{Standings: standingsheet.NewStandingsScreen(d.Standings, opt), row: map[int]int{}, line: map[int]int{}}
			if len(st.snap.Divisions) > 1 {
				dv.Division = tbsheet.Printable(d.Standings.Event.Pod)
			}
			for i, r := range dv.Standings.Rows {
				dv.row[r.Player] = i
			}
			if d.Pairings != nil {
				dv.Pairings = roundsheet.NewPairingsScreen(d.Pairings, opt)
				for i, l := range dv.Pairings.Lines {
					dv.line[l.Player] = i
				}
			}
			if d.Scenarios != nil {
				dv.Scenarios = scenariosheet.NewScreen(d.Scenarios, opt)
			}
			if d.Bracket != nil {
				dv.Bracket = roundsheet.NewBracketScreen(d.Bracket, opt)
			}
			vw.divisions = append(vw.divisions, dv)
		}
		if st.snap.Season != nil {
			vw.season = seasontable.NewScreen(st.snap.Season, opt)
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
func (st *state) folded() [][]nameKey {
	st.once.Do(func() {
		if st.snap == nil {
			return
		}
		for _, d := range st.snap.Divisions {
			ps := d.Standings.Event.Players
			names := make([]nameKey, len(ps))
			var blob strings.Builder
			starts := make([]int, len(ps))
			for i := range ps {
				f := tbsheet.FoldName(ps[i].Name)
				names[i] = nameKey{folded: f, compact: compactName(f)}
				st.addWords(ps[i].Name, append([]string{f}, strings.Fields(f)...))
				starts[i] = blob.Len()
				blob.WriteString(names[i].compact)
				blob.WriteByte(0)
			}
			st.names = append(st.names, names)
			st.blobs, st.starts = append(st.blobs, blob.String()), append(st.starts, starts)
		}
	})
	return st.names
}

// containing returns the players (Event.Players indexes, in order) of division d whose
// compact name contains the compact text c.
func (st *state) containing(d int, c string) []int {
	blob, starts := st.blobs[d], st.starts[d]
	var out []int
	for at := 0; ; {
		i := strings.Index(blob[at:], c)
		if i < 0 {
			return out
		}
		p, _ := slices.BinarySearch(starts, at+i+1) // the name after the one the match is in
		out = append(out, p-1)
		if p == len(starts) {
			return out
		}
		at = starts[p]
	}
}

// addWords records the compact forms of a name's words for suggestions, the first name
// each comes from keeping it.
func (st *state) addWords(name string, words []string) {
	if st.wordName == nil {
		st.wordName = map[string]string{}
	}
	for _, w := range words {
		if c := compactName(w); c != "" {
			if _, dup := st.wordName[c]; !dup {
				st.words = append(st.words, c)
				st.wordName[c] = name
			}
		}
	}
}

// nameKey is a name as find me compares it: folded (tbsheet.FoldName: case, accents and
// the width of CJK forms do not matter), and compact, its letters and digits alone (spaces,
// apostrophes and hyphens do not matter: "oneill" and "O’Neill" find O'Neill, 山田太郎 finds
// 山田 太郎).
type nameKey struct{ folded, compact string }

// compactName keeps the letters and digits of a folded name.
func compactName(folded string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, folded)
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
