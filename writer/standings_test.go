package writer_test

import (
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// The kit's tests lay out and render the standings' wall PDF (see UseStandingsPDF).
func init() { writer.UseStandingsPDF(standingsheet.LayoutPDF, standingsheet.WritePDF) }
