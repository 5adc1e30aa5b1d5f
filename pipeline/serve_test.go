package pipeline

import (
	"context"
	"os"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/serve"
)

// TestServeRun: what the pages show of a save, published only on commit: the round being
// played and, with a cut, its scenarios; none when every paired round has its results.
func TestServeRun(t *testing.T) {
	tests := []struct {
		input               string
		cut                 int
		pairings, scenarios bool
	}{
		{input: "scenarios-rcq.xlsx", cut: 8, pairings: true, scenarios: true},
		{input: "scenarios-rcq.xlsx", pairings: true},
		{input: "f1.csv", cut: 8},
	}
	for _, tt := range tests {
		data, err := os.ReadFile("../samples/" + tt.input)
		if err != nil {
			t.Fatal(err)
		}
		var published *serve.Snapshot
		s := &Serve{Job: &Job{}, ScenarioOpt: scenario.Options{Cut: tt.cut, Calc: calc.Options{NoExplain: true}},
			Warn: func([]string) {}, Publish: func(snap *serve.Snapshot) { published = snap }}
		p, err := s.Run(context.Background(), tt.input, data)
		if err != nil {
			t.Fatalf("%s: %v", tt.input, err)
		}
		if published != nil {
			t.Fatalf("%s: published before the commit", tt.input)
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
		if published == nil || len(published.Divisions) != 1 || published.At.IsZero() {
			t.Fatalf("%s: published %+v", tt.input, published)
		}
		d := published.Divisions[0]
		if (d.Pairings != nil) != tt.pairings || (d.Scenarios != nil) != tt.scenarios || d.Standings == nil {
			t.Errorf("%s, cut %d: pairings %v, scenarios %v; want %v, %v", tt.input, tt.cut, d.Pairings != nil, d.Scenarios != nil, tt.pairings, tt.scenarios)
		}
	}
}
