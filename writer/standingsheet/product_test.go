package standingsheet

import (
	"io"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/writer"
)

// fileWriter is how a standings file of the extension ext is written (with its byte order
// mark), for the tests of one format.
func fileWriter(ext string) func(io.Writer, *calc.Standings, writer.Options) error {
	return func(w io.Writer, st *calc.Standings, opt writer.Options) error {
		b, err := Standings.Render("file"+ext, st, opt)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
}
