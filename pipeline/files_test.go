package pipeline

import (
	"os"
	"slices"
	"testing"
)

// TestInputTags: each input's part of its outputs' names tells it from every other input.
func TestInputTags(t *testing.T) {
	tests := []struct {
		inputs []string
		want   []string
	}{
		{[]string{"day1.xlsx", "day2.xlsx"}, []string{"day1", "day2"}},
		{[]string{"sat/results.xlsx", "sun/results.xlsx"}, []string{"sat-results", "sun-results"}},
		{[]string{"x/sat/r.csv", "y/sat/r.csv", "z/r.csv"}, []string{"x-sat-r", "y-sat-r", "z-r"}},
		{[]string{"r.csv", "r.xlsx", "q.csv"}, []string{"r-csv", "r-xlsx", "q"}},
		{[]string{"a/r.csv", "b/r.csv", "a/r.xlsx"}, []string{"a-r-csv", "b-r-csv", "r-xlsx"}},
		{[]string{"a/R.csv", "b/sub/r.csv"}, []string{"a-R", "sub-r"}}, // one name on Windows and macOS
		{[]string{"r.csv", "./r.csv"}, []string{"r", "r"}},             // the same file: the command refuses its outputs
	}
	dir := t.TempDir()
	for _, tt := range tests {
		wd, _ := os.Getwd()
		os.Chdir(dir)
		tags := InputTags(tt.inputs)
		os.Chdir(wd)
		var got []string
		for _, in := range tt.inputs {
			got = append(got, tags[in])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.inputs, got, tt.want)
		}
	}
}
