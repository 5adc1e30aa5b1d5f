// Package watch reruns a job whenever one of its input files is saved: the engine behind
// `tbsheet watch`. It knows nothing about tiebreakers; the CLI supplies a [Job] that reads
// one input, computes the standings and writes every output, and watch decides when to call
// it and prints one line per recompute:
//
//	11:42:05 round 4 of 5 · 128 players · #1 Alice 12 pts · 3 changes in the top 8 · wrote standings.xlsx, standings.pdf
//
// Spreadsheet programs do not simply write a file: LibreOffice writes lu1848….tmp and
// renames it over the document, Excel writes an extensionless temporary (Cedd4100), deletes
// the original and renames the temporary into place, both keep lock files beside the
// document (.~lock.results.xlsx#, ~$results.xlsx), and other programs truncate and rewrite
// in place. So watch follows the recipe of libraries.md §B5:
//
//  1. It watches the parent folder, never the file (a rename-over removes a file watch), and
//     reacts to Create, Write, Rename and Remove events on the exact input names; Chmod is
//     ignored, and so are lock and temporary files and the job's own outputs
//     ([Config.Outputs]), so that writing the standings never triggers a recompute.
//  2. It waits until the events stop for [Config.Debounce] (each event restarts the wait),
//     250 ms by default: the low end of the 250–500 ms that keep the events of one save
//     (lock file, temporary file, rename) together, so that most of the 300 ms from a save
//     to the new standings is left to the recompute.
//  3. It reads the file once, checks that it did not change while being read and that a
//     workbook's zip is whole, and hands the bytes to the job. A file caught mid-write (or a
//     job that returns an error wrapping [ErrIncomplete]) is retried with backoff for
//     [Config.Settle] before the save counts as broken.
//  4. It skips a save whose bytes are those the current standings were computed from.
//  5. On fsnotify's overflow error it rescans; with [Config.Poll] it polls instead of using
//     events at all (network drives send none).
//
// A broken save never costs the last good standings: the job writes outputs only after
// everything is computed (see [Job]), and watch prints every problem, one per line in the
// same `file: sheet!cell: message` form as `tbsheet standings`, then waits for the next save.
package watch
