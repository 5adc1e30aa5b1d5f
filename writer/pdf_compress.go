package writer

// This file compresses a PDF's pages after fpdf wrote them uncompressed. fpdf compresses
// each page with a zlib writer of its own, and a new one allocates and clears about a
// megabyte: for the hundreds of pages of a large event's standings that was the PDF's
// largest cost. The pages are compressed here exactly as fpdf compresses them (zlib at
// best speed, the same dictionary), with one writer reset for each, so the document is
// byte for byte the one fpdf would have written.

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"slices"
	"strconv"
)

// fpdfCompresses makes fpdf compress the pages itself, as a test's reference: compressPages
// must give the same bytes.
var fpdfCompresses = false

// compressPages returns doc, a PDF fpdf wrote with compression off, with every page's
// content stream compressed (those compressed already left as they are) and the
// cross-reference table moved accordingly.
func compressPages(doc []byte) ([]byte, error) {
	offsets, xref, err := pdfObjects(doc)
	if err != nil {
		return nil, err
	}
	// Each object runs from its offset to the next one's (the last one to the table).
	order := make([]int, 0, len(offsets)-1)
	for n := 1; n < len(offsets); n++ {
		order = append(order, n)
	}
	slices.SortFunc(order, func(a, b int) int { return offsets[a] - offsets[b] })
	span := make([][]byte, len(offsets))
	for i, n := range order {
		end := xref
		if i+1 < len(order) {
			end = offsets[order[i+1]]
		}
		span[n] = doc[offsets[n]:end]
	}
	contents := map[int]bool{} // the objects that hold a page's content
	for n, obj := range span {
		page, ok := bytes.CutPrefix(obj, fmt.Appendf(nil, "%d 0 obj\n<</Type /Page\n", n))
		if !ok {
			continue
		}
		_, ref, ok := bytes.Cut(page, []byte("/Contents "))
		ref, _, _ = bytes.Cut(ref, []byte(" 0 R"))
		k, err := strconv.Atoi(string(ref))
		if !ok || err != nil || k <= 0 || k >= len(offsets) {
			return nil, fmt.Errorf("PDF: page object %d: no contents", n)
		}
		contents[k] = true
	}
	// Copy the objects in the order they are in the file, compressing the pages' contents.
	out := bytes.NewBuffer(make([]byte, 0, len(doc)/2))
	out.Write(doc[:offsets[order[0]]])
	moved := make([]int, len(offsets))
	var zw *zlib.Writer
	var packed bytes.Buffer
	for _, n := range order {
		obj := span[n]
		moved[n] = out.Len()
		if !contents[n] || bytes.HasPrefix(obj, fmt.Appendf(nil, "%d 0 obj\n<</Filter ", n)) { // or compressed already
			out.Write(obj)
			continue
		}
		head := fmt.Sprintf("%d 0 obj\n<</Length ", n)
		rest, ok := bytes.CutPrefix(obj, []byte(head))
		lenText, rest, ok2 := bytes.Cut(rest, []byte(">>\nstream\n"))
		length, err := strconv.Atoi(string(lenText))
		if !ok || !ok2 || err != nil || length > len(rest) || !bytes.Equal(rest[length:], []byte("\nendstream\nendobj\n")) {
			return nil, fmt.Errorf("PDF: page content object %d is not as expected", n)
		}
		packed.Reset()
		if zw == nil {
			zw, err = zlib.NewWriterLevel(&packed, zlib.BestSpeed)
		} else {
			zw.Reset(&packed)
		}
		if err == nil {
			_, err = zw.Write(rest[:length])
		}
		if err == nil {
			err = zw.Close()
		}
		if err != nil {
			return nil, fmt.Errorf("PDF: compressing page content object %d: %w", n, err)
		}
		fmt.Fprintf(out, "%d 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", n, packed.Len())
		out.Write(packed.Bytes())
		out.WriteString("\nendstream\nendobj\n")
	}
	// The cross-reference table, then the trailer with the table's new place.
	newXref := out.Len()
	fmt.Fprintf(out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for _, off := range moved[1:] {
		fmt.Fprintf(out, "%010d 00000 n \n", off)
	}
	trailer := doc[xref+xrefLen(len(offsets)):]
	i := bytes.LastIndex(trailer, []byte("startxref\n"))
	if i < 0 {
		return nil, fmt.Errorf("PDF: no startxref")
	}
	out.Write(trailer[:i])
	fmt.Fprintf(out, "startxref\n%d\n%%%%EOF\n", newXref)
	return out.Bytes(), nil
}

// xrefLen is the length of fpdf's cross-reference table of n entries (object 0 included).
func xrefLen(n int) int { return len(fmt.Sprintf("xref\n0 %d\n", n)) + 20*n }

// pdfObjects reads the cross-reference table of a PDF fpdf wrote: every object's offset
// (index 0 unused) and the table's own.
func pdfObjects(doc []byte) (offsets []int, xref int, err error) {
	i := bytes.LastIndex(doc, []byte("\nstartxref\n"))
	if i < 0 {
		return nil, 0, fmt.Errorf("PDF: no startxref")
	}
	num, _, _ := bytes.Cut(doc[i+len("\nstartxref\n"):], []byte("\n"))
	if xref, err = strconv.Atoi(string(num)); err != nil || xref < 0 || xref >= len(doc) {
		return nil, 0, fmt.Errorf("PDF: bad startxref %q", num)
	}
	table, ok := bytes.CutPrefix(doc[xref:], []byte("xref\n0 "))
	countText, table, ok2 := bytes.Cut(table, []byte("\n"))
	count, err := strconv.Atoi(string(countText))
	if !ok || !ok2 || err != nil || count < 2 || len(table) < 20*count {
		return nil, 0, fmt.Errorf("PDF: bad cross-reference table")
	}
	offsets = make([]int, count)
	for n := 1; n < count; n++ {
		e := table[20*n : 20*n+20]
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || off <= 0 || off >= xref || !bytes.HasPrefix(doc[off:], []byte(strconv.Itoa(n)+" 0 obj\n")) {
			return nil, 0, fmt.Errorf("PDF: bad cross-reference entry %d", n)
		}
		offsets[n] = off
	}
	return offsets, xref, nil
}
