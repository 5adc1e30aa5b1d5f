package reader

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// FuzzXLSX feeds the workbook fixtures and samples, mutated, to the XLSX reader: it must
// return an event or positioned errors, never panic or hang. A mutated zip mostly fails its
// checksums, so an input that is not a zip is used as the worksheet XML of a one-sheet
// workbook instead; the fixtures' first worksheets seed that path.
func FuzzXLSX(f *testing.F) {
	base, err := os.ReadFile(filepath.Join(fixtureDir, "matchlist-en.xlsx"))
	if err != nil {
		f.Fatal(err)
	}
	for _, pattern := range []string{filepath.Join(fixtureDir, "*.xlsx"), "../samples/*.xlsx"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			_ = rewriteZipParts(data, func(part string, b []byte) {
				if part == "xl/worksheets/sheet1.xml" {
					f.Add(b)
				}
			})
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !bytes.HasPrefix(data, []byte("PK")) {
			var err error
			if data, err = patchZipPart(base, "xl/worksheets/sheet1.xml", data); err != nil {
				t.Fatal(err)
			}
		}
		isWorkbook(data)
		ev, err := readXLSX(data, "f.xlsx", Options{})
		checkRead(t, "f.xlsx", ev, err)
		checkPrintable(t, ev, err)
		_, err = readPlayersBytes(data, "f.xlsx")
		checkErrorFiles(t, err, "f.xlsx")
	})
}

// rewriteZipParts calls fn with every part of a zip archive.
func rewriteZipParts(data []byte, fn func(part string, b []byte)) error {
	_, err := rewriteZip(data, func(name string, b []byte) []byte { fn(name, b); return b }, "", nil)
	return err
}

// patchZipPart replaces one part of a zip archive.
func patchZipPart(data []byte, part string, content []byte) ([]byte, error) {
	return rewriteZip(data, func(name string, b []byte) []byte {
		if name == part {
			return content
		}
		return b
	}, "", nil)
}

// checkErrorFiles: every problem names the file it is in.
func checkErrorFiles(t *testing.T, err error, file string) {
	t.Helper()
	for _, e := range tbsheet.Errors(err) {
		if e.Pos.File != file {
			t.Errorf("error without the file name: %v", e)
		}
	}
}

// BenchmarkReadXLSX4096 reads a 4,096-player, 12-round match list (21,130 rows) of a
// realistic event from internal/swissgen (byes, draws, IDs, forfeits, drops, late entries),
// streamed with excelize's Rows iterator.
func BenchmarkReadXLSX4096(b *testing.B) {
	ev := swissgen.Generate(swissgen.Realistic(4096, 12, 1))
	data, err := workbookBytes(sheet{name: "Matches", rows: enMatchList.matchRows(ev, ev.Rounds)})
	if err != nil {
		b.Fatal(err)
	}
	rows := 0
	for _, r := range ev.Rounds {
		rows += len(r.Matches)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		got, err := ReadBytes(data, "big.xlsx", "xlsx", Options{})
		if err != nil || len(got.Rounds) != 12 {
			b.Fatalf("%v: %d rounds", err, len(got.Rounds))
		}
	}
	b.ReportMetric(float64(rows), "rows")
}
