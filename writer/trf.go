package writer

// TRF-16 for convert: the FIDE Tournament Report File that pairing programs and FIDE's rating
// tools read (docs/inputs.md). Columns follow FIDE C.04 Annex 2; the reader in reader/trf.go
// reads the file back to the same event.

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// writeTRF writes ev as TRF-16. Start ranks are the players' ids when every id is a distinct
// number from 1 to 9999 (an event read from a TRF), else their order in the event. Points are
// computed from the results with the event's scoring (chess 1/½/0 by default); the rank column
// is the source's own rank when every player has one, else the order by points then start
// rank (convert computes no tie-breaks). Of TRF-2x it writes the scoring (162) and the
// tie-breaks (202) when the event has them. Playoff rounds are left out: a TRF has none.
func writeTRF(w io.Writer, ev *tbsheet.Event, _ Options) error {
	if len(ev.Pods) > 0 {
		return fmt.Errorf("a TRF holds one tournament; this file has %d pods", len(ev.Pods))
	}
	rank, err := trfRanks(ev)
	if err != nil {
		return err
	}
	pt := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}
	if ev.Points != nil {
		pt = *ev.Points
	}
	rounds := ev.SwissRounds()
	sort.SliceStable(rounds, func(i, j int) bool { return rounds[i].Number < rounds[j].Number })
	n := len(ev.Players)
	blocks := make([][]string, n)
	points := make([]exact.Num, n)
	for p := range blocks {
		blocks[p] = make([]string, len(rounds))
		for r := range rounds {
			blocks[p][r] = "0000 - -" // not paired
		}
	}
	for r, rd := range rounds {
		for _, m := range rd.Matches {
			if m.P1 < 0 || m.P1 >= n || m.P2 >= n {
				return fmt.Errorf("round %d: a match names an unknown player", rd.Number)
			}
			c1, c2 := trfColour(m.Color), trfColour(m.Color.Mirror())
			if m.P2 == tbsheet.NoPlayer {
				blocks[m.P1][r] = "0000 " + c1 + " " + trfSoloCode(m.Result)
				points[m.P1] = points[m.P1].Add(pt.For(m.Result))
				continue
			}
			code1, code2 := trfPairCodes(m.Result)
			blocks[m.P1][r] = fmt.Sprintf("%4d %s %s", rank[m.P2], c1, code1)
			blocks[m.P2][r] = fmt.Sprintf("%4d %s %s", rank[m.P1], c2, code2)
			points[m.P1] = points[m.P1].Add(pt.For(m.Result))
			points[m.P2] = points[m.P2].Add(pt.For(m.Result.Mirror()))
		}
	}
	place := trfPlaces(ev, rank, points)

	bw := bufio.NewWriter(w)
	line := func(format string, args ...any) { fmt.Fprintf(bw, format+"\n", args...) }
	if ev.Name != "" {
		line("012 %s", trfText(ev.Name))
	}
	if ev.Date != "" {
		line("042 %s", strings.ReplaceAll(ev.Date, "-", "/"))
	}
	line("062 %d", n)
	rated := 0
	for _, p := range ev.Players {
		if p.Rating > 0 {
			rated++
		}
	}
	line("072 %d", rated)
	line("092 Individual: Swiss-System")
	if ev.Points != nil {
		line("162 W %s D %s L %s U %s", trfNum(pt.Win), trfNum(pt.Draw), trfNum(pt.Loss), trfNum(pt.Bye))
	}
	if tb := trfTiebreaks(ev); tb != "" {
		line("202 %s", tb)
	}
	planned := max(ev.PlannedRounds, len(rounds))
	if planned > 0 {
		line("XXR %d", planned)
	}
	order := make([]int, n)
	for p := range order {
		order[p] = p
	}
	sort.Slice(order, func(i, j int) bool { return rank[order[i]] < rank[order[j]] })
	for _, p := range order {
		pl := ev.Players[p]
		rating := ""
		if pl.Rating > 0 {
			if pl.Rating > 9999 {
				return fmt.Errorf("%s: rating %d does not fit a TRF", pl.Name, pl.Rating)
			}
			rating = strconv.Itoa(pl.Rating)
		}
		// Columns 1–91: id, start rank, sex+title (blank), name, rating, federation, FIDE id
		// and birth date (blank: the model has none), points, rank.
		s := fmt.Sprintf("001 %4d %-4s %-33s %4s %3s %11s %10s %4s %4s  ", rank[p], "",
			trfName(pl.Name), rating, "", "", "", trfNum(points[p]), strconv.Itoa(place[p]))
		s += strings.Join(blocks[p], "  ")
		line("%s", strings.TrimRight(s, " "))
	}
	return bw.Flush()
}

// trfTiebreaks returns the event's tie-breaks in FIDE's notation for a 202 record: as the
// input declared them, else the event's own order when every key of it is FIDE's, else "".
func trfTiebreaks(ev *tbsheet.Event) string {
	if ev.DeclaredTiebreaks != "" {
		return trfText(ev.DeclaredTiebreaks)
	}
	var codes []string
	for _, id := range ev.Tiebreaks {
		code, ok := calc.FIDECode(id)
		if !ok {
			return ""
		}
		codes = append(codes, code)
	}
	return strings.Join(codes, ",")
}

// trfRanks returns each player's start rank.
func trfRanks(ev *tbsheet.Event) ([]int, error) {
	rank := make([]int, len(ev.Players))
	if len(ev.Players) > 9999 {
		return nil, fmt.Errorf("%d players: a TRF holds at most 9999", len(ev.Players))
	}
	seen := map[int]bool{}
	useIDs := true
	for p, pl := range ev.Players {
		r, err := strconv.Atoi(pl.ID)
		if err != nil || r < 1 || r > 9999 || seen[r] || strconv.Itoa(r) != pl.ID {
			useIDs = false
			break
		}
		seen[r] = true
		rank[p] = r
	}
	if !useIDs {
		for p := range rank {
			rank[p] = p + 1
		}
	}
	return rank, nil
}

// trfPlaces returns the rank column: the source's ranks when every player has one, else the
// order by points, then by start rank.
func trfPlaces(ev *tbsheet.Event, rank []int, points []exact.Num) []int {
	place := make([]int, len(ev.Players))
	all := true
	for p, pl := range ev.Players {
		if pl.Reported == nil || pl.Reported.Rank <= 0 {
			all = false
			break
		}
		place[p] = pl.Reported.Rank
	}
	if all {
		return place
	}
	order := make([]int, len(ev.Players))
	for p := range order {
		order[p] = p
	}
	sort.SliceStable(order, func(i, j int) bool {
		if c := points[order[i]].Cmp(points[order[j]]); c != 0 {
			return c > 0
		}
		return rank[order[i]] < rank[order[j]]
	})
	for i, p := range order {
		place[p] = i + 1
	}
	return place
}

// trfPairCodes returns the result codes of both players of a paired match.
func trfPairCodes(r tbsheet.Result) (string, string) {
	switch r {
	case tbsheet.Win:
		return "1", "0"
	case tbsheet.Loss:
		return "0", "1"
	case tbsheet.Draw, tbsheet.IntentionalDraw:
		return "=", "="
	case tbsheet.DoubleLoss:
		return "0", "0"
	case tbsheet.ForfeitWin:
		return "+", "-"
	case tbsheet.ForfeitLoss:
		return "-", "+"
	case tbsheet.DoubleForfeit:
		return "-", "-"
	}
	return " ", " " // unreported: paired, no result yet
}

// trfSoloCode returns the result code of a round without an opponent.
func trfSoloCode(r tbsheet.Result) string {
	switch r {
	case tbsheet.Bye:
		return "U"
	case tbsheet.HalfBye:
		return "H"
	}
	return "Z" // zero-point bye, loss without opponent
}

func trfColour(c tbsheet.Color) string {
	switch c {
	case tbsheet.White:
		return "w"
	case tbsheet.Black:
		return "b"
	}
	return "-"
}

// trfNum writes points with one decimal, as TRF does ("4.5", "10.0"); finer fractions (a
// scoring system with thirds) keep two.
func trfNum(v exact.Num) string {
	if s := v.Round(1); exact.MustParse(s).Equal(v) {
		return s
	}
	return v.Round(2)
}

// trfName fits a name into the 33 name columns.
func trfName(s string) string {
	s = trfText(s)
	if r := []rune(s); len(r) > 33 {
		return string(r[:33])
	}
	return s
}

// trfText keeps a text on its line.
func trfText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}
