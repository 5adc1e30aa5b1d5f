// Command genworkbook writes templates/standings.xlsx, the workbook tbsheet's XLSX output is
// styled from. Run it with go generate in templates/. The cells it styles are the ones
// templates.Standings documents (this command cannot import the package it generates for;
// templates' tests check that the two agree).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/xuri/excelize/v2"
)

// The palette: a dark blue header that prints well in grey scale, a light band, grey for
// dropped players.
const (
	headerFill = "1F4E79"
	headerFont = "FFFFFF"
	rule       = "BFBFBF"
	bandFill   = "EEF3F8"
	mutedFont  = "7F7F7F"
)

func main() {
	out := flag.String("o", "standings.xlsx", "output file")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "genworkbook:", err)
		os.Exit(1)
	}
}

func write(path string) error {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Standings"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	if err := f.SetDefaultFont("Calibri"); err != nil {
		return err
	}
	bottom := []excelize.Border{{Type: "bottom", Color: rule, Style: 1}}
	styles := []struct {
		cell, text string
		style      *excelize.Style
	}{
		{"A1", "header", &excelize.Style{
			Font:      &excelize.Font{Bold: true, Color: headerFont, Size: 11, Family: "Calibri"},
			Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{headerFill}},
			Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 2}},
			Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center", WrapText: true},
		}},
		{"A2", "body", &excelize.Style{
			Font:      &excelize.Font{Size: 11, Family: "Calibri"},
			Border:    bottom,
			Alignment: &excelize.Alignment{Vertical: "center"},
		}},
		{"A3", "band", &excelize.Style{
			Font:      &excelize.Font{Size: 11, Family: "Calibri"},
			Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{bandFill}},
			Border:    bottom,
			Alignment: &excelize.Alignment{Vertical: "center"},
		}},
		{"A4", "dropped", &excelize.Style{
			Font:      &excelize.Font{Size: 11, Family: "Calibri", Italic: true, Color: mutedFont},
			Border:    bottom,
			Alignment: &excelize.Alignment{Vertical: "center"},
		}},
	}
	for _, s := range styles {
		id, err := f.NewStyle(s.style)
		if err != nil {
			return err
		}
		if err := f.SetCellStr(sheet, s.cell, s.text); err != nil {
			return err
		}
		if err := f.SetCellStyle(sheet, s.cell, s.cell, id); err != nil {
			return err
		}
	}
	if err := f.SetDocProps(&excelize.DocProperties{
		Creator: "tbsheet", Created: "2026-01-01T00:00:00Z", Modified: "2026-01-01T00:00:00Z",
	}); err != nil {
		return err
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
