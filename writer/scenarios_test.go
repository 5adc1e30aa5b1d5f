package writer

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
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
	for _, lang := range Langs() {
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
	// The expected phrases name the two players {A} and {B}.
	names := strings.NewReplacer("{A}", rep.Event.Players[0].Name, "{B}", rep.Event.Players[1].Name)
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
		{[3]scenario.Verdict{in, in, in}, [3]scenario.Verdict{in, in, in}, "{A} – {B}: both in whatever happens"},
		{[3]scenario.Verdict{out, out, out}, [3]scenario.Verdict{out, out, out}, "{A} – {B}: neither can make the top 8"},
		{[3]scenario.Verdict{in, in, dep}, [3]scenario.Verdict{in, in, dep}, "{A} – {B}: both safe to draw · {A} wins: {A} in, {B} depends · draw: both in · {B} wins: {A} depends, {B} in"},
		{[3]scenario.Verdict{in, out, out}, [3]scenario.Verdict{in, in, out}, "{A} – {B}: a draw puts {B} in and {A} out · {A} wins: {A} in, {B} out · draw: {A} out, {B} in · {B} wins: {A} out, {B} in"},
		{[3]scenario.Verdict{in, dep, out}, [3]scenario.Verdict{in, dep, out}, "{A} – {B}: the winner is in · {A} wins: {A} in, {B} out · draw: both depend · {B} wins: {A} out, {B} in"},
	} {
		set(tt.p1, tt.p2)
		if got, want := s.table(rep.Tables[0]), names.Replace(tt.want); got != want {
			t.Errorf("table:\n got %s\nwant %s", got, want)
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
		{[]scenario.Result{scenario.Win}, "{A} beats {B} (table 3)"},
		{[]scenario.Result{scenario.Loss}, "{B} beats {A} (table 3)"},
		{[]scenario.Result{scenario.Draw}, "table 3 is drawn"},
		{[]scenario.Result{scenario.Win, scenario.Draw}, "{A} does not lose (table 3)"},
		{[]scenario.Result{scenario.Draw, scenario.Loss}, "{B} does not lose (table 3)"},
		{[]scenario.Result{scenario.Win, scenario.Loss}, "table 3 has a winner"},
	} {
		if got, want := s.term(scenario.Term{Table: 3, Results: tt.results}), names.Replace(tt.want); got != want {
			t.Errorf("%v: %q, want %q", tt.results, got, want)
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
	for _, lang := range Langs() {
		var b strings.Builder
		if err := WriteScenariosTable(&b, rep, Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), rep.Event.Name+" · "+(scenarioWords{rep, lang}).title()) {
			t.Errorf("%s: %.80q", lang, b.String())
		}
	}
}

// TestScenariosPDFPages lays out the scenarios of large events as an organizer posts them:
// the table across pages under its column headers, what follows it right under the last
// rows and on over the next pages, every page but the last at least three-quarters full, so
// that no page stands half empty, and every line of it once, in order.
func TestScenariosPDFPages(t *testing.T) {
	ev := bigEvent(200)
	for _, tt := range []struct {
		cut   int
		paper string
	}{{8, "A4"}, {8, "Letter"}, {32, "A4"}, {64, "A4"}} {
		rep, err := scenario.Analyze(context.Background(), ev,
			scenario.Options{Calc: calc.Options{System: "mtg"}, Cut: tt.cut, Round: 8})
		if err != nil {
			t.Fatal(err)
		}
		d, err := layoutScenarios(rep, Options{Now: writertest.Now, Paper: tt.paper})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("top %d on %s", tt.cut, tt.paper)
		checkPagination(t, d)
		pages := d.paginate()
		room := d.bodyBottom() - d.tableTop()
		for n, p := range pages[:len(pages)-1] {
			used := 0.0
			if p.table {
				used += d.headH()
			}
			for _, it := range p.items {
				used += it.h
			}
			if used < 0.75*room {
				t.Errorf("%s: page %d of %d is %.0f%% full", name, n+1, len(pages), 100*used/room)
			}
		}
		var got []string
		for _, p := range pages { // a page's columns, left to right
			columns := map[float64][]string{}
			for _, it := range p.items {
				for _, pc := range it.band.pieces {
					columns[pc.x] = append(columns[pc.x], plain(pc.t))
				}
			}
			for _, x := range slices.Sorted(maps.Keys(columns)) {
				got = append(got, columns[x]...)
			}
		}
		// Lines break at spaces and between ideographs: the text is compared without spaces.
		if printed, want := strings.Join(strings.Fields(strings.Join(got, "")), ""),
			strings.Join(strings.Fields(strings.Join(legendText(d), "")), ""); printed != want {
			t.Errorf("%s: the text after the table is not printed once and in order", name)
		}
	}
}
