package writer

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

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
// field names and their order, nulls for n/a and for players who did not drop.
func TestWriteJSONSchema(t *testing.T) {
	var b bytes.Buffer
	st := testStandings()
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
	if doc.System != "mtg" || len(doc.Tiebreaks) != 2 || doc.Tiebreaks[0] != "mtg-omw" {
		t.Errorf("system %q, tiebreaks %v", doc.System, doc.Tiebreaks)
	}
	if doc.Event["rounds"] != 3.0 || doc.Event["players"] != 5.0 || doc.Event["source"] != "fnm.xlsx" {
		t.Errorf("event %v", doc.Event)
	}
	if doc.Points["win"] != 3.0 || doc.Points["loss"] != 0.0 {
		t.Errorf("points %v", doc.Points)
	}
	last := doc.Standings[4]
	if last["dropped_after"] != 2.0 || doc.Standings[0]["dropped_after"] != nil {
		t.Errorf("dropped_after: %v, %v", last["dropped_after"], doc.Standings[0]["dropped_after"])
	}
	if v, ok := last["tiebreaks"].(map[string]any)["mtg-gwp"]; !ok || v != nil {
		t.Errorf("n/a tiebreak = %v, %v; want null", v, ok)
	}
	omw := doc.Standings[0]["tiebreaks"].(map[string]any)["mtg-omw"].(float64)
	if want := st.Rows[0].Figures[0].Value.Num.Float64(); omw != want {
		t.Errorf("mtg-omw = %v, want the exact value %v", omw, want)
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
