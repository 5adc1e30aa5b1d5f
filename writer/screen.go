package writer

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// Screens: standings, a round's pairings and its scenarios put into words for a screen
// (tbsheet serve's web pages), with the wall PDF's columns, order, legend and words in each
// language. A screen is plain text, cell by cell, with text from the input as
// tbsheet.Printable shows it (no control or bidirectional character); the caller lays it out
// and escapes it. The words a web page adds around them are here too ("web.…"), in the table
// of labels every output shares.

// Label returns the word for key in lang as every output prints it ("rank" → "Rank"),
// falling back to English: for the words a screen adds around the screens below.
func Label(lang, key string) string { return label(lang, key) }

// Labelf is Label for a word that holds verbs ("web.updated" → "Updated %s").
func Labelf(lang, key string, args ...any) string { return labelf(lang, key, args...) }

// Cell is one cell of a screen's table.
type Cell struct {
	Text string
	// Kind says how the cell reads: "name" (a player's name, set apart from the text
	// around it), "num" (a number, aligned right), "in", "out", "depends" (a scenario's
	// verdict), or "" (text).
	Kind string
}

// Heading is a column's header: Text as printed, Long the full name of a tiebreak in the
// screen's language ("" for the other columns), Num for a column of numbers.
type Heading struct {
	Text, Long string
	Num        bool
}

// LegendLine is one line of a legend: the word it explains and the rest of the line,
// separator first ("OMW%", ": the average of …").
type LegendLine struct{ Key, Rest string }

// Section is a heading and its lines of text.
type Section struct {
	Heading string
	Lines   []string
}

// StandingsScreen is standings in words, by rank (or by name, as Options.ByName asks).
type StandingsScreen struct {
	// Event names the event (and its division); Meta gives its date and game; Title says
	// which list it is ("Standings after round 4 of 5"), Order in which order ("by rank").
	Event, Meta, Title, Order string
	// Head are the columns: rank, player, the playoff finish (final standings with a top
	// cut), points, record, then each tiebreak.
	Head []Heading
	// Rows are the players in the order asked for.
	Rows []StandingsLine
	// PointsHead and RecordHead are the points' and the record's headers.
	PointsHead, RecordHead string
	// Cut is the number of rows above the top-cut line, 0 for none (and in a list by name,
	// whose top-cut players are marked); CutLabel names the line ("Top 8").
	Cut      int
	CutLabel string
	// Legend says what each column means for players, one line each; Notes follow it (each
	// tie on every key once).
	Legend []LegendLine
	Notes  []string
}

// StandingsLine is one player's row.
type StandingsLine struct {
	// Player indexes Event.Players.
	Player int
	// Cells hold one text per column of Head.
	Cells []Cell
	// Rank, Name, Points and Record repeat those cells, for a page that shows one player.
	Rank, Name, Points, Record string
	// Mark is what follows the name ("(drop R3)"), "" for none; Dropped greys the row.
	Mark    string
	Dropped bool
}

// NewStandingsScreen puts standings into words in opt.Lang, in the wall's order (by rank,
// or by name with opt.ByName), with a top-cut line under opt.Cut players (none when everyone
// makes it).
func NewStandingsScreen(st *calc.Standings, opt Options) *StandingsScreen {
	lang := opt.Lang
	s := &StandingsScreen{Event: EventTitle(st, lang), Meta: tbsheet.Printable(EventMeta(st, lang)),
		Title: Title(st, lang), Order: label(lang, orderLabel(st, opt)), Legend: []LegendLine{}, Notes: []string{}}
	s.Head = []Heading{{Text: label(lang, "rank"), Num: true}, {Text: label(lang, "player")}}
	finish := hasFinish(st)
	if finish {
		s.Head = append(s.Head, Heading{Text: label(lang, "finish")})
	}
	s.PointsHead, s.RecordHead = PointsHeader(st, lang), label(lang, "record."+RecordOrder(st).String())
	s.Head = append(s.Head, Heading{Text: s.PointsHead, Num: true}, Heading{Text: s.RecordHead, Num: true})
	for _, d := range st.Columns {
		s.Head = append(s.Head, Heading{Text: d.Short, Long: d.Names.In(lang), Num: true})
	}
	cut := 0
	if opt.Cut > 0 && opt.Cut < len(st.Rows) {
		cut, s.CutLabel = opt.Cut, labelf(lang, "top-cut", opt.Cut)
	}
	if !opt.ByName {
		s.Cut = cut
	}
	for _, i := range printOrder(st, opt) {
		r := &st.Rows[i]
		line := StandingsLine{Player: r.Player, Rank: strconv.Itoa(r.Rank), Name: tbsheet.Printable(st.Event.Players[r.Player].Name),
			Points: FormatPoints(st, r.Points), Record: Record(st, r)}
		line.Cells = []Cell{{line.Rank, "num"}, {line.Name, "name"}}
		if finish {
			line.Cells = append(line.Cells, Cell{Text: finishWord(lang, r)})
		}
		line.Cells = append(line.Cells, Cell{line.Points, "num"}, Cell{line.Record, "num"})
		for k, d := range st.Columns {
			v := "–" // n/a
			if k < len(r.Figures) && r.Figures[k].Value.OK {
				v = d.FormatValue(r.Figures[k].Value)
			}
			line.Cells = append(line.Cells, Cell{v, "num"})
		}
		var marks []string
		if opt.ByName && i < cut {
			marks = append(marks, s.CutLabel)
		}
		if r.DroppedAfter > 0 {
			marks = append(marks, labelf(lang, "drop-mark", labelf(lang, "drop-after", r.DroppedAfter)))
			line.Dropped = true
		}
		line.Mark = strings.Join(marks, " ")
		s.Rows = append(s.Rows, line)
	}
	for _, k := range legendKeys(st, lang) {
		s.Legend = append(s.Legend, LegendLine{k.Key, k.rest})
	}
	for _, n := range wallNotes(st, lang) {
		s.Notes = append(s.Notes, tbsheet.Printable(n))
	}
	return s
}
