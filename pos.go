package tbsheet

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Pos is a place in an input file. It prints the way an organizer finds the place again:
//
//	results.xlsx: Round 3!C7     a workbook cell (Sheet set)
//	results.csv:7:3              a line and column of a text file (CSV, XML, TRF)
//	dump.json: matches[12]       a path inside a JSON document
type Pos struct {
	// File is the input file's name as the user gave it.
	File string
	// Sheet is the worksheet's name for workbooks, else "".
	Sheet string
	// Row is the 1-based row (workbook) or line (text file); 0 if unknown.
	Row int
	// Col is the 1-based column (workbook) or byte column (text file); 0 if unknown.
	Col int
	// Path locates the place in a tree-shaped input (JSON), when Row is unknown.
	Path string
}

// String formats the position as in the type's documentation. Parts that are unknown are
// left out.
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	switch {
	case p.Sheet != "":
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(p.Sheet)
		switch {
		case p.Row > 0 && p.Col > 0:
			b.WriteString("!" + CellName(p.Col, p.Row))
		case p.Row > 0:
			b.WriteString("!" + strconv.Itoa(p.Row) + ":" + strconv.Itoa(p.Row))
		}
	case p.Row > 0:
		b.WriteString(":" + strconv.Itoa(p.Row))
		if p.Col > 0 {
			b.WriteString(":" + strconv.Itoa(p.Col))
		}
	case p.Path != "":
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(p.Path)
	}
	return b.String()
}

// CellName returns a spreadsheet cell name ("C7") for a 1-based column and row.
func CellName(col, row int) string {
	return ColumnName(col) + strconv.Itoa(row)
}

// ColumnName returns a spreadsheet column name ("A", "Z", "AA") for a 1-based column.
func ColumnName(col int) string {
	var s []byte
	for col > 0 {
		col--
		s = append([]byte{byte('A' + col%26)}, s...)
		col /= 26
	}
	return string(s)
}

// Sentinel errors that callers can test for with errors.Is.
var (
	// ErrUnknownPlayer: a match names a player who is not registered.
	ErrUnknownPlayer = errors.New("unknown player")
	// ErrDuplicatePlayer: a player appears twice in one round.
	ErrDuplicatePlayer = errors.New("player appears twice in a round")
	// ErrSelfPairing: a player is paired against themselves.
	ErrSelfPairing = errors.New("player paired against themselves")
	// ErrGames: game counts that cannot happen (negative, or contradicting the result).
	ErrGames = errors.New("impossible game counts")
	// ErrResult: a result cell that tbsheet cannot read.
	ErrResult = errors.New("not a result")
	// ErrFormat: the file is not in the format it claims, or not a results file at all.
	ErrFormat = errors.New("not a results file")
)

// Error is one problem in an input, with its position. It prints as "pos: message", the
// message naming the offending text when there is one.
type Error struct {
	Pos Pos
	// Field is the column header the value sits under ("Result"), when known.
	Field string
	// Msg says what is wrong, in the organizer's words.
	Msg string
	// Err is the sentinel (or underlying error) this problem is an instance of; may be nil.
	Err error
}

// Errorf returns an *Error at pos wrapping kind, with a formatted message.
func Errorf(pos Pos, kind error, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// Error implements error.
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if p := e.Pos.String(); p != "" {
		return p + ": " + msg
	}
	return msg
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// ErrorList collects every problem of one input so that an organizer can fix them all in one
// pass. Its Error method is "first (and N more errors)", like go/scanner.ErrorList; print
// each element on its own line for users.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(e *Error) { *l = append(*l, e) }

// Addf appends an error built like [Errorf].
func (l *ErrorList) Addf(pos Pos, kind error, format string, args ...any) {
	l.Add(Errorf(pos, kind, format, args...))
}

// Error implements error.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list and the list otherwise, so that a function can end with
// `return ev, errs.Err()` without returning a non-nil interface holding an empty list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Unwrap returns the errors, so that errors.Is and errors.As look inside the list.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Errors flattens err into the list of positioned problems it holds: an ErrorList's elements,
// a single *Error, or (for any other error) one Error with no position.
func Errors(err error) ErrorList {
	if err == nil {
		return nil
	}
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return ErrorList{{Msg: err.Error(), Err: err}}
}
