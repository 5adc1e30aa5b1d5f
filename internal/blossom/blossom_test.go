package blossom

import (
	"math/rand/v2"
	"testing"
)

// brute returns the best (cardinality, weight) over every matching of the graph: each
// vertex in turn stays single or takes one of its free neighbours.
func brute(n int, edges []Edge, maxCard bool) (int, int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		w[[2]int{e.I, e.J}], w[[2]int{e.J, e.I}] = e.W, e.W
	}
	used := make([]bool, n)
	bestCard, bestW := 0, int64(0)
	var rec func(v, card int, sum int64)
	rec = func(v, card int, sum int64) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			if maxCard && (card > bestCard || card == bestCard && sum > bestW) || !maxCard && sum > bestW {
				bestCard, bestW = card, sum
			}
			return
		}
		used[v] = true
		rec(v+1, card, sum)
		for u := v + 1; u < n; u++ {
			if x, ok := w[[2]int{v, u}]; ok && !used[u] {
				used[u] = true
				rec(v+1, card+1, sum+x)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestCard, bestW
}

// TestMatchAgainstBruteForce compares Match with every matching of thousands of small
// random graphs, with and without maximum cardinality, and checks the result is a matching.
func TestMatchAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 4000 {
		n := 1 + rng.IntN(11)
		density := rng.Float64()
		var edges []Edge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					edges = append(edges, Edge{I: i, J: j, W: int64(rng.IntN(12)) - 2})
				}
			}
		}
		for _, maxCard := range []bool{false, true} {
			mate := Match(n, edges, maxCard)
			card, w := 0, int64(0)
			for _, e := range edges {
				if mate[e.I] == e.J {
					if mate[e.J] != e.I {
						t.Fatalf("iter %d: mate not symmetric: %v", iter, mate)
					}
					card++
					w += e.W
				}
			}
			for v, u := range mate {
				if u >= 0 && mate[u] != v {
					t.Fatalf("iter %d: mate not symmetric: %v", iter, mate)
				}
			}
			wantCard, wantW := brute(n, edges, maxCard)
			if maxCard && card != wantCard || w != wantW {
				t.Fatalf("iter %d (maxCard %v): n=%d edges=%v: got %d edges weight %d, want %d weight %d (mate %v)",
					iter, maxCard, n, edges, card, w, wantCard, wantW, mate)
			}
		}
	}
}

func TestMatchKnown(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		edges   []Edge
		maxCard bool
		want    []int
	}{
		{"empty", 0, nil, false, nil},
		{"single edge", 2, []Edge{{0, 1, 1}}, false, []int{1, 0}},
		{"path prefers heavy middle", 4, []Edge{{0, 1, 10}, {1, 2, 11}, {2, 3, 10}}, false, []int{1, 0, 3, 2}},
		{"path middle heavier", 4, []Edge{{0, 1, 5}, {1, 2, 11}, {2, 3, 5}}, false, []int{-1, 2, 1, -1}},
		{"max cardinality", 4, []Edge{{0, 1, 5}, {1, 2, 11}, {2, 3, 5}}, true, []int{1, 0, 3, 2}},
		{"negative weight skipped", 2, []Edge{{0, 1, -1}}, false, []int{-1, -1}},
		// A blossom (triangle 0-1-2) with a stem: van Rantwijk's test S-blossom.
		{"s-blossom", 4, []Edge{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}}, false, []int{1, 0, 3, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(tt.n, tt.edges, tt.maxCard)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}
