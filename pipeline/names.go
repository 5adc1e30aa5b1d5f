package pipeline

import (
	"path/filepath"
	"strings"
)

// This file names the files a command writes and refuses, before anything is written, the
// names that would destroy something: an input, or another output of the same run.

// Named is one file a command writes: its name, the output (-o) it is named after (the
// name with what tells it apart from the others added), and the input it is written for,
// for messages.
type Named struct {
	Path, Output, Input string
}

// Describe says where a file's name comes from: "-o standings.pdf", or "-o standings.pdf
// writes standings-day1.pdf for day1.xlsx".
func (f Named) Describe() string {
	s := "-o " + f.Output
	if f.Path != f.Output {
		s += " writes " + f.Path
		if f.Input != "" {
			s += " for " + f.Input
		}
	}
	return s
}

// named is the Named of a file that embeds it (File, RoundFile).
func (f Named) named() Named { return f }

// Names are the names of files (File, RoundFile), for [CheckNames].
func Names[T interface{ named() Named }](files []T) []Named {
	out := make([]Named, len(files))
	for i, f := range files {
		out[i] = f.named()
	}
	return out
}

// Plain are outputs named as given, each its own output.
func Plain(outputs []string) []Named {
	var out []Named
	for _, o := range outputs {
		out = append(out, Named{Path: o, Output: o})
	}
	return out
}

// CheckOutputs refuses, before any input is read, an output named "-" and an output that
// is an input: tbsheet never writes to its inputs. [CheckNames] checks the final names.
// Each is a usage error.
func CheckOutputs(inputs, outputs []string) error {
	for _, out := range outputs {
		if out == "-" {
			return usagef("-o -: use --to json|csv|table to write to stdout")
		}
	}
	return CheckNames(inputs, Plain(outputs))
}

// CheckNames refuses, before anything is written, an output file that is one of the inputs
// (by name, or under another name: a symbolic or hard link to it) and two outputs that would
// be written to the same file (two -o of one name, two inputs whose names cannot be told
// apart). Names that differ only in case count as the same file, as they are on Windows and
// macOS. Each is a usage error.
func CheckNames(inputs []string, files []Named) error {
	seen := map[string]Named{}
	for _, f := range files {
		for _, in := range inputs {
			if !SamePath(in, f.Path) {
				continue
			}
			what := f.Describe()
			if f.Path != f.Output {
				what += ", which"
			}
			if filepath.Clean(in) == filepath.Clean(f.Path) {
				return usagef("%s is an input: tbsheet never writes to its inputs", what)
			}
			return usagef("%s is the input %s under another name (a link to it): tbsheet never writes to its inputs", what, in)
		}
		key := strings.ToLower(AbsPath(f.Path))
		if g, ok := seen[key]; ok {
			return usagef("%s and %s: two outputs would be written to the same file; give each its own name", g.Describe(), f.Describe())
		}
		seen[key] = f
	}
	return nil
}
