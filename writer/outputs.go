package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/tbsheet/tbsheet/internal/safego"
)

// DocFile is one output of a product: the file, whose extension names the format, and the
// document written to it.
type DocFile[T any] struct {
	Path string
	Doc  T
}

// WriteFiles writes each file as [Product.WriteFile] does, rendering them all first and
// replacing them together (see [WriteFiles]): a file that cannot be rendered or written
// keeps none of the others from being written. The files' contents are rendered
// concurrently, so that the workbook and the PDF of a large event take about the time of the
// slower of the two on a machine with two processors. The warnings of each file reach
// opt.Warn in the order of the files, as they would writing the files one by one.
//
// It is [Product.RenderFiles] followed by [RenderedFiles.Write].
func (p *Product[T]) WriteFiles(files []DocFile[T], opt Options) error {
	return p.RenderFiles(files, opt).Write()
}

// RenderedFiles are a product's outputs rendered in memory by [Product.RenderFiles] and not
// written yet, with the warnings and errors met while rendering them.
type RenderedFiles[T any] struct {
	files   []DocFile[T]
	out     []rendered[T]
	warn    func(string)
	opt     Options
	written []string
}

// rendered is one file's content, or why there is none.
type rendered[T any] struct {
	buf      bytes.Buffer
	warnings []string
	err      error
	// stream, for a streamed format (Format.Streamed), writes the file when it is written.
	stream *Format[T]
}

// RenderFiles renders each file in memory, concurrently (at most GOMAXPROCS at a
// time), except the streamed formats (JSON), which [RenderedFiles.Write] writes straight into
// their files; it writes nothing: tbsheet watch renders a save's outputs while it waits for the
// save to settle, and writes them only once it has. Warnings and errors are kept with their
// file and delivered by [RenderedFiles.Write]. A panic in a writer (a bug) is caught and
// becomes that file's error, so that it costs one output and not the process.
func (p *Product[T]) RenderFiles(files []DocFile[T], opt Options) *RenderedFiles[T] {
	r := &RenderedFiles[T]{files: files, out: make([]rendered[T], len(files)), warn: opt.Warn, opt: opt}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var g safego.Group
	for i, f := range files {
		g.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out := &r.out[i]
			defer func() {
				if p := recover(); p != nil {
					out.buf.Reset()
					out.err = fmt.Errorf("%s: internal error in tbsheet while writing it (please report it with the input file): %v", f.Path, p)
				}
			}()
			if out.err = checkNotFolder(f.Path); out.err != nil {
				return
			}
			w, err := p.file(f.Path)
			if err != nil {
				out.err = err
				return
			}
			if w.Streamed {
				out.stream = w
				return
			}
			o := opt
			if opt.Warn != nil {
				o.Warn = func(msg string) { out.warnings = append(out.warnings, msg) }
			}
			if err := w.writeFile(&out.buf, f.Doc, o); err != nil {
				out.err = fmt.Errorf("%s: %w", f.Path, err)
			}
		})
	}
	g.Wait()
	return r
}

// Err returns the problems met while rendering, joined in the order of the files, or nil
// when every file is ready to be written.
func (r *RenderedFiles[T]) Err() error {
	var errs []error
	for i := range r.out {
		errs = append(errs, r.out[i].err)
	}
	return errors.Join(errs...)
}

// Write passes every file's warnings to the Options' Warn, in the order of the files, then
// writes the files that rendered as [WriteFiles] does: all to temporary files first, then
// each renamed into place. It returns the problems of the files that could not be rendered
// or written, joined in the order of the files; [RenderedFiles.Written] lists the others.
// Calling Write again writes the same files, and warns, again.
func (r *RenderedFiles[T]) Write() error {
	files := make([]File, len(r.files))
	streams := make([]func(io.Writer) error, len(r.files))
	errs := make([]error, len(r.files))
	for i, f := range r.files {
		out := &r.out[i]
		if r.warn != nil {
			for _, msg := range out.warnings {
				r.warn(msg)
			}
		}
		files[i], errs[i] = File{Path: f.Path, Data: out.buf.Bytes()}, out.err
		if out.stream != nil {
			streams[i] = func(w io.Writer) (err error) {
				defer func() {
					if p := recover(); p != nil {
						err = fmt.Errorf("internal error in tbsheet while writing it (please report it with the input file): %v", p)
					}
				}()
				return out.stream.writeFile(w, f.Doc, r.opt)
			}
		}
	}
	errs = writeAll(files, streams, errs)
	r.written = nil
	for i, f := range files {
		if errs[i] == nil {
			r.written = append(r.written, f.Path)
		}
	}
	return errors.Join(errs...)
}

// Written lists the files the last [RenderedFiles.Write] replaced, in order.
func (r *RenderedFiles[T]) Written() []string { return r.written }
