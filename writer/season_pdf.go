package writer

import (
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/season"
)

// The season's wall page: the standings PDF's paper, fonts, header, footer and pagination,
// with one row per player (rank, name, points, events played, then his points in each
// event by its number, grey in brackets when not counted), then the events by number, the
// rules and the ties.

// WriteSeasonPDF writes a season's table as a wall PDF in the language, paper and fonts
// opt asks for; opt.Cut draws a line under that many players.
func WriteSeasonPDF(w io.Writer, s *season.Standings, opt Options) error {
	d, err := newPDF(nil, opt)
	if err != nil {
		return err
	}
	sw := seasonWords{s, opt.Lang}
	fs := d.fonts
	d.name = sw.title()
	title := strings.TrimSpace(s.Name)
	if title == "" {
		title = sw.l("season.title")
	}
	d.title = fs.shape(tbsheet.Printable(title), style{bold: true, pt: titlePt}, "the season's name")
	d.meta = fs.shape(seasonDates(s), style{pt: metaPt, gray: grayMeta}, "the dates")
	subtitle := sw.l("season.title")
	if strings.TrimSpace(s.Name) == "" {
		subtitle = sw.f("season.events", len(s.Events))
	}
	d.subtitle = fs.shape(subtitle, style{bold: true, pt: subPt}, "the title")
	d.footing("")
	d.seasonTable(sw)
	d.seasonLegend(sw)
	d.orient()
	return d.render(w)
}

// seasonDates is the line beside the subtitle: the first and the last event's dates, when
// the events have them.
func seasonDates(s *season.Standings) string {
	var dates []string
	for _, ev := range s.Events {
		if d := strings.TrimSpace(ev.Standings.Event.Date); d != "" {
			dates = append(dates, d)
		}
	}
	switch {
	case len(dates) == 0:
		return ""
	case dates[0] == dates[len(dates)-1]:
		return dates[0]
	}
	return dates[0] + " – " + dates[len(dates)-1]
}

// seasonTable shapes the columns and a row per player; the events' columns may go to a
// second line of the row when they do not fit beside the name.
func (d *standingsPDF) seasonTable(sw seasonWords) {
	fs, s := d.fonts, sw.s
	for i, h := range sw.header() {
		d.cols = append(d.cols, pdfColumn{head: fs.shape(h, style{bold: true, pt: headPt}, "a column header"), right: i != 1})
	}
	d.player, d.spread = 1, 4
	cut := d.opt.Cut
	if cut > 0 && cut < len(s.Rows) {
		d.cut = cut
		d.cutLabel = fs.shape("▲ "+labelf(d.opt.Lang, "top-cut", cut)+" ▲", style{bold: true, pt: tagPt}, "the top-cut label")
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		body := style{pt: bodyPt}
		row := pdfRow{}
		for c, cell := range sw.cells(r) {
			st := body
			if c == 0 && r.Rank == 1 {
				st.bold = true
			}
			if x := r.Result(c - 4); c >= 4 && x.Played && !x.Counted {
				st.gray = grayDropped
			}
			what := "points"
			if c == 1 {
				what = strconv.Quote(cell)
			}
			row.cells = append(row.cells, fs.shape(cell, st, what))
		}
		d.rows = append(d.rows, row)
	}
	d.measure()
}

// seasonLegend shapes what follows the table: the events by number, the rules, the ties.
func (d *standingsPDF) seasonLegend(sw seasonWords) {
	fs := d.fonts
	plain := style{pt: legendPt}
	d.legend = append(d.legend, legendLine{heading: true,
		t: fs.shape(sw.l("season.legend.events"), style{bold: true, pt: legendPt + 1}, "the legend")})
	for e := range sw.s.Events {
		d.legend = append(d.legend, legendLine{key: true, t: fs.shape(sw.eventLine(e), plain, "an event")})
	}
	d.legend = append(d.legend, legendLine{heading: true,
		t: fs.shape(sw.l("season.legend.rules"), style{bold: true, pt: legendPt + 1}, "the legend")})
	for _, line := range sw.rules() {
		d.legend = append(d.legend, legendLine{t: fs.shape(line, plain, "the legend")})
	}
	if notes := sw.tieNotes(); len(notes) > 0 {
		d.legend = append(d.legend, legendLine{heading: true,
			t: fs.shape(sw.l("notes"), style{bold: true, pt: legendPt + 1}, "the legend")})
		for _, n := range notes {
			d.legend = append(d.legend, legendLine{t: fs.shape(n, plain, noteWhat)})
		}
	}
}
