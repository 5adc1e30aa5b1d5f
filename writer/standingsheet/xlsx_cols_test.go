package standingsheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestColsAscending reads every worksheet's raw XML: the spreadsheet format requires the
// <col> width entries in ascending column order, and Excel offers to "repair" a file whose
// entries are not.
func TestColsAscending(t *testing.T) {
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, writertest.Standings(), writer.Options{Now: writertest.Now}, writer.XLSXConfig{}); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	sheets := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			continue
		}
		sheets++
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		var ws struct {
			Cols []struct {
				Min int `xml:"min,attr"`
				Max int `xml:"max,attr"`
			} `xml:"cols>col"`
		}
		if err := xml.Unmarshal(data, &ws); err != nil {
			t.Fatalf("%s: %v", zf.Name, err)
		}
		last := 0
		for _, c := range ws.Cols {
			if c.Min <= last || c.Max < c.Min {
				t.Errorf("%s: <col min=%d max=%d> after a column up to %d: not in ascending order", zf.Name, c.Min, c.Max, last)
			}
			last = c.Max
		}
	}
	if sheets == 0 {
		t.Fatal("no worksheet in the workbook")
	}
}
