package dutch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBeforeReplaysTheCorpus: the corpus's tournaments were paired by bbpPairings round
// after round, so pairing each round again from the rounds before it (Before) gives the
// round they hold, pair for pair and colour for colour: what pair --check finds in a file
// paired by the Dutch system is nothing.
func TestBeforeReplaysTheCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.trf")
	if err != nil || len(files) == 0 {
		t.Fatal("no corpus", err)
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Records added after the rounds were paired (accelerations, forbidden pairs, the
		// Baku system, the initial colour) are not what paired them.
		if strings.Contains(string(data), "\nXXA") || strings.Contains(string(data), "\nXXP") ||
			strings.Contains(string(data), "\n240") || strings.Contains(string(data), "\n260") || strings.Contains(string(data), "BAKU") {
			continue
		}
		tr, err := ReadTRF(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		tr.InitialColor = NoColor // the corpus's XXC was added after: take round 1's
		for r := 1; r <= tr.PlayedRounds; r++ {
			got, err := PairNext(tr.Before(r))
			if err != nil {
				t.Errorf("%s: round %d: %v", f, r, err)
				continue
			}
			want := tr.Round(r)
			sortPairs(got)
			sortPairs(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: round %d: paired again %v, the file holds %v", f, r, got, want)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d rounds checked", checked)
	}
}

func sortPairs(ps []Pair) {
	slices.SortFunc(ps, func(a, b Pair) int { return a.White - b.White })
}
