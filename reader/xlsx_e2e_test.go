//go:build e2e

package reader

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestLibreOfficeWorkbooks: tbsheet's own workbook parser reads what LibreOffice writes
// (shared strings, rich text, its styles and XML) as excelize's row iterator reads it: every
// sample and fixture workbook, saved again by LibreOffice, gives the same cells. (Events are
// not compared: LibreOffice recalculates formulas on loading.)
func TestLibreOfficeWorkbooks(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatalf("LibreOffice (soffice) is not installed (Debian: libreoffice-calc-nogui): %v", err)
	}
	tmp := t.TempDir()
	profile := "-env:UserInstallation=file://" + filepath.ToSlash(filepath.Join(tmp, "profile"))
	files, _ := filepath.Glob("../samples/*.xlsx")
	more, _ := filepath.Glob(filepath.Join(fixtureDir, "*.xlsx"))
	args := append([]string{profile, "--headless", "--convert-to", "xlsx", "--outdir", tmp}, append(files, more...)...)
	if out, err := exec.Command(soffice, args...).CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	for _, in := range append(files, more...) {
		t.Run(filepath.Base(in), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(tmp, filepath.Base(in)))
			if err != nil || !isWorkbook(data) {
				t.Fatalf("LibreOffice wrote no workbook: %v", err)
			}
			sameCellsAsExcelize(t, data)
		})
	}
}
