package calc

// FIDE keys that count rounds or add up the player's own results (C.07 Art. 7): wins, games
// won, games with Black, games one elected to play and the progressive score.

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/i18n"
)

// fideCounter defines a key that counts the rounds a predicate accepts. colours makes the
// key n/a when a played game's colour is unknown.
type fideCounter struct {
	id, name, short, doc string
	colours              bool
	count                func(c *Context, r slot) bool
}

func fideCountDefs() []*Def {
	counters := []fideCounter{
		{id: "fide-win", name: "Number of wins", short: "WIN",
			doc: "FIDE C.07 7.1: rounds with the points of a win, played or not (PAB, forfeit wins)",
			count: func(c *Context, r slot) bool {
				return r.res == tbsheet.Win || r.res == tbsheet.ForfeitWin ||
					(r.res == tbsheet.Bye && c.Points.Bye.Equal(c.Points.Win))
			}},
		{id: "fide-won", name: "Number of games won", short: "WON",
			doc:   "FIDE C.07 7.2: games won over the board",
			count: func(_ *Context, r slot) bool { return r.res == tbsheet.Win }},
		{id: "fide-bpg", name: "Games played with Black", short: "BPG", colours: true,
			doc: "FIDE C.07 7.3: games played over the board with the black pieces",
			count: func(_ *Context, r slot) bool {
				return fidePlayed(r.res) && r.color == tbsheet.Black
			}},
		{id: "fide-bwg", name: "Games won with Black", short: "BWG", colours: true,
			doc: "FIDE C.07 7.4: games won over the board with the black pieces",
			count: func(_ *Context, r slot) bool {
				return r.res == tbsheet.Win && r.color == tbsheet.Black
			}},
		{id: "fide-ge", name: "Games one elected to play", short: "GE",
			doc: "FIDE C.07 7.6: rounds that were not voluntarily unplayed (every round but " +
				"requested byes, forfeit losses and absences)",
			count: func(_ *Context, r slot) bool { return !fideVUR(r.res) }},
	}
	var defs []*Def
	for _, k := range counters {
		defs = append(defs, &Def{ID: k.id, Name: k.name, Short: k.short, Doc: k.doc, Format: FormatInt,
			compute: k.compute})
	}
	return defs
}

// compute counts for every player; the note lists the rounds counted (with what kind of
// round, for unplayed ones) or, for GE, the rounds left out.
func (k fideCounter) compute(c *Context) []Figure {
	return fideEveryone(c, func(p int) Figure {
		n := 0
		var rounds, unknown []i18n.Note
		for i, r := range tallyOf(c).row(p) {
			if k.colours && fidePlayed(r.res) && r.color == tbsheet.ColorUnknown {
				unknown = append(unknown, i18n.N("x.round", c.Rounds[i]))
			}
			in := k.count(c, r)
			if in {
				n++
			}
			if in != (k.id == "fide-ge") { // GE lists what it leaves out
				s := i18n.N("x.round", c.Rounds[i])
				if !fidePlayed(r.res) {
					s = roundKind(c.Rounds[i], fideKind(r))
				}
				rounds = append(rounds, s)
			}
		}
		if len(unknown) > 0 {
			return Figure{Explain: Explanation{Note: i18n.N("x.colour-unknown", i18n.Join("list-sep", unknown...))}}
		}
		note := i18n.N("x.none")
		if len(rounds) > 0 {
			note = i18n.Join("list-sep", rounds...)
		}
		if k.id == "fide-ge" && len(rounds) > 0 {
			note = i18n.N("x.not-elected", note)
		}
		return Figure{Value: Known(exact.Int(int64(n))), Explain: Explanation{Note: note}}
	})
}

func fidePSDef() *Def {
	d := &Def{ID: "fide-ps", Name: "Progressive score", Short: "PS", Format: FormatDecimal,
		Doc: "FIDE C.07 7.5: sum of the running score after each round"}
	setFIDEKey(d, fidePS, 0, 0)
	return d
}

// fidePS sums the running scores; Cut-n leaves out the first n rounds' (the lowest values,
// earliest first on equal values, which is the same thing for running scores).
func fidePS(c *Context, low, _ int, explain bool) func(p int) Figure {
	f := newFIDEData(c, false)
	return func(p int) Figure {
		var run exact.Num
		var terms []fideTerm
		for i := range c.Rounds {
			run = run.Add(f.pts(p, i))
			t := fideTerm{round: c.Rounds[i], value: run, by: run}
			if explain {
				t.expr = Num(run)
			}
			terms = append(terms, t)
		}
		return fideSum(terms, low, 0, i18n.Note{}, explain)
	}
}
