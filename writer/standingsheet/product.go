// Package standingsheet writes the standings as players and organizers read them (tbsheet
// standings, watch, explain): the XLSX workbook whose formulas recompute every figure and
// whose Explain sheet shows its arithmetic, an organizer's own {{…}} template filled, the
// wall PDF by rank and by name, CSV, JSON, the terminal table, explain's text and the screen
// tbsheet serve shows. It is not called standings, a word every package uses.
package standingsheet

import (
	"io"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
)

// Standings are the standings of one event or division (standings, watch).
var Standings = &writer.Product[*calc.Standings]{Name: "standings", Written: "standings are written to",
	Formats: []writer.Format[*calc.Standings]{
		{Ext: ".csv", To: "csv", BOM: true, Write: WriteCSV},
		{Ext: ".json", To: "json", Streamed: true, Write: func(w io.Writer, st *calc.Standings, _ writer.Options) error { return WriteJSON(w, st) }},
		{Ext: ".pdf", Write: WritePDF},
		{Ext: ".xlsx", Write: func(w io.Writer, st *calc.Standings, opt writer.Options) error {
			return writeStandingsXLSX(w, st, opt, writer.XLSXConfig{})
		}},
		{To: "table", Write: WriteTable},
	}}
