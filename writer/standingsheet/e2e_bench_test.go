package standingsheet

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
	"github.com/xuri/excelize/v2"
)

// BenchmarkEndToEnd4096 is the end-to-end goal: a 4,096-player, 12-round event kept
// by hand in XLSX (the convert layout: Matches, Players and Event sheets, 21,130 match
// rows) turned into the standings workbook and the wall PDF.
//
//   - excelize-baseline: excelize alone opens that input, reads every row of every sheet with
//     its streaming Rows iterator, and streams the cells of the standings workbook (the
//     Standings, Explain, Matches, Players and About values, prepared beforehand) into a file.
//   - tbsheet: what `tbsheet standings results.xlsx -o standings.xlsx -o standings.pdf`
//     does: reader, calc.Compute with every explanation, then Standings.WriteFiles: the
//     workbook and the PDF rendered concurrently, then each written atomically (a temporary
//     file synced and renamed).
//
// The tbsheet sub-benchmark reports x-baseline, its time over the baseline's in the same run,
// and x-cpu, its CPU time over the baseline's (run both: -bench EndToEnd4096). The goal is
// x-cpu ≤ 1.3 with procs=1.
func BenchmarkEndToEnd4096(b *testing.B) {
	dir := b.TempDir()
	input := filepath.Join(dir, "results.xlsx")
	if err := resultfile.Results.WriteFile(input, swissgen.Generate(swissgen.Realistic(4096, 12, 1)), writer.Options{}); err != nil {
		b.Fatal(err)
	}
	opt := writer.Options{Now: writertest.Now}
	standings := func(b *testing.B) *calc.Standings {
		ev, err := reader.Read(input, "", reader.Options{})
		if err != nil {
			b.Fatal(err)
		}
		st, err := calc.Compute(ev, calc.Options{})
		if err != nil {
			b.Fatal(err)
		}
		return st
	}

	// Both sides run with one processor and with two: the goal is stated in CPU time with
	// GOMAXPROCS=1, where rendering the workbook and the PDF side by side gains nothing.
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			var wall, cpu float64 // the baseline's, per op, in this run
			b.Run("excelize-baseline", func(b *testing.B) {
				tables, styles := benchTables(b, standings(b), opt)
				out := filepath.Join(dir, "baseline.xlsx")
				b.ReportAllocs()
				start := rusage.CPU()
				for b.Loop() {
					if err := readAllRows(input); err != nil {
						b.Fatal(err)
					}
					f, err := os.Create(out)
					if err != nil {
						b.Fatal(err)
					}
					err = streamTables(f, tables, styles)
					if cerr := f.Close(); err == nil {
						err = cerr
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				wall = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				cpu = rusage.ReportCPU(b, start)
			})
			b.Run("tbsheet", func(b *testing.B) {
				b.ReportAllocs()
				start := rusage.CPU()
				for b.Loop() {
					st := standings(b)
					files := []writer.DocFile[*calc.Standings]{{Path: filepath.Join(dir, "standings.xlsx"), Doc: st}, {Path: filepath.Join(dir, "standings.pdf"), Doc: st}}
					if err := Standings.WriteFiles(files, opt); err != nil {
						b.Fatal(err)
					}
				}
				c := rusage.ReportCPU(b, start)
				if wall > 0 {
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/wall, "x-baseline")
					b.ReportMetric(c/cpu, "x-cpu")
				}
			})
		})
	}
}

// readAllRows reads every cell of every sheet of an XLSX file with excelize's streaming
// Rows iterator and raw cell values, as tbsheet's hand-kept reader does.
func readAllRows(path string) error {
	f, err := excelize.OpenFile(path, excelize.Options{RawCellValue: true})
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sheet := range f.GetSheetList() {
		rows, err := f.Rows(sheet)
		if err != nil {
			return err
		}
		for rows.Next() {
			if _, err := rows.Columns(); err != nil {
				rows.Close()
				return err
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return nil
}
