package templates

import _ "embed" // for go:embed

//go:generate go run ../internal/cmd/genworkbook -o standings.xlsx

// Standings is the workbook every XLSX standings file starts from (unless --template names
// another). The writer keeps its theme, default font and document settings, and takes the
// styles of the cells named below; it replaces the cells themselves. The file is generated
// by internal/cmd/genworkbook: restyle tbsheet's workbooks there and run go generate.
//
//go:embed standings.xlsx
var Standings []byte

// The cells of [Standings] whose styles the XLSX writer copies, all on sheet StyleSheet.
const (
	// StyleSheet is the sheet holding the style cells.
	StyleSheet = "Standings"
	// HeaderCell is styled like a header row.
	HeaderCell = "A1"
	// BodyCell is styled like a data row.
	BodyCell = "A2"
	// BandCell is styled like every other data row (banding helps a reader follow a wide
	// row across the screen or the projector).
	BandCell = "A3"
	// DroppedCell's font marks the rows of players who dropped.
	DroppedCell = "A4"
)
