package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
)

// Exit codes: 0 ok; 1 bad input, and anything else that went wrong that is not one of the
// others (a watch that cannot go on, an internal error); 2 the command line itself (an
// unknown command, flag or value); 3 an output could not be written.
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
	// plain prints the error as "tbsheet: message", without the "nothing was written" of
	// bad input: a failure after the work began (a watch that cannot go on, a bug).
	plain bool
	// writesNothing marks the error of a command that never writes a file (explain): its bad
	// input is not followed by "nothing was written", which would suggest it could have.
	writesNothing bool
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErr marks a bad command line (exit 2).
func usageErr(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// inputErr marks bad input (exit 1); tbsheet.ErrorLists inside are printed one per line.
func inputErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitInput, err: err}
}

// failure marks an error that is none of bad input, bad usage or an output (exit 1): a
// watch that cannot go on, an internal error.
func failure(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitInput, err: err, plain: true}
}

// writesNothing marks err as the failure of a command that writes no file (explain).
func writesNothing(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		ee.writesNothing = true
	}
	return err
}

// outputErr marks an output that could not be written (exit 3).
func outputErr(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitOutput, err: err}
}

// guard wraps the run of cmd and of every command under it: an error the command did not
// classify is exit 1 (only cobra's own, about the command line, are usage errors), and a
// panic (a bug) is reported as an internal error, exit 1, without a Go stack trace.
func guard(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		guard(c)
	}
	run := cmd.RunE
	if run == nil {
		return
	}
	cmd.RunE = func(c *cobra.Command, a []string) (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = failure(fmt.Errorf("internal error in tbsheet (please report it with the input file): %v", p))
			}
		}()
		err = run(c, a)
		if err != nil && !errors.As(err, new(*exitError)) {
			err = failure(err)
		}
		return err
	}
}

// report prints err the way organizers read it, each input problem on its own line as
// "file: sheet!cell: message" (in a text file, followed by the line with a caret under the
// place), each other problem on a line of its own after "tbsheet: ", and returns the exit
// code.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	code := exitUsage // cobra's own errors (unknown command, flag or argument) are usage errors
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if code == exitInput && !ee.plain {
		list := tbsheet.Errors(err)
		for _, e := range list {
			fmt.Fprintln(stderr, tbsheet.PrintableMessage(e.Error()))
			if d := e.Detail(); d != "" {
				fmt.Fprintln(stderr, d)
			}
		}
		switch {
		case ee.writesNothing && len(list) > 1:
			fmt.Fprintf(stderr, "tbsheet: %d problems\n", len(list))
		case ee.writesNothing:
		case len(list) > 1:
			fmt.Fprintf(stderr, "tbsheet: %d problems; nothing was written\n", len(list))
		default:
			fmt.Fprintln(stderr, "tbsheet: nothing was written")
		}
		return code
	}
	for _, e := range joined(err) {
		fmt.Fprintln(stderr, "tbsheet: "+tbsheet.PrintableMessage(e.Error())) // a path or a cobra message may quote anything
	}
	if code == exitUsage {
		fmt.Fprintln(stderr, "Run 'tbsheet help' for usage.")
	}
	return code
}

// joined returns the errors err joins (several outputs that could not be written), or err.
func joined(err error) []error {
	var ee *exitError
	if errors.As(err, &ee) {
		err = ee.err
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
