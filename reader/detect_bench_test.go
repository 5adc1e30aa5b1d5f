package reader

import (
	"bytes"
	"encoding/csv"
	"io"
	"testing"

	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// BenchmarkDetectCSV detects the format of a 16,384-player, 12-round match list CSV (about
// 100,000 rows), next to the floor measured in the same run: encoding/csv reading the whole
// file (csv-parse). Detection looks at the first bytes first, so that no XML or JSON sniffer
// tokenizes a CSV: it costs a small fraction of one parse.
func BenchmarkDetectCSV(b *testing.B) {
	ev := swissgen.Generate(swissgen.Realistic(16384, 12, 1))
	data, err := csvBytes(enMatchList.matchRows(ev, ev.Rounds), ",", true, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("csv-parse", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			r := csv.NewReader(bytes.NewReader(data))
			for {
				if _, err := r.Read(); err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("detect", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if f, err := Detect(data, "results.csv"); err != nil || f.ID != "csv" {
				b.Fatalf("%v %v", f, err)
			}
		}
	})
}
