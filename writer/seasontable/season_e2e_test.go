//go:build e2e

package seasontable

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
)

// TestLibreOfficeRecomputesSeason: LibreOffice opens the season's workbook written without
// cached values and computes every point from the Rules sheet through the events' sheets to
// the Season sheet; what it computes must be tbsheet's exact points.
func TestLibreOfficeRecomputesSeason(t *testing.T) {
	for name, rules := range map[string]season.Rules{
		"places and results, best 2": testSeasonRules,
		"tiers, all count": {Tiers: []season.Tier{{Min: 1, Max: 15, Places: []exact.Num{exact.Int(5), exact.Frac(5, 2)}},
			{Min: 16, Places: []exact.Num{exact.Int(9), exact.Int(4)}}}, PerWin: exact.Frac(1, 2)},
	} {
		t.Run(name, func(t *testing.T) {
			s := testSeason(rules)
			var b bytes.Buffer
			if err := writeXLSX(&b, s, writer.Options{Now: writertest.Now}, writer.XLSXConfig{OmitCached: true}); err != nil {
				t.Fatal(err)
			}
			sheets := writertest.LibreOfficeCSV(t, b.Bytes(), false)
			rows := sheets["Season"]
			if len(rows) != len(s.Rows)+1 {
				t.Fatalf("LibreOffice read %d rows of the Season sheet, want %d", len(rows), len(s.Rows)+1)
			}
			checked := 0
			for i, r := range s.Rows {
				check := func(what, got string, want exact.Num) {
					g, err := strconv.ParseFloat(got, 64)
					if err != nil || !writertest.NearlyEqual(g, want.Float64()) {
						t.Errorf("row %d (%s) %s: LibreOffice computes %q, tbsheet %s", i+2, s.Players[r.Player].Name, what, got, want)
					}
					checked++
				}
				check("points", writertest.CellAt(rows[i+1], 3), r.Points)
				for e := range s.Events {
					x := r.Result(e)
					if x.Played {
						check(s.Events[e].Name, writertest.CellAt(rows[i+1], seasonFirstEvent+e), x.Points)
					}
				}
			}
			t.Logf("%d season points recomputed by LibreOffice agree with tbsheet", checked)
		})
	}
}

// TestSeasonPDFText reads the season's wall page back with pdftotext in every language:
// the title, every player in rank order with his points, the events and the rules, and no
// label left untranslated.
func TestSeasonPDFText(t *testing.T) {
	s := testSeason(testSeasonRules)
	for _, lang := range i18n.Langs() {
		data, err := Product.Render("season.pdf", s, writer.Options{Now: writertest.Now, Lang: lang, Cut: 3})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "season.pdf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		text := writertest.Poppler(t, "pdftotext", "-raw", path, "-")
		sw := seasonWords{s, lang}
		want := []string{"Spring League"}
		for _, r := range s.Rows {
			want = append(want, s.Players[r.Player].Name+" "+seasonNum(r.Points))
		}
		want = append(want, sw.eventLine(0), sw.rules()[0])
		writertest.InOrder(t, text, want, lang+" season")
		if strings.Contains(text, "season.") {
			t.Errorf("%s: a label is printed as its key:\n%s", lang, text)
		}
	}
}
