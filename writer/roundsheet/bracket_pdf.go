package roundsheet

import (
	"io"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/writer"
)

// The bracket wall page: the top cut on landscape pages with the standings' paper, fonts and
// header, one column per round and one for the winner, each game a box of two lines (seed,
// name, games won) with its table above it while it is being played, joined to the game it
// leads to. A bracket of up to 16 places fills one page; a larger one takes a page per 16
// places of its first round, then pages for the rounds after them, each page a bracket of
// its own. Type is as large as the page allows, names never below the wall's 14 pt unless a
// name is too long for its column, and never cut.

// Sizes of the bracket page, in millimetres and points.
const (
	brGap       = 9.0  // between columns, where the connectors run
	brHeadH     = 9.0  // the row of round names
	brHeadPt    = 13.0 // round names
	brMaxLineH  = 15.0 // a player's line in the largest type
	brMinNamePt = 14.0 // names read from two metres
	brPad       = 1.6  // inside a box
	brExtraH    = 6.5  // a line of the other playoff matches
	brSectionW  = 8    // the most first-round games on one page
)

// WriteBracketPDF writes a top cut's bracket as wall pages in the language, paper and fonts
// opt asks for.
func WriteBracketPDF(w io.Writer, b *topcut.Bracket, opt writer.Options) error {
	d, err := newRoundPDF(b.Swiss, opt)
	if err != nil {
		return err
	}
	s := NewBracketScreen(b, opt)
	d.Heading()
	d.Landscape, d.PageW, d.PageH = true, d.PageH, d.PageW
	d.Subtitle = d.Fonts.Shape(s.Title, writer.Style{Bold: true, Pt: writer.SubPt}, "the title")
	d.LayoutTitle()
	sections := bracketSections(s)
	return d.Output(w, func(pdf *fpdf.Fpdf) {
		for i, sec := range sections {
			pdf.AddPage()
			d.DrawHeader(pdf)
			d.drawBracket(pdf, s, sec, i == len(sections)-1)
			d.DrawFooter(pdf, i+1, len(sections))
		}
	})
}

// bracketSection is the part of a bracket one page shows: games from of each column in
// cols (the columns' indexes in BracketScreen.Rounds), count games in the first.
type bracketSection struct {
	cols        []int
	from, count int
}

// bracketSections cuts the bracket into pages: up to brSectionW games of a round and the
// games they lead to, three rounds on; the last page the last rounds (from the one the
// pages before end with) and the winner. A bracket paired another way is one page.
func bracketSections(s *BracketScreen) []bracketSection {
	last := len(s.Rounds) - 1 // the winner's column
	if !s.Ordered {
		sec := bracketSection{cols: seq(0, last+1)}
		for _, r := range s.Rounds {
			sec.count = max(sec.count, len(r.Games))
		}
		return []bracketSection{sec}
	}
	var out []bracketSection
	for c := 0; ; c += 3 {
		n := len(s.Rounds[c].Games)
		if n <= brSectionW {
			return append(out, bracketSection{cols: seq(c, last+1), count: n})
		}
		for from := 0; from < n; from += brSectionW {
			out = append(out, bracketSection{cols: seq(c, min(c+4, last)), from: from, count: brSectionW})
		}
	}
}

// seq returns a, a+1, …, b−1.
func seq(a, b int) []int {
	out := make([]int, 0, b-a)
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}

// drawBracket draws one section: the round names, each column's games at the heights of the
// bracket (each game halfway between the two that lead to it), the connectors, and, on the
// last page, the other playoff matches.
func (d roundPDF) drawBracket(pdf *fpdf.Fpdf, s *BracketScreen, sec bracketSection, last bool) {
	fs := d.Fonts
	top := d.TableTop() + brHeadH + 2
	bottom := d.BodyBottom() - 2
	if last && len(s.Extras) > 0 {
		bottom -= float64(len(s.Extras)+1) * brExtraH
	}
	cols := len(sec.cols)
	colW := (d.PageW - 2*writer.MarginX - float64(cols-1)*brGap) / float64(cols)
	t := d.bracketType(s, (bottom-top)/float64(sec.count), colW)
	boxes := make([][]brBox, cols)
	for k, c := range sec.cols {
		r := s.Rounds[c]
		x := writer.MarginX + float64(k)*(colW+brGap)
		head := fs.Shape(r.Name, writer.Style{Bold: true, Pt: brHeadPt}, "a round name")
		head.Draw(pdf, x, writer.Baseline(top-brHeadH-2, brHeadH, brHeadPt), 1)
		// The section's games of this column: half as many as the column before's; all of
		// them in a bracket paired another way, and in the winner's column.
		n, from := sec.count>>k, sec.from>>k
		if !s.Ordered || c == len(s.Rounds)-1 {
			n, from = len(r.Games), 0
		}
		for i := range n {
			b := brBox{x: x, w: colW, y: top + (float64(i)+0.5)*(bottom-top)/float64(n)}
			boxes[k] = append(boxes[k], b)
			d.drawGame(pdf, r.Games[from+i], b, t)
		}
	}
	if s.Ordered {
		pdf.SetDrawColor(writer.GrayMeta, writer.GrayMeta, writer.GrayMeta)
		pdf.SetLineWidth(0.35)
		for k := 0; k+1 < cols; k++ {
			for i, b := range boxes[k] {
				next := boxes[k+1][min(i/2, len(boxes[k+1])-1)]
				mid := b.x + b.w + brGap/2
				pdf.Line(b.x+b.w, b.y, mid, b.y)
				pdf.Line(mid, b.y, mid, next.y)
				pdf.Line(mid, next.y, next.x, next.y)
			}
		}
	}
	if last && len(s.Extras) > 0 {
		y := bottom + brExtraH*0.5
		fs.Shape(s.ExtrasHead, writer.Style{Bold: true, Pt: writer.LegendPt + 1}, "the legend").Draw(pdf, writer.MarginX, writer.Baseline(y, brExtraH, writer.LegendPt+1), 1)
		for _, e := range s.Extras {
			y += brExtraH
			fs.Shape(e, writer.Style{Pt: writer.LegendPt + 1}, "a playoff match").Draw(pdf, writer.MarginX, writer.Baseline(y, brExtraH, writer.LegendPt+1), 1)
		}
	}
}

// brBox is a game's box as drawn: its column's left edge and width, its centre.
type brBox struct{ x, w, y float64 }

// brType is the type of a page's games: each player's line lineH high, names, seeds and
// scores in pt at scale (1, or less for a long name), seeds and scores in cells seedW and
// scoreW wide.
type brType struct {
	lineH, pt, scale, seedW, scoreW float64
}

// bracketType sizes the games of a page whose columns are colW wide and whose first column
// gives each game slot mm: two lines and the table's label above them (half a line) fill
// most of the slot, up to brMaxLineH; names are set smaller (down to the wall's smallest) when the
// widest does not fit its column.
func (d roundPDF) bracketType(s *BracketScreen, slot, colW float64) brType {
	t := brType{lineH: min(brMaxLineH, slot*0.9/2.5), scale: 1}
	t.pt = t.lineH / (writer.PtMM * 1.35)
	widest, seed, score := 0.0, 0.0, 0.0
	for _, r := range s.Rounds {
		for _, g := range r.Games {
			for _, side := range g.Sides {
				widest = max(widest, d.Fonts.Shape(side.Name, writer.Style{Pt: t.pt, Bold: true}, "player "+side.Name).Width(1))
				seed = max(seed, d.Fonts.Shape(side.Seed, writer.Style{Pt: t.pt * 0.7}, "a seed").Width(1))
				score = max(score, d.Fonts.Shape(side.Score, writer.Style{Pt: t.pt, Bold: true}, "a score").Width(1))
			}
		}
	}
	t.seedW, t.scoreW = seed+brPad, score+2*brPad
	if room := colW - t.seedW - t.scoreW - 2*brPad; widest > room {
		t.scale = max(room/widest, brMinNamePt/t.pt)
	}
	return t
}

// drawGame draws a game's box centred at b.y: its lines (one in the winner's column), the
// table's label above while it is being played.
func (d roundPDF) drawGame(pdf *fpdf.Fpdf, g BracketGame, b brBox, t brType) {
	fs := d.Fonts
	h := t.lineH * float64(len(g.Sides))
	top := b.y - h/2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Rect(b.x, top, b.w, h, "D")
	if len(g.Sides) == 2 {
		pdf.SetLineWidth(0.15)
		pdf.Line(b.x, top+t.lineH, b.x+b.w, top+t.lineH)
	}
	if g.Table != "" {
		label := fs.Shape(g.Table, writer.Style{Bold: true, Pt: t.pt * 0.55}, "a table number")
		label.Draw(pdf, b.x, top-0.15*t.lineH, 1)
	}
	for i, side := range g.Sides {
		y := top + float64(i)*t.lineH
		gray := 0
		switch {
		case side.Pending:
			continue // an empty line, for the winner to come
		case side.Lost:
			gray = writer.GrayDropped
		case !side.Player:
			gray = writer.GrayMeta
		}
		if side.Seed != "" {
			seed := fs.Shape(side.Seed, writer.Style{Pt: t.pt * 0.7, Gray: writer.GrayMeta}, "a seed")
			seed.Draw(pdf, b.x+t.seedW-seed.Width(t.scale), writer.Baseline(y, t.lineH, seed.Pt*t.scale), t.scale)
		}
		avail := b.w - t.seedW - t.scoreW - 2*brPad
		name := fs.Shape(side.Name, writer.Style{Pt: t.pt, Bold: side.Won, Gray: gray}, "player "+side.Name)
		scale := t.scale
		if name.Width(scale) > avail {
			scale = avail / (name.Em * name.Pt * writer.PtMM) // squeezed, never cut
		}
		name.Draw(pdf, b.x+t.seedW+brPad, writer.Baseline(y, t.lineH, t.pt*scale), scale)
		if side.Score != "" {
			score := fs.Shape(side.Score, writer.Style{Pt: t.pt, Bold: side.Won, Gray: gray}, "a score")
			score.Draw(pdf, b.x+b.w-brPad-score.Width(t.scale), writer.Baseline(y, t.lineH, t.pt*t.scale), t.scale)
		}
	}
}
