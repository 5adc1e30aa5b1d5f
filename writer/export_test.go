package writer

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
	// WriteStandingsPDF writes the standings' wall PDF.
	WriteStandingsPDF = writePDF
	// BenchTables and StreamTables are the excelize baseline of BenchmarkEndToEnd4096.
	BenchTables  = benchTables
	StreamTables = streamTables
)
