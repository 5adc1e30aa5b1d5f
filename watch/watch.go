package watch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/tbsheet/tbsheet"
)

// ErrIncomplete is what a [Job] wraps in its error when the input looks like a file caught
// in the middle of being written (an XML document cut short, a header promising more rows
// than there are): watch then reads the file again after a short wait instead of reporting
// a broken save, and reports it as broken only if it stays so for [Config.Settle]. For
// example:
//
//	return watch.Prepared{}, fmt.Errorf("%s: %w: %v", input, watch.ErrIncomplete, err)
//
// watch itself already treats a missing or empty file, one that changes while being read
// and a zip (workbook) without its central directory as incomplete.
var ErrIncomplete = errors.New("the file is incomplete")

// Job reads one input, computes its standings and renders every output for it in memory; it
// writes nothing. input is the input's path as the user gave it (or, for a folder input,
// joined to the folder as given), for error messages; data is the whole file as watch read
// it. The job must parse data rather than read the file again, and its result must
// depend on data alone: watch runs it while the save may still be going on, keeps the result
// only for a file holding exactly those bytes, and reuses a result for the same bytes instead
// of running the job again.
//
// The contract that keeps the last good standings safe: the job computes and renders
// everything and returns a [Prepared] whose Commit writes the outputs, through temporary
// files renamed into place (writer.WriteFiles). watch calls Commit only once the save has
// settled (see [Config.Debounce]) and only for the bytes the file then holds, so that a
// broken save, or a result overtaken by a newer save, never touches the outputs. The job returns:
//   - the [Prepared] outputs and their [Summary], on success;
//   - an error wrapping [ErrIncomplete] when data looks half-written (watch retries);
//   - any other error (best a tbsheet.ErrorList naming file, sheet, row and column) when the
//     save is broken; watch prints every problem and keeps waiting.
//
// ctx is cancelled when the watch stops or when a newer save makes the result useless; the
// job should then return ctx.Err() early (an error after a cancellation is dropped, never
// reported). Run never calls the job, or a Commit, while another call runs, and waits for the
// job to return before returning.
//
// A panic in the job or its Commit is reported like a broken save. watch can only recover it
// on the goroutine it calls them on: a job that works on goroutines of its own must carry
// their panics back (tbsheet's do, with internal/safego), or one bug ends the watch.
type Job func(ctx context.Context, input string, data []byte) (Prepared, error)

// Prepared is what a successful run of a [Job] computed: the report and the outputs, rendered
// but not yet written.
type Prepared struct {
	// Summary is what the one-line report says about the run.
	Summary Summary
	// Commit writes the outputs. watch calls it at most once, when the save has settled and
	// the file still holds the bytes the job read; its error is reported like a broken save's
	// (an output open in another program), and the last good standings count as kept. nil
	// means there is nothing to write.
	Commit func() error
}

// Summary is what one successful run of a [Job] computed and writes, for the one-line report.
type Summary struct {
	// Round is the last round with results, 0 when none are in yet.
	Round int
	// Rounds is the number of rounds the event is planned for, 0 when unknown.
	Rounds int
	// Players is the number of players in the standings.
	Players int
	// Top lists players in rank order; watch looks at the first [Config.TopN].
	Top []Entry
	// Wrote lists the output files [Prepared.Commit] writes, as they should be named to the
	// user.
	Wrote []string
	// Notes are facts the organizer should see under the line (matches still unreported,
	// an inferred bye); each is printed on its own indented line.
	Notes []string
}

// Entry is one ranked player in a [Summary].
type Entry struct {
	// Rank is the player's place; players who tie on every key share it.
	Rank int
	// ID identifies the player across runs when names are not unique; "" means Name does.
	ID string
	// Name is the player's name as printed on the standings.
	Name string
	// Points is the player's score as text, without a unit ("12", "4½").
	Points string
}

// key is what identifies the player when comparing two runs' top places.
func (e Entry) key() string {
	if e.ID != "" {
		return "id:" + e.ID
	}
	return "name:" + e.Name
}

// DefaultDebounce is the [Config.Debounce] a zero Config uses.
const DefaultDebounce = 250 * time.Millisecond

// DefaultLead is the [Config.Lead] a zero Config uses.
const DefaultLead = 50 * time.Millisecond

// Config says what to watch and how. The zero value of every field but Inputs is valid.
type Config struct {
	// Inputs are the results files and folders to watch. A folder input watches every file
	// in it (not in subfolders) whose extension is one of Exts, including files created
	// later. Every input must exist when Run starts.
	Inputs []string
	// Outputs maps an input (as passed to the Job) to the files the job writes for it, so
	// that watch ignores them (no feedback loop when outputs sit in a watched folder) and
	// refuses an output that is also an input. nil means the outputs are elsewhere.
	Outputs func(input string) []string
	// Shared are files the job writes on the run of every input (tbsheet watch --season: one
	// table over all of them): watch ignores them as it ignores Outputs, and refuses one
	// that is also an input.
	Shared []string
	// Exts are the extensions, with the dot, of the files a folder input treats as results,
	// compared case-insensitively: the CLI gives the readers' (reader.Exts), so that a new
	// input format is watched without a change here. A folder input needs them.
	Exts []string
	// Debounce is how long the events for a file must pause before the save counts as
	// settled and its outputs are written; every event restarts the wait. 0 means
	// DefaultDebounce (250ms; see the package documentation).
	Debounce time.Duration
	// Lead is how long the events for a file must pause before watch reads it and runs the
	// job ahead, while the debounce goes on, so that the outputs are ready to be written when
	// it ends; a new event cancels that run. 0 means DefaultLead (50ms: the events of one
	// save come within a few milliseconds of each other). A Lead of Debounce or more turns
	// running ahead off: the job then runs once the save has settled.
	Lead time.Duration
	// Settle is how long a file may stay incomplete (missing, changing while read, a
	// truncated zip, a job returning ErrIncomplete) before the save counts as broken; retries
	// back off from Settle/16, doubling. 0 means 2s.
	Settle time.Duration
	// Poll, when positive, makes watch compare every input's size and modification time at
	// this interval (then its content) instead of waiting for file system events: network
	// drives (SMB, NFS) and some virtual file systems send none. 0 uses events.
	Poll time.Duration
	// TopN is how many top places the report compares between runs. 0 means 8.
	TopN int
	// MaxSize is the largest input watch reads into memory; a bigger file is a broken save.
	// 0 means tbsheet.MaxFileSize, the limit of tbsheet's readers.
	MaxSize int64
	// Log receives the start line and one line per recompute. nil means os.Stdout.
	Log io.Writer
	// Errors receives broken saves, one problem per line. nil means os.Stderr.
	Errors io.Writer
	// Verbose, when non-nil, receives a line for every file event and every decision (why a
	// save was ignored, skipped or retried), for --verbose. nil discards them.
	Verbose io.Writer
	// Now gives the time printed on each line. nil means time.Now; tests fix it.
	Now func() time.Time
	// Broken, when non-nil, is told the input's name each time a save of it is reported
	// broken, or a file input is reported gone: the last good outputs stay, and a program
	// that shows them (tbsheet serve) can say they are being edited. The next successful
	// run commits as usual. It is called on watch's own goroutine and must not block.
	Broken func(input string)
}

func (c Config) withDefaults() Config {
	if c.Debounce <= 0 {
		c.Debounce = DefaultDebounce
	}
	if c.Lead <= 0 {
		c.Lead = DefaultLead
	}
	if c.Settle <= 0 {
		c.Settle = 2 * time.Second
	}
	if c.TopN <= 0 {
		c.TopN = 8
	}
	if c.MaxSize <= 0 {
		c.MaxSize = tbsheet.MaxFileSize
	}
	if c.Log == nil {
		c.Log = os.Stdout
	}
	if c.Errors == nil {
		c.Errors = os.Stderr
	}
	if c.Verbose == nil {
		c.Verbose = io.Discard
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Run watches cfg.Inputs and writes each input's outputs (the job's [Prepared] commit) once
// at the start and then once after every save that changed it, until ctx is cancelled (the
// CLI cancels it on Ctrl-C and SIGTERM). It returns nil after a cancellation, once the
// running job (if any) returned and the file system watch is closed, so that no goroutine
// outlives it. It returns an error when it cannot start (an input is missing, an output is
// also an input, the folder cannot be watched) or when a watched folder disappears. A panic
// in the job or its commit is reported like a broken save, and the watch goes on.
func Run(ctx context.Context, cfg Config, job Job) error {
	if len(cfg.Inputs) == 0 {
		return errors.New("watch: no input to watch")
	}
	w, err := newWatcher(cfg.withDefaults(), job)
	if err != nil {
		return err
	}
	var fsw *fsnotify.Watcher
	if w.cfg.Poll <= 0 {
		if fsw, err = fsnotify.NewWatcher(); err != nil {
			return fmt.Errorf("watch: %w (try --poll 2s)", err)
		}
		defer fsw.Close()
		for _, d := range w.dirList {
			if err := fsw.Add(d.path); err != nil {
				return fmt.Errorf("watch %s: %w (try --poll 2s)", d.name, err)
			}
		}
	}
	w.fsw = fsw
	for _, in := range w.order {
		w.followLink(in)
	}
	w.started()
	return w.loop(ctx, fsw)
}

// errStopped is returned if fsnotify gives up on its own (it closes its channels).
var errStopped = errors.New("watch: the file system watch stopped unexpectedly (try --poll 2s)")

// loop is the goroutine that owns the watcher's state: it receives events, keeps the
// deadlines, starts the job in a goroutine of its own (one at a time) and handles its result,
// so that events keep coming while the job runs and no state is shared.
func (w *watcher) loop(ctx context.Context, fsw *fsnotify.Watcher) error {
	var (
		events <-chan fsnotify.Event
		errs   <-chan error
		tick   <-chan time.Time
	)
	if fsw != nil {
		events, errs = fsw.Events, fsw.Errors
	} else {
		t := time.NewTicker(w.cfg.Poll)
		defer t.Stop()
		tick = t.C
	}
	defer w.timer.Stop()
	defer w.abandon()
	w.arm() // the initial runs
	for {
		select {
		case <-ctx.Done():
			w.abandon()
			w.logf("stopped")
			return nil
		case ev, ok := <-events:
			if !ok {
				return errStopped
			}
			if err := w.event(ev); err != nil {
				return err
			}
		case err, ok := <-errs:
			if !ok {
				return errStopped
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				w.verbosef("events overflowed: rescanning")
			} else {
				fmt.Fprintf(w.cfg.Errors, "%s watch: %v (rescanning)\n", w.clock(), err)
			}
			w.rescan()
		case <-tick:
			w.rescan()
		case <-w.timer.C:
			w.due(ctx)
		case r := <-w.results:
			w.finished(ctx, r)
		}
		if ctx.Err() != nil {
			w.abandon()
			w.logf("stopped")
			return nil
		}
		w.arm()
	}
}
