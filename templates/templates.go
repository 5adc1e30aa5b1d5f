package templates

import _ "embed" // for go:embed

//go:embed fonts/wqy-microhei.ttf
var cjkFont []byte

// CJKFont returns WenQuanYi Micro Hei as a standalone TrueType font (face 0 of the Debian
// package's collection): Chinese (simplified and traditional), Japanese kana and kanji,
// Hangul, Latin with its extensions, Greek and Cyrillic, in one 4.6 MB file. The slice is
// shared: callers must not modify it.
func CJKFont() []byte { return cjkFont }
