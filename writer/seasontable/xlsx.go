package seasontable

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// The season's workbook: a Season sheet whose points are live formulas over a sheet per
// event, whose points are live formulas over a Rules sheet, so that an organizer can see
// and check every point, and change a rule to see what it does. Each formula's value is
// cached as tbsheet computed it.

// seasonBook is a season's workbook being written.
type seasonBook struct {
	*writer.Book
	sw  seasonWords
	cfg writer.XLSXConfig
	// rules is the Rules sheet's name; sheets the event sheets' names, in event order.
	rules  string
	sheets []string
	// placesRow is the Rules sheet's row of place 1; places how many places it lists;
	// eventsRow the row of the first event's multiplier.
	placesRow, places, eventsRow int
}

// Rows of the Rules sheet: the points per result, then (after a blank row and a header)
// the points per place, then the events.
const (
	rulesPerWin = 2 + iota
	rulesPerDraw
	rulesAttend
	rulesBest
	rulesPlacesHeader = rulesBest + 2
)

// Columns of an event sheet.
const (
	evPlace = iota
	evPlayer
	evID
	evWins
	evDraws
	evLosses
	evPlacePoints
	evResultPoints
	evMultiplier
	evPoints
)

// seasonFirstEvent is the Season sheet's column of the first event.
const seasonFirstEvent = 5

// writeXLSX writes the season's workbook: Season, a sheet per event, Rules.
func writeXLSX(w io.Writer, s *season.Standings, opt writer.Options, cfg writer.XLSXConfig) error {
	sw := seasonWords{s, opt.Lang}
	b, err := writer.NewEmbeddedBook(opt.Lang, sw.l("season.sheet"))
	if err != nil {
		return err
	}
	defer b.F.Close()
	b.Print = writer.PrintSetup{Paper: opt.Paper, Event: sw.title(), Title: sw.l("season.title"), Date: opt.Time().Format("2006-01-02")}
	sb := &seasonBook{Book: b, sw: sw, cfg: cfg, rules: sw.l("season.rules")}
	sb.nameSheets()
	sb.places = len(s.Rules.Places)
	for _, t := range s.Rules.Tiers {
		sb.places = max(sb.places, len(t.Places))
	}
	sb.placesRow = rulesPlacesHeader + 1
	sb.eventsRow = sb.placesRow + sb.places + 2
	t, err := sb.seasonTable()
	if err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	for e := range s.Events {
		if err := b.AddSheet(sb.sheets[e]); err != nil {
			return err
		}
		t, err := sb.eventTable(e)
		if err != nil {
			return err
		}
		if err := b.WriteTable(t); err != nil {
			return err
		}
	}
	if err := b.AddSheet(sb.rules); err != nil {
		return err
	}
	if t, err = sb.rulesTable(); err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	return writer.FinishWorkbook(b.F, sw.title(), opt, w)
}

// nameSheets names each event's sheet after the event: the characters a sheet name cannot
// hold made spaces, cut to 31 characters, told apart by a number when two are alike.
func (sb *seasonBook) nameSheets() {
	taken := map[string]bool{strings.ToLower(sb.sw.l("season.sheet")): true, strings.ToLower(sb.rules): true}
	for e, ev := range sb.sw.s.Events {
		base := strings.Map(func(r rune) rune {
			if strings.ContainsRune(`[]:*?/\`, r) || r < ' ' {
				return ' '
			}
			return r
		}, ev.Name)
		base = strings.Trim(strings.Join(strings.Fields(base), " "), "'")
		if base == "" {
			base = sb.sw.l("season.event") + " " + strconv.Itoa(e+1)
		}
		name := cutRunes(base, 31)
		for n := 2; taken[strings.ToLower(name)]; n++ {
			suffix := " (" + strconv.Itoa(n) + ")"
			name = strings.TrimRight(cutRunes(base, 31-utf8.RuneCountInString(suffix)), "'") + suffix
		}
		taken[strings.ToLower(name)] = true
		sb.sheets = append(sb.sheets, name)
	}
}

// cutRunes cuts s to at most n characters.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// ref is a reference to a cell of another sheet: 'Spring Open'!$J$5.
func ref(sheet string, col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row, true)
	return "'" + strings.ReplaceAll(sheet, "'", "''") + "'!" + name
}

// formulaCell returns a styled cell holding a value, or a formula with its value cached (or not,
// when the test asks for the spreadsheet to compute it).
func (sb *seasonBook) formulaCell(k writer.StyleKey, v any, formula string) (excelize.Cell, error) {
	if formula != "" && sb.cfg.OmitCached {
		v = nil
	}
	c, err := sb.Cell(k, v)
	c.Formula = formula
	return c, err
}

// seasonCell is one cell of a row: its value, as it shows, its formula ("" for a value)
// and its style.
type seasonCell struct {
	v       any
	shown   string
	formula string
	k       writer.StyleKey
}

// cells makes a row's cells, and what each shows, for table.add.
func (sb *seasonBook) cells(values []seasonCell) ([]any, []string, error) {
	cells := make([]any, len(values))
	shown := make([]string, len(values))
	for j, v := range values {
		c, err := sb.formulaCell(v.k, v.v, v.formula)
		if err != nil {
			return nil, nil, err
		}
		cells[j], shown[j] = c, v.shown
	}
	return cells, shown, nil
}

// seasonTable builds the Season sheet: rank, player, ID, points (the best results' sum),
// events played, then each event's points, a reference to its sheet's cell; the results
// not counted are grey.
func (sb *seasonBook) seasonTable() (*writer.Table, error) {
	s, sw := sb.sw.s, sb.sw
	header := []string{sw.l("rank"), sw.l("player"), sw.l("id"), sw.l("season.points"), sw.l("season.played")}
	for _, ev := range s.Events {
		header = append(header, ev.Name)
	}
	t := writer.NewTable(sheetNameOf(sw.l("season.sheet")), header)
	t.Freeze = 2
	first, _ := excelize.ColumnNumberToName(seasonFirstEvent + 1)
	last, _ := excelize.ColumnNumberToName(max(seasonFirstEvent+len(s.Events), seasonFirstEvent+1))
	for i := range s.Rows {
		r := &s.Rows[i]
		p := &s.Players[r.Player]
		row := i + 2
		span := first + strconv.Itoa(row) + ":" + last + strconv.Itoa(row)
		total := "SUM(" + span + ")"
		if n := s.Rules.Best; n > 0 && n < len(s.Events) {
			var terms []string
			for k := 1; k <= n; k++ {
				terms = append(terms, fmt.Sprintf("IFERROR(LARGE(%s,%d),0)", span, k))
			}
			total = strings.Join(terms, "+")
		}
		key := writer.StyleKey{Row: writer.BandOf(i)}
		values := []seasonCell{
			{r.Rank, strconv.Itoa(r.Rank), "", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
			{p.Name, p.Name, "", key},
			{p.ID, p.ID, "", writer.StyleKey{Row: key.Row, NumFmt: "@"}},
			{r.Points.Float64(), seasonNum(r.Points), total, writer.StyleKey{Row: key.Row, NumFmt: writer.DecimalsFormat(r.Points), Align: writer.AlignPadded}},
			{r.Played, strconv.Itoa(r.Played), "COUNT(" + span + ")", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
		}
		cells, shown, err := sb.cells(values)
		if err != nil {
			return nil, err
		}
		for e := range s.Events {
			x := r.Result(e)
			k := writer.StyleKey{Row: key.Row, Dropped: x.Played && !x.Counted, NumFmt: writer.DecimalsFormat(x.Points), Align: writer.AlignPadded}
			var c excelize.Cell
			var err error
			if x.Played {
				c, err = sb.formulaCell(k, x.Points.Float64(), ref(sb.sheets[e], evPoints+1, x.Row+2))
			} else {
				c, err = sb.Cell(k, nil)
			}
			if err != nil {
				return nil, err
			}
			cells, shown = append(cells, c), append(shown, sw.result(x))
		}
		t.Add(cells, shown)
	}
	return t, nil
}

// sheetNameOf is a label used as a sheet's name, cut to the 31 characters a name holds.
func sheetNameOf(s string) string { return cutRunes(s, 31) }

// eventTable builds event e's sheet: every player of its standings in place order, his
// record, and his points as formulas over the Rules sheet: the place's points, the
// results' points, the multiplier, and their total.
func (sb *seasonBook) eventTable(e int) (*writer.Table, error) {
	s, sw := sb.sw.s, sb.sw
	ev := &s.Events[e]
	st := ev.Standings
	header := []string{sw.l("season.place"), sw.l("player"), sw.l("id"), sw.l("season.wins"), sw.l("season.draws"),
		sw.l("season.losses"), sw.l("season.place-points"), sw.l("season.result-points"), sw.l("season.multiplier"), sw.l("season.points")}
	t := writer.NewTable(sb.sheets[e], header)
	t.Freeze = 2
	// The Rules column of the event's places: its tier's, the one list's, or none.
	placesCol := 0
	switch {
	case len(s.Rules.Tiers) > 0 && s.Tiers[e] >= 0:
		placesCol = 2 + s.Tiers[e]
	case len(s.Rules.Tiers) == 0 && len(s.Rules.Places) > 0:
		placesCol = 2
	}
	// The season's results of each row of the event.
	results := make([]*season.Result, len(st.Rows))
	for i := range s.Rows {
		r := &s.Rows[i]
		for k := range r.Results {
			if x := &r.Results[k]; x.Event == e {
				results[x.Row] = x
			}
		}
	}
	for i := range st.Rows {
		sr := &st.Rows[i]
		res := results[i]
		row := i + 2
		cellOf := func(col int) string { name, _ := excelize.CoordinatesToCellName(col+1, row); return name }
		key := writer.StyleKey{Row: writer.BandOf(i)}
		num := func(v exact.Num) writer.StyleKey {
			return writer.StyleKey{Row: key.Row, NumFmt: writer.DecimalsFormat(v), Align: writer.AlignPadded}
		}
		placeFormula := ""
		if placesCol > 0 {
			col, _ := excelize.ColumnNumberToName(placesCol)
			placeFormula = fmt.Sprintf("IF(%s>%d,0,N(INDEX('%s'!$%s$%d:$%s$%d,%s)))", cellOf(evPlace), sb.places,
				strings.ReplaceAll(sb.rules, "'", "''"), col, sb.placesRow, col, sb.placesRow+sb.places-1, cellOf(evPlace))
		}
		resultFormula := fmt.Sprintf("%s*%s+%s*%s+%s", cellOf(evWins), ref(sb.rules, 2, rulesPerWin),
			cellOf(evDraws), ref(sb.rules, 2, rulesPerDraw), ref(sb.rules, 2, rulesAttend))
		p := &st.Event.Players[sr.Player]
		id := p.ID
		if id == p.Name {
			id = "" // a sheet without IDs: the name stands for one
		}
		m := ev.Multiplier
		if m.Sign() == 0 {
			m = exact.Int(1)
		}
		place, results := s.Parts(*res)
		values := []seasonCell{
			{sr.Rank, strconv.Itoa(sr.Rank), "", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
			{p.Name, p.Name, "", key},
			{id, id, "", writer.StyleKey{Row: key.Row, NumFmt: "@"}},
			{sr.Wins, strconv.Itoa(sr.Wins), "", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
			{sr.Draws, strconv.Itoa(sr.Draws), "", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
			{sr.Losses, strconv.Itoa(sr.Losses), "", writer.StyleKey{Row: key.Row, Align: writer.AlignPadded}},
			{place.Float64(), seasonNum(place), placeFormula, num(place)},
			{results.Float64(), seasonNum(results), resultFormula, num(results)},
			{m.Float64(), seasonNum(m), ref(sb.rules, 3, sb.eventsRow+e), num(m)},
			{res.Points.Float64(), seasonNum(res.Points), fmt.Sprintf("(%s+%s)*%s", cellOf(evPlacePoints), cellOf(evResultPoints),
				cellOf(evMultiplier)), num(res.Points)},
		}
		cells, shown, err := sb.cells(values)
		if err != nil {
			return nil, err
		}
		t.Add(cells, shown)
	}
	return t, nil
}

// rulesTable builds the Rules sheet: the points per result and the events counted, the
// points per place (a column per tier), and the events with their sheets and multipliers.
func (sb *seasonBook) rulesTable() (*writer.Table, error) {
	s, sw := sb.sw.s, sb.sw
	r := s.Rules
	t := writer.NewTable(sb.rules, []string{writer.Label(sw.lang, "item"), writer.Label(sw.lang, "value")})
	t.Filter = false
	rows := 0
	add := func(k writer.StyleKey, values ...any) error {
		cells := make([]any, len(values))
		shown := make([]string, len(values))
		for i, v := range values {
			c, err := sb.Cell(k, v)
			if err != nil {
				return err
			}
			cells[i] = c
			if v != nil {
				shown[i] = fmt.Sprint(v)
			}
		}
		t.Add(cells, shown)
		rows++
		return nil
	}
	for _, it := range []struct {
		key string
		v   exact.Num
	}{{"season.per-win", r.PerWin}, {"season.per-draw", r.PerDraw}, {"season.attend", r.Attend}, {"season.best", exact.Int(int64(r.Best))}} {
		if err := add(writer.StyleKey{Row: writer.BandOf(rows)}, sw.l(it.key), it.v.Float64()); err != nil {
			return nil, err
		}
	}
	if err := add(writer.StyleKey{}); err != nil {
		return nil, err
	}
	header := []any{sw.l("season.place")}
	lists := [][]exact.Num{r.Places}
	if len(r.Tiers) > 0 {
		lists = nil
		for _, tier := range r.Tiers {
			header = append(header, sw.f("season.tier", sw.band(tier)))
			lists = append(lists, tier.Places)
		}
	} else {
		header = append(header, sw.l("season.all-places"))
	}
	if err := add(writer.StyleKey{Row: writer.RowHeader}, header...); err != nil {
		return nil, err
	}
	for k := range sb.places {
		values := []any{k + 1}
		for _, l := range lists {
			var v any
			if k < len(l) {
				v = l[k].Float64()
			}
			values = append(values, v)
		}
		if err := add(writer.StyleKey{Row: writer.BandOf(k)}, values...); err != nil {
			return nil, err
		}
	}
	if err := add(writer.StyleKey{}); err != nil {
		return nil, err
	}
	if err := add(writer.StyleKey{Row: writer.RowHeader}, sw.l("season.event"), sw.l("season.sheet-of"), sw.l("season.multiplier")); err != nil {
		return nil, err
	}
	for e, ev := range s.Events {
		m := ev.Multiplier
		if m.Sign() == 0 {
			m = exact.Int(1)
		}
		if err := add(writer.StyleKey{Row: writer.BandOf(e)}, ev.Name, sb.sheets[e], m.Float64()); err != nil {
			return nil, err
		}
	}
	return t, nil
}
