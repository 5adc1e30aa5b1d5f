// Package calc computes tiebreakers and ranks players. It does no I/O: it takes a
// [tbsheet.Event] and [Options] and returns [Standings], every figure an exact rational with
// the arithmetic that produced it ([Explanation]).
//
// The definitions follow ../shared/spec/tiebreakers.md: Part A fixes the ids, presets and
// decisions; Part B gives each system's formulas. Each tiebreak is a small documented function
// registered under its id; [Tiebreaks] lists them and [Systems] lists the presets.
package calc
