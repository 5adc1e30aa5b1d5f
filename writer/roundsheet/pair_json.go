package roundsheet

import (
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// pairJSON is the document `tbsheet pair --to json` writes for a round it has just paired:
// the round, its tables (players as the input names them, Player 1 first) and its byes.
type pairJSON struct {
	Round  int             `json:"round"`
	Tables []pairTableJSON `json:"tables"`
	Byes   []string        `json:"byes"`
}

type pairTableJSON struct {
	Table   int       `json:"table"`
	Players [2]string `json:"players"`
}

// WritePairJSON writes a newly paired round as `{"round": R, "tables": [{"table": T,
// "players": [A, B]}], "byes": [C]}` (docs/pair.md).
func WritePairJSON(w io.Writer, p *pairings.Pairings) error {
	name := func(pl int) string { return p.Event.Players[p.Players[pl].Player].Name }
	doc := pairJSON{Round: p.Round, Tables: []pairTableJSON{}, Byes: []string{}}
	for _, t := range p.Tables {
		doc.Tables = append(doc.Tables, pairTableJSON{Table: t.Number, Players: [2]string{name(t.P1), name(t.P2)}})
	}
	for i, pl := range p.Players {
		if pl.Result == tbsheet.Bye && pl.Solo() {
			doc.Byes = append(doc.Byes, name(i))
		}
	}
	return writer.EncodeJSON(w, doc)
}
