package dutch

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzPairNext reads any bytes as a TRF; whatever reads must pair without panicking, and
// the pairing must be legal: each player at most once, no two who already played each
// other or are forbidden to meet, at most one bye, to a player eligible for it.
func FuzzPairNext(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*-round01.trf"))
	fixtures, _ := filepath.Glob(filepath.Join("..", "testdata", "oracles", "bbpPairings", "test", "tests", "dutch*.input"))
	for _, name := range append(seeds[:min(len(seeds), 8)], fixtures...) {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("XXR 2\nXXC white1\n" + player(1, 0) + player(2, 0) + player(3, 0)))
	f.Add([]byte("XXR 3\nXXC black1\nXXP 1 2\nXXA    3  1.0  0.5\n192 FIDE_DUTCH_2025_BAKU\n" +
		player(1, 1, "   2 w 1") + player(2, 0, "   1 b 0") + player(3, 1, "0000 - U") + player(4, 0, "0000 - Z")))
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := ReadTRF(data)
		if err != nil || len(tour.Players) > 200 {
			return
		}
		pairs, err := PairNext(tour)
		if err != nil {
			return
		}
		forbidden := tour.forbiddenSets(tour.PlayedRounds)
		seen := map[int]bool{}
		byes := 0
		for _, p := range pairs {
			for _, n := range []int{p.White, p.Black} {
				if n == 0 {
					continue
				}
				if n < 1 || n > len(tour.Players) || seen[n] {
					t.Fatalf("player %d paired twice or unknown: %v", n, pairs)
				}
				seen[n] = true
			}
			w := &tour.Players[p.White-1]
			if p.Black == 0 {
				byes++
				if !tour.eligibleForBye(w) {
					t.Fatalf("bye to %d, who is not eligible: %v", p.White, pairs)
				}
				continue
			}
			if forbidden[w.ID][p.Black-1] {
				t.Fatalf("%d and %d may not meet: %v", p.White, p.Black, pairs)
			}
			for _, m := range w.Matches {
				if m.Played && m.Opponent == p.Black-1 {
					t.Fatalf("%d and %d meet again: %v", p.White, p.Black, pairs)
				}
			}
		}
		if byes > 1 {
			t.Fatalf("%d byes: %v", byes, pairs)
		}
	})
}
