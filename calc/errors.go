package calc

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/suggest"
)

// ErrUsage is the sentinel that every [UsageError] wraps: errors.Is(err, calc.ErrUsage)
// tells the CLI that the user asked for something that does not exist (exit code 2), as
// opposed to an input file that is wrong (exit code 1).
var ErrUsage = errors.New("bad usage")

// UsageError is an option calc cannot honour: an unknown tiebreak id or system name, a
// malformed setting. Its message names the offending text and lists the valid choices.
type UsageError struct {
	Msg string
}

// Error implements error.
func (e *UsageError) Error() string { return e.Msg }

// Unwrap returns ErrUsage.
func (e *UsageError) Unwrap() error { return ErrUsage }

// unknownName returns the UsageError for an unknown name among valid ones, with a
// suggestion when one valid name is close: `unknown tiebreak "mtg-omv" (did you mean
// "mtg-omw"?); valid: points, match-wins, …`.
func unknownName(what, name string, valid []string) error {
	msg := fmt.Sprintf("unknown %s %q", what, name)
	if best := suggest.Closest(strings.ToLower(name), valid, 2, nil); best != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", best)
	}
	return &UsageError{Msg: msg + "; valid: " + strings.Join(valid, ", ")}
}

// usagef returns a *UsageError with a formatted message.
func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// inputSetting turns the error about a setting the input itself makes (a workbook's Event
// sheet names its system) into a problem in the input at the setting's place (at, or the
// file when the input gives none): the fix is in the file, not on the command line. field
// is the setting's name.
func inputSetting(ev *tbsheet.Event, at tbsheet.Pos, field string, err error) error {
	if at.File == "" {
		at.File = ev.Source
	}
	e := tbsheet.Errorf(at, tbsheet.ErrValue, "%s: %v", field, err)
	e.Field = field
	return e
}
