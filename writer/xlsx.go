package writer

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/safego"
	"github.com/xuri/excelize/v2"
)

// writeStandingsXLSX writes the standings workbook: the sheets Standings (values and live
// formulas), Explain (the arithmetic in words), Matches and Players (the results, readable
// again by tbsheet) and About. With opt.Template it fills the organizer's workbook instead.
func writeStandingsXLSX(w io.Writer, st *calc.Standings, opt Options, cfg XLSXConfig) error {
	if opt.Template != "" {
		return fillTemplateXLSX(w, st, opt)
	}
	names := SheetNamesFor(opt.Lang)
	b, err := NewEmbeddedBook(opt.Lang, names.standings)
	if err != nil {
		return err
	}
	f := b.F
	defer f.Close()
	b.Print = standingsPrint(st, opt)
	ex := explainAll(st, opt.Lang)
	t, err := b.standingsTable(names.standings, st, ex, opt.Cut, cfg)
	if err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	if err := b.addStandardSheets(st, ex, opt, names, nil); err != nil {
		return err
	}
	return finishBook(f, st, opt, w)
}

// addStandardSheets adds the Explain, Matches, Players, Event and About sheets, skipping any
// whose name is in skip (an organizer's template that has its own). The Event sheet records
// how the standings were ranked, so that tbsheet reading the workbook back ranks it the same.
func (b *Book) addStandardSheets(st *calc.Standings, ex [][]explained, opt Options, names sheetNames, skip map[string]bool) error {
	builders := []struct {
		name  string
		build func(string) (*Table, error)
	}{
		{names.explain, func(s string) (*Table, error) { return b.explainTable(s, st, ex) }},
		{names.Matches, func(s string) (*Table, error) { return b.MatchesTable(s, st.Event) }},
		{names.Players, func(s string) (*Table, error) { return b.PlayersTable(s, st.Event) }},
		{names.Event, func(s string) (*Table, error) { return b.EventTable(s, rankedAs(st)) }},
		{names.about, func(s string) (*Table, error) { return b.aboutTable(s, st, opt) }},
	}
	for _, s := range builders {
		if skip[strings.ToLower(s.name)] {
			continue
		}
		if err := b.AddSheet(s.name); err != nil {
			return err
		}
		t, err := s.build(s.name)
		if err != nil {
			return err
		}
		if err := b.WriteTable(t); err != nil {
			return err
		}
	}
	return nil
}

// rankedAs returns the event with the settings the standings were computed with: the system,
// points and tiebreak order in force.
func rankedAs(st *calc.Standings) *tbsheet.Event {
	ev := *st.Event
	ev.System, ev.Points, ev.Tiebreaks = st.System.Name, &st.Points, nil
	for _, d := range st.Order {
		ev.Tiebreaks = append(ev.Tiebreaks, d.ID)
	}
	return &ev
}

// finishBook sets what every standings workbook carries and writes it.
func finishBook(f *excelize.File, st *calc.Standings, opt Options, w io.Writer) error {
	title := Title(st, opt.Lang)
	if st.Event != nil && st.Event.Name != "" {
		title = tbsheet.Printable(st.Event.Name) + " — " + title
	}
	return FinishWorkbook(f, title, opt, w)
}

// explained is one figure's explanation: its text (Def.Text), its formula and the opponents
// it sums (OpponentTerms); ok is false when the figure has no arithmetic or the arithmetic
// breaks Excel's limits (tooLong).
type explained struct {
	text, formula, terms string
	ok, tooLong          bool
}

// explainAll renders every figure's text and formula once, for the Standings and Explain
// sheets. Rows are shared out among the processors: for a large event this is most of
// tbsheet's own work in the workbook.
func explainAll(st *calc.Standings, lang string) [][]explained {
	out := make([][]explained, len(st.Rows))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(st.Rows)/64))
	var g safego.Group // a panic reaches the caller's recover, not the end of the process
	for w := range workers {
		g.Go(func() {
			for i := w; i < len(st.Rows); i += workers {
				out[i] = explainRow(st, &st.Rows[i], lang)
			}
		})
	}
	g.Wait()
	return out
}

func explainRow(st *calc.Standings, r *calc.Row, lang string) []explained {
	out := make([]explained, len(st.Columns))
	for j, d := range st.Columns {
		fig := explainedFigure(st, r, j)
		e := &out[j]
		e.text = explainText(lang, d, fig.Value, fig.Explain)
		e.terms = OpponentTerms(st.Event, lang, fig.Explain)
		if fig.Explain.Expr == nil || !fig.Value.OK {
			continue
		}
		e.formula, e.ok = excelFormula(fig.Explain.Expr)
		e.tooLong = !e.ok
	}
	return out
}

// explainedFigure is figure with the figure's explanation, built now when the standings
// were computed without (calc.Standings.Figure).
func explainedFigure(st *calc.Standings, r *calc.Row, j int) calc.Figure {
	if r != nil && j < len(r.Figures) {
		return st.Figure(r, j)
	}
	return calc.Figure{}
}

// figure returns row r's figure for column j, n/a when the row lacks it.
func figure(r *calc.Row, j int) calc.Figure {
	if r != nil && j < len(r.Figures) {
		return r.Figures[j]
	}
	return calc.Figure{}
}

// standingsTable builds the Standings sheet: one row per ranked player with the columns of
// standingsColumns, numbers as numbers in the system's display format, formulas with the
// exact value cached, and a line under the top cut (the first cut rows; 0 for none).
func (b *Book) standingsTable(sheet string, st *calc.Standings, ex [][]explained, cut int, cfg XLSXConfig) (*Table, error) {
	cols := standingsColumns(st, b.Lang, true)
	header := make([]string, len(cols))
	comments := map[int]string{}
	printCols := 0
	for i, c := range cols {
		header[i] = c.header
		switch c.kind {
		case colValue:
			comments[i] = defComment(st.Columns[c.tb])
		case colFormula:
			comments[i] = labelf(b.Lang, "formula-comment", st.Columns[c.tb].Short)
			if printCols == 0 {
				printCols = i // the page leaves out the formulas, which repeat the values
			}
		case colOpponents:
			if legend := termsLegend(b.Lang, ex, c.tb); legend != "" {
				comments[i] = legend
			}
		}
	}
	t := NewTable(sheet, header)
	t.comments, t.Freeze, t.printCols = comments, 2, printCols
	ev := st.Event
	for i := range st.Rows {
		r := &st.Rows[i]
		key := StyleKey{Row: BandOf(i), Dropped: r.DroppedAfter > 0, cut: i+1 == cut}
		row := make([]any, len(cols))
		shown := make([]string, len(cols))
		for j, c := range cols {
			var v any
			formula := ""
			k := key
			k.Align = standingsAlign[c.kind]
			switch c.kind {
			case colRank:
				v, shown[j] = r.Rank, strconv.Itoa(r.Rank)
			case colPlayer:
				v = ev.Players[r.Player].Name
				shown[j] = ev.Players[r.Player].Name
			case colID:
				v, shown[j], k.NumFmt = ev.Players[r.Player].ID, ev.Players[r.Player].ID, "@"
			case colPoints:
				format := calc.FormatDecimal
				if st.RankBy != nil {
					format = st.RankBy.Format
				}
				v, shown[j], k.NumFmt = r.Points.Float64(), FormatPoints(st, r.Points), numFormat(format, r.Points)
			case colRecord:
				v = Record(st, r)
				shown[j] = v.(string)
			case colDropped:
				if r.DroppedAfter > 0 {
					v, shown[j] = r.DroppedAfter, strconv.Itoa(r.DroppedAfter)
				}
			case colValue, colFormula:
				d, fig := st.Columns[c.tb], figure(r, c.tb)
				if !fig.Value.OK {
					break
				}
				v, shown[j], k.NumFmt = fig.Value.Num.Float64(), d.FormatValue(fig.Value), numFormat(d.Format, fig.Value.Num)
				if e := ex[i][c.tb]; c.kind == colFormula && e.ok {
					formula = e.formula
					if cfg.OmitCached {
						v = nil
					}
				}
			case colNote:
				note := i18n.Of(b.Lang).Note(r.Note)
				v, shown[j] = note, note
			case colOpponents:
				if terms := ex[i][c.tb].terms; terms != "" {
					v, shown[j] = terms, terms
				}
			}
			cell, err := b.Cell(k, v)
			if err != nil {
				return nil, err
			}
			cell.Formula = formula // with Value set, the stream writes the cached value too
			row[j] = cell
		}
		t.Add(row, shown)
	}
	return t, nil
}

// standingsAlign aligns the Standings sheet's columns so that neighbours never run together:
// numbers right-aligned one indent in, the record centred ("10   3-0-1", never "103-0-1").
var standingsAlign = map[colKind]Alignment{
	colRank: AlignPadded, colPoints: AlignPadded, colRecord: alignCenter, colDropped: AlignPadded,
	colValue: AlignPadded, colFormula: AlignPadded,
}

// termsLegend explains the floor and cap arrows of column j's opponent terms, or "".
func termsLegend(lang string, ex [][]explained, j int) string {
	var s boundsSample
	for i := range ex {
		s.add(ex[i][j].terms)
	}
	return s.legend(lang)
}

// defComment is the note on a tiebreak's header: its name, definition and, when the default
// rests on an assumption, that assumption.
func defComment(d *calc.Def) string {
	s := d.Name + " (" + d.ID + ")"
	if d.Doc != "" {
		s += "\n" + d.Doc
	}
	if d.Unverified != "" {
		s += "\n⚠ " + d.Unverified
	}
	return s
}

// numFormat returns the Excel number format that shows v the way Def.FormatValue writes it
// for format f: "0.00%", the 8-digit KTS number, "+1" and "−3" with a real minus, decimals
// only as far as the value needs them.
func numFormat(f calc.Format, v exact.Num) string {
	dec := DecimalsFormat(v)
	switch f {
	case calc.FormatPercent:
		return "0.00%"
	case calc.FormatKTS:
		return "00000000"
	case calc.FormatSigned:
		return "+" + dec + `;"−"` + dec + ";0"
	case calc.FormatDecimal:
		return dec
	}
	return dec + `;"−"` + dec // FormatInt prints negatives with a real minus
}

// explainTable builds the Explain sheet: rank, player and each tiebreak's arithmetic in
// words (explainCell), and under the table what the floor and cap arrows mean.
func (b *Book) explainTable(sheet string, st *calc.Standings, ex [][]explained) (*Table, error) {
	header := []string{label(b.Lang, "rank"), label(b.Lang, "player")}
	comments := map[int]string{}
	for _, d := range st.Columns {
		header = append(header, d.Short)
		comments[len(header)-1] = defComment(d)
	}
	t := NewTable(sheet, header)
	t.comments, t.Freeze, t.maxWidth, t.wrap = comments, 2, explainWidth, true
	var bounds boundsSample
	for i := range st.Rows {
		r := &st.Rows[i]
		key := StyleKey{Row: BandOf(i), Dropped: r.DroppedAfter > 0, wrap: true}
		name := st.Event.Players[r.Player].Name
		values := []any{r.Rank, name}
		shown := []string{strconv.Itoa(r.Rank), name}
		for j := range st.Columns {
			text := explainCell(b.Lang, ex[i][j])
			bounds.add(text)
			values = append(values, text)
			shown = append(shown, text)
		}
		row := make([]any, len(values))
		for j, v := range values {
			c, err := b.Cell(key, v)
			if err != nil {
				return nil, err
			}
			row[j] = c
		}
		t.Add(row, shown)
	}
	if legend := bounds.legend(b.Lang); legend != "" {
		t.notes = strings.Split(legend, "\n")
	}
	return t, nil
}

// explainWidth is the widest an Explain column grows, in characters: longer arithmetic
// wraps, so that the sheet prints legibly on one page's width.
const explainWidth = 50

// explainCell is what the Explain sheet says of one figure: the arithmetic in words, a note
// when the workbook could not hold it as a formula, and on a second line the opponents it
// sums.
func explainCell(lang string, e explained) string {
	text := e.text
	if e.tooLong {
		text += " (" + label(lang, "formula-too-long") + ")"
	}
	if e.terms != "" {
		text += "\n" + e.terms
	}
	return text
}

// aboutTable builds the About sheet: what the standings are, how they were computed, the
// tiebreak definitions, the notes and the matches still missing.
func (b *Book) aboutTable(sheet string, st *calc.Standings, opt Options) (*Table, error) {
	lang, ev := b.Lang, st.Event
	t := NewTable(sheet, []string{label(lang, "item"), label(lang, "value")})
	t.Filter, t.maxWidth, t.wrap = false, explainWidth, true
	n := 0 // rows since the last section header, for banding
	add := func(k StyleKey, values ...any) error {
		k.wrap = true
		row := make([]any, len(values))
		shown := make([]string, len(values))
		for i, v := range values {
			c, err := b.Cell(k, v)
			if err != nil {
				return err
			}
			row[i] = c
			if v != nil {
				shown[i] = fmt.Sprint(v)
			}
		}
		t.Add(row, shown)
		return nil
	}
	line := func(values ...any) error {
		n++
		return add(StyleKey{Row: BandOf(n - 1)}, values...)
	}
	section := func(values ...any) error {
		n = 0
		if err := add(StyleKey{}); err != nil { // a blank row before each section
			return err
		}
		return add(StyleKey{Row: RowHeader}, values...)
	}

	system := ""
	if st.System != nil {
		system = st.System.Title + " (" + st.System.Name + ")"
	}
	rankBy := ""
	if st.RankBy != nil {
		rankBy = i18n.Of(lang).Note(st.RankBy.Names)
	}
	rounds := RoundList(st.Rounds)
	if ev.PlannedRounds > 0 {
		rounds = labelf(lang, "rounds-of", rounds, ev.PlannedRounds)
	}
	p := st.Points
	items := []struct {
		key   string
		value any
	}{
		{"event", ev.Name},
		{"date", ev.Date},
		{"standings", Title(st, lang)},
		{"system", system},
		{"points", labelf(lang, "points-line", p.Win.String(), p.Draw.String(), p.Loss.String(), p.Bye.String())},
		{"ranked-by", rankBy},
		{"rounds-counted", rounds},
		{"sheet.players", labelf(lang, "players-count", len(st.Rows), len(ev.Players))},
		{"source", ev.Source},
		{"format", ev.Format},
		{"generated-at", opt.Time().Format("2006-01-02 15:04:05 -0700")},
		{"version", version()},
	}
	for _, it := range items {
		if s, ok := it.value.(string); ok && s == "" {
			continue
		}
		if err := line(label(lang, it.key), it.value); err != nil {
			return nil, err
		}
	}

	if err := section(label(lang, "tiebreak-order"), label(lang, "column"), "ID", label(lang, "name"),
		label(lang, "definition"), label(lang, "assumption")); err != nil {
		return nil, err
	}
	for _, d := range st.Columns {
		var pos any = label(lang, "shown-only")
		if i := slices.Index(st.Order, d); i >= 0 {
			pos = i + 1
		}
		if err := line(pos, d.Short, d.ID, i18n.Of(lang).Note(d.Names), d.Doc, d.Unverified); err != nil {
			return nil, err
		}
	}
	l := i18n.Of(lang)
	notes := slices.Concat(l.Notes(ev.Warnings), l.Notes(st.Notes), l.Notes(ev.Notes)) // a likely mistake first
	if len(notes) > 0 {
		if err := section(label(lang, "notes")); err != nil {
			return nil, err
		}
		for _, s := range notes {
			if err := line(s); err != nil {
				return nil, err
			}
		}
	}
	if len(st.Unreported) > 0 {
		if err := section(label(lang, "unreported-matches")); err != nil {
			return nil, err
		}
		for _, m := range st.Unreported {
			if err := line(matchRef(lang, ev, m)); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// matchRef names an unreported match: "round 4, table 7: Alice vs Bob".
func matchRef(lang string, ev *tbsheet.Event, m calc.MatchRef) string {
	return labelf(lang, "match-ref", m.Round, m.Match.Table, playerName(ev, m.Match.P1), playerName(ev, m.Match.P2))
}
