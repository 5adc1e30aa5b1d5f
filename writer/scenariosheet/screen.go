package scenariosheet

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
)

// The scenarios as a screen (tbsheet serve): the wall page's columns, sections and words.

// Screen is a scenarios report in words.
type Screen struct {
	// Event, Meta as in the standings' screen; Title is "Round 5 scenarios: top 8".
	Event, Meta, Title string
	// Head are the columns: rank, player, points, table, the verdict with a win, a draw and
	// a loss, the best and the worst place.
	Head []writer.Heading
	// Rows hold one row per player who can still make the cut.
	Rows [][]writer.Cell
	// Sections follow the table: how to read it, what the other tables decide, what each
	// table means, the outlook, the notes.
	Sections []writer.Section
}

// NewScreen puts a scenarios report into words in opt.Lang, as the wall page.
func NewScreen(rep *scenario.Report, opt writer.Options) *Screen {
	s := scenarioWords{rep, opt.Lang}
	sc := &Screen{Event: writer.EventTitle(rep.Before, opt.Lang),
		Meta: tbsheet.Printable(writer.EventMeta(rep.Before, opt.Lang)), Title: s.title()}
	sc.Head = []writer.Heading{{Text: s.l("rank"), Num: true}, {Text: s.l("player")}, {Text: writer.PointsHeader(rep.Before, opt.Lang), Num: true},
		{Text: s.l("table"), Num: true}, {Text: s.l("sc.win")}, {Text: s.l("sc.draw")}, {Text: s.l("sc.loss")},
		{Text: s.l("sc.best"), Num: true}, {Text: s.l("sc.worst"), Num: true}}
	shown, _ := s.listed()
	for _, i := range shown {
		pl := &rep.Players[i]
		name := tbsheet.Printable(s.name(i))
		if tag := s.fixedTag(pl); tag != "" {
			name += " " + tag
		}
		row := []writer.Cell{{Text: s.rank(pl), Kind: "num"}, {Text: name, Kind: "name"}, {Text: s.points(*pl), Kind: "num"},
			{Text: s.tableCell(pl), Kind: "num"}}
		for _, o := range pl.Outcomes {
			row = append(row, writer.Cell{Text: s.verdict(o), Kind: o.Verdict.String()})
		}
		sc.Rows = append(sc.Rows, append(row, writer.Cell{Text: places(pl.Best()), Kind: "num"},
			writer.Cell{Text: places(pl.Worst()), Kind: "num"}))
	}
	for _, sec := range s.sections() {
		out := writer.Section{Heading: tbsheet.Printable(sec.heading)}
		for _, l := range sec.lines {
			out.Lines = append(out.Lines, tbsheet.Printable(l))
		}
		sc.Sections = append(sc.Sections, out)
	}
	return sc
}
