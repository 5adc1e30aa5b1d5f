package reader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"
)

// sameCellsAsExcelize compares every non-empty row of every sheet of a workbook as tbsheet's
// parser reads it with what excelize's row iterator reads (raw values): the two agree on
// every workbook that is not damaged. A workbook tbsheet finds damaged is skipped when skip
// is set (the fuzzer's), else an error.
func sameCellsAsExcelize(t *testing.T, data []byte, skip ...bool) {
	t.Helper()
	damaged := func(err error) {
		if len(skip) == 0 {
			t.Fatal(err)
		}
	}
	wb, err := openWorkbook(data, "f.xlsx", Options{}.limits())
	if err != nil {
		damaged(err)
		return
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !slices.Equal(wb.sheets, f.GetSheetList()) {
		t.Fatalf("sheets %q, excelize %q", wb.sheets, f.GetSheetList())
	}
	for _, name := range wb.sheets {
		want := map[int][]string{}
		rows, err := f.Rows(name)
		if err != nil {
			t.Fatal(err)
		}
		for r := 1; rows.Next(); r++ {
			cells, err := rows.Columns()
			if err != nil && len(skip) > 0 {
				return // excelize refuses what tbsheet reads (an empty r attribute)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cells) > maxFields { // tbsheet reads no further, as in a CSV line
				cells = cells[:maxFields]
				for len(cells) > 0 && cells[len(cells)-1] == "" {
					cells = cells[:len(cells)-1]
				}
			}
			if len(cells) > 0 {
				want[r] = cells
			}
		}
		rows.Close()
		got := map[int][]string{}
		src, err := wb.sheet(name)
		if err != nil {
			damaged(err)
			return
		}
		for src.Next() {
			got[src.row] = slices.Clone(src.Cells())
		}
		src.close()
		if err := src.Err(); err != nil {
			damaged(err)
			return
		}
		if a, b := fmt.Sprint(want), fmt.Sprint(got); a != b {
			t.Errorf("sheet %q:\nexcelize %s\ntbsheet  %s", name, a, b)
		}
	}
}

// TestSheetRowsAgainstExcelize: on every sample and fixture workbook (excelize's writer,
// Excel's and LibreOffice's files among them), tbsheet's parser reads the cells excelize
// reads.
func TestSheetRowsAgainstExcelize(t *testing.T) {
	files, _ := filepath.Glob("../samples/*.xlsx")
	more, _ := filepath.Glob(filepath.Join(fixtureDir, "*.xlsx"))
	for _, name := range append(files, more...) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			sameCellsAsExcelize(t, data)
		})
	}
}

// FuzzSheetAgainstExcelize feeds worksheet XML, mutated, to tbsheet's parser and to
// excelize's: whatever tbsheet reads without finding damage, excelize reads the same.
func FuzzSheetAgainstExcelize(f *testing.F) {
	fuzzSheet(f, []string{"matchlist-en.xlsx", "formulas.xlsx", "messy.xlsx", "blocks.xlsx"}, func(t *testing.T, data []byte) {
		sameCellsAsExcelize(t, data, true)
	})
}

// fuzzSheet fuzzes the first worksheet of a workbook: the seeds are the first sheets of the
// fixtures named, each input is put in place of matchlist-en.xlsx's sheet, and check is given
// the patched workbook.
func fuzzSheet(f *testing.F, seeds []string, check func(t *testing.T, data []byte)) {
	base, err := os.ReadFile(filepath.Join(fixtureDir, "matchlist-en.xlsx"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range seeds {
		data, err := os.ReadFile(filepath.Join(fixtureDir, name))
		if err != nil {
			f.Fatal(err)
		}
		_ = rewriteZipParts(data, func(part string, b []byte) {
			if part == "xl/worksheets/sheet1.xml" {
				f.Add(b)
			}
		})
	}
	f.Fuzz(func(t *testing.T, sheet []byte) {
		data, err := patchZipPart(base, "xl/worksheets/sheet1.xml", sheet)
		if err != nil {
			t.Fatal(err)
		}
		check(t, data)
	})
}
