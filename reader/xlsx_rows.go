package reader

// A worksheet's rows scanned from its bytes, without the XML decoder: encoding/xml makes
// a token, with its names and attributes, of every tag of every cell, which made reading a
// large workbook cost more than everything else tbsheet does with it. The scanner takes
// only what Excel, LibreOffice and excelize write inside <sheetData> (rows of cells with a
// value, a formula or an inline string, on one line, no entities), and gives up at the
// first thing it does not take: the sheet is then read again from its start with the
// decoder alone (readSlowly), which skips the rows already given out, so that every row,
// value and error is the decoder's.

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// scanSheets turns the scanner on; tests turn it off to compare.
var scanSheets = true

// scanResult is what scanRow found.
type scanResult int

const (
	scannedRow scanResult = iota // a row, read whole
	scannedAll                   // </sheetData> is next
	scanFailed                   // something the scanner does not take, or s.err
)

const endSheetData = "</sheetData>"

// scanRow reads the next row of the sheet data from the part's bytes.
func (s *sheetRows) scanRow() scanResult {
	br := s.x.br
	for {
		b, err := br.Peek(1)
		if err != nil {
			return scanFailed
		}
		if b[0] != ' ' && b[0] != '\t' {
			break
		}
		br.Discard(1)
	}
	if b, _ := br.Peek(len(endSheetData)); string(b) == endSheetData {
		return scannedAll
	}
	text, t, ok := s.tag()
	if !ok || len(text) > 0 || t.end || t.empty || string(t.name) != "row" {
		return scanFailed
	}
	if !s.startRow(string(t.r)) {
		return scanFailed
	}
	var c cell
	if !s.scanChildren("row", func(t scannedTag) bool {
		return string(t.name) == "c" && s.startCell(&c, string(t.r), cellType(t.t)) &&
			(t.empty || s.scanCell(&c)) && s.endCell(&c)
	}) {
		return scanFailed
	}
	s.whole = s.row
	return scannedRow
}

// scanChildren reads the elements inside parent, whose start tag was just read, up to its
// end tag, handing each child's start tag to child (which reads the child whole). It is
// false at anything else, or when child is.
func (s *sheetRows) scanChildren(parent string, child func(t scannedTag) bool) bool {
	for {
		_, t, ok := s.tag()
		switch {
		case !ok:
			return false
		case t.end:
			return string(t.name) == parent
		case !child(t):
			return false
		}
	}
}

// scanCell reads a cell's content up to its </c>: <v>, <f> and <is><t>.
func (s *sheetRows) scanCell(c *cell) bool {
	return s.scanChildren("c", func(t scannedTag) bool {
		switch {
		case string(t.name) == "v":
			c.hasV = true
			return t.empty || s.scanText("v", &c.v)
		case string(t.name) == "f":
			c.hasF = true
			return t.empty || s.scanText("f", &c.f)
		case string(t.name) == "is" && !t.empty:
			c.in = true
			// an inline string's <t> elements, up to its </is>
			return s.scanChildren("is", func(t scannedTag) bool {
				return !t.empty && string(t.name) == "t" && s.scanText("t", &c.is)
			})
		}
		return false
	})
}

// scanText reads an element's text up to its end tag, which must close name.
func (s *sheetRows) scanText(name string, to interface{ Write([]byte) (int, error) }) bool {
	text, t, ok := s.tag()
	if !ok || !t.end || string(t.name) != name {
		return false
	}
	to.Write(text)
	return true
}

// cellType returns a cell's t attribute as a string, without allocating for the usual ones.
func cellType(t []byte) string {
	switch string(t) {
	case "":
		return ""
	case "s":
		return "s"
	case "n":
		return "n"
	case "str":
		return "str"
	case "inlineStr":
		return "inlineStr"
	case "b":
		return "b"
	}
	return string(t)
}

// scannedTag is a tag: its name, whether it ends an element or is empty (<c/>), and its r
// and t attributes.
type scannedTag struct {
	name, r, t []byte
	end, empty bool
}

// tag reads the text up to the next tag and the tag. ok is false for anything the scanner
// does not take (the text or tag included), or when the part cannot be read. The slices
// last until the next read.
func (s *sheetRows) tag() (text []byte, t scannedTag, ok bool) {
	b, err := s.x.br.ReadSlice('>')
	if err != nil {
		return nil, t, false
	}
	lt := bytes.IndexByte(b, '<')
	if lt < 0 {
		return nil, t, false
	}
	text, b = b[:lt], b[lt+1:len(b)-1]
	if bytes.IndexByte(text, '&') >= 0 {
		s.text, ok = unescapeXML(s.text[:0], text)
		text = s.text
	} else {
		ok = plainText(text)
	}
	if !ok {
		return nil, t, false
	}
	if len(b) > 0 && b[0] == '/' {
		t.end = true
		t.name = bytes.TrimRight(b[1:], " \t")
		return text, t, xmlName(t.name, false)
	}
	if len(b) > 0 && b[len(b)-1] == '/' {
		t.empty, b = true, b[:len(b)-1]
	}
	n := bytes.IndexAny(b, " \t")
	if n < 0 {
		n = len(b)
	}
	t.name = b[:n]
	if !xmlName(t.name, false) {
		return nil, t, false
	}
	// The attributes: name="value" or name='value', separated by blanks.
	for b = b[n:]; ; {
		b = bytes.TrimLeft(b, " \t")
		if len(b) == 0 {
			return text, t, true
		}
		eq := bytes.IndexByte(b, '=')
		if eq < 0 || eq+1 == len(b) || !xmlName(b[:eq], true) {
			return nil, t, false
		}
		name, q := b[:eq], b[eq+1]
		if q != '"' && q != '\'' {
			return nil, t, false
		}
		end := bytes.IndexByte(b[eq+2:], q)
		if end < 0 {
			return nil, t, false
		}
		v := b[eq+2 : eq+2+end]
		if !plainText(v) || bytes.IndexByte(v, '<') >= 0 {
			return nil, t, false
		}
		switch {
		case string(name) == "r" && t.r == nil:
			t.r = v
		case string(name) == "t" && t.t == nil:
			t.t = v
		case bytes.IndexByte(name, ':') >= 0:
			// A prefixed r or t is the decoder's to read (its local name is r or t).
			if _, local, _ := bytes.Cut(name, []byte(":")); string(local) == "r" || string(local) == "t" {
				return nil, t, false
			}
		}
		b = b[eq+2+end+1:]
	}
}

// xmlName reports whether b is a name the scanner takes: ASCII letters, digits, '_', '-',
// '.', and with colon also ':' (an attribute's prefix).
func xmlName(b []byte, colon bool) bool {
	if len(b) == 0 || !(b[0] >= 'a' && b[0] <= 'z' || b[0] >= 'A' && b[0] <= 'Z' || b[0] == '_') {
		return false
	}
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-', c == '.':
		case c == ':' && colon:
		default:
			return false
		}
	}
	return true
}

// plainText reports whether b is text the decoder would pass as it is: no entity, no line
// break (the decoder counts lines for its errors), only characters XML allows.
func plainText(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' || c == '&' {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 || !xmlChar(r) {
			return false
		}
		i += n
	}
	return true
}

// unescapeXML appends text to dst with its character references replaced as the decoder
// replaces them: the five named ones and numeric ones (&#39; &#x27;). ok is false for any
// other, and for text plainText refuses.
func unescapeXML(dst, text []byte) ([]byte, bool) {
	for len(text) > 0 {
		amp := bytes.IndexByte(text, '&')
		if amp < 0 {
			return append(dst, text...), plainText(text)
		}
		if !plainText(text[:amp]) {
			return dst, false
		}
		dst = append(dst, text[:amp]...)
		ref, rest, ok := bytes.Cut(text[amp+1:], []byte(";"))
		if !ok {
			return dst, false
		}
		switch string(ref) {
		case "lt":
			dst = append(dst, '<')
		case "gt":
			dst = append(dst, '>')
		case "amp":
			dst = append(dst, '&')
		case "apos":
			dst = append(dst, '\'')
		case "quot":
			dst = append(dst, '"')
		default:
			digits, base := bytes.TrimPrefix(ref, []byte("#")), 10
			if len(digits) == len(ref) {
				return dst, false
			}
			if hex, ok := bytes.CutPrefix(digits, []byte("x")); ok {
				digits, base = hex, 16
			}
			n, err := strconv.ParseUint(string(digits), base, 32)
			if err != nil || n > unicode.MaxRune {
				return dst, false
			}
			r := rune(n)
			if r >= 0xD800 && r < 0xE000 {
				r = utf8.RuneError // as the decoder converts a surrogate
			}
			if !xmlChar(r) {
				return dst, false
			}
			dst = utf8.AppendRune(dst, r)
		}
		text = rest
	}
	return dst, true
}

// xmlChar reports whether XML allows the character r.
func xmlChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= unicode.MaxRune
}

// readSlowly reads the sheet again from its start with the decoder alone, skipping the
// rows already read, then reads the next row.
func (s *sheetRows) readSlowly() bool {
	s.x.close()
	x, err := openPart(s.part)
	if err != nil {
		s.damaged(0, "the workbook is damaged: the sheet %v", err)
		return false
	}
	read := s.rows
	s.x, s.fast, s.slow, s.rows, s.row, s.whole = x, false, true, 0, 0, 0
	for s.rows < read {
		if !s.readRow() {
			return false
		}
	}
	return s.readRow()
}
