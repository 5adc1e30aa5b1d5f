package watch_test

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/tbsheet/tbsheet/watch"
)

// This is how `tbsheet watch results.xlsx -o standings.xlsx -o standings.pdf` wires Run:
// Ctrl-C or SIGTERM cancels the context, a second Ctrl-C kills at once (the outputs are
// whole either way, since they are renamed into place), and the job is the standings
// pipeline on the bytes watch read.
func ExampleRun() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); stop() }() // a second Ctrl-C ends the process at once

	outputs := []string{"standings.xlsx", "standings.pdf"}
	job := func(ctx context.Context, input string, data []byte) (watch.Prepared, error) {
		// Read with reader.ReadBytes(data, input, from, opt); a truncated workbook or XML
		// document is returned as fmt.Errorf("%s: %w: %v", input, watch.ErrIncomplete, err).
		// Compute and render every output in memory (standingsheet.Standings.RenderFiles); the
		// commit writes them (RenderedFiles.Write: temporary files, then renamed together).
		commit := func() error { return nil }
		return watch.Prepared{
			Summary: watch.Summary{Round: 4, Rounds: 5, Players: 128, Wrote: outputs},
			Commit:  commit,
		}, nil
	}
	err := watch.Run(ctx, watch.Config{
		Inputs:  []string{"results.xlsx"},
		Outputs: func(input string) []string { return outputs },
		Poll:    0, // --poll 2s for a network drive
	}, job)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// For a folder of events (`tbsheet watch events/ -o out/`) every results file gets its own
// outputs; watch only needs the mapping to leave them alone.
func ExampleConfig_folder() {
	cfg := watch.Config{
		Inputs: []string{"events/"},
		Exts:   []string{".xlsx", ".csv"}, // the CLI gives reader.Exts()
		Outputs: func(input string) []string {
			stem := strings.TrimSuffix(filepath.Base(input), filepath.Ext(input))
			return []string{filepath.Join("out", stem+".xlsx"), filepath.Join("out", stem+".pdf")}
		},
		Debounce: 300 * time.Millisecond,
	}
	fmt.Println(cfg.Outputs("events/day1.xlsx"))
	// Output:
	// [out/day1.xlsx out/day1.pdf]
}
