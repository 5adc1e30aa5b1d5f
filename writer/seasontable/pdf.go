package seasontable

import (
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// The season's wall page: the standings PDF's paper, fonts, header, footer and pagination,
// with one row per player (rank, name, points, events played, then his points in each
// event by its number, grey in brackets when not counted), then the events by number, the
// rules and the ties.

// WritePDF writes a season's table as a wall PDF in the language, paper and fonts
// opt asks for; opt.Cut draws a line under that many players.
func WritePDF(w io.Writer, s *season.Standings, opt writer.Options) error {
	d, err := writer.NewPDF(nil, opt)
	if err != nil {
		return err
	}
	sw := seasonWords{s, opt.Lang}
	fs := d.Fonts
	d.Name = sw.title()
	title := strings.TrimSpace(s.Name)
	if title == "" {
		title = sw.l("season.title")
	}
	d.Title = fs.Shape(tbsheet.Printable(title), writer.Style{Bold: true, Pt: writer.TitlePt}, "the season's name")
	d.Meta = fs.Shape(seasonDates(s), writer.Style{Pt: writer.MetaPt, Gray: writer.GrayMeta}, "the dates")
	subtitle := sw.l("season.title")
	if strings.TrimSpace(s.Name) == "" {
		subtitle = sw.f("season.events", len(s.Events))
	}
	d.Subtitle = fs.Shape(subtitle, writer.Style{Bold: true, Pt: writer.SubPt}, "the title")
	d.Footing("")
	seasonTable(d, sw)
	seasonLegend(d, sw)
	d.Orient()
	return d.Render(w)
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
func seasonTable(d *writer.PDF, sw seasonWords) {
	fs, s := d.Fonts, sw.s
	for i, h := range sw.header() {
		d.Cols = append(d.Cols, writer.PDFColumn{Head: fs.Shape(h, writer.Style{Bold: true, Pt: writer.HeadPt}, "a column header"), Right: i != 1})
	}
	d.Player, d.Spread = 1, 4
	cut := d.Opt.Cut
	if cut > 0 && cut < len(s.Rows) {
		d.Cut = cut
		d.CutLabel = fs.Shape("▲ "+writer.Labelf(d.Opt.Lang, "top-cut", cut)+" ▲", writer.Style{Bold: true, Pt: writer.TagPt}, "the top-cut label")
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		body := writer.Style{Pt: writer.BodyPt}
		row := writer.PDFRow{}
		for c, cell := range sw.cells(r) {
			st := body
			if c == 0 && r.Rank == 1 {
				st.Bold = true
			}
			if x := r.Result(c - 4); c >= 4 && x.Played && !x.Counted {
				st.Gray = writer.GrayDropped
			}
			what := "points"
			if c == 1 {
				what = strconv.Quote(cell)
			}
			row.Cells = append(row.Cells, fs.Shape(cell, st, what))
		}
		d.Rows = append(d.Rows, row)
	}
	d.Measure()
}

// seasonLegend shapes what follows the table: the events by number, the rules, the ties.
func seasonLegend(d *writer.PDF, sw seasonWords) {
	fs := d.Fonts
	plain := writer.Style{Pt: writer.LegendPt}
	d.Legend = append(d.Legend, writer.PDFLegendLine{Heading: true,
		T: fs.Shape(sw.l("season.legend.events"), writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend")})
	for e := range sw.s.Events {
		d.Legend = append(d.Legend, writer.PDFLegendLine{Key: true, T: fs.Shape(sw.eventLine(e), plain, "an event")})
	}
	d.Legend = append(d.Legend, writer.PDFLegendLine{Heading: true,
		T: fs.Shape(sw.l("season.legend.rules"), writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend")})
	for _, line := range sw.rules() {
		d.Legend = append(d.Legend, writer.PDFLegendLine{T: fs.Shape(line, plain, "the legend")})
	}
	if notes := sw.tieNotes(); len(notes) > 0 {
		d.Legend = append(d.Legend, writer.PDFLegendLine{Heading: true,
			T: fs.Shape(sw.l("notes"), writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend")})
		for _, n := range notes {
			d.Legend = append(d.Legend, writer.PDFLegendLine{T: fs.Shape(n, plain, writer.NoteWhat)})
		}
	}
}
