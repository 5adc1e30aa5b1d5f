package writer

import "codeberg.org/go-pdf/fpdf"

// Drawing the laid-out standings: everything here works in millimetres from the top-left
// corner and takes its positions from the layout in pdf.go.

// baseline returns the baseline that centres capitals and CJK ideographs (both about 0.72 em
// tall above it) vertically in a box of height h starting at top.
func baseline(top, h, pt float64) float64 { return top + h/2 + 0.36*pt*ptMM }

func (d *standingsPDF) drawPage(pdf *fpdf.Fpdf, p page, n, total int) {
	d.drawHeader(pdf)
	y := d.tableTop()
	ws := d.widths()
	if p.table {
		d.drawTableHeader(pdf, y, ws)
		y += headRowH * d.scale
	}
	for _, it := range p.items {
		switch it.kind {
		case itemRow:
			d.drawRow(pdf, y, ws, it.row)
		case itemCut:
			d.drawCut(pdf, y)
		case itemLegend:
			d.drawLegend(pdf, y, it)
		}
		y += it.h
	}
	d.drawFooter(pdf, n, total)
}

// drawHeader prints the event and system on the first line, the title and source file on the
// second; the left texts give way (with "…") to the right ones.
func (d *standingsPDF) drawHeader(pdf *fpdf.Fpdf) {
	x0, x1 := marginX, d.pageW-marginX
	line := func(y float64, left, right text) {
		rw := right.width(1)
		left.fit(x1-x0-rw-6, 1, d.ell).draw(pdf, x0, y, 1)
		right.draw(pdf, x1-rw, y, 1)
	}
	line(marginTop+6, d.title, d.system)
	line(marginTop+12.5, d.subtitle, d.source)
}

func (d *standingsPDF) drawFooter(pdf *fpdf.Fpdf, n, total int) {
	x0, x1 := marginX, d.pageW-marginX
	y := d.pageH - marginBottom - footerH + 2
	pdf.SetDrawColor(grayMeta, grayMeta, grayMeta)
	pdf.SetLineWidth(0.2)
	pdf.Line(x0, y, x1, y)
	base := y + 4.5
	d.generated.draw(pdf, x0, base, 1)
	page := d.fonts.shape(d.pageOf(n, total), style{pt: footPt, gray: grayMeta}, "the footer")
	page.draw(pdf, x1-page.width(1), base, 1)
}

func (d *standingsPDF) tableWidth() float64 { return d.pageW - 2*marginX }

func (d *standingsPDF) drawTableHeader(pdf *fpdf.Fpdf, y float64, ws []float64) {
	h := headRowH * d.scale
	pdf.SetFillColor(grayHeadRow, grayHeadRow, grayHeadRow)
	pdf.Rect(marginX, y, d.tableWidth(), h, "F")
	x := marginX
	for c, col := range d.cols {
		d.drawCell(pdf, x, y, ws[c], h, col.head, col.right, false)
		x += ws[c]
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Line(marginX, y+h, marginX+d.tableWidth(), y+h)
}

// drawCell prints t in a cell, less its padding, on the row's baseline. A squeezable text
// (a name) that is too wide is first set smaller, down to minSqueeze of its size, and only
// then cut with "…": on a wall, a whole name in smaller type beats a cut one.
func (d *standingsPDF) drawCell(pdf *fpdf.Fpdf, x, y, w, h float64, t text, right, squeeze bool) {
	pad := cellPad * d.scale
	avail := w - 2*pad
	scale := d.scale
	if squeeze && t.width(scale) > avail {
		scale = max(d.scale*minSqueeze, avail/(t.em*t.pt*ptMM))
	}
	t = t.fit(avail, scale, d.ell)
	tx := x + pad
	if right {
		tx = x + w - pad - t.width(scale)
	}
	t.draw(pdf, tx, baseline(y, h, t.pt*d.scale), scale)
}

func (d *standingsPDF) drawRow(pdf *fpdf.Fpdf, y float64, ws []float64, i int) {
	h := rowH * d.scale
	if i%2 == 1 {
		pdf.SetFillColor(grayStripe, grayStripe, grayStripe)
		pdf.Rect(marginX, y, d.tableWidth(), h, "F")
	}
	r := d.rows[i]
	x := marginX
	for c, cell := range r.cells {
		w := ws[c]
		if c == d.player && len(r.tag.glyphs) > 0 {
			// The mark sits at the right end of the name cell; the name gives way to it.
			tw := r.tag.width(d.scale)
			pad := cellPad * d.scale
			r.tag.draw(pdf, x+w-pad-tw, baseline(y, h, r.tag.pt*d.scale), d.scale)
			w -= tw + pad
		}
		d.drawCell(pdf, x, y, w, h, cell, d.cols[c].right, c == d.player)
		x += ws[c]
	}
}

// drawCut draws the top-cut line across the table with its label in the middle.
func (d *standingsPDF) drawCut(pdf *fpdf.Fpdf, y float64) {
	h := cutH * d.scale
	mid := y + h/2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.7 * d.scale)
	pdf.Line(marginX, mid, marginX+d.tableWidth(), mid)
	lw := d.cutLabel.width(d.scale)
	pad := 2 * d.scale
	lx := marginX + (d.tableWidth()-lw)/2
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(lx-pad, y, lw+2*pad, h, "F")
	d.cutLabel.draw(pdf, lx, baseline(y, h, d.cutLabel.pt*d.scale), d.scale)
}

func (d *standingsPDF) drawLegend(pdf *fpdf.Fpdf, y float64, it item) {
	x := marginX + it.indent
	if it.icon {
		drawWarning(pdf, x-2.8, y+0.5, 3.6)
	}
	it.text.draw(pdf, x, baseline(y+it.h-legendH, legendH, it.text.pt), 1)
}

// drawWarning draws ⚠ (a black-edged amber triangle with "!"), centred on cx, size mm tall
// from top: none of the embedded fonts has the character.
func drawWarning(pdf *fpdf.Fpdf, cx, top, size float64) {
	half := size * 0.58
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.25)
	pdf.SetFillColor(255, 196, 0)
	pdf.Polygon([]fpdf.PointType{{X: cx, Y: top}, {X: cx + half, Y: top + size}, {X: cx - half, Y: top + size}}, "DF")
	pdf.SetFillColor(0, 0, 0)
	pdf.Rect(cx-0.22, top+size*0.32, 0.44, size*0.38, "F")
	pdf.Rect(cx-0.22, top+size*0.78, 0.44, 0.44, "F")
}
