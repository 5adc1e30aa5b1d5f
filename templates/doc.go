// Package templates holds the files tbsheet carries inside its binary, so that a single
// executable works on a laptop without fonts or templates installed: the workbook its XLSX
// output is styled from (standings.xlsx, regenerated with go generate) and the fonts its PDFs
// are set in.
//
// The fonts live in fonts/ beside their licences: WenQuanYi Micro Hei (Apache-2.0, see
// fonts/LICENSE-wqy-microhei.txt), rebuilt with `make fonts` from the Debian package
// fonts-wqy-microhei. The Go fonts used for Latin headings come from
// golang.org/x/image/font/gofont and carry their licence in that module.
package templates
