package dutch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// noPairing is what the oracle's output becomes when it finds no legal pairing.
const noPairing = "no valid pairing\n"

// pairTRF pairs the next round of a TRF and writes the result as bbpPairings writes its
// output file: the number of pairs, then "WHITE BLACK" per board ("N 0" for the bye).
func pairTRF(trf []byte) (string, error) {
	t, err := ReadTRF(trf)
	if err != nil {
		return "", err
	}
	pairs, err := PairNext(t)
	if errors.Is(err, ErrNoPairing) {
		return noPairing, nil
	}
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(pairs))
	for _, p := range pairs {
		fmt.Fprintf(&b, "%d %d\n", p.White, p.Black)
	}
	return b.String(), nil
}

// truncateTRF keeps the first rounds of a tournament bbpPairings generated, with each
// player's points recomputed by the file's point system (the 162 record, else 1 for a win,
// a forfeit win and a bye, ½ for a draw and a half-point bye), an entry of the next round
// that is a bye or an absence declared in advance, and adds the number of rounds (XXR) and
// the first player's colour in round 1 (XXC), which generated files leave out.
func truncateTRF(trf []byte, rounds, total int, initial string) []byte {
	lines := strings.FieldsFunc(string(trf), func(r rune) bool { return r == '\r' || r == '\n' })
	// The points of each result, in tenths: the defaults, or the 162 record's.
	win, draw, loss, zero, pab := 10, 5, 0, 0, -1
	for _, line := range lines {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "162" {
			for i := 1; i+1 < len(f); i += 2 {
				whole, frac, _ := strings.Cut(f[i+1], ".")
				v, _ := strconv.Atoi(whole + frac + strings.Repeat("0", 1-len(frac)))
				switch f[i] {
				case "W":
					win = v
				case "D":
					draw = v
				case "L":
					loss = v
				case "Z":
					zero = v
				case "P":
					pab = v
				}
			}
		}
	}
	if pab < 0 {
		pab = win
	}
	var out strings.Builder
	for _, line := range lines {
		if !strings.HasPrefix(line, "001") || len(line) < 91 {
			out.WriteString(line + "\n")
			continue
		}
		head := []byte(line[:91])
		tenths := 0
		var games strings.Builder
		for r := 0; 91+10*r+8 <= len(line); r++ {
			entry := line[91+10*r : min(len(line), 91+10*r+10)]
			entry = strings.TrimRight(entry, " ")
			if r < rounds && entry == "" {
				games.WriteString(strings.Repeat(" ", 10))
				continue
			}
			if r < rounds {
				switch entry[len(entry)-1] {
				case '1', '+', 'W', 'F':
					tenths += win
				case 'U':
					tenths += pab
				case '=', 'D', 'H':
					tenths += draw
				case '0', 'L':
					tenths += loss
				case '-', 'Z':
					tenths += zero
				}
				games.WriteString(fmt.Sprintf("%-10s", entry))
				continue
			}
			if r == rounds && strings.Contains(entry, "0000") && !strings.HasSuffix(entry, "U") {
				games.WriteString(entry)
			}
			break
		}
		copy(head[80:84], fmt.Sprintf("%4s", fmt.Sprintf("%d.%d", tenths/10, tenths%10)))
		out.WriteString(strings.TrimRight(string(head)+games.String(), " ") + "\n")
	}
	fmt.Fprintf(&out, "XXR %d\nXXC %s\n", total, initial)
	return []byte(out.String())
}
