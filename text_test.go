package tbsheet

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("é", 10<<20)
	for _, tt := range []struct{ in, want string }{
		{"Alice", `"Alice"`},
		{"Ann\x1b[31m", `"Ann\x1b[31m"`},
		{"Bob\u200b", `"Bob\u200b"`},
		{"Eve\u202eevil", `"Eve\u202eevil"`},
		{strings.Repeat("x", QuoteMax), `"` + strings.Repeat("x", QuoteMax) + `"`},
		{strings.Repeat("x", QuoteMax+1), `"` + strings.Repeat("x", QuoteMax-1) + `…"`},
		{long, `"` + strings.Repeat("é", QuoteMax-1) + `…"`},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.20q) = %.120s, want %.120s", tt.in, got, tt.want)
		}
	}
}

// TestPrintable: Printable shows every control character; PrintableMessage keeps a message's
// own line breaks and tabs.
func TestPrintable(t *testing.T) {
	for _, tt := range []struct{ in, want, message string }{
		{"山田 太郎 🐉", "山田 太郎 🐉", "山田 太郎 🐉"},
		{"Ann\x1b[2J", "Ann␛[2J", "Ann␛[2J"},
		{"a\tb\nc\x7f", "a␉b␊c␡", "a\tb\nc␡"},
		{"\u009b31m", "\ufffd31m", "\ufffd31m"},
		{"Eve\u202eliam", "Eve\ufffdliam", "Eve\ufffdliam"},
		{"bad\xffbyte\r\n", "bad\ufffdbyte␍␊", "bad\ufffdbyte␍\n"},
		{"zero\u200bwidth", "zero\u200bwidth", "zero\u200bwidth"}, // invisible but harmless: kept
		{"unknown command \"x\"\n\nDid you mean this?\n\tstandings\n",
			"unknown command \"x\"␊␊Did you mean this?␊␉standings␊", "unknown command \"x\"\n\nDid you mean this?\n\tstandings\n"},
	} {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := PrintableMessage(tt.in); got != tt.message {
			t.Errorf("PrintableMessage(%q) = %q, want %q", tt.in, got, tt.message)
		}
	}
}

func TestInvisible(t *testing.T) {
	for _, r := range "\u200b\u200c\u200d\u2060\ufeff\u00ad\u202e\u2066\u3164" {
		if !IsInvisible(r) {
			t.Errorf("%U is invisible", r)
		}
	}
	for _, r := range "aé山🐉 \u00a0\x1b" {
		if IsInvisible(r) {
			t.Errorf("%U is not invisible", r)
		}
	}
}

// TestSetLineControls: a line shown under a message never holds a control character, and the
// caret still points at the place.
func TestSetLineControls(t *testing.T) {
	e := &Error{}
	e.SetLine("1,\x1b[31mAnn,Bob,\t2-0", len("1,\x1b[31mAnn,Bob,\t"))
	want := "    1,␛[31mAnn,Bob,\t2-0\n    " + strings.Repeat(" ", len("1,␛[31mAnn,Bob,")-2) + "\t^"
	if got := e.Detail(); got != want {
		t.Errorf("Detail:\n%s\nwant\n%s", got, want)
	}
}

func TestValidateNames(t *testing.T) {
	ev := &Event{Source: "r.json", Players: []Player{
		{Name: "Alice", Pos: Pos{File: "r.csv", Row: 2, Col: 3}},
		{Name: "Bob\x1b]0;pwned\x07"},
		{Name: "Team", Members: []string{"Carl", "Dee\r\nEve"}},
	}}
	var got []string
	for _, e := range ev.Validate() {
		got = append(got, e.Error())
	}
	want := []string{
		`r.json: the name "Bob\x1b]0;pwned\a" holds a control character (U+001B) as its 4th character: retype it`,
		`r.json: the name "Dee\r\nEve" holds a control character (U+000D) as its 4th character: retype it`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestControlIn: the first control character wins over bytes that are not text anywhere in
// the name, and its place counts characters (a byte that is not text counts as one).
func TestControlIn(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Alice", ""},
		{"José Núñez", ""},
		{"Zoë\u2028", "a control character (U+2028) as its 4th character"},
		{"é\u0085x", "a control character (U+0085) as its 2nd character"},
		{"Ann\x7f", "a control character (U+007F) as its 4th character"},
		{"\xffAb\x01", "a control character (U+0001) as its 4th character"},
		{"Bo\xffb", "bytes that are not text"},
		{"Bo\xe2\x80", "bytes that are not text"},
		{"\ufffd", ""},
	} {
		if got := controlIn(tt.in); got != tt.want {
			t.Errorf("controlIn(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	if got := Clip("Ann\x1b[2J"); got != "Ann␛[2J" {
		t.Errorf("Clip = %q", got)
	}
	if got := Clip(strings.Repeat("x", 10<<20)); got != strings.Repeat("x", QuoteMax-1)+"…" {
		t.Errorf("Clip of 10 MB = %.100q", got)
	}
}

// TestValidateFullPointBye: only a bye can be a full-point bye given before pairing.
func TestValidateFullPointBye(t *testing.T) {
	for _, tc := range []struct {
		m    Match
		want int
	}{
		{Match{P1: 0, P2: NoPlayer, Result: Bye, FullPointBye: true}, 0},
		{Match{P1: 0, P2: NoPlayer, Result: HalfBye, FullPointBye: true}, 1},
		{Match{P1: 0, P2: 1, Result: Win, FullPointBye: true}, 1},
	} {
		ev := &Event{Players: []Player{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}},
			Rounds: []Round{{Number: 1, Matches: []Match{tc.m}}}}
		if got := len(ev.Validate()); got != tc.want {
			t.Errorf("%+v: %d errors, want %d: %v", tc.m, got, tc.want, ev.Validate())
		}
	}
}
