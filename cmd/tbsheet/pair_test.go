package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/watch"
)

// TestPairCommandLine runs pair as a user types it and compares everything it prints.
func TestPairCommandLine(t *testing.T) {
	checkCommandLines(t, []cliTest{
		{"pair-fnm", []string{"pair", "samples/fnm-store.xlsx", "--seed", "7"}, 0},
		{"pair-fnm-json", []string{"pair", "samples/fnm-store.xlsx", "--seed", "7", "--to", "json"}, 0},
		{"pair-fnm-by-name-ja", []string{"pair", "samples/fnm-store.xlsx", "--seed", "7", "--by", "name", "--lang", "ja", "-q"}, 0},
		{"pair-fnm-options", []string{"pair", "samples/fnm-store.xlsx", "--seed", "7", "--drop", "Grace", "--avoid", "mason=isaac rivera",
			"--fixed-table", "Zoe Williams=1"}, 0},
		{"pair-check-wer", []string{"pair", "samples/fnm-modern.wer", "--check"}, 0},
		{"pair-check-kts", []string{"pair", "samples/kts-locals.Tournament", "--check"}, exitInput},
		{"pair-check-tdf", []string{"pair", "samples/pokemon-league-cup.tdf", "--check", "-q"}, exitInput},
		{"input-pair-round-in-play", []string{"pair", "samples/scenarios-rcq.xlsx"}, exitInput},
		{"input-pair-no-pairing", []string{"pair", "samples/f1.csv", "-q"}, exitInput},
		{"input-pair-cut-begun", []string{"pair", "samples/challonge-swiss.json", "-q"}, exitInput},
		{"usage-pair-unknown-player", []string{"pair", "samples/fnm-store.xlsx", "--drop", "Grase Murphy"}, exitUsage},
		{"usage-pair-avoid", []string{"pair", "samples/fnm-store.xlsx", "--avoid", "Grace Murphy"}, exitUsage},
		{"usage-pair-fixed", []string{"pair", "samples/fnm-store.xlsx", "--fixed-table", "Grace=first"}, exitUsage},
		{"input-pair-apply-wer", []string{"pair", "samples/fnm-modern.wer", "--apply"}, exitInput},
		{"usage-pair-check-apply", []string{"pair", "samples/fnm-store.xlsx", "--check", "--apply"}, exitUsage},
		{"pair-trf-dutch", []string{"pair", "dutch/testdata/corpus/seed02-round05.trf"}, 0},
		{"pair-trf-dutch-json", []string{"pair", "dutch/testdata/corpus/seed02-round05.trf", "--to", "json"}, 0},
		{"pair-trf-dutch-options", []string{"pair", "dutch/testdata/corpus/seed02-round05.trf", "--drop", "Player0002",
			"--avoid", "Player0014=Player0010", "-q"}, 0},
		{"input-pair-trf-no-rounds", []string{"pair", "testdata/fide/tec-exercise-2024.trf", "-q"}, exitInput},
		{"usage-pair-trf-fixed", []string{"pair", "dutch/testdata/corpus/seed02-round05.trf", "--fixed-table", "Player0002=1"}, exitUsage},
	})
}

// TestPairJSON: --to json has the shape docs/pair.md gives, every active player once.
func TestPairJSON(t *testing.T) {
	code, stdout, stderr := runAt(t, "../..", "pair", "samples/fnm-store.xlsx", "--seed", "3", "--to", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Round  int `json:"round"`
		Tables []struct {
			Table   int       `json:"table"`
			Players [2]string `json:"players"`
		} `json:"tables"`
		Byes []string `json:"byes"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, tb := range doc.Tables {
		if tb.Table != i+1 {
			t.Errorf("table %d listed as %d", i+1, tb.Table)
		}
		for _, p := range tb.Players {
			seen[p] = true
		}
	}
	for _, b := range doc.Byes {
		seen[b] = true
	}
	if doc.Round != 5 || len(seen) != 15 || len(doc.Byes) != 1 {
		t.Fatalf("round %d, %d players, byes %v: %s", doc.Round, len(seen), doc.Byes, stdout)
	}
}

// TestPairApply: --apply writes the round into a copy of the workbook, keeps the file as it
// was byte for byte, and the round reads back as the pairings of the round in play; a
// second run refuses (the round is being played); a lock file beside the workbook (Excel's,
// LibreOffice's) stops it before anything is written.
func TestPairApply(t *testing.T) {
	dir := t.TempDir()
	in := copyInput(t, "../../samples/fnm-store.xlsx", dir, "results.xlsx")
	orig, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, lock := range []string{"~$results.xlsx", ".~lock.results.xlsx#"} {
		path := filepath.Join(dir, lock)
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runAt(t, dir, "pair", "results.xlsx", "--apply")
		if code != exitInput || !strings.Contains(stderr, "open in Excel or LibreOffice") {
			t.Fatalf("with %s: exit %d: %s", lock, code, stderr)
		}
		if got, _ := os.ReadFile(in); !bytes.Equal(got, orig) {
			t.Fatalf("with %s: the workbook changed", lock)
		}
		os.Remove(path)
	}
	code, paired, stderr := runAt(t, dir, "pair", "results.xlsx", "--apply", "--seed", "5", "--to", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	backup, err := os.ReadFile(filepath.Join(dir, "results.before-round-5.xlsx"))
	if err != nil || !bytes.Equal(backup, orig) {
		t.Fatalf("the copy of the workbook as it was is missing or differs: %v", err)
	}
	code, listed, stderr := runAt(t, dir, "pairings", "results.xlsx", "--to", "csv")
	if code != 0 || listed != paired {
		t.Fatalf("pairings after --apply (exit %d, %s):\n%s\nwant:\n%s", code, stderr, listed, paired)
	}
	if code, _, stderr := runAt(t, dir, "pair", "results.xlsx", "--apply"); code != exitInput || !strings.Contains(stderr, "round 5 is being played") {
		t.Fatalf("a second --apply: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "results.before-round-5-2.xlsx")); err == nil {
		t.Fatal("a refused --apply kept a copy")
	}
}

// TestWatchSeesApply: a watch on the workbook (the real watcher, fsnotify) writes the new
// round's pairings as soon as pair --apply writes the round in.
func TestWatchSeesApply(t *testing.T) {
	dir := t.TempDir()
	in := copyInput(t, "../../samples/fnm-store.xlsx", dir, "results.xlsx")
	round := filepath.Join(dir, "round.txt")
	var cfg watch.Config
	var job watch.Job
	cmd := newWatchCmdRunning(func(_ context.Context, c watch.Config, j watch.Job) error {
		cfg, job = c, j
		return nil
	})
	cmd.SetArgs([]string{in, "-o", filepath.Join(dir, "standings.csv"), "--pairings", round, "-q"})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	cfg.Debounce = 50 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- watch.Run(ctx, cfg, job) }()
	defer func() {
		cancel()
		<-done
	}()
	time.Sleep(300 * time.Millisecond) // the watcher's first run: every round has its results
	if code, _, stderr := runAt(t, dir, "pair", "results.xlsx", "--apply", "--seed", "1", "-q"); code != 0 {
		t.Fatalf("pair --apply: exit %d: %s", code, stderr)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		got, _ := os.ReadFile(round)
		if strings.Contains(string(got), "Round 5 pairings") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("watch did not write round 5's pairings after --apply; round.txt:\n%s", got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// copyInput copies the file src to dir/name, as the organizer's own file for a test to
// change, and returns its path.
func copyInput(t testing.TB, src, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPairTRFEqualsBBPPairings: pair on a TRF prints, board for board and colour for colour,
// the pairing bbpPairings made of it (its output file beside the TRF: the number of pairs,
// then "WHITE BLACK" start numbers, "N 0" for the bye).
func TestPairTRFEqualsBBPPairings(t *testing.T) {
	for _, name := range []string{"seed01-round01", "seed03-round08", "seed06-round05", "seed12-round05"} {
		t.Run(name, func(t *testing.T) {
			base := filepath.Join("dutch", "testdata", "corpus", name)
			code, stdout, stderr := runAt(t, "../..", "pair", base+".trf", "--to", "json", "-q")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var doc struct {
				Tables []struct {
					Players [2]string `json:"players"`
				} `json:"tables"`
				Byes []string `json:"byes"`
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			trf, err := os.ReadFile(filepath.Join("..", "..", base+".trf"))
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]string{} // start number → name
			for _, line := range strings.Split(string(trf), "\n") {
				if strings.HasPrefix(line, "001") && len(line) > 47 {
					names[strings.TrimSpace(line[4:8])] = strings.TrimSpace(line[14:47])
				}
			}
			var got []string
			for _, tb := range doc.Tables {
				got = append(got, tb.Players[0]+" – "+tb.Players[1])
			}
			for _, b := range doc.Byes {
				got = append(got, b+" – bye")
			}
			out, err := os.ReadFile(filepath.Join("..", "..", base+".out"))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n")[1:] {
				w, b, _ := strings.Cut(line, " ")
				if b == "0" {
					want = append(want, names[w]+" – bye")
				} else {
					want = append(want, names[w]+" – "+names[b])
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("tbsheet pair:\n%s\nbbpPairings:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestPairTRFApply: --apply writes the chess round into the TRF (White "w", Black "b", the
// bye "U"); pairing again refuses while that round waits for its results.
func TestPairTRFApply(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "dutch", "testdata", "corpus", "seed02-round05.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "event.trf"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runAt(t, dir, "pair", "event.trf", "--apply", "-q"); code != 0 {
		t.Fatalf("--apply: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "event.trf"))
	if err != nil {
		t.Fatal(err)
	}
	// bbpPairings: board 1 is 14 (White) against 10, and 2 has the bye.
	for _, want := range []string{"001   14", "001   10", "001    2"} {
		var line string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, want) {
				line = strings.TrimRight(l, " \r")
			}
		}
		end := map[string]string{"001   14": "10 w", "001   10": "14 b", "001    2": "0000 - U"}[want]
		if !strings.HasSuffix(line, end) {
			t.Errorf("%s… ends %q, want %q", want, line[max(0, len(line)-12):], end)
		}
	}
	code, _, stderr := runAt(t, dir, "pair", "event.trf")
	if code != exitInput || !strings.Contains(stderr, "round 5 is being played") {
		t.Fatalf("pairing again: exit %d: %s", code, stderr)
	}
}

// TestPairCheckChess: pair --check on a TRF pairs every round again by the FIDE Dutch
// system: a tournament bbpPairings paired agrees (its first colour taken from round 1), a
// hand-paired one is named round by round, exit 1.
func TestPairCheckChess(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../dutch/testdata/corpus/seed06-round05.trf")
	if err != nil {
		t.Fatal(err)
	}
	// The corpus's XXC was added after its rounds were paired: without it, round 1 says.
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "XXC") {
			kept = append(kept, line)
		}
	}
	put(t, dir, map[string]string{"dutch.trf": strings.Join(kept, "\n")})
	code, stdout, stderr := runAt(t, dir, "pair", "dutch.trf", "--check")
	if code != exitOK || !strings.Contains(stdout, "dutch.trf: the pairings of its 4 rounds are the FIDE Dutch system's") {
		t.Errorf("a Dutch tournament: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runAt(t, "../..", "pair", "testdata/trf/lakeside-open-2025.trf", "--check")
	if code != exitInput || !strings.Contains(stdout, "round 2: the Dutch system pairs") ||
		!strings.Contains(stderr, "4 rounds differ from the FIDE Dutch system") {
		t.Errorf("a hand-paired tournament: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestPairChessWorkbook: a chess event kept in a CSV with White and Black columns is paired
// by the FIDE Dutch system (--system fide, --rounds for the rounds it plans), its round
// written in with --apply, and the next round is bbpPairings' (checked on the TRF of the same
// event: Boris–Anna, Emil–Dana, the bye to Chen). Its 1-0 and ½-½ are no mix of result kinds.
func TestPairChessWorkbook(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, map[string]string{
		"p.csv": "Name,Rating\nAnna,2100\nBoris,2050\nChen,2000\nDana,1950\nEmil,1900\n",
		"r.csv": "Round,Table,White,Black,Result\n",
	})
	code, stdout, stderr := runAt(t, dir, "pair", "r.csv", "--players", "p.csv", "--system", "fide", "--rounds", "3", "--apply", "-q")
	if code != exitOK {
		t.Fatalf("round 1: exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Round,Table,White,Black,Result\n1,1,Anna,Chen,\n1,2,Dana,Boris,\n1,,Emil,,BYE\n"; string(data) != want {
		t.Fatalf("round 1 written:\n%s\nwant\n%s", data, want)
	}
	put(t, dir, map[string]string{"r.csv": "Round,Table,White,Black,Result\n1,1,Anna,Chen,1-0\n1,2,Dana,Boris,½-½\n1,,Emil,,BYE\n"})
	code, stdout, stderr = runAt(t, dir, "pair", "r.csv", "--players", "p.csv", "--system", "fide", "--rounds", "3", "--to", "json")
	var doc struct {
		Tables []struct{ Players []string }
		Byes   []string
	}
	if code != exitOK || json.Unmarshal([]byte(stdout), &doc) != nil || strings.Contains(stderr, "warning") {
		t.Fatalf("round 2: exit %d\n%s%s", code, stdout, stderr)
	}
	var got []string
	for _, tb := range doc.Tables {
		got = append(got, strings.Join(tb.Players, "–"))
	}
	if want := []string{"Boris–Anna", "Emil–Dana"}; !slices.Equal(got, want) || !slices.Equal(doc.Byes, []string{"Chen"}) {
		t.Errorf("round 2: %q, byes %q; want %q, bye Chen", got, doc.Byes, want)
	}
}

// TestPairTRFWithoutXXR: a TRF that does not say how many rounds it plans is refused with the
// way out, and --rounds pairs it as the file with its XXR is paired.
func TestPairTRFWithoutXXR(t *testing.T) {
	data, err := os.ReadFile("../../dutch/testdata/corpus/seed06-round03.trf")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	planned := ""
	for _, line := range strings.Split(string(data), "\n") {
		if n, ok := strings.CutPrefix(line, "XXR "); ok {
			planned = strings.TrimSpace(n)
			continue
		}
		kept = append(kept, line)
	}
	dir := t.TempDir()
	put(t, dir, map[string]string{"with.trf": string(data), "without.trf": strings.Join(kept, "\n")})
	code, _, stderr := runAt(t, dir, "pair", "without.trf")
	if code != exitInput || !strings.Contains(stderr, "give --rounds N") {
		t.Errorf("without XXR: exit %d\n%s", code, stderr)
	}
	_, want, _ := runAt(t, dir, "pair", "with.trf", "--to", "json", "-q")
	code, got, stderr := runAt(t, dir, "pair", "without.trf", "--rounds", planned, "--to", "json", "-q")
	if code != exitOK || got != want || want == "" {
		t.Errorf("--rounds %s: exit %d\n%s\nwant\n%s%s", planned, code, got, want, stderr)
	}
}
