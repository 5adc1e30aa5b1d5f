package reader

// The hand-kept XLSX reader (format "xlsx"): a match list on one sheet, or one sheet per
// round, plus optional Players and playoff sheets (cli.md "Input formats"). Rows are
// streamed with excelize's Rows iterator in raw mode (libraries.md §B3); handkept*.go turn
// them into the event.

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

func init() {
	Register(&Format{
		ID:    "xlsx",
		Title: "hand-kept Excel workbook",
		Exts:  []string{".xlsx", ".xlsm"},
		Sniff: func(data []byte, _ string) bool { return isWorkbook(data) },
		Read:  readXLSX,
	})
}

// workbookLimits are the excelize options for untrusted workbooks: raw cell values (no
// number formats applied, dates as serials), and caps on the unzipped size (libraries.md §B3.2).
var workbookLimits = excelize.Options{RawCellValue: true, UnzipSizeLimit: 64 << 20, UnzipXMLSizeLimit: 16 << 20}

// isWorkbook reports whether data is an Office Open XML workbook: a zip whose directory holds
// [Content_Types].xml and xl/workbook.xml.
func isWorkbook(data []byte) bool {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return false
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	var types, book bool
	for _, f := range zr.File {
		switch f.Name {
		case "[Content_Types].xml":
			types = true
		case "xl/workbook.xml":
			book = true
		}
	}
	return types && book
}

// workbook is an open workbook being read, with the budget all its sheets share.
type workbook struct {
	f     *excelize.File
	file  string
	rows  int // non-blank rows read so far
	cells int // cells read so far
	parts map[string]string
}

// openWorkbook opens data with the limits, explaining the usual failures.
func openWorkbook(data []byte, file string) (*workbook, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), workbookLimits)
	if err != nil {
		if f != nil {
			f.Close()
		}
		msg, kind := fmt.Sprintf("cannot open the workbook: %v", err), tbsheet.ErrFormat
		switch {
		case bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")):
			msg = "this is a password-protected workbook or an old Excel 97-2003 (.xls) file: save it as .xlsx without a password"
		case strings.Contains(err.Error(), "unzip size"):
			msg = fmt.Sprintf("the workbook unpacks to more than %d MiB; a results workbook is far smaller", workbookLimits.UnzipSizeLimit>>20)
			kind = tbsheet.ErrTooLarge
		}
		return nil, tbsheet.Errorf(tbsheet.Pos{File: file}, kind, "%s", msg)
	}
	return &workbook{f: f, file: file}, nil
}

func (wb *workbook) close() { wb.f.Close() }

// sheet starts streaming a worksheet.
func (wb *workbook) sheet(name string) (*sheetRows, error) {
	rows, err := wb.f.Rows(name)
	if err != nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: wb.file, Sheet: name}, tbsheet.ErrFormat, "cannot read the sheet: %v", err)
	}
	return &sheetRows{wb: wb, sheet: name, rows: rows}, nil
}

// sheetRows streams one worksheet as a rowSource.
type sheetRows struct {
	wb       *workbook
	sheet    string
	rows     *excelize.Rows
	row      int // the current row's number
	cells    []string
	err      error
	uncached map[string]string // cell → formula; built on first need
	scanned  bool
}

func (s *sheetRows) Next() bool {
	for s.err == nil && s.rows.Next() {
		s.row++
		cells, err := s.rows.Columns()
		if err != nil {
			s.err = err
			break
		}
		if len(cells) == 0 {
			continue
		}
		s.wb.rows++
		s.wb.cells += len(cells)
		if s.wb.rows > maxRows || s.wb.cells > maxCells {
			s.err = tbsheet.Errorf(s.Pos(0), tbsheet.ErrTooLarge,
				"stopped reading here: the workbook holds more than %d rows or %d cells, far more than a results sheet",
				maxRows, maxCells)
			break
		}
		s.cells = cells
		return true
	}
	if s.err == nil {
		s.err = s.rows.Error()
	}
	return false
}

func (s *sheetRows) Cells() []string { return s.cells }

func (s *sheetRows) Pos(i int) tbsheet.Pos {
	return tbsheet.Pos{File: s.wb.file, Sheet: s.sheet, Row: s.row, Col: i + 1}
}

func (s *sheetRows) Err() error { return s.err }

func (s *sheetRows) close() { s.rows.Close() }

func (s *sheetRows) Uncached(i int) string {
	if !s.scanned {
		s.scanned = true
		s.uncached = uncachedFormulas(s.wb.part(s.sheet))
	}
	return s.uncached[tbsheet.CellName(i+1, s.row)]
}

// part returns the raw XML of a worksheet, or nil when it cannot be found (or was spooled to
// a temporary file because it is large).
func (wb *workbook) part(sheet string) []byte {
	if wb.parts == nil {
		wb.parts = sheetParts(wb.raw("xl/workbook.xml"), wb.raw("xl/_rels/workbook.xml.rels"))
	}
	return wb.raw(wb.parts[sheet])
}

func (wb *workbook) raw(name string) []byte {
	if v, ok := wb.f.Pkg.Load(name); ok {
		if b, ok := v.([]byte); ok {
			return b
		}
	}
	return nil
}

// sheetParts maps sheet names to their parts ("xl/worksheets/sheet1.xml") from the workbook
// and its relationships.
func sheetParts(book, rels []byte) map[string]string {
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rs struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	out := map[string]string{}
	if xml.Unmarshal(book, &wb) != nil || xml.Unmarshal(rels, &rs) != nil {
		return out
	}
	target := map[string]string{}
	for _, r := range rs.Rels {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		target[r.ID] = t
	}
	for _, s := range wb.Sheets {
		out[s.Name] = target[s.RID]
	}
	return out
}

// uncachedFormulas returns the cells of a worksheet that hold a formula without a saved
// value: no <v>, or an empty <v> on a cell that is not a string (Excel saves a formula's
// empty-string result as t="str" with an empty <v>; excelize and openpyxl write formulas
// with no value at all).
func uncachedFormulas(part []byte) map[string]string {
	if !bytes.Contains(part, []byte("<f")) {
		return nil
	}
	out := map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(part))
	var ref, typ, in string
	var formula, value strings.Builder
	var hasF, hasV bool
	for {
		tok, err := d.Token()
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case xml.StartElement:
			in = t.Name.Local
			switch in {
			case "c":
				ref, typ, hasF, hasV = "", "", false, false
				formula.Reset()
				value.Reset()
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "r":
						ref = a.Value
					case "t":
						typ = a.Value
					}
				}
			case "f":
				hasF = true
			case "v":
				hasV = true
			}
		case xml.CharData:
			switch in {
			case "f":
				formula.Write(t)
			case "v":
				value.Write(t)
			}
		case xml.EndElement:
			in = ""
			if t.Name.Local == "c" && hasF && (!hasV || (value.Len() == 0 && typ != "str" && typ != "inlineStr")) {
				f := formula.String()
				if f == "" {
					f = "… (a shared formula)"
				}
				out[ref] = f
			}
		}
	}
}

// sheetRole is what a worksheet is in a hand-kept workbook.
type sheetRole struct {
	name    string
	players bool
	event   bool     // an Event sheet: name, date, system, points, tiebreaks, rounds
	round   roundKey // a per-round or playoff sheet when set
	matches bool     // named like a match list (Matches, Results, 对阵, 対戦表)
}

func classify(name string) sheetRole {
	s := sheetRole{name: name}
	switch {
	case handkept.SheetKind(name) == "players":
		s.players = true
	case handkept.SheetKind(name) == "matches":
		s.matches = true
	case handkept.SheetKind(name) == "event":
		s.event = true
	default:
		if n, ok := handkept.RoundSheetNumber(name); ok {
			s.round.n = n
		} else if st, ok := handkept.PlayoffStage(name); ok {
			s.round.stage = st
		} else if n, ok := handkept.PlayoffRoundNumber(name); ok {
			s.round = roundKey{n: n, playoff: true}
		}
	}
	return s
}

func readXLSX(data []byte, file string, opt Options) (*tbsheet.Event, error) {
	wb, err := openWorkbook(data, file)
	if err != nil {
		return nil, err
	}
	defer wb.close()
	h := newHKReader(file, "xlsx")
	var roles []sheetRole
	for _, name := range wb.f.GetSheetList() {
		roles = append(roles, classify(name))
	}

	// Players: --players wins over a Players sheet.
	used := map[string]bool{}
	for _, s := range roles {
		if !s.players {
			continue
		}
		used[s.name] = true
		h.sheets = append(h.sheets, s.name)
		if opt.Players != nil {
			h.note("sheet %q ignored: the players list given with --players is used instead", s.name)
			break
		}
		if players, ok := wb.readPlayers(s.name, &h.errs); ok {
			h.useRoster(players)
		}
		break
	}
	if opt.Players != nil {
		h.useRoster(opt.Players)
	}

	for _, s := range roles {
		if s.event {
			used[s.name] = true
			wb.readEventSheet(h, s.name)
		}
	}

	// Swiss rounds: one sheet per round, else a match list.
	var rounds, playoffs []sheetRole
	for _, s := range roles {
		switch {
		case s.round.stage > 0 || s.round.playoff:
			playoffs = append(playoffs, s)
		case s.round.n > 0:
			rounds = append(rounds, s)
		}
	}
	sort.SliceStable(rounds, func(i, j int) bool { return rounds[i].round.n < rounds[j].round.n })
	sort.SliceStable(playoffs, func(i, j int) bool {
		a, b := playoffs[i].round, playoffs[j].round
		return a.n < b.n || a.n == b.n && a.stage > b.stage
	})
	if len(rounds) > 0 {
		for _, s := range append(rounds, playoffs...) {
			used[s.name] = true
			wb.readRoundSheet(h, s)
		}
	} else {
		for _, s := range playoffs {
			used[s.name] = true
		}
		if !wb.readMatchList(h, roles, used) && len(playoffs) == 0 {
			return nil, wb.notResults(roles)
		}
		for _, s := range playoffs {
			wb.readRoundSheet(h, s)
		}
	}
	for _, s := range roles {
		switch {
		case used[s.name]:
		case s.matches && len(rounds) > 0:
			h.note("sheet %q ignored: the per-round sheets are read instead", s.name)
		default:
			h.note("sheet %q ignored", s.name)
		}
	}
	if h.ev.Name == "" {
		// Templates written before the Event sheet carried the title "tbsheet".
		if p, err := wb.f.GetDocProps(); err == nil && strings.TrimSpace(p.Title) != "tbsheet" {
			h.ev.Name = strings.TrimSpace(p.Title)
		}
	}
	return h.finish()
}

// readEventSheet reads an Event sheet: rows of a label (EventFields) and its value, which say
// how the workbook is ranked. Unknown labels are noted, malformed values are errors at their
// cell; the system and tiebreak names are checked when the standings are computed.
func (wb *workbook) readEventSheet(h *hkReader, sheet string) {
	rows, err := wb.sheet(sheet)
	if err != nil {
		h.errs.Add(tbsheet.Errors(err)[0])
		return
	}
	defer rows.close()
	ev := h.ev
	first := true
	for rows.Next() {
		cells := rows.Cells()
		if len(cells) < 2 || strings.TrimSpace(cells[0]) == "" || strings.TrimSpace(cells[1]) == "" {
			continue
		}
		label, val, pos := cells[0], strings.TrimSpace(cells[1]), rows.Pos(1)
		header := first // a first row that names no field heads the columns ("Item | Value")
		first = false
		switch handkept.EventFieldKey(label) {
		case "name":
			ev.Name = val
		case "date":
			ev.Date = val
		case "system":
			ev.System, ev.SystemPos = strings.ToLower(val), pos
		case "points":
			p, err := tbsheet.ParsePoints(val)
			if err != nil {
				h.errs.addf(pos, label, tbsheet.ErrValue, "%v", err)
				continue
			}
			ev.Points = &p
		case "tiebreaks":
			ev.Tiebreaks, ev.TiebreaksPos = nil, pos
			for _, id := range strings.FieldsFunc(val, func(r rune) bool { return r == ',' || r == '、' || r == ' ' }) {
				ev.Tiebreaks = append(ev.Tiebreaks, strings.ToLower(id))
			}
		case "rounds":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > sanityMaxRounds {
				h.errs.addf(pos, label, tbsheet.ErrValue, "%q is not a number of rounds", val)
				continue
			}
			ev.PlannedRounds = n
		default:
			if !header && handkept.ColumnKey(label) == "" {
				h.note("sheet %q: row %d (%q) ignored", sheet, rows.row, label)
			}
		}
	}
	if err := rows.Err(); err != nil {
		h.errs.addf(rows.Pos(0), "", tbsheet.ErrFormat, "%v", err)
	}
}

// readPlayers reads a Players sheet.
func (wb *workbook) readPlayers(sheet string, errs *problems) ([]tbsheet.Player, bool) {
	src, err := wb.sheet(sheet)
	if err != nil {
		errs.Add(tbsheet.Errors(err)[0])
		return nil, false
	}
	defer src.close()
	hd, first := findHeader(src, playersHeader)
	if hd == nil {
		if err := src.Err(); err != nil {
			errs.Add(errorAt(src, err))
		} else if first != nil {
			errs.addf(tbsheet.Pos{File: wb.file, Sheet: sheet}, "", tbsheet.ErrColumns,
				"no header row with a Name column in the first %d rows (first row: %s)", headerScan, describeRow(first))
		}
		return nil, false
	}
	return readPlayers(src, hd, errs), true
}

// readRoundSheet reads a per-round or playoff sheet; an empty one (a template's) is skipped.
func (wb *workbook) readRoundSheet(h *hkReader, s sheetRole) {
	h.sheets = append(h.sheets, s.name)
	src, err := wb.sheet(s.name)
	if err != nil {
		h.errs.Add(tbsheet.Errors(err)[0])
		return
	}
	defer src.close()
	hd, first := findHeader(src, matchHeader)
	switch {
	case hd == nil && src.Err() != nil:
		h.errs.Add(errorAt(src, src.Err()))
	case hd == nil && first != nil:
		h.errs.addf(tbsheet.Pos{File: wb.file, Sheet: s.name}, "", tbsheet.ErrColumns,
			"no header row with Player 1, Player 2 and Result in the first %d rows (first row: %s)",
			headerScan, describeRow(first))
	case hd != nil && matchColumns(hd, false, &h.errs):
		h.setTitle(hd)
		round := s.round
		h.readMatches(src, hd, &round)
	}
}

// readMatchList finds the match-list sheet (one named like Matches or Results first, else
// the first sheet with a match header) and reads it. It returns false when no sheet has one.
func (wb *workbook) readMatchList(h *hkReader, roles []sheetRole, used map[string]bool) bool {
	var order []sheetRole
	for _, named := range []bool{true, false} {
		for _, s := range roles {
			if !used[s.name] && s.matches == named {
				order = append(order, s)
			}
		}
	}
	for _, s := range order {
		src, err := wb.sheet(s.name)
		if err != nil {
			continue
		}
		hd, _ := findHeader(src, matchHeader)
		if hd == nil {
			if err := src.Err(); err != nil {
				h.errs.Add(errorAt(src, err))
				used[s.name] = true
			}
			src.close()
			continue
		}
		if playersList(hd) {
			used[s.name] = true
			h.note("sheet %q looks like a players list (%s): name it Players to use it", s.name, hd.found())
			src.close()
			continue
		}
		used[s.name] = true
		h.sheets = append(h.sheets, s.name)
		if matchColumns(hd, false, &h.errs) {
			h.setTitle(hd)
			h.readMatches(src, hd, nil)
		}
		src.close()
		// Other sheets with match headers are not read twice; they are noted as ignored.
		return true
	}
	return false
}

// notResults explains a workbook in which no sheet looks like results: its sheets and the
// first row it saw.
func (wb *workbook) notResults(roles []sheetRole) error {
	var names []string
	first := ""
	for _, s := range roles {
		names = append(names, fmt.Sprintf("%q", s.name))
		if first != "" {
			continue
		}
		if src, err := wb.sheet(s.name); err == nil {
			if src.Next() {
				first = fmt.Sprintf("; the first row of %q is %s", s.name, describeRow(src.Cells()))
			}
			src.close()
		}
	}
	return tbsheet.Errorf(tbsheet.Pos{File: wb.file}, tbsheet.ErrFormat,
		"not a results workbook: no sheet has a header with Round, Player 1, Player 2 and Result (or P1 Wins, P2 Wins) "+
			"in its first %d rows, and no sheet is named like \"Round 1\" (sheets: %s%s)",
		headerScan, strings.Join(names, ", "), first)
}
