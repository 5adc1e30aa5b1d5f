// Package watch reruns a job whenever one of its input files is saved: the engine behind
// `tbsheet watch`. It knows nothing about tiebreakers; the CLI supplies a [Job] that reads
// one input, computes the standings and renders every output in memory, returning a
// [Prepared] whose Commit writes them. watch decides when to run the job and when to commit,
// and prints one line per save:
//
//	11:42:05 round 4 of 5 · 128 players · #1 Alice 12 pts · 3 changes in the top 8 · wrote standings.xlsx, standings.pdf
//
// Spreadsheet programs do not simply write a file: LibreOffice writes lu1848….tmp and
// renames it over the document, Excel writes an extensionless temporary (Cedd4100), deletes
// the original and renames the temporary into place, both keep lock files beside the
// document (.~lock.results.xlsx#, ~$results.xlsx), and other programs truncate and rewrite
// in place. So watch follows this recipe:
//
//  1. It watches the parent folder, never the file (a rename-over removes a file watch), and
//     reacts to Create, Write, Rename and Remove events on the exact input names; Chmod is
//     ignored, and so are lock and temporary files and the job's own outputs
//     ([Config.Outputs]), so that writing the standings never triggers a recompute.
//  2. It waits until the events stop for [Config.Debounce] (each event restarts the wait),
//     250 ms by default: the low end of the 250–500 ms that keep the events of one save
//     (lock file, temporary file, rename) together. Only then does the save count as
//     settled, and only then are outputs written: one save, one set of outputs, one line.
//  3. The recompute does not wait for the debounce: once the events have stopped for
//     [Config.Lead] (50 ms), watch reads the file and runs the job ahead, in the background,
//     while the debounce goes on; a new event cancels that run (its context) and starts
//     over. When the save settles, watch reads the file again: if it holds the very bytes
//     the run ahead read (same SHA-256), that run's result is the save's, and watch commits
//     it (or reports its problems); otherwise (the run ahead could not read the file, or the
//     bytes changed) it runs the job then, as it would without running ahead. So the outputs
//     of a save are written about max(Debounce, Lead + the job's time) after it: 250 ms for
//     a job under 200 ms, where running the job after the debounce would add its time.
//  4. Every read checks that the file did not change while being read and that a workbook's
//     zip is whole, and hands the bytes to the job. A file caught mid-write (or a job that
//     returns an error wrapping [ErrIncomplete]) at the settled read is retried with backoff
//     for [Config.Settle] before the save counts as broken; at the read ahead it is left to
//     the settled read.
//  5. It skips a save whose bytes are those the current standings were computed from.
//  6. On fsnotify's overflow error it rescans; with [Config.Poll] it polls instead of using
//     events at all (network drives send none).
//
// A broken save never costs the last good standings: the job writes nothing (see [Job]),
// watch commits only the result of a settled save whose bytes it computed, and it prints
// every problem, one per line in the same `file: sheet!cell: message` form as `tbsheet
// standings`, then waits for the next save. A run ahead that fails on a file still being
// written is never reported: only what the file holds once the save settled is.
package watch
