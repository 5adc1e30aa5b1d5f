package scenariosheet

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
)

// TestScenariosPDF renders the scenarios page in every language: no character the fonts
// lack, and the same bytes for the same report.
func TestScenariosPDF(t *testing.T) {
	rep := writertest.Scenarios(t)
	for _, lang := range i18n.Langs() {
		var warnings []string
		opt := writer.Options{Lang: lang, Now: time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC),
			Warn: func(msg string) { warnings = append(warnings, msg) }}
		var a, b bytes.Buffer
		if err := WritePDF(&a, rep, opt); err != nil {
			t.Fatal(err)
		}
		if err := WritePDF(&b, rep, opt); err != nil {
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
	rep.Event = writertest.Standings().Event
	rep.Before = writertest.Standings()
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
	rep := writertest.Scenarios(t)
	for _, lang := range i18n.Langs() {
		var b strings.Builder
		if err := WriteTable(&b, rep, writer.Options{Lang: lang}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), rep.Event.Name+" · "+(scenarioWords{rep, lang}).title()) {
			t.Errorf("%s: %.80q", lang, b.String())
		}
	}
}

// TestScenariosTableNoEscapes: the scenarios table, like the standings table, sends no control
// or bidirectional character from a name or the event's title (every part of it names
// players: rows, conditions, tables, notes).
func TestScenariosTableNoEscapes(t *testing.T) {
	rep := writertest.Scenarios(t)
	hostile := []string{"Ann\x1b[2J\x1b[H", "Bob\x1b]0;pwned\x07", "Eve\u202etxt.exe", "Dee\u009b31m"}
	for i, name := range hostile {
		rep.Event.Players[i].Name = name
	}
	rep.Event.Name = "Title\x1b[5m"
	var b strings.Builder
	if err := WriteTable(&b, rep, writer.Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	writertest.NoEscapes(t, "the scenarios table", out)
	if !strings.HasPrefix(out, "Title␛[5m · ") {
		t.Errorf("the title is not shown with visible escapes:\n%s", out)
	}
}
