package seasontable

import (
	"encoding/json"
	"io"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer"
)

// The season's JSON, which docs/season.md documents. Every key is always present; new keys
// may be added, none renamed. Points are exact values as the nearest float64 (integers as
// integers).
type (
	seasonJSON struct {
		Season    string            `json:"season"`
		Events    []seasonEventJSON `json:"season_events"`
		Rules     seasonRulesJSON   `json:"rules"`
		Standings []seasonRowJSON   `json:"standings"`
	}
	seasonEventJSON struct {
		Event      string         `json:"event"`
		Date       string         `json:"date"`
		Source     string         `json:"source"`
		Players    int            `json:"players"`
		Multiplier writer.JSONNum `json:"multiplier"`
	}
	seasonRulesJSON struct {
		Places  []writer.JSONNum `json:"places"`
		Tiers   []seasonTierJSON `json:"tiers"`
		PerWin  writer.JSONNum   `json:"per_win"`
		PerDraw writer.JSONNum   `json:"per_draw"`
		Attend  writer.JSONNum   `json:"attend"`
		Best    int              `json:"best"`
		Ties    []string         `json:"ties"`
	}
	seasonTierJSON struct {
		Min    int              `json:"min"`
		Max    *int             `json:"max"`
		Places []writer.JSONNum `json:"places"`
	}
	seasonRowJSON struct {
		Rank   int                `json:"rank"`
		Name   string             `json:"name"`
		ID     *string            `json:"id"`
		Points writer.JSONNum     `json:"points"`
		H2H    *int               `json:"head_to_head"`
		Events []seasonResultJSON `json:"events"`
	}
	seasonResultJSON struct {
		Event   string         `json:"event"`
		Place   int            `json:"place"`
		Points  writer.JSONNum `json:"points"`
		Counted bool           `json:"counted"`
	}
)

// WriteJSON writes a season's table as JSON, indented by two spaces: each player's
// rank, name, ID (null when matched by name), points, head-to-head (null when the tiebreak
// did not look at him) and the events he played, each with his place, its points
// (multiplier applied) and whether they count.
func WriteJSON(w io.Writer, s *season.Standings) error {
	nums := func(v []exact.Num) []writer.JSONNum {
		out := make([]writer.JSONNum, len(v))
		for i, x := range v {
			out[i] = writer.JSONNum(x)
		}
		return out
	}
	r := s.Rules
	doc := seasonJSON{Season: s.Name, Events: []seasonEventJSON{}, Standings: []seasonRowJSON{},
		Rules: seasonRulesJSON{Places: nums(r.Places), Tiers: []seasonTierJSON{}, PerWin: writer.JSONNum(r.PerWin),
			PerDraw: writer.JSONNum(r.PerDraw), Attend: writer.JSONNum(r.Attend), Best: r.Best, Ties: r.Ties}}
	for _, ev := range s.Events {
		m := ev.Multiplier
		if m.Sign() == 0 {
			m = exact.Int(1)
		}
		doc.Events = append(doc.Events, seasonEventJSON{Event: ev.Name, Date: ev.Standings.Event.Date,
			Source: ev.Standings.Event.Source, Players: len(ev.Standings.Rows), Multiplier: writer.JSONNum(m)})
	}
	for _, t := range r.Tiers {
		tj := seasonTierJSON{Min: t.Min, Places: nums(t.Places)}
		if t.Max > 0 {
			tj.Max = &t.Max
		}
		doc.Rules.Tiers = append(doc.Rules.Tiers, tj)
	}
	for _, row := range s.Rows {
		p := &s.Players[row.Player]
		rj := seasonRowJSON{Rank: row.Rank, Name: p.Name, Points: writer.JSONNum(row.Points), H2H: row.HeadToHead, Events: []seasonResultJSON{}}
		if p.ID != "" {
			rj.ID = &p.ID
		}
		for _, x := range row.Results {
			rj.Events = append(rj.Events, seasonResultJSON{Event: s.Events[x.Event].Name, Place: x.Place,
				Points: writer.JSONNum(x.Points), Counted: x.Counted})
		}
		doc.Standings = append(doc.Standings, rj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}
