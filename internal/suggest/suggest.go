// Package suggest finds the name a user probably meant, for "did you mean" messages: a
// mistyped tiebreak id on the command line, a misspelt player name in a results sheet.
package suggest

import "unicode/utf8"

// Closest returns the candidate nearest to word in edit distance when it is a likely typo:
// at most maxDist edits, and (for short names) no more than a third of the candidate's
// letters. key turns a candidate into the form word is compared with (nil: as is). It returns
// "" when nothing is close enough.
func Closest(word string, candidates []string, maxDist int, key func(string) string) string {
	best, bestDist := "", maxDist+1
	n := utf8.RuneCountInString(word)
	for _, c := range candidates {
		k := c
		if key != nil {
			k = key(c)
		}
		// The distance is at least the difference of the lengths: most candidates of a
		// long list are out at that.
		if m := utf8.RuneCountInString(k); m-n >= bestDist || n-m >= bestDist {
			continue
		}
		if d := Distance(word, k); d < bestDist && d*3 <= len([]rune(k)) {
			best, bestDist = c, d
		}
	}
	return best
}

// Distance is the edit distance between a and b (optimal string alignment: insertions,
// deletions, substitutions and swaps of two neighbours each count one), in runes so that a
// typo in a Chinese or Japanese name counts once.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// rows i-2, i-1 and i of the dynamic-programming table
	prev2, prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
