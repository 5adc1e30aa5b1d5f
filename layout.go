package tbsheet

// Layout says where a hand-kept input keeps its matches, so that `tbsheet pair --apply` can
// write the next round into the organizer's own file the way the organizer keeps it: a new
// sheet like the last round's in a workbook with a sheet per round, or rows after the last
// ones of a match list. Readers of files a program wrote leave it nil.
type Layout struct {
	// Tables are the match tables read, in the order read: one match list, or one sheet
	// per round (and per playoff round).
	Tables []LayoutTable
	// Sep, Encoding, BOM and CRLF describe a CSV file: its field separator, its encoding
	// ("" for UTF-8, else the name the reader reports, e.g. "Windows-1252"), whether it
	// starts with a byte-order mark and whether its lines end in CR LF. Zero for workbooks.
	Sep      rune
	Encoding string
	BOM      bool
	CRLF     bool
}

// LayoutTable is one table of matches in a hand-kept input.
type LayoutTable struct {
	// Sheet is the worksheet's name; "" in a CSV file.
	Sheet string
	// Header is the header row (1-based); Last the last row holding a match (the header
	// row when none does).
	Header, Last int
	// Columns maps the column keys of the header (handkept.ColumnKey: "round", "table",
	// "p1", "p2", "result", …) to their 0-based columns.
	Columns map[string]int
	// Round is the round a sheet of its own holds (its number, or for a playoff sheet named
	// by its stage, 0 with Stage set); 0 in a match list.
	Round int
	// Stage is a playoff sheet's stage (8 for the quarterfinals), 0 otherwise; Playoff
	// marks a playoff sheet.
	Stage   int
	Playoff bool
}
