//go:build e2e

package writer_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// TestPDFQRE2E: the QR code poppler draws in the corner of the standings' and the
// pairings' page 1 is, module by module, the code of --qr's address.
func TestPDFQRE2E(t *testing.T) {
	const url, dpi = "http://192.168.1.20:8080/", 300
	want, err := writer.QRModules(url)
	if err != nil {
		t.Fatal(err)
	}
	opt := writer.Options{QR: url, Now: writertest.Now}
	standings := filepath.Join(t.TempDir(), "standings.pdf")
	if err := standingsheet.Standings.WriteFile(standings, writertest.Standings(), opt); err != nil {
		t.Fatal(err)
	}
	pairings := filepath.Join(t.TempDir(), "pairings.pdf")
	f, err := os.Create(pairings)
	if err != nil {
		t.Fatal(err)
	}
	if err := roundsheet.WritePairingsPDF(f, writertest.Pairings(t), roundsheet.BothLists, opt); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, pdf := range []string{standings, pairings} {
		img, _ := writertest.PageImage(t, pdf, dpi)
		pageW := float64(img.Bounds().Dx()) / dpi * 25.4
		m := writer.QRSide / float64(len(want)+2)
		x0, y0 := pageW-writer.MarginX-writer.QRSide+m, writer.MarginTop+m
		wrong := 0
		for y, row := range want {
			for x, dark := range row {
				px := int((x0 + (float64(x)+0.5)*m) / 25.4 * dpi)
				py := int((y0 + (float64(y)+0.5)*m) / 25.4 * dpi)
				r, _, _, _ := img.At(px, py).RGBA()
				if (r < 0x8000) != dark {
					wrong++
				}
			}
		}
		if wrong > 0 {
			t.Errorf("%s: %d of the code's %d modules are printed wrong", filepath.Base(pdf), wrong, len(want)*len(want))
		}
	}
}
