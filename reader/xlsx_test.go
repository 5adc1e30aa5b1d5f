package reader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet"
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

// BenchmarkReadXLSX4096 reads a 4,096-player, 12-round match list (24,576 rows) streamed
// with excelize's Rows iterator. The workbook is built here with a hypercube pairing (round r
// pairs p with p XOR 2^(r-1): no rematches); switch to internal/swissgen once it lands.
func BenchmarkReadXLSX4096(b *testing.B) {
	data := bigMatchList(b, 4096, 12)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ev, err := ReadBytes(data, "big.xlsx", "xlsx", Options{})
		if err != nil || len(ev.Players) != 4096 || len(ev.Rounds) != 12 {
			b.Fatalf("%v: %d players, %d rounds", err, len(ev.Players), len(ev.Rounds))
		}
	}
}

func bigMatchList(b *testing.B, players, rounds int) []byte {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		b.Fatal(err)
	}
	results := []string{"2-0", "2-1", "0-2", "1-2", "2-1", "1-1-1", "2-0", "0-2"}
	row := 1
	set := func(cells ...any) {
		if err := sw.SetRow(tbsheet.CellName(1, row), cells); err != nil {
			b.Fatal(err)
		}
		row++
	}
	set("Round", "Table", "Player 1", "Player 2", "Result")
	for r := 1; r <= rounds; r++ {
		table := 0
		for p := 0; p < players; p++ {
			q := p ^ 1<<(r-1)
			if q < p {
				continue
			}
			table++
			set(r, table, fmt.Sprintf("Player %04d", p), fmt.Sprintf("Player %04d", q), results[(p*7+r*13)%len(results)])
		}
	}
	if err := sw.Flush(); err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
