package roundsheet

import (
	"io"
	"math"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// The pairings wall pages: the standings PDF's paper, fonts, header and footer, with the
// list by name (every player, alphabetically, with his points, table and opponent: the list
// players crowd around) and the list by table. Each list is set in blocks side by side
// (newspaper columns) at the largest type that keeps it to the fewest pages it can take in
// type read from two metres: a 16-player round fills a portrait page in 22 pt, a 300-player
// one takes landscape pages of two blocks in 14 pt. Names are squeezed, then wrapped to a
// second line, never cut. The pages of the list by name say which names they hold, so that
// they can be posted side by side.

// Sizes of the wall lists at scale 1; the layout scales them all alike.
const (
	listNamePt  = 10.0 // names and points
	listTablePt = 15.0 // the table number, bold
	listOppPt   = 9.0  // the opponent, in the list by name
	listTagPt   = 6.5  // "late entry"
	listHeadPt  = 6.5  // column headers
	listRowH    = 5.6  // mm: a row of one line
	listLineH   = 4.2  // mm: each more line of a wrapped name
	listHeadH   = 4.6  // mm: the column headers' row
	listPad     = 1.2  // mm: cell padding, at scale 1
	listGutter  = 8.0  // mm between blocks, at any scale

	// listMinScale sets names in 14 pt and table numbers in 21 pt, read from two metres:
	// a list takes more pages rather than smaller type. listMaxScale is the largest type,
	// for the smallest rounds.
	listMinScale = 1.4
	listMaxScale = 2.2
	listStep     = 0.05
	// listPortraitBias is how much larger type a landscape layout must give to be chosen
	// over a portrait one of as many pages: pages of one orientation post and print best.
	listPortraitBias = 0.12
	// nameSqueeze is how far a name is squeezed before it wraps to a second line;
	// oppSqueeze an opponent's name, read after the player's own name and table.
	nameSqueeze = 0.78
	oppSqueeze  = 0.65
	// listMinNameEm is the narrowest a name column may be, in em of its type: about 18
	// letters of a Latin name, nine Chinese characters.
	listMinNameEm = 9.0
	// listMaxWrapped is the share of rows whose names may wrap at a scale above the
	// smallest: more, and the type is too large for the names.
	listMaxWrapped = 0.1
	// listMaxBlocks is the most blocks side by side on a page.
	listMaxBlocks = 3
)

// listAlign is where a cell's text sits.
type listAlign uint8

const (
	listLeft listAlign = iota
	listRight
	listCenter
)

// listCol is one column of a wall list.
type listCol struct {
	head  writer.Text
	align listAlign
	// squeeze, for a column of names, is the smallest fraction of its size a name is set in
	// before it wraps to more lines; 0 for other columns. Names are never cut; name columns
	// share the width the others leave.
	squeeze float64
	// w is the column's width at scale 1, padding included; for a name column, its
	// widest name's.
	w float64
}

// roundPDF is the kit's wall document with the round's lists, slips and bracket drawn on it.
type roundPDF struct{ *writer.PDF }

// newRoundPDF starts a round's wall document (writer.NewPDF).
func newRoundPDF(st *calc.Standings, opt writer.Options) (roundPDF, error) {
	d, err := writer.NewPDF(st, opt)
	return roundPDF{d}, err
}

// name reports whether the column holds names.
func (c listCol) name() bool { return c.squeeze > 0 }

// listRow is one row of a wall list.
type listRow struct {
	cells []writer.Text
	// tags are marks printed at the right end of the name cells ("late entry"); empty
	// texts for none.
	tags []writer.Text
	// first is the name the row is sorted by (the list by name), for the pages' name
	// ranges.
	first string
}

// wallList is one list of the pairings document, laid out on its own pages.
type wallList struct {
	// subtitle says which list it is: "Round 5 pairings — by name".
	subtitle string
	cols     []listCol
	rows     []listRow
	// ranges makes each page's subtitle say from which name to which the page holds.
	ranges bool
	// widest is the widest subtitle a page can have (see widestSubtitle), which the rows
	// are laid out under.
	widest string
}

// listLayout is a wall list placed on pages.
type listLayout struct {
	landscape    bool
	pageW, pageH float64
	blocks       int
	scale        float64
	widths       []float64 // each column's width in mm
	lines        []int     // each row's lines
	wrapped      int       // rows with a wrapped name
	// top is where the column headers start: below the header of the page with the widest
	// subtitle, so that every page of the list starts its rows at the same height.
	top float64
	// pages lists, for each page, each block's rows (indexes into rows).
	pages [][][]int
}

// WritePairingsPDF writes a round's pairings as wall pages in the language, paper and
// fonts opt asks for: the list by name, then the list by table (or the one lists asks for).
func WritePairingsPDF(w io.Writer, p *pairings.Pairings, lists PairingsLists, opt writer.Options) error {
	d, err := newRoundPDF(p.Before, opt)
	if err != nil {
		return err
	}
	s := newPairingWords(p, opt)
	d.Heading()
	var all []*wallList
	if lists != ListByTable {
		all = append(all, d.byNameList(s))
	}
	if lists != ListByName {
		all = append(all, d.byTableList(s))
	}
	var layouts []listLayout
	pages := 0
	paper := [2]float64{d.PageW, d.PageH} // portrait
	for _, l := range all {
		l.measure()
		lay := l.layout(d, paper)
		layouts = append(layouts, lay)
		pages += len(lay.pages)
	}
	return d.Output(w, func(pdf *fpdf.Fpdf) {
		n := 0
		for k, l := range all {
			lay := layouts[k]
			for _, page := range lay.pages {
				n++
				if lay.landscape {
					pdf.AddPageFormat("L", fpdf.SizeType{Wd: lay.pageH, Ht: lay.pageW})
				} else {
					pdf.AddPageFormat("P", fpdf.SizeType{Wd: lay.pageW, Ht: lay.pageH})
				}
				d.onPage(lay, l.pageSubtitle(page))
				d.DrawHeader(pdf)
				l.drawPage(pdf, d, lay, page)
				d.DrawFooter(pdf, n, pages)
			}
		}
	})
}

// onPage sets the page the header and footer are drawn on: the layout's size and
// orientation, the subtitle, and the title laid out for that width.
func (d roundPDF) onPage(lay listLayout, subtitle string) {
	d.Landscape, d.PageW, d.PageH = lay.landscape, lay.pageW, lay.pageH
	d.Subtitle = d.Fonts.Shape(subtitle, writer.Style{Bold: true, Pt: writer.SubPt}, "the title")
	d.LayoutTitle()
}

// pageSubtitle is a page's subtitle: the list's, with the names the page holds in the list
// by name ("Round 5 pairings — by name · Alice Chen – Kofi Mensah").
func (l *wallList) pageSubtitle(page [][]int) string {
	if !l.ranges {
		return l.subtitle
	}
	first, last := "", ""
	for _, b := range page {
		for _, i := range b {
			if first == "" {
				first = l.rows[i].first
			}
			last = l.rows[i].first
		}
	}
	return l.subtitle + " · " + first + " – " + last
}

// widestSubtitle is the widest subtitle a page of the list can have: with the two widest
// names as its range.
func (l *wallList) widestSubtitle(d roundPDF) string {
	if !l.ranges {
		return l.subtitle
	}
	st := writer.Style{Bold: true, Pt: writer.SubPt}
	var a, b string
	wa, wb := -1.0, -1.0
	for _, r := range l.rows {
		switch w := d.Fonts.Shape(r.first, st, "player "+r.first).Width(1); {
		case w > wa:
			b, wb, a, wa = a, wa, r.first, w
		case w > wb:
			b, wb = r.first, w
		}
	}
	return l.subtitle + " · " + a + " – " + b
}

// byNameList shapes the list by name: player, points, table, opponent (and colour).
func (d roundPDF) byNameList(s pairingWords) *wallList {
	fs, p := d.Fonts, s.p
	l := &wallList{ranges: true, subtitle: s.title() + " — " + s.byNameTitle()}
	l.cols = []listCol{d.listHead(s.l("player"), listLeft, nameSqueeze), d.listHead(writer.PointsHeader(p.Before, s.lang), listRight, 0),
		d.listHead(s.l("table"), listCenter, 0), d.listHead(s.l("pa.opponent"), listLeft, oppSqueeze)}
	coloured := s.coloured()
	if coloured {
		l.cols = append(l.cols, d.listHead(s.l("pa.colour"), listLeft, 0))
	}
	for _, i := range s.byName() {
		pl := &p.Players[i]
		name := s.name(pl.Player)
		// A bye, or a player without an opponent, stands out.
		opp := writer.Style{Pt: listOppPt, Bold: pl.Solo()}
		row := listRow{first: name, cells: []writer.Text{
			fs.Shape(name, writer.Style{Pt: listNamePt}, "player "+name),
			fs.Shape(s.points(pl), writer.Style{Pt: listNamePt}, "points"),
			fs.Shape(s.table(pl), writer.Style{Pt: listTablePt, Bold: true}, "a table number"),
			fs.Shape(s.opponent(pl), opp, "an opponent"),
		}}
		if coloured {
			row.cells = append(row.cells, fs.Shape(s.colour(pl), writer.Style{Pt: listOppPt}, "a colour"))
		}
		row.tags = make([]writer.Text, len(row.cells))
		row.tags[0] = d.listTag(s.tag(pl))
		l.rows = append(l.rows, row)
	}
	return l
}

// byTableList shapes the list by table: table, the two players and their points (White
// first in chess), then the players without an opponent.
func (d roundPDF) byTableList(s pairingWords) *wallList {
	fs, p := d.Fonts, s.p
	l := &wallList{subtitle: s.title() + " — " + s.l("pa.by-table")}
	h1, h2 := s.sideHeads()
	pts := writer.PointsHeader(p.Before, s.lang)
	l.cols = []listCol{d.listHead(s.l("table"), listCenter, 0), d.listHead(h1, listLeft, nameSqueeze),
		d.listHead(pts, listRight, 0), d.listHead(h2, listLeft, nameSqueeze), d.listHead(pts, listRight, 0)}
	name := func(pl *pairings.Player) writer.Text {
		n := s.name(pl.Player)
		return fs.Shape(n, writer.Style{Pt: listNamePt}, "player "+n)
	}
	points := func(pl *pairings.Player) writer.Text {
		return fs.Shape(s.points(pl), writer.Style{Pt: listNamePt}, "points")
	}
	for _, t := range p.Tables {
		i, k := s.seats(t)
		a, b := &p.Players[i], &p.Players[k]
		l.rows = append(l.rows, listRow{
			cells: []writer.Text{fs.Shape(s.table(a), writer.Style{Pt: listTablePt, Bold: true}, "a table number"),
				name(a), points(a), name(b), points(b)},
			tags: []writer.Text{{}, d.listTag(s.tag(a)), {}, d.listTag(s.tag(b)), {}},
		})
	}
	for i := range p.Players {
		pl := &p.Players[i]
		if !pl.Solo() {
			continue
		}
		l.rows = append(l.rows, listRow{
			cells: []writer.Text{fs.Shape(s.table(pl), writer.Style{Pt: listTablePt, Bold: true}, "a table number"),
				name(pl), points(pl), fs.Shape(s.solo(pl), writer.Style{Pt: listNamePt, Bold: true}, "a bye"), {}},
			tags: []writer.Text{{}, d.listTag(s.tag(pl)), {}, {}, {}},
		})
	}
	return l
}

// listHead shapes a column header.
func (d roundPDF) listHead(s string, align listAlign, squeeze float64) listCol {
	return listCol{head: d.Fonts.Shape(s, writer.Style{Bold: true, Pt: listHeadPt}, "a column header"), align: align, squeeze: squeeze}
}

// listTag shapes a row mark, or returns an empty text for "".
func (d roundPDF) listTag(s string) writer.Text {
	if s == "" {
		return writer.Text{}
	}
	return d.Fonts.Shape(s, writer.Style{Pt: listTagPt, Gray: writer.GrayMeta}, "a row mark")
}

// measure sets every column's width at scale 1: its widest cell or header, with its tag,
// plus padding.
func (l *wallList) measure() {
	for c := range l.cols {
		w := l.cols[c].head.Width(1)
		for _, r := range l.rows {
			cw := r.cells[c].Width(1)
			if len(r.tags[c].Glyphs) > 0 {
				cw += r.tags[c].Width(1) + listPad
			}
			w = max(w, cw)
		}
		l.cols[c].w = w + 2*listPad
	}
}

// layout chooses the orientation, the number of blocks and the scale: the fewest pages at
// any scale from listMinScale up, then the largest type for that many pages (landscape
// only for type larger by more than listPortraitBias), then fewer blocks. Layouts that wrap
// more than listMaxWrapped of the rows are taken only when every layout does.
func (l *wallList) layout(d roundPDF, paper [2]float64) listLayout {
	l.widest = l.widestSubtitle(d)
	steps := int(math.Round((listMaxScale - listMinScale) / listStep))
	for _, wrapping := range []bool{false, true} {
		var best listLayout
		found := false
		for k := steps; k >= 0; k-- {
			scale := listMinScale + float64(k)*listStep
			for _, landscape := range []bool{false, true} {
				for blocks := 1; blocks <= listMaxBlocks; blocks++ {
					lay, ok := l.try(d, paper, landscape, blocks, scale)
					if !ok || !wrapping && float64(lay.wrapped) > listMaxWrapped*float64(len(l.rows)) {
						continue
					}
					if !found || lay.better(best) {
						best, found = lay, true
					}
				}
			}
		}
		if found {
			return best
		}
	}
	// Name columns too narrow in any layout (a long opponent's name beside each name):
	// one block at the smallest scale, the names wrapped.
	lay, _ := l.try(d, paper, false, 1, listMinScale)
	return lay
}

// better reports whether lay is a better layout than b: fewer pages, else larger type
// (a landscape page's counted listPortraitBias smaller), else fewer blocks.
func (lay listLayout) better(b listLayout) bool {
	if len(lay.pages) != len(b.pages) {
		return len(lay.pages) < len(b.pages)
	}
	size := func(l listLayout) float64 {
		if l.landscape {
			return l.scale * (1 - listPortraitBias)
		}
		return l.scale
	}
	if sa, sb := size(lay), size(b); math.Abs(sa-sb) > 1e-9 {
		return sa > sb
	}
	return lay.blocks < b.blocks
}

// try lays the list out with blocks blocks per page at scale; false when the name columns
// would be narrower than listMinNameEm.
func (l *wallList) try(d roundPDF, paper [2]float64, landscape bool, blocks int, scale float64) (listLayout, bool) {
	lay := listLayout{landscape: landscape, pageW: paper[0], pageH: paper[1], blocks: blocks, scale: scale}
	if landscape {
		lay.pageW, lay.pageH = paper[1], paper[0]
	}
	d.onPage(lay, l.widest)
	lay.top = d.TableTop()
	blockW := (lay.pageW - 2*writer.MarginX - float64(blocks-1)*listGutter) / float64(blocks)
	lay.widths = make([]float64, len(l.cols))
	if !l.nameWidths(lay.widths, blockW, scale) {
		return lay, false
	}

	// Each row's lines: a name that does not fit squeezed wraps.
	lay.lines = make([]int, len(l.rows))
	for i, r := range l.rows {
		lay.lines[i] = 1
		for c, col := range l.cols {
			if col.name() {
				lines, _ := nameLines(r.cells[c], r.tags[c], lay.widths[c], scale, col.squeeze)
				lay.lines[i] = max(lay.lines[i], len(lines))
			}
		}
		if lay.lines[i] > 1 {
			lay.wrapped++
		}
	}

	// Rows flow down each block, then to the next block and page; the last page's rows are
	// spread evenly over its blocks.
	room := lay.pageH - writer.MarginBottom - writer.FooterH - lay.top - listHeadH*scale
	var page [][]int
	var block []int
	used := 0.0
	for i := range l.rows {
		h := lay.rowH(i)
		if len(block) > 0 && used+h > room {
			page, block, used = append(page, block), nil, 0
			if len(page) == blocks {
				lay.pages, page = append(lay.pages, page), nil
			}
		}
		block = append(block, i)
		used += h
	}
	if len(block) > 0 {
		page = append(page, block)
	}
	if len(page) > 0 || len(lay.pages) == 0 {
		lay.pages = append(lay.pages, lay.balance(page, room))
	}
	return lay, true
}

// nameWidths sets every column's width in widths for a block w mm wide at scale, and
// reports whether each name column keeps at least listMinNameEm. Other columns get their
// width; name columns share the rest: each its widest name when they all fit, with what is
// left over in proportion; else each the least and what is left in proportion to how
// much wider it would be.
func (l *wallList) nameWidths(widths []float64, w, scale float64) bool {
	least := listMinNameEm * listNamePt * writer.PtMM * scale
	spare, natural, need, over := w, 0.0, 0.0, 0.0
	for c, col := range l.cols {
		if !col.name() {
			widths[c] = col.w * scale
			spare -= widths[c]
			continue
		}
		natural += col.w * scale
		need += max(col.w*scale, least)
		over += max(col.w*scale, least) - least
	}
	for c, col := range l.cols {
		switch {
		case !col.name():
		case need <= spare:
			widths[c] = max(col.w*scale, least) + (spare-need)*col.w*scale/natural
		default:
			widths[c] = least + (spare-(need-over))*(max(col.w*scale, least)-least)/over
		}
	}
	return need-over <= spare
}

// rowH is row i's height in mm.
func (lay *listLayout) rowH(i int) float64 {
	return (listRowH + float64(lay.lines[i]-1)*listLineH) * lay.scale
}

// height is the height of rows in mm.
func (lay *listLayout) height(rows []int) float64 {
	h := 0.0
	for _, i := range rows {
		h += lay.rowH(i)
	}
	return h
}

// balance spreads a page's rows over its blocks in order, each block about as tall as the
// others and none taller than room.
func (lay *listLayout) balance(page [][]int, room float64) [][]int {
	var rows []int
	for _, b := range page {
		rows = append(rows, b...)
	}
	blocks := min(lay.blocks, len(rows))
	if blocks <= 1 {
		return [][]int{rows}
	}
	left := lay.height(rows)
	var out [][]int
	var cur []int
	used := 0.0
	for _, i := range rows {
		h := lay.rowH(i)
		// A block is full once it holds its share of what is left.
		if len(cur) > 0 && len(out) < blocks-1 && used+h/2 > left/float64(blocks-len(out)) {
			out, cur, left, used = append(out, cur), nil, left-used, 0
		}
		cur = append(cur, i)
		used += h
	}
	out = append(out, cur)
	for _, b := range out {
		if lay.height(b) > room+1e-9 {
			return page
		}
	}
	return out
}

// nameLines returns a name cell's lines in a column w mm wide at scale, with the tag at the
// end of the last, and the scale they are set at: the name on one line, squeezed down to
// squeeze of its size if need be, or else wrapped, at the largest size down to that squeeze
// that takes no more lines than it and cuts no word.
func nameLines(t, tag writer.Text, w, scale, squeeze float64) ([]writer.Text, float64) {
	pad := listPad * scale
	avail := w - 2*pad
	if len(tag.Glyphs) > 0 {
		avail -= tag.Width(scale) + pad
	}
	switch {
	case t.Width(scale) <= avail:
		return []writer.Text{t}, scale
	case t.Width(scale*squeeze) <= avail:
		return []writer.Text{t}, avail / (t.Em * t.Pt * writer.PtMM)
	}
	least := t.Wrap(avail, scale*squeeze)
	for s := scale; s > scale*squeeze; s -= listStep * scale {
		if lines, whole := t.WrapWords(avail, s); whole && len(lines) <= len(least) {
			return lines, s
		}
	}
	return least, scale * squeeze
}

// drawPage draws a page's blocks: each its column headers, then its rows, banded.
func (l *wallList) drawPage(pdf *fpdf.Fpdf, d roundPDF, lay listLayout, page [][]int) {
	blockW := 0.0
	for _, w := range lay.widths {
		blockW += w
	}
	for b, rows := range page {
		x0 := writer.MarginX + float64(b)*(blockW+listGutter)
		y := lay.top
		h := listHeadH * lay.scale
		pdf.SetFillColor(writer.GrayHeadRow, writer.GrayHeadRow, writer.GrayHeadRow)
		pdf.Rect(x0, y, blockW, h, "F")
		x := x0
		for c, col := range l.cols {
			d.drawListCell(pdf, x, y, lay.widths[c], h, []writer.Text{col.head}, writer.Text{}, col.align, lay.scale, lay.scale)
			x += lay.widths[c]
		}
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.4)
		pdf.Line(x0, y+h, x0+blockW, y+h)
		y += h
		for k, i := range rows {
			h := lay.rowH(i)
			if k%2 == 1 {
				pdf.SetFillColor(writer.GrayStripe, writer.GrayStripe, writer.GrayStripe)
				pdf.Rect(x0, y, blockW, h, "F")
			}
			r := l.rows[i]
			x := x0
			for c, col := range l.cols {
				lines, size := []writer.Text{r.cells[c]}, lay.scale
				if col.name() {
					lines, size = nameLines(r.cells[c], r.tags[c], lay.widths[c], lay.scale, col.squeeze)
				}
				d.drawListCell(pdf, x, y, lay.widths[c], h, lines, r.tags[c], col.align, lay.scale, size)
				x += lay.widths[c]
			}
			y += h
		}
	}
}

// drawListCell prints a cell's lines at size (a scale), centred as a block in the row laid
// out at scale; a line still too wide is set smaller. The tag sits at the right end of the
// last line.
func (d roundPDF) drawListCell(pdf *fpdf.Fpdf, x, y, w, h float64, lines []writer.Text, tag writer.Text, align listAlign, scale, size float64) {
	pad := listPad * scale
	avail := w - 2*pad
	lineH, rowH := listLineH*scale, listRowH*scale
	top := y + (h-float64(len(lines)-1)*lineH-rowH)/2
	if len(tag.Glyphs) > 0 {
		tw := tag.Width(scale)
		avail -= tw + pad
		// Drawn after the name, so that text read from the page has it in that order.
		defer tag.Draw(pdf, x+w-pad-tw, writer.Baseline(top+float64(len(lines)-1)*lineH, rowH, tag.Pt*scale), scale)
	}
	for k, t := range lines {
		s := size
		if t.Width(s) > avail {
			s = avail / (t.Em * t.Pt * writer.PtMM)
		}
		tx := x + pad
		switch align {
		case listRight:
			tx = x + w - pad - t.Width(s)
		case listCenter:
			tx = x + (w-t.Width(s))/2
		}
		t.Draw(pdf, tx, writer.Baseline(top+float64(k)*lineH, rowH, t.Pt*s), s)
	}
}
