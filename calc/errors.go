package calc

import (
	"errors"
	"fmt"
	"strings"

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
