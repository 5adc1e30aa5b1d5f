package pipeline

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/dutch"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// pairChess pairs a TRF's next round by the FIDE Dutch system (package dutch), which reads
// the file's own bytes in its TRF dialect; the round joins a copy of ev like any other, its
// Player 1 the player with White. Drop leaves players out, Avoid forbids a pair.
func pairChess(ev *tbsheet.Event, opt PairOptions, data []byte) (Paired, error) {
	if len(opt.Fixed) > 0 {
		return Paired{}, usagef("--fixed-table: a chess round's boards follow the Dutch system's order")
	}
	if err := swiss.CheckNotInPlay(ev); err != nil {
		return Paired{}, fmt.Errorf("%s: %w", ev.Source, err)
	}
	planned := bytes.Contains(data, []byte("\nXXR ")) || bytes.HasPrefix(data, []byte("XXR "))
	if opt.Rounds > 0 && !planned {
		// The rounds the event plans, which the Dutch system needs and many files leave out.
		data = append(bytes.TrimRight(slices.Clip(data), "\r\n"), fmt.Sprintf("\nXXR %d\n", opt.Rounds)...)
		planned = true
	}
	t, err := dutch.ReadTRF(data)
	if err != nil && !planned {
		return Paired{}, fmt.Errorf("%s: %w: give --rounds N, the rounds the event plans", ev.Source, err)
	}
	if err != nil {
		return Paired{}, fmt.Errorf("%s: %w", ev.Source, err)
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
			return 0, fmt.Errorf("%s: %s has no start number", ev.Source, ev.Players[p].Name)
		}
		return n, nil
	}
	drops, err := PlayerList(ev, "--drop", opt.Drop)
	if err != nil {
		return Paired{}, err
	}
	for _, p := range drops {
		n, err := number(p)
		if err != nil {
			return Paired{}, err
		}
		t.Skip(n - 1)
	}
	for _, a := range opt.Avoid {
		x, y, err := PlayerPair(ev, "--avoid", a)
		if err != nil {
			return Paired{}, err
		}
		nx, err := number(x)
		if err != nil {
			return Paired{}, err
		}
		ny, err := number(y)
		if err != nil {
			return Paired{}, err
		}
		t.Forbid(nx-1, ny-1)
	}
	boards, err := dutch.PairNext(t)
	if errors.Is(err, dutch.ErrNoPairing) {
		return Paired{}, fmt.Errorf("%s: round %d: %w", ev.Source, t.PlayedRounds+1, err)
	}
	if err != nil {
		return Paired{}, fmt.Errorf("%s: %w", ev.Source, err)
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
			return 0, fmt.Errorf("%s: start number %d is not among the players", ev.Source, n)
		}
		return p, nil
	}
	for i, b := range boards {
		w, err := player(b.White)
		if err != nil {
			return Paired{}, err
		}
		if b.Black == 0 {
			r.Matches = append(r.Matches, tbsheet.Match{P1: w, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
			continue
		}
		bl, err := player(b.Black)
		if err != nil {
			return Paired{}, err
		}
		r.Matches = append(r.Matches, tbsheet.Match{Table: i + 1, P1: w, P2: bl, Color: tbsheet.White})
	}
	base := *ev
	base.Rounds = rest
	return Paired{Event: withDrops(withRound(&base, r), drops), Round: r}, nil
}

// pairChessEvent pairs a chess event kept in a workbook or CSV (ranked by the fide preset)
// by the FIDE Dutch system: the event is written as a TRF in memory, its players' order in
// the input as the start list, and paired as a TRF is. Round 1 gives White to the first
// player of the start list, as a TRF's XXC white1 would.
func pairChessEvent(ev *tbsheet.Event, opt PairOptions) (Paired, error) {
	c := *ev
	if opt.Rounds > 0 {
		c.PlannedRounds = opt.Rounds
	}
	if played := len(ev.SwissRounds()); c.PlannedRounds <= played {
		return Paired{}, fmt.Errorf("%s: the FIDE Dutch system needs the number of rounds the event plans, more than the %d played: write it in the Event sheet's Rounds, or give --rounds N", ev.Source, played)
	}
	c.Players = slices.Clone(ev.Players)
	for i := range c.Players {
		c.Players[i].ID = strconv.Itoa(i + 1)
	}
	data, err := resultfile.Results.Render("event.trf", &c, writer.Options{})
	if err != nil {
		return Paired{}, fmt.Errorf("%s: %w", ev.Source, err)
	}
	if !bytes.Contains(data, []byte("\nXXC ")) {
		data = append(data, "XXC white1\n"...)
	}
	pr, err := pairChess(&c, opt, data)
	if err != nil {
		return pr, err
	}
	for i := range pr.Event.Players {
		pr.Event.Players[i].ID = ev.Players[i].ID
	}
	return pr, nil
}

// ChessDiff is how one round of a TRF differs from the FIDE Dutch system's pairing of it
// from the rounds before it (see [AuditChess]); boards are start numbers, a bye's Black 0.
type ChessDiff struct {
	Round int
	// Err is why the Dutch system found no pairing of the round (the rest is then empty).
	Err error
	// Missing are the Dutch system's boards the file does not have, Extra the file's boards
	// the Dutch system does not have (by start number), Reversed the boards the file has with the
	// colours the other way (as the Dutch system gives them).
	Missing, Extra, Reversed []dutch.Pair
}

// AuditChess pairs every round of a TRF (data) again from the rounds before it by the FIDE
// Dutch system and returns each round where the file differs (a pair it does not have,
// colours the other way, the bye to another player), as bbpPairings' check does, and the
// number of rounds played.
func AuditChess(data []byte) (diffs []ChessDiff, played int, err error) {
	t, err := dutch.ReadTRF(data)
	if err != nil {
		return nil, 0, err
	}
	for r := 1; r <= t.PlayedRounds; r++ {
		want, err := dutch.PairNext(t.Before(r))
		if err != nil {
			diffs = append(diffs, ChessDiff{Round: r, Err: err})
			continue
		}
		held := map[dutch.Pair]bool{}
		for _, p := range t.Round(r) {
			held[p] = true
		}
		d := ChessDiff{Round: r}
		for _, p := range want {
			switch q := (dutch.Pair{White: p.Black, Black: p.White}); {
			case held[p]:
				delete(held, p)
			case p.Black != 0 && held[q]:
				delete(held, q)
				d.Reversed = append(d.Reversed, p)
			default:
				d.Missing = append(d.Missing, p)
			}
		}
		if len(d.Missing)+len(d.Reversed) == 0 {
			continue
		}
		for p := range held {
			d.Extra = append(d.Extra, p)
		}
		slices.SortFunc(d.Extra, func(a, b dutch.Pair) int {
			return cmp.Or(cmp.Compare(a.White, b.White), cmp.Compare(a.Black, b.Black))
		})
		diffs = append(diffs, d)
	}
	return diffs, t.PlayedRounds, nil
}
