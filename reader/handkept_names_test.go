package reader

import (
	"strings"
	"testing"
)

// singleSpacedCases are names as typed, spaced every way singleSpaced must tidy or keep.
var singleSpacedCases = []string{"", " ", "Ann", "Ann Lee", " Ann Lee", "Ann Lee ", "Ann  Lee", "Ann\tLee",
	"Ann\nLee", "Ann\r\nLee", "Ann\vLee", "Ann\fLee", "Ann\u00a0Lee", "王\u3000伟", "Ann\u0085Lee", "a b c d", "  "}

// TestSingleSpaced: singleSpaced is strings.Fields joined by one space, whatever the name.
func TestSingleSpaced(t *testing.T) {
	for _, s := range singleSpacedCases {
		if got, want := singleSpaced(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("singleSpaced(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzSingleSpaced(f *testing.F) {
	for _, s := range singleSpacedCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := singleSpaced(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("singleSpaced(%q) = %q, want %q", s, got, want)
		}
	})
}
