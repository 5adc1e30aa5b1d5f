package dutch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBBPPairingsFixtures pairs bbpPairings' own Dutch test cases (vendored with its
// source) and requires its expected outputs.
func TestBBPPairingsFixtures(t *testing.T) {
	dir := filepath.Join("..", "testdata", "oracles", "bbpPairings", "test", "tests")
	for _, name := range []string{"dutch_2025_C5", "dutch_2025_C9", "issue_7"} {
		t.Run(name, func(t *testing.T) {
			checkPairing(t, filepath.Join(dir, name+".input"), filepath.Join(dir, name+".output.expected"))
		})
	}
}

// TestCorpus pairs the rounds kept in testdata/corpus (written by the e2e test with
// TBSHEET_BBP_CORPUS=1): each NAME.trf with bbpPairings' output in NAME.out.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("the corpus holds %d cases", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".trf")
		t.Run(name, func(t *testing.T) {
			checkPairing(t, f, strings.TrimSuffix(f, ".trf")+".out")
		})
	}
}

// checkPairing pairs the TRF in and requires bbpPairings' output, in want.
func checkPairing(t *testing.T, in, want string) {
	t.Helper()
	trf, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pairTRF(trf)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(out) {
		t.Errorf("got\n%s\nbbpPairings paired\n%s", got, out)
	}
}

// TestNoPairing covers tournaments where no legal pairing exists.
func TestNoPairing(t *testing.T) {
	tests := []struct {
		name string
		trf  string
	}{
		{"two players met", "XXR 2\nXXC white1\n" +
			player(1, 1, "   2 w 1") + player(2, 0, "   1 b 0")},
		{"round robin exhausted", "XXR 4\nXXC white1\n" +
			player(1, 3, "   2 w 1", "   3 b 1", "   4 w 1") +
			player(2, 2, "   1 b 0", "   4 w 1", "   3 b 1") +
			player(3, 1, "   4 b 1", "   1 w 0", "   2 w 0") +
			player(4, 0, "   3 w 0", "   2 b 0", "   1 b 0")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := ReadTRF([]byte(tt.trf))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := PairNext(tour); !errors.Is(err, ErrNoPairing) {
				t.Fatalf("got %v, want ErrNoPairing", err)
			}
		})
	}
}

// player writes a 001 record with the given rounds (each "OOOO C R", ten columns apart).
func player(number, points int, rounds ...string) string {
	line := []byte(strings.Repeat(" ", 91))
	copy(line, "001")
	copy(line[4:8], padLeft(number, 4))
	copy(line[80:84], padLeft(points, 2)+".0")
	return string(line) + strings.Join(rounds, "  ") + "\n"
}

func padLeft(n, width int) string {
	s := strings.Repeat(" ", width) + itoa(n)
	return s[len(s)-width:]
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestReadTRFErrors checks that bad files are refused with the line they are on.
func TestReadTRFErrors(t *testing.T) {
	tests := []struct {
		name, trf, want string
	}{
		{"no rounds", "XXC white1\n" + player(1, 0), "XXR"},
		{"bad colour", "XXR 3\n" + player(1, 1, "   2 x 1") + player(2, 0, "   1 b 0"), "line 2"},
		{"wrong points", "XXR 3\n" + player(1, 0, "   2 w 1") + player(2, 0, "   1 b 0"), "score for player 1"},
		{"contradiction", "XXR 3\n" + player(1, 1, "   2 w 1") + player(2, 0, "   1 w 0"), "contradicts"},
		{"repeated number", "XXR 3\n" + player(1, 0) + player(1, 0), "repeated"},
		{"missing number", "XXR 3\n" + player(2, 0), "missing"},
		{"team", "XXR 3\n013 Team\n", "team"},
		{"forbidden stranger", "XXR 3\nXXC white1\nXXP 1 7\n" + player(1, 0) + player(2, 0), "start number 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadTRF([]byte(tt.trf))
			if err == nil || !errors.Is(err, ErrTRF) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an ErrTRF naming %q", err, tt.want)
			}
		})
	}
}
