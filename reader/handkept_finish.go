package reader

// This file finishes a hand-kept event once every table is read: the rounds in order, the
// drops inferred from absences, and the problems in the order an organizer fixes them.

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
)

// finish orders the rounds (Swiss by number, then the playoff rounds: numbered ones as
// numbered, named ones after them, the largest stage first), notes who may be missing from a
// round, infers drops, validates the event and returns it with every problem.
func (h *hkReader) finish() (*tbsheet.Event, error) {
	var swiss, playoff []roundKey
	for k := range h.rounds {
		if k.stage > 0 || k.playoff {
			playoff = append(playoff, k)
		} else {
			swiss = append(swiss, k)
		}
	}
	sort.Slice(swiss, func(i, j int) bool { return swiss[i].n < swiss[j].n })
	sort.Slice(playoff, func(i, j int) bool {
		a, b := playoff[i], playoff[j]
		if a.playoff != b.playoff {
			return a.playoff
		}
		return a.n < b.n || a.n == b.n && a.stage > b.stage
	})
	last := 0
	for i, k := range swiss {
		if k.n != i+1 {
			var have []string
			for _, s := range swiss {
				have = append(have, strconv.Itoa(s.n))
			}
			h.errs.addf(tbsheet.Pos{File: h.file}, "", tbsheet.ErrRounds, "round %d is missing: the rounds read are %s",
				i+1, strings.Join(have, ", "))
			break
		}
		last = k.n
		h.ev.Rounds = append(h.ev.Rounds, tbsheet.Round{Number: k.n, Matches: h.rounds[k].matches, Pos: h.rounds[k].pos})
	}
	next := last + 1
	for _, k := range playoff {
		n := next
		if k.playoff {
			if k.n <= last {
				h.errs.addf(h.rounds[k].pos, "", tbsheet.ErrRounds, "playoff round %d comes before the end of the Swiss rounds (round %d)", k.n, last)
				continue
			}
			n = k.n
		}
		next = n + 1
		h.ev.Rounds = append(h.ev.Rounds, tbsheet.Round{Number: n, Playoff: true,
			Matches: h.rounds[k].matches, Pos: h.rounds[k].pos})
	}
	if len(h.ev.Rounds) == 0 && len(h.ev.Players) == 0 && len(h.errs.ErrorList) == 0 {
		h.errs.addf(tbsheet.Pos{File: h.file}, "", tbsheet.ErrFormat, "no matches below the header")
	}
	h.checkAttendance()
	h.checkResultKinds()
	h.inferDrops(last)
	h.errs.AddAll(h.ev.Validate())
	h.errs.Sort(h.sheets...)
	return h.ev, h.errs.Err()
}

// inferDrops marks players absent from the trailing Swiss rounds as dropped after the last
// round they played, unless the Players list says when they dropped, and notes each one.
func (h *hkReader) inferDrops(lastRound int) {
	lastPlayed := make([]int, len(h.ev.Players))
	for _, r := range h.ev.Rounds {
		for mi := range r.Matches {
			m := &r.Matches[mi] // not a copy of each match (see played)
			for _, p := range [2]int{m.P1, m.P2} {
				if p >= 0 && p < len(lastPlayed) && !r.Playoff {
					lastPlayed[p] = max(lastPlayed[p], r.Number)
				} else if p >= 0 && p < len(lastPlayed) && lastPlayed[p] == 0 {
					lastPlayed[p] = -1 // plays in the top cut only
				}
			}
		}
	}
	var idle []string
	var dropped, idleNotes, dropNotes []i18n.Note
	for i := range h.ev.Players {
		p := &h.ev.Players[i]
		switch lp := lastPlayed[i]; {
		case lp == 0 && len(h.ev.Rounds) > 0:
			idle = append(idle, p.Name)
			idleNotes = append(idleNotes, i18n.N("reader.idle", p.Name))
		case p.DroppedAfter == 0 && lp > 0 && lp < lastRound:
			p.DroppedAfter = lp
			dropped = append(dropped, i18n.N("reader.name-after-round", p.Name, lp))
			dropNotes = append(dropNotes, i18n.N("reader.inferred-drop", p.Name, lp, lastRound))
		}
	}
	h.notes(idleNotes, i18n.N("reader.idle-many", len(idle), listed(texts(idle))))
	h.notes(dropNotes, i18n.N("reader.inferred-drops", len(dropped), lastRound, listed(dropped)))
}

// notes writes each note, or the summary of them all when there are more than maxListed.
func (h *hkReader) notes(each []i18n.Note, summary i18n.Note) {
	if len(each) > maxListed {
		h.ev.Notes = append(h.ev.Notes, summary)
		return
	}
	h.ev.Notes = append(h.ev.Notes, each...)
}

// maxListed is how many notes of one kind the reader writes one by one; more are one note
// that lists them (a large hand-kept event can have hundreds of inferred drops).
const maxListed = 5

// listed lists names in a note: the first dozen, then how many more.
func listed(names []i18n.Note) i18n.Note {
	const shown = 12
	if len(names) <= shown {
		return i18n.Join("list-sep", names...)
	}
	return i18n.N("reader.and-more-players", len(names)-shown, i18n.Join("list-sep", names[:shown]...))
}

// maxMixedRows is how many rows the note of mixed result kinds names.
const maxMixedRows = 5

// checkResultKinds notes a Swiss event whose played results are written two ways: some with
// games ("2-1"), some without ("W", "L", "D"). A result without games counts no games in the
// game-win tiebreaks (GW%, OGW%): a player who won twice as "W" gets the floor while a 2-1
// winner gets 66.67%. The note names the rows of the kind there are fewer of.
func (h *hkReader) checkResultKinds() {
	if strings.EqualFold(h.ev.System, "fide") {
		return // chess: 1-0 and ½-½ are its results, not games
	}
	var with, without []tbsheet.Pos
	for _, r := range h.ev.Rounds {
		if r.Playoff {
			continue
		}
		for _, m := range r.Matches {
			if m.Color != tbsheet.ColorUnknown {
				return // chess, with White and Black columns: 1-0 and ½-½ are its results, not games
			}
			switch m.Result {
			case tbsheet.Win, tbsheet.Loss, tbsheet.Draw:
				if m.Games.Known {
					with = append(with, m.Pos)
				} else {
					without = append(without, m.Pos)
				}
			}
		}
	}
	if len(with) == 0 || len(without) == 0 {
		return
	}
	few, kind := without, i18n.N("reader.without-games")
	if len(with) < len(without) {
		few, kind = with, i18n.N("reader.with-games")
	}
	var rows []i18n.Note
	for _, p := range few[:min(len(few), maxMixedRows)] {
		rows = append(rows, position(p))
	}
	list := i18n.Join("list-sep", rows...)
	if len(few) > maxMixedRows {
		list = i18n.N("reader.and-more-places", len(few)-maxMixedRows, list)
	}
	h.warn("reader.mixed-results", h.file, len(with), len(without), len(few), kind, list)
}
