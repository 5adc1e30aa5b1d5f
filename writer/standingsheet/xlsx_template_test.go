package standingsheet

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/xuri/excelize/v2"
)

// organizerTemplate writes a template the way an organizer would style one: a logo, a title,
// a header row naming the tiebreaks, a coloured player row, a footer, and a second sheet.
func organizerTemplate(t *testing.T, ext string, cells map[string]string) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Results"); err != nil {
		t.Fatal(err)
	}
	base := map[string]string{
		"A1": "{{event}}", "A2": "{{title}} — {{system}}",
		"A4": "#", "B4": "Name", "C4": "Pts", "D4": "{{tb1.name}}", "E4": "{{tb2.name}}", "F4": "{{tb4.name}}",
		"A5": "{{rank}}", "B5": "{{player}}", "C5": "{{points}}", "D5": "{{tb1}}", "E5": "{{tb2}}", "F5": "{{tb4}}",
		"G5": "{{tb1.formula}}", "H5": "Record {{record}}", "I5": "{{ID}}",
		"A7": "Generated {{generated}} from {{source}}",
	}
	for k, v := range cells {
		base[k] = v
	}
	for cell, v := range base {
		if err := f.SetCellStr("Results", cell, v); err != nil {
			t.Fatal(err)
		}
	}
	fill, err := f.NewStyle(&excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF2CC"}}})
	if err != nil {
		t.Fatal(err)
	}
	custom := "0.0%"
	own, err := f.NewStyle(&excelize.Style{CustomNumFmt: &custom, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF2CC"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStyle("Results", "A5", "I5", fill); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStyle("Results", "D5", "D5", own); err != nil {
		t.Fatal(err)
	}
	if err := f.SetRowHeight("Results", 5, 24); err != nil {
		t.Fatal(err)
	}
	if err := f.AddPictureFromBytes("Results", "K1", &excelize.Picture{Extension: ".png", File: logo(t)}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.NewSheet("Notes"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStr("Notes", "B2", "{{players}}"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "template"+ext)
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// logo is a small PNG standing in for a shop's logo.
func logo(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func hashFile(t *testing.T, path string) [32]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

func TestTemplateFill(t *testing.T) {
	for _, ext := range []string{".xlsx", ".xltx"} {
		path := organizerTemplate(t, ext, nil)
		before := hashFile(t, path)
		st := writertest.Standings()
		var b bytes.Buffer
		if err := writeStandingsXLSX(&b, st, writer.Options{Template: path, Now: writertest.Now}, writer.XLSXConfig{}); err != nil {
			t.Fatal(err)
		}
		if hashFile(t, path) != before {
			t.Errorf("%s: the template file was modified", ext)
		}
		checkContentType(t, b.Bytes())
		f, err := excelize.OpenReader(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Results", "Notes", "Explain", "Matches", "Players", "Event", "About"}
		if got := f.GetSheetList(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: sheets %q, want %q", ext, got, want)
		}
		get := func(cell string) string {
			v, err := f.GetCellValue("Results", cell)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		// The template names four tiebreaks (tb4 in column F), Magic ranks by three: F is empty.
		footer := strconv.Itoa(6 + len(st.Rows))
		checks := map[string]string{
			"A1": "Friday Night Magic 森の店", "A2": "Standings after round 3 of 3 — Magic: The Gathering (MTR App. C)",
			"D4": st.Columns[0].Short, "E4": st.Columns[1].Short, "F4": "",
			"A" + footer: "Generated 2026-05-18 19:30 from fnm.xlsx",
		}
		for i, r := range st.Rows {
			row := strconv.Itoa(5 + i)
			p := st.Event.Players[r.Player]
			checks["A"+row], checks["B"+row], checks["I"+row] = strconv.Itoa(r.Rank), p.Name, p.ID
			checks["C"+row] = st.RankBy.FormatValue(calc.Known(r.Points))
			checks["D"+row] = fmt.Sprintf("%.1f%%", 100*r.Figures[0].Value.Num.Float64()) // the template's own 0.0%
			checks["E"+row] = st.Columns[1].FormatValue(r.Figures[1].Value)
			checks["F"+row] = ""
			checks["H"+row] = "Record " + calc.RecordWLD.Format(r.Wins, r.Losses, r.Draws)
		}
		for cell, want := range checks {
			if got := get(cell); got != want {
				t.Errorf("%s: Results!%s = %q, want %q", ext, cell, got, want)
			}
		}
		for i := range st.Rows {
			row := strconv.Itoa(5 + i)
			if raw, _ := f.GetCellValue("Results", "C"+row, excelize.Options{RawCellValue: true}); raw != st.Rows[i].Points.String() {
				t.Errorf("%s: points C%s = %q, want the number %s", ext, row, raw, st.Rows[i].Points)
			}
			if h, _ := f.GetRowHeight("Results", 5+i); h != 24 {
				t.Errorf("%s: row %s is %v high, want the template's 24", ext, row, h)
			}
			if id, _ := f.GetCellStyle("Results", "A"+row); id == 0 {
				t.Errorf("%s: row %s lost the template's style", ext, row)
			}
			if fig := st.Rows[i].Figures[0]; fig.Explain.Expr != nil && fig.Value.OK {
				if formula, _ := f.GetCellFormula("Results", "G"+row); formula == "" {
					t.Errorf("%s: G%s has no formula", ext, row)
				} else {
					checkFormulaCell(t, f, "Results", "G"+row, fig.Value.Num)
				}
			}
		}
		if got, _ := f.GetCellValue("Notes", "B2", excelize.Options{RawCellValue: true}); got != strconv.Itoa(len(st.Rows)) {
			t.Errorf("%s: Notes!B2 = %q, want %d", ext, got, len(st.Rows))
		}
		if pics, err := f.GetPictures("Results", "K1"); err != nil || len(pics) != 1 {
			t.Errorf("%s: the logo is gone (%d pictures, %v)", ext, len(pics), err)
		}
		f.Close()
	}
}

// checkContentType checks that the output is a workbook, whatever the template was.
func checkContentType(t *testing.T, data []byte) {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := z.Open("[Content_Types].xml")
	if err != nil {
		t.Fatal(err)
	}
	types, _ := io.ReadAll(r)
	if !bytes.Contains(types, []byte("spreadsheetml.sheet.main+xml")) {
		t.Errorf("the output's workbook part is not a workbook:\n%s", types)
	}
}

func TestTemplateErrors(t *testing.T) {
	st := writertest.Standings()
	tests := []struct {
		name  string
		cells map[string]string
		want  []string
	}{
		{"unknown placeholders", map[string]string{"B5": "{{playr}}", "A2": "{{tb0.name}}"},
			[]string{"Results!B5: unknown placeholder {{playr}}", "Results!A2: unknown placeholder {{tb0.name}}"}},
		{"two player rows", map[string]string{"A6": "{{rank}}"},
			[]string{"Results!A6: a second player row (row 5 is the first)"}},
		{"no player row", map[string]string{"A5": "", "B5": "", "C5": "", "D5": "", "E5": "", "F5": "", "G5": "", "H5": "", "I5": ""},
			[]string{"no sheet has a player row"}},
	}
	for _, tt := range tests {
		path := organizerTemplate(t, ".xlsx", tt.cells)
		err := writeStandingsXLSX(io.Discard, st, writer.Options{Template: path}, writer.XLSXConfig{})
		if !errors.Is(err, ErrTemplate) {
			t.Errorf("%s: %v, want ErrTemplate", tt.name, err)
			continue
		}
		var msgs []string
		for _, e := range tbsheet.Errors(err) {
			msgs = append(msgs, e.Error())
		}
		all := strings.Join(msgs, "\n")
		for _, w := range tt.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: errors\n%s\nlack %q", tt.name, all, w)
			}
		}
	}
	for _, path := range []string{"macros.xlsm", "old.xls", filepath.Join(t.TempDir(), "missing.xlsx")} {
		if err := writeStandingsXLSX(io.Discard, st, writer.Options{Template: path}, writer.XLSXConfig{}); err == nil {
			t.Errorf("%s: accepted as a template", path)
		}
	}
}

// TestTemplateNoPlayers fills a template for standings with nobody ranked yet.
func TestTemplateNoPlayers(t *testing.T) {
	st := writertest.NotPlayed()
	path := organizerTemplate(t, ".xlsx", nil)
	var b bytes.Buffer
	if err := writeStandingsXLSX(&b, st, writer.Options{Template: path}, writer.XLSXConfig{}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, cell := range []string{"A5", "B5", "D5"} {
		if v, _ := f.GetCellValue("Results", cell); v != "" {
			t.Errorf("%s = %q, want empty", cell, v)
		}
	}
	if v, _ := f.GetCellValue("Results", "A7"); !strings.HasPrefix(v, "Generated") {
		t.Errorf("the footer moved: A7 = %q", v)
	}
}
