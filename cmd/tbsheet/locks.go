package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/tbsheet/tbsheet/watch"
)

// skipLocks leaves out of inputs the lock files a spreadsheet program keeps beside an open
// workbook (~$results.xlsx, .~lock.results.xlsx#), which a shell's *.xlsx matches: they are
// not results. Each is named in a note, unless quiet; an input that is only lock files keeps
// them, so that the reader says what they are.
func skipLocks(inputs []string, w io.Writer, quiet bool) []string {
	var kept, notes []string
	for _, in := range inputs {
		if k := watch.LockKind(filepath.Base(in)); k != "" {
			notes = append(notes, fmt.Sprintf("note: %s: skipped: %s, kept beside a workbook while it is open, not results", in, k))
			continue
		}
		kept = append(kept, in)
	}
	if len(kept) == 0 {
		return inputs
	}
	if !quiet {
		printLines(w, notes)
	}
	return kept
}
