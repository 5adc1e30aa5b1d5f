package writer

import (
	"archive/zip"
	"compress/flate"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/xuri/excelize/v2"
)

// XLSXConfig holds what only tests change.
type XLSXConfig struct {
	// OmitCached writes formulas without their cached values, so that a spreadsheet must
	// compute them (the LibreOffice oracle).
	OmitCached bool
}

// FinishWorkbook sets what every workbook tbsheet writes carries and writes it: recalculation
// on load (Go is authoritative, but the spreadsheet should agree and show that it does), the
// document's title and time. The active sheet is the starting workbook's (the first); it is
// not set here because excelize's SetActiveSheet re-reads every streamed sheet.
func FinishWorkbook(f *excelize.File, title string, opt Options, w io.Writer) error {
	on := true
	if err := f.SetCalcProps(&excelize.CalcPropsOptions{FullCalcOnLoad: &on}); err != nil {
		return err
	}
	now := opt.Time().UTC().Format(time.RFC3339)
	if err := f.SetDocProps(&excelize.DocProperties{
		Title: title, Creator: "tbsheet", LastModifiedBy: "tbsheet", Created: now, Modified: now,
	}); err != nil {
		return err
	}
	// excelize's Write builds the whole zip in a buffer of its own, then copies it to w: the
	// zip goes to w directly instead, so a large workbook is not built twice. excelize's
	// buffer stays empty (it rewrites it only for a password or a part over 4 GB).
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return fastZip(w) })
	return f.Write(w)
}

// fastZip is the workbook's zip writer: deflate at its fastest level, which compresses a
// large workbook a few times faster than the default, for a file about half as large again
// (2.6 MB instead of 1.8 MB at 4,096 players).
func fastZip(w io.Writer) excelize.ZipWriter {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		fw, ok := fastFlate.Get().(*flate.Writer)
		if !ok {
			var err error
			if fw, err = flate.NewWriter(out, flate.BestSpeed); err != nil {
				return nil, err
			}
		} else {
			fw.Reset(out)
		}
		return &pooledFlate{fw}, nil
	})
	return zw
}

// fastFlate keeps fastZip's compressors for the next part or workbook: each holds about a
// megabyte of tables, which archive/zip's own compressor pools the same way.
var fastFlate sync.Pool

// pooledFlate returns its compressor to fastFlate when closed.
type pooledFlate struct{ *flate.Writer }

func (p *pooledFlate) Close() error {
	err := p.Writer.Close()
	fastFlate.Put(p.Writer)
	return err
}

// DecimalsFormat mirrors FormatDecimal: integers bare, up to two decimals when exact ("4.5",
// "4.25"), else four.
func DecimalsFormat(v exact.Num) string {
	switch {
	case v.IsInt():
		return "0"
	case twoDecimals(v):
		return "0.0#"
	}
	return "0.0000"
}

// twoDecimals reports whether v is exact with two decimals: its reduced denominator divides 100.
func twoDecimals(v exact.Num) bool {
	if _, d, ok := v.Parts(); ok {
		return 100%d == 0
	}
	return exact.MustParse(v.Round(2)).Equal(v)
}

// RoundList writes round numbers compactly: "1–5", "1–3, 5".
func RoundList(rounds []int) string {
	var parts []string
	for i := 0; i < len(rounds); {
		j := i
		for j+1 < len(rounds) && rounds[j+1] == rounds[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, strconv.Itoa(rounds[i])+"–"+strconv.Itoa(rounds[j]))
		} else {
			parts = append(parts, strconv.Itoa(rounds[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// Version is tbsheet's module version and revision, as the build recorded them.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " (" + s.Value[:12] + ")"
		}
	}
	if v == "" {
		return "unknown"
	}
	return v
}

// SheetNames are the names of the sheets tbsheet writes, in the output's language. The
// Matches and Players names are ones tbsheet's hand-kept reader recognizes.
type SheetNames struct {
	Standings, Explain, Matches, Players, About, Event string
}

// SheetNamesFor returns the sheets' names in lang.
func SheetNamesFor(lang string) SheetNames {
	return SheetNames{
		Standings: Label(lang, "standings"),
		Explain:   Label(lang, "explain"),
		Matches:   Label(lang, "matches"),
		Players:   Label(lang, "sheet.players"),
		About:     Label(lang, "about"),
		Event:     Label(lang, "sheet.event"),
	}
}
