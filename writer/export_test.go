package writer

// What the tests of the kit over every product's documents (products_test.go, package
// writer_test, which may import the products) reach of the kit's insides.
var (
	// CheckFlowingLegend checks the layout of a document whose legend flows on.
	CheckFlowingLegend = checkFlowingLegend
	// FPDFCompresses has fpdf compress the pages itself (the reference of TestCompressPages).
	FPDFCompresses = &fpdfCompresses
	// WriteStandingsPDF writes the standings' wall PDF.
	WriteStandingsPDF = writePDF
)
