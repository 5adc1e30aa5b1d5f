// Package writer writes standings and events: XLSX workbooks with explanation formulas, wall
// PDFs, CSV, JSON and the terminal table, and (for convert) results in input formats. Every
// file is written to a temporary sibling and renamed into place, so that a reader (Excel, a
// watching projector, a crashed run) never sees half a file.
package writer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
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
	// Now is the time printed in footers and the About sheet; zero means time.Now(). Tests fix it.
	Now time.Time
	// Warn receives warnings that do not stop the output (a name with a character the font
	// lacks). nil discards them.
	Warn func(msg string)
}

func (o Options) now() time.Time {
	if o.Now.IsZero() {
		return time.Now()
	}
	return o.Now
}

func (o Options) warn(format string, args ...any) {
	if o.Warn != nil {
		o.Warn(fmt.Sprintf(format, args...))
	}
}

// StandingsWriter writes standings in one format.
type StandingsWriter func(w io.Writer, st *calc.Standings, opt Options) error

// EventWriter writes an event's results (no standings) in one format, for convert.
type EventWriter func(w io.Writer, ev *tbsheet.Event, opt Options) error

var (
	standingsWriters = map[string]StandingsWriter{}
	eventWriters     = map[string]EventWriter{}
)

// registerStandings adds the standings writer for a file extension (".xlsx"); each format's
// file calls it from init.
func registerStandings(ext string, w StandingsWriter) { standingsWriters[ext] = w }

// registerEvent adds the convert writer for a file extension.
func registerEvent(ext string, w EventWriter) { eventWriters[ext] = w }

// StandingsExts lists the extensions standings can be written to.
func StandingsExts() []string { return keys(standingsWriters) }

// EventExts lists the extensions convert can write.
func EventExts() []string { return keys(eventWriters) }

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// WriteStandings writes st to path in the format its extension names, atomically.
func WriteStandings(path string, st *calc.Standings, opt Options) error {
	w, err := standingsWriterFor(path)
	if err != nil {
		return err
	}
	return AtomicFile(path, func(f io.Writer) error { return w(f, st, opt) })
}

// standingsWriterFor returns the writer of the format path's extension names.
func standingsWriterFor(path string) (StandingsWriter, error) {
	w, ok := standingsWriters[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return nil, fmt.Errorf("%s: cannot write standings as %q (use %s)", path, filepath.Ext(path),
			strings.Join(StandingsExts(), ", "))
	}
	return w, nil
}

// WriteEvent writes ev's results to path in the format its extension names, atomically.
func WriteEvent(path string, ev *tbsheet.Event, opt Options) error {
	w, ok := eventWriters[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return fmt.Errorf("%s: cannot convert to %q (use %s)", path, filepath.Ext(path),
			strings.Join(EventExts(), ", "))
	}
	return AtomicFile(path, func(f io.Writer) error { return w(f, ev, opt) })
}

// AtomicFile writes a file through write into a temporary file in the same folder and renames
// it over path only when write succeeded, so that path always holds either the old or the
// whole new content. The temporary name ends in .tmp, which tbsheet watch ignores.
func AtomicFile(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary name means nothing to the user
		}
		return fmt.Errorf("%s: cannot write in %s: %w", path, dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// CreateTemp makes the file 0600; results are for sharing.
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
