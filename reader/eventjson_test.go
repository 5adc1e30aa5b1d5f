package reader

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// evjDoc is an event JSON as convert writes it, pretty-printed, with what replaces its
// round 1 (the matches).
func evjDoc(matches string) string {
	return `{
  "name": "Friday", "date": "2026-03-13", "source": "results.xlsx", "format": "xlsx",
  "system": "mtg", "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3},
  "tiebreaks": [], "planned_rounds": 3, "teams": false, "pod": "",
  "players": [
    {"id": "A1", "name": "Alice", "dropped_after": null, "disqualified": false, "rating": null, "members": []},
    {"id": "B2", "name": "Bob", "dropped_after": 1, "disqualified": false, "rating": 1800, "members": []},
    {"id": "C3", "name": "Carol", "dropped_after": null, "disqualified": false, "rating": null, "members": []}
  ],
  "rounds": [
    {"number": 1, "playoff": false, "matches": [
` + matches + `
    ]}
  ],
  "pods": [], "notes": ["an earlier note"]
}
`
}

const evjMatches = `      {"table": 1, "p1": 0, "p2": 1, "result": "win", "games": {"p1": 2, "p2": 1, "drawn": 0}, "score": null, "color": "white"},
      {"table": null, "p1": 2, "p2": null, "result": "bye", "games": null, "score": null, "color": null}`

// TestEventJSON: the event JSON is detected, read back to the model it was written from,
// and its mistakes are placed by line, column and JSON path.
func TestEventJSON(t *testing.T) {
	data := []byte(evjDoc(evjMatches))
	f, err := Detect(data, "event.json")
	if err != nil || f.ID != "event-json" {
		t.Fatalf("detected %v, %v", f, err)
	}
	ev, err := readEventJSON(data, "event.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := ev.Rounds[0].Matches
	switch {
	case ev.Name != "Friday" || ev.System != "mtg" || ev.Points == nil || ev.Points.Win.Floor() != 3 || ev.PlannedRounds != 3:
		t.Errorf("event %+v", ev)
	case len(ev.Players) != 3 || ev.Players[1].ID != "B2" || ev.Players[1].DroppedAfter != 1 || ev.Players[1].Rating != 1800:
		t.Errorf("players %+v", ev.Players)
	case len(m) != 2 || m[0].Result != tbsheet.Win || !m[0].Games.Known || m[0].Games.P1 != 2 || m[0].Color != tbsheet.White || m[0].Table != 1:
		t.Errorf("match %+v", m[0])
	case m[1].Result != tbsheet.Bye || m[1].P2 != tbsheet.NoPlayer || m[1].Games.Known:
		t.Errorf("bye %+v", m[1])
	case ev.Source != "event.json" || len(ev.Notes) != 1:
		t.Errorf("source %q, notes %q", ev.Source, en(ev.Notes))
	}

	tests := []struct {
		name, matches, want string
	}{
		{"unknown result", strings.Replace(evjMatches, `"win"`, `"won"`, 1),
			`event.json:12:48: "won" is not a result id (win, loss, draw,`},
		{"player out of range", strings.Replace(evjMatches, `"p2": 1`, `"p2": 7`, 1),
			`event.json:12:35: 7 is not a player's index in "players" (0 to 2)`},
		{"colour", strings.Replace(evjMatches, `"white"`, `"red"`, 1), `event.json:12:120: colour "red": white, black or null`},
		{"games", strings.Replace(evjMatches, `"p1": 2,`, `"p1": -2,`, 1), `event.json:12:71: -2 is not a whole number from 0 to`},
		{"inconsistent", strings.Replace(evjMatches, `"p2": 1`, `"p2": 0`, 1), `event.json:12:7: player "Alice" is paired against themselves`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readEventJSON([]byte(evjDoc(tt.matches)), "event.json", Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want %q…", err, tt.want)
			}
		})
	}
}

func FuzzEventJSON(f *testing.F) {
	fuzzSeeds(f, nil, evjDoc(evjMatches), `{"players":[],"rounds":[],"pods":[{"players":[{"name":"A"}],"rounds":[{"number":1,"matches":[{"p1":0,"result":"bye"}]}]}]}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		sniffEventJSON(data, "f.json")
		ev, err := readEventJSON(data, "f.json", Options{})
		checkRead(t, "f.json", ev, err)
	})
}

// TestEventJSONLocalIDs: an event whose ids number its players only (a TRF's start ranks)
// says so in its JSON, so that tbsheet season reading it back matches them by name; a file
// without the key (written before it) reads as ids that name people.
func TestEventJSONLocalIDs(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		want bool
	}{
		{evjDoc(""), false},
		{strings.Replace(evjDoc(""), `"teams": false,`, `"teams": false, "local_ids": true,`, 1), true},
		{strings.Replace(evjDoc(""), `"teams": false,`, `"teams": false, "local_ids": false,`, 1), false},
	} {
		ev, err := ReadBytes([]byte(tt.doc), "e.json", "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ev.LocalIDs != tt.want {
			t.Errorf("LocalIDs %v, want %v", ev.LocalIDs, tt.want)
		}
	}
	trf, err := Read("../testdata/trf/lakeside-open-2025.trf", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !trf.LocalIDs {
		t.Error("a TRF's start ranks are not local ids")
	}
	data, err := resultfile.Results.Render("e.json", trf, writer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ReadBytes(data, "e.json", "", Options{}); err != nil || !back.LocalIDs {
		t.Errorf("a TRF converted to JSON and read back: local ids %v (%v)", back != nil && back.LocalIDs, err)
	}
}

// TestEventJSONChess: a TRF converted to the event JSON keeps its players' registrations, the
// full-point byes apart from the pairing-allocated ones, and whether it is a round robin.
func TestEventJSONChess(t *testing.T) {
	ev, err := Read("../testdata/trf/lakeside-open-2025.trf", "trf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	ev.RoundRobin = true // as a round robin's TRF would say
	var buf strings.Builder
	if err := resultfile.WriteEventJSON(&buf, ev); err != nil {
		t.Fatal(err)
	}
	back, err := readEventJSON([]byte(buf.String()), "event.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !back.RoundRobin {
		t.Error("the round robin is lost")
	}
	for i, p := range ev.Players {
		q := back.Players[i]
		if q.Sex != p.Sex || q.Title != p.Title || q.Federation != p.Federation || q.FIDEID != p.FIDEID || q.Birth != p.Birth {
			t.Errorf("player %s: %+v, want %+v", p.ID, q, p)
		}
	}
	full := 0
	for r, rd := range ev.Rounds {
		for m, x := range rd.Matches {
			if back.Rounds[r].Matches[m].FullPointBye != x.FullPointBye {
				t.Errorf("round %d match %d: full-point bye %v", rd.Number, m, !x.FullPointBye)
			}
			if x.FullPointBye {
				full++
			}
		}
	}
	if full == 0 {
		t.Error("the fixture has no full-point bye")
	}
	bad := strings.Replace(evjMatches, `"result": "win",`, `"result": "win", "full_point_bye": true,`, 1)
	if _, err := readEventJSON([]byte(evjDoc(bad)), "event.json", Options{}); err == nil || !strings.Contains(err.Error(), "a full-point bye is a bye, not a win") {
		t.Errorf("a won game marked full-point bye: %v", err)
	}
}
