//go:build unix

package standingsheet

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestSpecialFileInputs: a --template or --font that is a named pipe or a device (also
// through a link with the right extension) is refused with what it is, before it is opened:
// a pipe would block the run forever, /dev/zero fill the memory.
func TestSpecialFileInputs(t *testing.T) {
	dir := t.TempDir()
	special := map[string]string{}
	for _, ext := range []string{".xlsx", ".ttf"} {
		fifo := filepath.Join(dir, "pipe"+ext)
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		dev := filepath.Join(dir, "zero"+ext)
		if err := os.Symlink("/dev/zero", dev); err != nil {
			t.Fatal(err)
		}
		special[fifo], special[dev] = "a named pipe", "a device"
	}
	st := writertest.Standings()
	for path, kind := range special {
		var err error
		want := path + ": not an .xlsx workbook but " + kind
		if filepath.Ext(path) == ".ttf" {
			err = WritePDF(io.Discard, st, writer.Options{Font: path})
			want = "font " + path + ": not a TrueType font but " + kind
		} else {
			err = writeStandingsXLSX(io.Discard, st, writer.Options{Template: path}, writer.XLSXConfig{})
		}
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v\nwant %s", path, err, want)
		}
	}
}
