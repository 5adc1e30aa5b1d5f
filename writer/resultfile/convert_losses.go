package resultfile

import (
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
)

// trfLosses checks what a TRF cannot carry of ev before it is written: two players whose
// names, cut to the 33 characters of its name column, would become one player when the file
// is read back (an error), and, in one warning, what is lost: names cut, game scores other
// than a chess game's, intentional draws (a TRF writes a draw), IDs that are not FIDE IDs.
func trfLosses(ev *tbsheet.Event, opt writer.Options) error {
	byName := map[string]string{}
	var cut []string
	for _, p := range ev.Players {
		n := strings.TrimSpace(trfName(p.Name))
		if other, ok := byName[strings.ToLower(n)]; ok {
			return fmt.Errorf("%s and %s both become %s in a TRF, whose names have 33 characters: read back, they would be one player; shorten one of them", tbsheet.Quote(other), tbsheet.Quote(p.Name), tbsheet.Quote(n))
		}
		byName[strings.ToLower(n)] = p.Name
		if n != strings.TrimSpace(trfText(p.Name)) {
			cut = append(cut, tbsheet.Quote(p.Name))
		}
	}
	ids := 0
	for _, p := range ev.Players {
		if p.ID != "" && !ev.LocalIDs && p.FIDEID == "" {
			ids++
		}
	}
	var games, intentional int
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if m.Result == tbsheet.IntentionalDraw {
				intentional++
			} else if m.Games.Known && m.Games.P1+m.Games.P2+m.Games.Drawn > 1 {
				games++
			}
		}
	}
	var lost []string
	if len(cut) > 0 {
		lost = append(lost, fmt.Sprintf("%d %s cut to 33 characters (%s)", len(cut), plural(len(cut), "name", "names"), shortNames(cut)))
	}
	if ids > 0 {
		lost = append(lost, fmt.Sprintf("the IDs of %d %s (a TRF keeps FIDE IDs only)", ids, plural(ids, "player", "players")))
	}
	if games > 0 {
		lost = append(lost, fmt.Sprintf("the games of %d %s (2-1 is written as a win)", games, plural(games, "match", "matches")))
	}
	if intentional > 0 {
		lost = append(lost, fmt.Sprintf("%d %s (written as draws)", intentional, plural(intentional, "intentional draw", "intentional draws")))
	}
	if len(lost) > 0 {
		opt.Warnf("a TRF cannot carry everything this event holds; lost: %s", strings.Join(lost, "; "))
	}
	return nil
}

// csvLosses warns of what a match list in CSV cannot carry of ev: the players' IDs, ratings
// and drops (a players list does), and the event's name and planned rounds (its Event sheet).
func csvLosses(ev *tbsheet.Event, opt writer.Options) {
	var lost []string
	ids, ratings, drops := false, false, false
	for _, p := range ev.Players {
		ids = ids || p.ID != "" && !ev.LocalIDs
		ratings = ratings || p.Rating > 0
		drops = drops || p.DroppedAfter > 0
	}
	for _, l := range []struct {
		what string
		has  bool
	}{{"the players' IDs", ids}, {"their ratings", ratings}, {"their drops", drops}} {
		if l.has {
			lost = append(lost, l.what)
		}
	}
	if ev.Name != "" {
		lost = append(lost, "the event's name")
	}
	if ev.PlannedRounds > 0 {
		lost = append(lost, "the rounds it plans")
	}
	if len(lost) > 0 {
		opt.Warnf("a CSV match list holds the matches only; lost: %s (an .xlsx keeps them, or read it back with --players)", strings.Join(lost, ", "))
	}
}

// shortNames lists names, the first three and a count of the others.
func shortNames(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
}

// plural is one or many as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
