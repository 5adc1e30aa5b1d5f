package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/dutch"
	"github.com/tbsheet/tbsheet/pipeline"
)

// auditChess prints each round of a TRF whose pairing is not the FIDE Dutch system's
// (pipeline.AuditChess), naming each board where the file differs (a pair it does not have,
// colours the other way, the bye to another player), as bbpPairings' check does; exit 1
// when one does.
func auditChess(out io.Writer, ev *tbsheet.Event, data []byte) error {
	diffs, played, err := pipeline.AuditChess(data)
	if err != nil {
		return inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	}
	names := map[int]string{}
	for _, pl := range ev.Players {
		if n, err := strconv.Atoi(pl.ID); err == nil {
			names[n] = pl.Name
		}
	}
	name := func(n int) string {
		if s, ok := names[n]; ok {
			return s
		}
		return "player " + strconv.Itoa(n)
	}
	board := func(p dutch.Pair) string {
		if p.Black == 0 {
			return "the bye to " + name(p.White)
		}
		return name(p.White) + " (White) – " + name(p.Black)
	}
	boards := func(pairs []dutch.Pair, show func(dutch.Pair) string) []string {
		var out []string
		for _, p := range pairs {
			out = append(out, show(p))
		}
		return out
	}
	for _, d := range diffs {
		if d.Err != nil {
			fmt.Fprintf(out, "%s: round %d: the Dutch system finds no pairing: %v\n", ev.Source, d.Round, d.Err)
			continue
		}
		extra := boards(d.Extra, board)
		slices.Sort(extra)
		var what []string
		if len(d.Missing) > 0 {
			what = append(what, fmt.Sprintf("the Dutch system pairs %s; the file has %s instead", shortList(boards(d.Missing, board)), shortList(extra)))
		}
		if len(d.Reversed) > 0 {
			reversed := boards(d.Reversed, func(p dutch.Pair) string { return name(p.White) + " – " + name(p.Black) })
			what = append(what, fmt.Sprintf("the Dutch system gives White to the first of %s, the file to the second", shortList(reversed)))
		}
		fmt.Fprintf(out, "%s: round %d: %s\n", ev.Source, d.Round, strings.Join(what, "; "))
	}
	if len(diffs) > 0 {
		return findingsErr(len(diffs), "round differs from the FIDE Dutch system", "rounds differ from the FIDE Dutch system")
	}
	fmt.Fprintf(out, "%s: the pairings of its %d rounds are the FIDE Dutch system's, pair for pair and colour for colour\n", ev.Source, played)
	return nil
}

// shortList lists boards, the first few and a count of the others.
func shortList(boards []string) string {
	const most = 4
	if len(boards) <= most {
		return strings.Join(boards, ", ")
	}
	return strings.Join(boards[:most], ", ") + fmt.Sprintf(" and %d more", len(boards)-most)
}
