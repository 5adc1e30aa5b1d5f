package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
)

// The notes are what the organizer should know about a run that is not an error (an
// encoding guessed, a sheet ignored, a drop inferred, a round left out, a match without a
// result), one line each starting with "note: "; the warnings, what is likely a mistake in
// the input, each starting with "warning: ". The commands print them on stderr.

// Notes lists the notes of one input, each "note: FILE: …" (a note that names its own
// place keeps it): the reader's notes on the file and on each division ranked (events),
// then, for each standings, the calculation's and the matches still without a result. Notes
// about one of several divisions name it.
func Notes(path string, file *tbsheet.Event, events []*tbsheet.Event, sts []*calc.Standings) []string {
	var out []string
	add := func(pod, n string) {
		switch {
		case strings.HasPrefix(n, path+":"):
			out = append(out, "note: "+n)
		case pod != "":
			out = append(out, "note: "+path+": "+pod+": "+n)
		default:
			out = append(out, "note: "+path+": "+n)
		}
	}
	if len(file.Pods) > 0 {
		for _, n := range file.Notes {
			add("", n)
		}
	}
	podOf := func(ev *tbsheet.Event) string {
		if len(events) > 1 {
			return ev.Pod
		}
		return ""
	}
	for _, ev := range events {
		for _, n := range ev.Notes {
			add(podOf(ev), n)
		}
	}
	for _, st := range sts {
		pod := podOf(st.Event)
		for _, n := range st.Notes {
			add(pod, i18n.Lang("en").Note(n)) // the terminal speaks English
		}
		for _, n := range unreportedNotes(st) {
			add(pod, n)
		}
	}
	return out
}

// Warnings lists what the reader found likely to be a mistake in the input (a typo
// making two players of one, results written two ways), each "warning: FILE: …": printed
// before the notes, even with -q, and errors with --strict.
func Warnings(path string, events []*tbsheet.Event) []string {
	var out []string
	for _, ev := range events {
		for _, w := range ev.Warnings {
			if !strings.HasPrefix(w, path+":") {
				w = path + ": " + w
			}
			out = append(out, "warning: "+w)
		}
	}
	return out
}

// SystemNotes says which preset ranks an event that names none (a hand-kept workbook
// without a System on its Event sheet) when CalcOpt.System does not either: Magic's, which a
// Pokémon or Yu-Gi-Oh! organizer must not learn from the standings alone.
func (j *Job) SystemNotes(path string, events []*tbsheet.Event) []string {
	if j.CalcOpt.System != "" || len(events) == 0 || events[0].System != "" {
		return nil
	}
	sys, ok := calc.LookupSystem(calc.DefaultSystem)
	if !ok {
		return nil
	}
	return []string{fmt.Sprintf("note: %s: ranked by the %s preset, %s, the default: the file names no game; "+
		"name it with --system or a System row on the Event sheet", path, sys.Name, sys.Title)}
}

// unreportedNotes places each match without a result in a round the standings leave out
// (the round being played): where it is in the input, the round and the players. Those of
// rounds the standings count have a note of the calculation's each already. A round with
// more than maxUnreported such matches gets one note, with where the first ones are: while a
// round is played, most of its matches have no result, and a note each would bury the rest.
func unreportedNotes(st *calc.Standings) []string {
	var out []string
	byRound := map[int][]calc.MatchRef{}
	var rounds []int
	for _, u := range st.Unreported {
		if slices.Contains(st.Rounds, u.Round) {
			continue
		}
		if byRound[u.Round] == nil {
			rounds = append(rounds, u.Round)
		}
		byRound[u.Round] = append(byRound[u.Round], u)
	}
	for _, r := range rounds {
		us := byRound[r]
		if len(us) > maxUnreported {
			var where []string
			for _, u := range us[:maxUnreported] {
				p := u.Match.Pos
				p.File = ""
				if s := p.String(); s != "" {
					where = append(where, s)
				}
			}
			if len(where) == 0 {
				out = append(out, fmt.Sprintf("round %d: %d matches have no result yet", r, len(us)))
				continue
			}
			out = append(out, fmt.Sprintf("round %d: the %d matches without a result are at %s and %d more", r, len(us),
				strings.Join(where, ", "), len(us)-len(where)))
			continue
		}
		for _, u := range us {
			m := u.Match
			where := ""
			if p := m.Pos.String(); p != "" {
				where = p + ": "
			}
			out = append(out, fmt.Sprintf("%sround %d: %s vs %s has no result yet", where, u.Round,
				st.Event.Players[m.P1].Name, st.Event.Players[m.P2].Name))
		}
	}
	return out
}

// maxUnreported is how many matches without a result a round's notes name one by one.
const maxUnreported = 5
