package serve

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
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
	// Standing says which standings Rank, Points and Record come from, under their headers.
	Standing, Rank, Points, Record string
	PointsHead, RecordHead         string
}

// findPage answers / and /?q=NAME: every player whose name contains what was typed, without
// regard to case, accents or the width of CJK forms (tbsheet.FoldName, as explain
// --player), the exact name first, then the names with a word that starts with it, then
// the others that contain it, then those that contain it when spaces are left out, then
// those that contain each of its words, in any order.
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
	cq := strings.ReplaceAll(fq, " ", "")
	words := strings.Fields(fq)
	vw := st.view(p.Lang, s.cfg.Writer)
	type hit struct{ score, division, row int }
	var hits []hit
	for d, names := range st.folded() {
		for i, line := range vw.divisions[d].Standings.Rows {
			name := names[line.Player]
			switch {
			case fq == "":
			case name == fq:
				hits = append(hits, hit{0, d, i})
			case strings.HasPrefix(name, fq) || strings.Contains(name, " "+fq):
				hits = append(hits, hit{1, d, i})
			case strings.Contains(name, fq):
				hits = append(hits, hit{2, d, i})
			case strings.Contains(strings.ReplaceAll(name, " ", ""), cq):
				// 田中太郎 finds 田中 太郎: whether a space parts the family and given names
				// depends on who typed them.
				hits = append(hits, hit{3, d, i})
			case len(words) > 1 && !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(name, w) }):
				// Anna Fischer finds "Fischer, Anna" (a chess file's order): every word
				// typed, in any order.
				hits = append(hits, hit{4, d, i})
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.score - b.score })
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
	f.Against, f.OppPoints, f.Colour = pl.Against, pl.OpponentPoints, pl.Colour
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
