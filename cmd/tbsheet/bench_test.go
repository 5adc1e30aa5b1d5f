package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/watch"
	"github.com/tbsheet/tbsheet/watch/watchtest"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// BenchmarkWatch256 is the watch goal: from a save of a 256-player, 8-round
// hand-kept workbook to the standings workbook and the wall PDF written, through
// `tbsheet watch results.xlsx -o standings.xlsx -o standings.pdf` as the command line builds
// it (flags, job, watch.Config) and watch's real defaults (watch.DefaultDebounce,
// watch.DefaultLead). Each save corrects one last-round result, as an organizer at the table
// does. The goal is ns/op ≤ 300 ms; job-ms/op is the recompute (read, compute, render both
// files in memory), which runs ahead while the debounce goes on, and write-ms/op the writing
// of both files once the save has settled. It runs with one processor (the goal: a busy
// single core) and with two.
func BenchmarkWatch256(b *testing.B) {
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			benchWatch256(b)
		})
	}
}

func benchWatch256(b *testing.B) {
	dir := b.TempDir()
	ev := swissgen.Generate(swissgen.Realistic(256, 8, 1))
	last := &ev.Rounds[len(ev.Rounds)-1]
	var played []int // last-round matches between two players decided in games
	for i, m := range last.Matches {
		if m.P2 != tbsheet.NoPlayer && m.Games.Known && (m.Result == tbsheet.Win || m.Result == tbsheet.Loss) {
			played = append(played, i)
		}
	}
	// save i flips the winner of one match, so that every save changes the standings.
	save := func(i int) []byte {
		m := &last.Matches[played[i%len(played)]]
		m.Result, m.Games = m.Result.Mirror(), m.Games.Mirror()
		path := filepath.Join(dir, fmt.Sprintf("save-%d.xlsx", i))
		if err := resultfile.Results.WriteFile(path, ev, writer.Options{}); err != nil {
			b.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		os.Remove(path)
		return data
	}
	input := filepath.Join(dir, "results.xlsx")
	if err := os.WriteFile(input, save(0), 0o644); err != nil {
		b.Fatal(err)
	}
	cmd := newWatchCmdRunning(func(_ context.Context, cfg watch.Config, job watch.Job) error {
		watchtest.Latency(b, cfg, job, input, func(i int) []byte { return save(i + 1) })
		return nil
	})
	cmd.SetArgs([]string{input, "-o", filepath.Join(dir, "standings.xlsx"), "-o", filepath.Join(dir, "standings.pdf")})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err != nil {
		b.Fatal(err)
	}
}
