package roundsheet

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// A round's pairings (tbsheet pairings): the terminal table, CSV, JSON and, in
// pdf.go, the wall pages. The words are shared by all of them.

// PairingsLists chooses the lists a pairings output holds.
type PairingsLists uint8

const (
	// BothLists: the PDF holds the list by name, then the list by table; the terminal
	// table and the CSV are by table.
	BothLists PairingsLists = iota
	// ListByName: every player alphabetically, with his points, table and opponent.
	ListByName
	// ListByTable: one line per table, then the byes and the players left unpaired.
	ListByTable
)

// pairingWords puts a round's pairings into words in one language, for every output.
type pairingWords struct {
	p    *pairings.Pairings
	lang string
	// family sorts the list by name by family name (see writer.SortsByFamily).
	family bool
}

// newPairingWords puts p into words as opt asks: its language, and the list by name by
// family name when opt.ByFamily asks or some player of the round has a family name apart,
// as the standings by name.
func newPairingWords(p *pairings.Pairings, opt writer.Options) pairingWords {
	return pairingWords{p: p, lang: opt.Lang, family: opt.ByFamily || slices.ContainsFunc(p.Players, func(pl pairings.Player) bool {
		return p.Event.Players[pl.Player].Family != ""
	})}
}

// byName returns the indexes of p.Players in the order of the list by name: their names
// under the language's collation (pinyin for "zh"), by family name where the players have
// one apart or Options.ByFamily asks, as the standings by name are sorted.
func (w pairingWords) byName() []int {
	return writer.SortByName(len(w.p.Players), func(i int) *tbsheet.Player { return &w.p.Event.Players[w.p.Players[i].Player] },
		w.lang, w.family)
}

// byNameTitle says which list by name it is: "by name", or "by family name".
func (w pairingWords) byNameTitle() string {
	if w.family {
		return w.l("by-family")
	}
	return w.l("by-name")
}

func (w pairingWords) l(key string) string { return writer.Label(w.lang, key) }

// name returns the name of Event.Players[i].
func (w pairingWords) name(i int) string { return w.p.Event.Players[i].Name }

// title is "Round 5 pairings", or "Quarterfinals pairings".
func (w pairingWords) title() string {
	if w.p.Bracket != nil {
		return writer.Labelf(w.lang, "pa.title-cut", w.roundName())
	}
	return writer.Labelf(w.lang, "pa.title", w.p.Round)
}

// roundName names the round: "Round 5", or a playoff round's stage ("Quarterfinals").
func (w pairingWords) roundName() string {
	if w.p.Bracket != nil {
		return stageName(w.p.Stage, w.p.Round, w.lang)
	}
	return writer.Labelf(w.lang, "web.round", w.p.Round)
}

// stageName names a playoff round by its stage in lang: "Final", "Semifinals",
// "Quarterfinals", "Top 16"; a round that is no stage of the bracket (placement matches) by
// its number, "Playoff round 9".
func stageName(stage, number int, lang string) string {
	switch stage {
	case 0:
		return writer.Labelf(lang, "stage.round", number)
	case 2, 4, 8:
		return writer.Label(lang, "stage."+strconv.Itoa(stage))
	}
	return writer.Labelf(lang, "stage.top", stage)
}

// points writes points as the standings show them.
func (w pairingWords) points(pl *pairings.Player) string {
	return writer.FormatPoints(w.p.Before, pl.Points)
}

// table writes a player's table number, "–" when he has none.
func (w pairingWords) table(pl *pairings.Player) string {
	if pl.Table == 0 {
		return "–"
	}
	return strconv.Itoa(pl.Table)
}

// opponent names a player's opponent, or says why he has none.
func (w pairingWords) opponent(pl *pairings.Player) string {
	if pl.Opponent != tbsheet.NoPlayer {
		return w.name(pl.Opponent)
	}
	return w.solo(pl)
}

// solo says what a player without an opponent has this round: a bye, a loss, nothing.
func (w pairingWords) solo(pl *pairings.Player) string {
	switch pl.Result {
	case tbsheet.Bye:
		return w.l("pa.bye")
	case tbsheet.HalfBye:
		return w.l("pa.half-bye")
	case tbsheet.ZeroBye:
		return w.l("pa.zero-bye")
	case tbsheet.LossNoOpponent:
		return w.l("pa.no-opponent")
	}
	return w.l("pa.unpaired")
}

// tag is the mark after a name: "late entry", or "".
func (w pairingWords) tag(pl *pairings.Player) string {
	if pl.Late {
		return w.l("pa.late")
	}
	return ""
}

// coloured reports whether every table's colours are known (chess): the lists then say
// who has White.
func (w pairingWords) coloured() bool {
	for _, t := range w.p.Tables {
		if t.Match.Color == tbsheet.ColorUnknown {
			return false
		}
	}
	return len(w.p.Tables) > 0
}

// colour names a player's colour, "" when unknown.
func (w pairingWords) colour(pl *pairings.Player) string {
	switch pl.Color {
	case tbsheet.White:
		return w.l("pa.white")
	case tbsheet.Black:
		return w.l("pa.black")
	}
	return ""
}

// seats returns a table's two players (indexes in Players), White first when colours are
// known.
func (w pairingWords) seats(t pairings.Table) (int, int) {
	if w.p.Players[t.P1].Color == tbsheet.Black {
		return t.P2, t.P1
	}
	return t.P1, t.P2
}

// sideHeads are the by-table list's headers of the two players: Player 1 and Player 2, or
// White and Black.
func (w pairingWords) sideHeads() (string, string) {
	if w.coloured() {
		return w.l("pa.white"), w.l("pa.black")
	}
	return w.l("player1"), w.l("player2")
}

// byTable returns the order of the list by table: the tables (Player 1, or White), then
// the players without an opponent; each entry indexes Players.
func (w pairingWords) byTable() []int {
	var out []int
	for _, t := range w.p.Tables {
		a, _ := w.seats(t)
		out = append(out, a)
	}
	for i := range w.p.Players {
		if w.p.Players[i].Solo() {
			out = append(out, i)
		}
	}
	return out
}

// headline is the title line of a list: event, division, "Round 5 pairings — by name",
// system.
func (w pairingWords) headline(lists PairingsLists) string {
	var parts []string
	ev := w.p.Event
	system := writer.GameName(w.p.Before, w.lang)
	order := w.l("pa.by-table")
	if lists == ListByName {
		order = w.byNameTitle()
	}
	for _, s := range []string{ev.Name, ev.Pod, w.title() + " — " + order, system} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " · ")
}

// WritePairingsTable prints a round's pairings for a terminal: by table (one line per
// table, with the result when it is entered, then the byes and the players left unpaired),
// or, with ListByName, one line per player in alphabetical order.
func WritePairingsTable(w io.Writer, p *pairings.Pairings, lists PairingsLists, opt writer.Options) error {
	s := newPairingWords(p, opt)
	var b strings.Builder
	b.WriteString(tbsheet.Printable(s.headline(lists)) + "\n\n")
	pts := writer.PointsHeader(p.Before, opt.Lang)
	// Names are shown as tbsheet.Printable shows them: no input sends an escape sequence to
	// the terminal.
	named := func(pl *pairings.Player) string {
		name := tbsheet.Printable(s.name(pl.Player))
		if tag := s.tag(pl); tag != "" {
			return name + " (" + tag + ")"
		}
		return name
	}
	if lists == ListByName {
		rows := [][]string{{s.l("player"), pts, s.l("table"), s.l("pa.opponent")}}
		if s.coloured() {
			rows[0] = append(rows[0], s.l("pa.colour"))
		}
		for _, i := range s.byName() {
			pl := &p.Players[i]
			row := []string{named(pl), s.points(pl), s.table(pl), tbsheet.Printable(s.opponent(pl))}
			if s.coloured() {
				row = append(row, s.colour(pl))
			}
			rows = append(rows, row)
		}
		writer.WriteAligned(&b, rows, map[int]bool{0: true, 3: true, 4: true})
		_, err := io.WriteString(w, b.String())
		return err
	}
	h1, h2 := s.sideHeads()
	rows := [][]string{{s.l("table"), h1, pts, h2, pts}}
	results := !p.Complete && hasResults(p)
	if p.Complete || results {
		rows[0] = append(rows[0], s.l("result"))
	}
	for _, t := range p.Tables {
		i, k := s.seats(t)
		a, c := &p.Players[i], &p.Players[k]
		row := []string{strconv.Itoa(t.Number), named(a), s.points(a), named(c), s.points(c)}
		if p.Complete || results {
			m := t.Match
			if a.Player != m.P1 {
				m = m.Mirror()
			}
			row = append(row, handkept.FormatResultCell(m))
		}
		rows = append(rows, row)
	}
	for i := range p.Players {
		if pl := &p.Players[i]; pl.Solo() {
			rows = append(rows, []string{s.table(pl), named(pl), s.points(pl), s.solo(pl), ""})
		}
	}
	writer.WriteAligned(&b, rows, map[int]bool{1: true, 3: true, 5: true})
	_, err := io.WriteString(w, b.String())
	return err
}

// hasResults reports whether some table's result is entered.
func hasResults(p *pairings.Pairings) bool {
	for _, t := range p.Tables {
		if t.Match.Result != tbsheet.Unreported {
			return true
		}
	}
	return false
}

// WritePairingsCSV writes one row per player of the round: round (its number, or a playoff
// round's name), table, player, ID,
// points, opponent, opponent's ID and points, colour (chess), and a note (a bye, a late
// entry, not paired); the ID columns only when the input gives IDs. The rows are by table (the players of each table together) or, with ListByName,
// alphabetically. Headers and notes follow opt.Lang; cells a spreadsheet would run as a
// formula are defused. No byte-order mark (the .csv file gets one).
func WritePairingsCSV(w io.Writer, p *pairings.Pairings, lists PairingsLists, opt writer.Options) error {
	s := newPairingWords(p, opt)
	pts := writer.PointsHeader(p.Before, opt.Lang)
	ids := slices.ContainsFunc(p.Players, func(pl pairings.Player) bool { return writer.OwnID(&p.Event.Players[pl.Player]) })
	head := []string{s.l("round"), s.l("table"), s.l("player"), s.l("id"), pts,
		s.l("pa.opponent"), s.l("pa.opp-id"), s.l("pa.opp-points")}
	if s.coloured() {
		head = append(head, s.l("pa.colour"))
	}
	head = append(head, s.l("pa.note"))
	cw := csv.NewWriter(w)
	write := func(cells []string) error {
		if !ids { // the ID columns are 3 and 6
			cells = append(append(cells[:3:3], cells[4:6]...), cells[7:]...)
		}
		for i, c := range cells {
			cells[i] = writer.CSVSafe(c)
		}
		return cw.Write(cells)
	}
	if err := write(head); err != nil {
		return err
	}
	order := s.byName()
	if lists != ListByName {
		order = nil
		for _, i := range s.byTable() {
			order = append(order, i)
			if pl := &p.Players[i]; !pl.Solo() {
				order = append(order, opponentIndex(p, i))
			}
		}
	}
	for _, i := range order {
		pl := &p.Players[i]
		ev := p.Event
		round := strconv.Itoa(p.Round)
		if p.Bracket != nil {
			round = s.roundName()
		}
		row := []string{round, "", s.name(pl.Player), ev.Players[pl.Player].ID, s.points(pl), "", "", ""}
		if pl.Table > 0 {
			row[1] = strconv.Itoa(pl.Table)
		}
		var notes []string
		if pl.Solo() {
			notes = append(notes, s.solo(pl))
		} else {
			opp := &p.Players[opponentIndex(p, i)]
			row[5], row[6], row[7] = s.name(opp.Player), ev.Players[opp.Player].ID, s.points(opp)
		}
		if s.coloured() {
			row = append(row, s.colour(pl))
		}
		if tag := s.tag(pl); tag != "" {
			notes = append(notes, tag)
		}
		row = append(row, strings.Join(notes, "; "))
		if err := write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// opponentIndex returns the index in Players of the opponent of Players[i], who has one.
func opponentIndex(p *pairings.Pairings, i int) int {
	for _, t := range p.Tables {
		switch i {
		case t.P1:
			return t.P2
		case t.P2:
			return t.P1
		}
	}
	return -1
}

// The pairings JSON.
type (
	pairingsJSON struct {
		Event    string             `json:"event"`
		Source   string             `json:"source"`
		System   string             `json:"system"`
		Round    int                `json:"round"`
		Stage    int                `json:"stage,omitempty"`
		Complete bool               `json:"complete"`
		Tables   []pairingTableJSON `json:"tables"`
		Players  []pairingJSON      `json:"players"`
	}
	pairingTableJSON struct {
		Table   int               `json:"table"`
		Player1 seatJSON          `json:"player1"`
		Player2 seatJSON          `json:"player2"`
		Result  *string           `json:"result"`
		Games   *writer.GamesJSON `json:"games,omitempty"`
		Colour  *string           `json:"player1_colour,omitempty"`
	}
	seatJSON struct {
		Name   string         `json:"name"`
		ID     string         `json:"id"`
		Points writer.JSONNum `json:"points"`
	}
	pairingJSON struct {
		Name     string         `json:"name"`
		ID       string         `json:"id"`
		Table    *int           `json:"table"`
		Opponent *seatJSON      `json:"opponent"`
		Points   writer.JSONNum `json:"points"`
		Rank     *int           `json:"rank"`
		Record   string         `json:"record"`
		Colour   *string        `json:"colour,omitempty"`
		Result   *string        `json:"result"`
		Late     bool           `json:"late_entry"`
		Unpaired bool           `json:"unpaired"`
	}
)

// WritePairingsJSON writes a round's pairings as an indented JSON document: the round's
// number (and, for a playoff round, its stage: 8 for the quarterfinals), the tables by
// number (each player's name, ID and points before the round; the result once entered, as
// the model's result id from Player 1's side), then every player of the round in
// alphabetical order (language-neutral collation; by family name where the input keeps it
// apart) with his table and opponent, points, rank and record before the round, his result
// when it is known (a bye, a loss without an opponent, an entered result), and whether he
// is a late entry or left unpaired.
func WritePairingsJSON(w io.Writer, p *pairings.Pairings) error {
	s := newPairingWords(p, writer.Options{})
	seat := func(pl *pairings.Player) seatJSON {
		return seatJSON{Name: s.name(pl.Player), ID: p.Event.Players[pl.Player].ID, Points: writer.JSONNum(pl.Points)}
	}
	doc := pairingsJSON{Event: p.Event.Name, Source: p.Event.Source, Round: p.Round, Stage: p.Stage, Complete: p.Complete,
		Tables: []pairingTableJSON{}, Players: []pairingJSON{}}
	if p.Before.System != nil {
		doc.System = p.Before.System.Name
	}
	for _, t := range p.Tables {
		tj := pairingTableJSON{Table: t.Number, Player1: seat(&p.Players[t.P1]), Player2: seat(&p.Players[t.P2])}
		if m := t.Match; m.Result != tbsheet.Unreported {
			r := m.Result.String()
			tj.Result = &r
			if m.Games.Known {
				tj.Games = &writer.GamesJSON{P1: m.Games.P1, P2: m.Games.P2, Drawn: m.Games.Drawn}
			}
		}
		if c := s.colour(&p.Players[t.P1]); c != "" {
			c = strings.ToLower(c)
			tj.Colour = &c
		}
		doc.Tables = append(doc.Tables, tj)
	}
	for _, i := range s.byName() {
		pl := &p.Players[i]
		j := pairingJSON{Name: s.name(pl.Player), ID: p.Event.Players[pl.Player].ID, Points: writer.JSONNum(pl.Points),
			Record: writer.RecordOrder(p.Before).Format(pl.Wins, pl.Losses, pl.Draws), Late: pl.Late, Unpaired: pl.Unpaired()}
		if pl.Table > 0 {
			j.Table = &pl.Table
		}
		if pl.Rank > 0 {
			j.Rank = &pl.Rank
		}
		if !pl.Solo() {
			opp := seat(&p.Players[opponentIndex(p, i)])
			j.Opponent = &opp
		}
		if c := s.colour(pl); c != "" {
			c = strings.ToLower(c)
			j.Colour = &c
		}
		if pl.Result != tbsheet.Unreported && !pl.Unpaired() {
			r := pl.Result.String()
			j.Result = &r
		}
		doc.Players = append(doc.Players, j)
	}
	return writer.EncodeJSON(w, doc)
}
