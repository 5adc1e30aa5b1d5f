package standingsheet

import (
	"io"
	"sync"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// benchStandings are the standings of a realistic 4,096-player, 12-round event, with every
// explanation (built once).
var benchStandings = sync.OnceValue(func() *calc.Standings {
	st, err := calc.Compute(swissgen.Generate(swissgen.Realistic(4096, 12, 1)), calc.Options{})
	if err != nil {
		panic(err)
	}
	return st
})

// BenchmarkStandingsXLSX writes the standings workbook of a 4,096-player event ("tbsheet")
// and, as the baseline, has excelize alone stream the very same cells into the same sheets
// ("excelize"): the difference is tbsheet's own work (formulas, explanation text, number
// formats, widths, comments). The goal is tbsheet within 1.5× of the baseline.
func BenchmarkStandingsXLSX(b *testing.B) {
	st := benchStandings()
	opt := writer.Options{Now: writertest.Now}
	b.Run("tbsheet", func(b *testing.B) {
		for b.Loop() {
			if err := writeStandingsXLSX(io.Discard, st, opt, writer.XLSXConfig{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("excelize", func(b *testing.B) {
		tables, styles := benchTables(b, st, opt)
		for b.Loop() {
			if err := streamTables(io.Discard, tables, styles); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchTables builds the cells tbsheet writes, once, and the style keys in the order their
// ids were made.
func benchTables(b *testing.B, st *calc.Standings, opt writer.Options) ([]*writer.Table, []writer.StyleKey) {
	names := writer.SheetNamesFor(opt.Lang)
	wb, err := writer.NewEmbeddedBook(opt.Lang, names.Standings)
	if err != nil {
		b.Fatal(err)
	}
	defer wb.F.Close()
	bk := book{wb}
	ex := explainAll(st, opt.Lang)
	var tables []*writer.Table
	for _, build := range []func() (*writer.Table, error){
		func() (*writer.Table, error) {
			return bk.standingsTable(names.Standings, st, ex, opt.Cut, writer.XLSXConfig{})
		},
		func() (*writer.Table, error) { return bk.explainTable(names.Explain, st, ex) },
		func() (*writer.Table, error) { return bk.MatchesTable(names.Matches, st.Event) },
		func() (*writer.Table, error) { return bk.PlayersTable(names.Players, st.Event) },
		func() (*writer.Table, error) { return bk.aboutTable(names.About, st, opt) },
	} {
		t, err := build()
		if err != nil {
			b.Fatal(err)
		}
		tables = append(tables, t)
	}
	return tables, bk.StyleKeys()
}

// streamTables is the baseline: the embedded workbook, the same styles, every table's header
// and rows streamed with excelize into w, and nothing else.
func streamTables(w io.Writer, tables []*writer.Table, styles []writer.StyleKey) error {
	if len(tables) == 0 {
		return nil
	}
	bk, err := writer.NewEmbeddedBook("", tables[0].Sheet())
	if err != nil {
		return err
	}
	f := bk.F
	defer f.Close()
	for _, k := range styles { // the same ids, made in the same order
		if _, err := bk.Style(k); err != nil {
			return err
		}
	}
	for i, t := range tables {
		if i > 0 {
			if _, err := f.NewSheet(t.Sheet()); err != nil {
				return err
			}
		}
		sw, err := f.NewStreamWriter(t.Sheet())
		if err != nil {
			return err
		}
		header := make([]any, len(t.Header()))
		for j, h := range t.Header() {
			header[j] = h
		}
		if err := sw.SetRow("A1", header); err != nil {
			return err
		}
		for j, row := range t.Rows() {
			cell, _ := excelize.CoordinatesToCellName(1, j+2)
			if err := sw.SetRow(cell, row); err != nil {
				return err
			}
		}
		if err := sw.Flush(); err != nil {
			return err
		}
	}
	return f.Write(w)
}
