// Package reader turns result files into the [tbsheet.Event] model. Each input format lives
// in its own file and registers a [Format] with a content sniffer; [Read] detects the format
// from the content (the extension only breaks ties) unless the caller forces one.
package reader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tbsheet/tbsheet"
)

// bomUTF8 is the byte-order mark Excel's "CSV UTF-8" and KTS put before UTF-8 text.
var bomUTF8 = []byte("\xef\xbb\xbf")

// Limits on what a results file can sensibly hold; a number beyond them is an error, not a
// reason to allocate.
const (
	sanityMaxRounds  = 1000
	sanityMaxPlayers = 1000000
)

// Options are what a reader may need beyond the file itself. The zero value is valid.
type Options struct {
	// Players, when non-nil, is an event whose Players come from a separate players file
	// (--players): readers use it for ids, drops and ratings.
	Players []tbsheet.Player
}

// Format is one input format.
type Format struct {
	// ID is the format's name for --from and in JSON ("xlsx", "csv", "challonge", "kts", …).
	ID string
	// Title describes the format for messages ("Challonge API JSON").
	Title string
	// Exts are the usual file extensions, lower case with the dot; used only to break ties
	// between sniffers and to name what a file looks like.
	Exts []string
	// Priority orders sniffing: higher first. Specific formats (Challonge JSON) sniff before
	// generic ones (CSV, which accepts almost any text).
	Priority int
	// Sniff reports whether data looks like this format. name is the file name.
	Sniff func(data []byte, name string) bool
	// Read parses data; name is the file name for positions. It returns every problem it
	// finds as a tbsheet.ErrorList; [ReadBytes] sorts it and gives the problems on a line of
	// a text file that line, for the caret display.
	Read func(data []byte, name string, opt Options) (*tbsheet.Event, error)
	// CharColumns says that the format's positions count columns in characters, not bytes
	// (TRF's fixed columns).
	CharColumns bool
}

var formats []*Format

// Register adds a format. Each format file calls it from init.
func Register(f *Format) {
	formats = append(formats, f)
	sort.SliceStable(formats, func(i, j int) bool { return formats[i].Priority > formats[j].Priority })
}

// Formats returns every registered format, in sniffing order.
func Formats() []*Format { return append([]*Format(nil), formats...) }

// Exts returns the extensions of every registered format, sorted and without repeats: the
// files a watched folder treats as results.
func Exts() []string {
	var out []string
	for _, f := range formats {
		out = append(out, f.Exts...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Lookup returns the format with the given id.
func Lookup(id string) (*Format, bool) {
	for _, f := range formats {
		if f.ID == id {
			return f, true
		}
	}
	return nil, false
}

// Detect returns the format data is in. Sniffers run in priority order; when several accept
// the data, one whose extension matches name wins.
func Detect(data []byte, name string) (*Format, error) {
	ext := strings.ToLower(filepath.Ext(name))
	var first *Format
	for _, f := range formats {
		if !f.Sniff(data, name) {
			continue
		}
		for _, e := range f.Exts {
			if e == ext {
				return f, nil
			}
		}
		if first == nil {
			first = f
		}
	}
	if first != nil {
		return first, nil
	}
	return nil, tbsheet.Errorf(tbsheet.Pos{File: name}, tbsheet.ErrFormat,
		"not a results file tbsheet can read: it looks like %s", looksLike(data))
}

// looksLike names what an unrecognized file appears to be, so that the message helps.
func looksLike(data []byte) string {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	switch {
	case len(data) == 0:
		return "an empty file"
	case bytes.HasPrefix(data, []byte("%PDF")):
		return "a PDF document"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return "a zip archive that is not an Excel workbook"
	case bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")):
		return "an old Excel 97-2003 (.xls) or Word file: save it as .xlsx"
	case bytes.HasPrefix(data, []byte("\x89PNG")), bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return "an image"
	case bytes.HasPrefix(head, []byte("<")):
		return "an XML or HTML document of an unknown kind"
	case bytes.HasPrefix(head, []byte("{")), bytes.HasPrefix(head, []byte("[")):
		return "a JSON document of an unknown kind"
	case bytes.IndexByte(data, 0) >= 0:
		return "a binary file"
	}
	return "text without a results header"
}

// Read reads the file at path. from forces a format id ("" = detect). The file is only read,
// never written.
func Read(path, from string, opt Options) (*tbsheet.Event, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ReadBytes(data, path, from, opt)
}

// ReadBytes is Read for data already in memory; name is used for detection and positions.
func ReadBytes(data []byte, name, from string, opt Options) (*tbsheet.Event, error) {
	var f *Format
	if from != "" {
		var ok bool
		if f, ok = Lookup(from); !ok {
			return nil, fmt.Errorf("unknown input format %q (known: %s)", from, strings.Join(ids(), ", "))
		}
	} else {
		var err error
		if f, err = Detect(data, name); err != nil {
			return nil, err
		}
	}
	ev, err := f.Read(data, name, opt)
	if err != nil {
		return ev, finishErrors(err, data, name, f.CharColumns)
	}
	if ev.Source == "" {
		ev.Source = name
	}
	if ev.Format == "" {
		ev.Format = f.ID
	}
	return ev, nil
}

func ids() []string {
	var out []string
	for _, f := range formats {
		out = append(out, f.ID)
	}
	sort.Strings(out)
	return out
}

// finishErrors puts a reader's problems in the order an organizer fixes them
// (tbsheet.ErrorList.Sort) and gives each problem on a line of a text file that line, so
// that it prints with a caret under the place (tbsheet.Error.Detail). charCols says the
// format counts columns in characters. It returns err.
func finishErrors(err error, data []byte, name string, charCols bool) error {
	errs := tbsheet.Errors(err)
	errs.Sort()
	if isWorkbook(data) {
		return err
	}
	var lines []string
	for _, e := range errs {
		p := e.Pos
		if p.File != name || p.Sheet != "" || p.Row <= 0 || e.Line != "" {
			continue
		}
		if lines == nil {
			lines = textLines(data)
		}
		if p.Row > len(lines) {
			continue
		}
		line, at := lines[p.Row-1], -1
		switch {
		case p.Col <= 0:
		case charCols:
			at = len(line)
			for i := range line {
				if p.Col--; p.Col == 0 {
					at = i
					break
				}
			}
		default:
			at = p.Col - 1
		}
		e.SetLine(line, at)
	}
	return err
}

// textLines splits a text input into the lines its readers count: decoded to UTF-8 as they
// decode it (an XML declaration's encoding, UTF-16, a legacy code page for CSV and TRF),
// without the byte-order mark, split at "\n" (or at "\r" in a file with no "\n", as old Macs
// wrote), without the line ends.
func textLines(data []byte) []string {
	var text string
	if head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n"); bytes.HasPrefix(head, []byte("<")) {
		if t, err := xmlUTF8(data); err == nil {
			text = string(bytes.TrimPrefix(t, bomUTF8))
		}
	}
	if text == "" {
		text, _ = decodeText(data)
	}
	sep := "\n"
	if !strings.Contains(text, "\n") {
		sep = "\r"
	}
	lines := strings.Split(text, sep)
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// ReadFile reads an input file whole, refusing folders and files over tbsheet.MaxFileSize with a
// message an organizer understands.
func ReadFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, err, "no such file")
		}
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a results file", path)
	}
	if st.Size() > tbsheet.MaxFileSize {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: path}, tbsheet.ErrTooLarge,
			"file is %d MiB; tbsheet reads result files up to %d MiB", st.Size()>>20, tbsheet.MaxFileSize>>20)
	}
	return os.ReadFile(path)
}
