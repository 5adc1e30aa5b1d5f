package templates

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestStandingsStyleCells checks that the generated workbook holds the style cells this
// package documents (genworkbook cannot import the constants).
func TestStandingsStyleCells(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(Standings))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for cell, role := range map[string]string{HeaderCell: "header", BodyCell: "body", BandCell: "band", DroppedCell: "dropped"} {
		if got, err := f.GetCellValue(StyleSheet, cell); err != nil || got != role {
			t.Errorf("%s!%s = %q, %v; want %q", StyleSheet, cell, got, err, role)
		}
		if id, err := f.GetCellStyle(StyleSheet, cell); err != nil || id == 0 {
			t.Errorf("%s!%s has no style (%d, %v)", StyleSheet, cell, id, err)
		}
	}
}
