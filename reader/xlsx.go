package reader

// The hand-kept XLSX reader (format "xlsx"): a match list on one sheet, or one sheet per
// round, plus optional Players and playoff sheets (docs/inputs.md). Rows are
// streamed from the sheets' XML (xlsx_package.go, xlsx_sheet.go), with raw values;
// handkept*.go turn them into the event.

import (
	"archive/zip"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

func init() {
	Register(&Format{
		ID:           "xlsx",
		Title:        "hand-kept Excel workbook",
		Exts:         []string{".xlsx", ".xlsm"},
		Sniff:        func(data []byte, _ string) bool { return isWorkbook(data) },
		Likely:       likelyWorkbook,
		Read:         readXLSX,
		CleanPlayers: true, // the hand-kept reader cleans every name cell (hkReader.player, readRoster)
	})
}

// likelyWorkbook reports whether data is a zip that cannot be opened (cut short) or an OLE
// file (encrypted, .xls): openWorkbook says which. A zip that opens but is no workbook is
// named by looksLike.
func likelyWorkbook(data []byte) bool {
	if bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")) {
		return true
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return false
	}
	_, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	return err != nil
}

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
		switch strings.ToLower(f.Name) {
		case "[content_types].xml":
			types = true
		case "xl/workbook.xml":
			book = true
		}
	}
	return types && book
}

// sheetRole is what a worksheet is in a hand-kept workbook.
type sheetRole struct {
	name    string
	players bool
	event   bool     // an Event sheet: name, date, system, points, tiebreaks, rounds
	round   roundKey // a per-round or playoff sheet when set
	matches bool     // named like a match list (Matches, Results, 对阵, 対戦表)
	help    bool     // the template's Instructions sheet
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
	case handkept.SheetKind(name) == "instructions":
		s.help = true
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
	wb, err := openWorkbook(data, file, opt.limits())
	if err != nil {
		return nil, err
	}
	h := newHKReader(file, "xlsx")
	var roles []sheetRole
	for _, name := range wb.sheets {
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
			h.note("reader.sheet-players-flag", tbsheet.Quote(s.name))
			break
		}
		if players, ok := wb.readPlayers(s.name, &h.errs); ok && len(players) > 0 {
			h.useRoster(players)
		} else if ok {
			// The template's Players sheet, not filled in: no players list, not an empty one.
			h.note("reader.sheet-no-players", tbsheet.Quote(s.name))
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
		case used[s.name], s.help:
		case s.matches && len(rounds) > 0:
			h.note("reader.sheet-per-round", tbsheet.Quote(s.name))
		default:
			h.note("reader.sheet-ignored", tbsheet.Quote(s.name))
		}
	}
	if h.ev.Name == "" {
		// Templates written before the Event sheet carried the title "tbsheet".
		if t := wb.docTitle(); t != "tbsheet" {
			h.ev.Name = t
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
		case "division":
			ev.Pod = val
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
				h.errs.addf(pos, label, tbsheet.ErrValue, "%s is not a number of rounds", tbsheet.Quote(val))
				continue
			}
			ev.PlannedRounds = n
		default:
			if !header && handkept.ColumnKey(label) == "" {
				h.note("reader.sheet-row-ignored", tbsheet.Quote(sheet), rows.row, tbsheet.Quote(label))
			}
		}
	}
	if err := rows.Err(); err != nil {
		h.errs.addf(rows.Pos(0), "", tbsheet.ErrFormat, "%v", err)
	}
}

// readPlayers reads a Players sheet; ok is false when it has no players list or could not be
// read to its end.
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
	players := readPlayers(src, hd, errs)
	// A sheet that stopped early (damaged) lists only some players: checking the matches
	// against it would call every other player unknown.
	return players, src.Err() == nil
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
			h.errs.Add(tbsheet.Errors(err)[0])
			used[s.name] = true
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
			h.note("reader.sheet-players-list", tbsheet.Quote(s.name), hd.found())
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
		names = append(names, fmt.Sprintf("%s", tbsheet.Quote(s.name)))
		if first != "" {
			continue
		}
		if src, err := wb.sheet(s.name); err == nil {
			if src.Next() {
				first = fmt.Sprintf("; the first row of %s is %s", tbsheet.Quote(s.name), describeRow(src.Cells()))
			}
			src.close()
		}
	}
	return tbsheet.Errorf(tbsheet.Pos{File: wb.file}, tbsheet.ErrFormat,
		"not a results workbook: no sheet has a header with Round, Player 1, Player 2 and Result (or P1 Wins, P2 Wins) "+
			"in its first %d rows, and no sheet is named like \"Round 1\" (sheets: %s%s)",
		headerScan, strings.Join(names, ", "), first)
}
