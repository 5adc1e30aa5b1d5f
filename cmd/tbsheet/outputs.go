package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/writer"
)

// This file names the files a command writes and refuses, before anything is written, the
// names that would destroy something: an input, or another output of the same run.

// outputFile is one file a command writes.
type outputFile struct {
	path  string // the file's name, with what tells it apart from the others added
	flag  string // the -o value it comes from
	input string // the input it is written for, for messages
}

// describe says where a file's name comes from: "-o standings.pdf", or "-o standings.pdf
// writes standings-day1.pdf for day1.xlsx".
func (f outputFile) describe() string {
	s := "-o " + f.flag
	if f.path != f.flag {
		s += " writes " + f.path
		if f.input != "" {
			s += " for " + f.input
		}
	}
	return s
}

// checkOutputs refuses, before any input is read, an output named "-" and an output that is
// an input: tbsheet never writes to its inputs. [checkFiles] checks the final names.
func checkOutputs(inputs, outputs []string) error {
	for _, out := range outputs {
		if out == "-" {
			return usageErr("-o -: use --to json|csv|table to write to stdout")
		}
	}
	files := make([]outputFile, len(outputs))
	for i, out := range outputs {
		files[i] = outputFile{path: out, flag: out}
	}
	return checkFiles(inputs, files)
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

// checkFiles refuses, before anything is written, an output file that is one of the inputs
// (by name, or under another name: a symbolic or hard link to it) and two outputs that would
// be written to the same file (two -o of one name, two inputs whose names cannot be told
// apart). Names that differ only in case count as the same file, as they are on Windows and
// macOS.
func checkFiles(inputs []string, files []outputFile) error {
	seen := map[string]outputFile{}
	for _, f := range files {
		for _, in := range inputs {
			if !pipeline.SamePath(in, f.path) {
				continue
			}
			what := f.describe()
			if f.path != f.flag {
				what += ", which"
			}
			if filepath.Clean(in) == filepath.Clean(f.path) {
				return usageErr("%s is an input: tbsheet never writes to its inputs", what)
			}
			return usageErr("%s is the input %s under another name (a link to it): tbsheet never writes to its inputs", what, in)
		}
		key := strings.ToLower(pipeline.AbsPath(f.path))
		if g, ok := seen[key]; ok {
			return usageErr("%s and %s: two outputs would be written to the same file; give each its own name", g.describe(), f.describe())
		}
		seen[key] = f
	}
	return nil
}

// checkFolders refuses, before a watch starts, an output whose folder does not exist: every
// save would fail to write it, and the watch would say so on every save. It is an output
// that cannot be written (exit 3), as standings' own into a missing folder.
func checkFolders(outputs []string) error {
	for _, o := range outputs {
		dir := filepath.Dir(o)
		if isOutputFolder(o) {
			dir = o
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return outputErr(fmt.Errorf("%s: the folder %s does not exist: create it first, or write the output elsewhere", o, dir))
		}
	}
	return nil
}
