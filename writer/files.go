package writer

import (
	"bytes"
	"io"
	"runtime"
	"sync"

	"github.com/tbsheet/tbsheet/calc"
)

// StandingsFile is one standings output: the file, whose extension names the format, and
// the standings it receives.
type StandingsFile struct {
	Path      string
	Standings *calc.Standings
}

// WriteStandingsFiles writes each file as [WriteStandings] does, one after the other in
// order, and stops at the first error: every file before it is written, none after it.
// The files' contents are rendered beforehand, concurrently, so that the workbook and the
// PDF of a large event take about the time of the slower of the two on a machine with two
// processors. The warnings of each file reach opt.Warn just before it is written, as they
// would writing the files one by one, and the errors are WriteStandings' own.
func WriteStandingsFiles(files []StandingsFile, opt Options) error {
	type rendered struct {
		buf      bytes.Buffer
		warnings []string
		err      error // rendering failed, or (unknown) the path names no format
		unknown  bool
	}
	out := make([]rendered, len(files))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			r := &out[i]
			w, err := standingsWriterFor(f.Path)
			if err != nil {
				r.err, r.unknown = err, true
				return
			}
			o := opt
			if opt.Warn != nil {
				o.Warn = func(msg string) { r.warnings = append(r.warnings, msg) }
			}
			r.err = w(&r.buf, f.Standings, o)
		})
	}
	wg.Wait()
	for i, f := range files {
		r := &out[i]
		for _, msg := range r.warnings {
			opt.Warn(msg)
		}
		if r.unknown {
			return r.err
		}
		err := AtomicFile(f.Path, func(w io.Writer) error {
			if r.err != nil {
				return r.err
			}
			_, err := w.Write(r.buf.Bytes())
			return err
		})
		if err != nil {
			return err
		}
		r.buf = bytes.Buffer{} // written: let the collector have it
	}
	return nil
}
