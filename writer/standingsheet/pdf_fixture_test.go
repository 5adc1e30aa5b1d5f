package standingsheet

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
)

// renderPDF writes st as a PDF and returns it with the warnings given.
func renderPDF(t testing.TB, st *calc.Standings, opt writer.Options) ([]byte, []string) {
	t.Helper()
	var warnings []string
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	var buf bytes.Buffer
	if err := WritePDF(&buf, st, opt); err != nil {
		t.Fatalf("WritePDF: %v", err)
	}
	return buf.Bytes(), warnings
}
