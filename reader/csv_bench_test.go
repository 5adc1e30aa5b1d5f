package reader

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// BenchmarkReadCSV reads the match list CSV of BenchmarkCSVToJSON (cmd/tbsheet): a
// 16,384-player, 12-round Magic event as tbsheet writes it, through ReadBytes (detection,
// every check, the finished event), against encoding/csv alone reading the same bytes in the
// same run (its floor: every record parsed, nothing checked). Both report cpu-ms/op, the CPU
// time of all their goroutines and the garbage collector; tbsheet reports x-cpu over the
// floor (run both: -bench ReadCSV).
func BenchmarkReadCSV(b *testing.B) {
	path := filepath.Join(b.TempDir(), "results.csv")
	if err := resultfile.Results.WriteFile(path, swissgen.Generate(swissgen.Realistic(16384, 12, 1)), writer.Options{}); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var floor float64 // encoding/csv's CPU time per op
	b.Run("encoding-csv", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		start := rusage.CPU()
		for b.Loop() {
			if err := rusage.ReadCSVFloor(data); err != nil {
				b.Fatal(err)
			}
		}
		floor = rusage.ReportCPU(b, start)
	})
	b.Run("tbsheet", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		start := rusage.CPU()
		for b.Loop() {
			if _, err := ReadBytes(data, path, "", Options{}); err != nil {
				b.Fatal(err)
			}
		}
		if c := rusage.ReportCPU(b, start); floor > 0 {
			b.ReportMetric(c/floor, "x-cpu")
		}
	})
}
