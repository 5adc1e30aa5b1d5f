package writer

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/pairings"
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
	s.PointsHead, s.RecordHead = PointsHeader(st, lang), label(lang, "record."+recordOrder(st).String())
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

// PairingsScreen is a round's pairings in words: the list by table and the list by name.
type PairingsScreen struct {
	// Round is the round's number, RoundName its name ("Round 5", "Quarterfinals"); Event,
	// Meta as in StandingsScreen; Title is "Round 5 pairings"; ByTable and ByName name the
	// two lists ("by table", "by name").
	Round                                          int
	RoundName, Event, Meta, Title, ByTable, ByName string
	// TableHead and NameHead are the two lists' columns; PointsHead is the points' header.
	TableHead, NameHead []Heading
	PointsHead          string
	// Tables are the list by table: a row per table (Player 1, or White, first), then a row
	// per player without an opponent, saying why.
	Tables [][]Cell
	// Lines are every player of the round, by name.
	Lines []PairingsLine
}

// PairingsLine is one player's line in the list by name.
type PairingsLine struct {
	// Player indexes Event.Players; Opponent too, or is tbsheet.NoPlayer.
	Player, Opponent int
	// Cells hold one text per column of NameHead: name, points, table, opponent (or what
	// he has instead: a bye, "see the judge"), colour (chess).
	Cells []Cell
	// Name, Points, Table and Against repeat the name, points, table ("–" for none) and
	// opponent (or what he has instead), for a page that shows one player; OpponentPoints
	// are the opponent's points, "" without one; Colour is his colour, "" when unknown.
	Name, Points, Table, Against, OpponentPoints, Colour string
	// Mark is what follows the name ("late entry"), "" for none.
	Mark string
	// Result is his result, from his side, once it is entered ("2-1", "W", "ID"); "" while
	// his match is played.
	Result string
}

// NewPairingsScreen puts a round's pairings into words in opt.Lang, the list by name sorted
// as the wall's.
func NewPairingsScreen(p *pairings.Pairings, opt Options) *PairingsScreen {
	w := newPairingWords(p, opt)
	lang := opt.Lang
	pts := PointsHeader(p.Before, lang)
	s := &PairingsScreen{Round: p.Round, RoundName: w.roundName(), Event: EventTitle(p.Before, lang),
		Meta: tbsheet.Printable(EventMeta(p.Before, lang)), Title: w.title(), ByTable: w.l("pa.by-table"), ByName: w.byNameTitle(),
		PointsHead: pts}
	h1, h2 := w.sideHeads()
	s.TableHead = []Heading{{Text: w.l("table"), Num: true}, {Text: h1}, {Text: pts, Num: true}, {Text: h2}, {Text: pts, Num: true}}
	results := p.Complete || hasResults(p)
	if results {
		s.TableHead = append(s.TableHead, Heading{Text: w.l("result")})
	}
	s.NameHead = []Heading{{Text: w.l("player")}, {Text: pts, Num: true}, {Text: w.l("table"), Num: true}, {Text: w.l("pa.opponent")}}
	coloured := w.coloured()
	if coloured {
		s.NameHead = append(s.NameHead, Heading{Text: w.l("pa.colour")})
	}
	name := func(pl *pairings.Player) Cell {
		n := tbsheet.Printable(w.name(pl.Player))
		if tag := w.tag(pl); tag != "" {
			n += " (" + tag + ")"
		}
		return Cell{n, "name"}
	}
	for _, t := range p.Tables {
		i, k := w.seats(t)
		a, c := &p.Players[i], &p.Players[k]
		row := []Cell{{strconv.Itoa(t.Number), "num"}, name(a), {w.points(a), "num"}, name(c), {w.points(c), "num"}}
		if results {
			m := t.Match
			if a.Player != m.P1 {
				m = m.Mirror()
			}
			row = append(row, Cell{Text: handkept.FormatResultCell(m)})
		}
		s.Tables = append(s.Tables, row)
	}
	for i := range p.Players {
		if pl := &p.Players[i]; pl.Solo() {
			row := []Cell{{w.table(pl), "num"}, name(pl), {w.points(pl), "num"}, {Text: w.solo(pl)}, {}}
			if results {
				row = append(row, Cell{})
			}
			s.Tables = append(s.Tables, row)
		}
	}
	entered := map[int]tbsheet.Match{} // by player: his match from his side, once its result is in
	for _, t := range p.Tables {
		if m := t.Match; m.Result != tbsheet.Unreported {
			entered[m.P1], entered[m.P2] = m, m.Mirror()
		}
	}
	for _, i := range w.byName() {
		pl := &p.Players[i]
		line := PairingsLine{Player: pl.Player, Opponent: pl.Opponent, Name: tbsheet.Printable(w.name(pl.Player)),
			Points: w.points(pl), Table: w.table(pl), Against: tbsheet.Printable(w.opponent(pl)), Colour: w.colour(pl), Mark: w.tag(pl)}
		if !pl.Solo() {
			line.OpponentPoints = w.points(&p.Players[opponentIndex(p, i)])
		}
		if m, ok := entered[pl.Player]; ok && !pl.Solo() {
			line.Result = handkept.FormatResultCell(m)
		}
		against := Cell{line.Against, "name"}
		if pl.Solo() {
			against.Kind = ""
		}
		line.Cells = []Cell{name(pl), {line.Points, "num"}, {line.Table, "num"}, against}
		if coloured {
			line.Cells = append(line.Cells, Cell{Text: line.Colour})
		}
		s.Lines = append(s.Lines, line)
	}
	return s
}
