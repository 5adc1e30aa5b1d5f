package writer

// Sizing and pagination of a wall document. The type is sized to the page: a small event
// fills its page in type up to 20 pt, an event of a few pages stays dense (13 pt, about forty
// rows an A4 page), and names are never cut — the page turns, then the tiebreak columns go
// to a second line, and a name longer than any column wraps. The title wraps to two lines or
// is set smaller, never cut. The legend follows the last rows and never takes a page of its
// own: rows move to its page when it does not fit under them; a legend of prose that reads
// on from the table (flowLegend) starts under the last rows and runs on over the pages.

const (
	// maxScale sets names in 20 pt: a small event fills its page.
	maxScale = 20 / BodyPt
	// denseScale is the scale of an event that takes several pages: 13 pt names.
	denseScale = 1.0
	// onePageScale is the smallest scale an event is shrunk to so as to fit one page.
	onePageScale = 0.85
	// minScale is the smallest scale the width is shrunk to before the page turns, then
	// before the tiebreaks take a second line.
	minScale = 0.8
	// minPlayerW and maxPlayerW bound, at scale 1, the room asked for the names: longer
	// names wrap in their row rather than shrink the whole table.
	minPlayerW = 40.0
	maxPlayerW = 95.0
	// maxLines bounds the lines a row may take for its tiebreaks.
	maxLines = 8

	titleGap     = 2.5 // below the header
	legendGap    = 5.0 // between the table and the legend
	legendColGap = 6.0
	// maxLeading is the most the rows of a one-page event are spaced out to fill the page.
	maxLeading = 1.4
)

// Orient chooses the page's orientation, the lines a row takes and the table's scale, and
// lays out the title and the legend for them: portrait, the way standings are posted, unless
// it would shrink the table below minScale; then landscape, with the tiebreaks on as few
// lines as keep minScale.
func (d *PDF) Orient() {
	portrait, landscape := d.PageW, d.PageH
	if d.Landscape {
		portrait, landscape = d.PageH, d.PageW
	}
	type plan struct {
		landscape bool
		lines     int
	}
	scaleOf := func(p plan) (scale, width float64) {
		d.Landscape, d.lines = p.landscape, p.lines
		d.PageW, d.PageH = portrait, landscape
		if p.landscape {
			d.PageW, d.PageH = landscape, portrait
		}
		return d.fit()
	}
	best := plan{false, 1}
	_, pWidth := scaleOf(best)
	_, lWidth := scaleOf(plan{true, 1})
	switch {
	case pWidth >= minScale:
	case lWidth >= minScale || d.spreadCols() < 2:
		best = plan{true, 1}
	default:
		best = plan{true, maxLines}
		for lines := 2; lines < maxLines && lines <= d.spreadCols(); lines++ {
			if _, w := scaleOf(plan{true, lines}); w >= minScale {
				best = plan{true, lines}
				break
			}
		}
		best.lines = min(best.lines, d.spreadCols())
	}
	d.scale, _ = scaleOf(best)
	d.lineCounts = d.rowLines()
}

// fit lays out the title and legend for the page and lines chosen, and returns the scale the
// table is set at and the scale its width allows.
func (d *PDF) fit() (scale, width float64) {
	d.LayoutTitle()
	width = d.widthScale()
	d.scale, d.leading = min(width, maxScale), 1
	d.layoutLegend()
	if one := d.onePageScale(); one >= onePageScale {
		d.scale = min(d.scale, one)
		d.leading = d.fillLeading()
	} else {
		d.scale = min(d.scale, denseScale)
	}
	return d.scale, width
}

// fillLeading is how far the rows of a one-page event are spaced out to fill the page, up
// to maxLeading.
func (d *PDF) fillLeading() float64 {
	rows := 0.0
	for _, n := range d.rowLines() {
		rows += float64(n) * rowH * d.scale
	}
	room := d.BodyBottom() - d.TableTop() - legendGap - d.legendHeight() - d.headH()
	if d.Cut > 0 {
		room -= cutH * d.scale
	}
	return min(max(room/rows, 1), maxLeading)
}

// lineH is the height of a row's line.
func (d *PDF) lineH() float64 { return rowH * d.scale * d.leading }

// spreadCols is the number of columns that may go to a row's further lines.
func (d *PDF) spreadCols() int {
	if d.Spread == 0 {
		return 0
	}
	return len(d.Cols) - d.Spread
}

// fixedCols is the number of columns on every row's first line.
func (d *PDF) fixedCols() int { return len(d.Cols) - d.spreadCols() }

// slots returns the widths at scale 1 of the places the spread columns share when a row
// takes d.lines lines: column spread+k is on line k/len(slots), place k%len(slots).
func (d *PDF) slots() []float64 {
	n := d.spreadCols()
	if n == 0 {
		return nil
	}
	per := (n + d.lines - 1) / d.lines
	ws := make([]float64, per)
	for k := range n {
		ws[k%per] = max(ws[k%per], d.Cols[d.Spread+k].w)
	}
	return ws
}

// playerNeed is the room the player column asks for at scale 1.
func (d *PDF) playerNeed() float64 {
	return min(max(d.Cols[d.Player].w, minPlayerW), maxPlayerW)
}

// widthScale is the largest scale at which every column fits the page's width.
func (d *PDF) widthScale() float64 {
	need := d.playerNeed()
	for c := range d.fixedCols() {
		if c != d.Player {
			need += d.Cols[c].w
		}
	}
	for _, w := range d.slots() {
		need += w
	}
	return d.tableWidth() / need
}

// cellBox is where a column is drawn in a row: x from the left margin, width and line.
type cellBox struct {
	x, w float64
	line int
}

// grid places every column at the layout's scale; the player column takes what the others
// leave.
func (d *PDF) grid() []cellBox {
	boxes := make([]cellBox, len(d.Cols))
	fixed := d.fixedCols()
	rest := d.tableWidth()
	for c := range fixed {
		if c != d.Player {
			boxes[c].w = d.Cols[c].w * d.scale
			rest -= boxes[c].w
		}
	}
	slots := d.slots()
	for _, w := range slots {
		rest -= w * d.scale
	}
	boxes[d.Player].w = rest
	x := 0.0
	for c := range fixed {
		boxes[c].x = x
		x += boxes[c].w
	}
	for k := range d.spreadCols() {
		line, slot := k/len(slots), k%len(slots)
		sx := x
		for _, w := range slots[:slot] {
			sx += w * d.scale
		}
		boxes[d.Spread+k] = cellBox{x: sx, w: slots[slot] * d.scale, line: line}
	}
	return boxes
}

func (d *PDF) tableWidth() float64 { return d.PageW - 2*MarginX }

// nameLines returns row i's name as printed: one line, or wrapped to its cell beside the
// row's mark.
func (d *PDF) nameLines(i int, playerW float64) []Text {
	r := d.Rows[i]
	avail := playerW - 2*cellPad*d.scale
	if len(r.Tag.Glyphs) > 0 {
		avail -= r.Tag.Width(d.scale) + cellPad*d.scale
	}
	name := r.Cells[d.Player]
	if name.Width(d.scale) <= avail+1e-6 {
		return []Text{name}
	}
	return name.Wrap(avail, d.scale)
}

// rowLines returns how many lines each row takes at the layout's scale.
func (d *PDF) rowLines() []int {
	playerW := d.grid()[d.Player].w
	out := make([]int, len(d.Rows))
	for i := range d.Rows {
		out[i] = max(d.lines, len(d.nameLines(i, playerW)))
	}
	return out
}

// headH is the height of the column headers.
func (d *PDF) headH() float64 { return (headRowH + float64(d.lines-1)*rowH) * d.scale }

// onePageScale is the largest scale at which the table and the legend fit one page.
func (d *PDF) onePageScale() float64 {
	perScale := headRowH + float64(d.lines-1)*rowH
	for _, n := range d.rowLines() {
		perScale += float64(n) * rowH
	}
	if d.Cut > 0 {
		perScale += cutH
	}
	room := d.BodyBottom() - d.TableTop() - legendGap - d.legendHeight()
	return room / perScale
}

// LayoutTitle sets the title on one line in titlePt, else on two lines as large as they
// fit down to titleMinPt, else on as many lines as it takes: a name is never cut.
func (d *PDF) LayoutTitle() {
	w := d.headerWidth()
	if d.Title.Width(1) <= w {
		d.titleLines = []Text{d.Title}
		return
	}
	for pt := TitlePt - 2; pt >= titleMinPt; pt-- {
		if lines := d.Title.Wrap(w, pt/TitlePt); len(lines) <= 2 {
			d.titleLines = sized(lines, pt)
			return
		}
	}
	d.titleLines = sized(d.Title.Wrap(w, titleMinPt/TitlePt), titleMinPt)
}

// sized returns lines set in pt.
func sized(lines []Text, pt float64) []Text {
	for i := range lines {
		lines[i].Pt = pt
	}
	return lines
}

// titleLineH is the height of a title line.
func titleLineH(t Text) float64 { return t.Pt * PtMM * 1.22 }

// metaBeside reports whether the date and system fit on the subtitle's line.
func (d *PDF) metaBeside() bool {
	return d.Subtitle.Width(1)+d.Meta.Width(1)+6 <= d.headerWidth()
}

// subLineH is the height of the subtitle's line (and of the meta line below it).
const subLineH = SubPt * PtMM * 1.45

// headerH is the height of the page header: the title lines, the subtitle, and the date
// and system when they do not fit beside it.
func (d *PDF) headerH() float64 {
	h := titleGap + subLineH
	for _, l := range d.titleLines {
		h += titleLineH(l)
	}
	if !d.metaBeside() && len(d.Meta.Glyphs) > 0 {
		h += MetaPt * PtMM * 1.5
	}
	if d.qr != nil {
		h = max(h, qrSide+1)
	}
	return h
}

// TableTop is where the column headers (or, on a page without rows, the legend) start.
func (d *PDF) TableTop() float64 { return marginTop + d.headerH() }

// BodyBottom is where the footer starts.
func (d *PDF) BodyBottom() float64 { return d.PageH - MarginBottom - FooterH }

// placed is a text at an x offset from the left margin.
type placed struct {
	x float64
	t Text
}

// band is one line of the legend across the page: one piece, or one per legend column.
type band struct {
	pieces []placed
	h      float64
	scale  float64 // of the legend's type: d.legendScale, or the size a flowing legend takes
}

// layoutLegend chooses the legend's columns and size: the column keys in one column, in two
// when there are more than ten, three in landscape beyond thirty; in type that grows with
// the table's, up to 13 pt. When that does not fit the page under the whole table (set as
// small as a one-page table may be), or, for a table of several pages, under a few rows,
// the legend is set smaller (down to 80%), then its keys in one more column, then all of it
// (the notes too: a long prose legend such as the scenarios') in two and three columns.
func (d *PDF) layoutLegend() {
	keys := 0
	for _, l := range d.Legend {
		if l.Key {
			keys++
		}
	}
	base := min(max(1, 0.9*d.scale), 13/LegendPt)
	first := 1
	switch {
	case keys > 30 && d.Landscape:
		first = 3
	case keys > 10:
		first = 2
	}
	table := headRowH + float64(d.lines-1)*rowH
	for _, n := range d.rowLines() {
		table += float64(n) * rowH
	}
	if d.Cut > 0 {
		table += cutH
	}
	free := d.BodyBottom() - d.TableTop() - legendGap
	rooms := []float64{free - table*min(d.scale, onePageScale), free - d.headH() - 2*float64(d.lines)*rowH*d.scale}
	if d.FlowLegend {
		// A legend that reads on from the table flows on over the pages (flowBands) when it
		// does not fit the page under the whole table.
		rooms = rooms[:1]
		defer func() {
			if d.legendHeight() > rooms[0] {
				d.legendCols, d.legendScale, d.legendAllCols = flowCols(d.Landscape), base, true
			}
		}()
	}
	for _, room := range rooms {
		for _, all := range []bool{false, true} {
			for cols := first; cols <= 3; cols++ {
				if all && cols < 2 {
					continue
				}
				for scale := base; scale >= 0.8-1e-9; scale -= 0.05 {
					d.legendCols, d.legendScale, d.legendAllCols = cols, scale, all
					if d.legendHeight() <= room {
						return
					}
				}
			}
		}
	}
}

// legendHeight is the height of the legend as laid out.
func (d *PDF) legendHeight() float64 {
	h := 0.0
	for _, b := range d.legendBands() {
		h += b.h
	}
	return h
}

// legendBands lays the legend out in bands: headings and notes across the page, a run of
// key lines in d.legendCols columns, each filled top to bottom; with legendAllCols, all of
// it in columns.
func (d *PDF) legendBands() []band {
	s := d.legendScale
	lineH := legendH * s
	w := d.tableWidth()
	var bands []band
	for i := 0; i < len(d.Legend); {
		l := d.Legend[i]
		if d.legendAllCols {
			bands = append(bands, d.keyColumns(d.Legend, w)...)
			break
		}
		if !l.Key || d.legendCols == 1 {
			for k, piece := range l.T.Wrap(w-l.indent, s) {
				b := band{pieces: []placed{{l.indent, piece}}, h: lineH, scale: s}
				if l.Heading && k == 0 {
					b.h = lineH + 1.5*s
				}
				bands = append(bands, b)
			}
			i++
			continue
		}
		j := i
		for j < len(d.Legend) && d.Legend[j].Key {
			j++
		}
		bands = append(bands, d.keyColumns(d.Legend[i:j], w)...)
		i = j
	}
	return bands
}

// keyColumns sets key lines in d.legendCols columns of equal width, filled top to bottom
// with about as many lines each.
func (d *PDF) keyColumns(lines []PDFLegendLine, w float64) []band {
	s, cols := d.legendScale, d.legendCols
	colW := (w - float64(cols-1)*legendColGap) / float64(cols)
	var pieces [][]Text // every wrapped line, in order; an entry's lines stay together
	total := 0
	for _, l := range lines {
		p := l.T.Wrap(colW, s)
		pieces = append(pieces, p)
		total += len(p)
	}
	per := (total + cols - 1) / cols
	columns := make([][]Text, cols)
	c := 0
	for _, p := range pieces {
		if c < cols-1 && len(columns[c]) > 0 && len(columns[c])+len(p) > per {
			c++
		}
		columns[c] = append(columns[c], p...)
	}
	n := 0
	for _, col := range columns {
		n = max(n, len(col))
	}
	bands := make([]band, n)
	for k := range bands {
		bands[k].h, bands[k].scale = legendH*s, s
		for c, col := range columns {
			if k < len(col) {
				bands[k].pieces = append(bands[k].pieces, placed{float64(c) * (colW + legendColGap), col[k]})
			}
		}
	}
	return bands
}

// item is one block of a page's body.
type item struct {
	kind itemKind
	row  int     // itemRow: index into rows
	band band    // itemLegend: one line of the legend
	h    float64 // height
}

type itemKind uint8

const (
	itemRow itemKind = iota
	itemCut
	itemGap
	itemLegend
)

// page is one page's body; table pages repeat the column headers.
type page struct {
	table bool
	items []item
}

// paginate distributes the rows over pages (the cut line stays under its row), then the
// legend after the last row; a legend that flows (flowLegend) starts under the last rows and
// runs on over the next pages. The last page of rows keeps at least minLastRows rows (no
// single row on a page of its own); when the legend does not fit under the last rows, up to
// minLastRows of them move to the legend's page with their column headers, so that the
// legend never stands alone. A legend taller than a page (never, once layoutLegend has
// fitted it) continues on the next.
func (d *PDF) paginate() []page {
	// The tolerance keeps float rounding from turning a page that the layout filled exactly.
	top, bottom := d.TableTop(), d.BodyBottom()+1e-6
	var pages []page
	y := 0.0
	start := func(table bool) {
		pages = append(pages, page{table: table})
		y = top
		if table {
			y += d.headH()
		}
	}
	start(true)
	lines := d.lineCounts
	for i := range d.Rows {
		it := item{kind: itemRow, row: i, h: float64(lines[i]) * d.lineH()}
		keep := 0.0
		if d.Cut > 0 && i == d.Cut-1 {
			keep = cutH * d.scale
		}
		if cur := &pages[len(pages)-1]; y+it.h+keep > bottom && len(cur.items) > 0 {
			start(true)
		}
		cur := &pages[len(pages)-1]
		cur.items = append(cur.items, it)
		y += it.h
		if keep > 0 {
			cur.items = append(cur.items, item{kind: itemCut, h: keep})
			y += keep
		}
	}
	if n := len(pages); n > 1 {
		if short := minLastRows - rowCount(pages[n-1].items); short > 0 {
			moved, h := trailingRows(pages[n-2].items, short, bottom-y)
			pages[n-2].items = pages[n-2].items[:len(pages[n-2].items)-len(moved)]
			pages[n-1].items = append(moved, pages[n-1].items...)
			y += h
		}
	}

	var legend []item
	total := 0.0
	for _, b := range d.legendBands() {
		legend = append(legend, item{kind: itemLegend, band: b, h: b.h})
		total += b.h
	}
	if len(legend) == 0 {
		return pages
	}
	if last := &pages[len(pages)-1]; d.FlowLegend && len(last.items) > 0 && y+legendGap+total > bottom {
		for k, bands := range d.flowBands(bottom-y-legendGap, bottom-top) {
			switch {
			case k > 0:
				start(false)
			case len(bands) > 0:
				last.items = append(last.items, item{kind: itemGap, h: legendGap})
			}
			for _, b := range bands {
				pages[len(pages)-1].items = append(pages[len(pages)-1].items, item{kind: itemLegend, band: b, h: b.h})
			}
		}
		return pages
	}
	if last := &pages[len(pages)-1]; len(last.items) > 0 && y+legendGap+total > bottom {
		room := bottom - top - d.headH() - legendGap - total
		moved, h := trailingRows(last.items, minLastRows, room)
		last.items = last.items[:len(last.items)-len(moved)]
		start(len(moved) > 0)
		pages[len(pages)-1].items = moved
		y += h
	}
	if cur := &pages[len(pages)-1]; len(cur.items) > 0 {
		cur.items = append(cur.items, item{kind: itemGap, h: legendGap})
		y += legendGap
	}
	for _, it := range legend {
		if y+it.h > bottom && len(pages[len(pages)-1].items) > 0 {
			start(false)
		}
		cur := &pages[len(pages)-1]
		cur.items = append(cur.items, it)
		y += it.h
	}
	return pages
}

// minLastRows is the fewest rows the last page of rows keeps, when there are enough.
const minLastRows = 3

// rowCount counts the rows among items.
func rowCount(items []item) int {
	n := 0
	for _, it := range items {
		if it.kind == itemRow {
			n++
		}
	}
	return n
}

// trailingRows returns the last rows of items (each with the cut line under it) that may
// move to the next page: at most n rows, together at most room high, and never the first
// row, which stays; h is their height.
func trailingRows(items []item, n int, room float64) (moved []item, h float64) {
	from, rows := len(items), 0
	for k := len(items) - 1; k > 0 && rows < n; k-- {
		if items[k].kind != itemRow {
			continue
		}
		block := 0.0
		for _, it := range items[k:from] {
			block += it.h
		}
		if h+block > room {
			break
		}
		h, from, rows = h+block, k, rows+1
	}
	return append([]item(nil), items[from:]...), h
}

// flowCols is the number of columns a flowing legend is set in: two on a portrait page,
// three in landscape, lines a reader's eye follows without losing its place.
func flowCols(landscape bool) int {
	if landscape {
		return 3
	}
	return 2
}

// minFlowLines is the fewest lines a flowing legend starts with under the last rows; with
// less room it starts on the next page.
const minFlowLines = 4

// flowBands lays a flowing legend out page by page: in its columns under the last rows
// (first mm high), then down whole pages (full mm high), each page's columns filled left to
// right and the last page's balanced. It sets the legend in the largest size, down to 80%,
// that takes the fewest pages, so that no page holds only a few lines of it.
func (d *PDF) flowBands(first, full float64) [][]band {
	var best [][]band
	for scale := d.legendScale; scale >= 0.8-1e-9; scale -= 0.05 {
		if pages := d.flowPages(scale, first, full); best == nil || len(pages) < len(best) {
			best = pages
		}
	}
	return best
}

// flowPages lays the legend out at scale s in d.legendCols columns over pages, the first
// first mm high, the others full mm high.
func (d *PDF) flowPages(s, first, full float64) [][]band {
	cols := d.legendCols
	lineH := legendH * s
	colW := (d.tableWidth() - float64(cols-1)*legendColGap) / float64(cols)
	var lines []flowLine
	for _, l := range d.Legend {
		if l.Heading && len(lines) > 0 {
			lines = append(lines, flowLine{blank: true})
		}
		for k, piece := range l.T.Wrap(colW, s) {
			lines = append(lines, flowLine{t: piece, heading: l.Heading && k == 0})
		}
	}
	var pages [][]band
	for room := first; len(lines) > 0; room = full {
		limit := max(int(room/lineH), 1) // a page too short for a line still takes one
		if len(pages) == 0 && limit < minFlowLines {
			limit = 0
		}
		columns, rest := fillColumns(lines, cols, limit)
		if len(rest) == 0 { // the last page: columns as even as they go
			for short := (len(lines) + cols - 1) / cols; short < limit; short++ {
				if c, r := fillColumns(lines, cols, short); len(r) == 0 {
					columns = c
					break
				}
			}
		}
		var bands []band
		for _, col := range columns {
			bands = append(bands, make([]band, max(0, len(col)-len(bands)))...)
		}
		for c, col := range columns {
			for k, l := range col {
				bands[k].h, bands[k].scale = lineH, s
				if !l.blank {
					bands[k].pieces = append(bands[k].pieces, placed{float64(c) * (colW + legendColGap), l.t})
				}
			}
		}
		pages = append(pages, bands)
		lines = rest
	}
	return pages
}

// flowLine is one line of a flowing legend: a wrapped piece of a legend line, or the blank
// line before a heading.
type flowLine struct {
	t       Text
	heading bool // the first line of a heading, which its next line follows in the column
	blank   bool
}

// fillColumns fills up to cols columns of at most limit lines each from lines, in order,
// and returns them and the lines left over. A column never ends with a heading nor starts
// with a blank line.
func fillColumns(lines []flowLine, cols, limit int) (columns [][]flowLine, rest []flowLine) {
	columns = make([][]flowLine, 0, cols)
	for len(columns) < cols && len(lines) > 0 {
		if lines[0].blank {
			lines = lines[1:]
			continue
		}
		n := min(limit, len(lines))
		if n > 1 && n < len(lines) && lines[n-1].heading {
			n--
		}
		if n > 0 && lines[n-1].blank {
			n--
		}
		columns = append(columns, lines[:n])
		lines = lines[n:]
		if n == 0 {
			break
		}
	}
	return columns, lines
}
