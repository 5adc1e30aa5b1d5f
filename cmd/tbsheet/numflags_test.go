package main

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet"
)

// TestNumericFlagsHaveRanges walks every command's flags: a numeric flag must be declared
// with its range (numflags.go), so that a new one cannot forget it.
func TestNumericFlagsHaveRanges(t *testing.T) {
	numeric := map[string]bool{"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
		"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
		"float32": true, "float64": true, "duration": true, "count": true,
		"intSlice": true, "int32Slice": true, "int64Slice": true, "uintSlice": true,
		"float32Slice": true, "float64Slice": true, "durationSlice": true}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				if numeric[f.Value.Type()] && !rangedFlag(f) {
					t.Errorf("%s --%s: a numeric flag declared without its range (use intFlag, floatFlag, durationFlag…)", c.CommandPath(), f.Name)
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(io.Discard, io.Discard))
}

// TestFlagRanges runs numeric flags out of their range, and values too long to print whole:
// each is a short usage error (exit 2) that says what the flag takes, with no stack.
func TestFlagRanges(t *testing.T) {
	long := "http://" + strings.Repeat("a", 5000)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "samples/f1.csv", "--max-live", "4611686018427387904"}, `--max-live "4611686018427387904": use a whole number from 1 to 100000`},
		{[]string{"serve", "samples/f1.csv", "--max-live", "9223372036854775807"}, `--max-live "9223372036854775807": use a whole number from 1 to 100000`},
		{[]string{"serve", "samples/f1.csv", "--max-live", "0"}, `--max-live "0": use a whole number from 1 to 100000`},
		{[]string{"serve", "samples/f1.csv", "--poll", "1ns"}, `--poll "1ns": use 0 (off) or a time from 100ms to 1h, such as 2s`},
		{[]string{"watch", "samples/f1.csv", "-o", "x.pdf", "--poll", "2"}, `--poll "2": use 0 (off) or a time from 100ms to 1h, such as 2s`},
		{[]string{"standings", "samples/f1.csv", "--cut", "99999999999999999999999"}, `--cut "99999999999999999999999": use a whole number from 0 to 1000000`},
		{[]string{"standings", "samples/f1.csv", "--cut", "x"}, `--cut "x": not a whole number`},
		{[]string{"standings", "samples/f1.csv", "--after-round", "-1"}, `--after-round "-1": use a whole number from 0 to 1000`},
		{[]string{"standings", "samples/f1.csv", "--max-size", "0"}, `--max-size "0": use a whole number from 1 to 1048576`},
		{[]string{"scenarios", "samples/f1.csv", "--cut", "2", "--effort", "NaN"}, `--effort "NaN": use a number from 0 to 1000`},
		{[]string{"scenarios", "samples/f1.csv", "--cut", "2", "--effort", "1e300"}, `--effort "1e300": use a number from 0 to 1000`},
		{[]string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "1001"}, `--round "1001": use a whole number from 0 to 1000`},
		{[]string{"template", "-o", "t.xlsx", "--rounds", "31"}, `--rounds "31": use a whole number from 1 to 30`},
		{[]string{"pair", "samples/f1.csv", "--cut", "2000"}, `--cut "2000": use a whole number from 0 to 1024`},
		{[]string{"pair", "samples/f1.csv", "--seed", "-1"}, `--seed "-1": not a whole number`},
		{[]string{"season", "samples/f1.csv", "--best", "-2"}, `--best "-2": use a whole number from 0 to 1000000`},
		{[]string{"pairings", "samples/f1.csv", "--qr", long}, `--qr: an address of 5007 characters: the printed QR code carries at most 100`},
		{[]string{"standings", "samples/f1.csv", "--title", "x", "--cut", long}, "--cut " + tbsheet.Quote(long) + ": not a whole number"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[:1], " ")+" "+tt.want[:min(len(tt.want), 20)], func(t *testing.T) {
			code, stdout, stderr := runAt(t, "../..", tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if stdout != "" || !strings.HasPrefix(stderr, "tbsheet: "+tt.want) || strings.Contains(stderr, "goroutine") || len(stderr) > 300 {
				t.Errorf("stderr:\n%s\nwant it to start %q, short, without a stack", stderr, "tbsheet: "+tt.want)
			}
		})
	}
}
