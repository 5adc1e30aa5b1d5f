// Package watchtest measures how fast tbsheet watch follows a save: the time from a save of
// the input to the standings written, through [watch.Run] with its real debounce. It is a helper for benchmarks, like net/http/httptest is for tests: the watch
// package benchmarks it with a stand-in job, and the CLI's tests can pass the real pipeline.
package watchtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/watch"
)

// Latency runs [watch.Run] on the file input with cfg (Inputs is set to input; Log, Errors
// and Verbose default to io.Discard) and job. After the initial run, each iteration saves
// content(i) over input as LibreOffice does (a temporary file renamed over it) and waits
// until watch committed the job's result for exactly that content (its outputs written).
// content must return different bytes for different i, since watch skips a save that changed
// nothing.
//
// It reports the time from the save to the commit's return as ns/op (content's own time left
// out), and five metrics: job-ms/op, the time spent in the job that computed the committed
// result (reading, computing, rendering); job-cpu-ms/op, the CPU time the process spent
// meanwhile (what the job costs on a machine whose cores other jobs share); write-ms/op, the time spent in its commit;
// overhead-ms/op, what remains after the commit and the longer of the debounce and the time
// from the save to the job's end (event delivery, reading and hashing the settled file); and
// ahead/op, the share of saves whose result was computed while the debounce ran (the job
// started before it ended). A job or commit error fails the benchmark.
func Latency(b *testing.B, cfg watch.Config, job watch.Job, input string, content func(i int) []byte) {
	b.Helper()
	type result struct {
		data             []byte
		jobStart, jobEnd time.Time
		jobCPU           time.Duration // the process's CPU time during the job
		wrote            time.Time     // when the commit returned
		write            time.Duration
		err              error
	}
	results := make(chan result, 16)
	timed := func(ctx context.Context, in string, data []byte) (watch.Prepared, error) {
		start, cpu := time.Now(), rusage.CPU()
		p, err := job(ctx, in, data)
		end, cpu := time.Now(), rusage.CPU()-cpu
		if err != nil {
			if ctx.Err() == nil { // a run that was cancelled is no failure
				results <- result{data: data, err: err}
			}
			return p, err
		}
		commit := p.Commit
		p.Commit = func() error {
			c := time.Now()
			var err error
			if commit != nil {
				err = commit()
			}
			wrote := time.Now()
			results <- result{data, start, end, cpu, wrote, wrote.Sub(c), err}
			return err
		}
		return p, nil
	}
	cfg.Inputs = []string{input}
	for _, w := range []*io.Writer{&cfg.Log, &cfg.Errors, &cfg.Verbose} {
		if *w == nil {
			*w = io.Discard
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- watch.Run(ctx, cfg, timed) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	wait := func(want []byte) result {
		for {
			select {
			case r := <-results:
				if r.err != nil {
					b.Fatalf("job: %v", r.err)
				}
				if want == nil || bytes.Equal(r.data, want) {
					return r
				}
			case err := <-done:
				b.Fatalf("watch stopped: %v", err)
			case <-time.After(time.Minute):
				b.Fatal("no run within a minute of the save")
			}
		}
	}
	wait(nil) // the initial run
	debounce := cfg.Debounce
	if debounce <= 0 {
		debounce = watch.DefaultDebounce
	}
	var inJob, jobCPU, writing, overhead time.Duration
	n, ahead := 0, 0
	for i := 0; b.Loop(); i++ {
		b.StopTimer() // making the content is not part of the latency
		data := content(i)
		b.StartTimer()
		start := time.Now()
		if err := saveAs(input, data); err != nil {
			b.Fatal(err)
		}
		r := wait(data)
		inJob += r.jobEnd.Sub(r.jobStart)
		jobCPU += r.jobCPU
		writing += r.write
		overhead += r.wrote.Sub(start) - r.write - max(debounce, r.jobEnd.Sub(start))
		if r.jobStart.Before(start.Add(debounce)) {
			ahead++
		}
		n++
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(n) }
	b.ReportMetric(ms(inJob), "job-ms/op")
	b.ReportMetric(ms(jobCPU), "job-cpu-ms/op")
	b.ReportMetric(ms(writing), "write-ms/op")
	b.ReportMetric(ms(overhead), "overhead-ms/op")
	b.ReportMetric(float64(ahead)/float64(n), "ahead/op")
}

// saveAs replaces path with data the way LibreOffice saves: a temporary file in the same
// folder renamed over it.
func saveAs(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "lu*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}
