package watch_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/watch/watchtest"
	"github.com/tbsheet/tbsheet/writer"
)

var jobTime = flag.Duration("jobtime", 100*time.Millisecond, "how long the stand-in job of BenchmarkSaveToStandings takes")

// BenchmarkSaveToStandings measures a save → standings written, with watch's real defaults
// (DefaultDebounce, DefaultLead) and a stand-in job that takes -jobtime and whose commit
// writes one output. The CLI's tests measure the real pipeline by passing its job to
// watchtest.Latency the same way.
func BenchmarkSaveToStandings(b *testing.B) {
	dir := b.TempDir()
	input := filepath.Join(dir, "results.csv")
	// Each save records one more result, so that every save changes the file.
	save := func(i int) []byte {
		return fmt.Appendf(nil, "Round,Table,Player 1,Player 2,Result\n1,%d,Alice Martin,王伟,2-1\n", i+1)
	}
	if err := os.WriteFile(input, []byte("Round,Table,Player 1,Player 2,Result\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(dir, "standings.csv")
	job := func(ctx context.Context, in string, data []byte) (watch.Prepared, error) {
		select {
		case <-time.After(*jobTime):
		case <-ctx.Done():
			return watch.Prepared{}, ctx.Err()
		}
		commit := func() error {
			return writer.AtomicFile(out, func(w io.Writer) error { _, err := w.Write(data); return err })
		}
		return watch.Prepared{Summary: watch.Summary{Round: 1, Players: 2, Wrote: []string{out}}, Commit: commit}, nil
	}
	cfg := watch.Config{Outputs: func(string) []string { return []string{out} }}
	watchtest.Latency(b, cfg, job, input, save)
}
