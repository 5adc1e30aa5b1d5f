package writer

import (
	"io"
	"path/filepath"
	"runtime"
	"strings"
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
//
// It is [RenderStandingsFiles] followed by [RenderedFiles.Write].
func WriteStandingsFiles(files []StandingsFile, opt Options) error {
	return RenderStandingsFiles(files, opt).Write()
}

// RenderedFiles are standings outputs rendered in memory by [RenderStandingsFiles] and not
// written yet, with the warnings and errors met while rendering them.
type RenderedFiles struct {
	files []StandingsFile
	out   []rendered
	warn  func(string)
	opt   Options
}

// rendered is one file's content, or why there is none.
type rendered struct {
	buf      chunks
	warnings []string
	err      error // rendering failed, or (unknown) the path names no format
	unknown  bool
	// stream, for a streamed format, writes the file when it is written (see streamed).
	stream StandingsWriter
}

// streamed are the formats whose writers stream: they write straight into the file when
// it is written instead of being rendered beforehand, since holding a large event's whole
// document in memory would double what the run needs.
var streamed = map[string]bool{".json": true}

// RenderStandingsFiles renders each file in memory, concurrently (at most GOMAXPROCS at a
// time), except the streamed formats (JSON), which [RenderedFiles.Write] writes straight into
// their files; it writes nothing: tbsheet watch renders a save's outputs while it waits for the
// save to settle, and writes them only once it has. Warnings and errors are kept with their
// file and delivered by [RenderedFiles.Write] when it reaches that file, so that rendering
// then writing behaves exactly as writing the files one by one with [WriteStandings].
func RenderStandingsFiles(files []StandingsFile, opt Options) *RenderedFiles {
	r := &RenderedFiles{files: files, out: make([]rendered, len(files)), warn: opt.Warn, opt: opt}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out := &r.out[i]
			w, err := standingsWriterFor(f.Path)
			if err != nil {
				out.err, out.unknown = err, true
				return
			}
			if streamed[strings.ToLower(filepath.Ext(f.Path))] {
				out.stream = w
				return
			}
			o := opt
			if opt.Warn != nil {
				o.Warn = func(msg string) { out.warnings = append(out.warnings, msg) }
			}
			out.err = w(&out.buf, f.Standings, o)
		})
	}
	wg.Wait()
	return r
}

// Write writes the rendered files in order, each through [AtomicFile], passing each file's
// warnings to the Options' Warn just before writing it, and stops at the first error
// (rendering failed, a folder is missing, a file cannot be replaced): every file before it is
// written, none after it. Calling Write again writes the same files, and warns, again.
func (r *RenderedFiles) Write() error {
	for i, f := range r.files {
		out := &r.out[i]
		for _, msg := range out.warnings {
			r.warn(msg)
		}
		if out.unknown {
			return out.err
		}
		err := AtomicFile(f.Path, func(w io.Writer) error {
			if out.err != nil {
				return out.err
			}
			if out.stream != nil {
				return out.stream(w, f.Standings, r.opt)
			}
			_, err := out.buf.WriteTo(w)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// chunks is a file's content in memory, grown a chunk at a time: unlike a bytes.Buffer, it
// never copies what it holds to grow, so that a large JSON document is neither copied over
// and over nor held twice while it is rendered.
type chunks struct {
	bufs [][]byte
	size int
}

// Chunk sizes: each new chunk holds an eighth of what is already held, within these bounds.
const (
	minChunk = 64 << 10
	maxChunk = 16 << 20
)

// Write implements io.Writer; it never fails.
func (c *chunks) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if k := len(c.bufs); k > 0 {
			last := c.bufs[k-1]
			m := copy(last[len(last):cap(last)], p)
			c.bufs[k-1], p = last[:len(last)+m], p[m:]
			if len(p) == 0 {
				break
			}
		}
		c.bufs = append(c.bufs, make([]byte, 0, max(len(p), min(max(c.size/8, minChunk), maxChunk))))
	}
	c.size += n
	return n, nil
}

// WriteTo implements io.WriterTo: it writes every chunk to w, in order.
func (c *chunks) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, b := range c.bufs {
		m, err := w.Write(b)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
