package serve

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/tbsheet/tbsheet/writer"
)

// The TV page: a screen across the room, in large type, paging by itself through a list too
// long for one screen. While a round is being played it shows the pairings by name (where
// players look for their table), else the standings; ?show=pairings or ?show=standings
// keeps to one. Each page of the list is its own URL (/tv?page=2), and a meta refresh
// moves on to the next every tvDwell seconds, so the TV pages through the list with or
// without JavaScript; the live script swaps in a new save's list between two turns.

// tvDwell is how long, in seconds, a TV page stays before the next.
const tvDwell = 10

// tvRows are how many rows a TV page's column can hold, the type sized to the screen's
// height: 16 by default, type read from across a room; ?rows=N chooses another (the
// nearest of these), for a smaller room or a longer list. The style sheet has a size for
// each.
var tvRows = []int{12, 16, 20, 24, 30}

// defaultTVRows is the default of tvRows.
const defaultTVRows = 16

// tvBody is one TV page.
type tvBody struct {
	// Event and Title head the page ("Round 5 pairings — by name"); Division, in a file of
	// several, names the one shown, as large as the title (players look for theirs); Page is
	// "2 / 7".
	Event, Title, Division, Page string
	Head                         []writer.Heading
	// Columns are the page's columns side by side.
	Columns []tvColumn
	// CutLabel names the top-cut line ("Top 8").
	CutLabel string
	// Rows is the number of rows a column holds, for the type's size.
	Rows int
}

// tvColumn is one column of rows; CutAfter is the row under which the top-cut line is
// drawn, -1 for none.
type tvColumn struct {
	Rows     []tvRow
	CutAfter int
}

// tvRow is one row of a TV list: its cells, and for the standings what follows the name
// ("drop R3") and whether the player dropped (the row is greyed, as on the wall).
type tvRow struct {
	Cells   []writer.Cell
	Mark    string
	Dropped bool
}

// tvList is a list cut into the TV's pages.
type tvList struct {
	event, title, division string
	head                   []writer.Heading
	rows                   []tvRow
	cut                    int // rows above the top-cut line, 0 for none
	cutLabel               string
	columns                int // side by side on a page
}

// tvLists returns what the TV shows of a view: the pairings by name of each division
// playing a round, or the standings of each (show chooses, "" as above).
func tvLists(vw *view, show string) []tvList {
	pairings := show == "pairings"
	if show == "" {
		for _, d := range vw.divisions {
			pairings = pairings || d.Pairings != nil
		}
	}
	var out []tvList
	for _, d := range vw.divisions {
		if pairings {
			if ps := d.Pairings; ps != nil {
				l := tvList{event: ps.Event, title: ps.Title + " — " + ps.ByName, division: d.Division, head: ps.NameHead, columns: 2}
				for _, line := range ps.Lines {
					l.rows = append(l.rows, tvRow{Cells: line.Cells})
				}
				out = append(out, l)
			}
			continue
		}
		ss := d.Standings
		l := tvList{event: ss.Event, title: ss.Title, division: d.Division, head: ss.Head, cut: ss.Cut, cutLabel: ss.CutLabel, columns: 1}
		for _, line := range ss.Rows {
			l.rows = append(l.rows, tvRow{Cells: line.Cells, Mark: line.Mark, Dropped: line.Dropped})
		}
		out = append(out, l)
	}
	return out
}

// tvPage answers /tv?page=N: the Nth page of the lists, counting round (after the last
// page comes the first).
func (s *Server) tvPage(w http.ResponseWriter, r *http.Request) {
	st := s.cur.Load()
	p := s.newPage(r, st, "/tv")
	p.TV = true
	q := r.URL.Query()
	show := q.Get("show")
	if show != "pairings" && show != "standings" {
		show = ""
	}
	rows := defaultTVRows
	if n, err := strconv.Atoi(q.Get("rows")); err == nil {
		for _, r := range tvRows {
			if abs(n-r) < abs(n-rows) {
				rows = r
			}
		}
	}
	type tvPageOf struct {
		list  *tvList
		first int // row
		n, of int // this page of the list's
	}
	var pages []tvPageOf
	lists := tvLists(st.view(p.Lang, s.cfg.Writer), show)
	for i := range lists {
		l := &lists[i]
		per := rows * l.columns
		of := max(1, (len(l.rows)+per-1)/per)
		for k := range of {
			pages = append(pages, tvPageOf{l, k * per, k + 1, of})
		}
	}
	n, _ := strconv.Atoi(q.Get("page"))
	if len(pages) > 0 {
		n = (n%len(pages) + len(pages)) % len(pages)
	} else {
		n = 0
	}
	here := url.Values{}
	if n > 0 {
		here.Set("page", strconv.Itoa(n))
	}
	here.Set("show", show)
	if rows != defaultTVRows {
		here.Set("rows", strconv.Itoa(rows))
	}
	p.carry("/tv", here)
	next := url.Values{}
	next.Set("page", strconv.Itoa(n+1))
	if show != "" {
		next.Set("show", show)
	}
	if rows != defaultTVRows {
		next.Set("rows", strconv.Itoa(rows))
	}
	if len(pages) > 1 {
		p.Refresh = strconv.Itoa(tvDwell) + ";url=" + p.href("/tv", next)
	}
	body := &tvBody{Rows: rows}
	if len(pages) > 0 {
		pg := pages[n]
		l := pg.list
		body.Event, body.Title, body.Division, body.Head, body.CutLabel = l.event, l.title, l.division, l.head, l.cutLabel
		if pg.of > 1 {
			body.Page = strconv.Itoa(pg.n) + " / " + strconv.Itoa(pg.of)
		}
		// The page's rows shared out evenly between its columns: a last page of 23 rows is
		// 12 and 11 side by side, not 16 and 7.
		onPage := min(rows*l.columns, len(l.rows)-pg.first)
		per := (onPage + l.columns - 1) / l.columns
		for c := range l.columns {
			from := min(pg.first+c*per, pg.first+onPage)
			to := min(from+per, pg.first+onPage)
			if from == to {
				break
			}
			col := tvColumn{Rows: l.rows[from:to], CutAfter: -1}
			if l.cut > from && l.cut <= to {
				col.CutAfter = l.cut - 1 - from
			}
			body.Columns = append(body.Columns, col)
		}
	}
	p.Body = body
	key := "tv " + strconv.Itoa(n) + " " + show + " " + strconv.Itoa(rows)
	s.render(w, r, st, "tv", key, p, http.StatusOK)
}

func abs(n int) int { return max(n, -n) }
