package scenariosheet

import (
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
	"io"
	"strconv"
)

// The scenarios wall page: the standings PDF's paper, fonts, header, footer and pagination,
// with one row per player who can still make the cut (his verdict with each result and his
// best and worst place), then what the other tables decide, what each table means, the
// outlook and the notes.

// WritePDF writes a scenarios report as a wall PDF in the language, paper and
// fonts opt asks for.
func WritePDF(w io.Writer, rep *scenario.Report, opt writer.Options) error {
	d, err := LayoutPDF(rep, opt)
	if err != nil {
		return err
	}
	return d.Render(w)
}

// LayoutPDF shapes and lays out the scenarios page: the table, then what follows it,
// which reads on from the table over as many pages as it takes.
func LayoutPDF(rep *scenario.Report, opt writer.Options) (*writer.PDF, error) {
	d, err := writer.NewPDF(rep.Before, opt)
	if err != nil {
		return nil, err
	}
	s := scenarioWords{rep, opt.Lang}
	d.Heading()
	d.Subtitle = d.Fonts.Shape(s.title(), writer.Style{Bold: true, Pt: writer.SubPt}, "the title")
	scenarioTable(d, s)
	scenarioLegend(d, s)
	d.FlowLegend = true
	d.Orient()
	return d, nil
}

// scenarioTable shapes the columns and a row per listed player. "in" is bold, "out" grey.
func scenarioTable(d *writer.PDF, s scenarioWords) {
	fs, rep := d.Fonts, s.rep
	head := func(text string, right bool) writer.PDFColumn {
		return writer.PDFColumn{Head: fs.Shape(text, writer.Style{Bold: true, Pt: writer.HeadPt}, "a column header"), Right: right}
	}
	d.Cols = []writer.PDFColumn{head(d.Label("rank"), true), head(d.Label("player"), false),
		head(writer.PointsHeader(rep.Before, d.Opt.Lang), true), head(d.Label("table"), true),
		head(s.l("sc.win"), false), head(s.l("sc.draw"), false), head(s.l("sc.loss"), false),
		head(s.l("sc.best"), true), head(s.l("sc.worst"), true)}
	d.Player = 1
	body := writer.Style{Pt: writer.BodyPt}
	shown, _ := s.listed()
	for _, i := range shown {
		pl := &rep.Players[i]
		name := s.name(i)
		row := writer.PDFRow{Cells: []writer.Text{fs.Shape(s.rank(pl), body, "a rank"), fs.Shape(name, body, strconv.Quote(name)),
			fs.Shape(s.points(*pl), body, "points"), fs.Shape(s.tableCell(pl), body, "a table")}}
		for _, o := range pl.Outcomes {
			st := body
			switch o.Verdict {
			case scenario.In:
				st.Bold = true
			case scenario.Out:
				st.Gray = writer.GrayDropped
			}
			row.Cells = append(row.Cells, fs.Shape(s.verdict(o), st, "a verdict"))
		}
		row.Cells = append(row.Cells, fs.Shape(places(pl.Best()), body, "a place"),
			fs.Shape(places(pl.Worst()), body, "a place"))
		if tag := s.fixedTag(pl); tag != "" {
			row.Tag = fs.Shape(tag, writer.Style{Pt: writer.TagPt}, "a row mark")
		}
		d.Rows = append(d.Rows, row)
	}
	d.Measure()
}

// scenarioLegend shapes what follows the table (scenarioWords.sections).
func scenarioLegend(d *writer.PDF, s scenarioWords) {
	fs := d.Fonts
	for _, sec := range s.sections() {
		d.Legend = append(d.Legend, writer.PDFLegendLine{Heading: true,
			T: fs.Shape(sec.heading, writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend")})
		for _, line := range sec.lines {
			d.Legend = append(d.Legend, writer.PDFLegendLine{T: fs.Shape(line, writer.Style{Pt: writer.LegendPt}, "the legend")})
		}
	}
}

// textSection is a heading and its lines.
type textSection struct {
	heading string
	lines   []string
}

// sections are what follows the table of a scenarios page, each under its heading: how to
// read it, what the other tables decide, what each table means, the outlook and the notes.
func (s scenarioWords) sections() []textSection {
	rep := s.rep
	key := textSection{heading: s.l("sc.key"), lines: []string{s.method(),
		s.f("sc.legend.in", rep.Cut), s.f("sc.legend.depends"), s.f("sc.legend.out", rep.Cut)}}
	if unproved(rep) > 0 {
		key.lines = append(key.lines, s.l("sc.legend.star"))
	}
	key.lines = append(key.lines, s.l("sc.legend.places"), s.l("sc.legend.rules"))
	if _, hidden := s.listed(); hidden > 0 {
		key.lines = append(key.lines, s.f("sc.hidden", hidden, rep.Cut))
	}
	out := []textSection{key}
	if details := s.details(); len(details) > 0 {
		out = append(out, textSection{s.l("sc.details"), details})
	}
	if tables, quiet := s.tablesShown(); len(tables) > 0 {
		sec := textSection{heading: s.l("sc.tables")}
		for _, t := range tables {
			sec.lines = append(sec.lines, s.l("table")+" "+strconv.Itoa(t.Number)+" · "+s.table(t))
		}
		if quiet > 0 {
			sec.lines = append(sec.lines, s.quiet(quiet))
		}
		out = append(out, sec)
	}
	if lines := s.outlook(); len(lines) > 0 {
		out = append(out, textSection{lines[0], lines[1:]})
	}
	if notes := s.notes(); len(notes) > 0 {
		out = append(out, textSection{s.l("notes"), notes})
	}
	return out
}
