package tbsheet

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// letterFolds are the letters that read as plain Latin ones yet do not decompose into a
// letter and an accent.
var letterFolds = strings.NewReplacer("ø", "o", "Ø", "o", "đ", "d", "Đ", "d", "ł", "l", "Ł", "l",
	"æ", "ae", "Æ", "ae", "œ", "oe", "Œ", "oe", "ı", "i")

// FoldName folds a name for matching what someone typed (tbsheet explain --player, the
// find-me page of tbsheet serve): case, accents (Zoë is zoe, Müller muller, Søren soren) and
// the width of CJK forms (ＡＢＣ is abc, ｶﾅ is カナ) are ignored, and runs of spaces are one.
// The voicing marks of kana are kept: カ and ガ are other names. Compare folded names with ==
// or strings.Contains.
func FoldName(s string) string {
	s = norm.NFD.String(width.Fold.String(s))
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) && r != '\u3099' && r != '\u309A' { // kana voicing marks
			return -1
		}
		return r
	}, s)
	s = letterFolds.Replace(norm.NFC.String(s))
	return strings.Join(strings.Fields(cases.Fold().String(s)), " ")
}
