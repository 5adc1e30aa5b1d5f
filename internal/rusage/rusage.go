//go:build unix

// Package rusage measures what a benchmark costs in CPU time and memory. The performance
// goals are stated in CPU time because the machine is shared: CPU time is what a run costs
// whatever other jobs do, where wall time also counts the time spent waiting for a core.
package rusage

import (
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"syscall"
	"testing"
	"time"
)

// CPU returns the CPU time (user and system) the current process has used so far, every
// goroutine and the garbage collector included.
func CPU() time.Duration {
	ru := self()
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PeakRSS returns the current process's peak resident set size in bytes.
func PeakRSS() int64 { return int64(self().Maxrss) << 10 } // Linux reports KiB

func self() *syscall.Rusage {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return &syscall.Rusage{}
	}
	return &ru
}

// Child returns the CPU time and the peak resident set size (bytes) of a process that has
// exited.
func Child(ps *os.ProcessState) (cpu time.Duration, peakRSS int64) {
	cpu = ps.UserTime() + ps.SystemTime()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		peakRSS = int64(ru.Maxrss) << 10
	}
	return cpu, peakRSS
}

// ReportCPU reports to b the CPU time per op since start (a CPU reading taken before b's
// loop) as cpu-ms/op, and returns it in nanoseconds, for the ratio to a baseline measured in
// the same run.
func ReportCPU(b *testing.B, start time.Duration) float64 {
	ns := float64(CPU()-start) / float64(b.N)
	b.ReportMetric(ns/1e6, "cpu-ms/op")
	return ns
}

// ReadCSVFloor parses every record of a CSV file with encoding/csv and nothing else: the
// floor the CSV benchmarks compare tbsheet's reading with.
func ReadCSVFloor(data []byte) error {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	for {
		if _, err := r.Read(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}
