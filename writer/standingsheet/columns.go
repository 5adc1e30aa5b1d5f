package standingsheet

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/writer"
)

// colKind is what a column of the standings table holds.
type colKind uint8

const (
	colRank colKind = iota
	colPlayer
	colID
	colPoints
	colRecord
	colDropped
	colValue   // a tiebreak's value
	colFormula // a tiebreak's arithmetic as a live formula (XLSX only)
	colNote
	colOpponents // the opponents a formula sums, with their terms (XLSX only)
)

// This file holds what every standings writer shares (XLSX, CSV, PDF, the terminal table):
// the columns, the record, the title and the print order.

// column is one column of the standings table that the XLSX Standings sheet and the CSV
// share.
type column struct {
	kind   colKind
	header string
	// tb indexes Standings.Columns for colValue and colFormula.
	tb int
}

// standingsColumns lists the standings table's columns: rank, player, id (when the input
// has ids), points, record, dropped-after round, one value per tiebreak, the note, then
// (with formulas) one live formula per tiebreak, each followed by the opponents it sums when
// it sums over them.
func standingsColumns(st *calc.Standings, lang string, formulas bool) []column {
	cols := []column{
		{kind: colRank, header: writer.Label(lang, "rank")},
		{kind: colPlayer, header: writer.Label(lang, "player")},
	}
	if hasIDs(st) {
		cols = append(cols, column{kind: colID, header: writer.Label(lang, "id")})
	}
	cols = append(cols,
		column{kind: colPoints, header: writer.PointsHeader(st, lang)},
		column{kind: colRecord, header: writer.Label(lang, "record") + " (" + writer.Label(lang, "record."+writer.RecordOrder(st).String()) + ")"},
		column{kind: colDropped, header: handkept.ColumnHeader("dropped", lang)},
	)
	for i, d := range st.Columns {
		cols = append(cols, column{kind: colValue, header: d.Short, tb: i})
	}
	cols = append(cols, column{kind: colNote, header: writer.Label(lang, "note")})
	if formulas {
		for i, d := range st.Columns {
			cols = append(cols, column{kind: colFormula, header: writer.Labelf(lang, "formula-of", d.Short), tb: i})
			if namesOpponents(st, i) {
				cols = append(cols, column{kind: colOpponents, header: writer.Labelf(lang, "opponents-of", d.Short), tb: i})
			}
		}
	}
	return cols
}

// hasIDs reports whether the input gave some ranked player an id of his own: readers of
// inputs without ids use the name as id, and a column repeating the names says nothing.
func hasIDs(st *calc.Standings) bool {
	for _, r := range st.Rows {
		if writer.OwnID(&st.Event.Players[r.Player]) {
			return true
		}
	}
	return false
}

// printOrder returns the indexes of st.Rows in print order: by rank, or with opt.ByName by
// name under the language's collation (ties by rank), the list players use to find
// themselves; by family name where the players have one or opt.ByFamily asks (see
// writer.SortsByFamily).
func printOrder(st *calc.Standings, opt writer.Options) []int {
	if !opt.ByName {
		idx := make([]int, len(st.Rows))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	return writer.SortByName(len(st.Rows), func(i int) *tbsheet.Player { return &st.Event.Players[st.Rows[i].Player] },
		opt.Lang, writer.SortsByFamily(st, opt))
}
