// Package fontfile reads the outer structure of TrueType font files (the table directory and
// a few fields), so that tbsheet can extract one face of a TrueType Collection (.ttc) and
// refuse, with a clear error, fonts that its PDF library cannot embed. That library
// (codeberg.org/go-pdf/fpdf) prints its font errors to stdout and carries on; checking first
// keeps both stdout and the PDF clean.
//
// Every offset read from a file is checked against the file's length: fonts come from users
// (--font) and a malformed one must give an error, never a panic.
package fontfile

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Errors Check and Extract return for fonts tbsheet cannot use.
var (
	// ErrCFF is returned for OpenType fonts with PostScript (CFF) outlines, which fpdf
	// cannot embed.
	ErrCFF = errors.New("PostScript-outline (CFF) OpenType fonts are not supported; use a TrueType (.ttf) font")
	// ErrCollection is returned by Check for a TrueType Collection; Extract a face first.
	ErrCollection = errors.New("font is a TrueType Collection (.ttc); extract one face first")
	// ErrWOFF is returned for compressed web fonts.
	ErrWOFF = errors.New("WOFF web fonts are compressed; use a TrueType (.ttf) font")
	// ErrNoEmbedding is returned when the font's licence flags forbid embedding or subsetting.
	ErrNoEmbedding = errors.New("the font's licence flags (OS/2 fsType) forbid embedding it in a PDF")
	// ErrNoUnicodeCmap is returned when the font has no Unicode BMP character map (format 4),
	// the only one fpdf reads.
	ErrNoUnicodeCmap = errors.New("font has no Unicode character map (cmap format 4)")
	// ErrUnsupported is returned for valid TrueType fonts using a table format fpdf cannot
	// read (a format 1 name table, long horizontal metrics in another format).
	ErrUnsupported = errors.New("the PDF library cannot read this font")
	// ErrFormat is wrapped by every error about a damaged or unknown file structure.
	ErrFormat = errors.New("not a TrueType font")
)

var be = binary.BigEndian

// Magic numbers at offset 0 (sfnt version or collection tag).
const (
	magicTrueType = 0x00010000
	magicApple    = 0x74727565 // 'true'
	magicCFF      = 0x4F54544F // 'OTTO'
	magicTTC      = 0x74746366 // 'ttcf'
	magicWOFF     = 0x774F4646 // 'wOFF'
	magicWOFF2    = 0x774F4632 // 'wOF2'
)

// IsCollection reports whether b starts like a TrueType Collection.
func IsCollection(b []byte) bool { return len(b) >= 4 && be.Uint32(b) == magicTTC }

// table is one entry of an sfnt table directory.
type table struct {
	tag            string
	checksum       uint32
	offset, length int
}

// directory reads the table directory of the sfnt starting at off in b and checks that every
// table lies inside b.
func directory(b []byte, off int) ([]table, error) {
	if off < 0 || off > len(b)-12 {
		return nil, fmt.Errorf("%w: offset table at %d is outside the file (%d bytes)", ErrFormat, off, len(b))
	}
	if err := checkMagic(be.Uint32(b[off:])); err != nil {
		return nil, err
	}
	n := int(be.Uint16(b[off+4:]))
	dir := off + 12
	if n == 0 || dir+16*n > len(b) {
		return nil, fmt.Errorf("%w: table directory of %d entries does not fit in the file", ErrFormat, n)
	}
	tables := make([]table, n)
	for i := range tables {
		rec := b[dir+16*i : dir+16*i+16]
		t := table{tag: string(rec[:4]), checksum: be.Uint32(rec[4:]),
			offset: int(be.Uint32(rec[8:])), length: int(be.Uint32(rec[12:]))}
		// Compare without adding, so that huge values cannot overflow.
		if t.offset > len(b) || t.length > len(b)-t.offset {
			return nil, fmt.Errorf("%w: table %q (offset %d, length %d) runs past the end of the file (%d bytes)",
				ErrFormat, t.tag, t.offset, t.length, len(b))
		}
		tables[i] = t
	}
	return tables, nil
}

// checkMagic accepts TrueType outlines and names every format tbsheet cannot embed.
func checkMagic(m uint32) error {
	switch m {
	case magicTrueType, magicApple:
		return nil
	case magicCFF:
		return ErrCFF
	case magicTTC:
		return ErrCollection
	case magicWOFF, magicWOFF2:
		return ErrWOFF
	}
	return fmt.Errorf("%w: unknown signature %08x", ErrFormat, m)
}

// Extract returns face i (0-based) of the TrueType Collection ttc as a standalone TrueType
// font: a new table directory followed by copies of the face's tables, each padded to four
// bytes, with head.checkSumAdjustment recomputed.
func Extract(ttc []byte, face int) ([]byte, error) {
	if !IsCollection(ttc) {
		return nil, fmt.Errorf("%w: not a TrueType Collection (no ttcf signature)", ErrFormat)
	}
	if len(ttc) < 12 {
		return nil, fmt.Errorf("%w: collection header is truncated", ErrFormat)
	}
	n := int(be.Uint32(ttc[8:]))
	if n > (len(ttc)-12)/4 {
		return nil, fmt.Errorf("%w: collection claims %d faces but the file is too short", ErrFormat, n)
	}
	if face < 0 || face >= n {
		return nil, fmt.Errorf("face %d does not exist: the collection has %d (0 to %d)", face, n, n-1)
	}
	off := int(be.Uint32(ttc[12+4*face:]))
	tables, err := directory(ttc, off)
	if err != nil {
		return nil, fmt.Errorf("face %d: %w", face, err)
	}
	header := 12 + 16*len(tables)
	size := header
	for _, t := range tables {
		size += pad4(t.length)
	}
	out := make([]byte, header, size)
	copy(out, ttc[off:off+12]) // sfnt version, numTables and the search fields stay valid
	for i, t := range tables {
		rec := out[12+16*i:]
		copy(rec, t.tag)
		be.PutUint32(rec[4:], t.checksum)
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(t.length))
		out = append(out, ttc[t.offset:t.offset+t.length]...)
		out = append(out, make([]byte, pad4(t.length)-t.length)...)
	}
	if err := fixHeadChecksum(out); err != nil {
		return nil, fmt.Errorf("face %d: %w", face, err)
	}
	return out, nil
}

func pad4(n int) int { return (n + 3) &^ 3 }

// fixHeadChecksum sets head.checkSumAdjustment so that the whole file sums to 0xB1B0AFBA, as
// the OpenType specification requires of a standalone font (a collection's value covers the
// collection, not the face).
func fixHeadChecksum(font []byte) error {
	tables, err := parse(font)
	if err != nil {
		return err
	}
	head := tables["head"]
	if len(head) < 12 {
		return fmt.Errorf("%w: head table is %d bytes long", ErrFormat, len(head))
	}
	be.PutUint32(head[8:], 0)
	var sum uint32
	for i := 0; i < len(font); i += 4 { // Extract padded every table, so len(font)%4 == 0
		sum += be.Uint32(font[i:])
	}
	be.PutUint32(head[8:], 0xB1B0AFBA-sum)
	return nil
}

// parse returns the tables of the standalone font b by tag; the slices alias b.
func parse(b []byte) (map[string][]byte, error) {
	dir, err := directory(b, 0)
	if err != nil {
		return nil, err
	}
	tables := make(map[string][]byte, len(dir))
	for _, t := range dir {
		tables[t.tag] = b[t.offset : t.offset+t.length]
	}
	return tables, nil
}

// Check reports whether the standalone font b can be embedded by fpdf: TrueType outlines,
// the tables fpdf reads, a Unicode BMP character map (format 4), and OS/2 licence flags that
// allow embedding and subsetting.
func Check(b []byte) error {
	tables, err := parse(b)
	if err != nil {
		return err
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "loca", "glyf", "name", "post", "cmap"} {
		if tables[tag] == nil {
			return fmt.Errorf("%w: no %q table", ErrFormat, tag)
		}
	}
	if err := checkHeaders(tables); err != nil {
		return err
	}
	if err := checkCmap(tables["cmap"]); err != nil {
		return err
	}
	return checkEmbedding(tables["OS/2"])
}

// checkHeaders checks the fields fpdf's parser reads without checking them (it prints a
// complaint to stdout and goes on): the head, hhea and name table formats.
func checkHeaders(tables map[string][]byte) error {
	head, hhea, name := tables["head"], tables["hhea"], tables["name"]
	switch {
	case len(head) < 54:
		return fmt.Errorf("%w: head table is %d bytes long", ErrFormat, len(head))
	case len(hhea) < 36:
		return fmt.Errorf("%w: hhea table is %d bytes long", ErrFormat, len(hhea))
	case len(name) < 6:
		return fmt.Errorf("%w: name table is %d bytes long", ErrFormat, len(name))
	case be.Uint16(head[18:]) == 0:
		return fmt.Errorf("%w: head.unitsPerEm is 0", ErrFormat)
	case be.Uint16(head[50:]) > 1:
		return fmt.Errorf("%w: head.indexToLocFormat is %d", ErrFormat, be.Uint16(head[50:]))
	case be.Uint16(head[52:]) != 0:
		return fmt.Errorf("%w: head.glyphDataFormat %d", ErrUnsupported, be.Uint16(head[52:]))
	case be.Uint16(hhea[32:]) != 0:
		return fmt.Errorf("%w: hhea.metricDataFormat %d", ErrUnsupported, be.Uint16(hhea[32:]))
	case be.Uint16(hhea[34:]) == 0:
		return fmt.Errorf("%w: hhea.numberOfHMetrics is 0", ErrFormat)
	case be.Uint16(name) != 0:
		return fmt.Errorf("%w: name table format %d", ErrUnsupported, be.Uint16(name))
	}
	return nil
}

// checkCmap looks for the (3,1) or (0,*) subtable in format 4, the one fpdf uses.
func checkCmap(cmap []byte) error {
	if len(cmap) < 4 {
		return fmt.Errorf("%w: cmap table is %d bytes long", ErrFormat, len(cmap))
	}
	n := int(be.Uint16(cmap[2:]))
	if 4+8*n > len(cmap) {
		return fmt.Errorf("%w: cmap claims %d subtables but is %d bytes long", ErrFormat, n, len(cmap))
	}
	for i := 0; i < n; i++ {
		rec := cmap[4+8*i:]
		platform, encoding := be.Uint16(rec), be.Uint16(rec[2:])
		off := int(be.Uint32(rec[4:]))
		if platform == 3 && encoding == 1 || platform == 0 {
			if off <= len(cmap)-2 && be.Uint16(cmap[off:]) == 4 {
				return nil
			}
		}
	}
	return ErrNoUnicodeCmap
}

// checkEmbedding reads OS/2 fsType: usage 0x0002 is "restricted licence embedding" (no
// embedding at all), 0x0100 forbids subsetting and 0x0200 allows bitmaps only. A font without
// an OS/2 table (old Apple fonts) sets no restriction. fpdf applies the same test but only
// prints its verdict.
func checkEmbedding(os2 []byte) error {
	if os2 == nil {
		return nil
	}
	if len(os2) < 10 {
		return fmt.Errorf("%w: OS/2 table is %d bytes long", ErrFormat, len(os2))
	}
	fsType := be.Uint16(os2[8:])
	if fsType&0x000F == 0x0002 || fsType&0x0300 != 0 {
		return fmt.Errorf("%w (fsType %#04x)", ErrNoEmbedding, fsType)
	}
	return nil
}
