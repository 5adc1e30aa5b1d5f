package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// benchChildEnv, when set, makes the test binary a child process of a benchmark instead of
// running tests: it holds the child's command line, fields separated by benchChildSep.
const (
	benchChildEnv = "TBSHEET_BENCH_CHILD"
	benchChildSep = "\x1f"
)

// TestMain runs the benchmarks' child processes (see benchChild); otherwise the tests.
func TestMain(m *testing.M) {
	if args := os.Getenv(benchChildEnv); args != "" {
		os.Exit(benchChild(strings.Split(args, benchChildSep)))
	}
	os.Exit(m.Run())
}

// benchChild runs one whole-process run of a benchmark: a tbsheet command line, or
// "generate PLAYERS ROUNDS SYSTEM SHOW OUTPUT", which generates a realistic event in memory
// (one the readers could not be given: larger than their row limits), computes its standings
// and writes OUTPUT with every explanation, as `tbsheet standings --system SYSTEM --show
// SHOW -o OUTPUT` would.
func benchChild(args []string) int {
	if args[0] != "generate" {
		return run(args, io.Discard, os.Stderr)
	}
	players, _ := strconv.Atoi(args[1])
	rounds, _ := strconv.Atoi(args[2])
	ev := swissgen.Generate(swissgen.Realistic(players, rounds, 1))
	opt := calc.Options{System: args[3], NoExplain: true} // as newJob computes
	if args[4] != "" {
		opt.Show = strings.Split(args[4], ",")
	}
	st, err := calc.Compute(ev, opt)
	if err == nil {
		err = standingsheet.Standings.WriteFiles([]writer.DocFile[*calc.Standings]{{Path: args[5], Doc: st}}, writer.Options{})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runChild runs benchChild(args) in a child process (a fresh test binary, so that peaks do
// not mix with the benchmark's own) and returns its CPU time and peak resident set size.
func runChild(b *testing.B, args ...string) (cpu time.Duration, peakRSS int64) {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchChildEnv+"="+strings.Join(args, benchChildSep))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		b.Fatalf("%v: %v\n%s", args, err, stderr.String())
	}
	return rusage.Child(cmd.ProcessState)
}

// writeGenerated writes a realistic generated event as path (the format from its extension).
func writeGenerated(b *testing.B, path string, players, rounds int) {
	b.Helper()
	if err := resultfile.Results.WriteFile(path, swissgen.Generate(swissgen.Realistic(players, rounds, 1)), writer.Options{}); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCSVToJSON is the issue's CSV goal: `tbsheet standings results.csv -o
// standings.json` on a 16,384-player, 12-round Magic event (every explanation written), run
// in this process, against encoding/csv alone reading the same file (its floor: every
// record parsed, nothing checked). Both report cpu-ms/op, the CPU time of all their
// goroutines and the garbage collector; tbsheet reports x-baseline (wall) and x-cpu (CPU)
// over the baseline of the same run (run both: -bench CSVToJSON). The goal is x-cpu ≤ 10.
func BenchmarkCSVToJSON(b *testing.B) {
	dir := b.TempDir()
	input := filepath.Join(dir, "results.csv")
	writeGenerated(b, input, 16384, 12)
	var wall, cpu float64 // the baseline's, per op
	b.Run("encoding-csv", func(b *testing.B) {
		start := rusage.CPU()
		for b.Loop() {
			data, err := os.ReadFile(input)
			if err != nil {
				b.Fatal(err)
			}
			if err := rusage.ReadCSVFloor(data); err != nil {
				b.Fatal(err)
			}
		}
		wall = float64(b.Elapsed()) / float64(b.N)
		cpu = rusage.ReportCPU(b, start)
	})
	b.Run("tbsheet", func(b *testing.B) {
		out := filepath.Join(dir, "standings.json")
		b.ReportAllocs()
		start := rusage.CPU()
		for b.Loop() {
			var stderr bytes.Buffer
			if code := run([]string{"standings", input, "-o", out}, io.Discard, &stderr); code != 0 {
				b.Fatalf("exit %d: %s", code, stderr.String())
			}
		}
		c := rusage.ReportCPU(b, start)
		if wall > 0 {
			b.ReportMetric(float64(b.Elapsed())/float64(b.N)/wall, "x-baseline")
			b.ReportMetric(c/cpu, "x-cpu")
		}
	})
}

// BenchmarkShowAllJSON is the issue's memory goal: `tbsheet standings --system fide --show
// all -o standings.json`, every tiebreak computed and explained, each run a whole process of
// its own whose peak memory is reported (peak-MiB/op) with its CPU time and the size of the
// JSON. 9,000 players × 11 rounds go through the command line from a CSV; 100,000 × 15 are
// generated in the child (benchChild), the CSV being over the readers' row limit. The goals
// are under 300 MB and 3 GB of peak memory.
func BenchmarkShowAllJSON(b *testing.B) {
	dir := b.TempDir()
	out := filepath.Join(dir, "standings.json")
	sizes := []struct {
		name    string
		players int
		rounds  int
		cli     bool
	}{{"fide-9000x11", 9000, 11, true}, {"fide-100kx15", 100_000, 15, false}}
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			args := []string{"generate", strconv.Itoa(s.players), strconv.Itoa(s.rounds), "fide", "all", out}
			if s.cli {
				input := filepath.Join(dir, s.name+".csv")
				writeGenerated(b, input, s.players, s.rounds)
				args = []string{"standings", input, "--system", "fide", "--show", "all", "-o", out}
			}
			var cpu time.Duration
			var peak int64
			for b.Loop() {
				c, p := runChild(b, args...)
				cpu, peak = cpu+c, max(peak, p)
			}
			fi, err := os.Stat(out)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(peak>>20), "peak-MiB")
			b.ReportMetric(float64(fi.Size())/1e6, "MB-json")
		})
	}
}

// BenchmarkPairVsStandings is the pairing's speed goal: `tbsheet pair` pairing round 12 of
// a 4,096-player event costs at most the CPU time of `tbsheet standings` on the same file,
// both run in this process from the same CSV. The two run in turn, each after a garbage
// collection, so that a busy machine slows both alike; it reports each one's CPU time and
// x-cpu, pair's over standings'; the goal is x-cpu ≤ 1.
func BenchmarkPairVsStandings(b *testing.B) {
	dir := b.TempDir()
	input := filepath.Join(dir, "results.csv")
	ev := swissgen.Generate(swissgen.Realistic(4096, 12, 1))
	ev.Rounds, ev.PlannedRounds = ev.Rounds[:11], 0
	if err := resultfile.Results.WriteFile(input, ev, writer.Options{}); err != nil {
		b.Fatal(err)
	}
	commands := [][]string{{"standings", input, "-q"}, {"pair", input, "--seed", "1", "-q"}}
	var cpu [2]time.Duration
	for b.Loop() {
		for i, args := range commands {
			runtime.GC()
			start := rusage.CPU()
			var stderr bytes.Buffer
			if code := run(args, io.Discard, &stderr); code != 0 {
				b.Fatalf("%s: exit %d: %s", args[0], code, stderr.String())
			}
			cpu[i] += rusage.CPU() - start
		}
	}
	b.ReportMetric(float64(cpu[0].Milliseconds())/float64(b.N), "standings-cpu-ms/op")
	b.ReportMetric(float64(cpu[1].Milliseconds())/float64(b.N), "pair-cpu-ms/op")
	b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "x-cpu")
}
