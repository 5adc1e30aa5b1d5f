package reader

import (
	"strings"
	"testing"
)

// singleSpacedCases are names as typed, spaced every way singleSpaced must tidy or keep.
var singleSpacedCases = []string{"", " ", "Ann", "Ann Lee", " Ann Lee", "Ann Lee ", "Ann  Lee", "Ann\tLee",
	"Ann\nLee", "Ann\r\nLee", "Ann\vLee", "Ann\fLee", "Ann\u00a0Lee", "王\u3000伟", "Ann\u0085Lee", "a b c d", "  ",
	"周芳 51", "周芳  51", "周芳 ", " 周芳", "Łukasz Nowak", "Łukasz\u2003Nowak", "\xff \xfe", "\xff  \xfe", "é\u00a0"}

// TestSingleSpaced: singleSpaced is strings.Fields joined by one space, whatever the name.
func TestSingleSpaced(t *testing.T) {
	for _, s := range singleSpacedCases {
		if got, want := singleSpaced(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("singleSpaced(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestSingleSpacedKeeps: a name already single-spaced, in any script, is returned as it is,
// without a copy (every name of a large match list goes through singleSpaced).
func TestSingleSpacedKeeps(t *testing.T) {
	for _, s := range []string{"Ann Lee", "周芳 51", "Łukasz Nowak", "佐藤 美咲"} {
		if n := testing.AllocsPerRun(10, func() { singleSpaced(s) }); n != 0 {
			t.Errorf("singleSpaced(%q) allocates %v times", s, n)
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
