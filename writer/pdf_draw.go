package writer

import "codeberg.org/go-pdf/fpdf"

// Drawing the laid-out document: everything here works in millimetres from the top-left
// corner and takes its positions from the layout in pdf_layout.go.

// Baseline returns the baseline that centres capitals and CJK ideographs (both about 0.72 em
// tall above it) vertically in a box of height h starting at top.
func Baseline(top, h, pt float64) float64 { return top + h/2 + 0.36*pt*PtMM }

func (d *PDF) drawPage(pdf *fpdf.Fpdf, p page, n, total int) {
	d.DrawHeader(pdf)
	y := d.TableTop()
	boxes := d.grid()
	if p.table {
		d.drawTableHeader(pdf, y, boxes)
		y += d.headH()
	}
	for _, it := range p.items {
		switch it.kind {
		case itemRow:
			d.drawRow(pdf, y, boxes, it.row, d.lineCounts[it.row])
		case itemCut:
			d.drawCut(pdf, y)
		case itemLegend:
			for _, pc := range it.band.pieces {
				s := it.band.scale
				pc.t.Draw(pdf, MarginX+pc.x, Baseline(y, legendH*s, pc.t.Pt*s)+(it.h-legendH*s), s)
			}
		}
		y += it.h
	}
	d.DrawFooter(pdf, n, total)
}

// DrawHeader prints the title's lines, then the subtitle with the date and system at its
// right (or on their own line below when they do not fit beside it).
func (d *PDF) DrawHeader(pdf *fpdf.Fpdf) {
	x0, x1 := MarginX, MarginX+d.headerWidth()
	y := marginTop
	for _, l := range d.titleLines {
		h := titleLineH(l)
		l.Draw(pdf, x0, y+h*0.8, 1)
		y += h
	}
	base := y + subLineH*0.72
	d.Subtitle.Draw(pdf, x0, base, 1)
	if d.metaBeside() {
		d.Meta.Draw(pdf, x1-d.Meta.Width(1), base, 1)
	} else {
		d.Meta.Draw(pdf, x0, base+MetaPt*PtMM*1.5, 1)
	}
	d.drawQR(pdf)
}

// DrawFooter draws page n of total's footer: the source and time, and "Page n of total".
func (d *PDF) DrawFooter(pdf *fpdf.Fpdf, n, total int) {
	x0, x1 := MarginX, d.PageW-MarginX
	y := d.PageH - MarginBottom - FooterH + 2
	pdf.SetDrawColor(GrayMeta, GrayMeta, GrayMeta)
	pdf.SetLineWidth(0.2)
	pdf.Line(x0, y, x1, y)
	base := y + 4.5
	page := d.Fonts.Shape(d.pageOf(n, total), Style{Pt: footPt, Gray: GrayMeta}, "the footer")
	d.footer.Fit(x1-x0-page.Width(1)-6, 1, d.Ell).Draw(pdf, x0, base, 1)
	page.Draw(pdf, x1-page.Width(1), base, 1)
}

// drawTableHeader draws the column headers on a grey band, each on its line.
func (d *PDF) drawTableHeader(pdf *fpdf.Fpdf, y float64, boxes []cellBox) {
	h := d.headH()
	pdf.SetFillColor(GrayHeadRow, GrayHeadRow, GrayHeadRow)
	pdf.Rect(MarginX, y, d.tableWidth(), h, "F")
	lineH := headRowH * d.scale
	if d.lines > 1 {
		lineH = h / float64(d.lines)
	}
	for c, col := range d.Cols {
		b := boxes[c]
		d.drawCell(pdf, MarginX+b.x, y+float64(b.line)*lineH, b.w, lineH, col.Head, col.Right)
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Line(MarginX, y+h, MarginX+d.tableWidth(), y+h)
}

// drawCell prints t in a cell, less its padding, on the line's baseline. Columns are as wide
// as their widest cell and names wrap before they are drawn, so fit cuts only what no
// layout could hold (a header wider than its column).
func (d *PDF) drawCell(pdf *fpdf.Fpdf, x, y, w, h float64, t Text, right bool) {
	pad := cellPad * d.scale
	t = t.Fit(w-2*pad, d.scale, d.Ell)
	tx := x + pad
	if right {
		tx = x + w - pad - t.Width(d.scale)
	}
	t.Draw(pdf, tx, Baseline(y, h, t.Pt*d.scale), d.scale)
}

// drawRow draws row i over its lines: every other row banded, the name (wrapped if it
// must) with the row's mark at the right of its first line, each figure on its line.
func (d *PDF) drawRow(pdf *fpdf.Fpdf, y float64, boxes []cellBox, i, lines int) {
	lineH := d.lineH()
	if i%2 == 1 {
		pdf.SetFillColor(GrayStripe, GrayStripe, GrayStripe)
		pdf.Rect(MarginX, y, d.tableWidth(), float64(lines)*lineH, "F")
	}
	r := d.Rows[i]
	for c, cell := range r.Cells {
		b := boxes[c]
		x, ly := MarginX+b.x, y+float64(b.line)*lineH
		if c != d.Player {
			d.drawCell(pdf, x, ly, b.w, lineH, cell, d.Cols[c].Right)
			continue
		}
		pad := cellPad * d.scale
		if len(r.Tag.Glyphs) > 0 {
			tw := r.Tag.Width(d.scale)
			r.Tag.Draw(pdf, x+b.w-pad-tw, Baseline(ly, lineH, r.Tag.Pt*d.scale), d.scale)
		}
		for k, l := range d.nameLines(i, b.w) {
			l.Draw(pdf, x+pad, Baseline(ly+float64(k)*lineH, lineH, l.Pt*d.scale), d.scale)
		}
	}
}

// drawCut draws the top-cut line across the table with its label in the middle.
func (d *PDF) drawCut(pdf *fpdf.Fpdf, y float64) {
	h := cutH * d.scale
	mid := y + h/2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.7 * d.scale)
	pdf.Line(MarginX, mid, MarginX+d.tableWidth(), mid)
	lw := d.CutLabel.Width(d.scale)
	pad := 2 * d.scale
	lx := MarginX + (d.tableWidth()-lw)/2
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(lx-pad, y, lw+2*pad, h, "F")
	d.CutLabel.Draw(pdf, lx, Baseline(y, h, d.CutLabel.Pt*d.scale), d.scale)
}
