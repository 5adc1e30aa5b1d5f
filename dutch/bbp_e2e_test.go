//go:build e2e

package dutch

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/rusage"
)

var (
	oracleOnce sync.Once
	oracleExe  string
	oracleErr  error
)

// oracle builds bbpPairings from the vendored source into the user cache directory, once
// per source version, and returns the executable. A missing compiler fails the test.
func oracle(t testing.TB) string {
	t.Helper()
	oracleOnce.Do(func() {
		src := filepath.Join("..", "testdata", "oracles", "bbpPairings")
		h := sha256.New()
		oracleErr = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s %d\n", path, len(b))
			h.Write(b)
			return nil
		})
		if oracleErr != nil {
			return
		}
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir := filepath.Join(cache, "tbsheet", "bbpPairings-"+hex.EncodeToString(h.Sum(nil))[:16])
		exe := filepath.Join(dir, "bbpPairings.exe")
		if _, err := os.Stat(exe); err == nil {
			oracleExe = exe
			return
		}
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			oracleErr = err
			return
		}
		tmp, err := os.MkdirTemp(filepath.Dir(dir), "build-")
		if err != nil {
			oracleErr = err
			return
		}
		defer os.RemoveAll(tmp)
		if err := os.CopyFS(tmp, os.DirFS(src)); err != nil {
			oracleErr = err
			return
		}
		cmd := exec.Command("make", "-j2")
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			oracleErr = fmt.Errorf("building bbpPairings with make and g++: %v\n%s", err, out)
			return
		}
		if err := os.Rename(tmp, dir); err != nil && !errors.Is(err, fs.ErrExist) {
			oracleErr = err
			return
		}
		oracleExe = exe
	})
	if oracleErr != nil {
		t.Fatalf("the bbpPairings oracle: %v", oracleErr)
	}
	return oracleExe
}

// oraclePair runs bbpPairings on a TRF and returns its output file, or noPairing.
func oraclePair(t testing.TB, exe string, trf []byte) string {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "t.trf"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, trf, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "--dutch", in, "-p", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return noPairing
	}
	if err != nil {
		t.Fatalf("bbpPairings: %v: %s\n%s", err, stderr.String(), trf)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// generate has bbpPairings generate a random tournament. When the generator finds no
// pairing for a round (small tournaments with many rounds), complete is false and the file
// holds the rounds before it.
func generate(t testing.TB, exe string, seed uint64, config string) (trf []byte, complete bool) {
	t.Helper()
	dir := t.TempDir()
	args := []string{"--dutch"}
	if config != "" {
		cfg := filepath.Join(dir, "config.txt")
		if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-g", cfg)
	} else {
		args = append(args, "-g")
	}
	out := filepath.Join(dir, "gen.trf")
	args = append(args, "-o", out, "-s", strconv.FormatUint(seed, 10))
	b, err := exec.Command(exe, args...).CombinedOutput()
	complete = err == nil
	if err != nil && !bytes.Contains(b, []byte("No valid pairing exists")) {
		t.Fatalf("generating seed %d: %v\n%s", seed, err, b)
	}
	trf, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return trf, complete
}

// extraRecords varies the tournaments beyond what the generator makes, by seed: the Baku
// acceleration (192), accelerations given player by player (XXA), pairs forbidden to meet
// (XXP, 260), and a player declared absent (240).
func extraRecords(seed uint64, round, total int, trf []byte) []byte {
	players := 0
	for _, line := range strings.FieldsFunc(string(trf), func(r rune) bool { return r == '\r' || r == '\n' }) {
		if strings.HasPrefix(line, "001") {
			players++
		}
	}
	var b strings.Builder
	switch seed % 6 {
	case 1:
		b.WriteString("192 FIDE_DUTCH_2025_BAKU\n")
	case 3:
		// The top third gets a point in the first half of the rounds, a half point after.
		for p := 1; p <= players/3; p++ {
			fmt.Fprintf(&b, "XXA %4d", p)
			for r := 0; r < total; r++ {
				switch {
				case r < total/4:
					b.WriteString("  1.0")
				case r < total/2:
					b.WriteString("  0.5")
				default:
					b.WriteString("  0.0")
				}
			}
			b.WriteString("\n")
		}
	case 2:
		// A player declared absent from the round to pair (240), and two players who may
		// not meet in any round (260).
		if players > 4 {
			a := 1 + int((seed*13+uint64(round)*5)%uint64(players))
			c := 1 + a%players
			fmt.Fprintf(&b, "240 Z %3d %4d\n", round+1, a)
			fmt.Fprintf(&b, "260 %3d %3d %4d %4d\n", 1, total, c, 1+c%players)
		}
	case 5:
		// Pairs of neighbours by seed and round may not meet.
		for k := 0; k < 3 && players > 4; k++ {
			a := 1 + int((seed*7+uint64(round)*3+uint64(k)*11)%uint64(players))
			c := 1 + (a+k)%players
			if a != c {
				fmt.Fprintf(&b, "XXP %d %d\n", a, c)
			}
		}
	}
	return []byte(b.String())
}

// roundsIn is the number of rounds a generated tournament holds.
func roundsIn(trf []byte) int {
	n := 0
	for _, line := range strings.FieldsFunc(string(trf), func(r rune) bool { return r == '\r' || r == '\n' }) {
		if strings.HasPrefix(line, "001") && len(line) > 91 {
			n = max(n, (len(line)-91+2)/10)
		}
	}
	return n
}

// generatorConfigs are the random tournaments' shapes, in bbpPairings' generator
// configuration (see README.txt there).
var generatorConfigs = []struct {
	name   string
	rounds int // RoundsNumber (0: the generator's default)
	config string
}{
	{"default", 0, ""},
	{"small", 7, "PlayersNumber=9\nRoundsNumber=7\n"},
	{"byes and forfeits", 9, "PlayersNumber=31\nRoundsNumber=9\nForfeitRate=8\nRetiredRate=40\nHalfPointByeRate=15\nDrawPercentage=40\n"},
	{"long", 15, "PlayersNumber=20\nRoundsNumber=15\nDrawPercentage=10\n"},
	{"half-point byes", 11, "PlayersNumber=45\nRoundsNumber=11\nHalfPointByeRate=30\nForfeitRate=3\n"},
	{"three points a win", 8, "PlayersNumber=26\nRoundsNumber=8\nPointsForWin=3\nPointsForDraw=1\nPointsForPAB=2\nHalfPointByeRate=10\nForfeitRate=5\n"},
}

// TestEqualsBBPPairings pairs every round of random tournaments and requires the same
// output as bbpPairings. TBSHEET_BBP_SECONDS bounds the run (default 60);
// TBSHEET_BBP_CORPUS=1 rewrites the fast suite's corpus (testdata/corpus) from the first
// seeds: the first, a middle and the last round of each, and every round without a pairing.
func TestEqualsBBPPairings(t *testing.T) {
	writeCorpus := os.Getenv("TBSHEET_BBP_CORPUS") != ""
	corpus := filepath.Join("testdata", "corpus")
	if writeCorpus {
		if err := os.RemoveAll(corpus); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(corpus, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	exe := oracle(t)
	budget := 60 * time.Second
	if s := os.Getenv("TBSHEET_BBP_SECONDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("TBSHEET_BBP_SECONDS: %v", err)
		}
		budget = time.Duration(n) * time.Second
	}
	deadline := time.Now().Add(budget)
	cases, failures, tournaments := 0, 0, 0
	for seed := uint64(1); time.Now().Before(deadline) && failures < 5; seed++ {
		tournaments++
		cfg := generatorConfigs[int(seed)%len(generatorConfigs)]
		gen, complete := generate(t, exe, seed, cfg.config)
		played := roundsIn(gen)
		first, total := 0, played
		if !complete {
			// Only the round the generator could not pair.
			first, total = played, max(cfg.rounds, played+1)
		}
		initial := []string{"white1", "black1"}[seed%2]
		for r := first; r < min(total, played+1); r++ {
			trf := append(truncateTRF(gen, r, total, initial), extraRecords(seed, r, total, gen)...)
			want := oraclePair(t, exe, trf)
			if writeCorpus && seed <= 16 && (r == 0 || r == total/2 || r == total-1 || want == noPairing) {
				name := filepath.Join(corpus, fmt.Sprintf("seed%02d-round%02d", seed, r+1))
				if err := os.WriteFile(name+".trf", trf, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name+".out", []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := pairTRF(trf)
			cases++
			if err != nil || got != want {
				failures++
				t.Errorf("seed %d (%s), round %d: got %q (err %v), bbpPairings %q\n%s", seed, cfg.name, r+1, got, err, want, trf)
				break
			}
		}
	}
	t.Logf("%d rounds of %d tournaments compared", cases, tournaments)
}

// BenchmarkOpen1000 pairs round 4 of a 1,000-player open (generated by bbpPairings) with
// bbpPairings and with this package, in the same run, and reports the CPU time of each and
// their ratio: go test -tags e2e -run XXX -bench Open1000 -benchtime 1x ./dutch/
func BenchmarkOpen1000(b *testing.B) {
	exe := oracle(b)
	in := filepath.Join("testdata", "open1000-round4.trf")
	trf, err := os.ReadFile(in)
	if err != nil {
		b.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "open1000-round4.out"))
	if err != nil {
		b.Fatal(err)
	}
	var oracleNs float64
	b.Run("bbpPairings", func(b *testing.B) {
		var total time.Duration
		for b.Loop() {
			cmd := exec.Command(exe, "--dutch", in, "-p", filepath.Join(b.TempDir(), "out.txt"))
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("bbpPairings: %v\n%s", err, out)
			}
			cpu, _ := rusage.Child(cmd.ProcessState)
			total += cpu
		}
		oracleNs = float64(total) / float64(b.N)
		b.ReportMetric(oracleNs/1e6, "cpu-ms/op")
	})
	b.Run("tbsheet", func(b *testing.B) {
		start := rusage.CPU()
		for b.Loop() {
			got, err := pairTRF(trf)
			if err != nil || got != string(want) {
				b.Fatalf("the pairing differs from bbpPairings' (err %v)", err)
			}
		}
		ns := rusage.ReportCPU(b, start)
		if oracleNs > 0 {
			b.ReportMetric(ns/oracleNs, "x-bbpPairings")
		}
	})
}
