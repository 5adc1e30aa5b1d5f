// Package writer is the kit every output is written with: the outputs' registry ([Product],
// [Format]), atomic files, the wall document every PDF is drawn on ([PDF]), the workbook
// ([Book], [Table], the hand-kept Matches, Players and Event sheets), CSV and JSON helpers,
// the words of the label catalogue, and the screens' cells. The products are packages of
// their own over the kit: writer/standingsheet (the standings), writer/resultfile (the
// results in the formats tbsheet reads back), writer/roundsheet (a round's pairings, slips
// and bracket), writer/scenariosheet (the scenarios) and writer/seasontable (a season's
// table). Every file is written to a temporary sibling and renamed into place, so that a
// reader (Excel, a watching projector, a crashed run) never sees half a file.
package writer

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/infile"
)

// Options control how standings are written. The zero value is valid: English, A4, by rank,
// no cut line, the embedded font and template, the current time.
type Options struct {
	// Lang is the language of headers and labels: "" or "en", "zh", "ja".
	Lang string
	// Paper is the PDF paper size: "" or "A4", "Letter".
	Paper string
	// ByName sorts the PDF (and table) alphabetically with locale-aware collation instead of
	// by rank; the rank column stays. Where the input keeps family names apart (KTS, TOM,
	// WER) the list is by family name.
	ByName bool
	// ByFamily, with ByName, sorts by family name even where the input has one name column:
	// the part before a comma ("Murphy, Grace"), else the last word ("Grace Murphy"), else
	// the whole name (王小明, written family name first).
	ByFamily bool
	// CSVSep separates the fields of CSV output: ',' (also the zero value), ';' or '\t'. With
	// ';', the separator of the spreadsheets that write decimals with a comma (European
	// Excel), numbers are written with a decimal comma too ("61,64%"), so that they read
	// as numbers there, not as dates or text.
	CSVSep rune
	// Cut draws a top-cut line under this many players (0 = none).
	Cut int
	// Font is a TTF file to use for names instead of the embedded font ("" = embedded).
	Font string
	// Template is an organizer's own XLSX to fill instead of the embedded one ("" = embedded).
	Template string
	// QR, when not "", is an address (tbsheet serve's) that the standings', pairings' and
	// scenarios' PDFs print as a small QR code in the corner of each page.
	QR string
	// Now is the time printed in footers and the About sheet; zero means time.Now(). Tests fix it.
	Now time.Time
	// Warn receives warnings that do not stop the output (a name with a character the font
	// lacks). nil discards them.
	Warn func(msg string)
}

// Time is the time printed in footers and the About sheet: Now, or the current time.
func (o Options) Time() time.Time {
	if o.Now.IsZero() {
		return time.Now()
	}
	return o.Now
}

// Warnf passes a warning, formatted as fmt.Sprintf does, to Warn, if any.
func (o Options) Warnf(format string, args ...any) {
	if o.Warn != nil {
		o.Warn(fmt.Sprintf(format, args...))
	}
}

// ReadInput reads a file the organizer gives besides the results (a --template workbook, a
// --font), within the size limit of every input: what, as in "template", names it in the
// messages, and is what it should be, as in "an .xlsx workbook". A device, a named pipe or
// a folder is refused before it is opened: /dev/zero would fill the memory, a pipe block.
func ReadInput(path, what, is string) ([]byte, error) {
	f, st, err := infile.Open(path)
	var nr *infile.NotRegularError
	switch {
	case errors.As(err, &nr):
		return nil, fmt.Errorf("not %s but %s", is, nr.Kind)
	case errors.Is(err, fs.ErrNotExist):
		return nil, missingFile{}
	case err != nil:
		return nil, err
	}
	defer f.Close()
	data, over, err := infile.ReadAtMost(f, st.Size(), tbsheet.MaxFileSize)
	switch {
	case err != nil:
		return nil, fmt.Errorf("cannot read: %w", err)
	case over:
		return nil, fmt.Errorf("the %s is more than %d MiB, the most tbsheet reads", what, tbsheet.MaxFileSize>>20)
	}
	return data, nil
}

// missingFile is a --template or --font that does not exist: "no such file", without the
// operating system's wording, and still fs.ErrNotExist to errors.Is.
type missingFile struct{}

func (missingFile) Error() string { return "no such file" }
func (missingFile) Unwrap() error { return fs.ErrNotExist }
