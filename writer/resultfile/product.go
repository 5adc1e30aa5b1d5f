// Package resultfile writes an event's results in the formats tbsheet reads back: tbsheet
// convert's output (the hand-kept match-list workbook or CSV, the event JSON, FIDE's TRF)
// and tbsheet template's blank hand-kept workbook.
package resultfile

import (
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
)

// Results are an event's results in a format tbsheet reads back (convert): .xlsx is a
// Matches sheet (the match list) and a Players sheet (ids, drops, ratings); .csv is the
// match list alone, since a CSV holds one table (ids, drops and ratings are lost; keep the
// XLSX or pass --players when reading it); .json is the model itself (WriteEventJSON);
// .trf is FIDE's format (writeTRF). Playoff rounds are kept, their Round cell written
// "Playoff 6" (handkept.PlayoffRoundLabel).
var Results = &writer.Product[*tbsheet.Event]{Name: "results", Written: "convert writes",
	Formats: []writer.Format[*tbsheet.Event]{
		{Ext: ".csv", BOM: true, Write: writeMatchListCSV},
		{Ext: ".json", Write: func(w io.Writer, ev *tbsheet.Event, _ writer.Options) error { return WriteEventJSON(w, ev) }},
		{Ext: ".trf", Write: writeTRF},
		{Ext: ".xlsx", Write: writeEventXLSX},
	}}
