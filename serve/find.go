package serve

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// maxQuery is the most characters of a search that are read.
const maxQuery = 100

// maxFound is the most players a search lists; a count stands for the others.
const maxFound = 20

// findBody is the find-me page: the search, and each player it finds.
type findBody struct {
	Query string
	Found []found
	// More counts the players found beyond maxFound; NoMatch says that the search found
	// nobody.
	More    int
	NoMatch bool
	// Suggest is, when the search found nobody, the name closest to what was typed (a
	// letter off), and SuggestHref the search for it.
	Suggest, SuggestHref string
}

// found is one player a search found: this round (his table and opponent) and where he
// stands.
type found struct {
	// Event names his division when the input has several.
	Event      string
	Name, Mark string
	// Round is "Round 3: Table" while a round is being played, "" otherwise; then Table, Against
	// (his opponent, or what he has instead: a bye, "see the judge"), OppPoints and Colour.
	// A player without an opponent has Round "Round 3", no Table.
	Round, Table, Against, OppPoints, Colour string
	// AgainstName is true when Against is a player's name.
	AgainstName bool
	// Result is his result this round, from his side, once it is entered.
	Result string
	// Standing says which standings Rank, Points and Record come from, under their headers.
	Standing, Rank, Points, Record string
	PointsHead, RecordHead         string
}

// findPage answers / and /?q=NAME: every player whose name contains what was typed (see
// matchScore); when it finds nobody, the closest name.
func (s *Server) findPage(w http.ResponseWriter, r *http.Request) {
	st := s.cur.Load()
	p := s.newPage(r, st, "/")
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if utf8.RuneCountInString(q) > maxQuery {
		q = string([]rune(q)[:maxQuery])
	}
	// What was typed is shown back as names are: no control or bidirectional character
	// (a link shared with ?q=%E2%80%AE… turns nobody's page around).
	body := &findBody{Query: tbsheet.Printable(q)}
	p.Body = body
	p.carry("/", url.Values{"q": {q}})
	if q == "" {
		s.render(w, r, st, "find", "find", p, http.StatusOK)
		return
	}
	if st.snap == nil {
		s.render(w, r, st, "find", "", p, http.StatusOK) // the search shown back is this reader's
		return
	}
	fq := tbsheet.FoldName(q)
	cq := compactName(fq)
	words := strings.Fields(fq)
	vw := st.view(p.Lang, s.cfg.Writer)
	type hit struct{ score, division, row int }
	var hits []hit
	st.folded()
	// The names that can match contain the search's first word, spaces and punctuation
	// left out: one search of the division's names finds them.
	first := cq
	if len(words) > 1 {
		first = compactName(words[0])
	}
	for d := range st.names {
		if first == "" {
			break
		}
		dv := &vw.divisions[d]
		for _, pl := range st.containing(d, first) {
			row, ok := dv.row[pl]
			if !ok {
				continue // not ranked: never played, or disqualified
			}
			if score := matchScore(st.names[d][pl], fq, cq, words); score >= 0 {
				hits = append(hits, hit{score, d, row})
			}
		}
	}
	if len(hits) == 0 {
		if body.Suggest = tbsheet.Printable(closestName(st, cq)); body.Suggest != "" {
			body.SuggestHref = p.href("/", url.Values{"q": {body.Suggest}})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.score != b.score {
			return a.score - b.score
		}
		if a.division != b.division {
			return a.division - b.division
		}
		return a.row - b.row
	})
	body.NoMatch = len(hits) == 0
	if len(hits) > maxFound {
		body.More = len(hits) - maxFound
		hits = hits[:maxFound]
	}
	for _, h := range hits {
		body.Found = append(body.Found, s.found(p, vw, h.division, h.row))
	}
	// A search is rendered for its reader alone: it is not kept.
	s.render(w, r, st, "find", "", p, http.StatusOK)
}

// found describes the player of a division's standings row.
func (s *Server) found(p *page, vw *view, division, row int) found {
	dv := &vw.divisions[division]
	sl := dv.Standings.Rows[row]
	f := found{Name: sl.Name, Mark: sl.Mark, Standing: dv.Standings.Title, Rank: sl.Rank, Points: sl.Points,
		Record: sl.Record, PointsHead: dv.Standings.PointsHead, RecordHead: dv.Standings.RecordHead}
	if len(vw.divisions) > 1 {
		f.Event = dv.Standings.Event
	}
	if dv.Pairings == nil {
		return f
	}
	i, ok := dv.line[sl.Player]
	if !ok {
		return f // not in the round: dropped
	}
	pl := dv.Pairings.Lines[i]
	f.Against, f.OppPoints, f.Colour, f.Result = pl.Against, pl.OpponentPoints, pl.Colour, pl.Result
	f.AgainstName = pl.Opponent != tbsheet.NoPlayer
	if !f.AgainstName { // a bye, a loss without opponent: no table to go to
		f.Round = dv.Pairings.RoundName
		return f
	}
	f.Round, f.Table = p.F("web.round-table", dv.Pairings.RoundName), pl.Table
	if pl.Mark != "" {
		f.Mark = strings.TrimSpace(f.Mark + " (" + pl.Mark + ")")
	}
	return f
}

// matchScore says how well a name matches a search, folded (fq), compact (cq) and in words;
// −1 for no match. Case, accents and the width of CJK forms do not matter (tbsheet.FoldName,
// as explain --player), nor spaces, apostrophes and hyphens ("oneill", "O’Neill"). The exact
// name is 0, a name with a word that starts with the search 1, a name that contains it 2,
// one that contains it once spaces and punctuation are left out 3, one that contains each of
// its words in any order 4 ("Anna Fischer" finds "Fischer, Anna").
func matchScore(name nameKey, fq, cq string, words []string) int {
	switch {
	case fq == "":
		return -1
	case name.folded == fq || cq != "" && name.compact == cq:
		return 0
	case strings.HasPrefix(name.folded, fq) || strings.Contains(name.folded, " "+fq):
		return 1
	case strings.Contains(name.folded, fq):
		return 2
	case cq != "" && strings.Contains(name.compact, cq):
		return 3
	case len(words) > 1 && !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(name.folded, w) }):
		return 4
	}
	return -1
}

// closestName is the name nearest to what was typed (compact), compared with whole names
// and with each of their words, one letter off (two for a longer search); "" for none.
func closestName(st *state, cq string) string {
	if cq == "" {
		return ""
	}
	st.folded() // the words are gathered with the names
	return st.wordName[suggest.Closest(cq, st.words, min(2, max(1, utf8.RuneCountInString(cq)/5)), nil)]
}
