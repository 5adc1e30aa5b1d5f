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

	"github.com/tbsheet/tbsheet/internal/infile"
)

// run is one call of the job on one read of an input, and its result.
type run struct {
	in     *input
	hash   [32]byte // of the bytes the job read
	ahead  bool     // started while the save was still settling
	ctx    context.Context
	cancel context.CancelFunc
	// superseded is set when an event on the input comes while the job runs. A run ahead is
	// then cancelled; a run on a settled save is still reported, since that save did settle,
	// but it is not retried: the newer save takes over.
	superseded bool

	// Set by the job's goroutine before it sends the run on watcher.results.
	prep Prepared
	err  error
}

// due acts on the deadlines that have passed, in registration order: first the saves that
// settled, then the runs ahead. It stops as soon as the job is busy; what is left waits for
// the job to return (arm sets no deadline meanwhile).
func (w *watcher) due(ctx context.Context) {
	now := time.Now()
	for _, in := range append([]*input(nil), w.order...) {
		if w.busy != nil || ctx.Err() != nil {
			return
		}
		if t, ok := w.pending[in]; ok && !t.After(now) {
			delete(w.pending, in)
			delete(w.ahead, in) // settled: too late to run ahead
			w.settled(ctx, in)
		}
	}
	for _, in := range append([]*input(nil), w.order...) {
		if w.busy != nil || ctx.Err() != nil {
			return
		}
		if t, ok := w.ahead[in]; ok && !t.After(now) {
			delete(w.ahead, in)
			w.runAhead(ctx, in)
		}
	}
}

// runAhead reads an input whose events paused for Config.Lead and runs the job on it in the
// background, unless nothing changed or a run ahead already computed these bytes. Its result
// waits in input.ready for the save to settle. A file that cannot be read whole is left to
// the settled save's read, which retries.
func (w *watcher) runAhead(ctx context.Context, in *input) {
	data, _, err := readWhole(in.path, w.cfg.MaxSize)
	if err != nil {
		w.verbosef("%s: not running ahead: %v", in.name, err)
		return
	}
	sum := sha256.Sum256(data)
	if (in.lastOK && sum == in.lastHash) || (in.ready != nil && in.ready.hash == sum) {
		return
	}
	w.verbosef("%s: running ahead (%d bytes)", in.name, len(data))
	w.start(ctx, in, data, sum, true)
}

// settled reads an input whose saves have settled and finishes it: nothing to do if its
// bytes did not change, the result of the run ahead if it read these very bytes, else a run
// of the job now. A file caught mid-write is retried.
func (w *watcher) settled(ctx context.Context, in *input) {
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
	ready := in.ready
	in.ready = nil
	switch {
	case in.lastOK && sum == in.lastHash:
		w.verbosef("%s: content unchanged, nothing to do", in.name)
	case ready != nil && ready.hash == sum:
		w.verbosef("%s: settled as run ahead", in.name)
		w.finish(in, ready)
	default:
		if ready != nil {
			w.verbosef("%s: changed since it was run ahead", in.name)
		}
		w.verbosef("%s: running (%d bytes)", in.name, len(data))
		w.start(ctx, in, data, sum, false)
	}
}

// start runs the job on data in a goroutine of its own; finished receives the result.
func (w *watcher) start(ctx context.Context, in *input, data []byte, hash [32]byte, ahead bool) {
	rctx, cancel := context.WithCancel(ctx)
	r := &run{in: in, hash: hash, ahead: ahead, ctx: rctx, cancel: cancel}
	w.busy = r
	go func() {
		r.prep, r.err = w.runJob(rctx, in.name, data)
		w.results <- r
	}()
}

// finished handles the result of a run. A run that failed after being cancelled is dropped;
// a run ahead is kept for its bytes until the save settles (even when an event came
// meanwhile: the save may not have changed them); a run on a settled save is finished.
func (w *watcher) finished(ctx context.Context, r *run) {
	w.busy = nil
	cancelled := r.ctx.Err() != nil
	r.cancel()
	w.logPanic(r.err)
	switch {
	case r.err != nil && cancelled:
		if ctx.Err() == nil {
			w.verbosef("%s: run cancelled by a newer save", r.in.name)
		}
	case r.ahead:
		r.in.ready = r
	case r.superseded && errors.Is(r.err, ErrIncomplete):
		w.verbosef("%s: %v; a newer save follows", r.in.name, r.err)
	default:
		w.finish(r.in, r)
	}
}

// finish reports a run on the bytes of a settled save: it commits the outputs and prints
// the line, retries a file caught mid-write, or reports a broken save.
func (w *watcher) finish(in *input, r *run) {
	switch {
	case r.err == nil:
		if err := w.commit(in.name, r.prep.Commit); err != nil {
			w.broken(in, r.hash, "", err)
			return
		}
		w.succeeded(in, r.hash, r.prep.Summary)
	case errors.Is(r.err, ErrIncomplete):
		w.retry(in, r.err)
	default:
		w.broken(in, r.hash, "", r.err)
	}
}

// abandon cancels the running job, if any, and waits for it to return, dropping its
// result: Run returns only once no job runs.
func (w *watcher) abandon() {
	if r := w.busy; r != nil {
		r.cancel()
		<-w.results
		w.busy = nil
	}
}

// runJob calls the job (in the run's goroutine).
func (w *watcher) runJob(ctx context.Context, name string, data []byte) (p Prepared, err error) {
	defer recovered(name, &err)
	return w.job(ctx, name, data)
}

// commit writes a run's outputs.
func (w *watcher) commit(name string, commit func() error) error {
	if commit == nil {
		return nil
	}
	err := func() (err error) {
		defer recovered(name, &err)
		return commit()
	}()
	w.logPanic(err)
	return err
}

// panicError is a panic in the job or its commit: a bug met on one save must not end the
// watch the organizer relies on for the rest of the event, so it is reported like a broken
// save, and the watch goes on. The outputs are whole whatever the job was doing (AtomicFile).
type panicError struct {
	name  string
	value any
	stack []byte
}

func (e *panicError) Error() string {
	return fmt.Sprintf("%s: internal error in tbsheet, please report it with this file: %v", e.name, e.value)
}

// recovered, deferred, turns a panic into a *panicError.
func recovered(name string, err *error) {
	if p := recover(); p != nil {
		*err = &panicError{name: name, value: p, stack: debug.Stack()}
	}
}

// logPanic prints the stack of a panic on the verbose log, from the loop's goroutine.
func (w *watcher) logPanic(err error) {
	if pe, ok := errors.AsType[*panicError](err); ok {
		w.verbosef("panic: %v\n%s", pe.value, pe.stack)
	}
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
	f, before, err := infile.Open(path)
	var nr *infile.NotRegularError
	switch {
	case errors.As(err, &nr):
		// A named pipe is not opened: that would wait for a writer, and the watch with it.
		return nil, stamp{}, fmt.Errorf("not a results file but %s", nr.Kind)
	case errors.Is(err, fs.ErrNotExist):
		return nil, stamp{}, incomplete("the file is gone", fs.ErrNotExist)
	case err != nil:
		return nil, stamp{}, incomplete("cannot open", err)
	}
	defer f.Close()
	st := stampOf(before)
	switch {
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
