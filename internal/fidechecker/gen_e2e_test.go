//go:build e2e

package fidechecker_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet"
)

// chessConfig describes one random chess Swiss for the differential test.
type chessConfig struct {
	players, rounds int
	seed            uint64
	// unrated is the share of players without a rating (0 in events the rating keys are
	// compared on: the checker leaves them undefined for everyone when anyone is unrated).
	unrated float64
}

// chessEvent is a generated event and the players in it who entered late or withdrew.
type chessEvent struct {
	ev         *tbsheet.Event
	lateEntry  int // players entering after round 1
	withdrawal int // players withdrawing before the last round
}

// chessPlayer is the generator's view of a player.
type chessPlayer struct {
	rating       int // 0 when unrated
	strength     float64
	halves       int // score in half points
	whites       int // colour balance: whites minus blacks
	hadPAB       bool
	enter, leave int // first and last round played (1-based, inclusive)
	met          map[int]bool
}

// generateChess returns a Swiss event with every kind of round C.07 Art. 16 knows: games
// won, drawn and lost with colours, the pairing-allocated bye, requested half-, zero- and
// full-point byes, forfeit wins and losses, double forfeits, late entries (absent, or
// recorded as zero-point byes, in the first rounds) and withdrawals (absent afterwards).
// Pairing is by score, then rating, avoiding rematches while it can.
func generateChess(cfg chessConfig) chessEvent {
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(cfg.players)<<16|uint64(cfg.rounds)))
	out := chessEvent{ev: &tbsheet.Event{
		Name:          fmt.Sprintf("Generated chess Swiss (%d players, %d rounds, seed %d)", cfg.players, cfg.rounds, cfg.seed),
		Date:          "2025-05-01",
		PlannedRounds: cfg.rounds,
		System:        "fide",
	}}
	ev := out.ev
	ps := make([]chessPlayer, cfg.players)
	for i := range ps {
		p := &ps[i]
		p.strength = 1000 + 1700*rng.Float64()
		if rng.Float64() >= cfg.unrated {
			p.rating = int(p.strength + 150*rng.NormFloat64())
			p.rating = min(max(p.rating, 1001), 2850)
		}
		p.enter, p.leave, p.met = 1, cfg.rounds, map[int]bool{}
		if cfg.rounds > 3 && rng.Float64() < 0.06 {
			p.enter = 2 + rng.IntN(2)
			out.lateEntry++
		}
		if rng.Float64() < 0.12 {
			p.leave = p.enter + rng.IntN(cfg.rounds-p.enter+1)
			if p.leave < cfg.rounds {
				out.withdrawal++
			}
		}
		ev.Players = append(ev.Players, tbsheet.Player{ID: fmt.Sprint(i + 1), Name: fmt.Sprintf("Player %d", i+1),
			Rating: p.rating, DroppedAfter: dropped(p.leave, cfg.rounds)})
	}
	for r := 1; r <= cfg.rounds; r++ {
		ev.Rounds = append(ev.Rounds, playRound(rng, ps, r))
	}
	return out
}

func dropped(leave, rounds int) int {
	if leave < rounds {
		return leave
	}
	return 0
}

// playRound pairs and plays round r.
func playRound(rng *rand.Rand, ps []chessPlayer, r int) tbsheet.Round {
	rd := tbsheet.Round{Number: r}
	solo := func(p int, res tbsheet.Result, fullPoint bool) {
		rd.Matches = append(rd.Matches, tbsheet.Match{P1: p, P2: tbsheet.NoPlayer, Result: res, FullPointBye: fullPoint})
		if res == tbsheet.Bye {
			ps[p].halves += 2
		} else if res == tbsheet.HalfBye {
			ps[p].halves++
		}
	}
	var pool []int
	for i := range ps {
		p := &ps[i]
		switch {
		case r < p.enter:
			if rng.IntN(2) == 0 { // some organizers record a late entry's rounds as zero-point byes
				solo(i, tbsheet.ZeroBye, false)
			}
		case r > p.leave:
			// withdrawn: absent
		case rng.Float64() < 0.07: // a requested bye
			switch x := rng.Float64(); {
			case x < 0.55:
				solo(i, tbsheet.HalfBye, false)
			case x < 0.85:
				solo(i, tbsheet.ZeroBye, false)
			default:
				solo(i, tbsheet.Bye, true)
			}
		default:
			pool = append(pool, i)
		}
	}
	rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	slices.SortStableFunc(pool, func(a, b int) int {
		if d := ps[b].halves - ps[a].halves; d != 0 {
			return d
		}
		return ps[b].rating - ps[a].rating
	})
	if len(pool)%2 == 1 {
		bye := len(pool) - 1
		for j := len(pool) - 1; j >= 0; j-- {
			if !ps[pool[j]].hadPAB {
				bye = j
				break
			}
		}
		p := pool[bye]
		pool = slices.Delete(pool, bye, bye+1)
		ps[p].hadPAB = true
		solo(p, tbsheet.Bye, false)
	}
	paired := make([]bool, len(pool))
	for i := range pool {
		if paired[i] {
			continue
		}
		j := partner(ps, pool, paired, i)
		paired[i], paired[j] = true, true
		rd.Matches = append(rd.Matches, playGame(rng, ps, pool[i], pool[j]))
	}
	return rd
}

// partner returns the first unpaired player after i whom pool[i] has not met, or the next
// unpaired player when he has met them all (a small event runs out of fresh opponents).
func partner(ps []chessPlayer, pool []int, paired []bool, i int) int {
	first := -1
	for j := i + 1; j < len(pool); j++ {
		if paired[j] {
			continue
		}
		if first < 0 {
			first = j
		}
		if !ps[pool[i]].met[pool[j]] {
			return j
		}
	}
	return first
}

// playGame decides the game between a and b: colours by balance, a result by strength
// (a quarter of the games drawn), now and then a forfeit or a double forfeit.
func playGame(rng *rand.Rand, ps []chessPlayer, a, b int) tbsheet.Match {
	if ps[a].whites > ps[b].whites || (ps[a].whites == ps[b].whites && rng.IntN(2) == 0) {
		a, b = b, a
	}
	pa, pb := &ps[a], &ps[b]
	pa.met[b], pb.met[a] = true, true
	pa.whites++
	pb.whites--
	m := tbsheet.Match{P1: a, P2: b, Color: tbsheet.White}
	switch x := rng.Float64(); {
	case x < 0.015:
		m.Result = tbsheet.DoubleForfeit
	case x < 0.05:
		m.Result = tbsheet.ForfeitWin
		if rng.IntN(2) == 0 {
			m.Result = tbsheet.ForfeitLoss
		}
	default:
		expected := 1 / (1 + math.Pow(10, (pb.strength-pa.strength)/400))
		switch y := rng.Float64(); {
		case y < 0.25:
			m.Result = tbsheet.Draw
		case y < 0.25+0.75*expected:
			m.Result = tbsheet.Win
		default:
			m.Result = tbsheet.Loss
		}
	}
	switch m.Result {
	case tbsheet.Win, tbsheet.ForfeitWin:
		pa.halves += 2
	case tbsheet.Loss, tbsheet.ForfeitLoss:
		pb.halves += 2
	case tbsheet.Draw:
		pa.halves++
		pb.halves++
	}
	return m
}

// generateRoundRobin returns a round robin of n players (n−1 rounds, n rounds with a bye
// when n is odd) paired by the circle method, with a game's results as playGame gives them:
// forfeits and double forfeits now and then.
func generateRoundRobin(n int, seed uint64) *tbsheet.Event {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	ev := &tbsheet.Event{Name: fmt.Sprintf("Generated round robin (%d players, seed %d)", n, seed),
		System: "fide", RoundRobin: true}
	ps := make([]chessPlayer, n)
	for i := range ps {
		ps[i] = chessPlayer{strength: 1500 + 600*rng.Float64(), met: map[int]bool{}}
		ev.Players = append(ev.Players, tbsheet.Player{ID: fmt.Sprint(i + 1), Name: fmt.Sprintf("Player %d", i+1)})
	}
	seats := make([]int, n+n%2) // the last seat of an odd field is the bye (−1)
	for i := range seats {
		seats[i] = i
	}
	if n%2 == 1 {
		seats[n] = -1
	}
	for r := 1; r < len(seats); r++ {
		rd := tbsheet.Round{Number: r}
		for k := range len(seats) / 2 {
			a, b := seats[k], seats[len(seats)-1-k]
			switch {
			case a < 0:
				rd.Matches = append(rd.Matches, tbsheet.Match{P1: b, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
			case b < 0:
				rd.Matches = append(rd.Matches, tbsheet.Match{P1: a, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
			default:
				rd.Matches = append(rd.Matches, playGame(rng, ps, a, b))
			}
		}
		ev.Rounds = append(ev.Rounds, rd)
		// the circle method: the first seat stays, the others turn by one
		seats = append([]int{seats[0], seats[len(seats)-1]}, seats[1:len(seats)-1]...)
	}
	ev.PlannedRounds = len(ev.Rounds)
	return ev
}
