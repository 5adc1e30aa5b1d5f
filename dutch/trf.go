package dutch

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrTRF is wrapped by every error ReadTRF returns.
var ErrTRF = errors.New("invalid TRF")

// errLine is an invalid line; the explanation may be empty.
type errLine string

func (e errLine) Error() string { return string(e) }

// ReadTRF reads the state of a tournament from a FIDE TRF file, in the dialect bbpPairings
// reads to pair the next round: the 001 player records (the last column may hold byes for
// the round to pair), XXR (or 142) with the number of rounds, XXC ("white1"/"black1",
// "rank"), XXA accelerations, XXP forbidden pairs and the 240, 250, 260, 152, 162 and 192
// records, BBW/BBD/BBL/BBZ/BBF/BBU point values.
func ReadTRF(data []byte) (*Tournament, error) {
	t := &Tournament{PointsForWin: 10, PointsForDraw: 5, PointsForPairingAllocatedBye: 10, InitialColor: NoColor}
	r := &trfReader{t: t}
	text := string(data)
	lineNo := 0
	for _, chunk := range strings.Split(text, "\r") {
		for _, raw := range strings.Split(chunk, "\n") {
			lineNo++
			if !utf8.ValidString(raw) {
				return nil, fmt.Errorf("%w: line %d: the file is not legal UTF-8", ErrTRF, lineNo)
			}
			line := []rune(raw)
			if len(line) < 3 {
				continue
			}
			if err := r.line(line); err != nil {
				var el errLine
				if errors.As(err, &el) {
					msg := "invalid line"
					if el != "" {
						msg += " (" + string(el) + ")"
					}
					return nil, fmt.Errorf("%w: line %d: %s %q", ErrTRF, lineNo, msg, raw)
				}
				return nil, fmt.Errorf("%w: line %d: %w", ErrTRF, lineNo, err)
			}
		}
	}
	if err := r.finish(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTRF, err)
	}
	return t, nil
}

type trfReader struct {
	t                             *Tournament
	useRank                       bool
	usePairingAllocatedByeScore   bool
	accelerationSpecifiedManually bool
	baku                          bool
	universallyForbidden          [][]int
	byes                          [][2]int // round, player
}

// fields splits s at any of the delimiters, dropping empty fields.
func fields(s []rune, delims string) []string {
	return strings.FieldsFunc(string(s), func(r rune) bool { return strings.ContainsRune(delims, r) })
}

// single returns the one space-delimited token of s.
func single(s []rune) (string, error) {
	f := fields(s, " ")
	if len(f) != 1 {
		return "", errLine("")
	}
	return f[0], nil
}

// parseUint parses a whole decimal string of digits.
func parseUint(s string) (int, error) {
	if s == "" {
		return 0, errLine("")
	}
	v := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, errLine("")
		}
		v = v*10 + int(c-'0')
		if v > 1<<40 {
			return 0, errors.New("a number is too large")
		}
	}
	return v, nil
}

// parseTenths parses a decimal with at most one digit after the point, in tenths.
func parseTenths(s string) (int, error) {
	whole, frac, hasPoint := strings.Cut(s, ".")
	v, err := parseUint(whole)
	if err != nil {
		return 0, err
	}
	v *= 10
	if hasPoint {
		if len(frac) > 1 {
			return 0, errLine("")
		}
		d, err := parseUint(frac)
		if err != nil {
			return 0, err
		}
		v += d
	}
	return v, nil
}

// readIndex reads a 1-based number (what it numbers is named in the error for 0) and
// returns it 0-based.
func readIndex(s []rune, what string) (int, error) {
	tok, err := single(s)
	if err != nil {
		return 0, err
	}
	v, err := parseUint(tok)
	if err != nil {
		return 0, err
	}
	if v == 0 {
		return 0, errLine(what + " of 0")
	}
	return v - 1, nil
}

func readPlayerID(s []rune) (int, error) {
	id, err := readIndex(s, "player ID")
	if err == nil && id >= maxPlayers {
		return 0, fmt.Errorf("start numbers go up to %d", maxPlayers)
	}
	return id, err
}

func readRoundIndex(s []rune) (int, error) { return readIndex(s, "round index") }

func readScore(s []rune) (int, error) {
	tok, err := single(s)
	if err != nil {
		return 0, err
	}
	return parseTenths(tok)
}

// maxPlayers is the largest start number.
const maxPlayers = 9999

// sub returns line[from:to], clipped to the line.
func sub(line []rune, from, to int) []rune {
	to = min(to, len(line))
	if from >= to {
		return nil
	}
	return line[from:to]
}

func onlySpacesFrom(line []rune, from int) bool {
	for i := from; i < len(line); i++ {
		if line[i] != ' ' {
			return false
		}
	}
	return true
}

func (r *trfReader) ensurePlayer(id int) {
	for len(r.t.Players) <= id {
		r.t.Players = append(r.t.Players, Player{ID: len(r.t.Players)})
	}
}

func (r *trfReader) line(line []rune) error {
	t := r.t
	switch prefix := string(line[:3]); prefix {
	case "001":
		return r.player(line)
	case "013", "310":
		return errLine("team tournaments are not supported")
	case "240":
		return r.byesLine(line)
	case "250":
		r.accelerationSpecifiedManually = true
		return r.accelerations250(line)
	case "XXA":
		r.accelerationSpecifiedManually = true
		return r.accelerationsXXA(line)
	case "260":
		return r.forbidden260(line)
	case "XXP":
		var players []int
		for _, tok := range fields(line[3:], " \t") {
			id, err := readPlayerID([]rune(tok))
			if err != nil {
				return err
			}
			players = append(players, id)
		}
		r.universallyForbidden = append(r.universallyForbidden, players)
	case "142", "XXR":
		tok, err := single(line[3:])
		if err != nil {
			return err
		}
		n, err := parseUint(tok)
		if err != nil {
			return err
		}
		if n == 0 {
			return errLine("")
		}
		t.Rounds = n
	case "XXC":
		for _, tok := range fields(line[3:], " \t") {
			switch tok {
			case "rank":
				r.useRank = true
			case "white1":
				t.InitialColor = White
			case "black1":
				t.InitialColor = Black
			}
		}
	case "152":
		if len(line) != 5 {
			return errLine("")
		}
		switch line[4] {
		case 'W':
			t.InitialColor = White
		case 'B':
			t.InitialColor = Black
		default:
			return errLine("")
		}
	case "162":
		return r.pointSystem(line)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		if len(line) < 8 {
			return errLine("")
		}
		v, err := readScore(sub(line, 4, 12))
		if err != nil {
			return err
		}
		r.setPoints(prefix[2], v)
	case "192":
		if len(line) < 5 {
			return errLine("")
		}
		switch string(line[4:]) {
		case "FIDE_DUTCH_2025", "FIDE_DUTCH":
			r.baku = false
		case "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_BAKU":
			r.baku = true
		default:
			return errLine("unsupported tournament type")
		}
	case "299":
		return errLine("abnormal assignment points are not yet supported")
	}
	return nil
}

// player reads a 001 record.
func (r *trfReader) player(line []rune) error {
	t := r.t
	if len(line) < 84 {
		return errLine("")
	}
	id, err := readPlayerID(line[4:8])
	if err != nil {
		return err
	}
	rating := 0
	if ratingField := line[48:52]; len(fields(ratingField, " ")) > 0 {
		tok, err := single(ratingField)
		if err != nil {
			return err
		}
		if rating, err = parseUint(tok); err != nil {
			return err
		}
	}
	score, err := readScore(line[80:84])
	if err != nil {
		return err
	}
	skipped := 0
	var matches []Match
	start := 91
	for ; start <= len(line)-8; start += 10 {
		skip, played := true, true
		opponent := id
		if oppField := string(line[start : start+4]); oppField != "    " {
			if oppField != "0000" {
				if opponent, err = readPlayerID(line[start : start+4]); err != nil {
					return err
				}
				if opponent == id {
					return errLine("")
				}
			}
			skip = false
		}
		if opponent == id {
			played = false
		}
		colorChar := line[start+5]
		color := NoColor
		switch colorChar {
		case 'w':
			color, skip = White, false
		case 'b':
			color, skip = Black, false
		case '-':
			skip, played = false, false
		case ' ':
			played = false
		default:
			return errLine("")
		}
		if opponent == id && color != NoColor {
			return errLine("")
		}
		resultChar := line[start+7]
		if resultChar > 127 {
			return errLine("")
		}
		if resultChar >= 'a' && resultChar <= 'z' {
			resultChar -= 'a' - 'A'
		}
		var outcome Outcome
		switch resultChar {
		case 'D', '=', 'H':
			outcome = Draw
		case '+', 'W', '1', 'F', 'U':
			outcome = Win
		case '-', 'L', '0', 'Z', ' ':
			outcome = Loss
		default:
			return errLine("")
		}
		switch resultChar {
		case '+', '-', 'H', 'F', 'U', 'Z', ' ':
			played = false
			if resultChar != '+' && resultChar != '-' && opponent != id {
				return errLine("")
			}
		default:
			if color == NoColor && (resultChar != '=' || opponent != id) {
				return errLine("")
			}
		}
		if resultChar != ' ' {
			skip = false
		}
		paired := opponent != id || resultChar == 'U' || resultChar == '+'
		if skip {
			skipped++
			continue
		}
		for ; skipped > 0; skipped-- {
			matches = append(matches, absent(id))
		}
		if len(matches) > t.PlayedRounds {
			t.PlayedRounds = len(matches)
		}
		matches = append(matches, Match{Opponent: opponent, Color: color, Outcome: outcome, Played: played, Paired: paired})
		if paired && len(matches) > t.PlayedRounds {
			t.PlayedRounds = len(matches)
		}
	}
	if !onlySpacesFrom(line, start) {
		return errLine("")
	}
	p := Player{ID: id, Rating: rating, Points: score, Matches: matches, Valid: true}
	switch {
	case id >= len(t.Players):
		r.ensurePlayer(id - 1)
		t.Players = append(t.Players, p)
	case t.Players[id].Valid:
		return errors.New("a pairing number is repeated")
	default:
		p.Accelerations = t.Players[id].Accelerations
		t.Players[id] = p
	}
	t.ByRank = append(t.ByRank, id)
	return nil
}
