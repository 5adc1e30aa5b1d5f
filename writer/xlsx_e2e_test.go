//go:build e2e

package writer

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

// The LibreOffice oracle: LibreOffice opens tbsheet's workbooks and
// recomputes every explanation formula, and what it computes must be tbsheet's exact value.
// LibreOffice shows a formula's cached value rather than recomputing it, so the workbook
// under test is written without cached values; a second pass checks what an organizer
// sees in the normal workbook: every number displayed as the system displays it.

// e2eCases are the standings the oracle checks: a 200-player event under every preset with
// every tiebreak shown, with game counts and without (game tiebreaks n/a).
func e2eCases() map[string]*calc.Standings {
	cases := map[string]*calc.Standings{}
	for _, gamesUnknown := range []bool{false, true} {
		for _, st := range writertest.PresetStandings(200, 8, 3, gamesUnknown) {
			cases[fmt.Sprintf("%s, games unknown %v", st.System.Name, gamesUnknown)] = st
		}
	}
	return cases
}

func TestLibreOfficeRecomputesFormulas(t *testing.T) {
	for name, st := range e2eCases() {
		t.Run(name, func(t *testing.T) {
			sheets := libreOfficeSheets(t, st, XLSXConfig{OmitCached: true}, false)
			rows := sheets["Standings"]
			cols := standingsColumns(st, "en", true)
			if len(rows) != len(st.Rows)+1 {
				t.Fatalf("LibreOffice read %d rows, want %d", len(rows), len(st.Rows)+1)
			}
			checked := 0
			for i := range st.Rows {
				r := &st.Rows[i]
				for j, c := range cols {
					if c.kind != colFormula {
						continue
					}
					fig := figure(r, c.tb)
					got := writertest.CellAt(rows[i+1], j)
					if !fig.Value.OK {
						if got != "" {
							t.Errorf("row %d %s: %q, want empty (n/a)", i+2, c.header, got)
						}
						continue
					}
					g, err := parseShownNumber(got)
					if want := fig.Value.Num.Float64(); err != nil || !writertest.NearlyEqual(g, want) {
						t.Errorf("row %d %s: LibreOffice computes %q, tbsheet %v (%s)", i+2, c.header, got, want,
							st.Columns[c.tb].Text(fig))
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatal("no formula was checked")
			}
			t.Logf("%d formulas recomputed by LibreOffice agree with tbsheet", checked)
		})
	}
}

func TestLibreOfficeDisplaysValues(t *testing.T) {
	for name, st := range e2eCases() {
		t.Run(name, func(t *testing.T) {
			sheets := libreOfficeSheets(t, st, XLSXConfig{}, true)
			rows := sheets["Standings"]
			cols := standingsColumns(st, "en", true)
			for i := range st.Rows {
				r := &st.Rows[i]
				for j, c := range cols {
					want, also := "", ""
					switch c.kind {
					case colPoints:
						want = FormatPoints(st, r.Points)
					case colRecord:
						want = Record(st, r)
					case colValue, colFormula:
						v := figure(r, c.tb).Value
						want = st.Columns[c.tb].FormatValue(v)
						if v.OK {
							// A value exactly half-way between two displays (87/160 = 54.375%) is a
							// double just below the half: Excel, reading 15 digits, shows tbsheet's
							// rounding (54.38%); LibreOffice may round the double down (54.37%).
							also = st.Columns[c.tb].FormatValue(calc.Known(v.Num.Sub(exact.Frac(1, 1e12))))
						}
					default:
						continue
					}
					if got := writertest.CellAt(rows[i+1], j); got != want && got != also {
						t.Errorf("row %d %s displays %q, want %q", i+2, c.header, got, want)
					}
				}
			}
			writertest.CheckMatchList(t, st.Event, sheets["Matches"][1:], nil)
		})
	}
}

// parseShownNumber reads a number LibreOffice exported at full precision but still in the
// cell's format: "59.1481481481481%", "+5", "−3", "09648544".
func parseShownNumber(s string) (float64, error) {
	scale := 1.0
	if t, ok := strings.CutSuffix(s, "%"); ok {
		s, scale = t, 0.01
	}
	s = strings.TrimPrefix(strings.ReplaceAll(s, "−", "-"), "+")
	f, err := strconv.ParseFloat(s, 64)
	return f * scale, err
}

// libreOfficeSheets writes st and has LibreOffice read it back (see libreOfficeCSV).
func libreOfficeSheets(t *testing.T, st *calc.Standings, cfg XLSXConfig, asShown bool) map[string][][]string {
	t.Helper()
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, Options{Now: writertest.Now}, cfg); err != nil {
		t.Fatal(err)
	}
	sheets := writertest.LibreOfficeCSV(t, b.Bytes(), asShown)
	if sheets["Standings"] == nil {
		t.Fatalf("LibreOffice wrote no Standings sheet (sheets %v)", slices.Collect(maps.Keys(sheets)))
	}
	return sheets
}

// TestLibreOfficeTemplateFormulas fills an organizer's template, whose {{tb1.formula}} cells
// hold formulas without cached values, and checks what LibreOffice computes and displays.
func TestLibreOfficeTemplateFormulas(t *testing.T) {
	st := writertest.Standings()
	path := organizerTemplate(t, ".xlsx", nil)
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, Options{Template: path, Now: writertest.Now}, XLSXConfig{}); err != nil {
		t.Fatal(err)
	}
	rows := writertest.LibreOfficeCSV(t, b.Bytes(), true)["Results"]
	d := st.Columns[0]
	for i := range st.Rows {
		fig := figure(&st.Rows[i], 0)
		if got, want := writertest.CellAt(rows[4+i], 6), d.FormatValue(fig.Value); got != want {
			t.Errorf("Results!G%d displays %q, want %q", 5+i, got, want)
		}
	}
}
