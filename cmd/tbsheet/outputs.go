package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/writer"
)

// checkOutputs refuses, before any input is read, an output named "-" and an output that is
// an input (pipeline.CheckOutputs): a usage error.
func checkOutputs(inputs, outputs []string) error {
	return jobErr(pipeline.CheckOutputs(inputs, outputs))
}

// checkProduct refuses, before any input is read, a --to the product cannot be printed as
// ("" is the command's default) and an output whose extension names none of its files:
// "s.docx: standings are written to .csv, …".
func checkProduct[T any](p *writer.Product[T], to string, outputs []string) error {
	if err := p.CheckTo(to); err != nil {
		return usageErr("%v", err)
	}
	if err := p.CheckOutputs(outputs); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// checkFiles refuses, before anything is written, an output file that is an input or
// another output (pipeline.CheckNames): a usage error.
func checkFiles(inputs []string, files []pipeline.Named) error {
	return jobErr(pipeline.CheckNames(inputs, files))
}

// checkFolders refuses, before a watch starts, an output whose folder does not exist: every
// save would fail to write it, and the watch would say so on every save. It is an output
// that cannot be written (exit 3), as standings' own into a missing folder.
func checkFolders(outputs []string) error {
	for _, o := range outputs {
		dir := filepath.Dir(o)
		if pipeline.IsOutputFolder(o) {
			dir = o
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return outputErr(fmt.Errorf("%s: the folder %s does not exist: create it first, or write the output elsewhere", o, dir))
		}
	}
	return nil
}
