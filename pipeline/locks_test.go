package pipeline

import (
	"slices"
	"strings"
	"testing"
)

// TestSkipLocks: a spreadsheet's lock files are left out with a note each, unless they are
// all there is.
func TestSkipLocks(t *testing.T) {
	tests := []struct {
		inputs, kept []string
		notes        int
	}{
		{inputs: []string{"a.xlsx", "b.csv"}, kept: []string{"a.xlsx", "b.csv"}},
		{inputs: []string{"a.xlsx", "~$a.xlsx", "d/.~lock.a.xlsx#"}, kept: []string{"a.xlsx"}, notes: 2},
		{inputs: []string{"~$a.xlsx"}, kept: []string{"~$a.xlsx"}},
	}
	for _, tt := range tests {
		kept, notes := SkipLocks(tt.inputs)
		if !slices.Equal(kept, tt.kept) || len(notes) != tt.notes {
			t.Errorf("%q: kept %q, notes %q", tt.inputs, kept, notes)
		}
		for _, n := range notes {
			if !strings.HasPrefix(n, "note: ") || !strings.Contains(n, "skipped") {
				t.Errorf("note %q", n)
			}
		}
	}
}
