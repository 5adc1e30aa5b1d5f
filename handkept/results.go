package handkept

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
)

// resultForms are the Result cell forms listed in error messages and the template
// workbook's dropdown; each form is read from Player 1's side.
var resultForms = []string{"2-1", "2-1-1", "W", "L", "D", "ID", "DL", "1-0", "0-1", "½-½", "+", "-", "BYE"}

// ResultForms lists the Result cell forms tbsheet reads, for error messages and the template
// workbook's dropdown. Each form is read from Player 1's side.
func ResultForms() []string { return slices.Clone(resultForms) }

// resultWords maps the words organizers type (English, Chinese, Japanese, chess and card-game
// shorthand) to results against an opponent. Keys are upper case, full-width folded.
var resultWords = map[string]tbsheet.Result{
	"W": tbsheet.Win, "WIN": tbsheet.Win, "WON": tbsheet.Win, "胜": tbsheet.Win, "勝": tbsheet.Win, "勝ち": tbsheet.Win, "○": tbsheet.Win, "〇": tbsheet.Win, "◯": tbsheet.Win,
	"L": tbsheet.Loss, "LOSS": tbsheet.Loss, "LOST": tbsheet.Loss, "负": tbsheet.Loss, "負": tbsheet.Loss, "負け": tbsheet.Loss, "×": tbsheet.Loss, "●": tbsheet.Loss,
	"D": tbsheet.Draw, "DRAW": tbsheet.Draw, "T": tbsheet.Draw, "TIE": tbsheet.Draw, "平": tbsheet.Draw, "和": tbsheet.Draw, "分": tbsheet.Draw, "引き分け": tbsheet.Draw,
	"△": tbsheet.Draw, "=": tbsheet.Draw, "½-½": tbsheet.Draw, "0.5-0.5": tbsheet.Draw, "1/2-1/2": tbsheet.Draw,
	"ID": tbsheet.IntentionalDraw, "IDRAW": tbsheet.IntentionalDraw,
	"DL": tbsheet.DoubleLoss, "DOUBLE LOSS": tbsheet.DoubleLoss, "双负": tbsheet.DoubleLoss, "両負け": tbsheet.DoubleLoss, "両者敗北": tbsheet.DoubleLoss,
	"+": tbsheet.ForfeitWin, "+-": tbsheet.ForfeitWin, "+:-": tbsheet.ForfeitWin, "+/-": tbsheet.ForfeitWin, "FW": tbsheet.ForfeitWin,
	"-": tbsheet.ForfeitLoss, "-+": tbsheet.ForfeitLoss, "-:+": tbsheet.ForfeitLoss, "-/+": tbsheet.ForfeitLoss, "FL": tbsheet.ForfeitLoss,
	"--": tbsheet.DoubleForfeit, "-:-": tbsheet.DoubleForfeit, "-/-": tbsheet.DoubleForfeit,
}

// soloWords maps the words of a row without an opponent (Player 2 empty or BYE).
var soloWords = map[string]tbsheet.Result{
	"": tbsheet.Bye, "BYE": tbsheet.Bye, "W": tbsheet.Bye, "+": tbsheet.Bye, "2-0": tbsheet.Bye, "1": tbsheet.Bye, "1-0": tbsheet.Bye, "轮空": tbsheet.Bye, "不戦勝": tbsheet.Bye,
	"L": tbsheet.LossNoOpponent, "-": tbsheet.LossNoOpponent, "0-2": tbsheet.LossNoOpponent, "0-1": tbsheet.LossNoOpponent,
	"½": tbsheet.HalfBye, "0.5": tbsheet.HalfBye, "H": tbsheet.HalfBye,
	"0": tbsheet.ZeroBye, "Z": tbsheet.ZeroBye,
	"(BYE)": tbsheet.Bye, "輪空": tbsheet.Bye, "バイ": tbsheet.Bye,
}

// byeNames are what organizers type in a Player cell for "no opponent", after normalizeCell.
var byeNames = map[string]bool{"BYE": true, "(BYE)": true, "*BYE*": true, "-BYE-": true, "轮空": true,
	"輪空": true, "不戦勝": true, "バイ": true}

// IsBye reports whether a hand-kept Player cell names the bye rather than a player: "BYE",
// "(bye)", "轮空", "不戦勝".
func IsBye(cell string) bool {
	// normalizeCell never lengthens a cell (width folding maps a character to one, and
	// half-width "ｶﾞ" to one "ガ"): a cell longer than every bye name is a player's name,
	// told without folding it (a match list has two on every row).
	if utf8.RuneCountInString(strings.TrimSpace(cell)) > maxByeRunes {
		return false
	}
	return byeNames[normalizeCell(cell)]
}

// maxByeRunes is the length of the longest bye name, in characters.
var maxByeRunes = func() int {
	n := 0
	for name := range byeNames {
		n = max(n, utf8.RuneCountInString(name))
	}
	return n
}()

// gamesPattern matches a game score: "2-1", "2-1-1", "2:1", "2 - 1".
var gamesPattern = regexp.MustCompile(`^(\d{1,3})\s*[-:]\s*(\d{1,3})(?:\s*[-:]\s*(\d{1,3}))?$`)

// normalizeCell folds what organizers type into one spelling: full-width digits and signs to
// ASCII, dashes to "-", upper case, spaces trimmed.
func normalizeCell(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 { // only non-ASCII text has full-width forms and CJK separators
			s = cellSeparators.Replace(width.Fold.String(s))
			break
		}
	}
	return strings.ToUpper(s)
}

// cellSeparators folds dashes and colons, and the "比" (zh) and "対" (ja) of "2比1", to the
// ASCII separators of a game score. Built once: a Replacer is costly to build per cell.
var cellSeparators = strings.NewReplacer("–", "-", "—", "-", "−", "-", "－", "-", "：", ":",
	"比", "-", "対", "-", "对", "-")

// ParseResultCell reads a hand-kept Result cell from Player 1's side. hasOpponent says whether
// the row names a Player 2 (an empty Player 2 or "BYE" makes a solo row: a bye, or with "L" a
// loss with no opponent). An empty cell between two players is Unreported. The error message
// quotes the cell and lists the forms tbsheet reads.
func ParseResultCell(cell string, hasOpponent bool) (tbsheet.Result, tbsheet.Games, error) {
	s := normalizeCell(cell)
	if !hasOpponent {
		if r, ok := soloWords[s]; ok {
			var g tbsheet.Games
			if m := gamesPattern.FindStringSubmatch(s); m != nil && r != tbsheet.HalfBye && r != tbsheet.ZeroBye &&
				s != "1" && s != "1-0" && s != "0-1" {
				g = gamesFrom(m)
			}
			return r, g, nil
		}
		return 0, tbsheet.Games{}, fmt.Errorf("%s is not a result for a row without an opponent (expected BYE, W, 2-0, L, ½ or empty)", tbsheet.Quote(cell))
	}
	if s == "" {
		return tbsheet.Unreported, tbsheet.Games{}, nil
	}
	if r, ok := resultWords[s]; ok {
		// An intentional draw records no games: calc applies MTG's 0-0-3 convention (MTR
		// §2.5) itself, and the other systems count entered games only.
		return r, tbsheet.Games{}, nil
	}
	if rest, ok := strings.CutPrefix(s, "ID"); ok {
		// "ID 0-0-3": an intentional draw whose games were entered, as EventLink and WER do.
		if m := gamesPattern.FindStringSubmatch(strings.Trim(rest, " ()")); m != nil {
			if g := gamesFrom(m); g.P1 == g.P2 {
				return tbsheet.IntentionalDraw, g, nil
			}
		}
	}
	if m := gamesPattern.FindStringSubmatch(s); m != nil {
		g := gamesFrom(m)
		switch {
		case g.P1 > g.P2:
			return tbsheet.Win, g, nil
		case g.P1 < g.P2:
			return tbsheet.Loss, g, nil
		}
		return tbsheet.Draw, g, nil
	}
	return 0, tbsheet.Games{}, fmt.Errorf("%s is not a result (expected %s)", tbsheet.Quote(cell), strings.Join(resultForms, ", "))
}

func gamesFrom(m []string) tbsheet.Games {
	g := tbsheet.Games{Known: true}
	g.P1, _ = strconv.Atoi(m[1])
	g.P2, _ = strconv.Atoi(m[2])
	if m[3] != "" {
		g.Drawn, _ = strconv.Atoi(m[3])
	}
	return g
}

// FormatResultCell writes a match's result in the canonical hand-kept form that
// ParseResultCell reads back to the same Result and Games: game counts when known ("2-1",
// "1-1-1", "ID 0-0-3"), else W, L, D (½-½ for a chess game: one with colours), ID, DL, +, -,
// --, and for solo rows BYE, L, ½ or 0.
func FormatResultCell(m tbsheet.Match) string {
	switch m.Result {
	case tbsheet.Unreported:
		return ""
	case tbsheet.IntentionalDraw:
		if m.Games.Known {
			return "ID " + m.Games.String()
		}
		return "ID"
	case tbsheet.DoubleLoss:
		return "DL"
	case tbsheet.ForfeitWin:
		return "+"
	case tbsheet.ForfeitLoss:
		return "-"
	case tbsheet.DoubleForfeit:
		return "--"
	case tbsheet.HalfBye:
		return "½"
	case tbsheet.ZeroBye:
		return "0"
	case tbsheet.Bye:
		if m.Games.Known && m.Games.P1 == 2 && m.Games.P2 == 0 && m.Games.Drawn == 0 {
			return "2-0"
		}
		return "BYE"
	case tbsheet.LossNoOpponent:
		if m.Games.Known && m.Games.P1 == 0 && m.Games.P2 == 2 && m.Games.Drawn == 0 {
			return "0-2"
		}
		return "L"
	}
	if m.Games.Known {
		return m.Games.String()
	}
	switch m.Result {
	case tbsheet.Win:
		return "W"
	case tbsheet.Loss:
		return "L"
	}
	if m.Color != tbsheet.ColorUnknown {
		return "½-½" // a chess game (it has colours): a draw as chess players write it
	}
	return "D"
}
