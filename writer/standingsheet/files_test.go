package standingsheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// TestWriteFiles: rendering concurrently writes the very files, and passes on the
// very warnings in the same order, that WriteStandings gives one file after the other.
func TestWriteFiles(t *testing.T) {
	a := writertest.Standings()
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
	opt := writer.Options{Now: writertest.Now}
	var files []writer.DocFile[*calc.Standings]
	for _, o := range outputs {
		opt.Warn = func(msg string) { oneWarn = append(oneWarn, msg) }
		if err := Standings.WriteFile(filepath.Join(one, o.name), o.st, opt); err != nil {
			t.Fatal(err)
		}
		files = append(files, writer.DocFile[*calc.Standings]{Path: filepath.Join(all, o.name), Doc: o.st})
	}
	opt.Warn = func(msg string) { allWarn = append(allWarn, msg) }
	if err := Standings.WriteFiles(files, opt); err != nil {
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

// TestRenderFiles: rendering writes no file and warns nothing; Write then writes
// the files Standings.WriteFiles writes, with its warnings.
func TestRenderFiles(t *testing.T) {
	st := writertest.Standings()
	st.Event.Players[1].Name = "አበበ ቢቂላ" // the PDF font lacks Ethiopic: the PDF warns
	var warned []string
	opt := writer.Options{Now: writertest.Now, Warn: func(msg string) { warned = append(warned, msg) }}
	dir := t.TempDir()
	files := []writer.DocFile[*calc.Standings]{{Path: filepath.Join(dir, "standings.xlsx"), Doc: st}, {Path: filepath.Join(dir, "standings.pdf"), Doc: st}}
	r := Standings.RenderFiles(files, opt)
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
	if err := Standings.WriteFiles(files, opt); err != nil {
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
			t.Errorf("%s differs from the file Standings.WriteFiles writes", filepath.Base(f.Path))
		}
	}
}

// TestWriteFilesFailures: a file that cannot be rendered or written fails with
// WriteStandings' own error and keeps none of the others from being written; it leaves no
// temporary file, and the old content of its path stays.
func TestWriteFilesFailures(t *testing.T) {
	st := writertest.Standings()
	tests := []struct {
		name string
		bad  string // the file that fails, inside the test's folder
		opt  writer.Options
	}{
		{"unknown format", "standings.docx", writer.Options{}},
		{"missing folder", filepath.Join("missing", "standings.pdf"), writer.Options{}},
		{"font that cannot be read", "standings.pdf", writer.Options{Font: "no-such-font.ttf"}},
		{"a folder", "standings.csv", writer.Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			first, bad, last := filepath.Join(dir, "first.csv"), filepath.Join(dir, tt.bad), filepath.Join(dir, "last.json")
			if tt.name == "a folder" {
				if err := os.Mkdir(bad, 0o755); err != nil {
					t.Fatal(err)
				}
			} else if filepath.Dir(bad) == dir {
				writeFile(t, bad, "old")
			}
			r := Standings.RenderFiles([]writer.DocFile[*calc.Standings]{{Path: first, Doc: st}, {Path: bad, Doc: st}, {Path: last, Doc: st}}, tt.opt)
			if rendered := tt.name == "missing folder"; (r.Err() == nil) != rendered {
				t.Fatalf("rendering: %v", r.Err())
			}
			err := r.Write()
			want := Standings.WriteFile(bad, st, tt.opt)
			if err == nil || want == nil || err.Error() != want.Error() {
				t.Fatalf("error %v, want %v", err, want)
			}
			if strings.Contains(err.Error(), ".tmp") {
				t.Errorf("the error names a temporary file: %v", err)
			}
			if !slices.Equal(r.Written(), []string{first, last}) {
				t.Errorf("written %q, want the other two", r.Written())
			}
			for _, f := range []string{first, last} {
				if _, err := os.Stat(f); err != nil {
					t.Errorf("%s: %v", filepath.Base(f), err)
				}
			}
			switch fi, err := os.Stat(bad); {
			case tt.name == "a folder":
				if err != nil || !fi.IsDir() {
					t.Errorf("the folder: %v", err)
				}
			case filepath.Dir(bad) == dir:
				if data, _ := os.ReadFile(bad); string(data) != "old" {
					t.Errorf("%s was replaced", filepath.Base(bad))
				}
			case !errors.Is(err, fs.ErrNotExist):
				t.Errorf("%s: %v, want no file", filepath.Base(bad), err)
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmp) > 0 {
				t.Errorf("temporary files left: %q", tmp)
			}
		})
	}
}

// TestWriterPanic: a writer that panics (a bug) fails its own file with an internal error
// and no stack; the other files are written, and the process goes on.
func TestWriterPanic(t *testing.T) {
	saved := Standings.Formats
	Standings.Formats = append(slices.Clone(saved), writer.Format[*calc.Standings]{Ext: ".panic",
		Write: func(io.Writer, *calc.Standings, writer.Options) error {
			var names []string
			_ = names[65536] // as fpdf's CID map did on a character outside the BMP
			return nil
		}})
	defer func() { Standings.Formats = saved }()
	st := writertest.Standings()
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "standings.csv"), filepath.Join(dir, "standings.panic")
	r := Standings.RenderFiles([]writer.DocFile[*calc.Standings]{{Path: bad, Doc: st}, {Path: good, Doc: st}}, writer.Options{})
	err := r.Err()
	if err == nil || !strings.Contains(err.Error(), bad+": internal error in tbsheet") || strings.Contains(err.Error(), "goroutine") {
		t.Fatalf("render error %v", err)
	}
	if err := r.Write(); err == nil {
		t.Error("Write: no error")
	}
	if _, err := os.Stat(good); err != nil {
		t.Errorf("the other file: %v", err)
	}
	if _, err := os.Stat(bad); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the file that failed: %v", err)
	}
}

// TestStaleTemps: writing an output removes the temporary files a killed run left for it
// (tbsheet's own .NAME.DIGITS.tmp), and no other file.
func TestStaleTemps(t *testing.T) {
	keep := []string{
		".standings.csv.tmp",          // no digits: not a name tbsheet writes
		".standings.csv.12ab.tmp",     // not digits
		".standings.pdf.123.tmp",      // another output's
		".~lock.standings.csv#",       // LibreOffice's
		"standings.csv.123.tmp",       // not hidden
		".standings.csv.123.tmp.keep", // not .tmp
		"lu1848xv5.tmp",               // LibreOffice's temporary file
	}
	stale := []string{".standings.csv.123.tmp", ".standings.csv.4294967295.tmp"}
	for _, write := range []struct {
		name string
		fn   func(path string) error
	}{
		{"AtomicFile", func(path string) error {
			return writer.AtomicFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err })
		}},
		{"WriteFiles", func(path string) error {
			_, err := writer.WriteFiles([]writer.File{{Path: path, Data: []byte("new")}})
			return err
		}},
	} {
		t.Run(write.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, n := range append(slices.Clone(keep), stale...) {
				writeFile(t, filepath.Join(dir, n), "left")
			}
			if err := write.fn(filepath.Join(dir, "standings.csv")); err != nil {
				t.Fatal(err)
			}
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range ents {
				got = append(got, e.Name())
			}
			want := append(slices.Clone(keep), "standings.csv")
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("the folder holds\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// TestOutputIsFolder: an output that is a folder says so, with the name given and no
// temporary name, before anything is written.
func TestOutputIsFolder(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "standings.pdf")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	want := folder + " is a folder, not a file: give the name of the file to write"
	for name, err := range map[string]error{
		"AtomicFile":     writer.AtomicFile(folder, func(io.Writer) error { return nil }),
		"WriteStandings": Standings.WriteFile(folder, writertest.Standings(), writer.Options{}),
		"WriteEvent":     resultfile.Results.WriteFile(folder+".json", writertest.Standings().Event, writer.Options{}),
	} {
		if name == "WriteEvent" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %q", tmp)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
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

// TestWriteThroughLink: an output that is a symbolic link keeps the link and replaces the
// file it points at, whether that file exists yet or not, with WriteFiles and AtomicFile.
func TestWriteThroughLink(t *testing.T) {
	for _, exists := range []bool{true, false} {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "shared"), 0o755); err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, "shared", "standings.csv")
		if exists {
			if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		link := filepath.Join(dir, "out.csv")
		if err := os.Symlink(filepath.Join("shared", "standings.csv"), link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		if _, err := writer.WriteFiles([]writer.File{{Path: link, Data: []byte("new")}}); err != nil {
			t.Fatal(err)
		}
		check := func(want string) {
			t.Helper()
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("exists %v: the link was replaced: %v", exists, err)
			}
			if data, err := os.ReadFile(target); err != nil || string(data) != want {
				t.Errorf("exists %v: the target holds %q, %v; want %q", exists, data, err, want)
			}
		}
		check("new")
		if err := writer.AtomicFile(link, func(w io.Writer) error { _, err := io.WriteString(w, "newer"); return err }); err != nil {
			t.Fatal(err)
		}
		check("newer")
	}
}
