package writer

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
)

// TestPDFQRLayout: with a QR code the header's text keeps to its left (a long title wraps
// sooner, the date goes under the subtitle sooner) and the header is as tall as the code;
// without one nothing moves.
func TestPDFQRLayout(t *testing.T) {
	st := writertest.Standings()
	st.Event.Name = strings.Repeat("Spring Open Championship ", 6)
	plain := layoutFor(t, st, Options{})
	qr := layoutFor(t, st, Options{QR: "http://192.168.1.20:8080/"})
	if plain.qr != nil || plain.headerWidth() != plain.tableWidth() {
		t.Errorf("without --qr the header is %v wide, the table %v", plain.headerWidth(), plain.tableWidth())
	}
	if qr.qr == nil || qr.headerWidth() != qr.tableWidth()-qrSide-qrGap {
		t.Fatalf("with --qr the header is %v wide, the table %v", qr.headerWidth(), qr.tableWidth())
	}
	for _, l := range qr.titleLines {
		if w := l.Width(1); w > qr.headerWidth() {
			t.Errorf("a title line %v wide runs under the code (room %v)", w, qr.headerWidth())
		}
	}
	if qr.headerH() < qrSide {
		t.Errorf("the header is %v tall, the code %v", qr.headerH(), qrSide)
	}
	if _, err := qrModules(strings.Repeat("x", 4000)); err == nil {
		t.Errorf("an address too long for a QR code is not refused")
	}
}
