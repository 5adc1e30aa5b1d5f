package writer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// This file holds how outputs reach the disk. Each is written to a temporary file beside it
// (.NAME.NNN.tmp, which tbsheet watch ignores) and renamed into place, so that the path holds
// either the old or the whole new content; several outputs are rendered in memory first and
// renamed one after the other at the very end, so that they change together.

// File is an output rendered in memory, for [WriteFiles].
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes files as late and as close together as it can: every file goes to a
// temporary file beside it, and only once all of them are written are they renamed into
// place, one after the other. A file that cannot be written (its folder is missing, the path
// is a folder, it is open in a program that locks it) does not keep the others from being
// written. WriteFiles returns the paths it replaced, in order, and the problems, joined in
// the order of the files. Temporary files that a killed run left beside an output are
// removed first.
func WriteFiles(files []File) (written []string, err error) {
	errs := writeAll(files, nil, make([]error, len(files)))
	for i, f := range files {
		if errs[i] == nil {
			written = append(written, f.Path)
		}
	}
	return written, errors.Join(errs...)
}

// writeAll writes every file whose errs entry is nil (the others failed already) and
// records each failure in errs, which it returns. A file whose streams entry is set (streams
// may be nil) is written by it instead of from its Data.
func writeAll(files []File, streams []func(io.Writer) error, errs []error) []error {
	targets := make([]string, len(files))
	for i, f := range files {
		targets[i] = throughLink(f.Path)
		removeStaleTemps(targets[i])
	}
	tmps := make([]string, len(files))
	for i, f := range files {
		if errs[i] != nil {
			continue
		}
		write := func(w io.Writer) error {
			_, err := w.Write(f.Data)
			return err
		}
		if i < len(streams) && streams[i] != nil {
			write = streams[i]
		}
		tmps[i], errs[i] = writeTemp(targets[i], write)
	}
	for i, f := range files {
		if errs[i] != nil {
			continue
		}
		if err := os.Rename(tmps[i], targets[i]); err != nil {
			os.Remove(tmps[i])
			errs[i] = renameError(f.Path, err)
		}
	}
	return errs
}

// AtomicFile writes a file through write into a temporary file in the same folder and renames
// it over path only when write succeeded, so that path always holds either the old or the
// whole new content. The temporary name ends in .tmp, which tbsheet watch ignores; those a
// killed run left for path are removed first. An output that is a symbolic link is written
// through it (throughLink).
func AtomicFile(path string, write func(io.Writer) error) error {
	target := throughLink(path)
	removeStaleTemps(target)
	tmp, err := writeTemp(target, write)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return renameError(path, err)
	}
	return nil
}

// throughLink is the file an output named path is written to: path, or, when path is a
// symbolic link, the file it links to, so that the link is kept and what it points at is
// replaced (renaming over the link would replace the link with a plain file and leave its
// target stale).
func throughLink(path string) string {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return path
	}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		return target
	}
	// A link to a file that does not exist yet: create it where the link points.
	dest, err := os.Readlink(path)
	if err != nil {
		return path
	}
	if !filepath.IsAbs(dest) {
		dest = filepath.Join(filepath.Dir(path), dest)
	}
	return dest
}

// writeTemp writes a temporary file beside path through write and returns its name; on
// failure it leaves none.
func writeTemp(path string, write func(io.Writer) error) (name string, err error) {
	if err := checkNotFolder(path); err != nil {
		return "", err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, tempPrefix(base)+"*"+tempSuffix)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary name means nothing to the user
		}
		return "", fmt.Errorf("%s: cannot write in %s: %w", path, dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	// CreateTemp makes the file 0600; results are for sharing.
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return tmp.Name(), nil
}

// checkNotFolder refuses an output path that names a folder, which the rename would fail on
// with the temporary file's name.
func checkNotFolder(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder, not a file: give the name of the file to write", path)
	}
	return nil
}

// renameError is the error of a temporary file that could not be renamed over path, told
// without the temporary name.
func renameError(path string, err error) error {
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	if err := checkNotFolder(path); err != nil {
		return err
	}
	return fmt.Errorf("%s: cannot replace it: %w", path, err)
}

// The temporary file of path is .BASE.NNN.tmp in its folder, NNN being the random digits
// os.CreateTemp puts in place of its pattern's "*".
const tempSuffix = ".tmp"

func tempPrefix(base string) string { return "." + base + "." }

// removeStaleTemps deletes the temporary files of path that a run killed before renaming
// them left behind: tbsheet's own names only (.BASE.NNN.tmp, NNN all digits), never another
// program's file.
func removeStaleTemps(path string) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return // writing will say what is wrong with the folder
	}
	for _, e := range ents {
		if isTempOf(e.Name(), base) && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isTempOf reports whether name is a temporary file tbsheet writes for base.
func isTempOf(name, base string) bool {
	mid, ok := strings.CutPrefix(name, tempPrefix(base))
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, tempSuffix)
	if !ok || mid == "" {
		return false
	}
	for _, c := range mid {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
