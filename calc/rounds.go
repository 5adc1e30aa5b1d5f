package calc

import (
	"math/bits"

	"github.com/tbsheet/tbsheet/i18n"
)

// RoundPlan is one source's recommendation for a number of players (tbsheet rounds N).
type RoundPlan struct {
	// Source names the game and its table ("Magic (MTR App. E, Nov 2025)").
	Source string
	// Known is false when the table has no row for that many players (Note says why).
	Known bool
	// Swiss is the number of Swiss rounds (0: none).
	Swiss int
	// TopCut is the number of players in the single-elimination cut after Swiss (0: none).
	TopCut int
	// Elimination is the number of single-elimination rounds played instead of Swiss
	// (MTR's 5–8 players); 0 otherwise.
	Elimination int
	// Note qualifies the row ("4 rounds + Top 8 if Limited with a draft playoff"), or says
	// why the table has no row.
	Note i18n.Note
}

// Words says the plan as "5 rounds + Top 8", "3 rounds, no cut", "3 single-elimination
// rounds, no Swiss", with its note after it, or the note alone when the table has no row.
func (r RoundPlan) Words() i18n.Note {
	var plan i18n.Note
	switch {
	case !r.Known:
		return r.Note
	case r.Elimination > 0:
		plan = i18n.N("plan.elim", r.Elimination)
	case r.TopCut > 0:
		plan = i18n.N("plan.cut", r.Swiss, r.TopCut)
	default:
		plan = i18n.N("plan.swiss", r.Swiss)
	}
	if r.Note.IsZero() {
		return plan
	}
	return i18n.N("plan.noted", plan, r.Note)
}

// roundRow is one row of a round table: events of up to upTo players (0: no upper bound).
type roundRow struct {
	upTo, swiss, cut, elim int
	note                   string // the catalogue's key of its note
}

// roundTable is a source's table for events of from players or more, rows ascending.
type roundTable struct {
	source string
	from   int
	rows   []roundRow
	note   string // the catalogue's key of the note always shown
}

// The tables of each game's rules: MTR Appendix E and the Yu-Gi-Oh! policy v2.5.
var roundTables = []roundTable{
	{source: "Magic (MTR App. E, Nov 2025)", from: 4, note: "plan.note.mtg-byes", rows: []roundRow{
		{upTo: 4, elim: 2, note: "plan.note.mtg-teams"},
		{upTo: 8, elim: 3},
		{upTo: 16, swiss: 5, cut: 4, note: "plan.note.mtg-limited"},
		{upTo: 32, swiss: 5, cut: 8}, {upTo: 64, swiss: 6, cut: 8}, {upTo: 128, swiss: 7, cut: 8},
		{upTo: 226, swiss: 8, cut: 8}, {upTo: 409, swiss: 9, cut: 8}, {swiss: 10, cut: 8},
	}},
	{source: "Yu-Gi-Oh! (policy v2.5, Tier 1-2)", from: 4, note: "plan.note.ygo-cap", rows: []roundRow{
		{upTo: 8, swiss: 3}, {upTo: 16, swiss: 4, cut: 4}, {upTo: 32, swiss: 5, cut: 4},
		{upTo: 64, swiss: 6, cut: 8}, {upTo: 128, swiss: 7, cut: 8}, {upTo: 256, swiss: 8, cut: 8},
		{upTo: 512, swiss: 9, cut: 8}, {upTo: 1024, swiss: 10, cut: 8}, {upTo: 2048, swiss: 11, cut: 8},
		{swiss: 12},
	}},
}

// RecommendRounds returns, side by side, what each source recommends for that many players
// (docs/tiebreakers.md, "tbsheet rounds"): Magic's table (MTR Appendix E), Yu-Gi-Oh!'s
// (policy v2.5), and Challonge's minimum ceil(log2 N). A table of unknown source that the
// first seed documents is left out: organizers follow their game's own.
func RecommendRounds(players int) []RoundPlan {
	var out []RoundPlan
	for _, t := range roundTables {
		plan := RoundPlan{Source: t.source}
		if players < t.from {
			plan.Note = i18n.N("plan.starts-at", t.from)
			out = append(out, plan)
			continue
		}
		for _, r := range t.rows {
			if r.upTo == 0 || players <= r.upTo {
				plan = RoundPlan{Source: t.source, Known: true, Swiss: r.swiss, TopCut: r.cut, Elimination: r.elim}
				if r.note != "" {
					plan.Note = i18n.N(r.note)
				}
				break
			}
		}
		if t.note != "" {
			plan.Note = i18n.Join("sep.notes", plan.Note, i18n.N(t.note))
		}
		out = append(out, plan)
	}
	log := RoundPlan{Source: "Challonge (its minimum, ceil(log2 N))", Known: players >= 2, Swiss: ceilLog2(players)}
	if !log.Known {
		log.Note = i18n.N("plan.min-players")
	}
	return append(out, log)
}

// ceilLog2 returns the smallest k with 2^k ≥ n (0 for n ≤ 1).
func ceilLog2(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}
