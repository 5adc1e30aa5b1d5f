package season

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// ParseTiers reads a tiers file (tbsheet season --tiers): one line per size band, the
// players an event ranks, a colon, then the points for 1st, 2nd, 3rd … place, separated by
// commas or spaces. A band is a number of players, a range, or a number and "+" for that
// many or more; "#" starts a comment.
//
//	# players: points for 1st, 2nd, 3rd, …
//	4-7:   50, 40
//	8-15:  80, 60, 50, 50
//	16+:   100, 80, 60, 60, 40, 40, 40, 40
//
// Bands may not overlap. Every problem is returned in one tbsheet.ErrorList, each placed
// at its line and column in name.
func ParseTiers(data []byte, name string) ([]Tier, error) {
	var (
		tiers []Tier
		lines []int // the line of each tier
		errs  tbsheet.ErrorList
	)
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		errs.Addf(tbsheet.Pos{File: name}, tbsheet.ErrFormat, "not a tiers file: not UTF-8 text")
		return nil, errs
	}
	for n, line := range strings.Split(string(data), "\n") {
		at := func(col int) tbsheet.Pos { return tbsheet.Pos{File: name, Row: n + 1, Col: col + 1} }
		if errs.Full() {
			break
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		band, points, ok := strings.Cut(strings.ReplaceAll(line, "：", ":"), ":")
		if !ok {
			errs.Addf(at(0), tbsheet.ErrValue, "%s: give the players, a colon, then the points (8-15: 80, 60, 50)", tbsheet.Quote(line))
			continue
		}
		t, err := parseBand(band)
		if err != "" {
			errs.Addf(at(len(band)-len(strings.TrimLeft(band, " \t"))), tbsheet.ErrValue, "%s: %s", tbsheet.Quote(strings.TrimSpace(band)), err)
			continue
		}
		col := len(band) + 1
		fields := strings.FieldsFunc(points, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '、' || r == '，' })
		if len(fields) == 0 {
			errs.Addf(at(col), tbsheet.ErrValue, "no points for the places of %s", tbsheet.Quote(strings.TrimSpace(band)))
			continue
		}
		bad := false
		for _, f := range fields {
			v, err := exact.Parse(f)
			if err != nil || v.Sign() < 0 {
				errs.Addf(at(col+strings.Index(points, f)), tbsheet.ErrValue, "%s is not a number of points", tbsheet.Quote(f))
				bad = true
				continue
			}
			t.Places = append(t.Places, v)
		}
		if bad {
			continue
		}
		for i, u := range tiers {
			if t.Min <= u.Max || u.Max == 0 {
				if u.Min <= t.Max || t.Max == 0 {
					errs.Addf(at(0), tbsheet.ErrValue, "%s overlaps the band of line %d", tbsheet.Quote(strings.TrimSpace(band)), lines[i])
					bad = true
					break
				}
			}
		}
		if !bad {
			tiers = append(tiers, t)
			lines = append(lines, n+1)
		}
	}
	if len(tiers) == 0 && len(errs) == 0 {
		errs.Addf(tbsheet.Pos{File: name}, tbsheet.ErrValue, "no tiers: write one line per size band, such as 8-15: 80, 60, 50")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	slices.SortFunc(tiers, func(a, b Tier) int { return a.Min - b.Min })
	return tiers, nil
}

// maxBand bounds the players a band names: no event is larger.
const maxBand = 1000000

// parseBand reads "8", "8-15" or "16+" into a tier's bounds, or says what is wrong.
func parseBand(s string) (Tier, string) {
	s = strings.TrimSpace(s)
	num := func(s string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		return n, err == nil && n >= 1 && n <= maxBand
	}
	if lo, ok := strings.CutSuffix(s, "+"); ok {
		n, ok := num(lo)
		if !ok {
			return Tier{}, fmt.Sprintf("not a number of players (1 to %d) before the +", maxBand)
		}
		return Tier{Min: n}, ""
	}
	lo, hi, isRange := strings.Cut(strings.ReplaceAll(s, "–", "-"), "-")
	a, ok := num(lo)
	if !ok {
		return Tier{}, fmt.Sprintf("not a number of players (1 to %d), a range (8-15) or a minimum (16+)", maxBand)
	}
	if !isRange {
		return Tier{Min: a, Max: a}, ""
	}
	b, ok := num(hi)
	if !ok || b < a {
		return Tier{}, "not a range of players: the second number must be at least the first (8-15)"
	}
	return Tier{Min: a, Max: b}, ""
}
