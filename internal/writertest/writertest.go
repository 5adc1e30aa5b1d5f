// Package writertest holds what the tests of package writer and of its products share: the
// fixed time they print, real standings computed from generated events, and the real
// clients (poppler, LibreOffice) that read their files back. It imports no writer package,
// so that writer's own tests can use it.
package writertest

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// Now is the time the tests print in footers and About sheets.
var Now = time.Date(2026, 5, 18, 19, 30, 0, 0, time.UTC)

// Compute returns the standings calc computes for ev, or panics: the events are generated
// and valid, so an error is a bug in the test.
func Compute(ev *tbsheet.Event, opt calc.Options) *calc.Standings {
	st, err := calc.Compute(ev, opt)
	if err != nil {
		panic(fmt.Sprintf("calc.Compute: %v", err))
	}
	return st
}

// pageObject starts a page object of a PDF.
var pageObject = regexp.MustCompile(`/Type /Page\s`)

// PDFPages counts the page objects of a PDF (page objects are not compressed).
func PDFPages(b []byte) int { return len(pageObject.FindAll(b, -1)) }

// Poppler runs a poppler tool and returns its standard output.
func Poppler(t *testing.T, tool string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		t.Fatalf("%s is not installed (Debian: poppler-utils): %v", tool, err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(tool, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("%s %s: %v\n%s", tool, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// CellAt is the j-th cell of a row LibreOffice read, "" past its end.
func CellAt(row []string, j int) string {
	if j < len(row) {
		return row[j]
	}
	return ""
}

// LibreOfficeCSV has LibreOffice convert every sheet of a workbook to CSV (raw values, or
// values as shown) and returns the rows of each sheet by name.
func LibreOfficeCSV(t *testing.T, workbook []byte, asShown bool) map[string][][]string {
	t.Helper()
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatalf("LibreOffice (soffice) is not installed (Debian: libreoffice-calc-nogui): %v", err)
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.xlsx")
	if err := os.WriteFile(book, workbook, 0o644); err != nil {
		t.Fatal(err)
	}
	// Fields: comma, double quote, UTF-8, from line 1, no column formats, default language,
	// quoted fields as text, detect special numbers, save as shown, no formulas, keep
	// spaces, every sheet.
	filter := "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true," + strconv.FormatBool(asShown) + ",false,false,-1"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// A private profile, so that runs in parallel (and a desktop LibreOffice) do not collide.
	cmd := exec.CommandContext(ctx, soffice, "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--headless", "--convert-to", filter, "--outdir", dir, book)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	sheets := map[string][][]string{}
	matches, _ := filepath.Glob(filepath.Join(dir, "book-*.csv"))
	for _, m := range matches {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(bytes.NewReader(data))
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		sheets[strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), "book-"), ".csv")] = rows
	}
	return sheets
}

// NearlyEqual compares a spreadsheet's result with the exact value: 15 significant digits print,
// so allow 1e-9 relative to the size of the number.
func NearlyEqual(got, want float64) bool {
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))
}

// InOrder checks that text, its whitespace collapsed, holds the rows in order.
func InOrder(t *testing.T, text string, rows []string, what string) {
	t.Helper()
	text = strings.Join(strings.Fields(text), " ")
	at := 0
	for k, r := range rows {
		i := strings.Index(text[at:], r)
		if i < 0 {
			t.Errorf("%s: row %d of %d, %q, missing or out of order", what, k+1, len(rows), r)
			return
		}
		at += i + len(r)
	}
}
