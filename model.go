// Package tbsheet holds the normalized round/match model that every reader produces and that
// calc ranks: an [Event] with its [Player]s and [Round]s of [Match]es.
//
// Data flows one way: reader → model → calc → writer. The model says what happened at the
// tables, in the vocabulary of docs/tiebreakers.md#how-a-standings-is-ranked, and where each fact came from (a [Pos]),
// so that errors and explanations can point at the cell an organizer typed.
package tbsheet

import (
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// MaxFileSize is the largest file tbsheet reads: a results file (by any reader, and under
// watch), a players list, a workbook template. Result sheets are kilobytes; the cap keeps a
// hostile or mistaken file (a video, a zip bomb's outer layer) from exhausting memory.
const MaxFileSize = 64 << 20

// Event is one Swiss tournament (or one pod of a Pokémon event) as read from an input.
type Event struct {
	// Name is the event's title, or "" if the input has none.
	Name string
	// Date is the event's date as the input gives it (ISO 8601 when known), or "".
	Date string
	// Source is the input file's name as the user gave it.
	Source string
	// Format is the reader id that produced the event ("xlsx", "challonge", "kts", …).
	Format string

	// System is the preset the input implies ("yugioh" for a KTS file, "challonge" for a
	// Challonge dump, …), or "" when the input says nothing and the caller's default applies.
	System string
	// Points, when non-nil, are the match points the input itself configures (a Challonge
	// dump's pts_for_*, a TRF 162 record). --points still overrides them.
	Points *Points
	// Tiebreaks, when non-empty, is the tiebreak order the input itself configures (a
	// Challonge dump's tie_breaks), as tbsheet tiebreak ids.
	Tiebreaks []string
	// DeclaredTiebreaks is the tie-break order the input declares in FIDE's notation, kept as
	// written ("BH/C1,BH,SB,DE": a TRF 202 record), or "". calc ranks by it when Tiebreaks is
	// empty and the caller gives no order; DeclaredTiebreaksPos is where it starts.
	DeclaredTiebreaks    string
	DeclaredTiebreaksPos Pos
	// SystemPos and TiebreaksPos are where the input names its System and Tiebreaks (a
	// workbook's Event sheet cell), when it is written by hand: a name tbsheet does not know
	// is a mistake in the input, reported there. Zero when a program wrote them.
	SystemPos, TiebreaksPos Pos
	// ReportedOrderUnknown is true when the input's own ranks (Player.Reported.Rank) follow
	// tiebreaks the input does not name (a TRF rank column, written by whatever the pairing
	// program was set to): the self-check then compares them on points only.
	ReportedOrderUnknown bool

	// PlannedRounds is the number of Swiss rounds the event was scheduled for, or 0 when the
	// input does not say. Rounds holds only what has been paired.
	PlannedRounds int
	// RoundRobin is true when the input says the event is an all-play-all (a TRF's 092
	// record names a round robin, or its players are its rounds' number, or one more): FIDE's
	// tie-breaks then count a forfeit as a game for direct encounter. calc also takes an event
	// in which every two players were paired equally often for one.
	RoundRobin bool
	// Teams is true when each Player is a team (KTS team events, WER team events).
	Teams bool
	// LocalIDs is true when the players' IDs number them in this event only (a TRF start
	// rank, a Challonge participant id): such an ID names nobody in another event, and
	// tbsheet season matches these players across events by name.
	LocalIDs bool

	// Players lists every registered player; matches refer to them by index.
	Players []Player
	// Rounds lists the rounds in play order: Swiss rounds first, then playoff rounds.
	Rounds []Round

	// Pod names this event's division inside a multi-pod input ("Masters"), or "".
	Pod string
	// Pods holds the separate Swiss events of a multi-pod input (Pokémon age divisions). When
	// it is non-empty the other fields describe the file as a whole and hold no matches.
	Pods []*Event

	// Notes are facts the reader wants the organizer to see that are not errors (an ignored
	// sheet, an inferred bye, a self-check that could not run), as data: the terminal writes
	// them in English, the workbook in its own language.
	Notes []i18n.Note
	// Warnings are what the reader found that is likely a mistake in the input, though it
	// can be read: two spellings of one player, results written two ways. They are shown
	// before the notes and stand out; `--strict` makes them errors. Like Notes, they are data.
	Warnings []i18n.Note

	// Records are the lines of a chess report file (TRF) other than its player lines, as
	// written and in order: the tournament's header records (012 name, 022 city, 032
	// federation, 042/052 dates, 062…132, 142, 162, 202, …), the XX records of pairing
	// programs, comments. tbsheet writes them back when it converts the event to a TRF, so
	// that nothing the file said is lost; nil for other inputs.
	Records []Record

	// Layout is where a hand-kept input keeps its matches, for `tbsheet pair --apply`; nil
	// for inputs a program wrote.
	Layout *Layout
}

// Record is one line of a chess report file (TRF) that is not a player line.
type Record struct {
	// ID is the record's identifier, its first three characters ("012", "XXR", "###").
	ID string
	// Line is the whole line as written, the identifier included, without its line ending.
	Line string
	// AfterPlayers is true for a record written after the first player line (a team
	// record), false for one of the header.
	AfterPlayers bool
}

// Player is one registered player (or team).
type Player struct {
	// ID is the input's own player id, kept as text with its leading zeros: the KTS/COSSY
	// number, the Challonge participant id, the WER person id, the TOM userid, the TRF starting
	// rank; for hand-kept sheets the Players sheet's ID, else the name.
	ID string
	// Name is the name as printed on standings ("Last, First" or "First Last" as the input has it).
	Name string
	// Family and Given are the player's family and given names when the input keeps them
	// apart (KTS, Pokémon TOM, WER), for the list by family name; "" when it does not.
	Family, Given string
	// DroppedAfter is the last Swiss round the player took part in before dropping, or 0 if
	// the player did not drop.
	DroppedAfter int
	// Disqualified players leave the ranked list; their completed matches still count for
	// their opponents (docs/tiebreakers.md#decisions-where-the-rules-are-silent).
	Disqualified bool
	// Rating is the player's rating (chess), or 0 when unrated or unknown.
	Rating int
	// Sex, Title, Federation, FIDEID and Birth are a chess player's registration as a
	// report file (TRF) gives it, as written, or "": sex "m" or "w", a title ("GM", "WIM",
	// "g" for a woman grandmaster in TRF-16's one-letter form), a federation ("NOR"), a FIDE
	// id ("1503014"), a birth date ("1990/11/30", or a year). tbsheet ranks by none of them;
	// it keeps them so that a converted file loses nothing.
	Sex, Title, Federation, FIDEID, Birth string
	// Members lists a team's members; empty for individual events.
	Members []string
	// Reported holds the figures the source software itself computed, for the self-check;
	// nil when the input carries none.
	Reported *Reported
	// Pos is where the player was defined (a Players sheet row), for error messages.
	Pos Pos
}

// Reported is what the source software itself printed for a player: tbsheet compares its own
// figures with these and reports every difference.
type Reported struct {
	// Rank is the source's final rank (after any top cut), or 0 if not given. Several
	// players may share one (Challonge's two semi-finalists at 3).
	Rank int
	// Division, when not "", is the division Rank counts in: a pod where the age divisions
	// play together, but the source places each division apart (TOM's category 10 pod).
	Division string
	// Values maps a tbsheet tiebreak id ("points", "kts-number", …) to the source's figure.
	Values map[string]exact.Num
}

// Round is one round of play.
type Round struct {
	// Number is the round number as the input gives it (1-based).
	Number int
	// Playoff marks a top-cut (single-elimination) round: kept in the model and used for
	// final standings, but never counted in Swiss tiebreakers.
	Playoff bool
	// Matches holds the round's pairings and results, byes included.
	Matches []Match
	// Pos is where the round starts in the input (its sheet), for error messages.
	Pos Pos
}

// NoPlayer is the P2 index of a match without a second player: a bye, a half- or zero-point
// bye, or a loss with no opponent.
const NoPlayer = -1

// Match is one pairing of a round and its result. Results are read from Player 1's side.
type Match struct {
	// Table is the table number, or 0 if unknown.
	Table int
	// P1 and P2 index Event.Players. P2 is NoPlayer for results without an opponent.
	P1, P2 int
	// Result is the outcome for P1.
	Result Result
	// Games holds game counts when the input gives them.
	Games Games
	// Score holds points scored (Challonge set scores summed), when the input gives them.
	Score Score
	// Color is P1's colour in chess, or ColorUnknown.
	Color Color
	// FullPointBye marks a Bye that the pairing did not allocate: a full-point bye given
	// before the round was paired (a TRF "F"), which a pairing program does not count as the
	// pairing-allocated bye (a TRF "U") a player may receive once. The tie-breaks treat both
	// alike (FIDE's rules count neither as a voluntary unplayed round). False for every
	// other result.
	FullPointBye bool
	// Pos is where the match is written in the input (its row; Col points at the result).
	Pos Pos
}

// Result is the outcome of a match from Player 1's side (docs/tiebreakers.md#how-a-standings-is-ranked).
type Result uint8

// The results a match can have. "Win" and "Loss" are from P1's side; the opponent's record is
// the mirror (see [Result.Mirror]).
const (
	// Unreported is a pairing without a result yet: it is left out of standings and listed.
	Unreported Result = iota
	// Win is a played match P1 won.
	Win
	// Loss is a played match P1 lost.
	Loss
	// Draw is a played match that ended in a draw.
	Draw
	// IntentionalDraw is a draw agreed without play (MTG records it 0-0-3).
	IntentionalDraw
	// DoubleLoss gives both players a loss (a Yu-Gi-Oh! time double loss, a judge ruling).
	DoubleLoss
	// ForfeitWin is a win for P1 because P2 did not play (no-show, match-loss penalty).
	ForfeitWin
	// ForfeitLoss is a loss for P1 because P1 did not play.
	ForfeitLoss
	// DoubleForfeit is a scheduled match neither player turned up for (chess "-" against "-").
	DoubleForfeit
	// Bye is a pairing-allocated (or pre-awarded: Match.FullPointBye) full-point bye; P2 is
	// NoPlayer.
	Bye
	// HalfBye is a requested half-point bye (chess); P2 is NoPlayer.
	HalfBye
	// ZeroBye is a requested zero-point bye or an absence recorded as such (chess); P2 is
	// NoPlayer.
	ZeroBye
	// LossNoOpponent is a loss with no opponent: a late entry's missed round as KTS records
	// it ("bye loss"); P2 is NoPlayer.
	LossNoOpponent
	// Absent is never a match result: calc uses it for a round in which a player was not
	// paired (after a drop, before a late entry).
	Absent
)

var resultNames = [...]string{
	Unreported:      "unreported",
	Win:             "win",
	Loss:            "loss",
	Draw:            "draw",
	IntentionalDraw: "id",
	DoubleLoss:      "double-loss",
	ForfeitWin:      "forfeit-win",
	ForfeitLoss:     "forfeit-loss",
	DoubleForfeit:   "double-forfeit",
	Bye:             "bye",
	HalfBye:         "half-bye",
	ZeroBye:         "zero-bye",
	LossNoOpponent:  "loss-no-opponent",
	Absent:          "absent",
}

// String returns the result's id as used in JSON and the spec ("win", "forfeit-loss", …).
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "invalid"
}

// ParseResult is the inverse of [Result.String].
func ParseResult(s string) (Result, bool) {
	for i, n := range resultNames {
		if n == s {
			return Result(i), true
		}
	}
	return 0, false
}

// Solo reports whether the result has no opponent (P2 must be NoPlayer).
func (r Result) Solo() bool {
	return r == Bye || r == HalfBye || r == ZeroBye || r == LossNoOpponent || r == Absent
}

// Mirror returns the result as P2 sees it. It is only meaningful when Solo is false.
func (r Result) Mirror() Result {
	switch r {
	case Win:
		return Loss
	case Loss:
		return Win
	case ForfeitWin:
		return ForfeitLoss
	case ForfeitLoss:
		return ForfeitWin
	}
	return r
}

// Mirror returns the match from P2's side: the players swapped, the result, games, score
// and colour read from the other side. It is only meaningful for a match with an opponent.
func (m Match) Mirror() Match {
	m.P1, m.P2 = m.P2, m.P1
	m.Result, m.Games, m.Score, m.Color = m.Result.Mirror(), m.Games.Mirror(), m.Score.Mirror(), m.Color.Mirror()
	return m
}

// Games holds a match's game counts from P1's side.
type Games struct {
	// Known is false when the input gave no games (a bare W/L/D result).
	Known bool
	// P1 and P2 are the games each player won; Drawn the drawn games.
	P1, P2, Drawn int
}

// Mirror returns the counts from P2's side.
func (g Games) Mirror() Games { return Games{Known: g.Known, P1: g.P2, P2: g.P1, Drawn: g.Drawn} }

// Score holds points scored in a match (Challonge scores_csv, a Points column), from P1's side.
type Score struct {
	// Known is false when the input gave no point scores.
	Known bool
	// P1 and P2 are the points each player scored.
	P1, P2 exact.Num
}

// Mirror returns the score from P2's side.
func (s Score) Mirror() Score { return Score{Known: s.Known, P1: s.P2, P2: s.P1} }

// Color is a chess player's colour in a game.
type Color uint8

// Colours, from P1's side.
const (
	ColorUnknown Color = iota
	White
	Black
)

// Mirror returns the opponent's colour.
func (c Color) Mirror() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return ColorUnknown
}

// Points are the match points of a scoring system. Half-point byes score Draw, zero-point
// byes and losses with no opponent score Loss, forfeit wins score Win.
type Points struct {
	Win, Draw, Loss, Bye exact.Num
}

// For returns the points a result scores for the player whose result it is: a win or forfeit
// win scores Win; a draw, intentional draw or half-point bye scores Draw; a bye scores Bye;
// every kind of loss (a loss, forfeit loss, double loss or forfeit, zero-point bye, loss with
// no opponent) scores Loss; an absence or an unreported match scores nothing.
func (p Points) For(r Result) exact.Num {
	switch r {
	case Win, ForfeitWin:
		return p.Win
	case Draw, IntentionalDraw, HalfBye:
		return p.Draw
	case Bye:
		return p.Bye
	case Loss, ForfeitLoss, DoubleLoss, DoubleForfeit, ZeroBye, LossNoOpponent:
		return p.Loss
	}
	return exact.Num{}
}

// ParsePoints reads match points written "W,D,L,BYE" ("3,1,0,3", "1,0.5,0,1", "1,½,0,1").
func ParsePoints(s string) (Points, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return Points{}, fmt.Errorf("%s: want four numbers: win, draw, loss, bye", Quote(s))
	}
	var v [4]exact.Num
	for i, p := range parts {
		n, err := exact.Parse(p)
		if err != nil {
			return Points{}, err
		}
		v[i] = n
	}
	return Points{Win: v[0], Draw: v[1], Loss: v[2], Bye: v[3]}, nil
}

// String writes the points as ParsePoints reads them: "3,1,0,3".
func (p Points) String() string {
	return p.Win.String() + "," + p.Draw.String() + "," + p.Loss.String() + "," + p.Bye.String()
}

// SwissRounds returns the non-playoff rounds, in order.
func (e *Event) SwissRounds() []Round {
	var out []Round
	for _, r := range e.Rounds {
		if !r.Playoff {
			out = append(out, r)
		}
	}
	return out
}

// PlayerIndex returns the index of the player with the given id, or −1.
func (e *Event) PlayerIndex(id string) int {
	for i := range e.Players {
		if e.Players[i].ID == id {
			return i
		}
	}
	return -1
}
