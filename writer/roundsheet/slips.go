package roundsheet

import (
	"io"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/writer"
)

// Match result slips: one per table, eight to an A4 page (six to a Letter page) between cut
// lines, for the players to fill in and hand back: the event, the round and the table in
// large type, both players with their points, a box for each player's games won, one for
// drawn games, a drop box and a signature line each. Tables whose result is entered get none,
// unless every table's is.

// Slip geometry in millimetres, sizes in points.
const (
	slipMargin  = 8.0 // the page's margin: printers do not print to the edge
	slipPad     = 5.0 // inside a slip
	slipCols    = 2
	slipEventPt = 9.0
	slipTablePt = 24.0
	slipNamePt  = 14.0
	slipLabelPt = 8.0
	slipBox     = 9.0 // a box's side
	// slipSqueeze is the smallest fraction of its size a long name is set in before it is
	// cut: a slip is read at arm's length.
	slipSqueeze = 0.5
)

// WriteSlipsPDF writes result slips for the round's tables still waiting for a result, in
// the language, paper and fonts opt asks for.
func WriteSlipsPDF(w io.Writer, p *pairings.Pairings, opt writer.Options) error {
	d, err := newRoundPDF(p.Before, opt)
	if err != nil {
		return err
	}
	s := newPairingWords(p, opt)
	d.Heading()
	var tables []pairings.Table
	for _, t := range p.Tables {
		if t.Match.Result == tbsheet.Unreported {
			tables = append(tables, t)
		}
	}
	if len(tables) == 0 { // a round played, asked for again: a slip for every table
		tables = p.Tables
	}
	// Four rows of slips on A4 (74 mm each), three on Letter's shorter page.
	rows := int((d.PageH - 2*slipMargin) / 70)
	perPage := rows * slipCols
	slipW := (d.PageW - 2*slipMargin) / slipCols
	slipH := (d.PageH - 2*slipMargin) / float64(rows)
	return d.Output(w, func(pdf *fpdf.Fpdf) {
		for start := 0; start < len(tables) || start == 0; start += perPage {
			pdf.AddPage()
			d.drawCutLines(pdf, rows, slipW, slipH)
			for k := start; k < min(start+perPage, len(tables)); k++ {
				i := k - start
				x := slipMargin + float64(i%slipCols)*slipW
				y := slipMargin + float64(i/slipCols)*slipH
				d.drawSlip(pdf, s, tables[k], x, y, slipW)
			}
			if len(tables) == 0 {
				break
			}
		}
	})
}

// drawCutLines draws the dashed lines the slips are cut along.
func (d roundPDF) drawCutLines(pdf *fpdf.Fpdf, rows int, w, h float64) {
	pdf.SetDrawColor(writer.GrayMeta, writer.GrayMeta, writer.GrayMeta)
	pdf.SetLineWidth(0.2)
	pdf.SetDashPattern([]float64{2, 1.5}, 0)
	for c := 1; c < slipCols; c++ {
		x := slipMargin + float64(c)*w
		pdf.Line(x, slipMargin/2, x, d.PageH-slipMargin/2)
	}
	for r := 1; r < rows; r++ {
		y := slipMargin + float64(r)*h
		pdf.Line(slipMargin/2, y, d.PageW-slipMargin/2, y)
	}
	pdf.SetDashPattern(nil, 0)
}

// drawSlip draws one table's slip in the w mm wide cell whose top left corner is x, y.
func (d roundPDF) drawSlip(pdf *fpdf.Fpdf, s pairingWords, t pairings.Table, x, y, w float64) {
	fs := d.Fonts
	x0, x1 := x+slipPad, x+w-slipPad
	// The event and round on the left, the table in large type on the right.
	table := fs.Shape(writer.Labelf(s.lang, "table-n", t.Number), writer.Style{Bold: true, Pt: slipTablePt}, "a table number")
	table.Draw(pdf, x1-table.Width(1), y+slipPad+8, 1)
	event := fs.Shape(writer.EventTitle(s.p.Before, s.lang), writer.Style{Pt: slipEventPt, Gray: writer.GrayMeta}, "the event name")
	event.Fit(x1-x0-table.Width(1)-3, 1, d.Ell).Draw(pdf, x0, y+slipPad+3, 1)
	round := fs.Shape(s.roundName(), writer.Style{Bold: true, Pt: slipNamePt}, "the round")
	round.Draw(pdf, x0, y+slipPad+9, 1)

	label := func(key string) writer.Text { return fs.Shape(s.l(key), writer.Style{Pt: slipLabelPt}, "a slip label") }
	games, drop := label("pa.slip.games"), label("pa.slip.drop")
	boxesW := slipBox + 2 + drop.Width(1) + 2 + 4 // the games box, the drop label and box
	i, k := s.seats(t)
	yy := y + slipPad + 16
	for n, pl := range []*pairings.Player{&s.p.Players[i], &s.p.Players[k]} {
		// The name (with his points, and his colour in chess) beside his boxes.
		name := s.name(pl.Player)
		who := fs.Shape(name, writer.Style{Pt: slipNamePt}, "player "+name)
		extra := writer.PointsHeader(s.p.Before, s.lang) + " " + s.points(pl)
		if c := s.colour(pl); c != "" {
			extra = c + " · " + extra
		}
		info := fs.Shape(extra, writer.Style{Pt: slipLabelPt, Gray: writer.GrayMeta}, "points")
		room := x1 - x0 - boxesW - 3
		scale := min(1, max(slipSqueeze, room/max(who.Width(1), 1e-9)))
		who.Fit(room, scale, d.Ell).Draw(pdf, x0, yy+5, scale)
		info.Draw(pdf, x0, yy+9.5, 1)
		bx := x1 - boxesW
		if n == 0 {
			games.Draw(pdf, bx+(slipBox-games.Width(1))/2, yy-1, 1)
		}
		d.drawBox(pdf, bx, yy, slipBox)
		drop.Draw(pdf, bx+slipBox+2, yy+slipBox/2+1, 1)
		d.drawBox(pdf, x1-4, yy+slipBox/2-2, 4)
		yy += slipBox + 4
	}
	// The drawn games, then a signature line for each player.
	drawn := label("pa.slip.drawn")
	bx := x1 - boxesW
	drawn.Draw(pdf, bx-drawn.Width(1)-2, yy+slipBox/2+1, 1)
	d.drawBox(pdf, bx, yy, slipBox)
	yy += slipBox + 8
	sig := label("pa.slip.signature")
	half := (x1 - x0 - 6) / 2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.25)
	for n := range 2 {
		lx := x0 + float64(n)*(half+6)
		pdf.Line(lx, yy, lx+half, yy)
		sig.Draw(pdf, lx, yy+3.5, 1)
	}
}

// drawBox draws an empty square to write in.
func (d roundPDF) drawBox(pdf *fpdf.Fpdf, x, y, side float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.35)
	pdf.Rect(x, y, side, side, "D")
}
