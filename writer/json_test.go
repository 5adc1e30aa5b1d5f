package writer

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tbsheet/tbsheet/calc"

	"github.com/tbsheet/tbsheet/internal/golden"

	"github.com/tbsheet/tbsheet/exact"
)

func TestWriteJSONGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, testStandings()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "testdata", "writer", "standings.golden.json"), b.String())
}

// TestWriteJSONSchema decodes the output generically and checks the shape cli.md fixes: the
// field names and their order, every value, nulls for n/a and for players who did not drop.
// It runs on every preset's standings with every tiebreak shown, game tiebreaks n/a.
func TestWriteJSONSchema(t *testing.T) {
	for _, st := range append(presetStandings(16, 4, 1, true), testStandings()) {
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
	nulls := 0
	for i, r := range st.Rows {
		got := doc.Standings[i]
		if want := any(nil); r.DroppedAfter > 0 && got["dropped_after"] != float64(r.DroppedAfter) ||
			r.DroppedAfter == 0 && got["dropped_after"] != want {
			t.Errorf("row %d: dropped_after %v, want %d (null for 0)", i+1, got["dropped_after"], r.DroppedAfter)
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
		n    jsonNum
		want string
	}{
		{jsonNum(exact.Int(33726677)), "33726677"},
		{jsonNum(exact.Frac(1, 2)), "0.5"},
		{jsonNum(exact.Frac(341, 600)), "0.5683333333333334"},
		{jsonNum(exact.Int(-3)), "-3"},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.n)
		if err != nil || string(got) != tt.want {
			t.Errorf("%v: %s, %v; want %s", tt.n, got, err, tt.want)
		}
	}
}
