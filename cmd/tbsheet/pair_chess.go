package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/dutch"
	"github.com/tbsheet/tbsheet/swiss"
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
	t, err := dutch.ReadTRF(data)
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
