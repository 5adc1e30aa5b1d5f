package scenariosheet

import (
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
	"io"
)

// The scenarios JSON: the fields (round, cut, players with name, id, table, win,
// draw, loss, best, worst; tables), then everything the report knows.
type (
	scenariosJSON struct {
		Event      string               `json:"event"`
		Source     string               `json:"source"`
		System     string               `json:"system"`
		Round      int                  `json:"round"`
		Cut        int                  `json:"cut"`
		Rounds     *int                 `json:"rounds"`
		Exhaustive bool                 `json:"exhaustive"`
		Proved     bool                 `json:"proved"`
		OpenTables int                  `json:"open_tables"`
		Ranked     int                  `json:"ranked"`
		Players    []scenarioPlayerJSON `json:"players"`
		Tables     []scenarioTableJSON  `json:"tables"`
		Outlook    *outlookJSON         `json:"outlook"`
		Notes      []string             `json:"notes"`
	}
	scenarioPlayerJSON struct {
		Name     string         `json:"name"`
		ID       string         `json:"id"`
		Table    *int           `json:"table"`
		Opponent *string        `json:"opponent"`
		Rank     *int           `json:"rank"`
		Points   writer.JSONNum `json:"points"`
		Record   string         `json:"record"`
		// Result is the result already known (a bye, a result entered in the round).
		Result   *string `json:"result"`
		Dropped  bool    `json:"dropped"`
		Win      string  `json:"win"`
		Draw     *string `json:"draw"`
		Loss     string  `json:"loss"`
		Best     *int    `json:"best"`
		Worst    *int    `json:"worst"`
		Proved   bool    `json:"proved"`
		Outcomes struct {
			Win  outcomeJSON `json:"win"`
			Draw outcomeJSON `json:"draw"`
			Loss outcomeJSON `json:"loss"`
		} `json:"outcomes"`
	}
	outcomeJSON struct {
		Verdict   string         `json:"verdict"`
		Proved    bool           `json:"proved"`
		Best      [2]int         `json:"best"`
		Worst     [2]int         `json:"worst"`
		Tables    []int          `json:"tables"`
		Others    bool           `json:"other_tables"`
		Tiebreaks bool           `json:"tiebreaks"`
		Condition *conditionJSON `json:"condition"`
		Text      string         `json:"text,omitempty"`
	}
	conditionJSON struct {
		Unless bool         `json:"unless"`
		Any    [][]termJSON `json:"any"`
	}
	termJSON struct {
		Table   int      `json:"table"`
		Results []string `json:"results"`
	}
	scenarioTableJSON struct {
		Table    int         `json:"table"`
		Player1  string      `json:"player1"`
		Player2  string      `json:"player2"`
		Headline string      `json:"headline"`
		Summary  string      `json:"summary"`
		Outcomes [3][]string `json:"outcomes"`
	}
	outlookJSON struct {
		Round  int         `json:"round"`
		Levels []levelJSON `json:"levels"`
	}
	levelJSON struct {
		Points  writer.JSONNum `json:"points"`
		Records []string       `json:"records"`
		Verdict string         `json:"verdict"`
	}
)

// headlineIDs name the headlines in JSON.
var headlineIDs = map[scenario.Headline]string{
	scenario.NoHeadline: "", scenario.BothIn: "both-in", scenario.NeitherIn: "neither-in",
	scenario.SafeToDraw: "safe-to-draw", scenario.DrawSplits: "draw-splits", scenario.WinnerIn: "winner-in",
}

// WriteJSON writes a scenarios report as an indented JSON document. Every player of
// the round is listed (dropped players included, with no place); "win", "draw" and "loss"
// are "in", "out" or "depends", the same for all three when the result is already known (a
// bye). "best" and "worst" are the best and worst places; when a place is not known exactly,
// "proved" is false and each outcome's [from, to] range holds it. Texts are in English.
func WriteJSON(w io.Writer, rep *scenario.Report) error {
	s := scenarioWords{rep, "en"}
	doc := scenariosJSON{Event: rep.Event.Name, Source: rep.Event.Source, Round: rep.Round, Cut: rep.Cut,
		Exhaustive: rep.Exhaustive, Proved: rep.Proved(), OpenTables: len(rep.Tables), Ranked: rep.Ranked,
		Players: []scenarioPlayerJSON{}, Tables: []scenarioTableJSON{}, Notes: s.notes()}
	if doc.Notes == nil {
		doc.Notes = []string{}
	}
	if rep.Before.System != nil {
		doc.System = rep.Before.System.Name
	}
	if rep.Rounds > 0 {
		doc.Rounds = &rep.Rounds
	}
	for i := range rep.Players {
		pl := &rep.Players[i]
		p := rep.Event.Players[pl.Player]
		j := scenarioPlayerJSON{Name: p.Name, ID: p.ID, Points: writer.JSONNum(pl.Points), Dropped: pl.Dropped,
			Record: s.record([3]int{pl.Wins, pl.Losses, pl.Draws}), Proved: true}
		if pl.Table > 0 {
			j.Table = &pl.Table
		}
		if pl.Opponent >= 0 {
			j.Opponent = &rep.Event.Players[pl.Opponent].ID
		}
		if pl.Rank > 0 {
			j.Rank = &pl.Rank
		}
		if !pl.Open() {
			r := pl.Fixed.String()
			j.Result = &r
		}
		out := [3]*outcomeJSON{&j.Outcomes.Win, &j.Outcomes.Draw, &j.Outcomes.Loss}
		for r, o := range pl.Outcomes {
			*out[r] = s.outcomeJSON(o)
			j.Proved = j.Proved && o.Proved
		}
		j.Win, j.Loss = pl.Outcomes[scenario.Win].Verdict.String(), pl.Outcomes[scenario.Loss].Verdict.String()
		draw := pl.Outcomes[scenario.Draw].Verdict.String()
		j.Draw = &draw
		if !pl.Dropped {
			best, worst := pl.Best(), pl.Worst()
			j.Best, j.Worst = &best.Lo, &worst.Hi
			j.Proved = j.Proved && best.Exact() && worst.Exact()
		}
		doc.Players = append(doc.Players, j)
	}
	for _, t := range rep.Tables {
		h, _ := rep.Headline(t)
		tj := scenarioTableJSON{Table: t.Number, Player1: rep.Event.Players[rep.Players[t.P1].Player].ID,
			Player2: rep.Event.Players[rep.Players[t.P2].Player].ID, Headline: headlineIDs[h], Summary: s.table(t)}
		for _, r := range scenario.Results {
			v1, v2 := rep.Verdicts(t, r)
			tj.Outcomes[r] = []string{v1.String(), v2.String()}
		}
		doc.Tables = append(doc.Tables, tj)
	}
	if o := rep.Outlook; o != nil {
		oj := &outlookJSON{Round: o.Round, Levels: []levelJSON{}}
		for _, lv := range o.Levels {
			l := levelJSON{Points: writer.JSONNum(lv.Points), Verdict: lv.Verdict.String()}
			for _, r := range lv.Records {
				l.Records = append(l.Records, s.record(r))
			}
			oj.Levels = append(oj.Levels, l)
		}
		doc.Outlook = oj
	}
	return writer.EncodeJSON(w, doc)
}

// outcomeJSON is one outcome in JSON, with its explanation in English for a Depends.
func (s scenarioWords) outcomeJSON(o scenario.Outcome) outcomeJSON {
	j := outcomeJSON{Verdict: o.Verdict.String(), Proved: o.Proved, Best: [2]int{o.Best.Lo, o.Best.Hi},
		Worst: [2]int{o.Worst.Lo, o.Worst.Hi}, Tables: o.Tables, Others: o.Others, Tiebreaks: o.Tiebreaks}
	if j.Tables == nil {
		j.Tables = []int{}
	}
	if c := o.Condition; c != nil {
		cj := &conditionJSON{Unless: c.Unless}
		for _, terms := range c.Any {
			var ts []termJSON
			for _, t := range terms {
				tj := termJSON{Table: t.Table}
				for _, r := range t.Results {
					tj.Results = append(tj.Results, r.String())
				}
				ts = append(ts, tj)
			}
			cj.Any = append(cj.Any, ts)
		}
		j.Condition = cj
	}
	if o.Verdict == scenario.Depends && o.Best.Lo > 0 {
		j.Text = s.detail(o)
	}
	return j
}
