package writer

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Format is one form a product takes: a file of an extension (-o NAME.ext), a form printed
// on the standard output (--to), or both.
type Format[T any] struct {
	// Ext is the file extension it is written to (".pdf"); "" for a form only printed.
	Ext string
	// To is the --to value that prints it ("table", "json", "csv"); "" for a file only.
	To string
	// BOM starts its files (not what is printed) with a UTF-8 byte order mark: Excel then
	// reads a CSV as UTF-8 instead of the local code page.
	BOM bool
	// Streamed writes its files straight into place instead of rendering them in memory
	// first: a large event's whole JSON document would double what the run needs.
	Streamed bool
	// Write writes doc in this form.
	Write func(w io.Writer, doc T, opt Options) error
}

// writeFile writes doc as a file of this form: the byte order mark, then the document.
func (f *Format[T]) writeFile(w io.Writer, doc T, opt Options) error {
	if f.BOM {
		if _, err := io.WriteString(w, UTF8BOM); err != nil {
			return err
		}
	}
	return f.Write(w, doc, opt)
}

// Product is a kind of document tbsheet writes (standings, pairings, a season's table …)
// and every form it takes. One table per product drives -o (the extensions a command
// accepts and how each is written), --to (what it prints), the help texts and the docs'
// list of outputs (TestOutputsDocumented).
type Product[T any] struct {
	// Name names the product in messages: "standings".
	Name string
	// Written says where it goes, before the list of extensions: "standings are written to".
	Written string
	// Formats are its forms, in the order the help lists them.
	Formats []Format[T]
}

// Exts lists the extensions the product is written to, in the order of its formats.
func (p *Product[T]) Exts() []string {
	var out []string
	for _, f := range p.Formats {
		if f.Ext != "" {
			out = append(out, f.Ext)
		}
	}
	return out
}

// Tos lists the --to values that print the product: "table" first, then the others in the
// order of its formats.
func (p *Product[T]) Tos() []string {
	var out []string
	for _, f := range p.Formats {
		switch {
		case f.To == "table":
			out = append([]string{f.To}, out...)
		case f.To != "":
			out = append(out, f.To)
		}
	}
	return out
}

// ToHelp is the help of a command's --to flag: "what goes to stdout: table, csv or json".
func (p *Product[T]) ToHelp() string {
	return "what goes to stdout: " + orList(p.Tos())
}

// CheckTo returns the error of a --to value the product cannot be printed as; "" (the
// command's default) is accepted.
func (p *Product[T]) CheckTo(to string) error {
	if to == "" || p.form(to) != nil {
		return nil
	}
	return fmt.Errorf("--to %q: use %s", to, orList(p.Tos()))
}

// CheckOutputs returns the error of the first output whose extension names none of the
// product's files: "s.docx: standings are written to .csv, …".
func (p *Product[T]) CheckOutputs(outputs []string) error {
	for _, o := range outputs {
		if _, err := p.file(o); err != nil {
			return err
		}
	}
	return nil
}

// file returns the format of path's extension.
func (p *Product[T]) file(path string) (*Format[T], error) {
	ext := strings.ToLower(filepath.Ext(path))
	for i := range p.Formats {
		if f := &p.Formats[i]; f.Ext != "" && f.Ext == ext {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%s: %s %s", path, p.Written, strings.Join(p.Exts(), ", "))
}

// form returns the format --to names, or nil.
func (p *Product[T]) form(to string) *Format[T] {
	for i := range p.Formats {
		if f := &p.Formats[i]; f.To != "" && f.To == to {
			return f
		}
	}
	return nil
}

// Render renders doc in memory as the file path names by its extension.
func (p *Product[T]) Render(path string, doc T, opt Options) ([]byte, error) {
	f, err := p.file(path)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.writeFile(&buf, doc, opt); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return buf.Bytes(), nil
}

// WriteFile writes doc to path in the format its extension names, atomically.
func (p *Product[T]) WriteFile(path string, doc T, opt Options) error {
	f, err := p.file(path)
	if err != nil {
		return err
	}
	return AtomicFile(path, func(w io.Writer) error { return f.writeFile(w, doc, opt) })
}

// Print prints docs on w in the form --to names ("" is "table"): tables one after the other
// with an empty line between them, JSON as a stream of documents.
func (p *Product[T]) Print(w io.Writer, to string, docs []T, opt Options) error {
	if to == "" {
		to = "table"
	}
	f := p.form(to)
	if f == nil {
		return p.CheckTo(to)
	}
	for i, doc := range docs {
		if i > 0 && to == "table" {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := f.Write(w, doc, opt); err != nil {
			return err
		}
	}
	return nil
}

// orList joins words as the help and the messages list choices: "table, csv or json".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
