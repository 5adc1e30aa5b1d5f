package writer

import (
	"io"

	"github.com/tbsheet/tbsheet/calc"
)

// The products tbsheet writes, each with every form it takes (see [Product]).
var (
	// Standings are the standings of one event or division (standings, watch).
	Standings = &Product[*calc.Standings]{Name: "standings", Written: "standings are written to",
		Formats: []Format[*calc.Standings]{
			{Ext: ".csv", To: "csv", BOM: true, Write: WriteCSV},
			{Ext: ".json", To: "json", Streamed: true, Write: func(w io.Writer, st *calc.Standings, _ Options) error { return WriteJSON(w, st) }},
			{Ext: ".pdf", Write: writePDF},
			{Ext: ".xlsx", Write: func(w io.Writer, st *calc.Standings, opt Options) error {
				return writeStandingsXLSX(w, st, opt, XLSXConfig{})
			}},
			{To: "table", Write: WriteTable},
		}}
)
