package reader

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// checkPrintable: no message, line shown under it, or note of a read holds a control
// character (but the line break between a line and its caret, and tabs kept for the caret):
// nothing read from a file can drive the terminal.
func checkPrintable(t *testing.T, ev *tbsheet.Event, err error) {
	t.Helper()
	var texts []string
	for _, e := range tbsheet.Errors(err) {
		texts = append(texts, e.Error(), e.Detail())
	}
	if err == nil && ev != nil {
		texts = append(texts, en(ev.Notes)...)
	}
	for _, s := range texts {
		for _, r := range s {
			if r != '\n' && r != '\t' && tbsheet.IsControl(r) {
				t.Fatalf("%U in %q", r, s)
			}
		}
	}
}

// FuzzDetect feeds anything to detection and to the reader the first bytes point to when no
// format takes the file: every sample and fixture, and files that are cut short, damaged or
// in another format. The read must end in an event or positioned problems that name the file
// and print safely, never a panic or a hang.
func FuzzDetect(f *testing.F) {
	fuzzSeeds(f, []string{"../samples/*", fixtureDir + "/*.xlsx", fixtureDir + "/*.csv", "../testdata/*/*.json",
		"../testdata/*/*.Tournament", "../testdata/*/*.tdf", "../testdata/*/*.trf"},
		"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1E\x00n\x00c\x00r\x00y\x00p\x00t\x00e\x00d\x00P\x00a\x00c\x00k\x00a\x00g\x00e\x00",
		"R\x00o\x00u\x00n\x00d\x00,\x00P\x00,\x00Q\x00,\x00R\x00e\x00s\x00u\x00l\x00t\x00\n\x00",
		`<?xml version="1.0"?><!DOCTYPE event [<!ENTITY a "x">]><event><participation/>&a;</event>`,
		`<html><body>x</body></html>`, `{"tournament": {"participants": [`, "Round,Player 1,Player 2,Result\n1,\"Ann,Bob,2-0\n")
	if book, err := appendZipPart(nil, "mimetype", []byte("application/vnd.oasis.opendocument.spreadsheet")); err == nil {
		f.Add(book)
		f.Add(book[:len(book)/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := ReadBytes(data, "f.dat", "", Options{})
		checkRead(t, "f.dat", ev, err)
		checkPrintable(t, ev, err)
	})
}

// FuzzXLSXSharedStrings feeds shared string tables, mutated, to a workbook whose cells refer
// to them: rich text, phonetic guides, escapes, damage.
func FuzzXLSXSharedStrings(f *testing.F) {
	base, err := workbookBytes(sheet{name: "Matches", rows: [][]any{{"Round", "Player 1", "Player 2", "Result"},
		{1, "S0", "S1", "S3"}, {2, "S1", "S2", "S3"}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`<sst><si><t>Ann</t></si><si><r><t>B</t></r><r><t>o</t></r><rPh><t>x</t></rPh></si>` +
		`<si><t>C_x0007_y</t></si><si><t>2-0</t></si></sst>`))
	f.Add([]byte(`<sst><si><t>Ann</t></si></sst>`))
	f.Add([]byte(`<sst><si><t>Ann`))
	f.Fuzz(func(t *testing.T, sst []byte) {
		book, err := withSharedStrings(base, sst)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := readXLSX(book, "f.xlsx", Options{})
		checkRead(t, "f.xlsx", ev, err)
		checkPrintable(t, ev, err)
	})
}

// withSharedStrings returns a workbook whose inline cells "S0", "S1", … refer to shared
// strings 0, 1, … instead, with sst as its shared string table.
func withSharedStrings(book, sst []byte) ([]byte, error) {
	inline := regexp.MustCompile(`t="inlineStr"><is><t>S(\d+)</t></is>`)
	book, err := rewriteZip(book, func(name string, b []byte) []byte {
		switch {
		case strings.HasPrefix(name, "xl/worksheets/"):
			return inline.ReplaceAll(b, []byte(`t="s"><v>$1</v>`))
		case name == "xl/_rels/workbook.xml.rels":
			return bytes.Replace(b, []byte("</Relationships>"), []byte(`<Relationship Id="rId99" `+
				`Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`+
				`</Relationships>`), 1)
		}
		return b
	}, "xl/sharedStrings.xml", sst)
	return book, err
}
