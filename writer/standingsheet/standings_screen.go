package standingsheet

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// StandingsScreen is standings in words, by rank (or by name, as Options.ByName asks).
type StandingsScreen struct {
	// Event names the event (and its division); Meta gives its date and game; Title says
	// which list it is ("Standings after round 4 of 5"), Order in which order ("by rank").
	Event, Meta, Title, Order string
	// Head are the columns: rank, player, the playoff finish (final standings with a top
	// cut), points, record, then each tiebreak.
	Head []writer.Heading
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
	Legend []writer.LegendLine
	Notes  []string
}

// StandingsLine is one player's row.
type StandingsLine struct {
	// Player indexes Event.Players.
	Player int
	// Cells hold one text per column of Head.
	Cells []writer.Cell
	// Rank, Name, Points and Record repeat those cells, for a page that shows one player.
	Rank, Name, Points, Record string
	// Mark is what follows the name ("(drop R3)"), "" for none; Dropped greys the row.
	Mark    string
	Dropped bool
}

// NewStandingsScreen puts standings into words in opt.Lang, in the wall's order (by rank,
// or by name with opt.ByName), with a top-cut line under opt.Cut players (none when everyone
// makes it).
func NewStandingsScreen(st *calc.Standings, opt writer.Options) *StandingsScreen {
	lang := opt.Lang
	s := &StandingsScreen{Event: writer.EventTitle(st, lang), Meta: tbsheet.Printable(writer.EventMeta(st, lang)),
		Title: writer.Title(st, lang), Order: writer.Label(lang, writer.OrderLabel(st, opt)), Legend: []writer.LegendLine{}, Notes: []string{}}
	s.Head = []writer.Heading{{Text: writer.Label(lang, "rank"), Num: true}, {Text: writer.Label(lang, "player")}}
	finish := hasFinish(st)
	if finish {
		s.Head = append(s.Head, writer.Heading{Text: writer.Label(lang, "finish")})
	}
	s.PointsHead, s.RecordHead = writer.PointsHeader(st, lang), writer.Label(lang, "record."+writer.RecordOrder(st).String())
	s.Head = append(s.Head, writer.Heading{Text: s.PointsHead, Num: true}, writer.Heading{Text: s.RecordHead, Num: true})
	for _, d := range st.Columns {
		s.Head = append(s.Head, writer.Heading{Text: d.Short, Long: i18n.Of(lang).Note(d.Names), Num: true})
	}
	cut := 0
	if opt.Cut > 0 && opt.Cut < len(st.Rows) {
		cut, s.CutLabel = opt.Cut, writer.Labelf(lang, "top-cut", opt.Cut)
	}
	if !opt.ByName {
		s.Cut = cut
	}
	for _, i := range printOrder(st, opt) {
		r := &st.Rows[i]
		line := StandingsLine{Player: r.Player, Rank: strconv.Itoa(r.Rank), Name: tbsheet.Printable(st.Event.Players[r.Player].Name),
			Points: writer.FormatPoints(st, r.Points), Record: writer.Record(st, r)}
		line.Cells = []writer.Cell{{Text: line.Rank, Kind: "num"}, {Text: line.Name, Kind: "name"}}
		if finish {
			line.Cells = append(line.Cells, writer.Cell{Text: finishWord(lang, r)})
		}
		line.Cells = append(line.Cells, writer.Cell{Text: line.Points, Kind: "num"}, writer.Cell{Text: line.Record, Kind: "num"})
		for k, d := range st.Columns {
			v := "–" // n/a
			if k < len(r.Figures) && r.Figures[k].Value.OK {
				v = d.FormatValue(r.Figures[k].Value)
			}
			line.Cells = append(line.Cells, writer.Cell{Text: v, Kind: "num"})
		}
		var marks []string
		if opt.ByName && i < cut {
			marks = append(marks, s.CutLabel)
		}
		if r.DroppedAfter > 0 {
			marks = append(marks, writer.Labelf(lang, "drop-mark", writer.Labelf(lang, "drop-after", r.DroppedAfter)))
			line.Dropped = true
		}
		line.Mark = strings.Join(marks, " ")
		s.Rows = append(s.Rows, line)
	}
	for _, k := range legendKeys(st, lang) {
		s.Legend = append(s.Legend, writer.LegendLine{Key: k.Key, Rest: k.rest})
	}
	for _, n := range wallNotes(st, lang) {
		s.Notes = append(s.Notes, tbsheet.Printable(n))
	}
	return s
}
