package tbsheet

// This file holds what makes text from an input safe to show: a cell quoted in a message, a
// name printed on a terminal, the characters a name may not hold.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// QuoteMax is the most characters of a cell that a message quotes: a 10 MB cell must not
// print 10 MB of errors.
const QuoteMax = 80

// Quote returns s in double quotes for a message, as strconv.Quote writes it, so that control
// and invisible characters show as escapes (\x1b, \u200b) and can neither drive the terminal
// nor hide: a cell longer than QuoteMax characters is cut, "…" marking the cut. Every message
// that quotes text from an input quotes it with Quote.
func Quote(s string) string { return strconv.Quote(cut(s)) }

// Clip is Quote for text a message shows without quotes (a list of the header cells found):
// cut to QuoteMax characters, with control characters shown as [Printable] shows them.
func Clip(s string) string { return Printable(cut(s)) }

// cut cuts s to QuoteMax characters, the last of them "…".
func cut(s string) string {
	if utf8.RuneCountInString(s) <= QuoteMax {
		return s
	}
	n := 0
	for i := range s {
		if n == QuoteMax-1 {
			s = s[:i]
			break
		}
		n++
	}
	return s + "…"
}

// IsControl reports whether r is a control character: C0 (tab and line ends included), DEL,
// C1, and the line and paragraph separators. No name holds one; on a terminal some start an
// escape sequence.
func IsControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r == '\u2028' || r == '\u2029'
}

// IsBidiControl reports whether r is a bidirectional formatting character (the embeddings,
// overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and
// U+061C): invisible, they reorder the text around them, so that a name can be made to look
// like another.
func IsBidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' ||
		r == '\u200e' || r == '\u200f' || r == '\u061c'
}

// IsInvisible reports whether r shows nothing: Unicode's format characters (zero-width space,
// joiners, bidirectional controls, the byte-order mark, the soft hyphen, …) and the
// default-ignorable fillers (U+115F, U+1160, U+3164, U+FFA0). Two names that differ only by
// them look identical.
func IsInvisible(r rune) bool {
	switch r {
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u034f', '\u180e':
		return true
	}
	return r >= 0x80 && unicode.Is(unicode.Cf, r)
}

// Printable returns s for a terminal: control characters become their visible pictures (␛
// for ESC, ␡ for DEL; U+FFFD for C1 controls and the line and paragraph separators) and
// bidirectional controls become U+FFFD, so that text from an input can neither send an escape
// sequence nor reorder the line it is printed in; bytes that are not UTF-8 become U+FFFD.
// Every other character, and s when it holds none of these, is kept as it is.
func Printable(s string) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if IsControl(r) || IsBidiControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(printableRune, s)
}

// PrintableMessage is Printable for a message that has lines of its own: its line breaks
// and tabs (a list of suggestions under an error) are kept, and every other control
// character, bidirectional control or byte that is not UTF-8 is shown as Printable shows it.
// Every message reaches the terminal through it, whatever input text it quotes.
func PrintableMessage(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		return printableRune(r)
	}, s)
}

func printableRune(r rune) rune {
	switch {
	case r < 0x20:
		return 0x2400 + r // ␀ … ␟
	case r == 0x7f:
		return '\u2421' // ␡
	case IsControl(r), IsBidiControl(r):
		return utf8.RuneError
	}
	return r
}
