package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// LockOutputs takes, for a watch, a lock beside each output it names (.NAME.tbsheet-lock,
// inside a folder output), holding the process's number: a second watch writing one of them
// is refused, since two watches would overwrite each other's files and remove each other's
// temporary files. A lock whose process has ended (a watch killed) is taken over. It returns
// the function that releases the locks. An output another running watch writes is a usage
// error; any other error is the output's.
func LockOutputs(outputs []string) (release func(), err error) {
	var held []string
	release = func() {
		for _, l := range held {
			os.Remove(l)
		}
	}
	for _, o := range outputs {
		l := lockName(o)
		if slices.Contains(held, l) {
			continue
		}
		if err := takeLock(l, o); err != nil {
			release()
			return nil, err
		}
		held = append(held, l)
	}
	return release, nil
}

// lockName is the lock of an output: beside the file, or inside the folder it names.
func lockName(output string) string {
	if IsOutputFolder(output) {
		return filepath.Join(output, ".tbsheet-lock")
	}
	dir, base := filepath.Split(output)
	return filepath.Join(dir, "."+base+".tbsheet-lock")
}

// takeLock creates the lock l of output, or refuses when a running process holds it.
func takeLock(l, output string) error {
	for range 2 {
		f, err := os.OpenFile(l, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = fmt.Fprintln(f, os.Getpid())
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		}
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: cannot write beside it: %w", output, err)
		}
		data, _ := os.ReadFile(l)
		pid, perr := strconv.Atoi(strings.TrimSpace(string(data)))
		if perr == nil && pid > 0 && alive(pid) {
			return usagef("%s is written by another tbsheet watch (process %d): two would overwrite each other's files; stop it first, or give this one other outputs", output, pid)
		}
		os.Remove(l) // a watch that ended without removing it
	}
	return fmt.Errorf("%s: another watch takes its lock at the same time", output)
}

// alive reports whether a process of that number runs.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EPERM)
}
