// Package swissgen generates large, realistic random Swiss events for tests and benchmarks.
//
// An event from [Generate] looks like one a tournament organizer would run: players with
// English, Chinese and Japanese names and a hidden skill, pairings by score group (players
// sorted by match points and paired with their neighbours, rematches avoided when a
// neighbour a few places down is fresh), one bye per round to the lowest-ranked player
// without one, best-of-three game scores (2-0, 2-1, 1-1, 1-1-1), and, at the rates the
// Config asks for, draws, intentional draws, double losses, forfeits, drops, late entries
// and disqualifications. The same Config (Seed included) always gives the same event.
//
// Pairing is deliberately approximate (a sort and a neighbour scan per round, no matching):
// it keeps a 100 000-player, 15-round event to about a second, which is what benchmarks
// need.
package swissgen

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/tbsheet/tbsheet"
)

// Config describes the event to generate. The zero value is a 32-player event with
// ceil(log2 32) = 5 rounds, best-of-three games and no draws, drops or other incidents.
type Config struct {
	// Players is the number of registered players; 0 means 32.
	Players int
	// Rounds is the number of Swiss rounds; 0 means ceil(log2 Players), at least 3.
	Rounds int
	// Seed selects the event; the same Config gives the same event.
	Seed int64
	// DrawRate is the probability that a played match ends in a draw (1-1 or 1-1-1); a
	// typical value is 0.03.
	DrawRate float64
	// IDRate is the probability that two players on the same points agree an intentional
	// draw in the last two rounds; a typical value is 0.1.
	IDRate float64
	// DoubleLossRate is the probability of a double loss (a Yu-Gi-Oh! time double loss);
	// typical values are 0 or 0.01.
	DoubleLossRate float64
	// ForfeitRate is the probability that a match is forfeited (a no-show); a typical value
	// is 0.005.
	ForfeitRate float64
	// DropRate is the probability that a player drops after each round but the last; it is
	// doubled for a player with more losses than wins. A typical value is 0.02.
	DropRate float64
	// LateRate is the probability that a player enters in round 2, with a loss without an
	// opponent in round 1 (as KTS records it); a typical value is 0.01.
	LateRate float64
	// DQRate is the probability that a player is disqualified after a random round; a
	// typical value is 0.001.
	DQRate float64
	// GamesUnknown records results without game scores (W/L/D), as a hand-kept sheet or a
	// Challonge dump without scores would.
	GamesUnknown bool
}

// Realistic returns a Config with the typical rates documented on each field.
func Realistic(players, rounds int, seed int64) Config {
	return Config{Players: players, Rounds: rounds, Seed: seed, DrawRate: 0.03, IDRate: 0.1,
		ForfeitRate: 0.005, DropRate: 0.02, LateRate: 0.01, DQRate: 0.001}
}

// player is the generator's view of a player.
type player struct {
	skill  float64
	points int // 3 / 1 / 0
	wins   int
	losses int
	hadBye bool
	active bool // paired this round (entered and not dropped)
	late   bool
	dqAt   int // round after which the player is disqualified (0: never)
	opps   []int32
	order  uint64 // random tiebreak within a score group, redrawn each round
}

// Generate returns a new event for cfg (System "", Format "swissgen").
func Generate(cfg Config) *tbsheet.Event {
	if cfg.Players <= 0 {
		cfg.Players = 32
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = max(3, bits.Len(uint(cfg.Players-1)))
	}
	rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 0x7462736865657421)) // "tbsheet!"
	ev := &tbsheet.Event{
		Name:          fmt.Sprintf("Generated Swiss (%d players, seed %d)", cfg.Players, cfg.Seed),
		Source:        "swissgen",
		Format:        "swissgen",
		PlannedRounds: cfg.Rounds,
		Players:       make([]tbsheet.Player, cfg.Players),
	}
	ps := make([]player, cfg.Players)
	for i := range ps {
		ev.Players[i] = tbsheet.Player{ID: fmt.Sprintf("%07d", i+1), Name: name(rng, i)}
		ps[i] = player{skill: rng.NormFloat64(), active: true, opps: make([]int32, 0, cfg.Rounds)}
		if cfg.Rounds > 1 && rng.Float64() < cfg.LateRate {
			ps[i].late, ps[i].active = true, false
		}
		if rng.Float64() < cfg.DQRate {
			ps[i].dqAt = 1 + rng.IntN(cfg.Rounds)
		}
	}
	g := &gen{cfg: cfg, rng: rng, ev: ev, ps: ps}
	for r := 1; r <= cfg.Rounds; r++ {
		g.round(r)
	}
	return ev
}

type gen struct {
	cfg Config
	rng *rand.Rand
	ev  *tbsheet.Event
	ps  []player
}

// round pairs and plays round r.
func (g *gen) round(r int) {
	rd := tbsheet.Round{Number: r}
	var order []int
	for i := range g.ps {
		p := &g.ps[i]
		if p.late && r == 2 {
			p.active = true
		}
		if p.late && r == 1 {
			rd.Matches = append(rd.Matches, tbsheet.Match{P1: i, P2: tbsheet.NoPlayer, Result: tbsheet.LossNoOpponent,
				Games: g.games(0, 2, 0)})
			p.losses++
		}
		if p.active {
			p.order = g.rng.Uint64()
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		if d := g.ps[b].points - g.ps[a].points; d != 0 {
			return d
		}
		if g.ps[a].order < g.ps[b].order {
			return -1
		}
		return 1
	})
	if len(order)%2 == 1 {
		bye := len(order) - 1
		for i := len(order) - 1; i >= 0; i-- {
			if !g.ps[order[i]].hadBye {
				bye = i
				break
			}
		}
		p := order[bye]
		order = slices.Delete(order, bye, bye+1)
		g.ps[p].hadBye = true
		g.ps[p].points += 3
		g.ps[p].wins++
		rd.Matches = append(rd.Matches, tbsheet.Match{P1: p, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
	}
	paired := make([]bool, len(order))
	table := 0
	for i := range order {
		if paired[i] {
			continue
		}
		j := g.partner(order, paired, i)
		paired[i], paired[j] = true, true
		table++
		rd.Matches = append(rd.Matches, g.play(r, table, order[i], order[j]))
	}
	slices.SortStableFunc(rd.Matches, func(a, b tbsheet.Match) int { return a.Table - b.Table })
	g.ev.Rounds = append(g.ev.Rounds, rd)
	g.drops(r)
}

// partner returns the first unpaired player after i whom order[i] has not met, looking a
// few places down; the next unpaired player if all of those are rematches.
func (g *gen) partner(order []int, paired []bool, i int) int {
	const window = 6
	first := -1
	for j, seen := i+1, 0; j < len(order) && seen < window; j++ {
		if paired[j] {
			continue
		}
		if first < 0 {
			first = j
		}
		seen++
		if !slices.Contains(g.ps[order[i]].opps, int32(order[j])) {
			return j
		}
	}
	return first
}

// play decides the match between a and b in round r.
func (g *gen) play(r, table, a, b int) tbsheet.Match {
	pa, pb := &g.ps[a], &g.ps[b]
	pa.opps, pb.opps = append(pa.opps, int32(b)), append(pb.opps, int32(a))
	m := tbsheet.Match{Table: table, P1: a, P2: b}
	lastTwo := r >= g.cfg.Rounds-1
	switch {
	case lastTwo && pa.points == pb.points && g.rng.Float64() < g.cfg.IDRate:
		m.Result = tbsheet.IntentionalDraw
	case g.rng.Float64() < g.cfg.ForfeitRate:
		m.Result = tbsheet.ForfeitWin
		if g.rng.IntN(2) == 0 {
			m.Result = tbsheet.ForfeitLoss
		}
	default:
		y := g.rng.Float64()
		switch {
		case y < g.cfg.DoubleLossRate:
			m.Result = tbsheet.DoubleLoss
		case y < g.cfg.DoubleLossRate+g.cfg.DrawRate:
			m.Result = tbsheet.Draw
			if g.rng.IntN(2) == 0 {
				m.Games = g.games(1, 1, 1)
			} else {
				m.Games = g.games(1, 1, 0)
			}
		default:
			pWin := 1 / (1 + math.Exp(pb.skill-pa.skill))
			m.Result = tbsheet.Loss
			if g.rng.Float64() < pWin {
				m.Result = tbsheet.Win
			}
			lost := g.rng.IntN(2) // 2-0 or 2-1
			if m.Result == tbsheet.Win {
				m.Games = g.games(2, lost, 0)
			} else {
				m.Games = g.games(lost, 2, 0)
			}
		}
	}
	switch m.Result {
	case tbsheet.Win, tbsheet.ForfeitWin:
		pa.points, pa.wins, pb.losses = pa.points+3, pa.wins+1, pb.losses+1
	case tbsheet.Loss, tbsheet.ForfeitLoss:
		pb.points, pb.wins, pa.losses = pb.points+3, pb.wins+1, pa.losses+1
	case tbsheet.Draw, tbsheet.IntentionalDraw:
		pa.points, pb.points = pa.points+1, pb.points+1
	case tbsheet.DoubleLoss:
		pa.losses, pb.losses = pa.losses+1, pb.losses+1
	}
	return m
}

// games returns game counts, or none with GamesUnknown.
func (g *gen) games(won, lost, drawn int) tbsheet.Games {
	if g.cfg.GamesUnknown {
		return tbsheet.Games{}
	}
	return tbsheet.Games{Known: true, P1: won, P2: lost, Drawn: drawn}
}

// drops retires players after round r: voluntary drops (never after the last round) and
// disqualifications.
func (g *gen) drops(r int) {
	for i := range g.ps {
		p := &g.ps[i]
		if !p.active || r == g.cfg.Rounds {
			continue
		}
		rate := g.cfg.DropRate
		if p.losses > p.wins {
			rate *= 2
		}
		switch {
		case p.dqAt == r:
			p.active = false
			g.ev.Players[i].Disqualified = true
			g.ev.Players[i].DroppedAfter = r
		case g.rng.Float64() < rate:
			p.active = false
			g.ev.Players[i].DroppedAfter = r
		}
	}
}

var (
	latinFirst = []string{"Alice", "Bruno", "Chloé", "Daniel", "Emma", "Felix", "Grace", "Hugo", "Isabel",
		"Jonas", "Kate", "Lucas", "Maria", "Noah", "Olivia", "Pavel", "Quinn", "Rosa", "Samuel", "Tomás"}
	latinLast = []string{"Smith", "García", "Müller", "Rossi", "Dubois", "Kowalski", "Johnson", "Silva",
		"Novák", "Jensen", "O'Brien", "Nguyen"}
	chineseFamily = []string{"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"}
	chineseGiven  = []string{"伟", "芳", "娜", "秀英", "敏", "静", "磊", "洋", "艳", "勇", "杰", "晓明"}
	japaneseFam   = []string{"佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村", "小林", "加藤"}
	japaneseGiven = []string{"太郎", "花子", "翔", "さくら", "大輝", "陽菜", "蓮", "結衣"}
)

// name returns a realistic name numbered with the player's registration order ("王芳 17"):
// real events have namesakes, but tests need to find a generated player by name.
func name(rng *rand.Rand, i int) string {
	var n string
	switch rng.IntN(3) {
	case 0:
		n = latinFirst[rng.IntN(len(latinFirst))] + " " + latinLast[rng.IntN(len(latinLast))]
	case 1:
		n = chineseFamily[rng.IntN(len(chineseFamily))] + chineseGiven[rng.IntN(len(chineseGiven))]
	default:
		n = japaneseFam[rng.IntN(len(japaneseFam))] + " " + japaneseGiven[rng.IntN(len(japaneseGiven))]
	}
	return fmt.Sprintf("%s %d", n, i+1)
}
