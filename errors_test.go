package tbsheet

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorListCap: a list keeps MaxErrors problems and counts the rest in one last entry,
// also when lists are merged.
func TestErrorListCap(t *testing.T) {
	var l ErrorList
	for i := range MaxErrors + 7 {
		l.Addf(Pos{File: "r.csv", Row: i + 1}, ErrValue, "bad %d", i)
	}
	if len(l) != MaxErrors+1 {
		t.Fatalf("%d entries, want %d", len(l), MaxErrors+1)
	}
	last := l[MaxErrors]
	if !errors.Is(last, ErrTooMany) || last.Error() != "r.csv: 7 more errors not shown: fix these first" {
		t.Errorf("last entry %q", last)
	}
	var merged ErrorList
	merged.Addf(Pos{File: "r.csv", Row: 1}, ErrValue, "first")
	merged.AddAll(l)
	if len(merged) != MaxErrors+1 || merged[MaxErrors].Error() != "r.csv: 8 more errors not shown: fix these first" {
		t.Errorf("merged: %d entries, last %q", len(merged), merged[len(merged)-1])
	}
	if !merged.Full() || (ErrorList{}).Full() {
		t.Error("Full")
	}
}

// TestErrorListSort: file by file, sheets in the order given (others after, whole-workbook
// problems last), rows and columns in order, problems without a line after those with one,
// the count of omitted problems last.
func TestErrorListSort(t *testing.T) {
	at := func(file, sheet string, row, col int) *Error {
		return &Error{Pos: Pos{File: file, Sheet: sheet, Row: row, Col: col}, Msg: "m"}
	}
	var l ErrorList
	for _, e := range []*Error{
		at("b.xlsx", "", 0, 0), at("b.xlsx", "Round 2", 3, 1), at("b.xlsx", "Notes", 1, 1),
		at("b.xlsx", "Round 1", 0, 0), at("b.xlsx", "Round 1", 4, 2), at("b.xlsx", "Round 1", 4, 1),
		at("a.csv", "", 7, 1), at("a.csv", "", 0, 0), at("a.csv", "", 2, 5),
	} {
		l.Add(e)
	}
	l.omit("b.xlsx", 3)
	l.Sort("Players", "Round 1", "Round 2")
	var got []string
	for _, e := range l {
		got = append(got, e.Pos.String())
	}
	want := "b.xlsx: Round 1!A4, b.xlsx: Round 1!B4, b.xlsx: Round 1, b.xlsx: Round 2!A3, b.xlsx: Notes!A1, b.xlsx, " +
		"a.csv:2:5, a.csv:7:1, a.csv, b.xlsx"
	if s := strings.Join(got, ", "); s != want {
		t.Errorf("sorted:\n %s\nwant\n %s", s, want)
	}
}

// TestErrorDetail: the line of a text input under the message, a caret under the place;
// tabs kept, wide characters counted twice, a long line cut to a window around the place.
func TestErrorDetail(t *testing.T) {
	long := strings.Repeat("a", 150) + "X" + strings.Repeat("b", 150)
	for _, tt := range []struct {
		name, line string
		at         int
		want       string
	}{
		{"csv", "1,2,Carol,Dave,2:1?", 15, "    1,2,Carol,Dave,2:1?\n                   ^"},
		{"tab", "1\tCarol\tx", 8, "    1\tCarol\tx\n     \t     \t^"},
		{"wide", "1,王小明,x", 12, "    1,王小明,x\n" + strings.Repeat(" ", 4+9) + "^"},
		{"whole line", "1,2,Carol", -1, "    1,2,Carol"},
		{"past the end", "1,2", 9, "    1,2\n       ^"},
		{"inside a character", "王x", 1, "    王x\n    ^"},
		{"long", long, 150, "    …" + strings.Repeat("a", 60) + "X" + strings.Repeat("b", 39) + "…\n" +
			strings.Repeat(" ", 65) + "^"},
		{"blank", "   ", 1, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := &Error{Pos: Pos{File: "r.csv", Row: 3, Col: tt.at + 1}, Msg: "m"}
			e.SetLine(tt.line, tt.at)
			if got := e.Detail(); got != tt.want {
				t.Errorf("Detail() =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
	if d := (&Error{Msg: "m"}).Detail(); d != "" {
		t.Errorf("no line: %q", d)
	}
}

// TestSentinels: every kind of problem is told apart by its own sentinel.
func TestSentinels(t *testing.T) {
	kinds := []error{ErrFormat, ErrTooLarge, ErrColumns, ErrValue, ErrResult, ErrGames, ErrUnknownPlayer,
		ErrDuplicatePlayer, ErrSelfPairing, ErrDroppedPaired, ErrRounds, ErrSelfCheck, ErrTooMany}
	for i, a := range kinds {
		for j, b := range kinds {
			if (i == j) != errors.Is(Errorf(Pos{}, a, "x"), b) {
				t.Errorf("%v is %v: %v", a, b, i != j)
			}
		}
	}
	ev := &Event{Players: []Player{{Name: "A", DroppedAfter: 1}, {Name: "B"}}, Rounds: []Round{
		{Number: 1, Matches: []Match{{P1: 0, P2: 1, Result: Win}}},
		{Number: 2, Matches: []Match{{P1: 0, P2: 1, Result: Win}}},
		{Number: 2},
	}}
	errs := ev.Validate()
	for _, want := range []error{ErrDroppedPaired, ErrRounds} {
		if !errors.Is(errs, want) {
			t.Errorf("Validate: %v, want one %v", errs, want)
		}
	}
}
