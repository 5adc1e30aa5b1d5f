package pipeline

import (
	"fmt"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// podCheck is the self-check of one division's standings.
type podCheck struct {
	pod string
	calc.SelfCheck
}

// maxShownDifferences is how many self-check differences one input prints; a count stands
// for the rest (a 9,000-player file must not print 9,000 lines).
const maxShownDifferences = 10

// selfCheckReport turns the self-checks of an input's divisions into what to print: notes
// (what was not compared, and why), and the problems that fail --check: each difference
// once, at most maxShownDifferences of them and a count of the rest, and a check that
// compared nothing. An input without standings of its own prints nothing, and is a problem
// only when the self-check was asked for (strict).
func selfCheckReport(path string, checks []podCheck, strict bool) (notes []string, problems tbsheet.ErrorList) {
	at := tbsheet.Pos{File: path}
	reported, compared := 0, 0
	var diffs []calc.Difference
	for _, c := range checks {
		reported += c.Reported
		compared += c.Compared
		diffs = append(diffs, c.Differences...)
	}
	if reported == 0 {
		if strict {
			problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: the input carries no standings of its own to compare with")
		}
		return nil, problems
	}
	for _, c := range checks {
		for _, n := range c.Notes {
			if len(checks) > 1 {
				n = c.pod + ": " + n
			}
			notes = append(notes, at.String()+": self-check: "+n)
		}
	}
	for i, d := range diffs {
		if i == maxShownDifferences {
			problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: %d more differences not shown", len(diffs)-i)
			break
		}
		problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: %s", d)
	}
	if compared == 0 {
		problems.Addf(at, tbsheet.ErrSelfCheck, "self-check: nothing could be compared, so the input's standings are not confirmed")
	}
	if strict && len(problems) == 0 {
		notes = append(notes, fmt.Sprintf("%s: self-check: the file's own standings agree with tbsheet's (%d players, %d figures compared)",
			at, reported, compared))
	}
	return notes, problems
}
