package main

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
)

// This file refuses, before anything is read, an output that is a file the command reads
// besides its inputs: the players list, the template, the font, or the file standard input
// (-) reads. checkFiles refuses the inputs themselves.

// readFlags name the files a command reads besides its inputs.
var readFlags = []string{"players", "template", "font"}

// outputAnnotation marks the flags that name files a command writes (-o, --slips, watch's
// --scenarios, --pairings and --season).
const outputAnnotation = "tbsheet-output"

// markOutputs marks the named flags of fs as naming files the command writes.
func markOutputs(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		if err := fs.SetAnnotation(n, outputAnnotation, []string{"true"}); err != nil {
			panic(err) // a flag name misspelt here: a bug
		}
	}
}

// checkReads refuses an output that is a file the command reads: by name, or through a link
// to it, or the file given on standard input.
func checkReads(cmd *cobra.Command, inputs []string) error {
	var outputs []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if _, ok := f.Annotations[outputAnnotation]; !ok || !f.Changed {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			outputs = append(outputs, sv.GetSlice()...)
		} else if v := f.Value.String(); v != "" {
			outputs = append(outputs, v)
		}
	})
	for _, out := range outputs {
		for _, name := range readFlags {
			f := cmd.Flags().Lookup(name)
			if f == nil || f.Value.String() == "" || f.Value.String() == reader.Stdin || !pipeline.SamePath(f.Value.String(), out) {
				continue
			}
			if samePathName(f.Value.String(), out) {
				return usageErr("-o %s is the file --%s reads: tbsheet never writes to the files it reads", out, name)
			}
			return usageErr("-o %s is %s, the file --%s reads, under another name (a link to it): tbsheet never writes to the files it reads",
				out, f.Value.String(), name)
		}
		if stdinIs(inputs, cmd, out) {
			return usageErr("-o %s is the file standard input (-) reads: tbsheet never writes to its inputs", out)
		}
	}
	return nil
}

// samePathName reports whether a and b are one name for a file, not two names of it.
func samePathName(a, b string) bool { return pipeline.AbsPath(a) == pipeline.AbsPath(b) }

// stdinIs reports whether the command reads standard input (as an input or the players
// list) and standard input is the file out names (tbsheet standings - < r.csv -o r.csv).
func stdinIs(inputs []string, cmd *cobra.Command, out string) bool {
	reads := false
	for _, in := range inputs {
		reads = reads || in == reader.Stdin
	}
	if f := cmd.Flags().Lookup("players"); f != nil && f.Value.String() == reader.Stdin {
		reads = true
	}
	if !reads {
		return false
	}
	in, err := os.Stdin.Stat()
	if err != nil || !in.Mode().IsRegular() {
		return false
	}
	o, err := os.Stat(out)
	return err == nil && os.SameFile(in, o)
}
