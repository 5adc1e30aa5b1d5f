package writer

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/golden"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

func TestWriteJSONGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, writertest.Standings()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "testdata", "writer", "standings.golden.json"), b.String())
}

// TestWriteJSONSchema decodes the output generically and checks the shape docs/json.md gives: the
// field names and their order, every value, nulls for n/a and for players who did not drop.
// It runs on every preset's standings with every tiebreak shown, game tiebreaks n/a.
func TestWriteJSONSchema(t *testing.T) {
	for _, st := range append(writertest.PresetStandings(16, 4, 1, true), writertest.Standings(), finalStandings(), cutStandings()) {
		t.Run(st.System.Name, func(t *testing.T) { checkJSON(t, st) })
	}
}

func checkJSON(t *testing.T, st *calc.Standings) {
	var b bytes.Buffer
	if err := WriteJSON(&b, st); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Event     map[string]any   `json:"event"`
		System    string           `json:"system"`
		Points    map[string]any   `json:"points"`
		Tiebreaks []string         `json:"tiebreaks"`
		TopCut    map[string]any   `json:"top_cut"`
		Standings []map[string]any `json:"standings"`
	}
	dec := json.NewDecoder(bytes.NewReader(b.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, d := range st.Order {
		order = append(order, d.ID)
	}
	if doc.System != st.System.Name || !slices.Equal(doc.Tiebreaks, order) {
		t.Errorf("system %q, tiebreaks %v; want %q, %v", doc.System, doc.Tiebreaks, st.System.Name, order)
	}
	if doc.Event["rounds"] != float64(len(st.Rounds)) || doc.Event["players"] != float64(len(st.Rows)) ||
		doc.Event["source"] != st.Event.Source {
		t.Errorf("event %v", doc.Event)
	}
	if doc.Points["win"] != st.Points.Win.Float64() || doc.Points["loss"] != st.Points.Loss.Float64() {
		t.Errorf("points %v, want %s", doc.Points, st.Points)
	}
	if len(doc.Standings) != len(st.Rows) {
		t.Fatalf("%d standings, want %d", len(doc.Standings), len(st.Rows))
	}
	if cut := st.Cut > 0; cut != (doc.TopCut != nil) || cut && (doc.TopCut["players"] != float64(st.Cut) || doc.TopCut["finished"] != st.Final) {
		t.Errorf("top_cut %v; want %d players, finished %v", doc.TopCut, st.Cut, st.Final)
	}
	nulls := 0
	for i, r := range st.Rows {
		got := doc.Standings[i]
		if want := any(nil); r.DroppedAfter > 0 && got["dropped_after"] != float64(r.DroppedAfter) ||
			r.DroppedAfter == 0 && got["dropped_after"] != want {
			t.Errorf("row %d: dropped_after %v, want %d (null for 0)", i+1, got["dropped_after"], r.DroppedAfter)
		}
		if _, ok := got["finish"]; ok != (st.Cut > 0) {
			t.Errorf("row %d: finish %v in standings whose cut is %d", i+1, got["finish"], st.Cut)
		}
		if st.Cut > 0 && (got["still_in"] != r.StillIn || r.Finish > 0 && got["finish"] != float64(r.Finish) || r.Finish == 0 && got["finish"] != nil) {
			t.Errorf("row %d: finish %v, still_in %v; want %d, %v", i+1, got["finish"], got["still_in"], r.Finish, r.StillIn)
		}
		tbs := got["tiebreaks"].(map[string]any)
		for j, d := range st.Columns {
			v, ok := tbs[d.ID]
			switch fig := figure(&st.Rows[i], j); {
			case !ok:
				t.Errorf("row %d: no %s", i+1, d.ID)
			case !fig.Value.OK:
				nulls++
				if v != nil {
					t.Errorf("row %d: n/a %s = %v, want null", i+1, d.ID, v)
				}
			case v != fig.Value.Num.Float64():
				t.Errorf("row %d: %s = %v, want the exact value %v", i+1, d.ID, v, fig.Value.Num.Float64())
			}
		}
	}
	if st.System.Name == "challonge" && nulls == 0 {
		t.Error("no n/a value: without game counts chl-game-win-pct is n/a")
	}
	// The order of keys is part of the contract.
	wantOrder := []string{`"rank"`, `"name"`, `"id"`, `"points"`, `"wins"`, `"losses"`, `"draws"`, `"byes"`,
		`"dropped_after"`, `"tiebreaks"`, `"explain"`}
	if st.Cut > 0 {
		wantOrder = slices.Insert(wantOrder, 9, `"finish"`, `"still_in"`)
	}
	first := b.Bytes()[bytes.Index(b.Bytes(), []byte(`"standings"`)):]
	at := 0
	for _, k := range wantOrder {
		i := bytes.Index(first[at:], []byte(k))
		if i < 0 {
			t.Fatalf("key %s missing or out of order", k)
		}
		at += i
	}
}

func TestJSONNum(t *testing.T) {
	tests := []struct {
		n    JSONNum
		want string
	}{
		{JSONNum(exact.Int(33726677)), "33726677"},
		{JSONNum(exact.Frac(1, 2)), "0.5"},
		{JSONNum(exact.Frac(341, 600)), "0.5683333333333334"},
		{JSONNum(exact.Int(-3)), "-3"},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.n)
		if err != nil || string(got) != tt.want {
			t.Errorf("%v: %s, %v; want %s", tt.n, got, err, tt.want)
		}
	}
}

// TestWriteJSONAsEncodingJSON holds the streaming writer to the document encoding/json
// writes from the schema's values (jsonReference), byte for byte: every preset with every
// tiebreak shown, names that need escaping, and empty standings.
func TestWriteJSONAsEncodingJSON(t *testing.T) {
	odd := writertest.Standings()
	ev := *odd.Event
	ev.Players = slices.Clone(ev.Players)
	ev.Name = "Quote \" back\\slash <tag> & \u2028\u2029 \x01\x7f \xff tab\tnew\nline"
	ev.Players[odd.Rows[0].Player].Name = "Zoë \"Z\" <b>\u2029\xc3"
	odd.Event = &ev
	empty := *writertest.Standings()
	empty.Rows, empty.Order, empty.Columns = nil, nil, nil
	for _, st := range append(writertest.PresetStandings(24, 5, 1, false), odd, &empty, finalStandings(), cutStandings()) {
		t.Run(st.System.Name, func(t *testing.T) {
			var got, want bytes.Buffer
			if err := WriteJSON(&got, st); err != nil {
				t.Fatal(err)
			}
			if err := EncodeJSON(&want, jsonReference(st)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.String(), want.String()
				i := 0
				for i < min(len(g), len(w)) && g[i] == w[i] {
					i++
				}
				t.Fatalf("differs from encoding/json at byte %d:\n got …%q\nwant …%q", i, g[max(0, i-40):min(len(g), i+40)], w[max(0, i-40):min(len(w), i+40)])
			}
		})
	}
}

// FuzzAppendJSONString holds appendJSONString to encoding/json's quoting without HTML
// escaping, on any bytes.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\x7f", "\u2028\u2029", "\xff\xfe", "<&>", "½ − 3↑",
		"5 × 3", "張偉", "\xe2\x80", "\xe2\x80\xa8x", "\xed\xa0\x80", "\xe0\x80\x80", "\xc0\x80", "\xc3", "\xef\xbf\xbd", "𝄞"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got)+"\n" != want.String() {
			t.Errorf("%q: %s, want %s", s, got, want.String())
		}
		if got := appendJSONString(nil, []byte(s)); string(got)+"\n" != want.String() {
			t.Errorf("%q as bytes: %s, want %s", s, got, want.String())
		}
	})
}

// jsonReference is the standings JSON as values for encoding/json, field for field as
// docs/json.md specifies it: what WriteJSON must write.
func jsonReference(st *calc.Standings) any {
	type (
		eventSummaryJSON struct {
			Name    string `json:"name"`
			Source  string `json:"source"`
			Format  string `json:"format"`
			Rounds  int    `json:"rounds"`
			Players int    `json:"players"`
		}
		rowCutJSON struct {
			Finish  *int `json:"finish"`
			StillIn bool `json:"still_in"`
		}
		rowJSON struct {
			Rank         int         `json:"rank"`
			Name         string      `json:"name"`
			ID           string      `json:"id"`
			Points       JSONNum     `json:"points"`
			Wins         int         `json:"wins"`
			Losses       int         `json:"losses"`
			Draws        int         `json:"draws"`
			Byes         int         `json:"byes"`
			DroppedAfter *int        `json:"dropped_after"`
			*rowCutJSON              // only in standings with a top cut
			Tiebreaks    orderedJSON `json:"tiebreaks"`
			Explain      orderedJSON `json:"explain"`
		}
		topCutJSON struct {
			Players  int  `json:"players"`
			Finished bool `json:"finished"`
		}
		standingsJSON struct {
			Event     eventSummaryJSON `json:"event"`
			System    string           `json:"system"`
			Points    PointsJSON       `json:"points"`
			Tiebreaks []string         `json:"tiebreaks"`
			TopCut    *topCutJSON      `json:"top_cut,omitempty"`
			Standings []rowJSON        `json:"standings"`
		}
	)
	ev := st.Event
	doc := standingsJSON{
		Event: eventSummaryJSON{Name: ev.Name, Source: ev.Source, Format: ev.Format,
			Rounds: len(st.Rounds), Players: len(st.Rows)},
		Points: PointsJSON{Win: JSONNum(st.Points.Win), Draw: JSONNum(st.Points.Draw),
			Loss: JSONNum(st.Points.Loss), Bye: JSONNum(st.Points.Bye)},
		Tiebreaks: []string{},
		Standings: make([]rowJSON, len(st.Rows)),
	}
	if st.System != nil {
		doc.System = st.System.Name
	}
	for _, d := range st.Order {
		doc.Tiebreaks = append(doc.Tiebreaks, d.ID)
	}
	if st.Cut > 0 {
		doc.TopCut = &topCutJSON{Players: st.Cut, Finished: st.Final}
	}
	for i := range st.Rows {
		r := &st.Rows[i]
		p := &ev.Players[r.Player]
		row := rowJSON{Rank: r.Rank, Name: p.Name, ID: p.ID, Points: JSONNum(r.Points),
			Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Byes: r.Byes}
		if r.DroppedAfter > 0 {
			row.DroppedAfter = &r.DroppedAfter
		}
		if st.Cut > 0 {
			row.rowCutJSON = &rowCutJSON{StillIn: r.StillIn}
			if r.Finish > 0 {
				row.Finish = &r.Finish
			}
		}
		for j, d := range st.Columns {
			fig := figure(r, j)
			var v any // null for n/a
			if fig.Value.OK {
				v = JSONNum(fig.Value.Num)
			}
			row.Tiebreaks = append(row.Tiebreaks, keyValue{d.ID, v})
			row.Explain = append(row.Explain, keyValue{d.ID, explainText("en", d, fig.Value, fig.Explain)})
		}
		doc.Standings[i] = row
	}
	return doc
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

// TestExplanationsOnDemand: standings computed without explanations (calc.Options.NoExplain,
// as the command line computes them) write the very JSON and workbook explanations that
// standings computed with every explanation do: the writers build each one as they write it.
func TestExplanationsOnDemand(t *testing.T) {
	ev := swissgen.Generate(swissgen.Realistic(40, 6, 3))
	for _, s := range calc.Systems() {
		opt := calc.Options{System: s.Name, Show: []string{"all"}}
		eager := writertest.Compute(ev, opt)
		opt.NoExplain = true
		lazy := writertest.Compute(ev, opt)
		blank := func(e calc.Explanation) bool { return e.Expr == nil && e.Note.IsZero() && e.Terms == nil }
		deferred := 0 // explanations left to the writers
		for i, r := range lazy.Rows {
			for j, f := range r.Figures {
				if blank(f.Explain) && !blank(eager.Rows[i].Figures[j].Explain) {
					deferred++
				}
			}
		}
		if deferred == 0 {
			t.Errorf("%s: NoExplain left no explanation to build on demand", s.Name)
		}
		var a, b bytes.Buffer
		if err := WriteJSON(&a, eager); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&b, lazy); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the JSON differs when explanations are built on demand", s.Name)
		}
		if !reflect.DeepEqual(explainAll(eager, ""), explainAll(lazy, "")) {
			t.Errorf("%s: the workbook's explanations differ when built on demand", s.Name)
		}
	}
}
