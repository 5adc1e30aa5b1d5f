// Command fontextract writes one face of a TrueType Collection (.ttc) as a standalone TrueType
// font, checked to be embeddable by tbsheet's PDF writer. `make fonts` runs it to rebuild
// templates/fonts/wqy-microhei.ttf from the Debian package fonts-wqy-microhei:
//
//	go run ./internal/cmd/fontextract -face 0 -o templates/fonts/wqy-microhei.ttf \
//		/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tbsheet/tbsheet/internal/fontfile"
)

func main() {
	face := flag.Int("face", 0, "face `index` to extract (0-based)")
	out := flag.String("o", "", "output `file` (.ttf)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: fontextract [-face N] -o OUT.ttf IN.ttc")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *face, *out); err != nil {
		fmt.Fprintln(os.Stderr, "fontextract:", err)
		os.Exit(1)
	}
}

func run(in string, face int, out string) error {
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	ttf, err := fontfile.Extract(b, face)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if err := fontfile.Check(ttf); err != nil {
		return fmt.Errorf("%s: face %d: %w", in, face, err)
	}
	if err := os.WriteFile(out, ttf, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: face %d of %s, %d bytes\n", out, face, in, len(ttf))
	return nil
}
