package writer

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestWriteStandingsFiles: rendering concurrently writes the very files, and passes on the
// very warnings in the same order, that WriteStandings gives one file after the other.
func TestWriteStandingsFiles(t *testing.T) {
	a := testStandings()
	// Computed standings without explanations, which the writers then build on demand,
	// concurrently.
	b, err := calc.Compute(swissgen.Generate(swissgen.Realistic(40, 6, 3)), calc.Options{System: "fide", NoExplain: true})
	if err != nil {
		t.Fatal(err)
	}
	// Names the PDF font cannot print, so that each PDF warns, each about its own.
	a.Event.Players[1].Name = "አበበ ቢቂላ"
	b.Event.Players[b.Rows[0].Player].Name = "ᚠᚢᚦ Rune"
	outputs := []struct {
		name string
		st   *calc.Standings
	}{{"a.xlsx", a}, {"a.pdf", a}, {"b.pdf", b}, {"b.xlsx", b}, {"b.csv", b}, {"a.json", a}, {"b.json", b}}
	one, all := t.TempDir(), t.TempDir()
	var oneWarn, allWarn []string
	opt := Options{Now: testNow}
	var files []StandingsFile
	for _, o := range outputs {
		opt.Warn = func(msg string) { oneWarn = append(oneWarn, msg) }
		if err := WriteStandings(filepath.Join(one, o.name), o.st, opt); err != nil {
			t.Fatal(err)
		}
		files = append(files, StandingsFile{Path: filepath.Join(all, o.name), Standings: o.st})
	}
	opt.Warn = func(msg string) { allWarn = append(allWarn, msg) }
	if err := WriteStandingsFiles(files, opt); err != nil {
		t.Fatal(err)
	}
	for _, o := range outputs {
		want, err := os.ReadFile(filepath.Join(one, o.name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(all, o.name))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(o.name) == ".xlsx" { // excelize orders a workbook's parts at random
			got, want = zipParts(t, got), zipParts(t, want)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the file WriteStandings writes", o.name)
		}
	}
	if len(oneWarn) < 2 || !slices.Equal(allWarn, oneWarn) {
		t.Errorf("warnings\n%q\nwant\n%q", allWarn, oneWarn)
	}
}

// TestRenderStandingsFiles: rendering writes no file and warns nothing; Write then writes
// the files WriteStandingsFiles writes, with its warnings.
func TestRenderStandingsFiles(t *testing.T) {
	st := testStandings()
	st.Event.Players[1].Name = "አበበ ቢቂላ" // the PDF font lacks Ethiopic: the PDF warns
	var warned []string
	opt := Options{Now: testNow, Warn: func(msg string) { warned = append(warned, msg) }}
	dir := t.TempDir()
	files := []StandingsFile{{filepath.Join(dir, "standings.xlsx"), st}, {filepath.Join(dir, "standings.pdf"), st}}
	r := RenderStandingsFiles(files, opt)
	if ents, _ := os.ReadDir(dir); len(ents) > 0 || len(warned) > 0 {
		t.Fatalf("rendering wrote %d files and warned %q", len(ents), warned)
	}
	if err := r.Write(); err != nil {
		t.Fatal(err)
	}
	got := warned
	warned = nil
	want := t.TempDir()
	for i := range files {
		files[i].Path = filepath.Join(want, filepath.Base(files[i].Path))
	}
	if err := WriteStandingsFiles(files, opt); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || !slices.Equal(got, warned) {
		t.Errorf("warnings\n%q\nwant\n%q", got, warned)
	}
	for _, f := range files {
		w, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := os.ReadFile(filepath.Join(dir, filepath.Base(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(f.Path) == ".xlsx" {
			g, w = zipParts(t, g), zipParts(t, w)
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s differs from the file WriteStandingsFiles writes", filepath.Base(f.Path))
		}
	}
}

// TestWriteStandingsFilesStops: the first file that cannot be written or rendered stops the
// rest, with WriteStandings' own error; the files before it are written.
func TestWriteStandingsFilesStops(t *testing.T) {
	st := testStandings()
	tests := []struct {
		name string
		bad  string // the file that fails, inside the test's folder
		opt  Options
	}{
		{"unknown format", "standings.docx", Options{}},
		{"missing folder", filepath.Join("missing", "standings.pdf"), Options{}},
		{"font that cannot be read", "standings.pdf", Options{Font: "no-such-font.ttf"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			first, bad, last := filepath.Join(dir, "first.csv"), filepath.Join(dir, tt.bad), filepath.Join(dir, "last.json")
			err := WriteStandingsFiles([]StandingsFile{{first, st}, {bad, st}, {last, st}}, tt.opt)
			want := WriteStandings(bad, st, tt.opt)
			if err == nil || want == nil || err.Error() != want.Error() {
				t.Fatalf("error %v, want %v", err, want)
			}
			if _, err := os.Stat(first); err != nil {
				t.Errorf("the file before the failure: %v", err)
			}
			for _, f := range []string{bad, last} {
				if _, err := os.Stat(f); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s: %v, want no file", filepath.Base(f), err)
				}
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmp) > 0 {
				t.Errorf("temporary files left: %q", tmp)
			}
		})
	}
}

// zipParts lists a zip's parts sorted by name, each name followed by the part's content.
func zipParts(t *testing.T, data []byte) []byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := slices.SortedFunc(slices.Values(z.File), func(a, b *zip.File) int { return strings.Compare(a.Name, b.Name) })
	var out []byte
	for _, f := range files {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		part, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		out = append(append(append(out, f.Name...), 0), part...)
	}
	return out
}

// TestChunks writes pieces of every size into chunks and reads back the same bytes.
func TestChunks(t *testing.T) {
	var want bytes.Buffer
	var c chunks
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; want.Len() < 3*maxChunk; i++ {
		p := make([]byte, rng.IntN(4<<uint(i%20)))
		for j := range p {
			p[j] = byte(i + j)
		}
		if n, err := c.Write(p); n != len(p) || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
		want.Write(p)
	}
	var got bytes.Buffer
	if n, err := c.WriteTo(&got); n != int64(want.Len()) || err != nil {
		t.Fatalf("WriteTo: %d, %v; want %d", n, err, want.Len())
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Error("chunks read back different bytes")
	}
	if len(c.bufs) > 64 {
		t.Errorf("%d chunks for %d bytes", len(c.bufs), want.Len())
	}
}
