package writer

// Screens: standings, a round's pairings and its scenarios put into words for a screen
// (tbsheet serve's web pages), with the wall PDF's columns, order, legend and words in each
// language. A screen is plain text, cell by cell, with text from the input as
// tbsheet.Printable shows it (no control or bidirectional character); the caller lays it out
// and escapes it. The words a web page adds around them are here too ("web.…"), in the table
// of labels every output shares.

// Cell is one cell of a screen's table.
type Cell struct {
	Text string
	// Kind says how the cell reads: "name" (a player's name, set apart from the text
	// around it), "num" (a number, aligned right), "in", "out", "depends" (a scenario's
	// verdict), or "" (text).
	Kind string
}

// Heading is a column's header: Text as printed, Long the full name of a tiebreak in the
// screen's language ("" for the other columns), Num for a column of numbers.
type Heading struct {
	Text, Long string
	Num        bool
}

// LegendLine is one line of a legend: the word it explains and the rest of the line,
// separator first ("OMW%", ": the average of …").
type LegendLine struct{ Key, Rest string }

// Section is a heading and its lines of text.
type Section struct {
	Heading string
	Lines   []string
}
