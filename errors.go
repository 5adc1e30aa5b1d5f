package tbsheet

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Sentinel errors that callers can test for with errors.Is. Each problem a reader or
// [Event.Validate] reports wraps the one that says what kind of problem it is; the message
// says the rest, in the organizer's words.
var (
	// ErrFormat: the file is not in the format it claims, or not a results file at all (a
	// broken XML or JSON document, an unknown root element, a players list given as results).
	ErrFormat = errors.New("not a results file")
	// ErrTooLarge: the file is beyond what tbsheet reads (its size, lines, rows, players,
	// rounds, nesting): a hostile or mistaken file, never a real event.
	ErrTooLarge = errors.New("larger than any results file")
	// ErrColumns: a table's header lacks a column tbsheet needs, or names one twice.
	ErrColumns = errors.New("missing or repeated column")
	// ErrValue: a cell, field or attribute that tbsheet cannot read: empty where a value is
	// needed, not a number, round, rating or colour, an Excel error value, a formula without
	// a saved value.
	ErrValue = errors.New("unreadable value")
	// ErrResult: a result cell that tbsheet cannot read.
	ErrResult = errors.New("not a result")
	// ErrGames: game counts that cannot happen (negative, or contradicting the result).
	ErrGames = errors.New("impossible game counts")
	// ErrUnknownPlayer: a match names a player who is not registered.
	ErrUnknownPlayer = errors.New("unknown player")
	// ErrDuplicatePlayer: a player appears twice in one round, or twice on a players list.
	ErrDuplicatePlayer = errors.New("player appears twice in a round")
	// ErrSelfPairing: a player is paired against themselves.
	ErrSelfPairing = errors.New("player paired against themselves")
	// ErrDroppedPaired: a player is paired in a Swiss round after the round he dropped after.
	ErrDroppedPaired = errors.New("player paired after dropping")
	// ErrRounds: the rounds do not follow on: a round given twice, a round missing, a
	// playoff round before the end of the Swiss rounds.
	ErrRounds = errors.New("rounds missing, repeated or out of order")
	// ErrSelfCheck: the standings the input carries (the tournament software's own) differ
	// from tbsheet's (tbsheet standings --check).
	ErrSelfCheck = errors.New("differs from the input's own standings")
	// ErrTooMany marks the last entry of an [ErrorList] that reached [MaxErrors]: it counts
	// the problems left out.
	ErrTooMany = errors.New("too many errors")
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
	// Line is the text of the line the problem is on when the input is text (CSV, XML, JSON,
	// TRF), cut to a window around the place on a long line; "" for workbooks and problems
	// of a whole file. [Error.Detail] shows it with a caret. Set it with [Error.SetLine].
	Line string
	// Caret is the byte offset in Line of the place Pos.Col names, or −1 when the problem is
	// the whole line.
	Caret int

	// omitted counts the problems an ErrTooMany entry stands for.
	omitted int
}

// Errorf returns an *Error at pos wrapping kind, with a formatted message. The message is
// made printable ([PrintableMessage]): it may quote whatever an input holds, such as the bytes
// a decoder stopped at.
func Errorf(pos Pos, kind error, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: PrintableMessage(fmt.Sprintf(format, args...)), Err: kind}
}

// Error implements error.
func (e *Error) Error() string {
	msg := e.Msg
	switch {
	case e.omitted > 0:
		msg = fmt.Sprintf("%d more errors not shown: fix these first", e.omitted)
	case msg == "" && e.Err != nil:
		msg = e.Err.Error()
	}
	if p := e.Pos.String(); p != "" {
		return p + ": " + msg
	}
	return msg
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// A line longer than lineWidth characters is kept as a window of lineBefore characters
// before the caret and lineAfter from it (see SetLine).
const (
	lineWidth  = 100
	lineBefore = 60
	lineAfter  = 40
)

// SetLine records the line of text e is on, for [Error.Detail]: line without its line end,
// and at, the byte offset in line of the place Pos.Col names (−1 when the problem is the
// whole line). A long line (a minified JSON dump is one line) is kept as a window around at,
// its cut ends marked "…"; control characters and bidirectional controls are shown as
// [Printable] shows them (tabs stay, for the caret), so that a line never drives the terminal.
func (e *Error) SetLine(line string, at int) {
	at = min(at, len(line))
	for at > 0 && at < len(line) && !utf8.RuneStart(line[at]) {
		at-- // a column inside a character points at the character
	}
	if utf8.RuneCountInString(line) > lineWidth {
		start, end := max(at, 0), max(at, 0)
		for n := 0; n < lineBefore && start > 0; n++ {
			_, size := utf8.DecodeLastRuneInString(line[:start])
			start -= size
		}
		for n := 0; n < lineAfter+lineBefore-(utf8.RuneCountInString(line[start:max(at, 0)])) && end < len(line); n++ {
			_, size := utf8.DecodeRuneInString(line[end:])
			end += size
		}
		cut := line[start:end]
		if at >= 0 {
			at -= start
		}
		if start > 0 {
			cut = "…" + cut
			if at >= 0 {
				at += len("…")
			}
		}
		if end < len(line) {
			cut += "…"
		}
		line = cut
	}
	e.Line, e.Caret = printableLine(line, at)
}

// printableLine is Printable for a line shown under a message, keeping tabs; at, a byte
// offset in line (or −1), moves with the text.
func printableLine(line string, at int) (string, int) {
	if utf8.ValidString(line) && !strings.ContainsFunc(line, func(r rune) bool { return r != '\t' && printableRune(r) != r }) {
		return line, at
	}
	var b strings.Builder
	moved := at
	for i, r := range line {
		if i == at {
			moved = b.Len()
		}
		if r != '\t' {
			r = printableRune(r)
		}
		b.WriteRune(r)
	}
	if at >= len(line) {
		moved = b.Len()
	}
	return b.String(), moved
}

// Detail shows where the problem is in a text input, as GoAWK's showSourceLine does: the
// line, indented, and under it a caret at the place (tabs kept as tabs, East Asian wide
// characters counted as two columns, so that the caret lines up in a terminal). It returns ""
// when e has no Line.
//
//	3,2,Carol,Dave,2:1?
//	               ^
func (e *Error) Detail() string {
	if strings.TrimSpace(e.Line) == "" {
		return ""
	}
	const indent = "    "
	out := indent + e.Line
	if e.Caret < 0 || e.Caret > len(e.Line) {
		return out
	}
	var pad strings.Builder
	for _, r := range e.Line[:e.Caret] {
		switch {
		case r == '\t':
			pad.WriteByte('\t')
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			pad.WriteString("  ")
		default:
			pad.WriteByte(' ')
		}
	}
	return out + "\n" + indent + pad.String() + "^"
}

// MaxErrors is the most problems an [ErrorList] holds: past it, [ErrorList.Add] only counts
// them, so that a file broken on every row gives a screen of problems to fix first, not a
// hundred thousand.
const MaxErrors = 100

// ErrorList collects every problem of one input so that an organizer can fix them all in one
// pass. Its Error method is "first (and N more errors)", like go/scanner.ErrorList; print
// each element on its own line for users. It holds at most MaxErrors problems and then one
// last entry wrapping ErrTooMany that counts the others.
type ErrorList []*Error

// Add appends an error, or counts it once the list holds MaxErrors.
func (l *ErrorList) Add(e *Error) {
	if e.omitted > 0 { // another list's count of what it left out
		l.omit(e.Pos.File, e.omitted)
		return
	}
	if len(*l) >= MaxErrors {
		l.omit(e.Pos.File, 1)
		return
	}
	if n := len(*l); n > 0 && (*l)[n-1].omitted > 0 {
		// A list that counts omissions already is full: keep the count last.
		(*l)[n-1].omitted++
		return
	}
	*l = append(*l, e)
}

// omit counts n problems left out, in the list's last entry.
func (l *ErrorList) omit(file string, n int) {
	if k := len(*l); k > 0 && (*l)[k-1].omitted > 0 {
		(*l)[k-1].omitted += n
		return
	}
	*l = append(*l, &Error{Pos: Pos{File: file}, Err: ErrTooMany, omitted: n})
}

// Addf appends an error built like [Errorf].
func (l *ErrorList) Addf(pos Pos, kind error, format string, args ...any) {
	l.Add(Errorf(pos, kind, format, args...))
}

// AddAll appends every error of other, as Add does.
func (l *ErrorList) AddAll(other ErrorList) {
	for _, e := range other {
		l.Add(e)
	}
}

// Full reports whether the list holds MaxErrors problems: further ones are only counted, so
// a reader may skip the work of describing them (a "did you mean").
func (l ErrorList) Full() bool { return len(l) >= MaxErrors }

// Sort orders the list the way an organizer fixes an input, top to bottom: file by file (in
// the order they first appear), then sheet by sheet in the order sheets gives (a workbook's
// sheets as read; other sheets after them, in the order they first appear, and problems of a
// whole workbook last), then line by line (or row by row) and column by column. Problems
// without a line (a JSON path, a whole sheet or file) come after those with one, in the order
// they were found; the count of problems left out stays last.
func (l ErrorList) Sort(sheets ...string) {
	files, others := map[string]int{}, map[string]int{}
	for _, e := range l {
		if _, ok := files[e.Pos.File]; !ok {
			files[e.Pos.File] = len(files)
		}
		if s := e.Pos.Sheet; s != "" && !slices.Contains(sheets, s) {
			if _, ok := others[s]; !ok {
				others[s] = len(others)
			}
		}
	}
	const last = int(^uint(0) >> 1)
	sheetRank := func(s string) int {
		if i := slices.Index(sheets, s); i >= 0 {
			return i
		}
		if s == "" {
			return last
		}
		return len(sheets) + others[s]
	}
	key := func(e *Error) [5]int {
		if e.omitted > 0 {
			return [5]int{last}
		}
		row := e.Pos.Row
		if row == 0 {
			row = last
		}
		return [5]int{0, files[e.Pos.File], sheetRank(e.Pos.Sheet), row, e.Pos.Col}
	}
	slices.SortStableFunc(l, func(a, b *Error) int {
		ka, kb := key(a), key(b)
		return slices.Compare(ka[:], kb[:])
	})
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
	return ErrorList{{Msg: PrintableMessage(err.Error()), Err: err}}
}
