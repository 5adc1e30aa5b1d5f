// Package apply writes a newly paired round into the organizer's own hand-kept file, laid
// out as the organizer keeps it (tbsheet.Layout): into the round's empty sheet when the
// workbook has one ready (a template's "Round 4"), else into a new sheet made from the last
// round's (same columns, headers, styles, widths, drop-downs and formulas, its typed values
// cleared), or as rows after the last ones of a match list, in a workbook or a CSV file (in
// its separator, encoding and line ends), or as a round block on each player's line of a
// chess TRF file. Result cells are left empty, ready to type; a bye
// is written as the readers read one. Every other sheet and cell is kept.
//
// It is the one place tbsheet writes to an input; the command line keeps a copy of the file
// first and writes the result through a temporary file renamed into place. The package
// returns the new file's bytes and does no file I/O.
package apply

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

// ErrLayout is returned for an input whose layout cannot take a new round: a file a
// program wrote (no Layout), a CSV file per round, a sheet without a Player column.
var ErrLayout = errors.New("cannot write the round into this file")

// Round returns data (the file ev was read from) with round r added. stage is the number of
// players a playoff round starts with (8 for the quarterfinals), for its sheet's name; 0
// for a Swiss round.
func Round(data []byte, ev *tbsheet.Event, r tbsheet.Round, stage int) ([]byte, error) {
	if ev.Format == "trf" {
		return appendTRF(data, ev, r)
	}
	l := ev.Layout
	if l == nil || len(l.Tables) == 0 {
		return nil, fmt.Errorf("%w: %s is not a hand-kept workbook or CSV file", ErrLayout, ev.Source)
	}
	rows := roundRows(ev, r)
	if ev.Format == "csv" {
		return appendCSV(data, l, rows)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ev.Source, err)
	}
	defer f.Close()
	if err := writeRound(f, l, r, stage, rows); err != nil {
		return nil, fmt.Errorf("%s: %w", ev.Source, err)
	}
	var out bytes.Buffer
	if err := f.Write(&out); err != nil {
		return nil, fmt.Errorf("%s: %w", ev.Source, err)
	}
	return out.Bytes(), nil
}

// row is one match as the hand-kept columns hold it.
type row map[string]any

// roundRows lays out the round's matches by column key: round, table, players, and the
// result only for a bye (the others are left empty, to be typed).
func roundRows(ev *tbsheet.Event, r tbsheet.Round) []row {
	var rows []row
	var round any = r.Number
	if r.Playoff {
		round = handkept.PlayoffRoundLabel(r.Number)
	}
	name := func(p int) string {
		if p == tbsheet.NoPlayer {
			return ""
		}
		return ev.Players[p].Name
	}
	for _, m := range r.Matches {
		x := row{"round": round, "p1": name(m.P1), "p2": name(m.P2)}
		if m.Table > 0 {
			x["table"] = m.Table
		}
		if m.Result != tbsheet.Unreported {
			x["result"] = handkept.FormatResultCell(m)
		}
		rows = append(rows, x)
	}
	return rows
}

// writeRound writes the rows into a workbook: into the round's own empty sheet when it has
// one; else after the match list's last row, unless it is a playoff round and the workbook
// keeps its playoff rounds in sheets of their own; else into a new sheet made from the
// latest playoff sheet (a playoff round) or round sheet.
func writeRound(f *excelize.File, l *tbsheet.Layout, r tbsheet.Round, stage int, rows []row) error {
	var list, swiss, playoff *tbsheet.LayoutTable
	for i := range l.Tables {
		t := &l.Tables[i]
		switch {
		case sameRound(t, r, stage):
			if t.Last > t.Header {
				return fmt.Errorf("%w: sheet %s already holds matches", ErrLayout, tbsheet.Quote(t.Sheet))
			}
			return fillRows(f, t, t.Header+1, sheetRows(t, rows), false)
		case t.Playoff:
			playoff = t
		case t.Round == 0:
			list = t
		case swiss == nil || t.Round > swiss.Round:
			swiss = t
		}
	}
	if list != nil && !(r.Playoff && playoff != nil) {
		if _, ok := list.Columns["round"]; !ok {
			return fmt.Errorf("%w: the match list has no Round column", ErrLayout)
		}
		at := list.Last + 1
		if err := makeRoom(f, list, at, len(rows)); err != nil {
			return err
		}
		return fillRows(f, list, at, rows, true)
	}
	model := swiss
	if r.Playoff && playoff != nil || model == nil {
		model = playoff
	}
	if model == nil {
		return fmt.Errorf("%w: no round sheet to follow", ErrLayout)
	}
	t, err := copySheet(f, model, sheetName(f, model.Sheet, model.Round, r, stage))
	if err != nil {
		return err
	}
	t.Round, t.Stage, t.Playoff = r.Number, stage, r.Playoff
	return fillRows(f, t, t.Header+1, sheetRows(t, rows), false)
}

// sheetRows are the rows as a round's own sheet holds them: the sheet names the round, so
// a playoff sheet's Round column (if it has one) is left empty.
func sheetRows(t *tbsheet.LayoutTable, rows []row) []row {
	if !t.Playoff {
		return rows
	}
	out := make([]row, len(rows))
	for i, x := range rows {
		out[i] = maps.Clone(x)
		delete(out[i], "round")
	}
	return out
}

// sameRound reports whether a round sheet is the one for r.
func sameRound(t *tbsheet.LayoutTable, r tbsheet.Round, stage int) bool {
	if r.Playoff {
		return t.Playoff && (t.Stage != 0 && t.Stage == stage || t.Stage == 0 && t.Round == r.Number)
	}
	return !t.Playoff && t.Round == r.Number
}

// makeRoom makes n empty rows at row at of a match list: rows below the table (notes) move
// down; blank rows are used as they are.
func makeRoom(f *excelize.File, t *tbsheet.LayoutTable, at, n int) error {
	rows, err := f.GetRows(t.Sheet)
	if err != nil {
		return err
	}
	if at-1 >= len(rows) {
		return nil
	}
	for _, cells := range rows[at-1:] {
		if slices.ContainsFunc(cells, func(c string) bool { return strings.TrimSpace(c) != "" }) {
			return f.InsertRows(t.Sheet, at, n)
		}
	}
	return nil
}

// fillRows writes rows from row at on, each cell in its key's column. styled copies the
// style of the table's last row onto the new cells (a match list grows downwards); a round
// sheet's rows keep their own.
func fillRows(f *excelize.File, t *tbsheet.LayoutTable, at int, rows []row, styled bool) error {
	width := 0
	for _, c := range t.Columns {
		width = max(width, c+1)
	}
	styles := make([]int, width)
	if styled && t.Last > t.Header {
		for c := range styles {
			cell, _ := excelize.CoordinatesToCellName(c+1, t.Last)
			styles[c], _ = f.GetCellStyle(t.Sheet, cell)
		}
	}
	for i, x := range rows {
		for key, c := range t.Columns {
			cell, err := excelize.CoordinatesToCellName(c+1, at+i)
			if err != nil {
				return err
			}
			if styled && styles[c] != 0 {
				if err := f.SetCellStyle(t.Sheet, cell, cell, styles[c]); err != nil {
					return err
				}
			}
			v, ok := x[key]
			if !ok {
				continue
			}
			if err := f.SetCellValue(t.Sheet, cell, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// copySheet adds a sheet named name after model's, with its columns, styles, widths and
// drop-downs, its rows below the header cleared but for formulas.
func copySheet(f *excelize.File, model *tbsheet.LayoutTable, name string) (*tbsheet.LayoutTable, error) {
	from, err := f.GetSheetIndex(model.Sheet)
	if err != nil {
		return nil, err
	}
	to, err := f.NewSheet(name)
	if err != nil {
		return nil, err
	}
	if err := f.CopySheet(from, to); err != nil {
		return nil, err
	}
	// Place it after the model: before the sheet that follows the model, if any.
	list := f.GetSheetList()
	if i := slices.Index(list, model.Sheet); i >= 0 && i+1 < len(list) && list[i+1] != name {
		if err := f.MoveSheet(name, list[i+1]); err != nil {
			return nil, err
		}
	}
	rows, err := f.GetRows(name)
	if err != nil {
		return nil, err
	}
	for r := model.Header + 1; r <= len(rows); r++ {
		for c := range rows[r-1] {
			cell, _ := excelize.CoordinatesToCellName(c+1, r)
			if formula, _ := f.GetCellFormula(name, cell); formula != "" {
				continue
			}
			if err := f.SetCellValue(name, cell, nil); err != nil {
				return nil, err
			}
		}
	}
	// Titles above the header that name the model's round name the new one.
	for r := 1; r < model.Header && r <= len(rows); r++ {
		for c, v := range rows[r-1] {
			if strings.TrimSpace(v) == model.Sheet {
				cell, _ := excelize.CoordinatesToCellName(c+1, r)
				if err := f.SetCellValue(name, cell, name); err != nil {
					return nil, err
				}
			}
		}
	}
	f.SetActiveSheet(slices.Index(f.GetSheetList(), name))
	t := *model
	t.Sheet, t.Last = name, model.Header
	return &t, nil
}

// number finds the digits of a sheet name.
var number = regexp.MustCompile(`\d+`)

// sheetName names the new round's sheet after the model's: its round number replaced
// ("Round 3" → "Round 4", "R3" → "R4"), else the name tbsheet gives a round in the model's
// language (a playoff round: its stage's name), made unique.
func sheetName(f *excelize.File, model string, modelRound int, r tbsheet.Round, stage int) string {
	lang := "en"
	switch {
	case strings.ContainsAny(model, "轮輪"):
		lang = "zh"
	case strings.Contains(model, "回戦"), strings.Contains(model, "ラウンド"):
		lang = "ja"
	}
	var name string
	switch {
	case r.Playoff && stage > 0:
		name = handkept.PlayoffName(stage, lang)
	case r.Playoff:
		name = handkept.PlayoffRoundLabel(r.Number)
	default:
		name = handkept.RoundSheetName(r.Number, lang)
		if locs := number.FindAllStringIndex(model, -1); len(locs) > 0 && modelRound > 0 {
			at := locs[len(locs)-1]
			if model[at[0]:at[1]] == strconv.Itoa(modelRound) {
				name = model[:at[0]] + strconv.Itoa(r.Number) + model[at[1]:]
			}
		}
	}
	base, taken := name, f.GetSheetList()
	for i := 2; slices.ContainsFunc(taken, func(s string) bool { return strings.EqualFold(s, name) }); i++ {
		name = base + " (" + strconv.Itoa(i) + ")"
	}
	return name
}

// appendCSV appends the rows to a CSV file's bytes, in its separator, encoding and line
// ends, quoting a field as encoding/csv does.
func appendCSV(data []byte, l *tbsheet.Layout, rows []row) ([]byte, error) {
	t := l.Tables[0]
	if _, ok := t.Columns["round"]; !ok {
		return nil, fmt.Errorf("%w: this file has no Round column (a file per round): start the next round's file by hand", ErrLayout)
	}
	enc, err := csvEncoding(l.Encoding)
	if err != nil {
		return nil, err
	}
	width := 0
	for _, c := range t.Columns {
		width = max(width, c+1)
	}
	var text strings.Builder
	w := csv.NewWriter(&text)
	w.Comma, w.UseCRLF = l.Sep, l.CRLF
	if w.Comma == 0 {
		w.Comma = ','
	}
	for _, x := range rows {
		record := make([]string, width)
		for key, c := range t.Columns {
			if v, ok := x[key]; ok {
				record[c] = fmt.Sprint(v)
			}
		}
		if err := w.Write(record); err != nil {
			return nil, err
		}
	}
	w.Flush()
	added := []byte(text.String())
	if enc != nil {
		if added, err = enc.NewEncoder().Bytes(added); err != nil {
			return nil, fmt.Errorf("a name cannot be written in the file's encoding (%s): save it as CSV UTF-8 first: %w", l.Encoding, err)
		}
	}
	out := slices.Clip(data)
	if len(out) > 0 && out[len(out)-1] != '\n' && out[len(out)-1] != '\r' {
		if l.CRLF {
			out = append(out, '\r')
		}
		out = append(out, '\n')
	}
	return append(out, added...), nil
}

// csvEncoding returns the encoding a CSV reader reported (nil for UTF-8).
func csvEncoding(name string) (encoding.Encoding, error) {
	switch name {
	case "":
		return nil, nil
	case "Windows-1252":
		return charmap.Windows1252, nil
	case "GBK":
		return simplifiedchinese.GB18030, nil
	case "Shift-JIS":
		return japanese.ShiftJIS, nil
	}
	return nil, fmt.Errorf("%w: the file is in %s: save it as CSV UTF-8 first", ErrLayout, name)
}
