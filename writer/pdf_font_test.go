package writer

// The wall PDF's text: fonts, shaping, glyph coverage.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/fontfile"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

func testFonts(t *testing.T) (*FontSet, *[]string) {
	t.Helper()
	var warnings []string
	fs, err := LoadFonts(Options{Warn: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	return fs, &warnings
}

func TestTextFitAndWrap(t *testing.T) {
	fs, warnings := testFonts(t)
	ell := fs.Shape("…", Style{}, "")
	name := fs.Shape("Maximiliano Alejandro de la Santísima Trinidad 山田 太郎", Style{Pt: BodyPt}, "")
	for _, w := range []float64{10, 40, 60, 90} {
		got := name.Fit(w, 1, ell)
		if got.Width(1) > w+1e-9 {
			t.Errorf("fit(%v) is %.2f mm wide", w, got.Width(1))
		}
		s := got.String()
		if !strings.HasSuffix(s, "…") || strings.HasSuffix(s, " …") || !strings.HasPrefix(name.String(), strings.TrimSuffix(s, "…")) {
			t.Errorf("fit(%v) = %q", w, s)
		}
	}
	if got := name.Fit(1000, 1, ell).String(); got != name.String() {
		t.Errorf("a text that fits was changed to %q", got)
	}
	if got := name.Fit(1, 1, ell).String(); got != "" {
		t.Errorf("fit(1 mm) = %q, want nothing", got)
	}

	para := fs.Shape("OMW%: the average of each opponent's match-win percentage, each at least 33%; "+
		"对手胜率的平均值，每位对手至少按百分之三十三计算，轮空不计入。", Style{Pt: LegendPt}, "")
	for _, w := range []float64{30, 60, 120} {
		lines := para.Wrap(w, 1)
		var joined strings.Builder
		for i, l := range lines {
			if l.Width(1) > w+1e-9 {
				t.Errorf("wrap(%v): line %d is %.1f mm wide", w, i+1, l.Width(1))
			}
			s := l.String()
			if s == "" || s[0] == ' ' {
				t.Errorf("wrap(%v): line %d = %q", w, i+1, s)
			}
			joined.WriteString(s)
		}
		strip := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		if strip(joined.String()) != strip(para.String()) {
			t.Errorf("wrap(%v) lost text: %q", w, joined.String())
		}
		if w < 100 && len(lines) < 2 {
			t.Errorf("wrap(%v) gave %d line", w, len(lines))
		}
	}
	if len(*warnings) != 0 {
		t.Errorf("warnings: %q", *warnings)
	}
}

func TestShapeWarnsOncePerName(t *testing.T) {
	fs, warnings := testFonts(t)
	fs.names, _ = newFace(familyPrefix+"names", goregular.TTF) // a names font without Hangul
	fs.Shape("김민준", Style{}, `player "김민준"`)
	fs.Shape("김민준", Style{}, `player "김민준"`)
	fs.Shape("김민준 Kim", Style{Bold: true}, `player "김민준 Kim"`)
	fs.Shape("김민준 and Ann are tied", Style{}, NoteWhat) // names already reported
	fs.Shape("이서연 and Ann are tied", Style{}, NoteWhat) // a new character
	want := []string{
		`player "김민준": the PDF fonts cannot print "김" (U+AE40), "민" (U+BBFC), "준" (U+C900); printed as □`,
		`player "김민준 Kim": the PDF fonts cannot print "김" (U+AE40), "민" (U+BBFC), "준" (U+C900); printed as □`,
		`a note: the PDF fonts cannot print "이" (U+C774), "서" (U+C11C), "연" (U+C5F0); printed as □`,
	}
	if !slices.Equal(*warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", *warnings, want)
	}
}

// TestShapeSpecialCharacters: invisible characters are dropped, control characters become
// spaces, and what no font prints (emoji, kanji beyond the Basic Multilingual Plane, which
// the PDF library cannot embed) becomes one visible □ per run, with one warning per name.
func TestShapeSpecialCharacters(t *testing.T) {
	tests := []struct {
		name, want string
		missing    []rune
	}{
		{"\ufeffAna\tSilva\u200b\n", "Ana Silva ", nil},
		{"Dragon 🐉 Slayer", "Dragon □ Slayer", []rune{'🐉'}},
		{"𠮷田 太郎", "□田 太郎", []rune{0x20BB7}},
		{"Fam 👨\u200d👩\u200d👧 👍🏽!", "Fam □ □!", []rune{'👨', '👩', '👧', '👍', 0x1F3FD}},
		{"Ann ❤\ufe0f", "Ann □", []rune{'❤'}}, // the variation selector is not reported
		{"bad \xff byte", "bad \ufffd byte", nil},
	}
	for _, tt := range tests {
		fs, warnings := testFonts(t)
		what := strconv.Quote(tt.name)
		got := fs.Shape(tt.name, Style{}, what)
		if got.String() != tt.want {
			t.Errorf("%q shaped %q, want %q", tt.name, got.String(), tt.want)
		}
		for _, g := range got.Glyphs {
			if g.r > 0xFFFF || g.adv < 0 {
				t.Errorf("%q: %q is passed to the PDF library", tt.name, g.r)
			}
		}
		switch {
		case len(tt.missing) == 0 && len(*warnings) > 0:
			t.Errorf("%q: warnings %q", tt.name, *warnings)
		case len(tt.missing) > 0 && len(*warnings) != 1:
			t.Errorf("%q: warnings %q, want one", tt.name, *warnings)
		case len(tt.missing) > 0:
			for _, r := range tt.missing {
				if !strings.Contains((*warnings)[0], fmt.Sprintf("U+%04X", r)) {
					t.Errorf("%q: warning %q does not name U+%04X", tt.name, (*warnings)[0], r)
				}
			}
		}
	}
}

// TestPDFOutsideBMP renders names with emoji and a supplementary-plane kanji (issue 10: fpdf
// crashed with "index out of range [65536]"): the PDF is written, each such name warned
// about once, the other names untouched.
func TestPDFOutsideBMP(t *testing.T) {
	names := []string{"Dragon 🐉 Slayer", "𠮷田 花子", "Ann Lee", "🔥🔥🔥", "Bo 👍🏽"}
	st := writertest.NamedStandings(names...)
	st.Event.Name = "Friday 🎴 Magic"
	for _, lang := range i18n.Langs() {
		for _, byName := range []bool{false, true} {
			b, warnings := renderPDF(t, st, Options{Now: writertest.Now, Lang: lang, ByName: byName, Cut: 2})
			if !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Fatal("no PDF")
			}
			want := []string{
				`the event name: the PDF fonts cannot print "🎴" (U+1F3B4); printed as □`,
				`player "Dragon 🐉 Slayer": the PDF fonts cannot print "🐉" (U+1F409); printed as □`,
				`player "𠮷田 花子": the PDF fonts cannot print "𠮷" (U+20BB7); printed as □`,
				`player "🔥🔥🔥": the PDF fonts cannot print "🔥" (U+1F525); printed as □`,
				`player "Bo 👍🏽": the PDF fonts cannot print "👍" (U+1F44D), "🏽" (U+1F3FD); printed as □`,
			}
			slices.Sort(want)
			slices.Sort(warnings)
			if !slices.Equal(warnings, want) {
				t.Errorf("%s, by name %v: warnings\n%q\nwant\n%q", lang, byName, warnings, want)
			}
		}
	}
}

// TestPDFMissingGlyph renders with a --font that lacks CJK: the PDF is still written and
// every name with a character the fonts lack is reported once, with what it lacks.
func TestPDFMissingGlyph(t *testing.T) {
	font := filepath.Join(t.TempDir(), "goregular.ttf")
	if err := os.WriteFile(font, goregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	st := writertest.Standings()
	b, warnings := renderPDF(t, st, Options{Now: writertest.Now, Font: font})
	if !bytes.HasPrefix(b, []byte("%PDF-")) || writertest.PDFPages(b) != 1 {
		t.Fatal("no PDF written")
	}
	want := map[string]rune{"the event name": '森'}
	for _, r := range st.Rows {
		name := st.Event.Players[r.Player].Name
		if first := []rune(name)[0]; first > 0x2E80 {
			want[fmt.Sprintf("player %q", name)] = first
		}
	}
	if len(want) < 3 {
		t.Fatal("the standings have no Chinese or Japanese name")
	}
	got := map[string]string{}
	for _, w := range warnings {
		what, rest, _ := strings.Cut(w, ": the PDF fonts cannot print ")
		if _, dup := got[what]; dup {
			t.Errorf("warned twice about %s", what)
		}
		got[what] = rest
	}
	for what, r := range want {
		if !strings.Contains(got[what], fmt.Sprintf("%q (U+%04X)", string(r), r)) {
			t.Errorf("no warning about %s lacking %q in %q", what, string(r), warnings)
		}
	}
}

// goRegularTTC wraps Go Regular in a one-face TrueType Collection.
func goRegularTTC() []byte {
	be := binary.BigEndian
	const shift = 16 // the collection header before the face
	out := append([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"), goregular.TTF...)
	n := int(be.Uint16(out[shift+4:]))
	for i := 0; i < n; i++ {
		rec := out[shift+12+16*i:]
		be.PutUint32(rec[8:], be.Uint32(rec[8:])+shift)
	}
	return out
}

// withFSType returns Go Regular with its OS/2 fsType set.
func withFSType(fsType uint16) []byte {
	be := binary.BigEndian
	b := append([]byte(nil), goregular.TTF...)
	n := int(be.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		rec := b[12+16*i:]
		if string(rec[:4]) == "OS/2" {
			be.PutUint16(b[be.Uint32(rec[8:])+8:], fsType)
		}
	}
	return b
}

func TestPDFFontOption(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cff := append([]byte("OTTO"), goregular.TTF[4:]...)
	tests := []struct {
		name string
		path string
		want error // nil: renders
	}{
		{"collection, face 0 used", write("go.ttc", goRegularTTC()), nil},
		{"CFF outlines", write("cff.otf", cff), fontfile.ErrCFF},
		{"embedding forbidden", write("restricted.ttf", withFSType(2)), fontfile.ErrNoEmbedding},
		{"not a font", write("names.csv", []byte("Name\nAna\n")), fontfile.ErrFormat},
		{"missing file", filepath.Join(dir, "nope.ttf"), fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := writePDF(io.Discard, writertest.Standings(), Options{Now: writertest.Now, Font: tt.path})
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("error %v", err)
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Fatalf("error %v, want %v", err, tt.want)
			case err != nil && !strings.Contains(err.Error(), filepath.Base(tt.path)):
				t.Errorf("error %q does not name the font file", err)
			}
		})
	}
}

// TestGlyphCoverage runs every non-ASCII character of the samples and test inputs, the test
// fixtures and every label through the embedded fonts: none may print as a blank box.
func TestGlyphCoverage(t *testing.T) {
	fonts, warnings := testFonts(t)
	inputs := map[string]bool{".csv": true, ".json": true, ".xml": true, ".tournament": true,
		".tdf": true, ".wer": true, ".trf": true, ".txt": true}
	files := 0
	for _, dir := range []string{"../samples", "../testdata", "testdata"} {
		err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			if err != nil || e.IsDir() || !inputs[strings.ToLower(filepath.Ext(path))] {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			shapeNonASCII(fonts, string(b), path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Error("no input files found in samples/ or testdata/")
	}
	for _, st := range []*calc.Standings{writertest.Standings(), writertest.BigStandings(300)} {
		for _, p := range st.Event.Players {
			fonts.Shape(p.Name, Style{}, "player "+p.Name)
		}
	}
	for _, lang := range i18n.Langs() {
		for _, key := range i18n.Lang(lang).Keys() {
			s := Label(lang, key)
			fonts.Shape(s, Style{}, lang+" label "+key)
			fonts.Shape(s, Style{Bold: true}, lang+" label "+key)
		}
	}
	defs := calc.Tiebreaks()
	for _, id := range []string{"fide-bh-c2", "fide-sb-m2", "fide-ps-c2"} {
		d, _ := calc.Lookup(id)
		defs = append(defs, d)
	}
	for _, d := range defs {
		for _, lang := range i18n.Langs() {
			fonts.Shape(i18n.Of(lang).Note(d.Names), Style{}, lang+" name of "+d.ID)
			fonts.Shape(i18n.Of(lang).Note(d.Plain), Style{}, lang+" definition of "+d.ID)
		}
	}
	for _, w := range *warnings {
		t.Error(w)
	}
}

// shapeNonASCII shapes every run of non-ASCII, non-control characters in s.
func shapeNonASCII(fonts *FontSet, s, path string) {
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 || unicode.IsControl(r) }) {
		fonts.Shape(run, Style{}, path+": "+run)
	}
}

// TestEventTitlePrintable: a control character in the event's name or division (--title,
// the file's name: readers read one as a space) is printed as its picture in the pages, and
// visibly on the wall, never as a gap nor sent to a terminal (the workbook's print header:
// standingsheet's TestPrintHeaderPrintable).
func TestEventTitlePrintable(t *testing.T) {
	st := writertest.Standings()
	st.Event.Name, st.Event.Pod = "Club\aNight", "Mas\x1bters"
	const want = "Club␇Night · Mas␛ters"
	if got := EventTitle(st, "en"); got != want {
		t.Errorf("EventTitle: %q, want %q", got, want)
	}
	var warnings []string
	d, err := layoutPDF(st, Options{Now: writertest.Now, Warn: func(msg string) { warnings = append(warnings, msg) }})
	if err != nil {
		t.Fatal(err)
	}
	// The fonts have no control pictures: the wall shows a box where the name holds one,
	// and the organizer is warned.
	if got, box := d.Title.String(), "Club□Night · Mas□ters"; got != box || len(warnings) != 1 {
		t.Errorf("the PDF's title: %q, want %q; warnings %q", got, box, warnings)
	}
}
