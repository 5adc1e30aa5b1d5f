package writer

import (
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
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

	// Pairings are a round's pairings as players read them (pairings, watch --pairings).
	Pairings = pairingsProduct(func(w io.Writer, d PairingsDoc, _ Options) error { return WritePairingsJSON(w, d.Pairings) })

	// Pair is the round tbsheet pair makes: the pairings, with the JSON of docs/pair.md.
	Pair = pairingsProduct(func(w io.Writer, d PairingsDoc, _ Options) error { return WritePairJSON(w, d.Pairings) })

	// Slips are a round's result slips, one per table, to cut out (pairings --slips).
	Slips = &Product[*pairings.Pairings]{Name: "result slips", Written: "result slips are written to",
		Formats: []Format[*pairings.Pairings]{{Ext: ".pdf", Write: WriteSlipsPDF}}}

	// Results are an event's results in a format tbsheet reads back (convert): .xlsx is a
	// Matches sheet (the match list) and a Players sheet (ids, drops, ratings); .csv is the
	// match list alone, since a CSV holds one table (ids, drops and ratings are lost; keep the
	// XLSX or pass --players when reading it); .json is the model itself (WriteEventJSON);
	// .trf is FIDE's format (writeTRF). Playoff rounds are kept, their Round cell written
	// "Playoff 6" (handkept.PlayoffRoundLabel).
	Results = &Product[*tbsheet.Event]{Name: "results", Written: "convert writes",
		Formats: []Format[*tbsheet.Event]{
			{Ext: ".csv", BOM: true, Write: writeMatchListCSV},
			{Ext: ".json", Write: func(w io.Writer, ev *tbsheet.Event, _ Options) error { return WriteEventJSON(w, ev) }},
			{Ext: ".trf", Write: writeTRF},
			{Ext: ".xlsx", Write: writeEventXLSX},
		}}
)

// PairingsDoc is a round's pairings and the lists its outputs hold.
type PairingsDoc struct {
	Pairings *pairings.Pairings
	Lists    PairingsLists
}

// pairingsProduct is the pairings with json as their JSON. The PDF of a playoff round is
// its bracket (WriteBracketPDF).
func pairingsProduct(json func(io.Writer, PairingsDoc, Options) error) *Product[PairingsDoc] {
	return &Product[PairingsDoc]{Name: "pairings", Written: "pairings are written to",
		Formats: []Format[PairingsDoc]{
			{Ext: ".pdf", Write: func(w io.Writer, d PairingsDoc, opt Options) error {
				if d.Pairings.Bracket != nil {
					return WriteBracketPDF(w, d.Pairings.Bracket, opt) // a playoff round is read on its bracket
				}
				return WritePairingsPDF(w, d.Pairings, d.Lists, opt)
			}},
			{Ext: ".csv", To: "csv", BOM: true, Write: func(w io.Writer, d PairingsDoc, opt Options) error {
				return WritePairingsCSV(w, d.Pairings, d.Lists, opt)
			}},
			{Ext: ".json", To: "json", Write: json},
			{Ext: ".txt", To: "table", Write: func(w io.Writer, d PairingsDoc, opt Options) error {
				return WritePairingsTable(w, d.Pairings, d.Lists, opt)
			}},
		}}
}
