package writertest

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// pdfPNG: `go test -tags e2e ./writer/... -run PDF -pdf-png` also rewrites testdata/pdf/*.png,
// page 1 of each list at 60 dpi, which are committed so that a reviewer sees the layout.
var pdfPNG = flag.Bool("pdf-png", false, "rewrite testdata/pdf/*.png from the e2e PDFs")

// PrintedName is what of a name the first line of its row shows: the long synthetic names
// wrap after their first words.
func PrintedName(name string) string {
	if words := strings.Fields(name); len(name) > 30 && len(words) > 3 {
		return strings.Join(words[:2], " ")
	}
	return name
}

// NameOnLine reports whether a line of pdftotext's layout shows the player's name (its
// first line, for a long one), not the start of a longer name.
func NameOnLine(line, name string) bool {
	shown := PrintedName(name)
	i := strings.Index(line, shown)
	if i < 0 {
		return false
	}
	rest := line[i+len(shown):]
	return shown != name || rest == "" || strings.HasPrefix(rest, "  ") || strings.HasPrefix(rest, " (")
}

// CheckOrder checks that the lines of text name the players in order, one per line.
func CheckOrder(t *testing.T, lines []string, names []string) {
	t.Helper()
	k := 0
	for _, line := range lines {
		if k < len(names) && strings.Contains(line, PrintedName(names[k])) {
			k++
		}
	}
	if k != len(names) {
		t.Errorf("players out of order: %d of %d found in order; next %q", k, len(names), names[k])
	}
}

// PageImage renders page 1 of pdf at dpi with poppler and returns it, and its PNG.
func PageImage(t *testing.T, pdf string, dpi int) (image.Image, []byte) {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "page")
	Poppler(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-png", "-f", "1", "-l", "1", "-singlefile", pdf, prefix)
	b, err := os.ReadFile(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img, b
}

// SavePNG renders page 1 at 60 dpi, checks that it is an A4 page with ink on it, and with
// -pdf-png keeps it in testdata/pdf.
func SavePNG(t *testing.T, pdf, name string) {
	t.Helper()
	img, b := PageImage(t, pdf, 60)
	// A4 is 496.1 x 701.6 pixels at 60 dpi, either way up; poppler rounds either way.
	size := img.Bounds().Size()
	if size.X > size.Y {
		size.X, size.Y = size.Y, size.X
	}
	if size.X < 496 || size.X > 497 || size.Y < 701 || size.Y > 702 {
		t.Errorf("page 1 is %v pixels, want about 496x702 (A4 at 60 dpi)", size)
	}
	dark := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				dark++
			}
		}
	}
	if dark < 5000 {
		t.Errorf("page 1 has only %d dark pixels: is the text printed?", dark)
	}
	if *pdfPNG {
		dir := filepath.Join(root(), "testdata", "pdf")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// root is the repository's folder, where testdata is, whichever package's test runs.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
