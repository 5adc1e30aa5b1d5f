package calc

import (
	"errors"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestCutsThatLeaveNothing: a Cut or Median that leaves out as many results as a player has
// is an error where the order was given (the flag, the Event sheet's cell, the declaring
// record), not a column of zeros; one that leaves a result is kept.
func TestCutsThatLeaveNothing(t *testing.T) {
	event := func() *tbsheet.Event {
		ev := f1Chess(t) // 3 rounds of 5
		ev.PlannedRounds = 5
		return ev
	}
	declared := event()
	declared.DeclaredTiebreaks = "BH/M50"
	declared.DeclaredTiebreaksPos = tbsheet.Pos{File: "x.trf", Row: 15, Col: 5}
	sheet := event()
	sheet.Tiebreaks = []string{"fide-bh-c5"}
	sheet.TiebreaksPos = tbsheet.Pos{File: "x.xlsx", Sheet: "Event", Row: 4, Col: 2}
	for _, tc := range []struct {
		name  string
		ev    *tbsheet.Event
		opt   Options
		usage bool
		want  string // "" for no error
	}{
		{"flag, cut", event(), Options{System: "fide", Tiebreaks: []string{"fide-bh-c9"}}, true, "a Cut-9 leaves out 9 results, and a player has at most 5"},
		{"flag, median", event(), Options{System: "fide", Tiebreaks: []string{"fide-bh-m3"}}, true, "a Median-3 leaves out 6 results"},
		{"flag, one left", event(), Options{System: "fide", Tiebreaks: []string{"fide-bh-c4", "fide-bh-m2"}}, false, ""},
		{"declared", declared, Options{System: "fide"}, false, "x.trf:15:5: the tie-breaks BH/M50: BH-M50"},
		{"sheet", sheet, Options{System: "fide"}, false, "Tiebreaks: BH-C5 (fide-bh-c5): a Cut-5 leaves out 5 results"},
	} {
		_, err := Compute(tc.ev, tc.opt)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, ErrUsage) != tc.usage):
			t.Errorf("%s: %v, want %q (usage error: %v)", tc.name, err, tc.want, tc.usage)
		}
	}
}
