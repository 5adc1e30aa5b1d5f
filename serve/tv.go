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
	// Event and Title head the page ("Round 5 pairings — by name"); Page is "2 / 7".
	Event, Title, Page string
	Head               []writer.Heading
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
	Rows     [][]writer.Cell
	CutAfter int
}

// tvList is a list cut into the TV's pages.
type tvList struct {
	event, title string
	head         []writer.Heading
	rows         [][]writer.Cell
	cut          int // rows above the top-cut line, 0 for none
	cutLabel     string
	columns      int // side by side on a page
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
				l := tvList{event: ps.Event, title: ps.Title + " — " + ps.ByName, head: ps.NameHead, columns: 2}
				for _, line := range ps.Lines {
					l.rows = append(l.rows, line.Cells)
				}
				out = append(out, l)
			}
			continue
		}
		ss := d.Standings
		l := tvList{event: ss.Event, title: ss.Title, head: ss.Head, cut: ss.Cut, cutLabel: ss.CutLabel, columns: 1}
		for _, line := range ss.Rows {
			l.rows = append(l.rows, line.Cells)
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
		body.Event, body.Title, body.Head, body.CutLabel = l.event, l.title, l.head, l.cutLabel
		if pg.of > 1 {
			body.Page = strconv.Itoa(pg.n) + " / " + strconv.Itoa(pg.of)
		}
		for c := range l.columns {
			from := min(pg.first+c*rows, len(l.rows))
			to := min(from+rows, len(l.rows))
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
