package writer

import (
	"slices"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/handkept"
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
		{kind: colRank, header: label(lang, "rank")},
		{kind: colPlayer, header: label(lang, "player")},
	}
	if hasIDs(st) {
		cols = append(cols, column{kind: colID, header: label(lang, "id")})
	}
	cols = append(cols,
		column{kind: colPoints, header: PointsHeader(st, lang)},
		column{kind: colRecord, header: label(lang, "record") + " (" + label(lang, "record."+RecordOrder(st).String()) + ")"},
		column{kind: colDropped, header: handkept.ColumnHeader("dropped", lang)},
	)
	for i, d := range st.Columns {
		cols = append(cols, column{kind: colValue, header: d.Short, tb: i})
	}
	cols = append(cols, column{kind: colNote, header: label(lang, "note")})
	if formulas {
		for i, d := range st.Columns {
			cols = append(cols, column{kind: colFormula, header: labelf(lang, "formula-of", d.Short), tb: i})
			if namesOpponents(st, i) {
				cols = append(cols, column{kind: colOpponents, header: labelf(lang, "opponents-of", d.Short), tb: i})
			}
		}
	}
	return cols
}

// hasIDs reports whether the input gave some ranked player an id of his own: readers of
// inputs without ids use the name as id, and a column repeating the names says nothing.
func hasIDs(st *calc.Standings) bool {
	for _, r := range st.Rows {
		if OwnID(&st.Event.Players[r.Player]) {
			return true
		}
	}
	return false
}

// OwnID reports whether the input gave a player an id of his own, not his name.
func OwnID(p *tbsheet.Player) bool { return p.ID != "" && p.ID != p.Name }

// PointsHeader names the primary key's column: points, or match wins for systems that rank
// by them.
func PointsHeader(st *calc.Standings, lang string) string {
	if st.RankBy != nil && st.RankBy.ID == "match-wins" {
		return label(lang, "match-wins")
	}
	return label(lang, "points")
}

// FormatPoints writes a row's primary key as the system displays it.
func FormatPoints(st *calc.Standings, n exact.Num) string {
	if st.RankBy != nil {
		return st.RankBy.FormatValue(calc.Known(n))
	}
	return n.String()
}

// RecordOrder returns the order in which the standings' system writes a record; its id
// suffixes the "record." labels.
func RecordOrder(st *calc.Standings) calc.RecordOrder {
	if st.System == nil {
		return calc.RecordWLD
	}
	return st.System.Record
}

// Record writes a row's record in the system's order: "3-1-0".
func Record(st *calc.Standings, r *calc.Row) string {
	return RecordOrder(st).Format(r.Wins, r.Losses, r.Draws)
}

// Title says which list the standings are: "Final standings" after a top cut
// (calc.Final), "Standings after the Swiss · Top 8 in progress" while it is played, else
// "Standings after round N of M" (M the planned rounds, or N when unknown), or while the
// next round is played "Standings after round N; round N+1 is being played".
func Title(st *calc.Standings, lang string) string {
	switch {
	case st.Final:
		return label(lang, "final-standings")
	case st.Cut > 0:
		return labelf(lang, "cut-standings", st.Cut)
	}
	last := 0
	for _, n := range st.Rounds {
		last = max(last, n)
	}
	if last == 0 {
		return label(lang, "standings")
	}
	planned := 0
	if st.Event != nil {
		planned = st.Event.PlannedRounds
		for _, r := range st.Event.SwissRounds() {
			planned = max(planned, r.Number) // --after-round: the rounds already played count
		}
	}
	if r := roundInPlay(st, last); r > 0 {
		return labelf(lang, "standings-in-play", last, r)
	}
	return labelf(lang, "standings-after", last, max(planned, last))
}

// roundInPlay is the Swiss round after the standings' last one whose results are still
// being entered (the standings leave it out), or 0.
func roundInPlay(st *calc.Standings, last int) int {
	in := 0
	for _, u := range st.Unreported {
		if u.Round > last && (in == 0 || u.Round < in) && !slices.Contains(st.Rounds, u.Round) {
			in = u.Round
		}
	}
	return in
}

// printOrder returns the indexes of st.Rows in print order: by rank, or with opt.ByName by
// name under the language's collation (ties by rank), the list players use to find
// themselves; by family name where the players have one or opt.ByFamily asks (see
// byFamily).
func printOrder(st *calc.Standings, opt Options) []int {
	if !opt.ByName {
		idx := make([]int, len(st.Rows))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	return SortByName(len(st.Rows), func(i int) *tbsheet.Player { return &st.Event.Players[st.Rows[i].Player] },
		opt.Lang, byFamily(st, opt))
}

// cellWidth returns how many terminal (or spreadsheet) character cells s takes: East Asian
// wide and full-width characters take two, so that columns of Chinese and Japanese names line
// up.
func cellWidth(s string) int {
	n := 0
	for _, r := range s {
		if r < 0x80 {
			n++
			continue
		}
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}
