package calc

import "github.com/tbsheet/tbsheet/exact"

// Value is one tiebreak figure: an exact number, or n/a (a percentage over no opponents).
// The zero Value is n/a.
type Value struct {
	// Num is the exact value; meaningful only when OK is true.
	Num exact.Num
	// OK is false when the value is n/a.
	OK bool
}

// Known returns a Value holding n.
func Known(n exact.Num) Value { return Value{Num: n, OK: true} }

// NA is the n/a Value.
var NA = Value{}

// Cmp compares two values: n/a sorts below every number (docs/tiebreakers.md#decisions-where-the-rules-are-silent), and two
// n/a values are equal.
func (v Value) Cmp(w Value) int {
	switch {
	case !v.OK && !w.OK:
		return 0
	case !v.OK:
		return -1
	case !w.OK:
		return 1
	}
	return v.Num.Cmp(w.Num)
}

// Float returns the value as a float64 for JSON, or nil for n/a.
func (v Value) Float() *float64 {
	if !v.OK {
		return nil
	}
	f := v.Num.Float64()
	return &f
}
