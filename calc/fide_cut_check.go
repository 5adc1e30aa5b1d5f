package calc

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/tbsheet/tbsheet"
)

// cutModifier matches the id of a FIDE key with a Cut or a Median: fide-bh-c1, fide-bh-m50.
var cutModifier = regexp.MustCompile(`^fide-.+-([cm])(\d+)$`)

// checkCuts refuses, in the ranking order (a key only shown is not checked), a Cut or Median that leaves nothing of a player's results: a Cut-9 of
// a 5-round event, a Median-3 of a 6-round one (it leaves out 3 results at each end), whose
// every value would be 0, once the event has all its planned rounds. The
// error is where the order was given: a usage error for --tiebreaks, the Tiebreaks cell of an
// Event sheet, the record that declares it (a TRF's 202).
func checkCuts(ev *tbsheet.Event, order []*Def, opt Options) error {
	rounds := ev.PlannedRounds
	if rounds == 0 {
		return nil // while an event of unknown length is played, its rounds so far are no limit
	}
	for _, d := range order {
		m := cutModifier.FindStringSubmatch(d.ID)
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			continue // no such key is registered
		}
		what, out := fmt.Sprintf("a Cut-%d", n), n
		if m[1] == "m" {
			what, out = fmt.Sprintf("a Median-%d", n), 2*n
		}
		if out < rounds {
			continue
		}
		msg := fmt.Sprintf("%s (%s): %s leaves out %d results, and a player has at most %d: nothing is left to count",
			d.Short, d.ID, what, out, rounds)
		switch {
		case len(opt.Tiebreaks) > 0:
			return usagef("--tiebreaks %s", msg)
		case len(ev.Tiebreaks) > 0:
			return inputSetting(ev, ev.TiebreaksPos, "Tiebreaks", fmt.Errorf("%s", msg))
		case ev.DeclaredTiebreaks != "":
			at := ev.DeclaredTiebreaksPos
			if at.File == "" {
				at.File = ev.Source
			}
			return tbsheet.Errorf(at, tbsheet.ErrValue, "the tie-breaks %s: %s", ev.DeclaredTiebreaks, msg)
		}
	}
	return nil
}
