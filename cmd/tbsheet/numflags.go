package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/suggest"
	"github.com/tbsheet/tbsheet/reader"
)

// This file declares the numeric flags. Each is declared with its range, and a value
// outside it is refused as the command line is read, before anything is read or written:
// "--max-live 4611686018427387904: use a whole number from 1 to 100000", exit 2. No numeric
// flag is declared otherwise (TestNumericFlagsHaveRanges walks every command's flags), so
// that a number too large for what it sizes can never reach a make, a cap or a loop.

// The ranges the flags share.
const (
	// maxRoundFlag is the largest round number a flag takes: the most rounds an input holds.
	maxRoundFlag = reader.MaxRounds
	// maxPlayersFlag is the largest number of players a flag takes (a top cut): the most
	// players an input holds.
	maxPlayersFlag = reader.MaxPlayers
	// minPoll and maxPoll bound --poll: a shorter interval spins over the inputs, a longer
	// one misses a round.
	minPoll, maxPoll = 100 * time.Millisecond, time.Hour
)

// rangeError is a flag's value outside its range; want says what the flag takes.
type rangeError struct{ want string }

func (e *rangeError) Error() string { return e.want }

// intValue is a whole-number flag with its range.
type intValue struct {
	p        *int
	min, max int
}

// intFlag declares a whole-number flag that takes min to max.
func intFlag(fs *pflag.FlagSet, p *int, name string, def, min, max int, usage string) {
	*p = def
	fs.Var(&intValue{p, min, max}, name, usage)
}

func (v *intValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return err // not a number: flagMessage says so
	}
	if err != nil || n < int64(v.min) || n > int64(v.max) {
		return &rangeError{fmt.Sprintf("use a whole number from %d to %d", v.min, v.max)}
	}
	*v.p = int(n)
	return nil
}

func (v *intValue) String() string { return strconv.Itoa(*v.p) }

// Type is "int", so that pflag's GetInt reads the flag.
func (v *intValue) Type() string { return "int" }

// uint64Value is a whole-number flag of 64 bits (a seed) with its range.
type uint64Value struct {
	p        *uint64
	min, max uint64
}

// uint64Flag declares a whole-number flag of 64 bits that takes min to max.
func uint64Flag(fs *pflag.FlagSet, p *uint64, name string, def, min, max uint64, usage string) {
	*p = def
	fs.Var(&uint64Value{p, min, max}, name, usage)
}

func (v *uint64Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return err
	}
	if err != nil || n < v.min || n > v.max {
		return &rangeError{fmt.Sprintf("use a whole number from %d to %d", v.min, v.max)}
	}
	*v.p = n
	return nil
}

func (v *uint64Value) String() string { return strconv.FormatUint(*v.p, 10) }

// Type is "uint64", so that pflag's GetUint64 reads the flag.
func (v *uint64Value) Type() string { return "uint64" }

// floatValue is a number flag with its range.
type floatValue struct {
	p        *float64
	min, max float64
}

// floatFlag declares a number flag that takes min to max.
func floatFlag(fs *pflag.FlagSet, p *float64, name string, def, min, max float64, usage string) {
	*p = def
	fs.Var(&floatValue{p, min, max}, name, usage)
}

func (v *floatValue) Set(s string) error {
	n, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return err
	}
	if err != nil || math.IsNaN(n) || n < v.min || n > v.max {
		return &rangeError{fmt.Sprintf("use a number from %g to %g", v.min, v.max)}
	}
	*v.p = n
	return nil
}

func (v *floatValue) String() string { return strconv.FormatFloat(*v.p, 'g', -1, 64) }

// Type is "float64", so that pflag's GetFloat64 reads the flag.
func (v *floatValue) Type() string { return "float64" }

// durationValue is a length-of-time flag with its range; 0, which turns off what the flag
// does, is always taken.
type durationValue struct {
	p        *time.Duration
	min, max time.Duration
}

// durationFlag declares a length-of-time flag that takes 0 (off) or min to max.
func durationFlag(fs *pflag.FlagSet, p *time.Duration, name string, def, min, max time.Duration, usage string) {
	*p = def
	fs.Var(&durationValue{p, min, max}, name, usage)
}

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d != 0 && (d < v.min || d > v.max) {
		return &rangeError{fmt.Sprintf("use 0 (off) or a time from %s to %s, such as 2s", shortDuration(v.min), shortDuration(v.max))}
	}
	*v.p = d
	return nil
}

func (v *durationValue) String() string { return v.p.String() }

// shortDuration writes d as a person would type it: 1h, not 1h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Type is "duration", so that pflag's GetDuration reads the flag.
func (v *durationValue) Type() string { return "duration" }

// rangedFlag reports whether a flag's value is one of the above: TestNumericFlagsHaveRanges
// refuses a numeric flag declared any other way.
func rangedFlag(f *pflag.Flag) bool {
	switch f.Value.(type) {
	case *intValue, *uint64Value, *floatValue, *durationValue:
		return true
	}
	return false
}

// flagMessage says what is wrong with a flag in the user's words: a value that is not a
// number ("--cut x") says so, not how Go failed to parse it, and one out of its range says
// what the flag takes.
func flagMessage(cmd *cobra.Command, err error) string {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return unknownFlagMessage(cmd, err)
	}
	name, value := bad.GetFlag().Name, tbsheet.Quote(bad.GetValue()) // cut short: a value can be a page long
	var (
		num *strconv.NumError
		out *rangeError
	)
	switch {
	case errors.As(err, &out):
		return fmt.Sprintf("--%s %s: %s", name, value, out.want)
	case errors.As(err, &num):
		what := "a whole number"
		if num.Func == "ParseFloat" {
			what = "a number"
		}
		return fmt.Sprintf("--%s %s: not %s", name, value, what)
	}
	return fmt.Sprintf("--%s %s: %v", name, value, errors.Unwrap(err))
}

// unknownFlagMessage names the command that has no such flag and the flag it likely meant
// ("standings has no flag --tiebreak; did you mean --tiebreaks?").
func unknownFlagMessage(cmd *cobra.Command, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err.Error()
	}
	var names []string
	add := func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	}
	cmd.Flags().VisitAll(add)
	cmd.InheritedFlags().VisitAll(add)
	msg := fmt.Sprintf("%s has no flag --%s", strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" "), name)
	if c := suggest.Closest(name, names, 2, nil); c != "" {
		msg += "; did you mean --" + c + "?"
	}
	return msg
}
