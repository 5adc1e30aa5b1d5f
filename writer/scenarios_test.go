package writer

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/scenario"
)

// testScenarios analyses the last round of testStandings' event (Latin and CJK names, a bye
// in round 2, a drop) as it stood before it was played, for a top 2.
func testScenarios(t *testing.T) *scenario.Report {
	t.Helper()
	rep, err := scenario.Analyze(context.Background(), testStandings().Event,
		scenario.Options{Calc: calc.Options{System: "mtg"}, Cut: 2, Round: 3})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestScenariosPDF renders the scenarios page in every language: no character the fonts
// lack, and the same bytes for the same report.
func TestScenariosPDF(t *testing.T) {
	rep := testScenarios(t)
	for _, lang := range Langs {
		var warnings []string
		opt := Options{Lang: lang, Now: time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC),
			Warn: func(msg string) { warnings = append(warnings, msg) }}
		var a, b bytes.Buffer
		if err := WriteScenariosPDF(&a, rep, opt); err != nil {
			t.Fatal(err)
		}
		if err := WriteScenariosPDF(&b, rep, opt); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(a.Bytes(), []byte("%PDF")) || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: not a PDF, or not the same twice", lang)
		}
		if len(warnings) > 0 {
			t.Errorf("%s: %v", lang, warnings)
		}
	}
}

// TestScenarioWords checks the phrases judges read out.
func TestScenarioWords(t *testing.T) {
	rep := &scenario.Report{Cut: 8, Players: []scenario.Player{{Player: 0}, {Player: 1}},
		Tables: []scenario.Table{{Number: 3, P1: 0, P2: 1}}}
	rep.Event = testStandings().Event
	rep.Before = testStandings()
	s := scenarioWords{rep, "en"}
	set := func(v1, v2 [3]scenario.Verdict) {
		for r := range 3 {
			rep.Players[0].Outcomes[r] = scenario.Outcome{Verdict: v1[r], Proved: true}
			rep.Players[1].Outcomes[r] = scenario.Outcome{Verdict: v2[r], Proved: true}
		}
	}
	in, out, dep := scenario.In, scenario.Out, scenario.Depends
	for _, tt := range []struct {
		p1, p2 [3]scenario.Verdict // by each player's own win, draw, loss
		want   string
	}{
		{[3]scenario.Verdict{in, in, in}, [3]scenario.Verdict{in, in, in}, "Carol Smith – 山田 太郎: both in whatever happens"},
		{[3]scenario.Verdict{out, out, out}, [3]scenario.Verdict{out, out, out}, "Carol Smith – 山田 太郎: neither can make the top 8"},
		{[3]scenario.Verdict{in, in, dep}, [3]scenario.Verdict{in, in, dep}, "Carol Smith – 山田 太郎: both safe to draw · Carol Smith wins: Carol Smith in, 山田 太郎 depends · draw: both in · 山田 太郎 wins: Carol Smith depends, 山田 太郎 in"},
		{[3]scenario.Verdict{in, out, out}, [3]scenario.Verdict{in, in, out}, "Carol Smith – 山田 太郎: a draw puts 山田 太郎 in and Carol Smith out · Carol Smith wins: Carol Smith in, 山田 太郎 out · draw: Carol Smith out, 山田 太郎 in · 山田 太郎 wins: Carol Smith out, 山田 太郎 in"},
		{[3]scenario.Verdict{in, dep, out}, [3]scenario.Verdict{in, dep, out}, "Carol Smith – 山田 太郎: the winner is in · Carol Smith wins: Carol Smith in, 山田 太郎 out · draw: both depend · 山田 太郎 wins: Carol Smith out, 山田 太郎 in"},
	} {
		set(tt.p1, tt.p2)
		if got := s.table(rep.Tables[0]); got != tt.want {
			t.Errorf("table:\n got %s\nwant %s", got, tt.want)
		}
	}
	for _, tt := range []struct {
		tables []int
		want   string
	}{
		{[]int{3}, "depends on table 3"},
		{[]int{3, 4}, "depends on tables 3 and 4"},
		{[]int{1, 2, 4, 5, 6, 7, 9}, "depends on tables 1, 2, 4–7 and 9"},
		{[]int{4, 5, 6}, "depends on tables 4–6"},
	} {
		if got := s.onTables(tt.tables); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.tables, got, tt.want)
		}
	}
	for _, tt := range []struct {
		results []scenario.Result
		want    string
	}{
		{[]scenario.Result{scenario.Win}, "Carol Smith beats 山田 太郎 (table 3)"},
		{[]scenario.Result{scenario.Loss}, "山田 太郎 beats Carol Smith (table 3)"},
		{[]scenario.Result{scenario.Draw}, "table 3 is drawn"},
		{[]scenario.Result{scenario.Win, scenario.Draw}, "Carol Smith does not lose (table 3)"},
		{[]scenario.Result{scenario.Draw, scenario.Loss}, "山田 太郎 does not lose (table 3)"},
		{[]scenario.Result{scenario.Win, scenario.Loss}, "table 3 has a winner"},
	} {
		if got := s.term(scenario.Term{Table: 3, Results: tt.results}); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.results, got, tt.want)
		}
	}
	c := &scenario.Condition{Unless: true, Any: [][]scenario.Term{{{Table: 3, Results: []scenario.Result{scenario.Draw}}}}}
	if got := s.condition(c); got != "in unless table 3 is drawn" {
		t.Errorf("condition %q", got)
	}
	if got, want := combinations(12), "531,441"; got != want {
		t.Errorf("combinations(12) = %s", got)
	}
	if got := combinations(64); got != "3^64" {
		t.Errorf("combinations(64) = %s", got)
	}
}

// TestScenariosTable prints the report in every language without error, its title first.
func TestScenariosTable(t *testing.T) {
	rep := testScenarios(t)
	for _, lang := range Langs {
		var b strings.Builder
		if err := WriteScenariosTable(&b, rep, Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), rep.Event.Name+" · "+(scenarioWords{rep, lang}).title()) {
			t.Errorf("%s: %.80q", lang, b.String())
		}
	}
}
