package watch

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"time"
)

// runDue checks every input whose deadline has passed, in registration order.
func (w *watcher) runDue(ctx context.Context) {
	now := time.Now()
	for _, in := range append([]*input(nil), w.order...) {
		due, ok := w.pending[in]
		if !ok || due.After(now) {
			continue
		}
		delete(w.pending, in)
		w.check(ctx, in)
		if ctx.Err() != nil {
			return
		}
	}
}

// check reads an input whose saves have settled and runs the job on it unless nothing
// changed; a file caught mid-write is retried.
func (w *watcher) check(ctx context.Context, in *input) {
	data, st, err := readWhole(in.path, w.cfg.MaxSize)
	in.stamp = st
	if err != nil {
		err = fmt.Errorf("%s: %w", in.name, err)
		if errors.Is(err, ErrIncomplete) {
			w.retry(in, err)
		} else {
			w.broken(in, [32]byte{}, "", err)
		}
		return
	}
	sum := sha256.Sum256(data)
	if in.lastOK && sum == in.lastHash {
		w.verbosef("%s: content unchanged, nothing to do", in.name)
		return
	}
	w.verbosef("%s: running (%d bytes)", in.name, len(data))
	s, err := w.runJob(ctx, in.name, data)
	switch {
	case err == nil:
		w.succeeded(in, sum, s)
	case ctx.Err() != nil:
		// Stopping: the job gave up; every output is whole (AtomicFile), old or new.
	case errors.Is(err, ErrIncomplete):
		w.retry(in, err)
	default:
		w.broken(in, sum, "", err)
	}
}

// runJob calls the job, turning a panic into an error: a bug met on one save must not end
// the watch the organizer relies on for the rest of the event. The outputs are whole
// whatever the job was doing (AtomicFile).
func (w *watcher) runJob(ctx context.Context, name string, data []byte) (s Summary, err error) {
	defer func() {
		if p := recover(); p != nil {
			w.verbosef("panic: %v\n%s", p, debug.Stack())
			err = fmt.Errorf("%s: internal error in tbsheet, please report it with this file: %v", name, p)
		}
	}()
	return w.job(ctx, name, data)
}

// retry schedules another look at an input that is not whole yet, backing off from
// Settle/16 and doubling, until Settle has passed since the first failed look; then the save
// is broken (or, for a file that is gone, reported gone).
func (w *watcher) retry(in *input, cause error) {
	now := time.Now()
	if in.retryFrom.IsZero() {
		in.retryFrom = now
	}
	waited := now.Sub(in.retryFrom)
	if waited >= w.cfg.Settle {
		in.retryFrom, in.retries = time.Time{}, 0
		if errors.Is(cause, fs.ErrNotExist) {
			w.gone(in)
			return
		}
		w.broken(in, [32]byte{}, fmt.Sprintf("still incomplete after %v", w.cfg.Settle.Round(time.Millisecond)), cause)
		return
	}
	delay := min(w.cfg.Settle/16<<in.retries, w.cfg.Settle-waited)
	in.retries++
	w.verbosef("%v; looking again in %v", cause, delay.Round(time.Millisecond))
	w.pending[in] = now.Add(delay)
}

// readWhole reads the file at path once and makes sure it is a whole file: it exists, it is
// not empty, it did not change while being read, and if it is a zip (a workbook) its
// central directory, which zip writers put last, is there. Failures that waiting can cure
// wrap ErrIncomplete (a missing file also wraps fs.ErrNotExist, since Excel deletes the
// original before renaming the new one into place). The stamp is that of the file read.
func readWhole(path string, maxSize int64) ([]byte, stamp, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, stamp{}, incomplete("the file is gone", fs.ErrNotExist)
		}
		return nil, stamp{}, incomplete("cannot open", err)
	}
	defer f.Close()
	before, err := f.Stat()
	if err != nil {
		return nil, stamp{}, incomplete("cannot open", err)
	}
	st := stampOf(before)
	switch {
	case before.IsDir():
		return nil, st, errors.New("is a folder, not a results file")
	case before.Size() > maxSize:
		return nil, st, fmt.Errorf("the file is %d MiB; tbsheet reads result files up to %d MiB",
			before.Size()>>20, maxSize>>20)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	if err != nil {
		return nil, st, incomplete("cannot read", err)
	}
	after, err := os.Stat(path)
	if err != nil || !os.SameFile(before, after) || !stampOf(after).equal(st) || int64(len(data)) != before.Size() {
		return nil, st, incomplete("it changed while being read", nil)
	}
	if len(data) == 0 {
		return nil, st, incomplete("the file is empty", nil)
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		if _, err := zip.NewReader(bytes.NewReader(data), int64(len(data))); err != nil {
			return nil, st, incomplete("a truncated workbook", err)
		}
	}
	return data, st, nil
}

// incompleteError is a read failure that waiting may cure: it matches ErrIncomplete and
// wraps the cause.
type incompleteError struct {
	what string
	err  error
}

func incomplete(what string, err error) error { return &incompleteError{what, err} }

func (e *incompleteError) Error() string {
	if e.err == nil || e.err == fs.ErrNotExist {
		return e.what
	}
	return e.what + " (" + e.err.Error() + ")"
}

func (e *incompleteError) Unwrap() []error {
	if e.err == nil {
		return []error{ErrIncomplete}
	}
	return []error{ErrIncomplete, e.err}
}
