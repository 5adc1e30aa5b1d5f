package writer_test

// The tests of the kit over every product's documents.

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// TestTerminalTitlesPlain: the title line of every terminal table (standings, pairings,
// scenarios) names the game in the output's language, without the rules reference of the
// system's title ("Magic: The Gathering (MTR App. C)"), which is for `tbsheet systems`.
func TestTerminalTitlesPlain(t *testing.T) {
	st, p, rep := writertest.Standings(), writertest.Pairings(t), writertest.Scenarios(t)
	for _, lang := range i18n.Langs() {
		opt := writer.Options{Lang: lang}
		outs := map[string]func(*strings.Builder) error{
			"standings": func(b *strings.Builder) error { return standingsheet.WriteTable(b, st, opt) },
			"pairings":  func(b *strings.Builder) error { return roundsheet.WritePairingsTable(b, p, roundsheet.BothLists, opt) },
			"scenarios": func(b *strings.Builder) error { return scenariosheet.WriteTable(b, rep, opt) },
		}
		for name, write := range outs {
			var b strings.Builder
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			title, _, _ := strings.Cut(b.String(), "\n")
			if strings.Contains(title, "MTR") || !strings.HasSuffix(title, " · "+writer.GameName(st, lang)) {
				t.Errorf("%s, %s: title %q, want it to end with %q", name, lang, title, writer.GameName(st, lang))
			}
		}
	}
}

// TestCompressPages: every PDF tbsheet writes (standings in each language and at sizes that
// take one page or many, with a QR code, pairings by name and by table on pages of both
// orientations, match slips, scenarios) is byte for byte the document fpdf writes when it
// compresses the pages itself.
func TestCompressPages(t *testing.T) {
	p, rep := writertest.Pairings(t), writertest.Scenarios(t)
	docs := map[string]func(*bytes.Buffer) error{
		"pairings": func(b *bytes.Buffer) error {
			return roundsheet.WritePairingsPDF(b, p, roundsheet.BothLists, writer.Options{Now: writertest.Now})
		},
		"slips": func(b *bytes.Buffer) error {
			return roundsheet.WriteSlipsPDF(b, p, writer.Options{Now: writertest.Now, Lang: "zh"})
		},
		"scenarios": func(b *bytes.Buffer) error {
			return scenariosheet.WritePDF(b, rep, writer.Options{Now: writertest.Now})
		},
		"standings-qr": func(b *bytes.Buffer) error {
			return standingsheet.WritePDF(b, writertest.Standings(), writer.Options{Now: writertest.Now, QR: "http://192.168.1.20:8080/"})
		},
	}
	for _, lang := range i18n.Langs() {
		docs["standings-"+lang] = func(b *bytes.Buffer) error {
			return standingsheet.WritePDF(b, writertest.Standings(), writer.Options{Now: writertest.Now, Lang: lang})
		}
	}
	docs["standings-300"] = func(b *bytes.Buffer) error {
		return standingsheet.WritePDF(b, writertest.BigStandings(300), writer.Options{Now: writertest.Now, Cut: 8})
	}
	for name, write := range docs {
		var ours, theirs bytes.Buffer
		if err := write(&ours); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		*writer.FPDFCompresses = true
		err := write(&theirs)
		*writer.FPDFCompresses = false
		if err != nil {
			t.Fatalf("%s, compressed by fpdf: %v", name, err)
		}
		if !bytes.Equal(ours.Bytes(), theirs.Bytes()) {
			t.Errorf("%s: %d bytes, fpdf compressing writes %d different ones", name, ours.Len(), theirs.Len())
		}
		if !bytes.Contains(ours.Bytes(), []byte("/Filter /FlateDecode /Length")) {
			t.Errorf("%s: no compressed page", name)
		}
	}
}

// TestScenariosPDFPages lays out the scenarios of large events as an organizer posts them:
// the table across pages under its column headers, what follows it right under the last
// rows and on over the next pages, every page but the last at least three-quarters full, so
// that no page stands half empty, and every line of it once, in order.
func TestScenariosPDFPages(t *testing.T) {
	ev := writertest.BigEvent(200)
	for _, tt := range []struct {
		cut   int
		paper string
	}{{8, "A4"}, {8, "Letter"}, {32, "A4"}, {64, "A4"}} {
		rep, err := scenario.Analyze(context.Background(), ev,
			scenario.Options{Calc: calc.Options{System: "mtg"}, Cut: tt.cut, Round: 8})
		if err != nil {
			t.Fatal(err)
		}
		d, err := scenariosheet.LayoutPDF(rep, writer.Options{Now: writertest.Now, Paper: tt.paper})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("top %d on %s", tt.cut, tt.paper)
		writer.CheckFlowingLegend(t, d, name)
	}
}
