package resultfile

// TRF-16 for convert: the FIDE Tournament Report File that pairing programs and FIDE's rating
// tools read (docs/inputs.md). Columns follow FIDE C.04 Annex 2; the reader in reader/trf.go
// reads the file back to the same event.

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/writer"
)

// writeTRF writes ev as TRF-16. Start ranks are the players' ids when every id is a distinct
// number from 1 to 9999 (an event read from a TRF), else their order in the event. Points are
// computed from the results with the event's scoring (chess 1/½/0 by default); the rank column
// is the source's own rank when every player has one, else the order by points then start
// rank (convert computes no tie-breaks). Of TRF-2x it writes the scoring (162) and the
// tie-breaks (202) when the event has them. Playoff rounds are left out: a TRF has none.
func writeTRF(w io.Writer, ev *tbsheet.Event, opt writer.Options) error {
	if len(ev.Pods) > 0 {
		return fmt.Errorf("a TRF holds one tournament; this file has %d pods", len(ev.Pods))
	}
	if err := trfLosses(ev, opt); err != nil {
		return err
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
	col, width := trfRoundColumns(rounds)
	n := len(ev.Players)
	blocks := make([][]string, n)
	points := make([]exact.Num, n)
	for p := range blocks {
		blocks[p] = make([]string, width)
		for r := range blocks[p] {
			blocks[p][r] = "0000 - -" // not paired
		}
	}
	for i, rd := range rounds {
		r := col[i]
		for _, m := range rd.Matches {
			if m.P1 < 0 || m.P1 >= n || m.P2 >= n {
				return fmt.Errorf("round %d: a match names an unknown player", rd.Number)
			}
			c1, c2 := trfColour(m.Color), trfColour(m.Color.Mirror())
			if m.P2 == tbsheet.NoPlayer {
				blocks[m.P1][r] = "0000 " + c1 + " " + trfSoloCode(m.Result, m.FullPointBye)
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
	for _, rec := range trfHeader(ev, n, width, pt) {
		line("%s", rec)
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
		// Columns 1–91: id, start rank, sex, title, name, rating, federation, FIDE id, birth
		// date, points, rank.
		s := fmt.Sprintf("001 %4d %1s%3s %-33s %4s %3s %11s %-10s %4s %4s  ", rank[p],
			trfField(pl.Sex, 1), trfField(pl.Title, 3), trfName(pl.Name), rating,
			trfField(pl.Federation, 3), trfField(pl.FIDEID, 11), trfField(pl.Birth, 10),
			trfNum(points[p]), strconv.Itoa(place[p]))
		s += strings.Join(blocks[p], "  ")
		line("%s", strings.TrimRight(s, " "))
	}
	for _, rec := range ev.Records {
		if rec.AfterPlayers {
			line("%s", trfText(rec.Line))
		}
	}
	return bw.Flush()
}

// trfHeader returns the records written before the players. The records the input had are
// written back as they were, in their order, except those tbsheet derives from the event
// (name, date, scoring, tie-breaks, rounds), which are written anew when the event no longer
// says what they say; the derived records the input lacked follow, in FIDE's order.
func trfHeader(ev *tbsheet.Event, players, rounds int, pt tbsheet.Points) []string {
	derived := map[string]string{}
	var order []string
	add := func(id, text string) {
		if text != "" {
			derived[id] = id + " " + text
			order = append(order, id)
		}
	}
	// An event read from a TRF gets back the records it had; one from another input gets
	// the counts and the kind of tournament too, and its rounds as planned.
	fromTRF := ev.Records != nil
	planned := ev.PlannedRounds
	if !fromTRF {
		planned = max(planned, rounds)
	}
	rated := 0
	for _, p := range ev.Players {
		if p.Rating > 0 {
			rated++
		}
	}
	add("012", trfText(ev.Name))
	add("042", strings.ReplaceAll(ev.Date, "-", "/"))
	if !fromTRF {
		add("062", strconv.Itoa(players))
		add("072", strconv.Itoa(rated))
		kind := "Individual: Swiss-System"
		if ev.RoundRobin {
			kind = "Individual: Round robin"
		}
		add("092", kind)
	}
	if ev.Points != nil {
		add("162", fmt.Sprintf("W %s D %s L %s U %s", trfNum(pt.Win), trfNum(pt.Draw), trfNum(pt.Loss), trfNum(pt.Bye)))
	}
	add("202", trfTiebreaks(ev))
	if planned > 0 {
		add("XXR", strconv.Itoa(planned))
	}
	// A kept record stands for a derived one when reading it gives the event's value: the
	// file's own spelling of a date or a scoring is kept.
	var out []string
	written := map[string]bool{}
	for _, rec := range ev.Records {
		if rec.AfterPlayers {
			continue
		}
		id := rec.ID
		switch id {
		case "142": // TRF-2x's number of rounds, which XXR says too
			id = "XXR"
		case "212": // the tie-breaks led by the score, which 202 says too
			id = "202"
		}
		if d, ok := derived[id]; ok && !written[id] {
			written[id] = true
			if !trfKeeps(rec, ev, players, rated, planned) {
				out = append(out, d)
				continue
			}
		}
		out = append(out, trfText(rec.Line))
	}
	for _, id := range order {
		if !written[id] {
			out = append(out, derived[id])
		}
	}
	return out
}

// trfKeeps reports whether a kept header record still says what the event says, so that it
// can be written back as it was.
func trfKeeps(rec tbsheet.Record, ev *tbsheet.Event, players, rated, planned int) bool {
	text := ""
	if r := []rune(rec.Line); len(r) > 4 {
		text = strings.TrimSpace(string(r[4:]))
	}
	switch rec.ID {
	case "012":
		return text == ev.Name
	case "042":
		return strings.NewReplacer("/", "-", ".", "-").Replace(text) == ev.Date || text == ev.Date
	case "062":
		return text == strconv.Itoa(players)
	case "072":
		return text == strconv.Itoa(rated)
	case "202", "212":
		return text == ev.DeclaredTiebreaks
	case "XXR", "142":
		return text == strconv.Itoa(planned)
	}
	return true // 092, the kind of tournament; 162, the scoring, as the input wrote it
}

// trfField fits a registration field into its columns, as TRF writes it.
func trfField(s string, width int) string {
	s = trfText(s)
	if r := []rune(s); len(r) > width {
		return string(r[:width])
	}
	return s
}

// trfRoundColumns returns the block each round is written in (rounds in order) and the
// number of blocks of a line: a round's number less one when the numbers rise from 1 to 400
// (a round in which nobody was paired, which the event does not hold, keeps its blocks),
// else its place.
func trfRoundColumns(rounds []tbsheet.Round) ([]int, int) {
	col := make([]int, len(rounds))
	last := 0
	for i, rd := range rounds {
		if rd.Number <= last || rd.Number > 400 {
			for i := range col {
				col[i] = i
			}
			return col, len(col)
		}
		col[i], last = rd.Number-1, rd.Number
	}
	return col, last
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

// trfPlaces returns the rank column: the source's ranks when every player has one; the start
// order for a TRF whose rank column was the start order; else the order by points, then by
// start rank.
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
	if ev.Format == "trf" && !slices.ContainsFunc(ev.Players, func(p tbsheet.Player) bool { return p.Reported != nil && p.Reported.Rank > 0 }) {
		// The input's rank column was the start order (or blank), which the reader does not
		// take for a ranking: it is written back as the start order.
		return slices.Clone(rank)
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
func trfSoloCode(r tbsheet.Result, fullPoint bool) string {
	switch r {
	case tbsheet.Bye:
		if fullPoint {
			return "F"
		}
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
