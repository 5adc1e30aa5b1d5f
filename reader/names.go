package reader

// This file cleans the names of every format's event, its divisions and its players, as
// the hand-kept readers clean a name cell: spaces made single, invisible characters dropped.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// cleanName is a name cell's text as the standings show it: runs of spaces, tabs and line
// breaks (a cell wrapped with Alt+Enter) become one space, and invisible characters that join
// nothing (zero-width spaces, bidirectional controls, byte-order marks) are dropped. The
// zero-width joiners stay: emoji sequences and some scripts need them.
func cleanName(s string) string {
	if firstInvisible(s) >= 0 { // strings.Map costs a call per character even when it keeps them all
		s = strings.Map(dropInvisible(true), s)
	}
	return singleSpaced(s)
}

// singleSpaced returns s with runs of white space made one space and none at either end:
// s itself, without copying it, when it is already so (most names, in every script).
// Unicode has spaces of its own (U+00A0, U+3000): any space but a lone ASCII one between
// two other characters takes the long way.
func singleSpaced(s string) string {
	for i, r := range s {
		switch {
		case r > ' ' && r < utf8.RuneSelf: // most characters of most names
		case r == ' ' && i > 0 && i < len(s)-1 && s[i+1] != ' ':
		case isSpace(r):
			return strings.Join(strings.Fields(s), " ")
		}
	}
	return s
}

// trimSpace is strings.TrimSpace, quick for a cell with no space at either end (most
// cells: every cell of a large match list is trimmed).
func trimSpace(s string) string {
	if s == "" || s[0] > ' ' && s[0] < utf8.RuneSelf && s[len(s)-1] > ' ' && s[len(s)-1] < utf8.RuneSelf {
		return s // ASCII ends that are not spaces
	}
	first, last := rune(s[0]), rune(s[len(s)-1])
	if first >= utf8.RuneSelf {
		first, _ = utf8.DecodeRuneInString(s)
	}
	if last >= utf8.RuneSelf {
		last, _ = utf8.DecodeLastRuneInString(s)
	}
	if !isSpace(first) && !isSpace(last) {
		return s
	}
	return strings.TrimSpace(s)
}

// isSpace is unicode.IsSpace, quick for ASCII and the letters of most names: above Latin-1, Unicode's
// spaces all lie between U+1680 and U+3000, below the kana, hangul and ideographs, and above
// most alphabets (TestIsSpace checks every character).
func isSpace(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r == ' ' || r >= '\t' && r <= '\r'
	case r > 0xff && (r < 0x1680 || r > 0x3000):
		return false
	}
	return unicode.IsSpace(r)
}

// cleanNames makes every name of an event what the hand-kept readers make of a name cell
// (cleanName), whatever format it was read from: a Challonge, KTS, TOM, WER or TRF name with
// a bidirectional override or a zero-width space would otherwise reach the workbook, the CSV
// and the wall reordered or looking like another's. The event's own name and its
// division's are cleaned too (cleanTitle). (Control characters in a player's name are
// refused by Event.Validate, which every reader calls.) Without players, only the event's
// and the divisions' names are cleaned (Format.CleanPlayers).
func cleanNames(ev *tbsheet.Event, players bool) {
	if ev == nil {
		return
	}
	name := ev.Name
	for _, title := range []struct {
		note string // the key of the note that the name was cleaned
		s    *string
	}{{"reader.event-name-control", &ev.Name}, {"reader.division-name-control", &ev.Pod}} {
		raw := *title.s
		if *title.s = cleanTitle(raw); *title.s != cleanName(raw) {
			ev.Notes = append(ev.Notes, i18n.N(title.note, tbsheet.Quote(raw)))
		}
	}
	if players {
		cleanPlayerNames(ev.Players)
	}
	for _, pod := range ev.Pods {
		if pod.Name == name { // noted once, for the event
			pod.Name = ev.Name
		}
		cleanNames(pod, players)
	}
}

// cleanTitle is cleanName for the name of an event or of a division, which names no
// player: a control character in it (pasted from a web page) is a space rather than an
// error, so that the title reads whole on every output instead of showing a gap or stopping
// the standings.
func cleanTitle(s string) string {
	return cleanName(strings.Map(func(r rune) rune {
		if tbsheet.IsControl(r) {
			return ' '
		}
		return r
	}, s))
}

// cleanPlayerNames is cleanNames for a list of players. A name that was nothing but
// invisible characters becomes the player's ID.
func cleanPlayerNames(players []tbsheet.Player) {
	for i := range players {
		p := &players[i]
		if p.Name = cleanName(p.Name); p.Name == "" {
			p.Name = p.ID
		}
		p.Family, p.Given = cleanName(p.Family), cleanName(p.Given)
		for j, m := range p.Members {
			p.Members[j] = cleanName(m)
		}
	}
}

// dropInvisible returns a strings.Map function that drops invisible characters, keeping the
// joiners (U+200C, U+200D) and emoji tag characters when keepJoiners is set.
func dropInvisible(keepJoiners bool) func(rune) rune {
	return func(r rune) rune {
		if !tbsheet.IsInvisible(r) || keepJoiners && (r == '\u200c' || r == '\u200d' || r >= 0xe0000 && r <= 0xe007f) {
			return r
		}
		return -1
	}
}

// firstInvisible returns the first invisible character of s, or −1.
func firstInvisible(s string) rune {
	if isASCII(s) {
		return -1
	}
	for _, r := range s {
		if r > lastInvisibleBelow && r < firstInvisibleAbove {
			continue // kana, hangul, ideographs: looking them up in Unicode's tables costs
		}
		if tbsheet.IsInvisible(r) {
			return r
		}
	}
	return -1
}

// No character between lastInvisibleBelow and firstInvisibleAbove is invisible
// (tbsheet.IsInvisible; TestInvisibleGap checks every one).
const (
	lastInvisibleBelow  = '\u3164' // Hangul filler
	firstInvisibleAbove = '\ufeff' // byte-order mark
)

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// texts makes each of words (names, values as typed) a note that writes it as it is, for a
// list in a reader's note.
func texts(words []string) []i18n.Note {
	out := make([]i18n.Note, len(words))
	for i, w := range words {
		out[i] = i18n.N("text", w)
	}
	return out
}
