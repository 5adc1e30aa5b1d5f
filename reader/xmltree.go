package reader

// The XML document model shared by the KTS (.Tournament), TOM (.tdf) and WER (.wer) readers:
// the files are small, so they are read into a tree of elements that remember where they
// start, and the readers walk the tree. Every element and attribute can name its
// file:line:col.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// Limits on what a broken or hostile XML file can make the parser do. Real KTS, TOM and WER
// files nest at most 8 deep and hold at most a few hundred thousand tokens.
const (
	xmlMaxDepth  = 64
	xmlMaxTokens = 4 << 20
)

// xmlElem is one element of a parsed document.
type xmlElem struct {
	name string
	attr []xml.Attr
	// text is the character data directly inside the element, trimmed.
	text string
	kids []*xmlElem
	// pos is where the start tag's '<' is.
	pos tbsheet.Pos
	// tag is the raw start tag, for locating attributes.
	tag []byte
}

// parseXML reads data into a tree and returns its root. Syntax errors, a second root element,
// too deep nesting and too many tokens are reported at their position.
func parseXML(data []byte, file string) (*xmlElem, error) {
	text, err := xmlUTF8(data)
	if err != nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: file}, tbsheet.ErrFormat, "%v", err)
	}
	d := xml.NewDecoder(bytes.NewReader(text))
	// The text is UTF-8 already (xmlUTF8), whatever the declaration says.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var (
		root   *xmlElem
		stack  []*xmlElem
		texts  [][]byte
		tokens int
	)
	for {
		line, col := d.InputPos()
		start := d.InputOffset()
		pos := tbsheet.Pos{File: file, Row: line, Col: col}
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, xmlSyntaxError(pos, err)
		}
		if tokens++; tokens > xmlMaxTokens {
			return nil, tbsheet.Errorf(pos, tbsheet.ErrTooLarge, "more than %d XML tokens: not a results file", xmlMaxTokens)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if isEntityDecl(t) {
				return nil, tbsheet.Errorf(pos, tbsheet.ErrFormat, "%v", errXMLEntity)
			}
		case xml.StartElement:
			if len(stack) >= xmlMaxDepth {
				return nil, tbsheet.Errorf(pos, tbsheet.ErrTooLarge, "XML nested more than %d deep: not a results file", xmlMaxDepth)
			}
			e := &xmlElem{name: t.Name.Local, attr: t.Attr, pos: pos, tag: text[start:d.InputOffset()]}
			switch {
			case len(stack) > 0:
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, e)
			case root != nil:
				return nil, tbsheet.Errorf(pos, tbsheet.ErrFormat, "a second root element <%s> after </%s>", e.name, root.name)
			default:
				root = e
			}
			stack = append(stack, e)
			texts = append(texts, nil)
		case xml.EndElement:
			top := len(stack) - 1
			stack[top].text = strings.TrimSpace(string(texts[top]))
			stack, texts = stack[:top], texts[:top]
		case xml.CharData:
			if len(stack) > 0 {
				texts[len(texts)-1] = append(texts[len(texts)-1], t...)
			} else if len(bytes.TrimSpace(t)) > 0 {
				return nil, tbsheet.Errorf(pos, tbsheet.ErrFormat, "text outside the root element")
			}
		}
	}
	if root == nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: file}, tbsheet.ErrFormat, "no XML element in the file")
	}
	return root, nil
}

// xmlSyntaxError reports a decoder error at the start of the token that failed.
func xmlSyntaxError(pos tbsheet.Pos, err error) error {
	msg := err.Error()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg = se.Msg
	}
	if strings.Contains(msg, "unexpected EOF") {
		return tbsheet.Errorf(pos, tbsheet.ErrFormat, "the file is cut short: the XML ends before its elements are closed "+
			"(a copy or download that did not finish)")
	}
	return tbsheet.Errorf(pos, tbsheet.ErrFormat, "broken XML: %s", msg)
}

var (
	bomUTF16LE = []byte("\xff\xfe")
	bomUTF16BE = []byte("\xfe\xff")
	xmlDeclEnc = regexp.MustCompile(`^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']`)
)

// xmlUTF8 returns the document as UTF-8: a UTF-8 byte-order mark is dropped, UTF-16 with a
// byte-order mark and 8-bit encodings named in the XML declaration (ISO-8859-1,
// windows-1252, …) are converted. Positions are then in the UTF-8 text.
func xmlUTF8(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		return data[len(bomUTF8):], nil
	case bytes.HasPrefix(data, bomUTF16LE), bytes.HasPrefix(data, bomUTF16BE):
		out, err := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil {
			return nil, fmt.Errorf("broken UTF-16 text: %v", err)
		}
		return out, nil
	}
	head := data[:min(len(data), 256)]
	m := xmlDeclEnc.FindSubmatch(head)
	if m == nil {
		return data, nil
	}
	label := strings.ToLower(string(m[1]))
	switch label {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return data, nil
	}
	enc, err := ianaindex.IANA.Encoding(label)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("the XML declaration names encoding %s, which tbsheet cannot read: save the file as UTF-8", tbsheet.Quote(string(m[1])))
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return nil, fmt.Errorf("text is not valid %s: %v", m[1], err)
	}
	return out, nil
}

// sniffXML reports whether data is an XML document whose root element is named root and that
// contains an element named by each of inside (a cheap textual check, not a parse).
func sniffXML(data []byte, root string, inside ...string) bool {
	name, err := xmlRoot(data)
	if err != nil || name.Local != root || name.Space != "" {
		return false
	}
	text, err := xmlUTF8(data)
	if err != nil {
		return false
	}
	for _, name := range inside {
		if !bytes.Contains(text, []byte("<"+name+">")) && !bytes.Contains(text, []byte("<"+name+" ")) &&
			!bytes.Contains(text, []byte("<"+name+"/>")) {
			return false
		}
	}
	return true
}

// likelyXML returns a Format.Likely for XML files with the given root element.
func likelyXML(root string) func([]byte) bool {
	return func(data []byte) bool {
		name, _ := xmlRoot(data)
		return name.Local == root
	}
}

// errXMLEntity is the error of an XML document that declares entities.
var errXMLEntity = errors.New("the XML declares entities (<!ENTITY …>): no results file does, and tbsheet does not read them")

// isEntityDecl reports whether a directive (<!DOCTYPE …>) declares entities.
func isEntityDecl(d xml.Directive) bool { return bytes.Contains(d, []byte("ENTITY")) }

// xmlRoot returns the name of data's root element (the zero Name when data is not XML),
// reading no further than it: the declaration, comments and a doctype come before it. Only
// data whose first bytes are "<" (after a byte-order mark and spaces) is read at all, so that
// a large text file is rejected at once. A document that declares entities returns its root
// and errXMLEntity.
func xmlRoot(data []byte) (xml.Name, error) {
	head := bytes.TrimLeft(bytes.TrimPrefix(data, bomUTF8), " \t\r\n")
	if !bytes.HasPrefix(head, []byte("<")) && !bytes.HasPrefix(data, bomUTF16LE) && !bytes.HasPrefix(data, bomUTF16BE) {
		return xml.Name{}, nil
	}
	text, err := xmlUTF8(data)
	if err != nil {
		return xml.Name{}, err
	}
	d := xml.NewDecoder(bytes.NewReader(text))
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var entities error
	for range 64 {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return xml.Name{}, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return t.Name, entities
		case xml.Directive:
			if isEntityDecl(t) {
				entities = errXMLEntity
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return xml.Name{}, entities
			}
		}
	}
	return xml.Name{}, entities
}

// child returns the first child element with the given name, or nil. A nil element has no
// children, so that optional paths can be chained: root.child("data").childText("name").
func (e *xmlElem) child(name string) *xmlElem {
	if e == nil {
		return nil
	}
	for _, k := range e.kids {
		if k.name == name {
			return k
		}
	}
	return nil
}

// all returns the elements reached by following path (child names) from e, in document
// order: e.all("matches", "match") is every match of every <matches> child. A nil element
// has none.
func (e *xmlElem) all(path ...string) []*xmlElem {
	if e == nil {
		return nil
	}
	level := []*xmlElem{e}
	for _, name := range path {
		var next []*xmlElem
		for _, p := range level {
			for _, k := range p.kids {
				if k.name == name {
					next = append(next, k)
				}
			}
		}
		level = next
	}
	return level
}

// value returns the element's trimmed text, "" for a missing element.
func (e *xmlElem) value() string {
	if e == nil {
		return ""
	}
	return e.text
}

// childText returns the trimmed text of the first child with the given name, or "".
func (e *xmlElem) childText(name string) string {
	if k := e.child(name); k != nil {
		return k.text
	}
	return ""
}

// get returns an attribute's value, trimmed, and whether the attribute is present.
func (e *xmlElem) get(name string) (string, bool) {
	for _, a := range e.attr {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value), true
		}
	}
	return "", false
}

// val returns an attribute's trimmed value, or "" when it is absent.
func (e *xmlElem) val(name string) string {
	v, _ := e.get(name)
	return v
}

// attrPos returns where attribute name starts in the element's start tag, or the element's
// own position when the attribute is absent.
func (e *xmlElem) attrPos(name string) tbsheet.Pos {
	off := attrOffset(e.tag, name)
	if off < 0 {
		return e.pos
	}
	p := e.pos
	if nl := bytes.Count(e.tag[:off], []byte("\n")); nl > 0 {
		p.Row += nl
		p.Col = off - bytes.LastIndexByte(e.tag[:off], '\n')
	} else {
		p.Col += off
	}
	return p
}

// attrOffset returns the byte offset of attribute name inside a raw start tag, or −1. It
// walks the tag's attributes rather than searching, so that text inside a quoted value is
// never mistaken for an attribute.
func attrOffset(tag []byte, name string) int {
	i := bytes.IndexAny(tag, " \t\r\n")
	for i >= 0 && i < len(tag) {
		for i < len(tag) && strings.IndexByte(" \t\r\n", tag[i]) >= 0 {
			i++
		}
		start := i
		for i < len(tag) && strings.IndexByte("= \t\r\n/>", tag[i]) < 0 {
			i++
		}
		attr := string(tag[start:i])
		if attr == "" {
			return -1
		}
		if local := attr[strings.LastIndexByte(attr, ':')+1:]; local == name {
			return start
		}
		q := bytes.IndexAny(tag[i:], `"'`)
		if q < 0 {
			return -1
		}
		i += q
		end := bytes.IndexByte(tag[i+1:], tag[i])
		if end < 0 {
			return -1
		}
		i += end + 2
	}
	return -1
}

// xmlFields reads typed values out of elements and collects every problem with its
// position, so that a reader can report all of a file's errors in one run.
type xmlFields struct {
	errs tbsheet.ErrorList
}

// roundAttr reads a round number attribute: 1 to sanityMaxRounds, required.
func (f *xmlFields) roundAttr(e *xmlElem, name string) int {
	n := f.intAttr(e, name, 1, 0, true)
	if n > sanityMaxRounds {
		f.errs.Addf(e.attrPos(name), tbsheet.ErrValue, "round %d: tbsheet reads events of at most %d rounds", n, sanityMaxRounds)
		return 0
	}
	return n
}

// intAttr reads an integer attribute ≥ lo. An absent attribute gives def when required is
// false, else an error.
func (f *xmlFields) intAttr(e *xmlElem, name string, lo, def int, required bool) int {
	v, ok := e.get(name)
	if !ok || v == "" {
		if required {
			f.errs.Addf(e.pos, tbsheet.ErrValue, "<%s> has no %s", e.name, name)
		}
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo {
		f.errs.Addf(e.attrPos(name), tbsheet.ErrValue, "%s=%s is not a whole number%s", name, tbsheet.Quote(v), atLeast(lo))
		return def
	}
	return n
}

// intText reads an element's integer text ≥ lo, or def when the element is absent or empty.
func (f *xmlFields) intText(e *xmlElem, lo, def int) int {
	if e == nil || e.text == "" {
		return def
	}
	n, err := strconv.Atoi(e.text)
	if err != nil || n < lo {
		f.errs.Addf(e.pos, tbsheet.ErrValue, "<%s>%s</%s> is not a whole number%s", e.name, e.text, e.name, atLeast(lo))
		return def
	}
	return n
}

// boolAttr reads a True/False attribute (any case; 1/0 too), or false when absent.
func (f *xmlFields) boolAttr(e *xmlElem, name string) bool {
	v, ok := e.get(name)
	if !ok || v == "" {
		return false
	}
	b, err := strconv.ParseBool(strings.ToLower(v))
	if err != nil {
		f.errs.Addf(e.attrPos(name), tbsheet.ErrValue, "%s=%s is neither True nor False", name, tbsheet.Quote(v))
	}
	return b
}

func atLeast(lo int) string {
	switch lo {
	case 0:
		return " (0 or more)"
	case 1:
		return " (1 or more)"
	}
	return ""
}

// settleDrop sets player p's DroppedAfter from the round the source records with the drop.
// Both TOM and WER record the round that was current when the drop was entered; a player
// usually finishes that round (its match stays in the file), so the recorded round is the
// last round played. In general the player dropped after the last Swiss round up to the
// recorded one that he played; when that is not the recorded round (the drop came before
// the round was paired), a note says so, unless the recorded round lies after the Swiss
// rounds and the player played them all. A player who never played stays as he is: the
// standings leave him out.
func settleDrop(ev *tbsheet.Event, p, recorded int) {
	name := ev.Players[p].Name
	lastSwiss, after, played := 0, 0, false
	for _, r := range ev.Rounds {
		if r.Playoff {
			continue
		}
		lastSwiss = max(lastSwiss, r.Number)
		for _, m := range r.Matches {
			if m.P1 == p || m.P2 == p {
				played = true
				if r.Number <= recorded {
					after = max(after, r.Number)
				}
			}
		}
	}
	switch {
	case !played:
		return // dropped before playing a round: left out of the standings, nothing to say
	case recorded <= 0:
		ev.Notes = append(ev.Notes, i18n.N("reader.drop-no-round", name))
		return
	case after != recorded && (recorded <= lastSwiss || after < lastSwiss):
		ev.Notes = append(ev.Notes, i18n.N("reader.drop-moved", name, recorded, after))
	}
	ev.Players[p].DroppedAfter = after
}

// sortRounds puts Swiss rounds first and playoff rounds after them, each by number, as the
// model wants.
func sortRounds(rounds []tbsheet.Round) {
	sort.SliceStable(rounds, func(i, j int) bool {
		if rounds[i].Playoff != rounds[j].Playoff {
			return !rounds[i].Playoff
		}
		return rounds[i].Number < rounds[j].Number
	})
}
