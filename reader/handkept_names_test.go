package reader

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/tbsheet/tbsheet"
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

// foldWidthCases are names with and without characters of a width of their own.
var foldWidthCases = []string{"", "Ann Lee", "周芳 51", "Ａｌｉｃｅ", "ｱﾘｽ", "ｶﾞ", "佐藤　美咲", "￥100", "₩", "ﾟ", "\xff", "Ａ\xff"}

// TestFoldWidth: foldWidth is width.Fold.String, and keeps a name with nothing to fold
// without a copy.
func TestFoldWidth(t *testing.T) {
	for _, s := range foldWidthCases {
		if got, want := foldWidth(s), width.Fold.String(s); got != want {
			t.Errorf("foldWidth(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range []string{"周芳 51", "Łukasz Nowak"} {
		if n := testing.AllocsPerRun(10, func() { foldWidth(s) }); n != 0 {
			t.Errorf("foldWidth(%q) allocates %v times", s, n)
		}
	}
}

func FuzzFoldWidth(f *testing.F) {
	for _, s := range foldWidthCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldWidth(s), width.Fold.String(s); got != want {
			t.Errorf("foldWidth(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestTrimSpace: trimSpace is strings.TrimSpace, whatever the cell.
func TestTrimSpace(t *testing.T) {
	for _, s := range append(singleSpacedCases, "\u3000周芳", "周芳\u00a0", "\xff", " \xff ", "\xc2", "x\u0085") {
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Errorf("trimSpace(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzTrimSpace(f *testing.F) {
	for _, s := range singleSpacedCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Errorf("trimSpace(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestIsSpace: isSpace is unicode.IsSpace for every character.
func TestIsSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSpace(r) != unicode.IsSpace(r) {
			t.Errorf("isSpace(%U) = %v", r, isSpace(r))
		}
	}
}

// TestInvisibleGap: firstInvisible may skip the characters between lastInvisibleBelow and
// firstInvisibleAbove, and not those two.
func TestInvisibleGap(t *testing.T) {
	if !tbsheet.IsInvisible(lastInvisibleBelow) || !tbsheet.IsInvisible(firstInvisibleAbove) {
		t.Errorf("the gap's ends are not invisible")
	}
	for r := lastInvisibleBelow + 1; r < firstInvisibleAbove; r++ {
		if tbsheet.IsInvisible(r) {
			t.Errorf("%U is invisible", r)
		}
	}
}

// TestIsHeading: isHeading answers as strings.EqualFold, and the only ASCII letters whose
// case partners lie outside ASCII are k and s (checked over every character).
func TestIsHeading(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf && f != 'k' && f != 'K' && f != 's' && f != 'S' {
				t.Errorf("%U folds with ASCII %q", r, f)
			}
		}
	}
	cells := []string{"", "Player 1", "player 1", "PLAYER 1", "Ann", "王伟", "\u212aim", "Kim", "kim", "\u017fam", "Sam",
		"ſAM", "Spieler 1", "Élodie", "élodie", "1", "#"}
	for _, a := range cells {
		for _, b := range cells {
			if got, want := isHeading(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("isHeading(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

// TestToLower: toLower answers as strings.ToLower, and no character in the range it skips
// has a lower case.
func TestToLower(t *testing.T) {
	for r := rune(noCaseFrom); r < noCaseTo; r++ {
		if unicode.ToLower(r) != r {
			t.Errorf("%U has a lower case", r)
		}
	}
	for _, s := range append(singleSpacedCases, "王伟", "ÉLODIE", "élodie", "Ωmega", "ǅ", "ﾃｽﾄ", "ＡＢＣ", "Bo\xffb", "\ufffd",
		"\u2c00", "\ua640", "김민준", "たなか") {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Errorf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestFoldWidthBlocks: no character but the ideographic space and the half- and full-width
// forms has a canonical width of its own: foldWidth looks up only those.
func TestFoldWidthBlocks(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if width.LookupRune(r).Folded() != 0 && r != '\u3000' && (r < '\uff01' || r > '\uffee') {
			t.Errorf("%U has a canonical width", r)
		}
	}
}
