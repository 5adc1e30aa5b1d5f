package pipeline

import (
	"fmt"
	"path/filepath"

	"github.com/tbsheet/tbsheet/watch"
)

// SkipLocks leaves out of inputs the lock files a spreadsheet program keeps beside an open
// workbook (~$results.xlsx, .~lock.results.xlsx#), which a shell's *.xlsx matches: they are
// not results. It returns the inputs kept and a note naming each lock left out; inputs that
// are only lock files are kept, without a note, so that the reader says what they are.
func SkipLocks(inputs []string) (kept, notes []string) {
	for _, in := range inputs {
		if k := watch.LockKind(filepath.Base(in)); k != "" {
			notes = append(notes, fmt.Sprintf("note: %s: skipped: %s, kept beside a workbook while it is open, not results", in, k))
			continue
		}
		kept = append(kept, in)
	}
	if len(kept) == 0 {
		return inputs, nil
	}
	return kept, notes
}
