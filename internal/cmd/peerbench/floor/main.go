//go:build unix

// Command floor is the whole-process floor peerbench measures tbsheet against: a program
// that links the libraries tbsheet is built on (excelize, fpdf, cobra, fsnotify, x/text),
// so that it starts as tbsheet does, then parses every record of the CSV named on its command
// line with encoding/csv and writes nothing. No tbsheet run can cost less.
package main

import (
	"fmt"
	"os"

	_ "codeberg.org/go-pdf/fpdf"
	_ "github.com/fsnotify/fsnotify"
	_ "github.com/spf13/cobra"
	_ "github.com/xuri/excelize/v2"
	_ "golang.org/x/text/collate"

	"github.com/tbsheet/tbsheet/internal/rusage"
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = rusage.ReadCSVFloor(data)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}
