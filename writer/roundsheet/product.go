// Package roundsheet writes a round as players read it: its pairings (tbsheet pairings,
// watch --pairings), the new round tbsheet pair makes, the result slips and a playoff
// round's bracket, as wall PDFs, CSV, JSON and terminal tables, and the screens tbsheet
// serve shows. It is not called pairings, the package whose round it prints.
package roundsheet

import (
	"io"

	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// The products of a round, each with every form it takes (see writer.Product).
var (
	// Pairings are a round's pairings as players read them (pairings, watch --pairings).
	Pairings = pairingsProduct(func(w io.Writer, d PairingsDoc, _ writer.Options) error { return WritePairingsJSON(w, d.Pairings) })

	// Pair is the round tbsheet pair makes: the pairings, with the JSON of docs/pair.md.
	Pair = pairingsProduct(func(w io.Writer, d PairingsDoc, _ writer.Options) error { return WritePairJSON(w, d.Pairings) })

	// Slips are a round's result slips, one per table, to cut out (pairings --slips).
	Slips = &writer.Product[*pairings.Pairings]{Name: "result slips", Written: "result slips are written to",
		Formats: []writer.Format[*pairings.Pairings]{{Ext: ".pdf", Write: WriteSlipsPDF}}}
)

// PairingsDoc is a round's pairings and the lists its outputs hold.
type PairingsDoc struct {
	Pairings *pairings.Pairings
	Lists    PairingsLists
}

// pairingsProduct is the pairings with json as their JSON. The PDF of a playoff round is
// its bracket (WriteBracketPDF).
func pairingsProduct(json func(io.Writer, PairingsDoc, writer.Options) error) *writer.Product[PairingsDoc] {
	return &writer.Product[PairingsDoc]{Name: "pairings", Written: "pairings are written to",
		Formats: []writer.Format[PairingsDoc]{
			{Ext: ".pdf", Write: func(w io.Writer, d PairingsDoc, opt writer.Options) error {
				if d.Pairings.Bracket != nil {
					return WriteBracketPDF(w, d.Pairings.Bracket, opt) // a playoff round is read on its bracket
				}
				return WritePairingsPDF(w, d.Pairings, d.Lists, opt)
			}},
			{Ext: ".csv", To: "csv", BOM: true, Write: func(w io.Writer, d PairingsDoc, opt writer.Options) error {
				return WritePairingsCSV(w, d.Pairings, d.Lists, opt)
			}},
			{Ext: ".json", To: "json", Write: json},
			{Ext: ".txt", To: "table", Write: func(w io.Writer, d PairingsDoc, opt writer.Options) error {
				return WritePairingsTable(w, d.Pairings, d.Lists, opt)
			}},
		}}
}
