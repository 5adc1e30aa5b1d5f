package writer

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/tbsheet/tbsheet/internal/fontfile"
	"github.com/tbsheet/tbsheet/templates"
)

// This file is the PDF's typesetting: the fonts, which font prints each character, text widths
// measured from the fonts' own advance widths, truncation with "…" and line wrapping. fpdf
// only places strings; every decision about glyphs is taken here, before anything is drawn,
// so that a name the font cannot print is reported (Options.Warn) rather than printed as
// blank boxes nobody notices until the sheet is on the wall.

// PtMM is the length of a typographic point in millimetres.
const PtMM = 25.4 / 72

// familyPrefix starts every fpdf font family name. fpdf names an embedded font "utf8" +
// family; with this three-letter prefix, "utf8tbs" is exactly as long as a subset tag
// ("ABCDEF+"), which tagSubsets puts in its place.
const familyPrefix = "tbs"

// face is one TrueType font the PDF prints with: registered in fpdf under family, and parsed
// with sfnt for glyph coverage and advance widths.
type face struct {
	family string
	// Bold is true for a bold face; other faces print bold text with a stroked outline.
	Bold bool
	ttf  []byte
	font *sfnt.Font
	buf  sfnt.Buffer
	// Glyphs caches each rune's advance width in em, or a negative value when the font
	// lacks the rune.
	Glyphs map[rune]float64
}

// newFace checks that fpdf can embed ttf and parses it.
func newFace(family string, ttf []byte) (*face, error) {
	if err := fontfile.Check(ttf); err != nil {
		return nil, err
	}
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return &face{family: family, ttf: ttf, font: f, Glyphs: map[rune]float64{}}, nil
}

// advance returns r's advance width in em, or −1 when the font cannot print r. fpdf reads
// only the Unicode BMP character map (format 4), so runes beyond U+FFFF count as missing
// even when the font has them.
func (f *face) advance(r rune) float64 {
	if a, ok := f.Glyphs[r]; ok {
		return a
	}
	a := -1.0
	if r <= 0xFFFF {
		upem := f.font.UnitsPerEm()
		if gi, err := f.font.GlyphIndex(&f.buf, r); err == nil && gi != 0 {
			// At a size of one em per unit, the advance is in font units.
			if adv, err := f.font.GlyphAdvance(&f.buf, gi, fixed.I(int(upem)), 0); err == nil {
				a = float64(adv) / 64 / float64(upem)
			}
		}
	}
	f.Glyphs[r] = a
	return a
}

// register adds the face to pdf and proves fpdf accepted it: fpdf reports a font it cannot
// parse only on stdout, leaves pdf.Error() nil and fails later at output, so the font is
// selected once here, which sets the sticky error when it is missing.
func (f *face) register(pdf *fpdf.Fpdf) (err error) {
	defer func() {
		if r := recover(); r != nil { // fpdf's parser indexes the file without checks
			err = fmt.Errorf("the PDF library cannot read the font: %v", r)
		}
	}()
	pdf.AddUTF8FontFromBytes(f.family, "", f.ttf)
	if err := pdf.Error(); err != nil {
		return err
	}
	pdf.SetFont(f.family, "", 10)
	return pdf.Error()
}

// FontSet holds the PDF's faces: the names face (the embedded WenQuanYi Micro Hei, or
// Options.Font) for names and all regular text, Go Bold for bold text, and Go Regular for
// what a --font file lacks (a CJK-only font without Latin letters or digits).
type FontSet struct {
	regular, Bold, names *face
	// namesFile names the names font in errors.
	namesFile string
	warn      func(format string, args ...any)
	// warned holds the characters reported missing, warnedWhat the texts warned about:
	// each name is warned about once, whatever it lacks.
	warned     map[rune]bool
	warnedWhat map[string]bool
}

// LoadFonts parses the three faces. A --font file may be a TrueType collection, whose first
// face is used; CFF-outline fonts, web fonts and fonts whose licence forbids embedding are
// refused with the reason.
func LoadFonts(opt Options) (*FontSet, error) {
	fs := &FontSet{warn: opt.Warnf, warned: map[rune]bool{}, warnedWhat: map[string]bool{}, namesFile: "WenQuanYi Micro Hei"}
	var err error
	if fs.regular, err = newFace(familyPrefix+"goregular", goregular.TTF); err != nil {
		return nil, fmt.Errorf("Go Regular font: %w", err)
	}
	if fs.Bold, err = newFace(familyPrefix+"gobold", gobold.TTF); err != nil {
		return nil, fmt.Errorf("Go Bold font: %w", err)
	}
	fs.Bold.Bold = true
	ttf := templates.CJKFont()
	if opt.Font != "" {
		fs.namesFile = opt.Font
		if ttf, err = ReadInput(opt.Font, "font", "a TrueType font"); err != nil {
			return nil, fmt.Errorf("font %s: %w", opt.Font, err)
		}
		if fontfile.IsCollection(ttf) {
			if ttf, err = fontfile.Extract(ttf, 0); err != nil {
				return nil, fmt.Errorf("font %s: %w", opt.Font, err)
			}
		}
	}
	if fs.names, err = newFace(familyPrefix+"names", ttf); err != nil {
		return nil, fmt.Errorf("font %s: %w", fs.namesFile, err)
	}
	return fs, nil
}

// tagSubsets renames the embedded fonts in a finished PDF from fpdf's "/utf8tbsnames" to
// "/ABCDEF+names": the PDF specification asks subset fonts to carry a six-letter tag, which
// tells viewers and tools that merge PDFs (a by-rank and a by-name list printed together)
// that two subsets of one font are different fonts. The tag hashes the document, so the
// same input still gives the same bytes; the name keeps its length, so the cross-reference
// offsets stay valid. pdf is changed in place.
func (fs *FontSet) tagSubsets(pdf []byte) []byte {
	sum := fnv.New64a()
	sum.Write(pdf)
	h := sum.Sum64()
	for _, f := range []*face{fs.regular, fs.Bold, fs.names} {
		name := strings.TrimPrefix(f.family, familyPrefix)
		tag := append(make([]byte, 0, 8+len(name)), '/')
		for range 6 {
			tag = append(tag, byte('A'+h%26))
			h /= 26
		}
		h = h*31 + 7 // the next font gets another tag
		tag = append(append(tag, '+'), name...)
		// In place: the names have the same length, and a large PDF is not copied per font.
		old := []byte("/utf8" + f.family)
		for i := 0; ; {
			j := bytes.Index(pdf[i:], old)
			if j < 0 {
				break
			}
			i += j + copy(pdf[i+j:], tag)
		}
	}
	return pdf
}

// register adds every face to pdf.
func (fs *FontSet) register(pdf *fpdf.Fpdf) error {
	for _, f := range []*face{fs.regular, fs.Bold, fs.names} {
		if err := f.register(pdf); err != nil {
			name := f.family
			if f == fs.names {
				name = fs.namesFile
			}
			return fmt.Errorf("font %s: %w", name, err)
		}
	}
	return nil
}

// chain returns the faces a character is looked up in, in order. Bold text prints in Go
// Bold; regular text in the names face (the same face as the names, so that digits and
// punctuation match them), with Go Regular for what a --font file lacks.
func (fs *FontSet) chain(bold bool) []*face {
	if bold {
		return []*face{fs.Bold, fs.names}
	}
	return []*face{fs.names, fs.regular}
}

// glyph is one character with the face that prints it and its advance in em.
type glyph struct {
	r    rune
	face *face
	adv  float64
	// stroke marks bold text printed in a regular face: it is filled and outlined.
	stroke bool
}

// Text is a shaped string: glyphs at one size, weight and grey level, measured in em.
type Text struct {
	Glyphs []glyph
	Style
	Em float64
}

// Style says how to print a string.
type Style struct {
	// Pt is the size at scale 1; the page layout may scale it.
	Pt float64
	// Bold selects Go Bold, or a stroked outline for characters only a regular face has.
	Bold bool
	// Gray is the text colour, 0 (black) to 255.
	Gray int
}

// Shape assigns every rune of s to the first face of its chain that can print it. Control
// characters become spaces; invisible format characters (a BOM, zero-width spaces and
// joiners) and variation selectors are dropped, since none can be printed. A character no
// face has (an emoji, a kanji beyond the Basic Multilingual Plane, which the PDF library
// cannot embed) prints as a visible missingMark, one for a run of them (an emoji with its
// skin tone), and is warned about once per text: what names it (`player "Dragon 🐉 Slayer"`).
func (fs *FontSet) Shape(s string, st Style, what string) Text {
	t := Text{Style: st, Glyphs: make([]glyph, 0, len(s))}
	chain := fs.chain(st.Bold)
	var missing []rune
	run := false // the previous character was missing
	for _, r := range s {
		switch {
		case unicode.IsControl(r):
			r = ' '
		case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r):
			continue
		}
		g, ok := fs.glyph(r, chain, st.Bold)
		if !ok {
			if !slices.Contains(missing, r) {
				missing = append(missing, r)
			}
			if run {
				continue
			}
			g, _ = fs.glyph(missingMark, chain, st.Bold)
			if g.adv < 0 { // a --font without □
				g, _ = fs.glyph('?', chain, st.Bold)
			}
		}
		run = !ok
		t.Glyphs = append(t.Glyphs, g)
		t.Em += g.adv
	}
	if len(missing) > 0 {
		fs.missing(missing, what)
	}
	return t
}

// missingMark stands for a character the fonts cannot print.
const missingMark = '□'

// NoteWhat names the texts of notes, which quote names already warned about: a note warns
// only about characters no name has reported.
const NoteWhat = "a note"

// glyph returns r in the first face of chain that has it; ok is false when none has.
func (fs *FontSet) glyph(r rune, chain []*face, bold bool) (g glyph, ok bool) {
	for _, f := range chain {
		if a := f.advance(r); a >= 0 {
			return glyph{r: r, face: f, adv: a, stroke: bold && !f.Bold}, true
		}
	}
	return glyph{r: r, face: chain[0], adv: -1}, false
}

// missing warns, once per text, about the characters of it that no font has.
func (fs *FontSet) missing(rs []rune, what string) {
	if what == NoteWhat {
		rs = slices.DeleteFunc(rs, func(r rune) bool { return fs.warned[r] })
	}
	if len(rs) == 0 || fs.warnedWhat[what] {
		return
	}
	fs.warnedWhat[what] = true
	chars := make([]string, len(rs))
	for i, r := range rs {
		fs.warned[r] = true
		chars[i] = fmt.Sprintf("%q (U+%04X)", string(r), r)
	}
	fs.warn("%s: the PDF fonts cannot print %s; printed as %c", what, strings.Join(chars, ", "), missingMark)
}

// String returns the characters of a shaped text.
func (t Text) String() string {
	var b strings.Builder
	for _, g := range t.Glyphs {
		b.WriteRune(g.r)
	}
	return b.String()
}

// Join returns t followed by b's glyphs; b keeps its faces and weight, and takes t's size
// and grey.
func (t Text) Join(b Text) Text {
	t.Glyphs = append(append([]glyph(nil), t.Glyphs...), b.Glyphs...)
	t.Em += b.Em
	return t
}

// Width returns the text's width in mm at scale.
func (t Text) Width(scale float64) float64 { return t.Em * t.Pt * scale * PtMM }

// Fit returns t cut so that it is at most w mm wide at scale, ending in ell ("…") when cut.
func (t Text) Fit(w, scale float64, ell Text) Text {
	// Columns are as wide as their widest cell; the tolerance keeps float rounding in the
	// width arithmetic from cutting that cell ("15.5" printed as "1…").
	const epsilon = 1e-6 // mm
	if t.Width(scale) <= w+epsilon {
		return t
	}
	perEm := t.Pt * scale * PtMM
	room := w/perEm - ell.Em
	n, em := 0, 0.0
	for n < len(t.Glyphs) && em+t.Glyphs[n].adv <= room {
		em += t.Glyphs[n].adv
		n++
	}
	for n > 0 && t.Glyphs[n-1].r == ' ' { // no space before the ellipsis
		n--
		em -= t.Glyphs[n].adv
	}
	if room < 0 { // not even the ellipsis fits
		return Text{Style: t.Style}
	}
	out := Text{Style: t.Style, Em: em, Glyphs: t.Glyphs[:n:n]}
	return out.Join(ell)
}

// Wrap breaks t into lines at most w mm wide at scale: after spaces and hyphens, and between
// any two characters of scripts written without spaces (Han, kana, Hangul). A word wider
// than w is cut where it overflows. Spaces at the start of a continuation line are dropped.
func (t Text) Wrap(w, scale float64) []Text {
	lines, _ := t.WrapWords(w, scale)
	return lines
}

// WrapWords is wrap, and whether every line ends where a line may end (no word was cut).
func (t Text) WrapWords(w, scale float64) (lines []Text, whole bool) {
	whole = true
	perEm := t.Pt * scale * PtMM
	start, brk := 0, -1 // brk: index where the current line may end
	em := 0.0
	line := func(from, to int) Text {
		l := Text{Style: t.Style, Glyphs: t.Glyphs[from:to]}
		for _, g := range l.Glyphs {
			l.Em += g.adv
		}
		return l
	}
	for i := 0; i < len(t.Glyphs); i++ {
		g := t.Glyphs[i]
		if i > start && (g.r == ' ' || unbroken(g.r) || unbroken(t.Glyphs[i-1].r) || t.Glyphs[i-1].r == '-' && i-1 > start) {
			brk = i
		}
		if (em+g.adv)*perEm > w && i > start && g.r != ' ' {
			end := i
			if brk > start {
				end = brk
			} else {
				whole = false
			}
			lines = append(lines, line(start, end))
			for end < len(t.Glyphs) && t.Glyphs[end].r == ' ' {
				end++
			}
			start, brk, i, em = end, -1, end-1, 0
			continue
		}
		em += g.adv
	}
	if start < len(t.Glyphs) || len(lines) == 0 {
		lines = append(lines, line(start, len(t.Glyphs)))
	}
	return lines, whole
}

// unbroken reports whether r belongs to a script written without spaces between words.
func unbroken(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF // CJK punctuation, full-width forms
}

// Draw prints t with its baseline at y, starting at x, switching fonts between runs. Bold
// runs in a face without bold are filled and stroked (text rendering mode 2) with a line of
// 1/30 em, which thickens the strokes about as much as a bold weight.
func (t Text) Draw(pdf *fpdf.Fpdf, x, y, scale float64) {
	pdf.SetTextColor(t.Gray, t.Gray, t.Gray)
	size := t.Pt * scale
	for i := 0; i < len(t.Glyphs); {
		first := t.Glyphs[i]
		j, em := i, 0.0
		for j < len(t.Glyphs) && t.Glyphs[j].face == first.face && t.Glyphs[j].stroke == first.stroke {
			em += t.Glyphs[j].adv
			j++
		}
		run := make([]rune, 0, j-i)
		for _, g := range t.Glyphs[i:j] {
			run = append(run, g.r)
		}
		pdf.SetFont(first.face.family, "", size)
		if first.stroke {
			pdf.SetDrawColor(t.Gray, t.Gray, t.Gray)
			pdf.SetLineWidth(size * PtMM / 30)
			pdf.SetTextRenderingMode(2)
			pdf.Text(x, y, string(run))
			pdf.SetTextRenderingMode(0)
		} else {
			pdf.Text(x, y, string(run))
		}
		x += em * size * PtMM
		i = j
	}
}

// printable returns s for the PDF's metadata (its title), which the PDF library encodes as
// UTF-16 without surrogate pairs and reads byte by byte: invalid bytes and characters beyond
// the Basic Multilingual Plane become U+FFFD, control characters are dropped.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r > 0xFFFF:
			return utf8.RuneError
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, string(utf8.RuneError)))
}
