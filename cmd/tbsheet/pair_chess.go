package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/dutch"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/writer"
)

// pairChess pairs a TRF's next round by the FIDE Dutch system (package dutch), which reads
// the file's own bytes in its TRF dialect; the round joins a copy of ev like any other, its
// Player 1 the player with White. --drop leaves players out, --avoid forbids a pair.
func pairChess(ev *tbsheet.Event, f *pairFlags, data []byte) (pairedRound, error) {
	if len(f.fixed) > 0 {
		return pairedRound{}, usageErr("--fixed-table: a chess round's boards follow the Dutch system's order")
	}
	if err := swiss.CheckNotInPlay(ev); err != nil {
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	}
	planned := bytes.Contains(data, []byte("\nXXR ")) || bytes.HasPrefix(data, []byte("XXR "))
	if f.rounds > 0 && !planned {
		// The rounds the event plans, which the Dutch system needs and many files leave out.
		data = append(bytes.TrimRight(slices.Clip(data), "\r\n"), fmt.Sprintf("\nXXR %d\n", f.rounds)...)
		planned = true
	}
	t, err := dutch.ReadTRF(data)
	if err != nil && !planned {
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w: give --rounds N, the rounds the event plans", ev.Source, err))
	}
	if err != nil {
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	}
	// The event's players are the TRF's, their IDs the start numbers.
	byNumber := map[int]int{}
	for p, pl := range ev.Players {
		if n, err := strconv.Atoi(pl.ID); err == nil {
			byNumber[n] = p
		}
	}
	number := func(p int) (int, error) {
		n, err := strconv.Atoi(ev.Players[p].ID)
		if err != nil || n < 1 || n > len(t.Players) {
			return 0, inputErr(fmt.Errorf("%s: %s has no start number", ev.Source, ev.Players[p].Name))
		}
		return n, nil
	}
	drops, err := playerList(ev, "--drop", f.drop)
	if err != nil {
		return pairedRound{}, err
	}
	for _, p := range drops {
		n, err := number(p)
		if err != nil {
			return pairedRound{}, err
		}
		t.Skip(n - 1)
	}
	for _, a := range f.avoid {
		x, y, err := playerPair(ev, "--avoid", a)
		if err != nil {
			return pairedRound{}, err
		}
		nx, err := number(x)
		if err != nil {
			return pairedRound{}, err
		}
		ny, err := number(y)
		if err != nil {
			return pairedRound{}, err
		}
		t.Forbid(nx-1, ny-1)
	}
	boards, err := dutch.PairNext(t)
	if errors.Is(err, dutch.ErrNoPairing) {
		return pairedRound{}, inputErr(fmt.Errorf("%s: round %d: %w", ev.Source, t.PlayedRounds+1, err))
	}
	if err != nil {
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	}
	r := tbsheet.Round{Number: t.PlayedRounds + 1}
	rest := ev.Rounds
	// Byes the file declares for the round to pair are the start of that round.
	if n := len(rest); n > 0 && rest[n-1].Number == r.Number && !rest[n-1].Playoff {
		r.Matches = append(r.Matches, rest[n-1].Matches...)
		rest = rest[:n-1]
	}
	player := func(n int) (int, error) {
		p, ok := byNumber[n]
		if !ok {
			return 0, inputErr(fmt.Errorf("%s: start number %d is not among the players", ev.Source, n))
		}
		return p, nil
	}
	for i, b := range boards {
		w, err := player(b.White)
		if err != nil {
			return pairedRound{}, err
		}
		if b.Black == 0 {
			r.Matches = append(r.Matches, tbsheet.Match{P1: w, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
			continue
		}
		bl, err := player(b.Black)
		if err != nil {
			return pairedRound{}, err
		}
		r.Matches = append(r.Matches, tbsheet.Match{Table: i + 1, P1: w, P2: bl, Color: tbsheet.White})
	}
	base := *ev
	base.Rounds = rest
	return pairedRound{event: withDrops(withRound(&base, r), drops), round: r}, nil
}

// auditChess pairs every round of a TRF again from the rounds before it by the FIDE Dutch
// system and names each board where the file differs (a pair it does not have, colours the
// other way, the bye to another player), as bbpPairings' check does; exit 1 when one does.
func auditChess(out io.Writer, ev *tbsheet.Event, data []byte) error {
	t, err := dutch.ReadTRF(data)
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
	found := 0
	for r := 1; r <= t.PlayedRounds; r++ {
		want, err := dutch.PairNext(t.Before(r))
		if err != nil {
			fmt.Fprintf(out, "%s: round %d: the Dutch system finds no pairing: %v\n", ev.Source, r, err)
			found++
			continue
		}
		held := map[dutch.Pair]bool{}
		for _, p := range t.Round(r) {
			held[p] = true
		}
		var missing, reversed, extra []string
		for _, p := range want {
			switch q := (dutch.Pair{White: p.Black, Black: p.White}); {
			case held[p]:
				delete(held, p)
			case p.Black != 0 && held[q]:
				delete(held, q)
				reversed = append(reversed, name(p.White)+" – "+name(p.Black))
			default:
				missing = append(missing, board(p))
			}
		}
		for p := range held {
			extra = append(extra, board(p))
		}
		if len(missing)+len(reversed) == 0 {
			continue
		}
		slices.Sort(extra)
		found++
		var what []string
		if len(missing) > 0 {
			what = append(what, fmt.Sprintf("the Dutch system pairs %s; the file has %s instead", shortList(missing), shortList(extra)))
		}
		if len(reversed) > 0 {
			what = append(what, fmt.Sprintf("the Dutch system gives White to the first of %s, the file to the second", shortList(reversed)))
		}
		fmt.Fprintf(out, "%s: round %d: %s\n", ev.Source, r, strings.Join(what, "; "))
	}
	if found > 0 {
		return findingsErr(found, "round differs from the FIDE Dutch system", "rounds differ from the FIDE Dutch system")
	}
	fmt.Fprintf(out, "%s: the pairings of its %d rounds are the FIDE Dutch system's, pair for pair and colour for colour\n", ev.Source, t.PlayedRounds)
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

// pairChessEvent pairs a chess event kept in a workbook or CSV (ranked by the fide preset)
// by the FIDE Dutch system: the event is written as a TRF in memory, its players' order in
// the input as the start list, and paired as a TRF is. Round 1 gives White to the first
// player of the start list, as a TRF's XXC white1 would.
func pairChessEvent(ev *tbsheet.Event, f *pairFlags) (pairedRound, error) {
	c := *ev
	if f.rounds > 0 {
		c.PlannedRounds = f.rounds
	}
	if played := len(ev.SwissRounds()); c.PlannedRounds <= played {
		return pairedRound{}, inputErr(fmt.Errorf("%s: the FIDE Dutch system needs the number of rounds the event plans, more than the %d played: write it in the Event sheet's Rounds, or give --rounds N", ev.Source, played))
	}
	c.Players = slices.Clone(ev.Players)
	for i := range c.Players {
		c.Players[i].ID = strconv.Itoa(i + 1)
	}
	data, err := writer.Results.Render("event.trf", &c, writer.Options{})
	if err != nil {
		return pairedRound{}, inputErr(fmt.Errorf("%s: %w", ev.Source, err))
	}
	if !bytes.Contains(data, []byte("\nXXC ")) {
		data = append(data, "XXC white1\n"...)
	}
	pr, err := pairChess(&c, f, data)
	if err != nil {
		return pr, err
	}
	for i := range pr.event.Players {
		pr.event.Players[i].ID = ev.Players[i].ID
	}
	return pr, nil
}
