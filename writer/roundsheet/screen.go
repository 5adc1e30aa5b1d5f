package roundsheet

import (
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// The pairings as a screen (tbsheet serve): the lists by table and by name, in words.

// PairingsScreen is a round's pairings in words: the list by table and the list by name.
type PairingsScreen struct {
	// Round is the round's number, RoundName its name ("Round 5", "Quarterfinals"); Event,
	// Meta as in StandingsScreen; Title is "Round 5 pairings"; ByTable and ByName name the
	// two lists ("by table", "by name").
	Round                                          int
	RoundName, Event, Meta, Title, ByTable, ByName string
	// TableHead and NameHead are the two lists' columns; PointsHead is the points' header.
	TableHead, NameHead []writer.Heading
	PointsHead          string
	// Tables are the list by table: a row per table (Player 1, or White, first), then a row
	// per player without an opponent, saying why.
	Tables [][]writer.Cell
	// Lines are every player of the round, by name.
	Lines []PairingsLine
}

// PairingsLine is one player's line in the list by name.
type PairingsLine struct {
	// Player indexes Event.Players; Opponent too, or is tbsheet.NoPlayer.
	Player, Opponent int
	// Cells hold one text per column of NameHead: name, points, table, opponent (or what
	// he has instead: a bye, "see the judge"), colour (chess).
	Cells []writer.Cell
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
func NewPairingsScreen(p *pairings.Pairings, opt writer.Options) *PairingsScreen {
	w := newPairingWords(p, opt)
	lang := opt.Lang
	pts := writer.PointsHeader(p.Before, lang)
	s := &PairingsScreen{Round: p.Round, RoundName: w.roundName(), Event: writer.EventTitle(p.Before, lang),
		Meta: tbsheet.Printable(writer.EventMeta(p.Before, lang)), Title: w.title(), ByTable: w.l("pa.by-table"), ByName: w.byNameTitle(),
		PointsHead: pts}
	h1, h2 := w.sideHeads()
	s.TableHead = []writer.Heading{{Text: w.l("table"), Num: true}, {Text: h1}, {Text: pts, Num: true}, {Text: h2}, {Text: pts, Num: true}}
	results := p.Complete || hasResults(p)
	if results {
		s.TableHead = append(s.TableHead, writer.Heading{Text: w.l("result")})
	}
	s.NameHead = []writer.Heading{{Text: w.l("player")}, {Text: pts, Num: true}, {Text: w.l("table"), Num: true}, {Text: w.l("pa.opponent")}}
	coloured := w.coloured()
	if coloured {
		s.NameHead = append(s.NameHead, writer.Heading{Text: w.l("pa.colour")})
	}
	name := func(pl *pairings.Player) writer.Cell {
		n := tbsheet.Printable(w.name(pl.Player))
		if tag := w.tag(pl); tag != "" {
			n += " (" + tag + ")"
		}
		return writer.Cell{Text: n, Kind: "name"}
	}
	for _, t := range p.Tables {
		i, k := w.seats(t)
		a, c := &p.Players[i], &p.Players[k]
		row := []writer.Cell{{Text: strconv.Itoa(t.Number), Kind: "num"}, name(a), {Text: w.points(a), Kind: "num"}, name(c), {Text: w.points(c), Kind: "num"}}
		if results {
			m := t.Match
			if a.Player != m.P1 {
				m = m.Mirror()
			}
			row = append(row, writer.Cell{Text: handkept.FormatResultCell(m)})
		}
		s.Tables = append(s.Tables, row)
	}
	for i := range p.Players {
		if pl := &p.Players[i]; pl.Solo() {
			row := []writer.Cell{{Text: w.table(pl), Kind: "num"}, name(pl), {Text: w.points(pl), Kind: "num"}, {Text: w.solo(pl)}, {}}
			if results {
				row = append(row, writer.Cell{})
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
		against := writer.Cell{Text: line.Against, Kind: "name"}
		if pl.Solo() {
			against.Kind = ""
		}
		line.Cells = []writer.Cell{name(pl), {Text: line.Points, Kind: "num"}, {Text: line.Table, Kind: "num"}, against}
		if coloured {
			line.Cells = append(line.Cells, writer.Cell{Text: line.Colour})
		}
		s.Lines = append(s.Lines, line)
	}
	return s
}
