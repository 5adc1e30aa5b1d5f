package reader

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// zeros is an endless stream, as /dev/zero or a pipe that never closes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadFileKinds: only regular files are read; a device, a symbolic link to one, a folder
// are refused, and no file is read past the limit, whatever size it claims.
func TestReadFileKinds(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "r.csv")
	if err := os.WriteFile(small, []byte("Round,Player 1,Player 2,Result\n1,A,B,2-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.csv")
	if err := os.WriteFile(big, make([]byte, 3<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	type readCase struct {
		name, path string
		max        int64
		want       string // "" = read
	}
	tests := []readCase{
		{"file", small, 0, ""},
		{"folder", dir, 0, dir + ": a folder, not a results file"},
		{"too large", big, 2 << 20, big + ": the file is 4 MiB; tbsheet reads result files up to 2 MiB: give --max-size 4 to read it"},
		{"large enough", big, 4 << 20, ""},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		link := filepath.Join(dir, "zero.csv")
		if err := os.Symlink("/dev/zero", link); err != nil {
			t.Fatal(err)
		}
		tests = append(tests,
			readCase{"device", "/dev/zero", 0, "/dev/zero: not a results file but a device"},
			readCase{"link to a device", link, 0, link + ": not a results file but a device"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadFile(tt.path, tt.max)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestReadLimited: a stream is read through the limit, never to its end.
func TestReadLimited(t *testing.T) {
	_, err := readLimited(zeros{}, tbsheet.Pos{File: "stdin"}, -1, 1<<20)
	if !errors.Is(err, tbsheet.ErrTooLarge) || !strings.Contains(err.Error(), "stdin: the input is more than 1 MiB") {
		t.Errorf("got %v", err)
	}
	// A file that claims less than it holds (a /proc file says 0) is read through the limit too.
	_, err = readLimited(io.LimitReader(zeros{}, 2<<20), tbsheet.Pos{File: "f"}, 0, 1<<20)
	if !errors.Is(err, tbsheet.ErrTooLarge) {
		t.Errorf("got %v", err)
	}
}

// TestReadStdin: "-" reads standard input, with the same limit, and positions name it stdin.
func TestReadStdin(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(in, []byte("Round,Player 1,Player 2,Result\n1,A,A,2-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = saved }()
	_, err = Read(Stdin, "", Options{})
	if err == nil || !strings.HasPrefix(err.Error(), `stdin:2:5: player "A" is paired against themselves`) {
		t.Errorf("got %v", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(Stdin, "", Options{MaxSize: 10}); !errors.Is(err, tbsheet.ErrTooLarge) {
		t.Errorf("a limit of 10 bytes: got %v", err)
	}
}
