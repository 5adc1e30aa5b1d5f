package writer

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
)

// TestCompressPagesMalformed: a document not as fpdf writes it is an error, not a crash.
func TestCompressPagesMalformed(t *testing.T) {
	var doc bytes.Buffer
	fpdfCompresses = false
	if err := writePDF(&doc, writertest.Standings(), Options{Now: writertest.Now}); err != nil {
		t.Fatal(err)
	}
	good := doc.Bytes()
	for name, bad := range map[string][]byte{
		"empty":                 nil,
		"no startxref":          bytes.ReplaceAll(good, []byte("startxref"), []byte("startxre_")),
		"cut":                   good[:len(good)/2],
		"offset moved":          append([]byte("%"), good...),
		"not a PDF":             []byte("hello\nstartxref\n0\n%%EOF\n"),
		"xref past end":         []byte("x\nstartxref\n999\n%%EOF\n"),
		"no object table":       []byte("%PDF-1.4\nxref\n0 1\nstartxref\n9\n%%EOF\n"),
		"page without contents": bytes.ReplaceAll(good, []byte("/Contents "), []byte("/Contentz ")),
	} {
		if _, err := compressPages(bad); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
