package writer

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

func init() {
	registerStandings(".json", func(w io.Writer, st *calc.Standings, _ Options) error {
		return WriteJSON(w, st)
	})
}

// The standings JSON, field for field as cli.md "Standings JSON" specifies it.
type (
	standingsJSON struct {
		Event     eventSummaryJSON `json:"event"`
		System    string           `json:"system"`
		Points    pointsJSON       `json:"points"`
		Tiebreaks []string         `json:"tiebreaks"`
		Standings []rowJSON        `json:"standings"`
	}
	eventSummaryJSON struct {
		Name    string `json:"name"`
		Source  string `json:"source"`
		Format  string `json:"format"`
		Rounds  int    `json:"rounds"`
		Players int    `json:"players"`
	}
	pointsJSON struct {
		Win  jsonNum `json:"win"`
		Draw jsonNum `json:"draw"`
		Loss jsonNum `json:"loss"`
		Bye  jsonNum `json:"bye"`
	}
	rowJSON struct {
		Rank         int         `json:"rank"`
		Name         string      `json:"name"`
		ID           string      `json:"id"`
		Points       jsonNum     `json:"points"`
		Wins         int         `json:"wins"`
		Losses       int         `json:"losses"`
		Draws        int         `json:"draws"`
		Byes         int         `json:"byes"`
		DroppedAfter *int        `json:"dropped_after"`
		Tiebreaks    orderedJSON `json:"tiebreaks"`
		Explain      orderedJSON `json:"explain"`
	}
)

// WriteJSON writes the standings as the JSON document cli.md "Standings JSON" specifies:
// numbers are the exact values as the nearest float64 (integers as integers), n/a is null,
// "tiebreaks" and "explain" hold every column of the standings (the order, then --show
// extras) in that order. event.rounds is the number of Swiss rounds counted; event.players
// is the number of ranked players (the length of "standings"). The document is indented and
// ends with a newline.
func WriteJSON(w io.Writer, st *calc.Standings) error {
	ev := st.Event
	doc := standingsJSON{
		Event: eventSummaryJSON{Name: ev.Name, Source: ev.Source, Format: ev.Format,
			Rounds: len(st.Rounds), Players: len(st.Rows)},
		Points: pointsJSON{Win: jsonNum(st.Points.Win), Draw: jsonNum(st.Points.Draw),
			Loss: jsonNum(st.Points.Loss), Bye: jsonNum(st.Points.Bye)},
		Tiebreaks: []string{},
		Standings: make([]rowJSON, len(st.Rows)),
	}
	if st.System != nil {
		doc.System = st.System.Name
	}
	for _, d := range st.Order {
		doc.Tiebreaks = append(doc.Tiebreaks, d.ID)
	}
	for i := range st.Rows {
		r := &st.Rows[i]
		p := &ev.Players[r.Player]
		row := rowJSON{Rank: r.Rank, Name: p.Name, ID: p.ID, Points: jsonNum(r.Points),
			Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Byes: r.Byes}
		if r.DroppedAfter > 0 {
			row.DroppedAfter = &r.DroppedAfter
		}
		for j, d := range st.Columns {
			fig := figure(r, j)
			var v any // null for n/a
			if fig.Value.OK {
				v = jsonNum(fig.Value.Num)
			}
			row.Tiebreaks = append(row.Tiebreaks, keyValue{d.ID, v})
			row.Explain = append(row.Explain, keyValue{d.ID, d.Text(fig)})
		}
		doc.Standings[i] = row
	}
	return encodeJSON(w, doc)
}

// encodeJSON writes v indented, without escaping <, > and & (explanations hold "&" rarely,
// arrows and minus signs often; they stay readable).
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// jsonNum is an exact number in JSON: an integer when it is one (kts-number's eight digits
// stay digits), else the nearest float64.
type jsonNum exact.Num

// MarshalJSON implements json.Marshaler.
func (n jsonNum) MarshalJSON() ([]byte, error) {
	x := exact.Num(n)
	f := x.Float64()
	if x.IsInt() && math.Abs(f) < 1<<53 {
		return strconv.AppendInt(nil, x.Floor(), 10), nil
	}
	return json.Marshal(f)
}

// orderedJSON is a JSON object whose keys keep their order (Go maps would sort them).
type orderedJSON []keyValue

type keyValue struct {
	key   string
	value any
}

// MarshalJSON implements json.Marshaler.
func (o orderedJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		for j, v := range []any{kv.key, kv.value} {
			if j > 0 {
				b.WriteByte(':')
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				return nil, err
			}
			b.Write(bytes.TrimRight(buf.Bytes(), "\n"))
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
