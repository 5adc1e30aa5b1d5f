package reader

// This file resolves players: the Players sheet (or --players list), and the names match
// cells give, matched loosely (width, case, NFC) and with a suggestion for a typo.

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// useRoster makes players the event's players: match cells must then name one of them (by
// name, or by ID when the list gives IDs).
func (h *hkReader) useRoster(players []tbsheet.Player) {
	h.listed = true
	h.ev.Players = append([]tbsheet.Player(nil), players...)
	clear(h.byText)
	clear(h.spelling)
	for i, p := range players {
		h.byName[NameKey(p.Name)] = i
		if p.ID != p.Name {
			h.byID[p.ID] = i
		}
	}
}

// NameKey folds a name for matching: NFC, full-width Latin to ASCII, case, runs of spaces,
// and invisible characters (tbsheet.IsInvisible), which are dropped: "Alice" with a
// zero-width space pasted after it is Alice. Two names with one key are one player's, in a
// results sheet and across the events of tbsheet season.
func NameKey(s string) string {
	if !isASCII(s) {
		if firstInvisible(s) >= 0 { // strings.Map costs a call per character even when it keeps them all
			s = strings.Map(dropInvisible(false), s)
		}
		s = norm.NFC.String(foldWidth(s))
	}
	return toLower(singleSpaced(s))
}

// toLower is strings.ToLower, quick for a name it leaves as it is: strings.ToLower maps a
// name that is not ASCII through unicode.ToLower a character at a time, looking each up in
// Unicode's case tables; toLower skips those between noCaseFrom and noCaseTo (most names in
// scripts without case).
func toLower(s string) string {
	for _, r := range s {
		if r >= noCaseFrom && r < noCaseTo {
			continue
		}
		if r == utf8.RuneError || unicode.ToLower(r) != r {
			return strings.ToLower(s)
		}
	}
	return s
}

// No character from noCaseFrom to just below noCaseTo has a lower case (CJK, kana, hangul
// syllables lie between; TestToLower checks every one).
const (
	noCaseFrom = '\u2d30' // Tifinagh, after the Georgian supplement
	noCaseTo   = '\ua640' // Cyrillic extended-B
)

// foldWidth is width.Fold.String, which allocates even when it changes nothing, as in most
// names: it is called only when a character has a canonical width of its own (full-width
// Latin, half-width katakana). Only the ideographic space and the half- and full-width forms
// block have one (TestFoldWidth checks every character): others are not looked up.
func foldWidth(s string) string {
	for _, r := range s {
		if (r == '\u3000' || r >= '\uff01' && r <= '\uffee') && width.LookupRune(r).Folded() != 0 {
			return width.Fold.String(s)
		}
	}
	return s
}

// player returns the index of the player a match cell (row r's cell under col) names,
// creating him when there is no players list.
func (h *hkReader) player(c nameCell, r *hkRow, col string) (int, bool) {
	if c.known {
		return c.p, true
	}
	text := c.text
	pos := r.pos(col)
	key := NameKey(text)
	if i, ok := h.byName[key]; ok {
		h.byText[text] = i
		h.noteInvisible(i, text, pos)
		return i, true
	}
	if i, ok := h.byID[strings.TrimSpace(text)]; ok {
		h.byText[text] = i
		return i, true
	}
	if h.listed {
		msg := fmt.Sprintf("player %s is not on the players list", tbsheet.Quote(text))
		// Past MaxErrors the problem is only counted: spare the search for a likely name.
		if !h.errs.Full() {
			if s := h.nearest(key); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", tbsheet.Quote(s))
			}
		}
		h.errs.addf(pos, r.field(col), tbsheet.ErrUnknownPlayer, "%s", msg)
		return 0, false
	}
	name := cleanName(text)
	h.ev.Players = appendDoubling(h.ev.Players, tbsheet.Player{ID: name, Name: name, Pos: pos})
	i := len(h.ev.Players) - 1
	h.byName[key] = i
	h.byText[text] = i
	if firstInvisible(text) >= 0 {
		h.spelling[i] = text
	}
	return i, true
}

// noteInvisible notes, once per player, that a name was written in two ways that differ only
// by invisible characters (a zero-width space pasted with the name), which look identical:
// they are read as one player.
func (h *hkReader) noteInvisible(i int, text string, pos tbsheet.Pos) {
	first, ok := h.spelling[i]
	if !ok {
		first = h.ev.Players[i].Name
	}
	r := firstInvisible(text)
	if r < 0 {
		r = firstInvisible(first)
	}
	if r < 0 || h.merged[i] || strings.TrimSpace(text) == strings.TrimSpace(first) {
		return
	}
	if h.merged == nil {
		h.merged = map[int]bool{}
	}
	h.merged[i] = true
	h.note("reader.invisible", h.file, position(pos), tbsheet.Quote(text), tbsheet.Quote(first), position(h.ev.Players[i].Pos), fmt.Sprintf("U+%04X", r), h.ev.Players[i].Name)
}

// nearest returns the listed name closest to key, if it is a likely typo.
func (h *hkReader) nearest(key string) string {
	names := make([]string, len(h.ev.Players))
	for i, p := range h.ev.Players {
		names[i] = p.Name
	}
	return suggest.Closest(key, names, 2, NameKey)
}

// readPlayers reads a Players table (Name, ID, Dropped After, Rating) below hd.
func readPlayers(src rowSource, hd *header, errs *problems) []tbsheet.Player {
	for _, key := range []string{"name", "id", "dropped", "rating"} {
		if cols := hd.all[key]; len(cols) > 1 {
			errs.addf(hd.pos[cols[1]], hd.cells[cols[1]], tbsheet.ErrColumns, "two %s columns: delete or rename one",
				handkept.ColumnHeader(key, "en"))
			return nil
		}
	}
	var players []tbsheet.Player
	names, ids := map[string]tbsheet.Pos{}, map[string]tbsheet.Pos{}
	for src.Next() {
		cells := src.Cells()
		if notesLine(cells) {
			break
		}
		r := &hkRow{src: src, hd: hd, cells: cells, errs: errs}
		p := tbsheet.Player{Name: cleanName(r.name("name")), ID: r.text("id"), Pos: r.pos("name")}
		drop, rating := r.text("dropped"), r.text("rating")
		if p.Name == "" {
			if p.ID != "" || drop != "" || rating != "" {
				r.errorf("name", tbsheet.ErrValue, "the player's name is empty")
			}
			continue
		}
		key := NameKey(p.Name)
		first, twice := names[key]
		if twice {
			r.errorf("name", tbsheet.ErrDuplicatePlayer, "player %s is listed twice (also at %s)", tbsheet.Quote(p.Name), where(first))
		}
		names[key] = p.Pos
		if p.ID == "" {
			p.ID = p.Name
		} else if first, dup := ids[p.ID]; dup {
			r.errorf("id", tbsheet.ErrDuplicatePlayer, "ID %s is given twice (also at %s)", tbsheet.Quote(p.ID), where(first))
		} else {
			ids[p.ID] = r.pos("id")
		}
		if drop != "" {
			n, ok := parseCount(drop, sanityMaxRounds)
			if !ok {
				n, ok = handkept.RoundSheetNumber(drop)
			}
			if !ok {
				r.errorf("dropped", tbsheet.ErrValue, "%s is not a round number (Dropped After: the last round the player played)", tbsheet.Quote(drop))
			}
			p.DroppedAfter = n
		}
		if rating != "" {
			n, ok := parseCount(rating, maxCount)
			if !ok {
				r.errorf("rating", tbsheet.ErrValue, "%s is not a rating", tbsheet.Quote(rating))
			}
			p.Rating = n
		}
		// A player whose ID, drop or rating is wrong is still on the list: the rounds that
		// name him must not add "not on the players list" to the one problem of his row.
		if !twice {
			players = append(players, p)
		}
	}
	if err := src.Err(); err != nil {
		errs.Add(errorAt(src, err))
	}
	return players
}
