package calc

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// parseEvent builds an event from a compact text, one round per line:
//
//	1: Alice 2-0 Bob; Carol 2-1 Dave; Erin bye
//	3: Carol 1-1 Erin; Alice + Dave; Bob late
//	drop Bob 2
//	dq Dave
//
// A match is "P1 RESULT P2", the result from P1's side: games "2-1" or "1-1-1" (win, loss
// or draw by games won), "W", "L", "D" (no games), "ID" (intentional draw), "ID:1-1-0"
// (intentional draw with games), "DL" (double loss), "+" / "-" (forfeit win / loss), "FF"
// (double forfeit), optionally followed by "/7-5" for point scores. A solo round is
// "P bye", "P half", "P zero" or "P late" (a loss with no opponent). Players are registered
// in order of appearance; "_" in a name is a space. "player NAME" registers a player
// without a match.
func parseEvent(t testing.TB, src string) *tbsheet.Event {
	t.Helper()
	ev := &tbsheet.Event{Name: "test", Source: "test.txt"}
	idx := map[string]int{}
	player := func(name string) int {
		name = strings.ReplaceAll(name, "_", " ")
		if i, ok := idx[name]; ok {
			return i
		}
		idx[name] = len(ev.Players)
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(len(ev.Players) + 1), Name: name})
		return idx[name]
	}
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		switch f[0] {
		case "drop":
			n, _ := strconv.Atoi(f[2])
			ev.Players[player(f[1])].DroppedAfter = n
			continue
		case "dq":
			ev.Players[player(f[1])].Disqualified = true
			continue
		case "player":
			player(f[1])
			continue
		}
		head, body, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		num, err := strconv.Atoi(strings.TrimSpace(head))
		if err != nil {
			t.Fatalf("bad round in %q", line)
		}
		r := tbsheet.Round{Number: num}
		for table, m := range strings.Split(body, ";") {
			f := strings.Fields(m)
			switch {
			case len(f) == 2:
				res := map[string]tbsheet.Result{"bye": tbsheet.Bye, "half": tbsheet.HalfBye, "zero": tbsheet.ZeroBye,
					"late": tbsheet.LossNoOpponent}[f[1]]
				if res == tbsheet.Unreported {
					t.Fatalf("bad solo round %q", m)
				}
				r.Matches = append(r.Matches, tbsheet.Match{P1: player(f[0]), P2: tbsheet.NoPlayer, Result: res})
			case len(f) == 3:
				mt := tbsheet.Match{Table: table + 1, P1: player(f[0]), P2: player(f[2])}
				res, score, _ := strings.Cut(f[1], "/")
				mt.Result, mt.Games = parseResult(t, res)
				if score != "" {
					a, b, _ := strings.Cut(score, "-")
					mt.Score = tbsheet.Score{Known: true, P1: mustNum(t, a), P2: mustNum(t, b)}
				}
				r.Matches = append(r.Matches, mt)
			default:
				t.Fatalf("bad match %q", m)
			}
		}
		ev.Rounds = append(ev.Rounds, r)
	}
	if errs := ev.Validate(); len(errs) > 0 {
		t.Fatalf("invalid test event: %v", errs)
	}
	return ev
}

func parseResult(t testing.TB, s string) (tbsheet.Result, tbsheet.Games) {
	t.Helper()
	if r, ok := map[string]tbsheet.Result{"W": tbsheet.Win, "L": tbsheet.Loss, "D": tbsheet.Draw,
		"ID": tbsheet.IntentionalDraw, "DL": tbsheet.DoubleLoss, "+": tbsheet.ForfeitWin,
		"-": tbsheet.ForfeitLoss, "FF": tbsheet.DoubleForfeit, "?": tbsheet.Unreported}[s]; ok {
		return r, tbsheet.Games{}
	}
	res := tbsheet.Result(0)
	if g, ok := strings.CutPrefix(s, "ID:"); ok {
		s, res = g, tbsheet.IntentionalDraw
	}
	parts := strings.Split(s, "-")
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || i > 2 {
			t.Fatalf("bad result %q", s)
		}
		n[i] = v
	}
	g := tbsheet.Games{Known: true, P1: n[0], P2: n[1], Drawn: n[2]}
	switch {
	case res != 0:
	case g.P1 > g.P2:
		res = tbsheet.Win
	case g.P1 < g.P2:
		res = tbsheet.Loss
	default:
		res = tbsheet.Draw
	}
	return res, g
}

// f1 is the reference fixture F1 of docs/tiebreakers.md#how-a-standings-is-ranked.
const f1 = `
1: Alice 2-0 Bob; Carol 2-1 Dave; Erin bye
2: Carol 2-1 Alice; Erin 2-0 Bob; Dave bye
3: Carol 1-1 Erin; Alice 2-0 Dave
drop Bob 2
`

func mustNum(t testing.TB, s string) exact.Num {
	t.Helper()
	n, err := exact.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// compute runs Compute and fails the test on error.
func compute(t testing.TB, ev *tbsheet.Event, opt Options) *Standings {
	t.Helper()
	st, err := Compute(ev, opt)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return st
}

// figure returns a player's figure of any tiebreak id, with its explanation.
func figure(t testing.TB, st *Standings, name, id string) Figure {
	t.Helper()
	for i, r := range st.Rows {
		if st.Event.Players[r.Player].Name == name {
			f, ok := st.ExplainKey(i, id)
			if !ok {
				t.Fatalf("unknown id %s", id)
			}
			return f
		}
	}
	p := -1
	for i, pl := range st.Event.Players {
		if pl.Name == name {
			p = i
		}
	}
	if p < 0 {
		t.Fatalf("no player %s", name)
	}
	return Figure{Value: st.ctx.Get(id)[p].Value, Explain: st.ctx.Explain(id, p)}
}

// ranking writes the standings as "1 Carol, 2 Erin, …".
func ranking(st *Standings) string {
	var s []string
	for _, r := range st.Rows {
		s = append(s, strconv.Itoa(r.Rank)+" "+st.Event.Players[r.Player].Name)
	}
	return strings.Join(s, ", ")
}
