package reader

// The hand-kept CSV reader (format "csv"): the match-list layout of the XLSX reader in a
// text file, separated by commas, semicolons or tabs, in UTF-8 with or without a BOM. Files
// that Excel saved in the computer's legacy code page (Shift-JIS, GBK, Windows-1252) or as
// "Unicode Text" (UTF-16) are decoded too, and the event notes it. Positions are lines and
// byte columns from csv.Reader.FieldPos, counted in the UTF-8 text.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	textunicode "golang.org/x/text/encoding/unicode"

	"github.com/tbsheet/tbsheet"
)

func init() {
	Register(&Format{
		ID:    "csv",
		Title: "hand-kept CSV match list",
		Exts:  []string{".csv", ".tsv", ".txt"},
		// Low: almost any text can pass for CSV, so specific formats (KTS's CSV export) sniff first.
		Priority: -10,
		Sniff:    sniffCSV,
		// Text that is not XML or JSON: the reader says which header it looked for.
		Likely: func(data []byte) bool {
			head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
			return len(head) > 0 && !strings.ContainsRune("<{[", rune(head[0])) &&
				bytes.IndexByte(data[:min(len(data), 4096)], 0) < 0 && !bytes.HasPrefix(data, []byte("%PDF"))
		},
		Read:         readCSV,
		CleanPlayers: true, // the hand-kept reader cleans every name cell (hkReader.player, readRoster)
	})
}

// sniffLen is how much of a file sniffing decodes and parses.
const sniffLen = 32 << 10

func sniffCSV(data []byte, _ string) bool {
	if len(data) > sniffLen {
		data = data[:sniffLen]
		if i := bytes.LastIndexByte(data, '\n'); i > 0 {
			data = data[:i]
		}
	}
	text, _, _ := decodeText(data)
	_, hd, _ := openCSV(text, "", matchHeader)
	return hd != nil
}

func readCSV(data []byte, file string, opt Options) (*tbsheet.Event, error) {
	text, enc, bad := decodeText(data)
	if bad > 0 {
		return nil, unknownEncoding(file, enc, bad)
	}
	if err := checkWidth(text, file); err != nil {
		return nil, err
	}
	src, hd, first := openCSV(text, file, matchHeader)
	if hd == nil {
		return nil, noCSVHeader(file, enc, src, first, "Round, Player 1, Player 2 and Result")
	}
	h := newHKReader(file, "csv")
	if enc != "" {
		h.note("reader.encoding", file, enc)
	}
	if opt.Players != nil {
		h.useRoster(opt.Players)
	}
	if !matchColumns(hd, false, &h.errs) {
		return nil, h.errs.Err()
	}
	var fixed *roundKey
	if !hd.has("round") {
		// "round3.csv", "Top 8.csv": a file per round, as a per-round sheet.
		if k, ok := parseRound(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))); ok {
			fixed = &k
		}
	}
	h.setTitle(hd)
	h.readMatches(src, hd, fixed)
	l := h.ev.Layout
	l.Sep, l.Encoding, l.BOM, l.CRLF = src.sep, enc, bytes.HasPrefix(data, bomUTF8), bytes.Contains(data, []byte("\r\n"))
	return h.finish()
}

// noCSVHeader explains a text with no header row: what it saw first, and the encoding when
// it was not UTF-8.
func noCSVHeader(file, enc string, src *csvRows, first []string, want string) error {
	pos := tbsheet.Pos{File: file}
	if err := src.Err(); err != nil {
		return errorAt(src, err)
	}
	if enc != "" {
		return tbsheet.Errorf(pos, tbsheet.ErrFormat, "the file is not UTF-8 (it looks like %s) and no header "+
			"with %s was found in it: save it from Excel as \"CSV UTF-8 (Comma delimited)\"", enc, want)
	}
	return tbsheet.Errorf(pos, tbsheet.ErrFormat, "not a results table: no header with %s in the first %d rows (first row: %s)",
		want, headerScan, describeRow(first))
}

// maxFields is the most fields a line may have. encoding/csv holds a whole record in memory
// before tbsheet sees it, so a line of millions of commas is refused up front.
const maxFields = 1024

// checkWidth refuses a text with a line of more than maxFields fields, counting every comma,
// semicolon and tab (quotes ignored: an overestimate is safe).
func checkWidth(text, file string) error {
	for line := 1; text != ""; line++ {
		l, rest, _ := strings.Cut(text, "\n")
		text = rest
		if len(l) < maxFields {
			continue // too short to hold that many separators
		}
		n := 0
		for i := 0; i < len(l); i++ {
			if c := l[i]; c == ',' || c == ';' || c == '\t' {
				if n++; n >= maxFields {
					return tbsheet.Errorf(tbsheet.Pos{File: file, Row: line}, tbsheet.ErrTooLarge,
						"the line has more than %d fields: not a results table", maxFields)
				}
			}
		}
	}
	return nil
}

// decodeText returns data as UTF-8 text without a BOM, and the name of the encoding it was
// converted from ("" for UTF-8). Text that is neither UTF-8 nor UTF-16 is read in each legacy
// encoding organizers' Excel saves in — Windows-1252 (accented Latin names) and the Chinese
// or Japanese one its bytes suggest (GBK, Shift-JIS) — and the reading that makes the most
// sense of the whole file wins (legacySense: it must make more sense than nonsense);
// guessLegacy's guess breaks ties. When no reading makes sense, badLine is the first line
// that is not UTF-8, and the text has U+FFFD for what is not. The caller only accepts the
// result if a header is found in it.
func decodeText(data []byte) (text, enc string, badLine int) {
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		return string(data[len(bomUTF8):]), "", 0
	case bytes.HasPrefix(data, []byte("\xff\xfe")), bytes.HasPrefix(data, []byte("\xfe\xff")):
		if out, err := textunicode.UTF16(textunicode.LittleEndian, textunicode.ExpectBOM).NewDecoder().Bytes(data); err == nil {
			return string(out), "UTF-16", 0
		}
		enc = "UTF-16"
	case utf8.Valid(data):
		return string(data), "", 0
	default:
		best, bestScore := -1, 0
		guess, cjk := guessLegacy(data)
		for i, c := range legacyEncodings {
			if c.name != "Windows-1252" && c.name != cjk {
				continue
			}
			out, err := c.enc.NewDecoder().Bytes(data)
			if err != nil {
				continue
			}
			score, ok := legacySense(out)
			if ok && score > 0 && (best < 0 || score > bestScore || score == bestScore && c.name == guess) {
				best, bestScore, text = i, score, string(out)
			}
		}
		if best >= 0 {
			return text, legacyEncodings[best].name, 0
		}
		enc = guess
	}
	first := 0
	for first < len(data) {
		r, size := utf8.DecodeRune(data[first:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		first += size
	}
	return strings.ToValidUTF8(string(data), "\ufffd"), enc, 1 + bytes.Count(data[:first], []byte("\n"))
}

// legacyEncodings are the encodings a text that is not UTF-8 is read in, by name.
var legacyEncodings = []struct {
	name string
	enc  encoding.Encoding
}{
	{"Windows-1252", charmap.Windows1252},
	{"GBK", simplifiedchinese.GB18030},
	{"Shift-JIS", japanese.ShiftJIS},
}

// legacySense scores how much sense a text read in a guessed encoding makes: each letter
// outside ASCII counts for it when it sits where a letter of its script would (an accented
// Latin letter beside Latin letters, a Chinese or Japanese character beside others or
// beside spaces and punctuation) and against it otherwise (a kanji inside a Latin word,
// half-width katakana touching a Latin letter, a symbol or control character in a name).
// ok is false for a reading with characters the encoding has none for.
func legacySense(text []byte) (score int, ok bool) {
	runes := []rune(string(text))
	asciiLetter := func(i int) bool {
		return i >= 0 && i < len(runes) && runes[i] < 0x80 && (runes[i]|0x20 >= 'a' && runes[i]|0x20 <= 'z')
	}
	for i, r := range runes {
		switch {
		case r == utf8.RuneError:
			return 0, false
		case r < 0x80:
			continue
		case unicode.Is(unicode.Latin, r):
			if asciiLetter(i-1) || asciiLetter(i+1) || i > 0 && unicode.Is(unicode.Latin, runes[i-1]) {
				score++
			} else {
				score--
			}
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
			r >= '\u3000' && r <= '\u303f' || r >= '\u3099' && r <= '\u309c' || r >= '\uff01' && r <= '\uff9f':
			if asciiLetter(i-1) || asciiLetter(i+1) {
				score -= 2
			} else {
				score++
			}
		default: // symbols, punctuation, controls: not what names and results are written in
			score -= 2
		}
	}
	return score, true
}

// unknownEncoding says that a text file is in no encoding tbsheet knows, at the first line
// that is not UTF-8; guess names the encoding that was tried.
func unknownEncoding(file, guess string, line int) error {
	return tbsheet.Errorf(tbsheet.Pos{File: file, Row: line}, tbsheet.ErrFormat, "the file's encoding is unknown: "+
		"this line is not UTF-8, and read as %s it makes no sense; save the file from Excel as \"CSV UTF-8 (Comma delimited)\"", guess)
}

// guessLegacy guesses a text's legacy encoding from its bytes alone: Windows-1252 when no two
// bytes above 0x7F stand together (accented Latin letters), else the CJK encoding cjk says.
// cjk is the Chinese or Japanese encoding the bytes suggest: GBK when most pairs fall in the
// GB2312 range, else Shift-JIS. (Both read each other's bytes as real characters, so
// legacySense cannot tell them apart; the byte ranges can.)
func guessLegacy(data []byte) (guess, cjk string) {
	pairs, gb, adjacent := 0, 0, false
	for i := 0; i+1 < len(data); i++ {
		lead, trail := data[i], data[i+1]
		if lead < 0x80 {
			continue
		}
		if trail >= 0x80 {
			adjacent = true
		}
		pairs++
		if lead >= 0xa1 && lead <= 0xf7 && trail >= 0xa1 && trail <= 0xfe {
			gb++
		}
		i++
	}
	cjk = "Shift-JIS"
	if gb*10 >= pairs*8 {
		cjk = "GBK"
	}
	if !adjacent {
		return "Windows-1252", cjk
	}
	return cjk, cjk
}

// openCSV finds a text's separator and header: "sep=;" on the first line (as Excel writes
// it) decides; otherwise the one of comma, semicolon and tab whose header holds the most
// known columns. It returns the source positioned after the header, or a nil header with the
// first non-blank row.
func openCSV(text, file string, kind headerKind) (*csvRows, *header, []string) {
	text = strings.TrimPrefix(text, "\ufeff")
	if !strings.Contains(text, "\n") {
		text = strings.ReplaceAll(text, "\r", "\n") // classic Mac line ends
	}
	seps, skip := []rune{',', ';', '\t'}, 0
	if line, rest, _ := strings.Cut(text, "\n"); strings.HasPrefix(line, "sep=") {
		if r := []rune(strings.TrimSuffix(strings.TrimPrefix(line, "sep="), "\r")); len(r) == 1 {
			seps, text, skip = r, rest, 1
		}
	}
	var best *csvRows
	var bestHd *header
	var first []string
	for _, sep := range seps {
		src := newCSVRows(text, file, sep, skip)
		hd, f := findHeader(src, kind)
		if first == nil {
			first = f
		}
		if best == nil {
			best = src
		}
		if hd != nil && (bestHd == nil || len(hd.all) > len(bestHd.all)) {
			best, bestHd = src, hd
		}
	}
	return best, bestHd, first
}

// csvRows reads CSV records as a rowSource. Its rows and cells need no limit of their own: a
// file within the size limit cannot hold more cells than it has bytes (and one line more
// than maxFields), and each record is dropped once read (its slice reused for the next).
type csvRows struct {
	r     *csv.Reader
	text  string
	sep   rune
	file  string
	skip  int // lines removed above the text (a "sep=" line)
	cells []string
	row   int  // the line the current record starts on
	live  bool // encoding/csv still holds the current record's positions
	err   error
}

func newCSVRows(text, file string, sep rune, skip int) *csvRows {
	r := csv.NewReader(strings.NewReader(text))
	// ReuseRecord: a row's cells are read and dropped (rowSource), and a slice per row is
	// most of what encoding/csv allocates.
	r.Comma, r.FieldsPerRecord, r.LazyQuotes, r.ReuseRecord = sep, -1, true, true
	return &csvRows{r: r, text: text, sep: sep, file: file, skip: skip}
}

func (c *csvRows) Next() bool {
	if c.err != nil {
		return false
	}
	start := c.r.InputOffset()
	rec, err := c.r.Read()
	c.live = err == nil
	if err == io.EOF {
		return false
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			c.err = tbsheet.Errorf(tbsheet.Pos{File: c.file, Row: pe.Line + c.skip, Col: pe.Column}, tbsheet.ErrFormat, "%v", pe.Err)
		} else {
			c.err = err
		}
		return false
	}
	c.cells = rec
	c.row, _ = c.r.FieldPos(0)
	c.row += c.skip
	return c.checkQuotes(start)
}

// checkQuotes stops at a cell that runs over several lines because a quote opened in it is
// never closed where it should be: the rest of the file (or up to the next quote) would be
// read as one cell, a "player" swallowing the matches below. Quotes are read leniently
// (Ann "the Great" Lee), so this is the record read again strictly. A cell closed properly
// may hold line breaks (a name wrapped with Alt+Enter).
func (c *csvRows) checkQuotes(start int64) bool {
	if strings.IndexByte(c.text[start:c.r.InputOffset()], '"') < 0 {
		return true // only a quote makes a cell run over a line
	}
	multi := -1
	for i, cell := range c.cells {
		if strings.IndexByte(cell, '\n') >= 0 || strings.IndexByte(cell, '\r') >= 0 {
			multi = i
			break
		}
	}
	if multi < 0 {
		return true
	}
	end := c.r.InputOffset()
	strict := csv.NewReader(strings.NewReader(c.text[start:end]))
	strict.Comma, strict.FieldsPerRecord = c.sep, -1
	if _, err := strict.Read(); err == nil || !errors.Is(err, csv.ErrQuote) {
		return true
	}
	last := strings.Count(c.text[:end], "\n") + c.skip
	if !strings.HasSuffix(c.text[:end], "\n") {
		last++
	}
	to := fmt.Sprintf("line %d", last)
	if end == int64(len(c.text)) {
		to = fmt.Sprintf("the end of the file (line %d)", last)
	}
	c.err = tbsheet.Errorf(c.Pos(multi), tbsheet.ErrFormat, "a quote (\") opens this cell and is not closed where the cell ends: "+
		"everything from here to %s is read as one cell; close the quote or remove it", to)
	return false
}

func (c *csvRows) Cells() []string { return c.cells }

// Pos asks encoding/csv for the cell's position (kept for the last record read): most
// cells' positions are never needed.
func (c *csvRows) Pos(i int) tbsheet.Pos {
	switch {
	case i < len(c.cells) && c.live:
		line, col := c.r.FieldPos(i)
		return tbsheet.Pos{File: c.file, Row: line + c.skip, Col: col}
	case len(c.cells) > 0:
		return tbsheet.Pos{File: c.file, Row: c.row}
	}
	return tbsheet.Pos{File: c.file}
}

func (c *csvRows) Uncached(int) string { return "" }

func (c *csvRows) Err() error { return c.err }
