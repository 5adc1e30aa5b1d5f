// Command tbsheet reads Swiss-tournament results (hand-kept workbooks and the files of
// tournament software: `tbsheet help` lists the formats), computes every tiebreaker exactly
// as each system defines it, and writes standings to the terminal and to files. Run
// `tbsheet help` for the commands.
//
// This package is only flags and wiring: reading is package reader, arithmetic package calc,
// output package writer, and watching package watch.
package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"
)

// main leaves the garbage collector at its default pace (GOGC=100) for every command, the
// one-shot ones (standings, convert, pairings, scenarios) included. Collecting less was
// measured on whole CSV → JSON runs: the heap then grows onto fresh pages, whose page faults
// cost more CPU than the marking saved (16,384 players × 12 rounds: 780 ms at the default,
// 870 with GOGC=400, 960 without collecting; 4,096 players: 244 and 281 ms), and collecting
// more often (GOGC=25 or 50) costs more in marking than the few faults it saves.
func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the process exit code (see exit.go).
func run(args []string, stdout, stderr io.Writer) int {
	return execute(newRoot(stdout, stderr), args, stderr)
}

// execute runs a command tree on a command line and returns the exit code.
func execute(root *cobra.Command, args []string, stderr io.Writer) int {
	guard(root)
	root.SetArgs(args)
	return report(root.Execute(), stderr)
}
