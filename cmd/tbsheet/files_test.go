package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// f1 is the spec's fixture F1 as a hand-kept CSV: Bob drops after round 2.
const f1 = "Round,Table,Player 1,Player 2,Result\n1,1,Alice,Bob,2-0\n1,2,Carol,Dave,2-1\n1,,Erin,BYE,\n" +
	"2,1,Carol,Alice,2-1\n2,2,Erin,Bob,2-0\n2,,Dave,BYE,\n3,1,Carol,Erin,1-1\n3,2,Alice,Dave,2-0\n"

// f1Players is a players list of f1.
const f1Players = "Name,ID\nAlice,1\nBob,2\nCarol,3\nDave,4\nErin,5\n"

// stdinFrom returns a setup that makes name, in the test's folder, the standard input until
// the test ends.
func stdinFrom(name string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		saved := os.Stdin
		os.Stdin = f
		t.Cleanup(func() { os.Stdin = saved; f.Close() })
	}
}

// put writes files under dir: name → content.
func put(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listDir lists the files under dir, as slash paths relative to it.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	slices.Sort(out)
	return out
}

// workbook writes a workbook of sheets (name → rows) to path.
func workbook(t *testing.T, path string, sheets map[string][][]any) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	first := true
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range sheets {
			if !yield(n) {
				return
			}
		}
	}) {
		if first {
			f.SetSheetName("Sheet1", name)
			first = false
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		for i, row := range sheets[name] {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := f.SetSheetRow(name, cell, &row); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

// TestOutputIsAnInput: an output whose final name — after the input's or the division's
// name is added — is an input, or is an input under another name (a symbolic or a hard
// link), is refused before anything is written, and every input stays as it was.
func TestOutputIsAnInput(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string)
		args  []string
		want  string
	}{
		{"per-input name", nil, []string{"standings", "out-a.csv", "a.csv", "-o", "out.csv"},
			"tbsheet: -o out.csv writes out-a.csv for a.csv, which is an input: tbsheet never writes to its inputs"},
		{"symbolic link", func(t *testing.T, dir string) {
			if err := os.Symlink("a.csv", filepath.Join(dir, "link.csv")); err != nil {
				t.Skip("no symbolic links here:", err)
			}
		}, []string{"standings", "a.csv", "-o", "link.csv"},
			"tbsheet: -o link.csv is the input a.csv under another name (a link to it): tbsheet never writes to its inputs"},
		{"hard link", func(t *testing.T, dir string) {
			if err := os.Link(filepath.Join(dir, "a.csv"), filepath.Join(dir, "hard.csv")); err != nil {
				t.Skip("no hard links here:", err)
			}
		}, []string{"standings", "a.csv", "-o", "x.csv", "-o", "hard.csv"},
			"tbsheet: -o hard.csv is the input a.csv under another name (a link to it): tbsheet never writes to its inputs"},
		{"convert to a link", func(t *testing.T, dir string) {
			if err := os.Link(filepath.Join(dir, "a.csv"), filepath.Join(dir, "a-copy.csv")); err != nil {
				t.Skip("no hard links here:", err)
			}
		}, []string{"convert", "a.csv", "-o", "a-copy.csv"},
			"tbsheet: -o a-copy.csv is the input a.csv under another name (a link to it): tbsheet never writes to its inputs"},
		{"watch, per-input name", nil, []string{"watch", "out-a.csv", "a.csv", "-o", "out.csv"},
			"tbsheet: -o out.csv writes out-a.csv for a.csv, which is an input: tbsheet never writes to its inputs"},
		{"the players list", nil, []string{"standings", "a.csv", "--players", "p.csv", "-o", "p.csv"},
			"tbsheet: -o p.csv is the file --players reads: tbsheet never writes to the files it reads"},
		{"the players list, converting", nil, []string{"convert", "a.csv", "--players", "p.csv", "-o", "p.csv"},
			"tbsheet: -o p.csv is the file --players reads"},
		{"the players list, watching", nil, []string{"watch", "a.csv", "--players", "p.csv", "-o", "p.csv"},
			"tbsheet: -o p.csv is the file --players reads"},
		{"the players list, input on stdin", stdinFrom("a.csv"), []string{"standings", "-", "--players", "p.csv", "-o", "p.csv"},
			"tbsheet: -o p.csv is the file --players reads"},
		{"the players list through a link", func(t *testing.T, dir string) {
			if err := os.Symlink("p.csv", filepath.Join(dir, "plink.csv")); err != nil {
				t.Skip("no symbolic links here:", err)
			}
		}, []string{"standings", "a.csv", "--players", "p.csv", "-o", "plink.csv"},
			"tbsheet: -o plink.csv is p.csv, the file --players reads, under another name (a link to it)"},
		{"the template", nil, []string{"standings", "a.csv", "--template", "t.xlsx", "-o", "t.xlsx"},
			"tbsheet: -o t.xlsx is the file --template reads: tbsheet never writes to the files it reads"},
		{"the template through a link", func(t *testing.T, dir string) {
			if err := os.Symlink("t.xlsx", filepath.Join(dir, "tlink.xlsx")); err != nil {
				t.Skip("no symbolic links here:", err)
			}
		}, []string{"standings", "a.csv", "--template", "tlink.xlsx", "-o", "t.xlsx"},
			"tbsheet: -o t.xlsx is tlink.xlsx, the file --template reads, under another name (a link to it)"},
		{"the template, watching", nil, []string{"watch", "a.csv", "--template", "t.xlsx", "-o", "t.xlsx"},
			"tbsheet: -o t.xlsx is the file --template reads"},
		{"the font", nil, []string{"pairings", "a.csv", "--font", "f.ttf", "-o", "f.ttf"},
			"tbsheet: -o f.ttf is the file --font reads"},
		{"standard input is the output", stdinFrom("a.csv"), []string{"standings", "-", "-o", "a.csv"},
			"tbsheet: -o a.csv is the file standard input (-) reads: tbsheet never writes to its inputs"},
		{"standard input is the output, converting", stdinFrom("a.csv"), []string{"convert", "-", "-o", "a.csv"},
			"tbsheet: -o a.csv is the file standard input (-) reads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, map[string]string{"a.csv": f1, "out-a.csv": f1, "p.csv": f1Players, "t.xlsx": f1, "f.ttf": f1})
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			before := listDir(t, dir)
			code, stdout, stderr := runAt(t, dir, tt.args...)
			if code != exitUsage || stdout != "" || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2 and %q", code, stdout, stderr, tt.want)
			}
			if after := listDir(t, dir); !slices.Equal(after, before) {
				t.Errorf("files %q, want %q (nothing written)", after, before)
			}
			for _, name := range []string{"a.csv", "out-a.csv", "t.xlsx", "f.ttf"} {
				if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != f1 {
					t.Errorf("%s was written", name)
				}
			}
			if data, _ := os.ReadFile(filepath.Join(dir, "p.csv")); string(data) != f1Players {
				t.Error("p.csv was written")
			}
		})
	}
}

// TestOutputsOfTheSameName: inputs of the same name in different folders get outputs named
// after their folders; two outputs that would still be the same file are refused before
// anything is written.
func TestOutputsOfTheSameName(t *testing.T) {
	dir := t.TempDir()
	day2 := strings.Replace(f1, "3,2,Alice,Dave,2-0", "3,2,Alice,Dave,0-2", 1)
	put(t, dir, map[string]string{"d1/r.csv": f1, "d2/r.csv": day2})
	code, _, stderr := runAt(t, dir, "standings", "d1/r.csv", "d2/r.csv", "-o", "s.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for name, in := range map[string]string{"s-d1-r.csv": "d1/r.csv", "s-d2-r.csv": "d2/r.csv"} {
		_, want, _ := runAt(t, dir, "standings", in, "--to", "csv")
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(bytes.TrimPrefix(got, []byte("\ufeff"))) != want {
			t.Errorf("%s is not the standings of %s", name, in)
		}
		if !strings.Contains(stderr, "wrote "+name+"\n") {
			t.Errorf("stderr does not say %s was written:\n%s", name, stderr)
		}
	}

	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"standings", "d1/r.csv", "d1/r.csv", "-o", "t.csv"},
			"tbsheet: -o t.csv writes t-r.csv for d1/r.csv and -o t.csv writes t-r.csv for d1/r.csv: two outputs would be written to the same file; give each its own name"},
		{[]string{"standings", "d1/r.csv", "-o", "t.csv", "-o", "./t.csv"},
			"tbsheet: -o t.csv and -o ./t.csv: two outputs would be written to the same file; give each its own name"},
		{[]string{"standings", "d1/r.csv", "-o", "t.csv", "-o", "T.CSV"},
			"tbsheet: -o t.csv and -o T.CSV: two outputs would be written to the same file"},
		{[]string{"watch", "d1/r.csv", "-o", "t.csv", "-o", "./t.csv"},
			"tbsheet: -o t.csv and -o ./t.csv: two outputs would be written to the same file"},
		{[]string{"convert", "d1/r.csv", "-o", "t.json", "-o", "./t.json"},
			"tbsheet: -o t.json and -o ./t.json: two outputs would be written to the same file"},
	} {
		before := listDir(t, dir)
		code, _, stderr := runAt(t, dir, tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d:\n%s\nwant exit 2 and %q", tt.args, code, stderr, tt.want)
		}
		if after := listDir(t, dir); !slices.Equal(after, before) {
			t.Errorf("%q wrote %q", tt.args, after)
		}
	}
}

// TestTemplateForce: template never replaces an existing file (the results being entered)
// unless --force says so.
func TestTemplateForce(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, map[string]string{"results.xlsx": "the organizer's results"})
	code, _, stderr := runAt(t, dir, "template", "-o", "results.xlsx")
	if want := "tbsheet: template: results.xlsx exists: a blank workbook would replace it (--force replaces it; or choose another name)\n"; code != exitUsage || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d:\n%s\nwant exit 2 and %q", code, stderr, want)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "results.xlsx")); string(data) != "the organizer's results" {
		t.Fatal("the results were replaced")
	}
	for _, args := range [][]string{{"template", "-o", "results.xlsx", "--force"}, {"template", "-o", "new.xlsx"}} {
		code, _, stderr := runAt(t, dir, args...)
		out := args[2]
		if code != 0 || stderr != "wrote "+out+"\n" {
			t.Errorf("%q: exit %d: %s", args, code, stderr)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, out)); !bytes.HasPrefix(data, []byte("PK")) {
			t.Errorf("%s is not a workbook", out)
		}
	}
}

// TestStaleTemporaryFiles: the temporary files a killed run left beside its outputs are
// removed by the next run on those outputs; nobody else's files are touched.
func TestStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, map[string]string{
		"a.csv":                          f1,
		".standings.xlsx.3141592653.tmp": "killed",
		".standings.pdf.27.tmp":          "killed",
		".results.xlsx.27.tmp":           "not ours to remove: another output",
		"lu2817abc.tmp":                  "LibreOffice's",
	})
	if code, _, stderr := runAt(t, dir, "standings", "a.csv", "-o", "standings.xlsx", "-o", "standings.pdf", "-q"); code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := []string{".results.xlsx.27.tmp", "a.csv", "lu2817abc.tmp", "standings.pdf", "standings.xlsx"}
	if got := listDir(t, dir); !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestOutputIsAFolder: an output that is a folder says so, without the temporary file's name,
// and the other outputs are written.
func TestOutputIsAFolder(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, map[string]string{"a.csv": f1, "standings.pdf/keep": ""})
	code, _, stderr := runAt(t, dir, "standings", "a.csv", "-o", "standings.pdf", "-o", "standings.csv")
	want := "tbsheet: standings.pdf is a folder, not a file: give the name of the file to write\n"
	if code != exitOutput || !strings.HasSuffix(stderr, want) || strings.Contains(stderr, ".tmp") {
		t.Errorf("exit %d:\n%s\nwant exit 3 and %q", code, stderr, want)
	}
	if !strings.Contains(stderr, "wrote standings.csv\n") {
		t.Errorf("standings.csv not reported written:\n%s", stderr)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"a.csv", "standings.csv", "standings.pdf/keep"}) {
		t.Errorf("files %q", got)
	}
	put(t, dir, map[string]string{"s.xlsx/keep": ""})
	code, _, stderr = runAt(t, dir, "standings", "a.csv", "-o", "standings.pdf", "-o", "s.xlsx", "-q")
	want = "tbsheet: standings.pdf is a folder, not a file: give the name of the file to write\n" +
		"tbsheet: s.xlsx is a folder, not a file: give the name of the file to write\n"
	if code != exitOutput || stderr != want {
		t.Errorf("two folders: exit %d:\n%s\nwant exit 3 and\n%s", code, stderr, want)
	}
}

// TestNotes: every note reaches stderr, in every mode, after what stdout prints, with one
// line per file written; stdout holds only the standings; -q silences the notes and the
// files written, not the errors.
func TestNotes(t *testing.T) {
	dir := t.TempDir()
	// Round 3 is being played (one result missing), Bob left after round 1 without saying so,
	// and the file is in Windows-1252: "Zoë".
	csv := "Round,Table,Player 1,Player 2,Result\n1,1,Alice,Bob,2-0\n1,2,Carol,Dave,2-1\n1,3,Zo\xeb,Erin,2-0\n" +
		"2,1,Alice,Carol,2-1\n2,2,Dave,Erin,2-0\n2,,Zo\xeb,BYE,\n3,1,Alice,Dave,\n3,2,Carol,Zo\xeb,2-0\n3,,Erin,BYE,\n"
	put(t, dir, map[string]string{"results.csv": csv})
	workbook(t, filepath.Join(dir, "results.xlsx"), map[string][][]any{
		"Round 1":     {{"Table", "Player 1", "Player 2", "Result"}, {1, "Alice", "Bob", "2-0"}},
		"Round 2":     {{"Table", "Player 1", "Player 2", "Result"}, {1, "Alice", "Bob", "2-1"}},
		"Round 2 (2)": {{"Table", "Player 1", "Player 2", "Result"}, {1, "Alice", "Bob", "0-2"}},
	})
	csvNotes := []string{
		"note: results.csv: not UTF-8 but Windows-1252",
		"note: results.csv: Bob plays no match after round 1 of 3: counted as dropped after round 1",
		"note: results.csv: round 3 has 1 unreported match: it is left out until complete",
		"note: results.csv:8:16: round 3: Alice vs Dave has no result yet",
	}
	tests := []struct {
		name   string
		args   []string
		stdout func(string) bool
		notes  []string
	}{
		{"table", []string{"standings", "results.csv"}, func(s string) bool { return strings.Contains(s, "Zoë") && !strings.Contains(s, "note:") }, csvNotes},
		{"json", []string{"standings", "results.csv", "--to", "json"}, func(s string) bool { return json.Valid([]byte(s)) }, csvNotes},
		{"csv", []string{"standings", "results.csv", "--to", "csv"}, func(s string) bool { return strings.HasPrefix(s, "Rank,") && !strings.Contains(s, "note:") }, csvNotes},
		{"files", []string{"standings", "results.csv", "-o", "s.json", "-o", "s.csv"}, func(s string) bool { return s == "" },
			append(slices.Clone(csvNotes), "wrote s.json", "wrote s.csv")},
		{"sheet ignored", []string{"standings", "results.xlsx"}, func(s string) bool { return strings.Contains(s, "Standings after round 2") },
			[]string{`note: results.xlsx: sheet "Round 2 (2)" ignored`}},
		{"divisions", []string{"standings", "cup.tdf", "-o", "s.csv"}, func(s string) bool { return s == "" },
			[]string{"note: cup.tdf holds 3 divisions (Junior, Senior, Masters): each is written to its own file",
				"wrote s-junior.csv", "wrote s-senior.csv", "wrote s-masters.csv"}},
		{"convert", []string{"convert", "results.csv", "-o", "r.xlsx"}, func(s string) bool { return s == "" },
			[]string{csvNotes[0], csvNotes[1], "wrote r.xlsx"}},
		{"scenarios", []string{"scenarios", "results.csv", "--cut", "2"}, func(s string) bool { return strings.Contains(s, "Alice") }, csvNotes[:2]},
	}
	tdf, err := os.ReadFile(filepath.Join("..", "..", "samples", "pokemon-league-cup.tdf"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, dir, map[string]string{"cup.tdf": string(tdf)})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runAt(t, dir, tt.args...)
			if code != 0 || !tt.stdout(stdout) {
				t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			at := 0
			for _, want := range tt.notes {
				i := slices.IndexFunc(lines[at:], func(l string) bool { return strings.HasPrefix(l, want) })
				if i < 0 {
					t.Errorf("stderr lacks %q (after line %d):\n%s", want, at, stderr)
					continue
				}
				at += i + 1
			}
			for _, l := range lines {
				if !strings.HasPrefix(l, "note: ") && !strings.HasPrefix(l, "wrote ") {
					t.Errorf("stderr line %q is neither a note nor a file written", l)
				}
			}
			code, stdout2, stderr := runAt(t, dir, append(tt.args, "-q")...)
			if code != 0 || stderr != "" || stdout2 != stdout {
				t.Errorf("-q: exit %d, stdout changed %v, stderr:\n%s", code, stdout2 != stdout, stderr)
			}
		})
	}
	code, _, stderr := runAt(t, dir, "standings", "results.csv", "nosuch.csv", "-q")
	if code != exitInput || stderr != "nosuch.csv: no such file\ntbsheet: nothing was written\n" {
		t.Errorf("-q with an error: exit %d:\n%s", code, stderr)
	}
}

// TestExitCodes: 2 only for the command line itself; a mistake in an input, wherever it is
// (a workbook's Event sheet), is 1 with its place; anything that is not classified is 1, and
// an internal error prints no Go stack.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	matches := [][]any{{"Round", "Table", "Player 1", "Player 2", "Result"}, {1, 1, "Alice", "Bob", "2-0"}, {1, 2, "Carol", "Dave", "2-1"}}
	workbook(t, filepath.Join(dir, "typo.xlsx"), map[string][][]any{
		"Event":   {{"Field", "Value"}, {"Name", "Friday"}, {"System", "mgt"}},
		"Matches": matches,
	})
	workbook(t, filepath.Join(dir, "tiebreak-typo.xlsx"), map[string][][]any{
		"Event":   {{"System", "mtg"}, {"Tiebreaks", "mtg-omw, mtg-gvp"}},
		"Matches": matches,
	})
	put(t, dir, map[string]string{"a.csv": f1})
	tests := []struct {
		name string
		args []string
		code int
		want string // the start of stderr
	}{
		{"Event sheet system", []string{"standings", "typo.xlsx"}, exitInput,
			`typo.xlsx: Event!B3: System: unknown system "mgt" (did you mean "mtg"?); valid: mtg, yugioh,`},
		{"Event sheet tiebreaks", []string{"standings", "tiebreak-typo.xlsx", "-o", "s.pdf"}, exitInput,
			`tiebreak-typo.xlsx: Event!B2: Tiebreaks: unknown tiebreak "mtg-gvp" (did you mean "mtg-gwp"?)`},
		{"Event sheet, explain", []string{"explain", "typo.xlsx", "--player", "Alice"}, exitInput, `typo.xlsx: Event!B3: System: unknown system "mgt"`},
		{"the system on the command line", []string{"standings", "a.csv", "--system", "mgt"}, exitUsage, `tbsheet: unknown system "mgt"`},
		{"unknown command", []string{"standing", "a.csv"}, exitUsage, `tbsheet: unknown command "standing" for "tbsheet"`},
		{"unknown output format", []string{"standings", "a.csv", "-o", "s.csv", "-o", "s.docx"}, exitUsage,
			"tbsheet: s.docx: standings are written to .csv, .json, .pdf, .xlsx\n"},
		{"unknown output format, watch", []string{"watch", "a.csv", "-o", "s.docx"}, exitUsage,
			"tbsheet: s.docx: standings are written to .csv, .json, .pdf, .xlsx\n"},
		{"unknown convert format", []string{"convert", "a.csv", "-o", "r.pdf"}, exitUsage,
			"tbsheet: r.pdf: convert writes .csv, .json, .trf, .xlsx\n"},
		{"missing input", []string{"standings", "nosuch.csv"}, exitInput, "nosuch.csv: no such file\n"},
		{"watch: missing input", []string{"watch", "nosuch.csv", "-o", "s.pdf"}, exitInput, "tbsheet: nosuch.csv: no such file or folder\n"},
		// a message quotes what was typed: an escape sequence in it must not reach the terminal
		{"escape in a missing input", []string{"standings", "no\x1b[2Jsuch.csv"}, exitInput, "no␛[2Jsuch.csv: no such file\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := listDir(t, dir)
			code, _, stderr := runAt(t, dir, tt.args...)
			if code != tt.code || !strings.HasPrefix(stderr, tt.want) {
				t.Errorf("exit %d:\n%s\nwant exit %d and %q", code, stderr, tt.code, tt.want)
			}
			if after := listDir(t, dir); !slices.Equal(after, before) {
				t.Errorf("wrote %q", after)
			}
		})
	}

	// A command that fails in a way nobody foresaw: a plain error, a panic.
	for _, tt := range []struct {
		name string
		run  func() error
		want string
	}{
		{"unclassified error", func() error { return errors.New("the disk is on fire") }, "tbsheet: the disk is on fire\n"},
		{"panic", func() error {
			var names []string
			_ = names[65536]
			return nil
		}, "tbsheet: internal error in tbsheet (please report it with the input file): runtime error: index out of range [65536] with length 0\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			root := newRoot(&stdout, &stderr)
			root.AddCommand(&cobra.Command{Use: "fail", RunE: func(*cobra.Command, []string) error { return tt.run() }})
			if code := execute(root, []string{"fail"}, &stderr); code != exitInput || stderr.String() != tt.want {
				t.Errorf("exit %d:\n%s\nwant exit 1 and %q", code, stderr.String(), tt.want)
			}
		})
	}
}

// TestConvertFlags: convert checks its flags as standings does: the same values are refused
// with the same exit code and message, and nothing is written.
func TestConvertFlags(t *testing.T) {
	dir := t.TempDir()
	tdf, err := os.ReadFile(filepath.Join("..", "..", "samples", "pokemon-league-cup.tdf"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, dir, map[string]string{"cup.tdf": string(tdf)})
	for _, flags := range [][]string{
		{"--pod", "nosuch"},
		{"--lang", "fr"},
		{"--from", "nosuch"},
		{"--players", "nosuch.csv"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			code, _, want := runAt(t, dir, append([]string{"standings", "cup.tdf", "-o", "s.json"}, flags...)...)
			if code == 0 {
				t.Fatalf("standings accepts %q", flags)
			}
			got, _, stderr := runAt(t, dir, append([]string{"convert", "cup.tdf", "-o", "r.json"}, flags...)...)
			if got != code || stderr != want {
				t.Errorf("convert: exit %d:\n%s\nwant exit %d:\n%s", got, stderr, code, want)
			}
			if files := listDir(t, dir); !slices.Equal(files, []string{"cup.tdf"}) {
				t.Errorf("files %q", files)
			}
		})
	}
}

// TestConvertJSONRoundTrip: the event JSON that convert writes is read back by standings,
// which ranks it exactly as the original (the divisions of a multi-pod input included).
func TestConvertJSONRoundTrip(t *testing.T) {
	samples, _ := filepath.Glob("../../samples/*")
	for _, s := range samples {
		t.Run(filepath.Base(s), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "converted.json")
			if code, _, stderr := runAt(t, ".", "convert", s, "-o", out); code != 0 {
				t.Fatalf("convert: exit %d: %s", code, stderr)
			}
			for _, final := range []string{"--final=true", "--final=false"} {
				_, want, _ := runAt(t, ".", "standings", s, "--to", "csv", final)
				code, got, stderr := runAt(t, ".", "standings", out, "--to", "csv", final)
				if code != 0 || got != want || want == "" {
					t.Errorf("%s: exit %d, standings differ after convert (%s):\n%s", final, code, stderr, golden.Diff(want, got))
				}
			}
		})
	}
}

// TestWatchSurvivesAWriterPanic: a save whose outputs cannot all be rendered — here a name
// outside Unicode's Basic Multilingual Plane, on which the PDF writer once panicked — is a
// broken save: the job reports it (or renders it), and never ends the process; the last good
// outputs stay until a save renders.
func TestWatchSurvivesAWriterPanic(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "results.csv")
	outs := []string{filepath.Join(dir, "s.csv"), filepath.Join(dir, "s.pdf")}
	job := watchJobFor(t, io.Discard, input, "-o", outs[0], "-o", outs[1])
	good, err := job(context.Background(), input, []byte(f1))
	if err != nil {
		t.Fatal(err)
	}
	if err := good.Commit(); err != nil {
		t.Fatal(err)
	}
	before := make([][]byte, len(outs))
	for i, o := range outs {
		before[i], _ = os.ReadFile(o)
	}
	emoji := strings.ReplaceAll(f1, "Erin", "Dragon 🐉 Slayer")
	p, err := job(context.Background(), input, []byte(emoji))
	switch {
	case err != nil:
		if strings.Contains(err.Error(), "goroutine") {
			t.Errorf("the error carries a stack: %v", err)
		}
		for i, o := range outs {
			if now, _ := os.ReadFile(o); !bytes.Equal(now, before[i]) {
				t.Errorf("%s changed after a broken save", o)
			}
		}
	default:
		if err := p.Commit(); err != nil {
			t.Errorf("commit: %v", err)
		}
	}
}

// TestLockFilesSkipped: the lock files Excel and LibreOffice keep beside an open workbook,
// which a shell's *.csv matches, are skipped with a note, not read as results.
func TestLockFilesSkipped(t *testing.T) {
	for _, lock := range []string{"~$a.csv", ".~lock.a.csv#"} {
		for _, args := range [][]string{{"standings", "a.csv", lock, "-o", "s.json"}, {"season", "a.csv", lock, "--places", "3,2,1"}} {
			dir := t.TempDir()
			put(t, dir, map[string]string{"a.csv": f1, lock: "\x00lock"})
			code, _, stderr := runAt(t, dir, args...)
			if code != exitOK || !strings.Contains(stderr, "note: "+lock+": skipped: ") {
				t.Errorf("%q: exit %d, stderr:\n%s", args, code, stderr)
			}
		}
	}
}
