package reader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// This file holds the tree every JSON reader (Challonge's today) works on, as xmltree.go
// holds the XML one. encoding/json's Unmarshal forgets where a value was written; organizers
// who open a pretty-printed dump in an editor want "dump.json:412:7", and everybody wants the
// JSON path. So the document is read token by token into a small tree whose every value
// knows its byte offset and its parent.

// Limits against hostile or mistaken files. Results dumps (Challonge's) nest 7 levels deep
// and hold a few hundred thousand values at most.
const (
	jsonMaxDepth  = 64
	jsonMaxValues = 4 << 20
)

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonObject
	jsonArray
)

// jsonValue is one value of a JSON document and where it was written.
type jsonValue struct {
	kind jsonKind
	// text is a string's contents, a number's literal, or "true"/"false".
	text string
	// keys and vals are an object's members in order; vals alone an array's elements.
	keys []string
	vals []*jsonValue
	// off is the byte offset of the value's first byte.
	off int
	// parent, key and index place the value in the document: key in an object, index in an
	// array (-1 for object members).
	parent *jsonValue
	key    string
	index  int
}

// get returns the member key of an object, or nil (also when v is nil or not an object).
func (v *jsonValue) get(key string) *jsonValue {
	if v == nil || v.kind != jsonObject {
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.vals[i]
		}
	}
	return nil
}

// at follows a chain of object keys.
func (v *jsonValue) at(keys ...string) *jsonValue {
	for _, k := range keys {
		v = v.get(k)
	}
	return v
}

// is reports whether v is present and of kind k.
func (v *jsonValue) is(k jsonKind) bool { return v != nil && v.kind == k }

// isNull reports whether v is absent or JSON null.
func (v *jsonValue) isNull() bool { return v == nil || v.kind == jsonNull }

// path returns the value's JSON path from the root: "tournament.matches[12].match.round".
func (v *jsonValue) path() string {
	var parts []string
	for ; v != nil && v.parent != nil; v = v.parent {
		if v.index >= 0 {
			parts = append(parts, "["+strconv.Itoa(v.index)+"]")
		} else {
			parts = append(parts, "."+v.key)
		}
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return strings.TrimPrefix(b.String(), ".")
}

// scalar returns a string's or a number's text, and "" for null, objects and arrays. Challonge
// writes ids as numbers in v1 and as strings in v2.1; both read the same.
func (v *jsonValue) scalar() string {
	if v != nil && (v.kind == jsonString || v.kind == jsonNumber || v.kind == jsonBool) {
		return strings.TrimSpace(v.text)
	}
	return ""
}

// quoted returns the value as it appears in the file, for error messages.
func (v *jsonValue) quoted() string {
	switch {
	case v == nil:
		return "nothing"
	case v.kind == jsonString:
		return tbsheet.Quote(v.text)
	case v.kind == jsonObject:
		return "an object"
	case v.kind == jsonArray:
		return "an array"
	case v.kind == jsonNull:
		return "null"
	case utf8.RuneCountInString(v.text) > tbsheet.QuoteMax: // a number of a million digits
		return tbsheet.Quote(v.text)
	}
	return v.text
}

// integer reads a whole number written as a JSON number or a string ("5", 5, 5.0).
func (v *jsonValue) integer() (int64, error) {
	s := v.scalar()
	if v == nil || v.kind == jsonBool || s == "" {
		return 0, fmt.Errorf("%s is not a whole number", v.quoted())
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	x, err := exact.Parse(s)
	if err != nil || !x.IsInt() || x.Cmp(exact.Int(1<<62)) > 0 || x.Cmp(exact.Int(-1<<62)) < 0 {
		return 0, fmt.Errorf("%s is not a whole number", v.quoted())
	}
	return x.Floor(), nil
}

// number reads an exact decimal written as a JSON number or a string ("1.0", 0.5).
func (v *jsonValue) number() (exact.Num, error) {
	s := v.scalar()
	if v == nil || v.kind == jsonBool || s == "" {
		return exact.Num{}, fmt.Errorf("%s is not a number", v.quoted())
	}
	x, err := exact.Parse(s)
	if err != nil || strings.Contains(s, ",") || len(s) > 40 {
		return exact.Num{}, fmt.Errorf("%s is not a number", v.quoted())
	}
	return x, nil
}

// boolean reads true/false written as a JSON boolean or a string.
func (v *jsonValue) boolean() (b, ok bool) {
	switch strings.ToLower(v.scalar()) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// jsonDoc is a parsed JSON document and the means to turn its offsets into positions.
type jsonDoc struct {
	name string
	root *jsonValue
	// lines holds the offset of each line's first byte; multiline is false for minified
	// documents (the API's own output), where a JSON path says more than "1:48213".
	lines     []int
	multiline bool
}

// pos returns where v was written: a line and byte column when the document is pretty-printed,
// always with its JSON path.
func (d *jsonDoc) pos(v *jsonValue) tbsheet.Pos {
	p := tbsheet.Pos{File: d.name}
	if v == nil {
		return p
	}
	p.Path = v.path()
	if d.multiline {
		p.Row, p.Col = d.lineCol(v.off)
	}
	return p
}

// lineCol converts a byte offset into a 1-based line and byte column.
func (d *jsonDoc) lineCol(off int) (line, col int) {
	i := sort.Search(len(d.lines), func(i int) bool { return d.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, off - d.lines[i] + 1
}

// parseJSONTree reads data (a UTF-8 BOM is allowed) into a jsonDoc. A syntax error or a document
// over the limits comes back as a positioned *tbsheet.Error.
func parseJSONTree(data []byte, name string) (*jsonDoc, error) {
	data = bytes.TrimPrefix(data, bomUTF8)
	d := &jsonDoc{name: name, lines: []int{0}}
	for i, c := range data {
		if c == '\n' {
			d.lines = append(d.lines, i+1)
		}
	}
	d.multiline = bytes.Contains(bytes.TrimSpace(data), []byte("\n"))
	p := &jsonParser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	root, err := p.value(nil, "", -1, 0)
	if err == nil {
		off := p.skip(int(p.dec.InputOffset()))
		if _, terr := p.dec.Token(); terr != io.EOF {
			err = &jsonSyntaxError{off: off, msg: "unexpected text after the end of the JSON document"}
		}
	}
	if err != nil {
		var se *jsonSyntaxError
		var je *json.SyntaxError
		off, msg := int(p.dec.InputOffset()), err.Error()
		switch {
		case errors.As(err, &se):
			off, msg = se.off, se.msg
		case errors.As(err, &je):
			off, msg = int(je.Offset), "invalid JSON: "+je.Error()
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			off, msg = len(data), "the JSON document ends too early (the file is cut short)"
		}
		d.multiline = true // a position in the raw text is all there is
		row, col := d.lineCol(off)
		return nil, tbsheet.Errorf(tbsheet.Pos{File: name, Row: row, Col: col}, tbsheet.ErrFormat, "%s", msg)
	}
	d.root = root
	return d, nil
}

type jsonSyntaxError struct {
	off int
	msg string
}

func (e *jsonSyntaxError) Error() string { return e.msg }

type jsonParser struct {
	data   []byte
	dec    *json.Decoder
	values int
}

// skip advances off over what separates tokens, to the first byte of the next one.
func (p *jsonParser) skip(off int) int {
	for off < len(p.data) && strings.IndexByte(" \t\r\n:,", p.data[off]) >= 0 {
		off++
	}
	return off
}

func (p *jsonParser) value(parent *jsonValue, key string, index, depth int) (*jsonValue, error) {
	off := p.skip(int(p.dec.InputOffset()))
	if depth > jsonMaxDepth {
		return nil, &jsonSyntaxError{off: off, msg: fmt.Sprintf("values nested deeper than %d levels: not a results file", jsonMaxDepth)}
	}
	if p.values++; p.values > jsonMaxValues {
		return nil, &jsonSyntaxError{off: off, msg: fmt.Sprintf("more than %d JSON values: not a results file", jsonMaxValues)}
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	v := &jsonValue{off: off, parent: parent, key: key, index: index}
	switch t := tok.(type) {
	case nil:
		v.kind = jsonNull
	case bool:
		v.kind, v.text = jsonBool, strconv.FormatBool(t)
	case json.Number:
		v.kind, v.text = jsonNumber, string(t)
	case string:
		v.kind, v.text = jsonString, t
	case json.Delim:
		if t == '{' {
			v.kind = jsonObject
			for p.dec.More() {
				kt, err := p.dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string) // the decoder only returns strings in key position
				child, err := p.value(v, k, -1, depth+1)
				if err != nil {
					return nil, err
				}
				v.keys, v.vals = append(v.keys, k), append(v.vals, child)
			}
		} else {
			v.kind = jsonArray
			for i := 0; p.dec.More(); i++ {
				child, err := p.value(v, "", i, depth+1)
				if err != nil {
					return nil, err
				}
				v.vals = append(v.vals, child)
			}
		}
		if _, err := p.dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	}
	return v, nil
}
