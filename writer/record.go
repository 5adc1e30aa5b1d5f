package writer

import (
	"slices"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"golang.org/x/text/width"
)

// OwnID reports whether the input gave a player an id of his own, not his name.
func OwnID(p *tbsheet.Player) bool { return p.ID != "" && p.ID != p.Name }

// PointsHeader names the primary key's column: points, or match wins for systems that rank
// by them.
func PointsHeader(st *calc.Standings, lang string) string {
	if st.RankBy != nil && st.RankBy.ID == "match-wins" {
		return Label(lang, "match-wins")
	}
	return Label(lang, "points")
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
		return Label(lang, "final-standings")
	case st.Cut > 0:
		return Labelf(lang, "cut-standings", st.Cut)
	}
	last := 0
	for _, n := range st.Rounds {
		last = max(last, n)
	}
	if last == 0 {
		return Label(lang, "standings")
	}
	planned := 0
	if st.Event != nil {
		planned = st.Event.PlannedRounds
		for _, r := range st.Event.SwissRounds() {
			planned = max(planned, r.Number) // --after-round: the rounds already played count
		}
	}
	if r := roundInPlay(st, last); r > 0 {
		return Labelf(lang, "standings-in-play", last, r)
	}
	return Labelf(lang, "standings-after", last, max(planned, last))
}

// CellWidth returns how many terminal (or spreadsheet) character cells s takes: East Asian
// wide and full-width characters take two, so that columns of Chinese and Japanese names line
// up.
func CellWidth(s string) int {
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
