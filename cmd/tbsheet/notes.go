package main

import (
	"fmt"
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
)

// This file holds the notes: what the organizer should know about a run that is not an
// error (an encoding guessed, a sheet ignored, a drop inferred, a round left out, a match
// without a result, divisions written to separate files, the files written). They go to
// stderr in every mode, so that stdout holds only the standings (--to json, --to csv), one
// line each starting with "note: " or "wrote "; -q silences them. Errors always print.

// wroteNotes are the lines that list the files a run wrote, one each.
func wroteNotes(files []string) []string {
	var out []string
	for _, f := range files {
		out = append(out, "wrote "+f)
	}
	return out
}

// writeOutputs writes files rendered in memory (writer.WriteFiles) and adds a line to notes
// for each file written; a file that could not be written is an output error.
func writeOutputs(files []writer.File, notes *[]string) error {
	written, err := writer.WriteFiles(files)
	*notes = append(*notes, wroteNotes(written)...)
	return outputErr(err)
}

// printNotes prints notes, one per line, unless -q.
func (j *job) printNotes(w io.Writer, notes []string) {
	if !j.quiet {
		printLines(w, notes)
	}
}

// printLines prints lines for a terminal: text from an input in them (a name, a sheet's
// name) is shown as tbsheet.Printable shows it.
func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, tbsheet.Printable(l))
	}
}
