// Package seasontable writes a season's table across events (tbsheet season, watch
// --season): the terminal table, CSV, JSON, a workbook of live formulas and the wall PDF,
// and the screen tbsheet serve shows. It is not called season because it imports package
// season, the table it prints.
package seasontable

import (
	"io"

	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// Product is a season's table across events (season, watch --season).
var Product = &writer.Product[*season.Standings]{Name: "season", Written: "a season is written to",
	Formats: []writer.Format[*season.Standings]{
		{Ext: ".csv", To: "csv", BOM: true, Write: WriteCSV},
		{Ext: ".json", To: "json", Write: func(w io.Writer, s *season.Standings, _ writer.Options) error { return WriteJSON(w, s) }},
		{Ext: ".pdf", Write: WritePDF},
		{Ext: ".xlsx", Write: func(w io.Writer, s *season.Standings, opt writer.Options) error {
			return writeXLSX(w, s, opt, writer.XLSXConfig{})
		}},
		{To: "table", Write: WriteTable},
	}}
