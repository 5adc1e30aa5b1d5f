package watch

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
)

// This file holds what watch prints: one line per recompute on Config.Log, every problem of
// a broken save on Config.Errors, decisions on Config.Verbose.

func (w *watcher) clock() string { return w.cfg.Now().Format("15:04:05") }

func (w *watcher) logf(format string, args ...any) {
	fmt.Fprintf(w.cfg.Log, "%s %s\n", w.clock(), fmt.Sprintf(format, args...))
}

func (w *watcher) verbosef(format string, args ...any) {
	fmt.Fprintf(w.cfg.Verbose, "%s %s\n", w.clock(), fmt.Sprintf(format, args...))
}

// started prints what is watched.
func (w *watcher) started() {
	var what []string
	for _, name := range w.cfg.Inputs {
		d := w.dirs[resolve(name)]
		if d == nil || !d.folder {
			what = append(what, name)
			continue
		}
		n := 0
		for _, in := range w.order {
			if filepath.Dir(in.path) == d.path {
				n++
			}
		}
		what = append(what, fmt.Sprintf("%s (%s)", name, plural(n, "results file")))
	}
	how := ""
	if w.cfg.Poll > 0 {
		how = fmt.Sprintf(", checking every %v", w.cfg.Poll)
	}
	w.logf("watching %s%s; press Ctrl-C to stop", strings.Join(what, ", "), how)
}

// succeeded prints the line of a successful run and remembers its top places.
func (w *watcher) succeeded(in *input, hash [32]byte, s Summary) {
	var prev []Entry
	if in.good != nil {
		prev = in.good.Top
	}
	line := summaryLine(s, prev, in.good == nil, w.cfg.TopN)
	if w.multi {
		line = in.name + ": " + line
	}
	w.logf("%s", line)
	// A note is printed once: the saves of a night repeat most of them, and a note printed
	// again on every save buries the new ones.
	shown := map[string]bool{}
	if in.good != nil {
		for _, n := range in.good.Notes {
			shown[n] = true
		}
	}
	same := 0
	for _, n := range s.Notes {
		if shown[n] {
			same++
			continue
		}
		fmt.Fprintf(w.cfg.Log, "  %s\n", tbsheet.Printable(n)) // a note is one line, as the CLI prints it
	}
	if same > 0 {
		fmt.Fprintf(w.cfg.Log, "  (%s as before)\n", plural(same, "note"))
	}
	s.Top = append([]Entry(nil), s.Top[:min(len(s.Top), w.cfg.TopN)]...)
	in.good, in.goodAt = &s, w.cfg.Now()
	in.lastHash, in.lastOK = hash, true
}

// broken prints every problem of a save that produced no standings. headline says what went
// wrong ("" = the number of problems).
func (w *watcher) broken(in *input, hash [32]byte, headline string, err error) {
	errs := tbsheet.Errors(err)
	if headline == "" {
		headline = plural(len(errs), "problem")
	}
	fmt.Fprintf(w.cfg.Errors, "%s %s: %s; %s:\n", w.clock(), in.name, headline, w.kept(in))
	for _, e := range errs {
		fmt.Fprintln(w.cfg.Errors, tbsheet.PrintableMessage(e.Error()))
		if d := e.Detail(); d != "" {
			fmt.Fprintln(w.cfg.Errors, d)
		}
	}
	in.lastHash, in.lastOK = hash, false
	w.tellBroken(in)
}

// tellBroken calls Config.Broken, if any, for an input whose last good outputs stay.
func (w *watcher) tellBroken(in *input) {
	if w.cfg.Broken != nil {
		w.cfg.Broken(in.name)
	}
}

// gone reports an input that stayed missing. A file named on the command line is awaited;
// one found in a folder input is forgotten (it is found again if it comes back).
func (w *watcher) gone(in *input) {
	if !in.explicit {
		w.logf("%s is gone; no longer watched (%s)", in.name, w.kept(in))
		w.forget(in)
		return
	}
	fmt.Fprintf(w.cfg.Errors, "%s %s is gone (deleted or renamed?); %s; waiting for it to be saved again\n",
		w.clock(), in.name, w.kept(in))
	// Whatever comes back is reported, even the same bytes.
	in.lastOK = false
	w.tellBroken(in)
}

// kept says which standings the outputs still show.
func (w *watcher) kept(in *input) string {
	if in.good == nil {
		return "no standings written yet"
	}
	return fmt.Sprintf("the standings of %s (%s) stay", in.goodAt.Format("15:04:05"), roundText(*in.good))
}

// summaryLine is the report of one run: round, players, leader, changes in the top n places
// since the previous good run (first says there was none), files written.
func summaryLine(s Summary, prev []Entry, first bool, n int) string {
	parts := []string{roundText(s), plural(s.Players, "player")}
	if l := leader(s.Top); l != "" {
		parts = append(parts, l)
	}
	switch c := changes(prev, s.Top, n); {
	case first:
		parts = append(parts, "first standings")
	case c == 0:
		parts = append(parts, fmt.Sprintf("no change in the top %d", n))
	default:
		parts = append(parts, fmt.Sprintf("%s in the top %d", plural(c, "change"), n))
	}
	if len(s.Wrote) > 0 {
		parts = append(parts, "wrote "+strings.Join(s.Wrote, ", "))
	}
	return strings.Join(parts, " · ")
}

func roundText(s Summary) string {
	switch {
	case s.Round == 0:
		return "no results yet"
	case s.Rounds > 0:
		return fmt.Sprintf("round %d of %d", s.Round, s.Rounds)
	}
	return fmt.Sprintf("round %d", s.Round)
}

// leader names the first place: "#1 Alice 12 pts", with the players who share it.
func leader(top []Entry) string {
	if len(top) == 0 {
		return ""
	}
	first := top[0]
	shared := 1
	for shared < len(top) && first.Rank > 0 && top[shared].Rank == first.Rank {
		shared++
	}
	names := first.Name
	switch {
	case shared == 2:
		names += " & " + top[1].Name
	case shared > 2:
		names += fmt.Sprintf(" & %d others", shared-1)
	}
	s := "#" + strconv.Itoa(max(first.Rank, 1)) + " " + names
	if first.Points != "" {
		s += " " + first.Points + " pts"
	}
	return s
}

// changes counts the places 1..n whose player differs between two runs; a place that is
// empty in one run and taken in the other counts.
func changes(prev, cur []Entry, n int) int {
	at := func(l []Entry, i int) string {
		if i < len(l) {
			return l[i].key()
		}
		return ""
	}
	c := 0
	for i := range n {
		if at(prev, i) != at(cur, i) {
			c++
		}
	}
	return c
}

// plural spells a count with its noun: "1 player", "128 players".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
