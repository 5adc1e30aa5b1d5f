// Package templates holds the files tbsheet carries inside its binary, so that a single
// executable works on a laptop without fonts or templates installed.
//
// The fonts live in fonts/ beside their licences: WenQuanYi Micro Hei (Apache-2.0, see
// fonts/LICENSE-wqy-microhei.txt), rebuilt with `make fonts` from the Debian package
// fonts-wqy-microhei. The Go fonts used for Latin headings come from
// golang.org/x/image/font/gofont and carry their licence in that module.
package templates

import _ "embed" // for go:embed

//go:embed fonts/wqy-microhei.ttf
var cjkFont []byte

// CJKFont returns WenQuanYi Micro Hei as a standalone TrueType font (face 0 of the Debian
// package's collection): Chinese (simplified and traditional), Japanese kana and kanji,
// Hangul, Latin with its extensions, Greek and Cyrillic, in one 4.6 MB file. The slice is
// shared: callers must not modify it.
func CJKFont() []byte { return cjkFont }
