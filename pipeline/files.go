package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// Sourced is one standings and the input it comes from.
type Sourced struct {
	Input     string
	Standings *calc.Standings
}

// File is one standings output file: its name, the output (-o) it is named after, the input
// its standings come from, and the standings.
type File struct {
	Named
	Standings *calc.Standings
}

// Files names the file each standings gets for each output: the output's name when there is
// one standings, else that name with what tells the standings apart: the input's name when
// there are several inputs (see [InputTags]), the division's when the input has several
// (standings-masters.pdf). It also returns the note that says so for divisions.
func Files(inputs, outputs []string, all []Sourced) (files []File, notes []string) {
	tags := InputTags(inputs)
	for _, out := range outputs {
		for _, s := range all {
			f := File{Named: Named{Path: out, Output: out, Input: s.Input}, Standings: s.Standings}
			if len(all) > 1 {
				var tag []string
				if len(inputs) > 1 {
					tag = append(tag, tags[s.Input])
				}
				if s.Standings.Event.Pod != "" {
					tag = append(tag, s.Standings.Event.Pod)
				}
				f.Path = WithTag(out, strings.Join(tag, " "))
			}
			files = append(files, f)
		}
	}
	if len(outputs) > 0 {
		pods := map[string][]string{}
		for _, s := range all {
			if s.Standings.Event.Pod != "" {
				pods[s.Input] = append(pods[s.Input], s.Standings.Event.Pod)
			}
		}
		for _, in := range inputs {
			if p := pods[in]; len(p) > 1 {
				notes = append(notes, fmt.Sprintf("note: %s holds %d divisions (%s): each is written to its own file",
					in, len(p), strings.Join(p, ", ")))
			}
		}
	}
	return files, notes
}

// Render renders every file in memory, concurrently, and writes nothing: the caller writes
// them together (writer.RenderedFiles.Write) once it is sure (watch renders while the save
// settles).
func (j *Job) Render(files []File) *writer.RenderedFiles[*calc.Standings] {
	var sfs []writer.DocFile[*calc.Standings]
	for _, f := range files {
		sfs = append(sfs, writer.DocFile[*calc.Standings]{Path: f.Path, Doc: f.Standings})
	}
	return standingsheet.Standings.RenderFiles(sfs, j.WriteOpt)
}

// InputTags names each input in the names of its outputs when one run writes for several:
// its file name without the extension (standings-day1.pdf for day1.xlsx), preceded by as
// many of its folders as it takes to tell it from another input of the same name
// (standings-sat-results.pdf and standings-sun-results.pdf for sat/results.xlsx and
// sun/results.xlsx), followed by its extension when that tells them apart (results-csv,
// results-xlsx). An input given twice keeps one tag, and the command refuses the outputs
// that then collide.
func InputTags(inputs []string) map[string]string {
	type name struct {
		parts []string // the absolute path's folders, then the file name without extension
		ext   string
		abs   string
		depth int // how many of parts the tag takes
		full  bool
	}
	names := map[string]*name{}
	for _, in := range inputs {
		if in == reader.Stdin { // standings-stdin.pdf
			names[in] = &name{parts: []string{reader.InputName(in)}, abs: in, depth: 1}
			continue
		}
		abs := AbsPath(in)
		ext := filepath.Ext(abs)
		var parts []string
		for _, p := range strings.Split(filepath.ToSlash(filepath.Dir(abs)), "/") {
			if p != "" {
				parts = append(parts, p)
			}
		}
		parts = append(parts, strings.TrimSuffix(filepath.Base(abs), ext))
		names[in] = &name{parts: parts, ext: strings.TrimPrefix(ext, "."), abs: abs, depth: 1}
	}
	tag := func(n *name) string {
		t := strings.Join(n.parts[len(n.parts)-n.depth:], "-")
		if n.full && n.ext != "" {
			t += "-" + n.ext
		}
		return t
	}
	for grew := true; grew; {
		grew = false
		groups := map[string][]*name{}
		for _, in := range inputs {
			n := names[in]
			k := strings.ToLower(tag(n))
			groups[k] = append(groups[k], n)
		}
		for _, g := range groups {
			distinct, exts := false, false
			for _, n := range g {
				distinct = distinct || n.abs != g[0].abs
				exts = exts || !strings.EqualFold(n.ext, g[0].ext)
			}
			for _, n := range g {
				switch {
				case !distinct:
				case exts && !n.full:
					n.full, grew = true, true
				case n.depth < len(n.parts):
					n.depth, grew = n.depth+1, true
				}
			}
		}
	}
	tags := map[string]string{}
	for in, n := range names {
		tags[in] = tag(n)
	}
	return tags
}

// WithTag inserts a tag before a file name's extension: ("out.pdf", "Day 1") → out-day-1.pdf.
func WithTag(name, tag string) string {
	tag = strings.ToLower(strings.Join(strings.Fields(tag), "-"))
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + tag + ext
}

// AbsPath is p made absolute, or only cleaned when the working folder is gone: the name two
// mentions of one file share, for comparing inputs and outputs.
func AbsPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}
