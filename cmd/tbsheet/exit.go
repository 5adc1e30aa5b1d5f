package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/tbsheet/tbsheet"
)

// Exit codes (cli.md): 0 ok; 1 bad input; 2 bad usage; 3 an output could not be written.
const (
	exitOK     = 0
	exitInput  = 1
	exitUsage  = 2
	exitOutput = 3
)

// exitError carries the exit code a failure maps to.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErr marks a bad command line (exit 2).
func usageErr(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

// inputErr marks bad input (exit 1); tbsheet.ErrorLists inside are printed one per line.
func inputErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{exitInput, err}
}

// outputErr marks an output that could not be written (exit 3).
func outputErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{exitOutput, err}
}

// report prints err the way organizers read it, each input problem on its own line as
// "file: sheet!cell: message" (in a text file, followed by the line with a caret under the
// place), and returns the exit code.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	code := exitUsage // cobra's own errors (unknown flag, missing argument) are usage errors
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if code == exitInput {
		list := tbsheet.Errors(err)
		for _, e := range list {
			fmt.Fprintln(stderr, e.Error())
			if d := e.Detail(); d != "" {
				fmt.Fprintln(stderr, d)
			}
		}
		if len(list) > 1 {
			fmt.Fprintf(stderr, "tbsheet: %d problems; nothing was written\n", len(list))
		} else {
			fmt.Fprintln(stderr, "tbsheet: nothing was written")
		}
		return code
	}
	fmt.Fprintln(stderr, "tbsheet: "+err.Error())
	if code == exitUsage {
		fmt.Fprintln(stderr, "Run 'tbsheet help' for usage.")
	}
	return code
}
