package writer

import (
	"io"
	"slices"
	"sync"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
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
	opt := Options{Now: writertest.Now}
	b.Run("tbsheet", func(b *testing.B) {
		for b.Loop() {
			if err := writeStandingsXLSX(io.Discard, st, opt, XLSXConfig{}); err != nil {
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
func benchTables(b *testing.B, st *calc.Standings, opt Options) ([]*Table, []StyleKey) {
	f, err := openEmbedded()
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	bk, err := newBook(f, opt.Lang)
	if err != nil {
		b.Fatal(err)
	}
	names := SheetNamesFor(opt.Lang)
	ex := explainAll(st, opt.Lang)
	var tables []*Table
	for _, build := range []func() (*Table, error){
		func() (*Table, error) { return bk.standingsTable(names.standings, st, ex, opt.Cut, XLSXConfig{}) },
		func() (*Table, error) { return bk.explainTable(names.explain, st, ex) },
		func() (*Table, error) { return bk.MatchesTable(names.Matches, st.Event) },
		func() (*Table, error) { return bk.PlayersTable(names.Players, st.Event) },
		func() (*Table, error) { return bk.aboutTable(names.about, st, opt) },
	} {
		t, err := build()
		if err != nil {
			b.Fatal(err)
		}
		tables = append(tables, t)
	}
	keys := slices.Collect(func(yield func(StyleKey) bool) {
		for k := range bk.Styles.ids {
			if !yield(k) {
				return
			}
		}
	})
	slices.SortFunc(keys, func(x, y StyleKey) int { return bk.Styles.ids[x] - bk.Styles.ids[y] })
	return tables, keys
}

// streamTables is the baseline: the embedded workbook, the same styles, every table's header
// and rows streamed with excelize into w, and nothing else.
func streamTables(w io.Writer, tables []*Table, styles []StyleKey) error {
	f, err := openEmbedded()
	if err != nil {
		return err
	}
	defer f.Close()
	bk, err := newBook(f, "")
	if err != nil {
		return err
	}
	for _, k := range styles { // the same ids, made in the same order
		if _, err := bk.Styles.ID(k); err != nil {
			return err
		}
	}
	for i, t := range tables {
		if i == 0 {
			if err := f.SetSheetName(f.GetSheetName(0), t.sheet); err != nil {
				return err
			}
		} else if _, err := f.NewSheet(t.sheet); err != nil {
			return err
		}
		sw, err := f.NewStreamWriter(t.sheet)
		if err != nil {
			return err
		}
		header := make([]any, len(t.header))
		for j, h := range t.header {
			header[j] = h
		}
		if err := sw.SetRow("A1", header); err != nil {
			return err
		}
		for j, row := range t.rows {
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
