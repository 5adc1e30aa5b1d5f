package scenario

// Verdicts returns what the table ending with its Player 1's result r means for its two
// players: Player 1's verdict, then Player 2's.
func (r *Report) Verdicts(t Table, res Result) (Verdict, Verdict) {
	return r.Players[t.P1].Outcomes[res].Verdict, r.Players[t.P2].Outcomes[res.Mirror()].Verdict
}

// Headline is the one thing a judge reads out first about a table.
type Headline uint8

const (
	// NoHeadline: the table's outcomes are read out one by one.
	NoHeadline Headline = iota
	// BothIn: both players are in whatever the result.
	BothIn
	// NeitherIn: neither can make the cut.
	NeitherIn
	// SafeToDraw: a draw puts both in (and the winner of a played match too, or not:
	// the outcomes say).
	SafeToDraw
	// DrawSplits: a draw puts the first-named player in and the other out.
	DrawSplits
	// WinnerIn: the winner is in, whoever wins; a draw does not put both in.
	WinnerIn
)

// Headline sums a table up. first is the player (Report.Players index) a DrawSplits
// headline names first: the one a draw puts in.
func (r *Report) Headline(t Table) (h Headline, first int) {
	var v [3][2]Verdict
	for _, res := range Results {
		v[res][0], v[res][1] = r.Verdicts(t, res)
	}
	all := func(want Verdict) bool {
		for _, pair := range v {
			if pair[0] != want || pair[1] != want {
				return false
			}
		}
		return true
	}
	d := v[Draw]
	switch {
	case all(In):
		return BothIn, t.P1
	case all(Out):
		return NeitherIn, t.P1
	case d == [2]Verdict{In, In}:
		return SafeToDraw, t.P1
	case d == [2]Verdict{In, Out}:
		return DrawSplits, t.P1
	case d == [2]Verdict{Out, In}:
		return DrawSplits, t.P2
	case v[Win][0] == In && v[Loss][1] == In:
		return WinnerIn, t.P1
	}
	return NoHeadline, t.P1
}
