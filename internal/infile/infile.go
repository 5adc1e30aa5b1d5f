// Package infile opens the files tbsheet reads besides its inputs' content checks — results
// files, players lists, workbook templates, fonts, watched files — and refuses anything but a
// regular file before opening it: opening a named pipe waits for a writer, forever if none
// comes, and a device such as /dev/zero never ends while its size says 0.
package infile

import (
	"bytes"
	"io"
	"io/fs"
	"os"
)

// NotRegularError is the refusal of a path (a symbolic link is followed) that names
// something other than a regular file.
type NotRegularError struct {
	// Kind says what it is, for a message: "a folder", "a named pipe", "a socket", "a device"
	// or "a special file".
	Kind string
}

func (e *NotRegularError) Error() string { return "not a regular file but " + e.Kind }

// Kind says what a file of mode m is when it is not a regular file, in words for a message;
// "" for a regular file.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	}
	return "a special file"
}

// Open opens path for reading if it names a regular file (through any symbolic links), and
// returns it with its FileInfo. What path names is checked before it is opened, since the
// open itself can block, and again on the open file, in case it was replaced in between;
// either refusal is a *NotRegularError. A missing file is an error wrapping fs.ErrNotExist.
func Open(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if k := Kind(st.Mode()); k != "" {
		return nil, st, &NotRegularError{Kind: k}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, err
	}
	if k := Kind(st.Mode()); k != "" {
		f.Close()
		return nil, st, &NotRegularError{Kind: k}
	}
	return f, st, nil
}

// ReadAtMost reads r to its end but never more than limit+1 bytes, whatever r is; over is
// true when r holds more than limit bytes (data is then incomplete). size is what r says it
// holds (−1 when unknown), used to size the buffer and to refuse a file that says too much
// before reading it.
func ReadAtMost(r io.Reader, size, limit int64) (data []byte, over bool, err error) {
	if size > limit {
		return nil, true, nil
	}
	var buf bytes.Buffer
	if size > 0 {
		buf.Grow(int(size) + 1)
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, false, err
	}
	if int64(buf.Len()) > limit {
		return nil, true, nil
	}
	return buf.Bytes(), false, nil
}
