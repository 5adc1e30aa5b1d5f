package resultfile

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// DefaultTemplateRounds is the number of round sheets WriteTemplate writes when asked for 0.
const DefaultTemplateRounds = 5

// maxTemplateRounds bounds the round sheets: the hand-kept reader reads up to three-digit
// round numbers, and no Swiss event needs more than a few dozen.
const maxTemplateRounds = 99

// templateRows is how many rows of each sheet get validation: more than any event's tables
// or players.
const templateRows = 2000

// resultChoices is the Result dropdown of the template: the results organizers type most,
// then handkept.ResultForms(). Other values stay allowed (2:1, 3-0-2 …) after a warning.
func resultChoices() []string {
	common := []string{"2-0", "2-1", "1-2", "0-2", "1-1-1", "1-1", "2-1-1", "1-2-1", "2-0-1", "0-2-1",
		"1-0-1", "0-1-1", "0-0-3", "ID", "W", "L", "D", "DL", "+", "-", "BYE", "1-0", "0-1", "½-½"}
	for _, f := range handkept.ResultForms() {
		if !slices.Contains(common, f) {
			common = append(common, f)
		}
	}
	return common
}

// instructionLines returns the lines of the Instructions sheet (template.howto.0, .1 … in
// the catalogue) in every language, lang's first, with an empty line between languages: all
// are written whatever --lang says, since a team of judges may not share one.
func instructionLines(lang string) []string {
	order := []string{strings.ToLower(lang)}
	for _, l := range i18n.Langs() {
		if l != order[0] {
			order = append(order, l)
		}
	}
	var lines []string
	for _, l := range order {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		for i := 0; ; i++ {
			key := "template.howto." + strconv.Itoa(i)
			if !i18n.Lang(l).Has(key) {
				break
			}
			lines = append(lines, writer.Label(l, key))
		}
	}
	return lines
}

// WriteTemplate writes a blank hand-kept results workbook (`tbsheet template`): an Event
// sheet (the event's name and date, blank, its system — the preset given, or blank — with a
// drop-down of the presets, and its rounds, each with a hint), a Players sheet (Name, ID, Dropped
// After, Rating), one sheet per round (Table, Player 1, Player 2, Result) named in opt.Lang
// (Round 1, 第1轮, 第1回戦), and an Instructions sheet in English, Chinese and Japanese,
// opt.Lang's first. rounds is the number of round sheets (0 means
// DefaultTemplateRounds). The Result column offers the usual results in a dropdown and
// warns about, without refusing, anything else; the player columns offer the Players
// sheet's names. ID and Result are text columns, so that Excel neither drops an ID's leading
// zeros nor turns 2-1 into a date. tbsheet's hand-kept reader reads the workbook as written.
func WriteTemplate(w io.Writer, rounds int, system string, opt writer.Options) error {
	if rounds == 0 {
		rounds = DefaultTemplateRounds
	}
	if rounds < 1 || rounds > maxTemplateRounds {
		return fmt.Errorf("a template has 1 to %d rounds, not %d", maxTemplateRounds, rounds)
	}
	players := writer.Label(opt.Lang, "sheet.players")
	b, err := writer.NewEmbeddedBook(opt.Lang, players)
	if err != nil {
		return err
	}
	f := b.F
	defer f.Close()
	for range 4 { // the style cells of the embedded workbook are not players
		if err := f.RemoveRow(players, 1); err != nil {
			return err
		}
	}
	if err := blankSheet(b, players, writer.PlayersKeys, []float64{28, 14, 14, 10}, map[string]string{"id": "@"}); err != nil {
		return err
	}
	if err := playersValidation(b, players); err != nil {
		return err
	}
	for n := 1; n <= rounds; n++ {
		sheet := handkept.RoundSheetName(n, opt.Lang)
		if err := b.AddSheet(sheet); err != nil {
			return err
		}
		keys := []string{"table", "p1", "p2", "result"}
		if err := blankSheet(b, sheet, keys, []float64{8, 28, 28, 12}, map[string]string{"table": "0", "result": "@"}); err != nil {
			return err
		}
		if err := roundValidation(b, sheet, players); err != nil {
			return err
		}
	}
	if err := instructionsSheet(b, writer.Label(opt.Lang, "sheet.instructions"), instructionLines(opt.Lang)); err != nil {
		return err
	}
	if err := eventSheet(b, writer.Label(opt.Lang, "sheet.event"), rounds, system); err != nil {
		return err
	}
	// No document title: the reader would take it for the event's name.
	return writer.FinishWorkbook(f, "", opt, w)
}

// eventSheet writes the Event sheet, first in the workbook and open: the labels Name and
// Date with blank text cells beside them, Rounds with the number of round sheets (so that
// the standings say "after round 2 of 5" from round 1), and a hint after each, which the
// reader skips.
func eventSheet(b *writer.Book, sheet string, rounds int, system string) error {
	f := b.F
	if err := b.AddSheet(sheet); err != nil {
		return err
	}
	hs, err := b.Style(writer.StyleKey{Row: writer.RowHeader})
	if err != nil {
		return err
	}
	input, err := f.NewStyle(&excelize.Style{NumFmt: 49, // text: a date stays as typed
		Border: []excelize.Border{{Type: "bottom", Color: "808080", Style: 1}}})
	if err != nil {
		return err
	}
	hint, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Color: "808080", Italic: true}})
	if err != nil {
		return err
	}
	for col, w := range map[string]float64{"A": 16, "B": 40, "C": 70} {
		if err := f.SetColWidth(sheet, col, col, w); err != nil {
			return err
		}
	}
	values := map[string]string{"rounds": strconv.Itoa(rounds), "system": system}
	keys := []string{"name", "date", "system", "rounds"}
	for i, key := range keys {
		row := strconv.Itoa(i + 1)
		for _, c := range []struct {
			cell, value string
			style       int
		}{
			{"A" + row, handkept.EventFieldLabel(key, b.Lang), hs},
			{"B" + row, values[key], input},
			{"C" + row, writer.Label(b.Lang, "template.event-"+key), hint},
		} {
			if err := f.SetCellStr(sheet, c.cell, c.value); err != nil {
				return err
			}
			if err := f.SetCellStyle(sheet, c.cell, c.cell, c.style); err != nil {
				return err
			}
		}
	}
	// The System cell offers the presets; any other name is refused when the standings are
	// computed, at the cell.
	systems := excelize.NewDataValidation(true)
	systems.Sqref = "B" + strconv.Itoa(slices.Index(keys, "system")+1)
	var names []string
	for _, s := range calc.Systems() {
		names = append(names, s.Name)
	}
	if err := systems.SetDropList(names); err != nil {
		return err
	}
	if err := f.AddDataValidation(sheet, systems); err != nil {
		return err
	}
	if err := f.MoveSheet(sheet, f.GetSheetList()[0]); err != nil {
		return err
	}
	idx, err := f.GetSheetIndex(sheet)
	if err != nil {
		return err
	}
	f.SetActiveSheet(idx)
	return nil
}

// blankSheet writes a header row of hand-kept columns and formats the columns below it.
func blankSheet(b *writer.Book, sheet string, keys []string, widths []float64, formats map[string]string) error {
	f := b.F
	hs, err := b.Style(writer.StyleKey{Row: writer.RowHeader})
	if err != nil {
		return err
	}
	for i, k := range keys {
		col, err := excelize.ColumnNumberToName(i + 1)
		if err != nil {
			return err
		}
		if err := f.SetColWidth(sheet, col, col, widths[i]); err != nil {
			return err
		}
		// A column style formats every cell typed into the column later.
		if code, ok := formats[k]; ok {
			id, err := b.Style(writer.StyleKey{NumFmt: code})
			if err != nil {
				return err
			}
			if err := f.SetColStyle(sheet, col, id); err != nil {
				return err
			}
		}
		if err := f.SetCellStr(sheet, col+"1", handkept.ColumnHeader(k, b.Lang)); err != nil {
			return err
		}
		if err := f.SetCellStyle(sheet, col+"1", col+"1", hs); err != nil {
			return err
		}
	}
	return f.SetPanes(sheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
}

// playersValidation checks Dropped After and Rating: whole numbers, with a warning.
func playersValidation(b *writer.Book, sheet string) error {
	dropped := excelize.NewDataValidation(true)
	dropped.Sqref = fmt.Sprintf("C2:C%d", templateRows+1)
	if err := dropped.SetRange(1, maxTemplateRounds, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
		return err
	}
	dropped.SetInput(handkept.ColumnHeader("dropped", b.Lang), writer.Label(b.Lang, "template.dropped-help"))
	dropped.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("dropped", b.Lang),
		writer.Label(b.Lang, "template.dropped-error"))
	rating := excelize.NewDataValidation(true)
	rating.Sqref = fmt.Sprintf("D2:D%d", templateRows+1)
	if err := rating.SetRange(0, 4000, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
		return err
	}
	rating.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("rating", b.Lang),
		writer.Label(b.Lang, "template.rating-error"))
	for _, dv := range []*excelize.DataValidation{dropped, rating} {
		if err := b.F.AddDataValidation(sheet, dv); err != nil {
			return err
		}
	}
	return nil
}

// roundValidation offers the Players sheet's names in the player columns (any other name is
// accepted silently: a late entry, a BYE) and the usual results in the Result column (anything
// else after a warning).
func roundValidation(b *writer.Book, sheet, players string) error {
	names := excelize.NewDataValidation(true)
	names.Sqref = fmt.Sprintf("B2:C%d", templateRows+1)
	names.SetSqrefDropList(fmt.Sprintf("'%s'!$A$2:$A$%d", strings.ReplaceAll(players, "'", "''"), templateRows+1))
	result := excelize.NewDataValidation(true)
	result.Sqref = fmt.Sprintf("D2:D%d", templateRows+1)
	if err := result.SetDropList(resultChoices()); err != nil {
		return err
	}
	result.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("result", b.Lang),
		writer.Label(b.Lang, "template.result-error"))
	for _, dv := range []*excelize.DataValidation{names, result} {
		if err := b.F.AddDataValidation(sheet, dv); err != nil {
			return err
		}
	}
	return nil
}

// instructionsSheet writes the instructions, one paragraph per row, headings styled. Row
// heights are set from the text's length, since spreadsheets do not grow rows for wrapped
// text they did not lay out themselves.
func instructionsSheet(b *writer.Book, sheet string, instructions []string) error {
	const width = 100
	f := b.F
	if err := b.AddSheet(sheet); err != nil {
		return err
	}
	if err := f.SetColWidth(sheet, "A", "A", width); err != nil {
		return err
	}
	heading := b.HeaderStyle()
	heading.Alignment = &excelize.Alignment{Horizontal: "left", Vertical: "center"}
	hs, err := f.NewStyle(&heading)
	if err != nil {
		return err
	}
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	isHeading := true
	for i, line := range instructions {
		cell := fmt.Sprintf("A%d", i+1)
		if err := f.SetCellStr(sheet, cell, line); err != nil {
			return err
		}
		style := wrap
		if isHeading {
			style = hs
		}
		if err := f.SetCellStyle(sheet, cell, cell, style); err != nil {
			return err
		}
		lines := math.Ceil(writer.TextWidth(line) * 1.1 / width) // proportional text runs wider than digits
		if err := f.SetRowHeight(sheet, i+1, 15*max(1, lines)); err != nil {
			return err
		}
		isHeading = line == ""
	}
	return nil
}
