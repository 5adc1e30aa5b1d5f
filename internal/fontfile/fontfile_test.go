package fontfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"sort"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/tbsheet/tbsheet/templates"
)

// face is a synthetic sfnt: a signature and its tables by tag.
type face struct {
	magic  uint32
	tables map[string][]byte
}

// cmap4 is a cmap table whose only subtable is (platform, encoding) in the given format.
func cmapTable(platform, encoding, format uint16) []byte {
	b := make([]byte, 4+8+4)
	binary.BigEndian.PutUint16(b[2:], 1)
	binary.BigEndian.PutUint16(b[4:], platform)
	binary.BigEndian.PutUint16(b[6:], encoding)
	binary.BigEndian.PutUint32(b[8:], 12)
	binary.BigEndian.PutUint16(b[12:], format)
	return b
}

func os2Table(fsType uint16) []byte {
	b := make([]byte, 96)
	binary.BigEndian.PutUint16(b[8:], fsType)
	return b
}

// validFace has every table Check wants, with distinct contents so that a mix-up shows.
func validFace(seed byte) face {
	t := map[string][]byte{"cmap": cmapTable(3, 1, 4), "OS/2": os2Table(8),
		"head": headTable(1024, 0, 0), "hhea": hheaTable(0, 100), "name": make([]byte, 6)}
	for i, tag := range []string{"hmtx", "maxp", "loca", "glyf", "post"} {
		t[tag] = bytes.Repeat([]byte{seed + byte(i)}, 53+i) // odd lengths exercise padding
	}
	return face{magicTrueType, t}
}

func headTable(unitsPerEm, indexToLocFormat, glyphDataFormat uint16) []byte {
	b := make([]byte, 55)
	binary.BigEndian.PutUint16(b[18:], unitsPerEm)
	binary.BigEndian.PutUint16(b[50:], indexToLocFormat)
	binary.BigEndian.PutUint16(b[52:], glyphDataFormat)
	return b
}

func hheaTable(metricDataFormat, numberOfHMetrics uint16) []byte {
	b := make([]byte, 36)
	binary.BigEndian.PutUint16(b[32:], metricDataFormat)
	binary.BigEndian.PutUint16(b[34:], numberOfHMetrics)
	return b
}

func (f face) tags() []string {
	var tags []string
	for tag := range f.tables {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	return tags
}

// layout appends f's offset table, directory and tables to out, with offsets absolute in out.
func (f face) layout(out []byte) []byte {
	be := binary.BigEndian
	tags := f.tags()
	out = be.AppendUint32(out, f.magic)
	out = be.AppendUint16(out, uint16(len(tags)))
	out = append(out, make([]byte, 6)...)
	dir := len(out)
	out = append(out, make([]byte, 16*len(tags))...)
	for i, tag := range tags {
		rec := out[dir+16*i:]
		copy(rec, tag)
		be.PutUint32(rec[8:], uint32(len(out)))
		be.PutUint32(rec[12:], uint32(len(f.tables[tag])))
		out = append(out, f.tables[tag]...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

func (f face) bytes() []byte { return f.layout(nil) }

// collection builds a .ttc holding faces.
func collection(faces ...face) []byte {
	be := binary.BigEndian
	out := []byte("ttcf\x00\x01\x00\x00")
	out = be.AppendUint32(out, uint32(len(faces)))
	offs := len(out)
	out = append(out, make([]byte, 4*len(faces))...)
	for i, f := range faces {
		be.PutUint32(out[offs+4*i:], uint32(len(out)))
		out = f.layout(out)
	}
	return out
}

func TestExtract(t *testing.T) {
	a, b := validFace(10), validFace(100)
	ttc := collection(a, b)
	for i, want := range []face{a, b} {
		got, err := Extract(ttc, i)
		if err != nil {
			t.Fatalf("face %d: %v", i, err)
		}
		tables, err := parse(got)
		if err != nil {
			t.Fatalf("face %d: extracted font does not parse: %v", i, err)
		}
		for tag, data := range want.tables {
			if tag == "head" {
				data = append([]byte(nil), data...)
				copy(data[8:12], tables["head"][8:12]) // checkSumAdjustment is recomputed
			}
			if !bytes.Equal(tables[tag], data) {
				t.Errorf("face %d table %q = % x…, want % x…", i, tag, tables[tag][:4], data[:4])
			}
		}
		var sum uint32
		for j := 0; j < len(got); j += 4 {
			sum += binary.BigEndian.Uint32(got[j:])
		}
		if sum != 0xB1B0AFBA {
			t.Errorf("face %d: file checksum %#x, want 0xb1b0afba", i, sum)
		}
		if err := Check(got); err != nil {
			t.Errorf("face %d: Check: %v", i, err)
		}
	}
}

func TestExtractErrors(t *testing.T) {
	ttc := collection(validFace(1))
	be := binary.BigEndian
	patch := func(at int, v uint32) []byte {
		b := append([]byte(nil), ttc...)
		be.PutUint32(b[at:], v)
		return b
	}
	faceOff := int(be.Uint32(ttc[12:]))
	firstRec := faceOff + 12
	tests := []struct {
		name string
		in   []byte
		face int
		want error // nil: any error
	}{
		{"not a collection", validFace(1).bytes(), 0, ErrFormat},
		{"truncated header", []byte("ttcf\x00\x01"), 0, ErrFormat},
		{"too many faces", patch(8, 1<<30), 0, ErrFormat},
		{"negative face", ttc, -1, nil},
		{"face out of range", ttc, 1, nil},
		{"face offset past end", patch(12, uint32(len(ttc))), 0, ErrFormat},
		{"table offset past end", patch(firstRec+8, uint32(len(ttc)+4)), 0, ErrFormat},
		{"table length past end", patch(firstRec+12, uint32(len(ttc))), 0, ErrFormat},
		{"table length overflow", patch(firstRec+12, 0xFFFFFFFF), 0, ErrFormat},
		{"CFF face", collection(face{magicCFF, validFace(1).tables}), 0, ErrCFF},
		{"empty directory", collection(face{magicTrueType, nil}), 0, ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Extract(tt.in, tt.face)
			if err == nil {
				t.Fatal("no error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("error %q does not wrap %q", err, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	with := func(tag string, data []byte) []byte {
		f := validFace(1)
		if data == nil {
			delete(f.tables, tag)
		} else {
			f.tables[tag] = data
		}
		return f.bytes()
	}
	tests := []struct {
		name string
		in   []byte
		want error
	}{
		{"synthetic", validFace(1).bytes(), nil},
		{"Go Regular", goregular.TTF, nil},
		{"embedded WenQuanYi Micro Hei", templates.CJKFont(), nil},
		{"apple true signature", face{magicApple, validFace(1).tables}.bytes(), nil},
		{"no OS/2 table", with("OS/2", nil), nil},
		{"editable embedding", with("OS/2", os2Table(8)), nil},
		{"CFF", face{magicCFF, validFace(1).tables}.bytes(), ErrCFF},
		{"collection", collection(validFace(1)), ErrCollection},
		{"WOFF", []byte("wOFF\x00\x01\x00\x00" + string(make([]byte, 40))), ErrWOFF},
		{"WOFF2", []byte("wOF2\x00\x01\x00\x00" + string(make([]byte, 40))), ErrWOFF},
		{"empty", nil, ErrFormat},
		{"text file", []byte("Name,ID\nAlice,1\n"), ErrFormat},
		{"no glyf", with("glyf", nil), ErrFormat},
		{"cmap format 12 only", with("cmap", cmapTable(3, 10, 12)), ErrNoUnicodeCmap},
		{"cmap symbol encoding", with("cmap", cmapTable(3, 0, 4)), ErrNoUnicodeCmap},
		{"cmap Unicode platform", with("cmap", cmapTable(0, 3, 4)), nil},
		{"cmap truncated", with("cmap", []byte{0, 0, 0, 9}), ErrFormat},
		{"restricted embedding", with("OS/2", os2Table(2)), ErrNoEmbedding},
		{"no subsetting", with("OS/2", os2Table(0x0100)), ErrNoEmbedding},
		{"bitmap only", with("OS/2", os2Table(0x0200|4)), ErrNoEmbedding},
		{"OS/2 truncated", with("OS/2", []byte{0, 1}), ErrFormat},
		{"head truncated", with("head", make([]byte, 40)), ErrFormat},
		{"unitsPerEm 0", with("head", headTable(0, 0, 0)), ErrFormat},
		{"long loca offsets", with("head", headTable(2048, 1, 0)), nil},
		{"bad loca format", with("head", headTable(2048, 2, 0)), ErrFormat},
		{"glyph data format", with("head", headTable(2048, 0, 1)), ErrUnsupported},
		{"hhea truncated", with("hhea", make([]byte, 20)), ErrFormat},
		{"metric data format", with("hhea", hheaTable(1, 100)), ErrUnsupported},
		{"no horizontal metrics", with("hhea", hheaTable(0, 0)), ErrFormat},
		{"name format 1", with("name", []byte{0, 1, 0, 0, 0, 6}), ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.in)
			switch {
			case tt.want == nil && err != nil:
				t.Errorf("Check: %v", err)
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Errorf("Check error %v, want %v", err, tt.want)
			}
		})
	}
}

func FuzzExtract(f *testing.F) {
	f.Add(collection(validFace(1), validFace(2)), 1)
	f.Add(collection(face{magicCFF, validFace(1).tables}), 0)
	f.Add([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"), 0)
	f.Fuzz(func(t *testing.T, b []byte, i int) {
		out, err := Extract(b, i)
		if err != nil {
			return
		}
		if _, err := parse(out); err != nil {
			t.Fatalf("Extract returned a font whose directory does not parse: %v", err)
		}
	})
}

func FuzzCheck(f *testing.F) {
	f.Add(validFace(1).bytes())
	f.Add(collection(validFace(1)))
	f.Add(face{magicTrueType, map[string][]byte{"cmap": {0, 0, 0xFF, 0xFF}}}.bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = Check(b) // must not panic
	})
}
