package roundsheet

import (
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
)

// The top cut's bracket in words: the seeds, each round's games with their tables and
// results so far, the winner. The wall page (bracket_pdf.go) and tbsheet serve's /bracket
// page lay out the same BracketScreen.

// BracketScreen is a top cut in words.
type BracketScreen struct {
	// Event, Meta as in StandingsScreen; Title is "Top 8 bracket".
	Event, Meta, Title string
	// Rounds are the bracket's rounds, first to final, then the winner's column.
	Rounds []BracketRound
	// Ordered is true when the games sit in their places of the bracket (each fed by the
	// two beside it in the round before); false when the cut was paired another way and
	// each round lists its games by table.
	Ordered bool
	// Extras name the playoff matches outside the bracket (a 3rd-place match), under
	// ExtrasHead; none for most cuts.
	ExtrasHead string
	Extras     []string
}

// BracketRound is one column of the bracket.
type BracketRound struct {
	// Name is the round's ("Quarterfinals"), or "Winner" for the last column.
	Name string
	// Games are its games from the top down; the winner's column has one game of one side.
	Games []BracketGame
}

// BracketGame is one game of the bracket.
type BracketGame struct {
	// Table is "Table 3" while the game is paired and waiting for its result, else "".
	Table string
	// Sides are the upper and the lower player (one in the winner's column).
	Sides []BracketSide
}

// BracketSide is one player's line in a game.
type BracketSide struct {
	// Seed is his seed ("1"), "" for no player; Name his name, or what takes the place
	// ("Bye", "to be decided", "nobody"); Score the games he won, when the result gives
	// them.
	Seed, Name, Score string
	// Player says Name is a player's; Won and Lost say how the game went for him; Pending
	// that the place waits for the winner of an earlier game.
	Player, Won, Lost, Pending bool
}

// NewBracketScreen puts a top cut into words in opt.Lang.
func NewBracketScreen(b *topcut.Bracket, opt writer.Options) *BracketScreen {
	lang := opt.Lang
	s := &BracketScreen{Event: writer.EventTitle(b.Swiss, lang), Meta: tbsheet.Printable(writer.EventMeta(b.Swiss, lang)),
		Title: writer.Labelf(lang, "br.title", len(b.Seeds)), Ordered: b.Ordered, ExtrasHead: writer.Label(lang, "br.extras")}
	side := func(p int) BracketSide {
		switch p {
		case topcut.Pending:
			return BracketSide{Name: writer.Label(lang, "br.pending"), Pending: true}
		case tbsheet.NoPlayer:
			return BracketSide{Name: writer.Label(lang, "br.nobody")}
		}
		return BracketSide{Seed: strconv.Itoa(b.Seed(p)), Name: tbsheet.Printable(b.Event.Players[p].Name), Player: true}
	}
	for _, r := range b.Rounds {
		round := BracketRound{Name: stageName(r.Stage, r.Number, lang)}
		for _, g := range r.Games {
			game := BracketGame{Sides: []BracketSide{side(g.Players[0]), side(g.Players[1])}}
			if g.Bye() {
				empty := 1
				if g.Players[0] == tbsheet.NoPlayer {
					empty = 0
				}
				game.Sides[empty].Name = writer.Label(lang, "pa.bye")
			}
			if m := g.Match; m != nil && m.P2 != tbsheet.NoPlayer {
				if m.Result == tbsheet.Unreported && m.Table > 0 {
					game.Table = writer.Labelf(lang, "table-n", m.Table)
				}
				if m.Games.Known && m.Result != tbsheet.Unreported {
					game.Sides[0].Score, game.Sides[1].Score = strconv.Itoa(m.Games.P1), strconv.Itoa(m.Games.P2)
				}
			}
			switch m := g.Match; {
			case g.Winner >= 0:
				game.Sides[g.Winner].Won = true
				game.Sides[1-g.Winner].Lost = game.Sides[1-g.Winner].Player
			case m != nil && calc.KnockoutOf(m.Result) == calc.Eliminated:
				// Nobody goes on: a double loss, or a bye row's loss.
				game.Sides[0].Lost, game.Sides[1].Lost = game.Sides[0].Player, game.Sides[1].Player
			}
			round.Games = append(round.Games, game)
		}
		s.Rounds = append(s.Rounds, round)
	}
	winner := BracketSide{}
	if b.Champion != tbsheet.NoPlayer {
		winner = side(b.Champion)
		winner.Won = true
	}
	s.Rounds = append(s.Rounds, BracketRound{Name: writer.Label(lang, "finish.1"), Games: []BracketGame{{Sides: []BracketSide{winner}}}})
	for _, x := range b.Extras {
		m := x.Match
		line := tbsheet.Printable(b.Event.Players[m.P1].Name)
		if m.P2 != tbsheet.NoPlayer {
			line += " – " + tbsheet.Printable(b.Event.Players[m.P2].Name)
		}
		if res := handkept.FormatResultCell(m); res != "" {
			line += "  " + res
		}
		s.Extras = append(s.Extras, line)
	}
	return s
}
