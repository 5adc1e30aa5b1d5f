package writer

import (
	"io"
)

// fileWriter is how p writes a file of the extension ext (with its byte order mark), for the
// tests of one format.
func fileWriter[T any](p *Product[T], ext string) func(io.Writer, T, Options) error {
	f, err := p.file("file" + ext)
	if err != nil {
		panic(err)
	}
	return f.writeFile
}
