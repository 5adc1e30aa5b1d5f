package suggest

import (
	"cmp"
	"slices"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"mtg-omv", "mtg-omw", 1}, {"kitten", "sitting", 3}, {"王小明", "王晓明", 1}, {"abc", "", 3}, {"kst", "kts", 1}, {"ca", "abc", 3}} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	ids := []string{"mtg-omw", "mtg-ogw", "pkm-owp", "kts-omw"}
	for _, tt := range []struct {
		word string
		want string
	}{{"mtg-omv", "mtg-omw"}, {"pkm-owq", "pkm-owp"}, {"xyz", ""}, {"mtg", ""}} {
		if got := Closest(tt.word, ids, 2, nil); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	names := []string{"Alice Smith", "Bob"}
	if got := Closest("alice smyth", names, 2, strings.ToLower); got != "Alice Smith" {
		t.Errorf("with a key: %q", got)
	}
	if got := Closest("rxx", names, 2, strings.ToLower); got != "" {
		t.Errorf("a third of a short name is the limit: %q", got)
	}
}

func TestTypoPairs(t *testing.T) {
	keys := []string{"jon smith", "john smith", "player 7", "player 8", "al", "ed", "", "alice", "alcie", "zoe king"}
	got := TypoPairs(keys)
	slices.SortFunc(got, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	want := [][2]int{{0, 1}, {7, 8}}
	if !slices.Equal(got, want) {
		t.Errorf("TypoPairs = %v, want %v", got, want)
	}
}
