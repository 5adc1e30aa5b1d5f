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
	return d.render(w)
}

// layoutScenarios shapes and lays out the scenarios page: the table, then what follows it,
// which reads on from the table over as many pages as it takes.
func layoutScenarios(rep *scenario.Report, opt Options) (*standingsPDF, error) {
	d, err := newPDF(rep.Before, opt)
	if err != nil {
		return nil, err
	}
	s := scenarioWords{rep, opt.Lang}
	d.heading()
	d.subtitle = d.fonts.shape(s.title(), style{bold: true, pt: subPt}, "the title")
	d.scenarioTable(s)
	d.scenarioLegend(s)
	d.flowLegend = true
	d.orient()
	return d, nil
}

// scenarioTable shapes the columns and a row per listed player. "in" is bold, "out" grey.
func (d *standingsPDF) scenarioTable(s scenarioWords) {
	fs, rep := d.fonts, s.rep
	head := func(text string, right bool) pdfColumn {
		return pdfColumn{head: fs.shape(text, style{bold: true, pt: headPt}, "a column header"), right: right}
	}
	d.cols = []pdfColumn{head(d.label("rank"), true), head(d.label("player"), false),
		head(pointsHeader(rep.Before, d.opt.Lang), true), head(d.label("table"), true),
		head(s.l("sc.win"), false), head(s.l("sc.draw"), false), head(s.l("sc.loss"), false),
		head(s.l("sc.best"), true), head(s.l("sc.worst"), true)}
	d.player = 1
	body := style{pt: bodyPt}
	shown, _ := s.listed()
	for _, i := range shown {
		pl := &rep.Players[i]
		name := s.name(i)
		row := pdfRow{cells: []text{fs.shape(s.rank(pl), body, "a rank"), fs.shape(name, body, strconv.Quote(name)),
			fs.shape(s.points(*pl), body, "points"), fs.shape(s.tableCell(pl), body, "a table")}}
		for _, o := range pl.Outcomes {
			st := body
			switch o.Verdict {
			case scenario.In:
				st.bold = true
			case scenario.Out:
				st.gray = grayDropped
			}
			row.cells = append(row.cells, fs.shape(s.verdict(o), st, "a verdict"))
		}
		row.cells = append(row.cells, fs.shape(places(pl.Best()), body, "a place"),
			fs.shape(places(pl.Worst()), body, "a place"))
		if tag := s.fixedTag(pl); tag != "" {
			row.tag = fs.shape(tag, style{pt: tagPt}, "a row mark")
		}
		d.rows = append(d.rows, row)
	}
	d.measure()
}

// scenarioLegend shapes what follows the table (scenarioWords.sections).
func (d *standingsPDF) scenarioLegend(s scenarioWords) {
	fs := d.fonts
	for _, sec := range s.sections() {
		d.legend = append(d.legend, legendLine{heading: true,
			t: fs.shape(sec.heading, style{bold: true, pt: legendPt + 1}, "the legend")})
		for _, line := range sec.lines {
			d.legend = append(d.legend, legendLine{t: fs.shape(line, style{pt: legendPt}, "the legend")})
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
