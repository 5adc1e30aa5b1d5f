package writer

import (
	"fmt"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	qrcode "github.com/skip2/go-qrcode"
	"github.com/tbsheet/tbsheet"
)

// A wall PDF can carry a QR code (Options.QR: tbsheet serve's address) in the header's
// right corner, small enough to leave the page to the list: the title and the date beside
// the subtitle keep to its left.

// qrSide is the side of the printed code in millimetres, quiet zone included: read by a
// phone held at the sheet, not from across the room.
const qrSide = 16.0

// qrGap is the space between the header's text and the code.
const qrGap = 3.0

// MaxQR is the most characters of an address the printed code carries (Options.QR): a
// longer one needs modules too small for a phone to read in a code of qrSide. The addresses
// tbsheet serve prints are about 30 characters.
const MaxQR = 100

// CheckQR refuses an address the printed QR code cannot carry, before anything is rendered.
func CheckQR(url string) error {
	if n := utf8.RuneCountInString(url); n > MaxQR {
		return fmt.Errorf("an address of %d characters: the printed QR code carries at most %d; give the address tbsheet serve prints", n, MaxQR)
	}
	return nil
}

// qrModules returns the code of url, a row of dark-or-light modules per line, without its
// quiet zone (the header's white space is one).
func qrModules(url string) ([][]bool, error) {
	if err := CheckQR(url); err != nil {
		return nil, err
	}
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("the QR code of %s: %w", tbsheet.Quote(url), err)
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// headerWidth is how wide the header's text may be: the table's width, less the code's.
func (d *PDF) headerWidth() float64 {
	if d.qr == nil {
		return d.tableWidth()
	}
	return d.tableWidth() - qrSide - qrGap
}

// drawQR draws the code in the header's right corner, each run of dark modules one
// rectangle.
func (d *PDF) drawQR(pdf *fpdf.Fpdf) {
	if d.qr == nil {
		return
	}
	m := qrSide / float64(len(d.qr)+2) // a module's side, one module of margin each side
	x0, y0 := d.PageW-MarginX-qrSide+m, marginTop+m
	pdf.SetFillColor(0, 0, 0)
	for y, row := range d.qr {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			run := x
			for run < len(row) && row[run] {
				run++
			}
			pdf.Rect(x0+float64(x)*m, y0+float64(y)*m, float64(run-x)*m, m, "F")
			x = run
		}
	}
}
