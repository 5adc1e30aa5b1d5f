// Package scenariosheet writes the scenarios of the round being played (tbsheet scenarios,
// watch --scenarios): what each player needs to make the cut, as a wall PDF, JSON and a
// terminal table, and the screen tbsheet serve shows. It is not called scenario, the package
// whose report it prints.
package scenariosheet

import (
	"io"

	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
)

// Product is what each player needs in the round being played (scenarios, watch
// --scenarios).
var Product = &writer.Product[*scenario.Report]{Name: "scenarios", Written: "scenarios are written to",
	Formats: []writer.Format[*scenario.Report]{
		{Ext: ".pdf", Write: WritePDF},
		{Ext: ".json", To: "json", Write: func(w io.Writer, rep *scenario.Report, _ writer.Options) error { return WriteJSON(w, rep) }},
		{Ext: ".txt", To: "table", Write: WriteTable},
	}}
