package writer

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
)

// renderPDF writes st's wall PDF and returns it with the warnings given.
func renderPDF(t testing.TB, st *calc.Standings, opt Options) ([]byte, []string) {
	t.Helper()
	var warnings []string
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	var buf bytes.Buffer
	if err := writePDF(&buf, st, opt); err != nil {
		t.Fatalf("writePDF: %v", err)
	}
	return buf.Bytes(), warnings
}
