package writer

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
)

// TestCompressPages: every PDF tbsheet writes (standings in each language and at sizes that
// take one page or many, with a QR code, pairings by name and by table on pages of both
// orientations, match slips, scenarios) is byte for byte the document fpdf writes when it
// compresses the pages itself.
func TestCompressPages(t *testing.T) {
	p, rep := testPairings(t), testScenarios(t)
	docs := map[string]func(*bytes.Buffer) error{
		"pairings":  func(b *bytes.Buffer) error { return WritePairingsPDF(b, p, BothLists, Options{Now: writertest.Now}) },
		"slips":     func(b *bytes.Buffer) error { return WriteSlipsPDF(b, p, Options{Now: writertest.Now, Lang: "zh"}) },
		"scenarios": func(b *bytes.Buffer) error { return WriteScenariosPDF(b, rep, Options{Now: writertest.Now}) },
		"standings-qr": func(b *bytes.Buffer) error {
			return writePDF(b, testStandings(), Options{Now: writertest.Now, QR: "http://192.168.1.20:8080/"})
		},
	}
	for _, lang := range Langs() {
		docs["standings-"+lang] = func(b *bytes.Buffer) error {
			return writePDF(b, testStandings(), Options{Now: writertest.Now, Lang: lang})
		}
	}
	docs["standings-300"] = func(b *bytes.Buffer) error {
		return writePDF(b, bigStandings(300), Options{Now: writertest.Now, Cut: 8})
	}
	for name, write := range docs {
		var ours, theirs bytes.Buffer
		if err := write(&ours); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fpdfCompresses = true
		err := write(&theirs)
		fpdfCompresses = false
		if err != nil {
			t.Fatalf("%s, compressed by fpdf: %v", name, err)
		}
		if !bytes.Equal(ours.Bytes(), theirs.Bytes()) {
			t.Errorf("%s: %d bytes, fpdf compressing writes %d different ones", name, ours.Len(), theirs.Len())
		}
		if !bytes.Contains(ours.Bytes(), []byte("/Filter /FlateDecode /Length")) {
			t.Errorf("%s: no compressed page", name)
		}
	}
}

// TestCompressPagesMalformed: a document not as fpdf writes it is an error, not a crash.
func TestCompressPagesMalformed(t *testing.T) {
	var doc bytes.Buffer
	fpdfCompresses = false
	if err := writePDF(&doc, testStandings(), Options{Now: writertest.Now}); err != nil {
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
