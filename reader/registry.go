// Package reader turns result files into the [tbsheet.Event] model. Each input format lives
// in its own file and registers a [Format] with a content sniffer; [Read] detects the format
// from the content (the extension only breaks ties) unless the caller forces one.
package reader

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/infile"
)

// bomUTF8 is the byte-order mark Excel's "CSV UTF-8" and KTS put before UTF-8 text.
var bomUTF8 = []byte("\xef\xbb\xbf")

// Limits on what a results file can sensibly hold; a number beyond them is an error, not a
// reason to allocate.
const (
	sanityMaxRounds  = 1000
	sanityMaxPlayers = 1000000
)

// MaxRounds and MaxPlayers are the most rounds and players a results file may hold: what a
// command line's round number or number of players is bounded by.
const (
	MaxRounds  = sanityMaxRounds
	MaxPlayers = sanityMaxPlayers
)

// Options are what a reader may need beyond the file itself. The zero value is valid.
type Options struct {
	// Players, when non-nil, is an event whose Players come from a separate players file
	// (--players): readers use it for ids, drops and ratings.
	Players []tbsheet.Player
	// MaxSize is the largest results file to read, in bytes; 0 means tbsheet.MaxFileSize.
	// The limits on what a file may unpack to and on the cells it may hold follow it.
	MaxSize int64
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
	// Likely, when set, is a looser check than Sniff, on the first bytes: whether data that
	// no sniffer takes was probably meant as this format (a zip is a workbook, XML with a
	// <Tournament> root a KTS file), so that its reader says what is wrong with it (cut
	// short, damaged, password-protected, a header missing) rather than a generic "not a
	// results file". Formats are asked in sniffing order.
	Likely func(data []byte) bool
	// Read parses data; name is the file name for positions. It returns every problem it
	// finds as a tbsheet.ErrorList; [ReadBytes] sorts it and gives the problems on a line of
	// a text file that line, for the caret display.
	Read func(data []byte, name string, opt Options) (*tbsheet.Event, error)
	// CharColumns says that the format's positions count columns in characters, not bytes
	// (TRF's fixed columns).
	CharColumns bool
	// CleanPlayers says that Read gives every player's names as cleanName makes them (a
	// name empty once cleaned being the player's ID), except players Options.Players gives:
	// ReadBytes then cleans only the event's and its divisions' names, rather than every
	// name of a large match list a second time.
	CleanPlayers bool
}

// limits are what one read may take, following Options.MaxSize: a workbook may unpack to 16
// times the size limit (real workbooks compress about 8 to 1), and a table may hold as many
// cells as the file may hold bytes, which is all a CSV can.
type limits struct {
	unzip int64
	cells int
}

func (o Options) limits() limits {
	size := o.MaxSize
	if size <= 0 {
		size = tbsheet.MaxFileSize
	}
	return limits{unzip: 16 * size, cells: int(size)}
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

// looksLike names what an unrecognized file appears to be, so that the message helps: the
// likely cause when there is one (cut short, a password, a spreadsheet in another format,
// UTF-16 without its byte-order mark, XML declaring entities).
func looksLike(data []byte) string {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	switch {
	case len(data) == 0:
		return "an empty file"
	case bytes.HasPrefix(data, []byte("%PDF")):
		return "a PDF document"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return zipKind(data)
	case bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")):
		return oleKind(data)
	case bytes.HasPrefix(data, []byte("\x89PNG")), bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return "an image"
	case utf16WithoutBOM(data):
		return "text in UTF-16 without a byte-order mark, which tbsheet cannot tell from binary: " +
			"save it as UTF-8 (in Excel: CSV UTF-8)"
	case bytes.HasPrefix(head, []byte("<")):
		return xmlKind(data)
	case bytes.HasPrefix(head, []byte("{")), bytes.HasPrefix(head, []byte("[")):
		if !json.Valid(head) {
			var v any
			if err := json.Unmarshal(head, &v); err != nil && strings.Contains(err.Error(), "unexpected end") {
				return "a JSON document that is cut short (a copy or download that did not finish)"
			}
			return "a broken JSON document"
		}
		return "a JSON document of an unknown kind"
	case bytes.IndexByte(data, 0) >= 0:
		return "a binary file"
	}
	return "text without a results header"
}

// zipKind names a zip archive that is not a workbook tbsheet reads.
func zipKind(data []byte) string {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "a zip archive, but " + brokenZip(data, err)
	}
	has := func(prefix string) bool {
		return slices.ContainsFunc(zr.File, func(f *zip.File) bool { return strings.HasPrefix(f.Name, prefix) })
	}
	switch {
	case len(zr.File) > 0 && zr.File[0].Name == "mimetype":
		if rc, err := zr.File[0].Open(); err == nil {
			mime, _ := io.ReadAll(io.LimitReader(rc, 100))
			rc.Close()
			if strings.Contains(string(mime), "opendocument.spreadsheet") {
				return "an OpenDocument spreadsheet (.ods, as LibreOffice and Google Sheets save): save it as .xlsx (Excel 2007-365)"
			}
		}
		return "an OpenDocument file, not a spreadsheet"
	case has("Index/") || has("Index.zip"):
		return "an Apple Numbers spreadsheet: export it as Excel (.xlsx)"
	case has("xl/workbook.bin"):
		return "an Excel binary workbook (.xlsb): save it as .xlsx (Excel Workbook)"
	case has("xl/"):
		return "an Excel workbook that is damaged (parts of it are missing): save it again from Excel"
	case has("word/"):
		return "a Word document"
	case has("ppt/"):
		return "a PowerPoint presentation"
	}
	return "a zip archive that is not an Excel workbook"
}

// utf16WithoutBOM reports whether data looks like UTF-16 text without a byte-order mark:
// in its first bytes, nearly every second byte is zero (Latin text in UTF-16).
func utf16WithoutBOM(data []byte) bool {
	head := data[:min(len(data), 1024)]
	if len(head) < 8 {
		return false
	}
	var zeros [2]int
	for i, b := range head {
		if b == 0 {
			zeros[i%2]++
		}
	}
	half := len(head) / 2
	return zeros[0] >= half*9/10 && zeros[1] == 0 || zeros[1] >= half*9/10 && zeros[0] == 0
}

// xmlKind names an XML document no format takes: one that declares entities, that is cut
// short or broken, a web page, or one whose root element no tournament program writes.
func xmlKind(data []byte) string {
	name, err := xmlRoot(data)
	root := name.Local
	switch {
	case errors.Is(err, errXMLEntity):
		return "an XML document that declares entities (<!ENTITY …>): no results file does, and tbsheet does not read them"
	case err != nil && strings.Contains(err.Error(), "unexpected EOF"):
		return "an XML document that is cut short (a copy or download that did not finish)"
	case err != nil:
		return "a broken XML document (" + err.Error() + ")"
	case strings.EqualFold(root, "html"):
		return "a web page (HTML): download the results as a file instead (CSV, XLSX, or the site's own export)"
	case root == "":
		return "an XML document without elements"
	}
	return "an XML document of an unknown kind (its root element is <" + root + ">)"
}

// Read reads the file at path ([Stdin] for standard input). from forces a format id ("" =
// detect). The file is only read, never written.
func Read(path, from string, opt Options) (*tbsheet.Event, error) {
	data, err := ReadFile(path, opt.MaxSize)
	if err != nil {
		return nil, err
	}
	return ReadBytes(data, path, from, opt)
}

// ReadBytes is Read for data already in memory; name is used for detection and positions
// ([Stdin] is named "stdin"). Data that no format's sniffer takes is given to the reader of
// the format its first bytes suggest (Format.Likely), whose own checks say best what is wrong.
func ReadBytes(data []byte, name, from string, opt Options) (*tbsheet.Event, error) {
	name = InputName(name)
	var f *Format
	if from != "" {
		var ok bool
		if f, ok = Lookup(from); !ok {
			return nil, fmt.Errorf("unknown input format %s (known: %s)", tbsheet.Quote(from), strings.Join(ids(), ", "))
		}
	} else {
		var err error
		if f, err = Detect(data, name); err != nil {
			if f = likely(data); f == nil {
				return nil, err
			}
		}
	}
	ev, err := f.Read(data, name, opt)
	if err != nil {
		return ev, finishErrors(err, data, name, f.CharColumns)
	}
	cleanNames(ev, !f.CleanPlayers || opt.Players != nil)
	if ev.Source == "" {
		ev.Source = name
	}
	if ev.Format == "" {
		ev.Format = f.ID
	}
	return ev, nil
}

// likely returns the first format whose Likely accepts data, or nil.
func likely(data []byte) *Format {
	for _, f := range formats {
		if f.Likely != nil && f.Likely(data) {
			return f
		}
	}
	return nil
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
		text, _, _ = decodeText(data)
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

// Stdin is the input path that stands for standard input, as on most command lines ("-").
// Positions name it "stdin".
const Stdin = "-"

// InputName is the name an input's positions and messages give it: "stdin" for standard
// input ([Stdin]), else the path as the user gave it.
func InputName(path string) string {
	if path == Stdin {
		return "stdin"
	}
	return path
}

// ReadFile reads an input whole: a file (a symbolic link is followed), or standard input when
// path is [Stdin]. It refuses folders, devices, named pipes and sockets with a message an
// organizer understands, and reads at most maxSize bytes (0: tbsheet.MaxFileSize) whatever
// the file claims to hold, so that neither /dev/zero nor an endless pipe can exhaust memory.
func ReadFile(path string, maxSize int64) ([]byte, error) {
	if maxSize <= 0 {
		maxSize = tbsheet.MaxFileSize
	}
	at := tbsheet.Pos{File: InputName(path)}
	if path == Stdin {
		if st, err := os.Stdin.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return nil, tbsheet.Errorf(at, tbsheet.ErrFormat,
				"standard input is a terminal or a device, not results: send a file in (tbsheet standings - < results.csv) or give its name instead of -")
		}
		return readLimited(os.Stdin, at, -1, maxSize)
	}
	f, st, err := infile.Open(path)
	var nr *infile.NotRegularError
	switch {
	case errors.As(err, &nr):
		return nil, notRegular(nr, at)
	case os.IsNotExist(err):
		return nil, tbsheet.Errorf(at, err, "no such file")
	case err != nil:
		return nil, err
	}
	defer f.Close()
	return readLimited(f, at, st.Size(), maxSize)
}

// notRegular says that an input is not a results file but a folder, a device, a named pipe…
func notRegular(nr *infile.NotRegularError, at tbsheet.Pos) error {
	switch nr.Kind {
	case "a folder":
		return tbsheet.Errorf(at, tbsheet.ErrFormat, "a folder, not a results file")
	case "a named pipe":
		return tbsheet.Errorf(at, tbsheet.ErrFormat,
			"not a results file but a named pipe: to read from a pipe, give - and send the results to tbsheet's standard input")
	}
	return tbsheet.Errorf(at, tbsheet.ErrFormat, "not a results file but %s", nr.Kind)
}

// readLimited reads r to its end, refusing more than maxSize bytes. size is what the file
// says it holds (−1 for a stream): a file that says too much is refused before reading.
func readLimited(r io.Reader, at tbsheet.Pos, size, maxSize int64) ([]byte, error) {
	data, over, err := infile.ReadAtMost(r, size, maxSize)
	switch {
	case err != nil:
		return nil, tbsheet.Errorf(at, err, "cannot read: %v", err)
	case over && size > maxSize:
		return nil, tooLarge(at, size, maxSize)
	case over:
		return nil, tooLarge(at, -1, maxSize)
	}
	return data, nil
}

// tooLarge says that an input is over the size limit (size −1: a stream, whose size is
// unknown) and how to read it anyway.
func tooLarge(at tbsheet.Pos, size, maxSize int64) error {
	mib := func(n int64) int64 { return (n + 1<<20 - 1) >> 20 }
	if size < 0 {
		return tbsheet.Errorf(at, tbsheet.ErrTooLarge, "the input is more than %d MiB; tbsheet reads result files up to %d MiB: "+
			"give --max-size with a larger number of MiB to read it", mib(maxSize), mib(maxSize))
	}
	return tbsheet.Errorf(at, tbsheet.ErrTooLarge, "the file is %d MiB; tbsheet reads result files up to %d MiB: "+
		"give --max-size %d to read it", mib(size), mib(maxSize), mib(size))
}
