package reader

// The workbook package: its zip archive, the sheets workbook.xml lists, the shared strings
// and the title. tbsheet reads these parts itself (archive/zip and encoding/xml) and streams
// each worksheet (xlsx_sheet.go) rather than going through excelize's row iterator, which
// reads a damaged sheet as if it were whole: a sheet cut short as a sheet that ends early, a
// shared string that does not exist as an empty cell. Here every such damage is an error at
// its place, and nothing is unpacked that is not read.

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/ianaindex"

	"github.com/tbsheet/tbsheet"
)

// maxTextRun is the most bytes a part may hold between two tags. No cell holds that much
// text (Excel's limit is 32,767 characters): a part that does is a bomb of one enormous text,
// which the XML decoder would hold whole in memory.
const maxTextRun = 1 << 20

// workbook is an open workbook being read, with the budget all its sheets share.
type workbook struct {
	file  string
	parts map[string]*zip.File // by name, lower case: part names ignore case (OPC)
	// sheets lists the sheets in the workbook's order; target maps each to its part.
	sheets []string
	target map[string]string
	sst    *sharedStrings
	// The budget: cells read so far (blanks inside rows included) and the most allowed.
	cells, maxCells int
}

// sharedStrings is the workbook's shared string table, read on first need.
type sharedStrings struct {
	part  string
	read  bool
	items []string
	err   error
}

// openWorkbook opens data as a workbook within lim, explaining the usual failures.
func openWorkbook(data []byte, file string, lim limits) (*workbook, error) {
	at := tbsheet.Pos{File: file}
	if bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")) {
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "%s", oleKind(data))
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "%s", brokenZip(data, err))
	}
	wb := &workbook{file: file, parts: map[string]*zip.File{}, maxCells: lim.cells}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		wb.parts[strings.ToLower(strings.TrimPrefix(f.Name, "/"))] = f
	}
	if total > uint64(lim.unzip) {
		return nil, tbsheet.Errorf(at, tbsheet.ErrTooLarge, "the workbook unpacks to more than %d MiB; a results workbook "+
			"is far smaller (--max-size raises this limit with the file size)", lim.unzip>>20)
	}
	book, err := wb.small("xl/workbook.xml")
	if err != nil {
		return nil, err
	}
	rels, err := wb.small("xl/_rels/workbook.xml.rels")
	if err != nil {
		return nil, err
	}
	var sst string
	if wb.sheets, wb.target, sst, err = workbookParts(book, rels); err != nil {
		return nil, tbsheet.Errorf(at, tbsheet.ErrFormat, "the workbook is damaged: xl/workbook.xml: %v", err)
	}
	wb.sst = &sharedStrings{part: sst}
	return wb, nil
}

// brokenZip says why data, which starts like a zip archive, cannot be opened: most often it
// is cut short (a download or copy that did not finish), and then its end is missing.
func brokenZip(data []byte, err error) string {
	if !bytes.Contains(data[max(0, len(data)-(1<<16)-22):], []byte("PK\x05\x06")) {
		return "the file is cut short: its end is missing (a copy or download that did not finish, " +
			"or a save that was interrupted); copy or save it again"
	}
	return fmt.Sprintf("the file is damaged: it is not a zip archive a workbook can be read from (%v)", err)
}

// oleKind names an OLE compound file (the container of Office 97-2003 files and of
// password-protected Office files) by the streams it holds.
func oleKind(data []byte) string {
	utf16 := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return b
	}
	switch {
	case bytes.Contains(data, utf16("EncryptedPackage")):
		return "a password-protected workbook: remove the password in Excel (File > Info > Protect Workbook) and save it again"
	case bytes.Contains(data, utf16("WordDocument")):
		return "a Word document, not results"
	}
	return "an old Excel 97-2003 (.xls) file: save it as .xlsx (Excel Workbook)"
}

// small reads a small part whole (workbook.xml, its relationships, the title): at most what
// its header declares, which the unzip limit counted.
func (wb *workbook) small(name string) ([]byte, error) {
	f := wb.parts[strings.ToLower(name)]
	if f == nil {
		return nil, tbsheet.Errorf(tbsheet.Pos{File: wb.file}, tbsheet.ErrFormat, "the workbook is damaged: it has no %s", name)
	}
	rc, err := f.Open()
	if err == nil {
		var b []byte
		b, err = io.ReadAll(rc)
		rc.Close()
		if err == nil {
			return b, nil
		}
	}
	return nil, tbsheet.Errorf(tbsheet.Pos{File: wb.file}, tbsheet.ErrFormat, "the workbook is damaged: %s: %v", name, err)
}

// workbookParts reads the sheets' names in order and their parts from workbook.xml and its
// relationships, and the shared strings' part ("" when there is none).
func workbookParts(book, rels []byte) (sheets []string, target map[string]string, sst string, err error) {
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rs struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Type   string `xml:"Type,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := unmarshalPart(book, &wb); err != nil {
		return nil, nil, "", err
	}
	if err := unmarshalPart(rels, &rs); err != nil {
		return nil, nil, "", fmt.Errorf("its relationships: %v", err)
	}
	byID := map[string]string{}
	for _, r := range rs.Rels {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		byID[r.ID] = t
		if strings.HasSuffix(r.Type, "/sharedStrings") {
			sst = t
		}
	}
	target = map[string]string{}
	for _, s := range wb.Sheets {
		sheets = append(sheets, s.Name)
		target[s.Name] = byID[s.RID]
	}
	return sheets, target, sst, nil
}

// unmarshalPart decodes a small XML part, in whatever encoding its declaration names.
func unmarshalPart(data []byte, v any) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	return d.Decode(v)
}

// charsetReader decodes the encodings an XML declaration may name (Office writes UTF-8).
func charsetReader(label string, r io.Reader) (io.Reader, error) {
	enc, err := ianaindex.IANA.Encoding(label)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown encoding %s", tbsheet.Quote(label))
	}
	return enc.NewDecoder().Reader(r), nil
}

// docTitle returns the title in the workbook's document properties, or "".
func (wb *workbook) docTitle() string {
	if wb.parts["docprops/core.xml"] == nil {
		return ""
	}
	data, err := wb.small("docProps/core.xml")
	if err != nil {
		return ""
	}
	var core struct {
		Title string `xml:"title"`
	}
	if unmarshalPart(data, &core) != nil {
		return ""
	}
	return strings.TrimSpace(core.Title)
}

// sharedString returns shared string i, or an error when the table does not hold it (or
// cannot be read): the file is damaged.
func (wb *workbook) sharedString(i int) (string, error) {
	t := wb.sst
	if !t.read {
		t.read = true
		t.items, t.err = wb.readSharedStrings()
	}
	switch {
	case t.err != nil:
		return "", t.err
	case i < 0 || i >= len(t.items):
		return "", fmt.Errorf("the workbook is damaged: the cell refers to shared text #%d, but the workbook holds %d; "+
			"save it again from Excel or LibreOffice", i, len(t.items))
	}
	return t.items[i], nil
}

// readSharedStrings reads the shared string table: each <si>'s text, its rich-text runs
// joined, without the phonetic guides (<rPh>: the furigana of a Japanese name).
func (wb *workbook) readSharedStrings() ([]string, error) {
	f := wb.parts[strings.ToLower(wb.sst.part)]
	if wb.sst.part == "" || f == nil {
		return nil, nil
	}
	x, err := openPart(f)
	if err != nil {
		return nil, fmt.Errorf("the workbook is damaged: its shared texts cannot be read (%v)", err)
	}
	defer x.close()
	var items []string
	var text strings.Builder
	for {
		tok, err := x.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the workbook is damaged: its shared texts %v; save it again from Excel or LibreOffice", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "si" {
				text.Reset()
			}
		case xml.CharData:
			if x.in("t") && (x.parent() == "si" || x.parent() == "r" && x.grandparent() == "si") {
				text.Write(t)
			}
		case xml.EndElement:
			if t.Name.Local == "si" {
				items = append(items, unescapeOOXML(text.String()))
			}
		}
	}
	return items, nil
}

// unescapeOOXML decodes the _xHHHH_ escapes Office writes for characters XML cannot hold
// (control characters): "_x0007_" is BEL, "_x005F_" an underscore that starts such a
// sequence by chance.
func unescapeOOXML(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "_x")
		if i < 0 || i+7 > len(s) {
			break
		}
		n, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
		if err != nil || s[i+6] != '_' {
			b.WriteString(s[:i+2])
			s = s[i+2:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteRune(rune(n))
		s = s[i+7:]
	}
	b.WriteString(s)
	return b.String()
}

// xmlPart is an XML part being read token by token: decompressed as it is read, guarded
// against runs of text with no tag (maxTextRun), with the stack of open elements, so that
// a part cut short or with mismatched tags is an error even though RawToken does not check.
type xmlPart struct {
	rc io.ReadCloser
	// br is what the decoder reads, byte by byte (a ByteReader is not buffered again), so
	// that a sheet's rows can be scanned from it directly (xlsx_rows.go) between two tokens.
	br    *bufio.Reader
	d     *xml.Decoder
	stack []string
	ended bool // the root element is closed
	// recoded: the part declares an encoding other than UTF-8, so the decoder reads
	// through a converter and br's bytes are not the text.
	recoded bool
}

func openPart(f *zip.File) (*xmlPart, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("cannot be unpacked (%v)", err)
	}
	br := bufio.NewReaderSize(&tagGuard{r: rc}, 64<<10)
	d := xml.NewDecoder(br)
	d.CharsetReader = charsetReader
	return &xmlPart{rc: rc, br: br, d: d}, nil
}

func (x *xmlPart) close() { x.rc.Close() }

// errCutShort is what a part that ends inside an element says.
var errCutShort = errors.New("ends in the middle (the file is cut short)")

// next returns the next token. Errors say what is wrong with the part ("ends in the middle
// (the file is cut short)", "has broken XML (line 3: …)"); io.EOF means the part ended whole.
func (x *xmlPart) next() (xml.Token, error) {
	tok, err := x.d.RawToken()
	if err == io.EOF {
		if len(x.stack) > 0 || !x.ended {
			return nil, errCutShort
		}
		return nil, io.EOF
	}
	if err != nil {
		var se *xml.SyntaxError
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &se) && strings.Contains(se.Msg, "unexpected EOF"):
			return nil, errCutShort
		case se != nil:
			return nil, fmt.Errorf("has broken XML (line %d: %s)", se.Line, se.Msg)
		}
		return nil, fmt.Errorf("cannot be read (%v)", err)
	}
	switch t := tok.(type) {
	case xml.ProcInst:
		x.recoded = x.recoded || t.Target == "xml" && !declaresUTF8(t.Inst)
	case xml.StartElement:
		if x.ended {
			return nil, fmt.Errorf("has a second root element <%s>", t.Name.Local)
		}
		if len(x.stack) >= xmlMaxDepth {
			return nil, fmt.Errorf("has elements nested more than %d deep", xmlMaxDepth)
		}
		x.stack = append(x.stack, t.Name.Local)
	case xml.EndElement:
		n := len(x.stack)
		if n == 0 || x.stack[n-1] != t.Name.Local {
			return nil, fmt.Errorf("has broken XML (</%s> closes an element it does not open)", t.Name.Local)
		}
		x.stack = x.stack[:n-1]
		x.ended = n == 1
	}
	return tok, nil
}

// declaresUTF8 reports whether an XML declaration's text names no encoding or plainly
// UTF-8 (any other way of writing it counts as another encoding).
func declaresUTF8(inst []byte) bool {
	inst = bytes.ToLower(inst)
	return !bytes.Contains(inst, []byte("encoding")) ||
		bytes.Contains(inst, []byte(`encoding="utf-8"`)) || bytes.Contains(inst, []byte(`encoding='utf-8'`))
}

// in reports whether the innermost open element is name; parent and grandparent name the
// two elements around it.
func (x *xmlPart) in(name string) bool { return x.at(1) == name }
func (x *xmlPart) parent() string      { return x.at(2) }
func (x *xmlPart) grandparent() string {
	return x.at(3)
}

// at returns the name of the n-th innermost open element (1 = innermost), or "".
func (x *xmlPart) at(n int) string {
	if len(x.stack) < n {
		return ""
	}
	return x.stack[len(x.stack)-n]
}

// tagGuard passes a part's bytes through, failing when more than maxTextRun bytes go by
// without a '<'.
type tagGuard struct {
	r   io.Reader
	run int // bytes since the last '<'
}

func (g *tagGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	chunk := p[:n]
	if first := bytes.IndexByte(chunk, '<'); first < 0 {
		g.run += n
	} else {
		g.run += first
		if g.run <= maxTextRun {
			g.run = n - bytes.LastIndexByte(chunk, '<') - 1
		}
	}
	if g.run > maxTextRun {
		return n, fmt.Errorf("more than %d MiB of text without a tag: not a spreadsheet", maxTextRun>>20)
	}
	return n, err
}
