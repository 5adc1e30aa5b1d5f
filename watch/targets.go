package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/tbsheet/tbsheet/internal/infile"
)

// watcher is the state of one Run. Paths are keyed by their resolved form (see resolve) so
// that "results.xlsx", "./results.xlsx", a link to it and fsnotify's event names meet; names
// as the user gave them are kept for messages and for the job.
type watcher struct {
	cfg  Config
	job  Job
	exts map[string]bool

	dirs    map[string]*dir // watched folders by absolute path
	dirList []*dir          // in the order of cfg.Inputs, for fsnotify.Add
	inputs  map[string]*input
	order   []*input // registration order: initial runs and due runs go in this order
	// skip holds files in watched folders that must never be treated as inputs (the job's
	// outputs, a file whose outputs would overwrite an input), with the reason.
	skip map[string]string
	// owner maps each output of a registered input to that input: two inputs never write
	// the same file.
	owner map[string]*input

	pending map[*input]time.Time // debounce or retry deadline of each input that has one
	ahead   map[*input]time.Time // when to run the job ahead of the debounce (Config.Lead)
	timer   *time.Timer          // fires at the earliest deadline
	multi   bool                 // several inputs possible: name the input on each line

	// fsw is the file system watch (nil when polling); links maps the file an input that is
	// a symbolic link points to, to the input: saves of that file are saves of the input,
	// though its folder may be another (followLink).
	fsw   *fsnotify.Watcher
	links map[string]*input

	busy    *run      // the job's run in progress, nil when none: one at a time
	results chan *run // where the job's goroutine hands back a finished run
}

// dir is one watched folder.
type dir struct {
	path   string // absolute
	name   string // as the user gave it
	folder bool   // a folder input: every results file in it is an input
}

// input is one watched results file and what watch remembers about it.
type input struct {
	path     string // absolute
	name     string // as given (or joined to the folder as given): passed to the job
	explicit bool   // named on the command line, not found in a folder input

	stamp stamp // size and time when last read (or scanned, when polling)

	// The outcome last reported for this input: the hash of the bytes and whether the run
	// succeeded. A save with the same bytes after a success is skipped.
	lastHash [32]byte
	lastOK   bool

	// ready is the result of the last run ahead, kept until the save settles and used
	// only if the file then holds the very bytes it read.
	ready *run

	good      *Summary  // the last successful run's summary, nil before the first
	goodAt    time.Time // when it ran (clock of Config.Now)
	retryFrom time.Time // start of the current series of retries, zero when none
	retries   int
}

// stamp is what polling compares before reading a file.
type stamp struct {
	exists bool
	size   int64
	mtime  time.Time
}

func stampOf(fi fs.FileInfo) stamp {
	return stamp{exists: true, size: fi.Size(), mtime: fi.ModTime()}
}

func (s stamp) equal(t stamp) bool {
	return s.exists == t.exists && s.size == t.size && s.mtime.Equal(t.mtime)
}

// candidate is a file that may become an input.
type candidate struct {
	path, name string
	explicit   bool
}

func newWatcher(cfg Config, job Job) (*watcher, error) {
	w := &watcher{
		cfg:     cfg,
		job:     job,
		exts:    map[string]bool{},
		dirs:    map[string]*dir{},
		inputs:  map[string]*input{},
		skip:    map[string]string{},
		owner:   map[string]*input{},
		pending: map[*input]time.Time{},
		ahead:   map[*input]time.Time{},
		timer:   time.NewTimer(time.Hour),
		results: make(chan *run, 1),
	}
	w.timer.Stop()
	for _, e := range cfg.Exts {
		w.exts[strings.ToLower(e)] = true
	}
	w.multi = len(cfg.Inputs) > 1
	var cands []candidate
	for _, name := range cfg.Inputs {
		abs := resolve(name)
		fi, err := os.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file or folder", name)
		} else if err != nil {
			return nil, fmt.Errorf("watch: %w", err)
		}
		if k := infile.Kind(fi.Mode()); k != "" && k != "a folder" {
			return nil, fmt.Errorf("%s: not a results file but %s", name, k)
		}
		if !fi.IsDir() {
			d := w.addDir(filepath.Dir(abs), filepath.Dir(name), false)
			cands = append(cands, candidate{path: filepath.Join(d.path, onDisk(d.path, filepath.Base(abs))), name: name, explicit: true})
			continue
		}
		if len(cfg.Exts) == 0 {
			return nil, fmt.Errorf("watch: %s is a folder, but no results file extensions were given (Config.Exts)", name)
		}
		w.multi = true
		d := w.addDir(abs, name, true)
		ents, err := os.ReadDir(abs)
		if err != nil {
			return nil, fmt.Errorf("watch: %w", err)
		}
		for _, e := range ents {
			if !e.IsDir() && w.accepts(e.Name()) {
				cands = append(cands, candidate{path: filepath.Join(abs, e.Name()), name: w.nameIn(d, e.Name())})
			}
		}
	}
	// Outputs first, so that a folder's standings.csv left by an earlier run is known as an
	// output before it could be taken for an input.
	for _, c := range cands {
		for _, o := range w.outputsOf(c.name) {
			w.skip[o] = "an output of " + c.name
		}
	}
	for _, o := range cfg.Shared {
		w.skip[resolve(o)] = "an output of every input"
	}
	for _, c := range cands {
		if why, ok := w.skip[c.path]; ok {
			if c.explicit {
				return nil, conflict("%s is both an input and %s: tbsheet never writes to its inputs", c.name, why)
			}
			w.verbosef("%s: not an input (%s)", c.name, why)
			continue
		}
		if _, err := w.register(c); err != nil {
			if c.explicit {
				return nil, err
			}
			w.refuse(c, err) // one file of a folder: the others are watched
		}
	}
	return w, nil
}

// resolve returns the absolute path that events will carry for a file or folder: cleaned,
// with symbolic links resolved (a link's own folder hears nothing when its target is saved).
// A file that does not exist yet (an output) is resolved through its folder.
func resolve(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return filepath.Clean(name)
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil {
		return resolved
	}
	if resolved, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(resolved, filepath.Base(abs))
	}
	return abs
}

// onDisk returns the name a file has in its folder. On a case-insensitive file system
// (Windows, macOS) the user may type RESULTS.xlsx for results.xlsx; events carry the name on
// disk, which is what the input must be matched with.
func onDisk(dir, base string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return base
	}
	folded := ""
	for _, e := range ents {
		switch {
		case e.Name() == base:
			return base
		case folded == "" && strings.EqualFold(e.Name(), base):
			folded = e.Name()
		}
	}
	if folded != "" {
		return folded
	}
	return base
}

func (w *watcher) addDir(abs, name string, folder bool) *dir {
	d := w.dirs[abs]
	if d == nil {
		d = &dir{path: abs, name: name}
		w.dirs[abs] = d
		w.dirList = append(w.dirList, d)
	}
	if folder {
		d.folder, d.name = true, name
	}
	return d
}

// nameIn is how a file found in a folder input is named to the user and the job.
func (w *watcher) nameIn(d *dir, base string) string { return filepath.Join(d.name, base) }

// outputsOf returns the absolute paths of the outputs the job writes for the input name.
func (w *watcher) outputsOf(name string) []string {
	if w.cfg.Outputs == nil {
		return nil
	}
	var out []string
	for _, o := range w.cfg.Outputs(name) {
		out = append(out, resolve(o))
	}
	return out
}

// ErrOutputConflict is what Run's error wraps when an input's outputs would overwrite an
// input, or the outputs of another input (two results files of one name in a folder: r.csv
// and r.xlsx).
var ErrOutputConflict = errors.New("an output would overwrite an input or another output")

// conflictError is an error wrapping ErrOutputConflict, with its own message.
type conflictError struct{ msg string }

func conflict(format string, args ...any) error {
	return &conflictError{fmt.Sprintf(format, args...)}
}

func (e *conflictError) Error() string { return e.msg }
func (e *conflictError) Unwrap() error { return ErrOutputConflict }

// register adds an input (once) and schedules its first run. It refuses an input whose
// outputs would overwrite an input or another input's outputs (an error wrapping
// ErrOutputConflict).
func (w *watcher) register(c candidate) (*input, error) {
	if in := w.inputs[c.path]; in != nil {
		in.explicit = in.explicit || c.explicit
		return in, nil
	}
	outs := w.outputsOf(c.name)
	for _, o := range outs {
		if o == c.path || w.inputs[o] != nil {
			return nil, conflict("%s: an output would overwrite the input %s: tbsheet never writes to its inputs", c.name, o)
		}
		if other := w.owner[o]; other != nil {
			return nil, conflict("%s: its output %s would also be the output of %s (give the two files different names)", c.name, o, other.name)
		}
	}
	in := &input{path: c.path, name: c.name, explicit: c.explicit}
	for _, o := range outs {
		w.skip[o] = "an output of " + c.name
		w.owner[o] = in
	}
	w.inputs[c.path] = in
	w.order = append(w.order, in)
	w.pending[in] = time.Now()
	return in, nil
}

// forget stops watching a folder input's file that was deleted.
func (w *watcher) forget(in *input) {
	delete(w.inputs, in.path)
	for o, owner := range w.owner {
		if owner == in {
			delete(w.owner, o)
		}
	}
	delete(w.pending, in)
	delete(w.ahead, in)
	for i, o := range w.order {
		if o == in {
			w.order = append(w.order[:i:i], w.order[i+1:]...)
			break
		}
	}
}

// accepts reports whether a file in a folder input is a results file: one of the accepted
// extensions and not a lock or temporary file.
func (w *watcher) accepts(base string) bool {
	return tempKind(base) == "" && w.exts[strings.ToLower(filepath.Ext(base))]
}

// LockKind names the lock file base is ("Excel owner file", "LibreOffice lock file"), the
// file a spreadsheet program keeps beside a workbook while it has it open, or returns "".
func LockKind(base string) string {
	switch k := tempKind(base); k {
	case lockExcel, lockLibreOffice:
		return k
	}
	return ""
}

// IsTemp reports whether base, a file's name, is a lock or temporary file that spreadsheet
// programs and tbsheet create beside a document, not a document: tbsheet season skips them
// in a folder as watch does.
func IsTemp(base string) bool { return tempKind(base) != "" }

// The lock files spreadsheet programs keep beside an open workbook.
const (
	lockExcel       = "Excel owner file"
	lockLibreOffice = "LibreOffice lock file"
)

// tempKind names the kind of lock or temporary file base is, or returns "" for an ordinary
// file. These are the names spreadsheet programs and tbsheet itself create beside a document
// while it is open or being saved.
func tempKind(base string) string {
	lower := strings.ToLower(base)
	switch {
	case strings.HasPrefix(base, "~$"):
		return lockExcel // ~$results.xlsx, while Excel has the workbook open
	case strings.HasPrefix(base, ".~lock.") && strings.HasSuffix(base, "#"):
		return lockLibreOffice // .~lock.results.xlsx#
	case strings.HasSuffix(lower, ".tmp"):
		return "temporary file" // LibreOffice's lu1848…xv5.tmp, writer.AtomicFile's .NAME.*.tmp
	case strings.HasPrefix(base, "."):
		return "hidden file" // macOS ._results.xlsx, editors' swap files
	case strings.HasSuffix(base, "~"), strings.HasSuffix(base, "#"):
		return "backup file" // results.csv~, #results.csv#
	case filepath.Ext(base) == "":
		return "file without extension" // Excel's temporary Cedd4100
	}
	return ""
}

// event handles one file system event.
func (w *watcher) event(ev fsnotify.Event) error {
	path := filepath.Clean(ev.Name)
	if d := w.dirs[path]; d != nil && ev.Has(fsnotify.Remove|fsnotify.Rename) {
		return fmt.Errorf("watch: the folder %s was deleted or renamed; start tbsheet watch again", d.name)
	}
	if !ev.Has(fsnotify.Create | fsnotify.Write | fsnotify.Rename | fsnotify.Remove) {
		return nil // Chmod: permissions and times change, the content does not
	}
	if in := w.inputs[path]; in != nil {
		w.verbosef("%s %s: checking in %v", opName(ev.Op), in.name, w.cfg.Debounce)
		w.followLink(in)
		w.schedule(in)
		return nil
	}
	if in := w.links[path]; in != nil {
		w.verbosef("%s %s (%s links to it): checking in %v", opName(ev.Op), filepath.Base(path), in.name, w.cfg.Debounce)
		w.schedule(in)
		return nil
	}
	d := w.dirs[filepath.Dir(path)]
	if d == nil {
		return nil
	}
	base := filepath.Base(path)
	if why := w.notInput(d, path, base); why != "" {
		// A file that is not an input is named when it appears or goes, not on each write:
		// the verbose log itself may be in the folder (watch -v 2>watch.log), and a line for
		// each of its writes would write it again, without end.
		if !ev.Has(fsnotify.Write) || ev.Has(fsnotify.Create) {
			w.verbosef("%s %s: ignored (%s)", opName(ev.Op), base, why)
		}
		return nil
	}
	if !ev.Has(fsnotify.Create | fsnotify.Write) {
		return nil // an unknown file went away
	}
	return w.discover(d, base)
}

// notInput says why a file in a watched folder is not an input ("" when it is a new one).
func (w *watcher) notInput(d *dir, path, base string) string {
	if why, ok := w.skip[path]; ok {
		return why
	}
	if k := tempKind(base); k != "" {
		return k
	}
	if !d.folder {
		return "not an input"
	}
	if !w.exts[strings.ToLower(filepath.Ext(base))] {
		return "not a results file extension"
	}
	return ""
}

// discover registers a results file that appeared in a folder input.
func (w *watcher) discover(d *dir, base string) error {
	c := candidate{path: filepath.Join(d.path, base), name: w.nameIn(d, base)}
	in, err := w.register(c)
	if err != nil {
		w.refuse(c, err)
		return nil
	}
	w.verbosef("new file %s: checking in %v", in.name, w.cfg.Debounce)
	w.schedule(in)
	return nil
}

// refuse says why a file found in a folder input is not watched, and remembers it.
func (w *watcher) refuse(c candidate, err error) {
	w.skip[c.path] = "refused"
	fmt.Fprintf(w.cfg.Errors, "%s %v; not watched\n", w.clock(), err)
}

// schedule (re)starts the debounce wait of in, and the wait before running ahead. A new
// event means a new save is under way: the retries of an earlier one start over, and a run
// ahead in progress is cancelled, since it may have read bytes the save is replacing.
func (w *watcher) schedule(in *input) {
	in.retryFrom, in.retries = time.Time{}, 0
	now := time.Now()
	w.pending[in] = now.Add(w.cfg.Debounce)
	if w.cfg.Lead < w.cfg.Debounce {
		w.ahead[in] = now.Add(w.cfg.Lead)
	}
	if r := w.busy; r != nil && r.in == in {
		r.superseded = true
		if r.ahead {
			r.cancel()
		}
	}
}

// rescan compares every input's size and time with what was last seen and looks for new files
// in folder inputs: the polling mode's tick, and the recovery after an event overflow.
func (w *watcher) rescan() {
	for _, d := range w.dirList {
		if !d.folder {
			continue
		}
		ents, err := os.ReadDir(d.path)
		if err != nil {
			w.verbosef("rescan %s: %v", d.name, err)
			continue
		}
		names := make([]string, 0, len(ents))
		for _, e := range ents {
			if !e.IsDir() {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, base := range names {
			path := filepath.Join(d.path, base)
			if w.inputs[path] == nil && w.notInput(d, path, base) == "" {
				w.discover(d, base)
			}
		}
	}
	for _, in := range w.order {
		var st stamp
		if fi, err := os.Stat(in.path); err == nil {
			st = stampOf(fi)
		}
		if !st.equal(in.stamp) {
			in.stamp = st
			w.verbosef("rescan %s: size or time changed, checking in %v", in.name, w.cfg.Debounce)
			w.schedule(in)
		}
	}
}

// arm sets the timer to the earliest deadline. While the job runs nothing else can start, so
// the timer waits; the job's result wakes the loop.
func (w *watcher) arm() {
	if w.busy != nil {
		w.timer.Stop()
		return
	}
	var next time.Time
	for _, m := range []map[*input]time.Time{w.pending, w.ahead} {
		for _, t := range m {
			if next.IsZero() || t.Before(next) {
				next = t
			}
		}
	}
	if next.IsZero() {
		w.timer.Stop()
		return
	}
	w.timer.Reset(max(time.Until(next), 0))
}

func opName(op fsnotify.Op) string {
	// fsnotify prints "CREATE|WRITE"; a lower-case word reads better in a log line.
	return strings.ToLower(op.String())
}

// followLink watches, when an input is a symbolic link (given as one, or swapped for one
// while watched), the file it points to and that file's folder: a save there is a save of
// the input, though no event comes for the link itself.
func (w *watcher) followLink(in *input) {
	if w.fsw == nil {
		return // polling reads the input through the link
	}
	fi, err := os.Lstat(in.path)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return
	}
	target, err := filepath.EvalSymlinks(in.path)
	if err != nil || w.links[target] == in {
		return
	}
	if w.links == nil {
		w.links = map[string]*input{}
	}
	if dir := filepath.Dir(target); w.dirs[dir] == nil {
		if err := w.fsw.Add(dir); err != nil {
			w.verbosef("%s links to %s, whose folder cannot be watched: %v", in.name, target, err)
			return
		}
	}
	w.links[target] = in
}
