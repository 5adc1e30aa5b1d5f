package writer

import (
	"io"
	"strconv"

	"github.com/tbsheet/tbsheet/scenario"
)

// The scenarios wall page: the standings PDF's paper, fonts, header, footer and pagination,
// with one row per player who can still make the cut (his verdict with each result and his
// best and worst place), then what the other tables decide, what each table means, the
// outlook and the notes.

// WriteScenariosPDF writes a scenarios report as a wall PDF in the language, paper and
// fonts opt asks for.
func WriteScenariosPDF(w io.Writer, rep *scenario.Report, opt Options) error {
	d, err := layoutScenarios(rep, opt)
	if err != nil {
		return err
	}
	return d.Render(w)
}

// layoutScenarios shapes and lays out the scenarios page: the table, then what follows it,
// which reads on from the table over as many pages as it takes.
func layoutScenarios(rep *scenario.Report, opt Options) (*PDF, error) {
	d, err := NewPDF(rep.Before, opt)
	if err != nil {
		return nil, err
	}
	s := scenarioWords{rep, opt.Lang}
	d.heading()
	d.Subtitle = d.Fonts.Shape(s.title(), Style{Bold: true, Pt: SubPt}, "the title")
	d.scenarioTable(s)
	d.scenarioLegend(s)
	d.flowLegend = true
	d.Orient()
	return d, nil
}

// scenarioTable shapes the columns and a row per listed player. "in" is bold, "out" grey.
func (d *PDF) scenarioTable(s scenarioWords) {
	fs, rep := d.Fonts, s.rep
	head := func(text string, right bool) PDFColumn {
		return PDFColumn{Head: fs.Shape(text, Style{Bold: true, Pt: HeadPt}, "a column header"), Right: right}
	}
	d.Cols = []PDFColumn{head(d.label("rank"), true), head(d.label("player"), false),
		head(pointsHeader(rep.Before, d.Opt.Lang), true), head(d.label("table"), true),
		head(s.l("sc.win"), false), head(s.l("sc.draw"), false), head(s.l("sc.loss"), false),
		head(s.l("sc.best"), true), head(s.l("sc.worst"), true)}
	d.Player = 1
	body := Style{Pt: BodyPt}
	shown, _ := s.listed()
	for _, i := range shown {
		pl := &rep.Players[i]
		name := s.name(i)
		row := PDFRow{Cells: []text{fs.Shape(s.rank(pl), body, "a rank"), fs.Shape(name, body, strconv.Quote(name)),
			fs.Shape(s.points(*pl), body, "points"), fs.Shape(s.tableCell(pl), body, "a table")}}
		for _, o := range pl.Outcomes {
			st := body
			switch o.Verdict {
			case scenario.In:
				st.Bold = true
			case scenario.Out:
				st.Gray = GrayDropped
			}
			row.Cells = append(row.Cells, fs.Shape(s.verdict(o), st, "a verdict"))
		}
		row.Cells = append(row.Cells, fs.Shape(places(pl.Best()), body, "a place"),
			fs.Shape(places(pl.Worst()), body, "a place"))
		if tag := s.fixedTag(pl); tag != "" {
			row.tag = fs.Shape(tag, Style{Pt: TagPt}, "a row mark")
		}
		d.Rows = append(d.Rows, row)
	}
	d.Measure()
}

// scenarioLegend shapes what follows the table (scenarioWords.sections).
func (d *PDF) scenarioLegend(s scenarioWords) {
	fs := d.Fonts
	for _, sec := range s.sections() {
		d.Legend = append(d.Legend, PDFLegendLine{Heading: true,
			T: fs.Shape(sec.heading, Style{Bold: true, Pt: LegendPt + 1}, "the legend")})
		for _, line := range sec.lines {
			d.Legend = append(d.Legend, PDFLegendLine{T: fs.Shape(line, Style{Pt: LegendPt}, "the legend")})
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
