package matching

import (
	"math/rand/v2"
	"testing"
)

// bruteMax returns the largest total weight of a matching of the graph, by trying every
// matching.
func bruteMax(n int, w [][]uint64) uint64 {
	var best uint64
	var rec func(used uint, total uint64)
	rec = func(used uint, total uint64) {
		i := 0
		for i < n && used&(1<<i) != 0 {
			i++
		}
		if i == n {
			best = max(best, total)
			return
		}
		rec(used|1<<i, total)
		for j := i + 1; j < n; j++ {
			if used&(1<<j) == 0 && w[i][j] != 0 {
				rec(used|1<<i|1<<j, total+w[i][j])
			}
		}
	}
	rec(0, 0)
	return best
}

func TestComputerAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name      string
		maxN      int
		maxWeight uint64
		words     int
		updates   int
	}{
		{"small weights", 9, 4, 1, 0},
		{"wide weights", 10, 1000, 1, 0},
		{"two words", 8, 50, 2, 0},
		{"updates", 10, 20, 1, 6},
		{"updates two words", 9, 7, 2, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.name))))
			for iter := range 400 {
				n := 1 + rng.IntN(tt.maxN)
				maxW := NewUint(tt.words)
				maxW.SetSmall(tt.maxWeight)
				c := NewComputer(n, maxW)
				w := make([][]uint64, n)
				for i := range w {
					w[i] = make([]uint64, n)
					c.AddVertex()
				}
				set := func(i, j int) {
					x := uint64(0)
					if rng.IntN(3) > 0 {
						x = rng.Uint64N(tt.maxWeight + 1)
					}
					w[i][j], w[j][i] = x, x
					u := NewUint(tt.words)
					u.SetSmall(x)
					c.SetEdgeWeight(i, j, u)
				}
				for i := range n {
					for j := range i {
						set(i, j)
					}
				}
				for round := 0; round <= tt.updates; round++ {
					if round > 0 {
						i := rng.IntN(n)
						for j := range n {
							if j != i && rng.IntN(2) == 0 {
								set(i, j)
							}
						}
					}
					c.ComputeMatching()
					mate := c.Matching()
					var total uint64
					for i, j := range mate {
						if mate[j] != i {
							t.Fatalf("iteration %d: not symmetric: %v", iter, mate)
						}
						if j > i {
							if w[i][j] == 0 {
								t.Fatalf("iteration %d: matched a non-edge %d-%d", iter, i, j)
							}
							total += w[i][j]
						}
					}
					if want := bruteMax(n, w); total != want {
						t.Fatalf("iteration %d round %d (n=%d): weight %d, want %d", iter, round, n, total, want)
					}
				}
			}
		})
	}
}
