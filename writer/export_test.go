package writer

import (
	"io"

	"github.com/tbsheet/tbsheet/calc"
)

// What the tests of the kit over every product's documents (products_test.go, package
// writer_test, which may import the products) reach of the kit's insides.
var (
	// CheckFlowingLegend checks the layout of a document whose legend flows on.
	CheckFlowingLegend = checkFlowingLegend
	// FPDFCompresses has fpdf compress the pages itself (the reference of TestCompressPages).
	FPDFCompresses = &fpdfCompresses
	// QRModules are the modules of an address's QR code; QRSide and MarginTop place it.
	QRModules = qrModules
	QRSide    = qrSide
	MarginTop = marginTop
)

// The standings' wall PDF, the kit's busiest document: its tests lay it out and render it to
// check the pagination, the type sizes and the fonts. Package writer/standingsheet, which
// imports the kit, hands it over from writer_test (standings_test.go) before the tests run.
var (
	layoutPDF func(*calc.Standings, Options) (*PDF, error)
	writePDF  func(io.Writer, *calc.Standings, Options) error
)

// UseStandingsPDF hands the kit's tests the standings' wall PDF.
func UseStandingsPDF(layout func(*calc.Standings, Options) (*PDF, error), write func(io.Writer, *calc.Standings, Options) error) {
	layoutPDF, writePDF = layout, write
}
