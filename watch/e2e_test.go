//go:build e2e

package watch

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// TestLibreOfficeSaves: LibreOffice itself writes the watched workbook (headless
// --convert-to over the existing file) three times; the job runs exactly once per save, on
// the new content, with the real debounce, and a broken save in the middle keeps the outputs.
func TestLibreOfficeSaves(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatalf("LibreOffice (soffice) is not installed (Debian: libreoffice-calc-nogui): %v", err)
	}
	tmp := t.TempDir()
	src, watched := filepath.Join(tmp, "src"), filepath.Join(tmp, "event")
	for _, d := range []string{src, watched} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A profile of its own, so that another soffice running on the machine does not take
	// the conversion over.
	profile := "-env:UserInstallation=file://" + filepath.ToSlash(filepath.Join(tmp, "profile"))
	path := filepath.Join(watched, "results.xlsx")
	save := func(text []byte) {
		t.Helper()
		csv := filepath.Join(src, "results.csv")
		writeFile(t, csv, toCSV(text))
		// CSV:44,34,76,1 = comma, double quote, UTF-8, from line 1.
		cmd := exec.Command(soffice, profile, "--headless", "--infilter=CSV:44,34,76,1",
			"--convert-to", "xlsx", "--outdir", watched, csv)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("soffice: %v\n%s", err, out)
		}
	}
	r3, r4, typo, r5 := fixture(t, "round3.txt"), fixture(t, "round4.txt"), fixture(t, "round4-typo.txt"), fixture(t, "round5.txt")
	save(r3)
	job := &fakeJob{out: func(in string) string { return filepath.Join(tmp, "standings.txt") }, unzip: xlsxText}
	h := start(t, Config{Inputs: []string{path}, Debounce: 300 * time.Millisecond, Settle: 2 * time.Second}, job, 1)
	save(r4)
	h.waitRuns(r3, r4)
	save(typo)
	h.waitRuns(r3, r4, typo)
	checkFile(t, filepath.Join(tmp, "standings.txt"), expectedOutput(t, r4))
	save(r5)
	h.waitRuns(r3, r4, typo, r5)
	checkFile(t, filepath.Join(tmp, "standings.txt"), expectedOutput(t, r5))
	t.Logf("what LibreOffice did in the watched folder:\n%s", h.detail)
	// LibreOffice writes a lu*.tmp and renames it over the workbook:
	// the workbook only ever appears whole, as a create.
	if !strings.Contains(h.detail.String(), "create "+path+": checking") {
		t.Errorf("the workbook was not renamed into place")
	}
}

// toCSV turns the text format into the CSV LibreOffice imports: the header in one cell,
// then name and points.
func toCSV(text []byte) []byte {
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	var b bytes.Buffer
	fmt.Fprintf(&b, "%q\n", lines[0])
	for _, l := range lines[1:] {
		b.WriteString(strings.Replace(l, "\t", ",", 1) + "\n")
	}
	return b.Bytes()
}

// xlsxText reads the workbook LibreOffice wrote back into the text format.
func xlsxText(data []byte) ([]byte, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, r := range rows {
		b.WriteString(strings.Join(r, "\t") + "\n")
	}
	return b.Bytes(), nil
}
