package standingsheet

import (
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/writer"
)

// WriteJSON writes the standings as the JSON document docs/json.md documents:
// numbers are the exact values as the nearest float64 (integers as integers), n/a is null,
// "tiebreaks" and "explain" hold every column of the standings (the order, then --show
// extras) in that order. event.rounds is the number of Swiss rounds counted; event.players
// is the number of ranked players (the length of "standings"). Standings with a top cut
// (calc.Standings.Cut) add "top_cut" and each row's "finish" and "still_in". The document is indented by
// two spaces, as encoding/json indents it, and ends with a newline.
//
// The document is written as it goes, a row at a time: a large event's JSON is never held
// whole in memory, nor built as values first (it is as large as every explanation).
func WriteJSON(w io.Writer, st *calc.Standings) error {
	ev := st.Event
	j := &jsonStream{w: w}
	j.open('{')
	j.key("event")
	j.open('{')
	j.key("name")
	j.str(ev.Name)
	j.key("source")
	j.str(ev.Source)
	j.key("format")
	j.str(ev.Format)
	j.key("rounds")
	j.int(len(st.Rounds))
	j.key("players")
	j.int(len(st.Rows))
	j.close('}')
	j.key("system")
	system := ""
	if st.System != nil {
		system = st.System.Name
	}
	j.str(system)
	j.key("points")
	j.open('{')
	for _, kv := range []struct {
		k string
		v exact.Num
	}{{"win", st.Points.Win}, {"draw", st.Points.Draw}, {"loss", st.Points.Loss}, {"bye", st.Points.Bye}} {
		j.key(kv.k)
		j.num(kv.v)
	}
	j.close('}')
	j.key("tiebreaks")
	j.open('[')
	for _, d := range st.Order {
		j.elem()
		j.str(d.ID)
	}
	j.close(']')
	if st.Cut > 0 {
		j.key("top_cut")
		j.open('{')
		j.key("players")
		j.int(st.Cut)
		j.key("finished")
		j.raw(strconv.FormatBool(st.Final))
		j.close('}')
	}
	j.key("standings")
	j.open('[')
	// every row repeats the same keys: each column's is quoted once
	colKeys := make([]string, len(st.Columns))
	for c, d := range st.Columns {
		colKeys[c] = string(appendJSONString(nil, d.ID))
	}
	for i := range st.Rows {
		r := &st.Rows[i]
		p := &ev.Players[r.Player]
		j.elem()
		j.open('{')
		j.quotedKey(`"rank"`)
		j.int(r.Rank)
		j.quotedKey(`"name"`)
		j.str(p.Name)
		j.quotedKey(`"id"`)
		j.str(p.ID)
		j.quotedKey(`"points"`)
		j.num(r.Points)
		j.quotedKey(`"wins"`)
		j.int(r.Wins)
		j.quotedKey(`"losses"`)
		j.int(r.Losses)
		j.quotedKey(`"draws"`)
		j.int(r.Draws)
		j.quotedKey(`"byes"`)
		j.int(r.Byes)
		j.quotedKey(`"dropped_after"`)
		if r.DroppedAfter > 0 {
			j.int(r.DroppedAfter)
		} else {
			j.raw("null")
		}
		if st.Cut > 0 {
			j.quotedKey(`"finish"`)
			if r.Finish > 0 {
				j.int(r.Finish)
			} else {
				j.raw("null")
			}
			j.quotedKey(`"still_in"`)
			j.raw(strconv.FormatBool(r.StillIn))
		}
		j.quotedKey(`"tiebreaks"`)
		j.open('{')
		for c := range st.Columns {
			j.quotedKey(colKeys[c])
			if fig := figure(r, c); fig.Value.OK {
				j.num(fig.Value.Num)
			} else {
				j.raw("null")
			}
		}
		j.close('}')
		j.quotedKey(`"explain"`)
		j.open('{')
		for c, d := range st.Columns {
			j.quotedKey(colKeys[c])
			j.text = appendExplanation(j.text[:0], "en", d, explainedFigure(st, r, c))
			j.buf = appendJSONString(j.buf, j.text)
		}
		j.close('}')
		j.close('}')
		j.flushIfFull()
	}
	j.close(']')
	j.close('}')
	j.buf = append(j.buf, '\n')
	return j.flush()
}

// jsonStream writes indented JSON as encoding/json's Encoder with SetIndent("", "  ") and
// SetEscapeHTML(false) writes it, byte for byte, into a buffer that it hands to w whenever
// it holds more than jsonChunk bytes.
type jsonStream struct {
	w     io.Writer
	buf   []byte
	err   error
	depth int
	// first is true right after an opening bracket: the next key or element is the first.
	first bool
	// text is a scratch buffer for explanations.
	text []byte
}

// jsonChunk is how much the stream buffers before writing to its writer.
const jsonChunk = 64 << 10

// open starts an object ('{') or an array ('[').
func (j *jsonStream) open(c byte) {
	j.buf = append(j.buf, c)
	j.depth++
	j.first = true
}

// close ends an object ('}') or an array (']'); an empty one stays on its line ("[]").
func (j *jsonStream) close(c byte) {
	j.depth--
	if !j.first {
		j.newline()
	}
	j.buf = append(j.buf, c)
	j.first = false
}

// elem starts an array element.
func (j *jsonStream) elem() {
	if !j.first {
		j.buf = append(j.buf, ',')
	}
	j.newline()
	j.first = false
}

// key starts an object member: the key and its colon.
func (j *jsonStream) key(k string) {
	j.elem()
	j.buf = appendJSONString(j.buf, k)
	j.buf = append(j.buf, ':', ' ')
}

// quotedKey starts an object member whose key q is already quoted as JSON.
func (j *jsonStream) quotedKey(q string) {
	j.elem()
	j.buf = append(j.buf, q...)
	j.buf = append(j.buf, ':', ' ')
}

func (j *jsonStream) newline() {
	const spaces = "\n                "
	if 2*j.depth < len(spaces) {
		j.buf = append(j.buf, spaces[:1+2*j.depth]...)
		return
	}
	j.buf = append(j.buf, '\n')
	for range j.depth {
		j.buf = append(j.buf, ' ', ' ')
	}
}

func (j *jsonStream) str(s string)    { j.buf = appendJSONString(j.buf, s) }
func (j *jsonStream) int(n int)       { j.buf = strconv.AppendInt(j.buf, int64(n), 10) }
func (j *jsonStream) raw(s string)    { j.buf = append(j.buf, s...) }
func (j *jsonStream) num(n exact.Num) { j.buf = writer.AppendJSONNum(j.buf, n) }

func (j *jsonStream) flushIfFull() {
	if len(j.buf) >= jsonChunk {
		j.flush()
	}
}

// flush writes the buffer out and returns the first write error.
func (j *jsonStream) flush() error {
	if j.err == nil && len(j.buf) > 0 {
		_, j.err = j.w.Write(j.buf)
	}
	j.buf = j.buf[:0]
	return j.err
}

// appendJSONString appends s quoted as encoding/json quotes a string without HTML escaping:
// quotes, backslashes and control characters escaped, invalid UTF-8 as U+FFFD, and the line
// and paragraph separators U+2028 and U+2029 escaped.
func appendJSONString[S string | []byte](dst []byte, s S) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if jsonPlain[s[i]] {
			i++
			continue
		}
		if b := s[i]; b < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		if n := plainUTF8(s[i], s[i+1:min(len(s), i+3)]); n > 0 {
			i += n // the arrows, minus signs and most names: no need to decode them
			continue
		}
		c, size := utf8.DecodeRune([]byte(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// jsonPlain tells the ASCII bytes that a JSON string holds as they are: printable, not a
// quote or a backslash.
var jsonPlain = func() (t [256]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// plainUTF8 returns the length of the two- or three-byte UTF-8 sequence that starts with
// lead and goes on with next, when it is valid and needs no escaping in JSON (not U+2028 or
// U+2029); 0 otherwise, for appendJSONString to decode it. Explanations and names are mostly
// such characters (−, ↑, ×, CJK).
func plainUTF8[S string | []byte](lead byte, next S) int {
	cont := func(i int) bool { return i < len(next) && next[i]&0xC0 == 0x80 }
	switch {
	case lead >= 0xC2 && lead <= 0xDF && cont(0):
		return 2
	case lead >= 0xE1 && lead <= 0xEF && lead != 0xED && cont(0) && cont(1):
		if lead == 0xE2 && next[0] == 0x80 && (next[1] == 0xA8 || next[1] == 0xA9) {
			return 0 // U+2028, U+2029
		}
		return 3
	}
	return 0
}
