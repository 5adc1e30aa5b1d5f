// Package calc computes tiebreakers and ranks players. It does no I/O: it takes a
// [tbsheet.Event] and [Options] and returns [Standings], every figure an exact rational with
// the arithmetic that produced it ([Explanation]).
//
// The definitions follow tbsheet's tiebreaker specification, whose sections the comments cite
// ("docs/tiebreakers.md#decisions-where-the-rules-are-silent": Part A fixes the ids, presets and decisions; Part B gives each
// system's formulas). Each tiebreak is a small documented function registered under its id;
// [Tiebreaks] lists them and [Systems] lists the presets, and docs/tiebreakers.md, the
// organizers' reference, is generated from them (go generate ./internal/cmd/gendocs).
//
// # Speed
//
// [Compute] reads the event once into a compact per-player table, computes each tiebreak in
// a tight loop over it (integer counters, exact fractions summed in int64 arithmetic, no
// maps), runs independent tiebreaks concurrently, and sorts once per key. Ranking 100 000
// players over 15 rounds takes well under a second. Explanations are built separately, from
// terms shared between players; [Options].NoExplain skips them, and [Standings.Explain]
// builds any one on demand.
//
// # Explanations
//
// Every figure's [Expr] evaluates exactly to its value: writers turn it into a spreadsheet
// formula, and a test holds every registered tiebreak to that.
package calc
