package resultfile

import (
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
)

// The event JSON that `tbsheet convert in -o out.json` writes: the normalized model, for
// scripts and for archiving results independently of the tool that recorded them. Every key
// is always present (null when a value is unknown); new keys may be added, none renamed.
//
//	{
//	  "name": "…", "date": "2026-05-18", "source": "results.xlsx", "format": "xlsx",
//	  "system": "mtg",                      // "" when the input implies none
//	  "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3},   // null: the input sets none
//	  "tiebreaks": ["mtg-omw", …],          // the input's own order, [] when none
//	  "planned_rounds": 5,                  // 0 when unknown
//	  "teams": false,
//	  "local_ids": false,                   // the ids number the players of this event only (TRF, Challonge)
//	  "pod": "",                            // a division's name inside a multi-pod file
//	  "players": [{"id": "…", "name": "…", "dropped_after": null, "disqualified": false,
//	               "rating": null, "members": []}],
//	  "rounds": [{"number": 1, "playoff": false, "matches": [
//	    {"table": 3, "p1": 0, "p2": 4, "result": "win",
//	     "games": {"p1": 2, "p2": 1, "drawn": 0}, "score": null, "color": null}]}],
//	  "pods": [],                           // the divisions, each an event of this shape
//	  "notes": []
//	}
//
// p1 and p2 index "players" (0-based); p2 is null for results without an opponent (byes).
// "result" is tbsheet's result id from P1's side (win, loss, draw, id, double-loss,
// forfeit-win, forfeit-loss, double-forfeit, bye, half-bye, zero-bye, loss-no-opponent,
// unreported). "games" and "score" are from P1's side and null when the input gave none;
// "color" is P1's colour ("white", "black") or null. "table" is null when unknown.
type (
	eventJSON struct {
		Name          string             `json:"name"`
		Date          string             `json:"date"`
		Source        string             `json:"source"`
		Format        string             `json:"format"`
		System        string             `json:"system"`
		Points        *writer.PointsJSON `json:"points"`
		Tiebreaks     []string           `json:"tiebreaks"`
		PlannedRounds int                `json:"planned_rounds"`
		RoundRobin    bool               `json:"round_robin,omitempty"`
		Teams         bool               `json:"teams"`
		LocalIDs      bool               `json:"local_ids"`
		Pod           string             `json:"pod"`
		Players       []playerJSON       `json:"players"`
		Rounds        []roundJSON        `json:"rounds"`
		Pods          []*eventJSON       `json:"pods"`
		Notes         []string           `json:"notes"`
	}
	playerJSON struct {
		ID           string   `json:"id"`
		Name         string   `json:"name"`
		DroppedAfter *int     `json:"dropped_after"`
		Disqualified bool     `json:"disqualified"`
		Rating       *int     `json:"rating"`
		Members      []string `json:"members"`
		// A chess player's registration, when the input has it (a TRF).
		Sex        string `json:"sex,omitempty"`
		Title      string `json:"title,omitempty"`
		Federation string `json:"federation,omitempty"`
		FIDEID     string `json:"fide_id,omitempty"`
		Birth      string `json:"birth,omitempty"`
	}
	roundJSON struct {
		Number  int         `json:"number"`
		Playoff bool        `json:"playoff"`
		Matches []matchJSON `json:"matches"`
	}
	matchJSON struct {
		Table  *int              `json:"table"`
		P1     int               `json:"p1"`
		P2     *int              `json:"p2"`
		Result string            `json:"result"`
		Games  *writer.GamesJSON `json:"games"`
		Score  *scoreJSON        `json:"score"`
		Color  *string           `json:"color"`
		// FullPointBye marks a bye given before pairing (a TRF "F").
		FullPointBye bool `json:"full_point_bye,omitempty"`
	}
	scoreJSON struct {
		P1 writer.JSONNum `json:"p1"`
		P2 writer.JSONNum `json:"p2"`
	}
)

// WriteEventJSON writes an event's results as the event JSON documented above.
func WriteEventJSON(w io.Writer, ev *tbsheet.Event) error {
	return writer.EncodeJSON(w, eventDoc(ev))
}

func eventDoc(ev *tbsheet.Event) *eventJSON {
	doc := &eventJSON{
		Name: ev.Name, Date: ev.Date, Source: ev.Source, Format: ev.Format, System: ev.System,
		Tiebreaks: append([]string{}, writer.EventTiebreaks(ev)...), PlannedRounds: ev.PlannedRounds, RoundRobin: ev.RoundRobin,
		Teams: ev.Teams, LocalIDs: ev.LocalIDs, Pod: ev.Pod, Players: []playerJSON{}, Rounds: []roundJSON{},
		Pods: []*eventJSON{}, Notes: append([]string{}, i18n.Lang("en").Notes(ev.Notes)...),
	}
	if p := ev.Points; p != nil {
		doc.Points = &writer.PointsJSON{Win: writer.JSONNum(p.Win), Draw: writer.JSONNum(p.Draw), Loss: writer.JSONNum(p.Loss), Bye: writer.JSONNum(p.Bye)}
	}
	for _, p := range ev.Players {
		doc.Players = append(doc.Players, playerJSON{
			ID: p.ID, Name: p.Name, DroppedAfter: optional(p.DroppedAfter), Disqualified: p.Disqualified,
			Rating: optional(p.Rating), Members: append([]string{}, p.Members...),
			Sex: p.Sex, Title: p.Title, Federation: p.Federation, FIDEID: p.FIDEID, Birth: p.Birth,
		})
	}
	for _, r := range ev.Rounds {
		rj := roundJSON{Number: r.Number, Playoff: r.Playoff, Matches: []matchJSON{}}
		for _, m := range r.Matches {
			mj := matchJSON{Table: optional(m.Table), P1: m.P1, Result: m.Result.String(), FullPointBye: m.FullPointBye}
			if m.P2 != tbsheet.NoPlayer {
				p2 := m.P2
				mj.P2 = &p2
			}
			if m.Games.Known {
				mj.Games = &writer.GamesJSON{P1: m.Games.P1, P2: m.Games.P2, Drawn: m.Games.Drawn}
			}
			if m.Score.Known {
				mj.Score = &scoreJSON{P1: writer.JSONNum(m.Score.P1), P2: writer.JSONNum(m.Score.P2)}
			}
			switch m.Color {
			case tbsheet.White:
				c := "white"
				mj.Color = &c
			case tbsheet.Black:
				c := "black"
				mj.Color = &c
			}
			rj.Matches = append(rj.Matches, mj)
		}
		doc.Rounds = append(doc.Rounds, rj)
	}
	for _, pod := range ev.Pods {
		doc.Pods = append(doc.Pods, eventDoc(pod))
	}
	return doc
}

// optional returns &n, or nil (JSON null) when n is not positive.
func optional(n int) *int {
	if n > 0 {
		return &n
	}
	return nil
}
