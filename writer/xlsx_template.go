package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/xuri/excelize/v2"
)

// ErrTemplate is the kind of every problem in an organizer's --template workbook.
var ErrTemplate = errors.New("bad template")

// An organizer's template (Options.Template, --template) is any .xlsx or .xltx workbook:
// tbsheet opens a copy, replaces its placeholders and writes the result, keeping fonts,
// colours, images, column widths, print settings and every other sheet as they are. The file
// itself is only read.
//
// Placeholders are written {{name}} (case and inner spaces do not matter). A cell holding
// nothing but one placeholder gets a typed value (a number stays a number); otherwise the
// placeholders are replaced as text inside the cell's text.
//
// The player row: in each sheet, the row holding any of the placeholders below is written
// once per ranked player, best first, keeping the row's styles and height (rows below it move
// down). Other cells of that row are copied as text; formulas in it are not copied.
//
//	{{rank}} {{player}} {{id}} {{points}} {{record}} {{wins}} {{losses}} {{draws}} {{byes}}
//	{{dropped}}   the round after which the player dropped, or empty
//	{{note}}
//	{{tb1}} {{tb2}} …         the tiebreak values, in the order of the standings' columns;
//	                         numbers in the system's display format unless the cell has its own
//	{{tb1.text}} …           the arithmetic in words ("(12/24 + 21/24) / 2 = 68.75%")
//	{{tb1.formula}} …        the arithmetic as a live formula (computed when the file opens)
//
// Anywhere else:
//
//	{{event}} {{date}} {{source}}  the event's name and date, the results file
//	{{system}}                     the system's title ("Magic: The Gathering")
//	{{title}}                      "Standings after round 3 of 5" or "Final standings"
//	{{round}} {{rounds}}           the last round counted; the rounds planned (else counted)
//	{{players}}                    the number of ranked players
//	{{generated}}                  the time of writing
//	{{tb1.name}} {{tb1.doc}} …     a tiebreak's column header and definition
//
// A tiebreak number beyond the standings' columns is empty, so that one template serves
// systems with fewer tiebreaks. An unknown placeholder is an error naming its cell. The
// sheets Explain, Matches, Players and About are added unless the workbook has sheets of
// those names.
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z0-9_.]+)\s*\}\}`)

// playerKeys are the placeholders that make a row the player row.
var playerKeys = map[string]bool{
	"rank": true, "player": true, "id": true, "points": true, "record": true, "wins": true,
	"losses": true, "draws": true, "byes": true, "dropped": true, "note": true,
}

// eventKeys are the placeholders valid anywhere.
var eventKeys = map[string]bool{
	"event": true, "date": true, "source": true, "system": true, "title": true, "round": true,
	"rounds": true, "players": true, "generated": true,
}

// tbKey matches the tiebreak placeholders: tb1, tb2.text, tb3.formula, tb1.name, tb1.doc.
var tbKey = regexp.MustCompile(`^tb([1-9][0-9]?)(?:\.(text|formula|name|doc))?$`)

// placeholderKind classifies a placeholder name (lower case): per player, per event, or
// unknown.
func placeholderKind(key string) (perPlayer, known bool) {
	switch {
	case playerKeys[key]:
		return true, true
	case eventKeys[key]:
		return false, true
	}
	if m := tbKey.FindStringSubmatch(key); m != nil {
		return m[2] != "name" && m[2] != "doc", true
	}
	return false, false
}

// fillTemplateXLSX writes the standings into a copy of the organizer's workbook.
func fillTemplateXLSX(w io.Writer, st *calc.Standings, opt Options) error {
	f, err := openTemplate(opt.Template)
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := newBook(f, opt.Lang)
	if err != nil {
		return err
	}
	b.Print = standingsPrint(st, opt)
	tf := &templateFill{Book: b, st: st, opt: opt, file: opt.Template, derived: map[derivedKey]int{}}
	// Check every sheet before changing any, so that an organizer sees every problem at once.
	var errs tbsheet.ErrorList
	var sheets []*templateSheet
	skip := map[string]bool{}
	for _, name := range f.GetSheetList() {
		skip[strings.ToLower(name)] = true
		ts, problems, err := tf.scan(name)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", opt.Template, name, err)
		}
		errs = append(errs, problems...)
		if ts != nil {
			sheets = append(sheets, ts)
		}
	}
	if !slices.ContainsFunc(sheets, func(ts *templateSheet) bool { return ts.playerRow > 0 }) && len(errs) == 0 {
		errs.Addf(tbsheet.Pos{File: opt.Template}, ErrTemplate,
			"no sheet has a player row (a row with {{rank}}, {{player}}, {{points}}, {{tb1}} …)")
	}
	if err := errs.Err(); err != nil {
		return err
	}
	for _, ts := range sheets {
		if err := tf.fill(ts); err != nil {
			return fmt.Errorf("%s: %s: %w", opt.Template, ts.name, err)
		}
	}
	names := SheetNamesFor(opt.Lang)
	if err := b.addStandardSheets(st, explainAll(st, opt.Lang), opt, names, skip); err != nil {
		return err
	}
	// Written without a path, excelize keeps the package's content types; naming the output
	// .xlsx turns an .xltx template into a workbook Excel opens as one.
	f.Path = "standings.xlsx"
	return finishBook(f, st, opt, w)
}

// openTemplate reads the organizer's workbook into memory; the file is never written.
func openTemplate(path string) (*excelize.File, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xlsx", ".xltx":
	case ".xlsm", ".xltm":
		return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, ErrTemplate,
			"macro-enabled workbooks are not supported as templates: save it as .xlsx")
	default:
		return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, ErrTemplate, "a template must be an .xlsx workbook")
	}
	data, err := readInput(path, "template", "an .xlsx workbook")
	if err != nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, ErrTemplate, "%v", err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: 256 << 20})
	if err != nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, ErrTemplate, "not a readable workbook: %v", err)
	}
	return f, nil
}

// templateFill is one run of filling a template.
type templateFill struct {
	*Book
	st   *calc.Standings
	opt  Options
	file string
	// derived caches the styles made by giving a template cell's style a number format.
	derived map[derivedKey]int
}

type derivedKey struct {
	style  int
	numFmt string
}

// templateCell is a cell of the player row.
type templateCell struct {
	col   int
	text  string
	style int
}

// templateSheet is a sheet of the template as scanned: its cells, and its player row (0 when
// it has none).
type templateSheet struct {
	name      string
	rows      [][]string
	playerRow int
}

// scan reads a sheet and checks its placeholders. It returns nil for a sheet that is not a
// worksheet (a chart sheet), which is left as it is.
func (tf *templateFill) scan(sheet string) (*templateSheet, tbsheet.ErrorList, error) {
	rows, err := tf.F.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		if strings.HasSuffix(err.Error(), "is not a worksheet") { // excelize has no error type for it
			return nil, nil, nil
		}
		return nil, nil, err
	}
	ts := &templateSheet{name: sheet, rows: rows}
	var errs tbsheet.ErrorList
	for ri, row := range rows {
		for ci, text := range row {
			pos := tbsheet.Pos{File: tf.file, Sheet: sheet, Row: ri + 1, Col: ci + 1}
			perPlayer := false
			for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
				p, known := placeholderKind(strings.ToLower(m[1]))
				if !known {
					errs.Addf(pos, ErrTemplate, "unknown placeholder %s", m[0])
				}
				perPlayer = perPlayer || p
			}
			switch {
			case perPlayer && ts.playerRow == 0:
				ts.playerRow = ri + 1
			case perPlayer && ts.playerRow != ri+1:
				errs.Addf(pos, ErrTemplate, "a second player row (row %d is the first): a sheet has one", ts.playerRow)
			}
		}
	}
	return ts, errs, nil
}

// fill replaces the placeholders of a scanned sheet.
func (tf *templateFill) fill(ts *templateSheet) error {
	// Cells outside the player row first, while their addresses still hold.
	for ri, row := range ts.rows {
		if ri+1 == ts.playerRow {
			continue
		}
		for ci, text := range row {
			if !strings.Contains(text, "{{") {
				continue
			}
			if err := tf.setCell(ts.name, tbsheet.CellName(ci+1, ri+1), text, nil, 0); err != nil {
				return err
			}
		}
	}
	if ts.playerRow == 0 {
		return nil
	}
	return tf.fillPlayerRow(ts.name, ts.playerRow, ts.rows[ts.playerRow-1])
}

// fillPlayerRow repeats the player row once per ranked player.
func (tf *templateFill) fillPlayerRow(sheet string, rowNum int, row []string) error {
	f := tf.F
	var cells []templateCell
	for ci, text := range row {
		cell := tbsheet.CellName(ci+1, rowNum)
		style, err := f.GetCellStyle(sheet, cell)
		if err != nil {
			return err
		}
		cells = append(cells, templateCell{col: ci + 1, text: text, style: style})
	}
	height, err := f.GetRowHeight(sheet, rowNum)
	if err != nil {
		return err
	}
	n := len(tf.st.Rows)
	if n > 1 {
		if err := f.InsertRows(sheet, rowNum+1, n-1); err != nil {
			return err
		}
	}
	if n == 0 { // nobody ranked yet: empty the placeholders, keep the row
		for _, c := range cells {
			if strings.Contains(c.text, "{{") {
				if err := f.SetCellValue(sheet, tbsheet.CellName(c.col, rowNum), ""); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i := range tf.st.Rows {
		r := &tf.st.Rows[i]
		for _, c := range cells {
			cell := tbsheet.CellName(c.col, rowNum+i)
			if err := f.SetCellStyle(sheet, cell, cell, c.style); err != nil {
				return err
			}
			if c.text == "" {
				continue
			}
			if err := tf.setCell(sheet, cell, c.text, r, c.style); err != nil {
				return err
			}
		}
		if i > 0 {
			if err := f.SetRowHeight(sheet, rowNum+i, height); err != nil {
				return err
			}
		}
	}
	return nil
}

// setCell writes a template cell's text with its placeholders replaced, for row r (nil
// outside the player row). A cell that is one placeholder gets a typed value.
func (tf *templateFill) setCell(sheet, cell, text string, r *calc.Row, style int) error {
	f := tf.F
	if m := placeholder.FindStringSubmatch(strings.TrimSpace(text)); m != nil && m[0] == strings.TrimSpace(text) {
		v := tf.value(strings.ToLower(m[1]), r)
		if v.numFmt != "" {
			id, err := tf.withNumFmt(sheet, cell, style, v.numFmt)
			if err != nil {
				return err
			}
			if err := f.SetCellStyle(sheet, cell, cell, id); err != nil {
				return err
			}
		}
		if v.formula != "" {
			// excelize's cell API writes no cached value for a formula; Excel and
			// LibreOffice compute it on opening (FullCalcOnLoad).
			return f.SetCellFormula(sheet, cell, v.formula)
		}
		return f.SetCellValue(sheet, cell, v.v)
	}
	out := placeholder.ReplaceAllStringFunc(text, func(s string) string {
		key := strings.ToLower(placeholder.FindStringSubmatch(s)[1])
		return tf.value(key, r).shown
	})
	return f.SetCellValue(sheet, cell, out)
}

// placeholderValue is what a placeholder stands for: a cell value, how it displays, the
// number format it wants when the template cell has none, and for {{tbN.formula}} the
// formula.
type placeholderValue struct {
	v       any
	shown   string
	numFmt  string
	formula string
}

func textValue(s string) placeholderValue { return placeholderValue{v: s, shown: s} }

func integer0(n int) placeholderValue {
	if n <= 0 {
		return textValue("")
	}
	return placeholderValue{v: n, shown: strconv.Itoa(n)}
}

// value returns what key stands for, for row r (nil outside the player row).
func (tf *templateFill) value(key string, r *calc.Row) placeholderValue {
	st, lang := tf.st, tf.opt.Lang
	ev := st.Event
	if m := tbKey.FindStringSubmatch(key); m != nil {
		j, _ := strconv.Atoi(m[1])
		j--
		if j >= len(st.Columns) {
			return textValue("")
		}
		d := st.Columns[j]
		switch m[2] {
		case "name":
			return textValue(d.Short)
		case "doc":
			return textValue(d.Doc)
		}
		fig := explainedFigure(st, r, j)
		switch m[2] {
		case "text":
			return textValue(explainText(lang, d, fig.Value, fig.Explain))
		}
		if !fig.Value.OK {
			return textValue("")
		}
		pv := placeholderValue{v: fig.Value.Num.Float64(), shown: d.FormatValue(fig.Value), numFmt: numFormat(d.Format, fig.Value.Num)}
		if m[2] == "formula" && fig.Explain.Expr != nil {
			if f, ok := excelFormula(fig.Explain.Expr); ok {
				pv.formula = f
			}
		}
		return pv
	}
	switch key {
	case "event":
		return textValue(ev.Name)
	case "date":
		return textValue(ev.Date)
	case "source":
		return textValue(ev.Source)
	case "system":
		if st.System != nil {
			return textValue(st.System.Title)
		}
		return textValue("")
	case "title":
		return textValue(Title(st, lang))
	case "round":
		last := 0
		for _, n := range st.Rounds {
			last = max(last, n)
		}
		return integer0(last)
	case "rounds":
		if ev.PlannedRounds > 0 {
			return integer0(ev.PlannedRounds)
		}
		return integer0(len(st.Rounds))
	case "players":
		return placeholderValue{v: len(st.Rows), shown: strconv.Itoa(len(st.Rows))}
	case "generated":
		return textValue(tf.opt.Time().Format("2006-01-02 15:04"))
	}
	if r == nil {
		return textValue("")
	}
	p := &ev.Players[r.Player]
	switch key {
	case "rank":
		return placeholderValue{v: r.Rank, shown: strconv.Itoa(r.Rank)}
	case "player":
		return textValue(p.Name)
	case "id":
		return textValue(p.ID)
	case "points":
		format := calc.FormatDecimal
		if st.RankBy != nil {
			format = st.RankBy.Format
		}
		return placeholderValue{v: r.Points.Float64(), shown: FormatPoints(st, r.Points), numFmt: numFormat(format, r.Points)}
	case "record":
		return textValue(Record(st, r))
	case "wins":
		return placeholderValue{v: r.Wins, shown: strconv.Itoa(r.Wins)}
	case "losses":
		return placeholderValue{v: r.Losses, shown: strconv.Itoa(r.Losses)}
	case "draws":
		return placeholderValue{v: r.Draws, shown: strconv.Itoa(r.Draws)}
	case "byes":
		return placeholderValue{v: r.Byes, shown: strconv.Itoa(r.Byes)}
	case "dropped":
		return integer0(r.DroppedAfter)
	case "note":
		return textValue(i18n.Of(lang).Note(r.Note))
	}
	return textValue("")
}

// withNumFmt returns the template cell's style with a number format, unless the organizer
// gave the cell a format of its own (then that one wins).
func (tf *templateFill) withNumFmt(sheet, cell string, style int, numFmt string) (int, error) {
	if style == 0 {
		var err error
		if style, err = tf.F.GetCellStyle(sheet, cell); err != nil {
			return 0, err
		}
	}
	k := derivedKey{style, numFmt}
	if id, ok := tf.derived[k]; ok {
		return id, nil
	}
	s, err := tf.F.GetStyle(style)
	if err != nil {
		return 0, err
	}
	id := style
	if s.NumFmt == 0 && s.CustomNumFmt == nil {
		if n, ok := builtinNumFmts[numFmt]; ok {
			s.NumFmt = n
		} else {
			s.CustomNumFmt = &numFmt
		}
		if id, err = tf.F.NewStyle(s); err != nil {
			return 0, err
		}
	}
	tf.derived[k] = id
	return id, nil
}
