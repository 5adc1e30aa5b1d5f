package apply

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
)

// TRF round blocks: round r's block starts at column 92 + 10(r−1), "oooo c r" (the opponent's
// start number, the colour, the result) and two spaces before the next.
const (
	trfFirstRound = 92
	trfRoundWidth = 10
)

// appendTRF writes round r into a TRF file: a block on each player's 001 line, "oooo w  " and
// "oooo b  " for a game (the result left blank, to be filled as results come), "0000 - U"
// for the pairing-allocated bye, and "0000 - -" for a player not paired (absent, withdrawn).
// Every other line and column is kept, with the file's line ends.
func appendTRF(data []byte, ev *tbsheet.Event, r tbsheet.Round) ([]byte, error) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	blocks := make([]string, len(ev.Players))
	for i := range blocks {
		blocks[i] = "0000 - -"
	}
	start := func(p int) (string, error) {
		n, err := strconv.Atoi(ev.Players[p].ID)
		if err != nil || n < 1 || n > 9999 {
			return "", fmt.Errorf("%s: %s has no start number a TRF can hold", ev.Source, tbsheet.Quote(ev.Players[p].Name))
		}
		return fmt.Sprintf("%4d", n), nil
	}
	for _, m := range r.Matches {
		if m.P2 == tbsheet.NoPlayer {
			blocks[m.P1] = "0000 - U"
			continue
		}
		c1, c2 := '-', '-'
		switch m.Color {
		case tbsheet.White:
			c1, c2 = 'w', 'b'
		case tbsheet.Black:
			c1, c2 = 'b', 'w'
		}
		o1, err := start(m.P2)
		if err != nil {
			return nil, err
		}
		o2, err := start(m.P1)
		if err != nil {
			return nil, err
		}
		blocks[m.P1] = fmt.Sprintf("%s %c  ", o1, c1)
		blocks[m.P2] = fmt.Sprintf("%s %c  ", o2, c2)
	}
	col := trfFirstRound + (r.Number-1)*trfRoundWidth
	for i, p := range ev.Players {
		at := p.Pos.Row - 1
		if at < 0 || at >= len(lines) || !bytes.HasPrefix(lines[at], []byte("001")) {
			return nil, fmt.Errorf("%w: %s: the 001 line of %s is not where it was read", ErrLayout, ev.Source, tbsheet.Quote(p.Name))
		}
		line := lines[at]
		body := bytes.TrimRight(line, "\r\n")
		end := line[len(body):]
		body = bytes.TrimRight(body, " ")
		// Columns count characters, not bytes: a name may be written in Chinese.
		width := utf8.RuneCount(body)
		if width >= col {
			return nil, fmt.Errorf("%s:%d: %s already has a round %d", ev.Source, at+1, tbsheet.Quote(p.Name), r.Number)
		}
		out := make([]byte, 0, len(body)+col+trfRoundWidth+len(end))
		out = append(out, body...)
		out = append(out, bytes.Repeat([]byte(" "), col-1-width)...)
		out = append(out, bytes.TrimRight([]byte(blocks[i]), " ")...)
		lines[at] = append(out, end...)
	}
	return bytes.Join(lines, nil), nil
}
