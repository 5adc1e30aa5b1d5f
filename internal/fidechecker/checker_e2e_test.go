//go:build e2e

// Package fidechecker_test holds the differential test of tbsheet's chess keys against FIDE's
// own tie-break checker (TEC's tiebreakchecker.py): random Swiss events are written as TRF by
// tbsheet's writer, read back by tbsheet's reader, ranked by calc and by the checker, and
// every value both compute must be equal, under the 2023 and the 2026 rules. The package has
// no code of its own; like internal/roundtrip it joins packages that must not import each
// other.
//
// The checker is not part of tbsheet: the test runs the copy vendored under
// testdata/oracles/fide-tiebreakchecker/ (MIT, see its LICENSE and SOURCE.md), or the one
// the environment variable TBSHEET_FIDE_CHECKER names (the folder, or tiebreakchecker.py
// itself), with python3; it fails when python3 is missing.
package fidechecker_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// keys are the chess keys both compute, by tbsheet id; calc.FIDECode gives the checker's
// code for each (without the rule set suffix /V1 or /V2). Direct encounter is compared apart
// (its values are ranks within the tied group in both, numbered differently).
var keys = []string{
	"fide-bh", "fide-bh-c1", "fide-bh-c2", "fide-bh-m1", "fide-bh-m2",
	"fide-fb", "fide-fb-c1", "fide-fb-m1",
	"fide-aob",
	"fide-sb", "fide-sb-c1", "fide-sb-c2", "fide-sb-m1", "fide-sb-m2",
	"fide-koya",
	"fide-ps", "fide-ps-c1", "fide-ps-c2",
	"fide-win", "fide-won", "fide-bpg", "fide-bwg", "fide-ge",
	"fide-aro", "fide-aro-c1", "fide-aro-m1",
	"fide-tpr", "fide-ptp", "fide-apro", "fide-appo",
}

// ratingKey reports whether the checker leaves a key undefined for everyone as soon as one
// player of the event is unrated (tbsheet leaves it n/a only for whoever met him).
func ratingKey(id string) bool {
	switch id {
	case "fide-aro", "fide-aro-c1", "fide-aro-m1", "fide-tpr", "fide-ptp", "fide-apro", "fide-appo":
		return true
	}
	return false
}

// ruleSets are tbsheet's --fide-rules values and the checker's matching suffixes.
var ruleSets = []struct{ rules, suffix string }{{calc.FIDE2023, "/V1"}, {calc.FIDE2026, "/V2"}}

// sizes are the events generated: players, rounds, and how many seeds of each. Small events
// have the most ties, perfect scores and players with few games; large ones the most
// combinations of unplayed rounds.
var sizes = []struct{ players, rounds, seeds int }{
	{5, 3, 40}, {8, 4, 40}, {11, 5, 40}, {16, 5, 40}, {24, 7, 30}, {40, 7, 30}, {75, 9, 15}, {150, 9, 5},
}

// checkerScript returns the path of tiebreakchecker.py, or fails the test.
func checkerScript(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("TBSHEET_FIDE_CHECKER")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(root, "testdata", "oracles", "fide-tiebreakchecker")
	}
	script := dir
	if !strings.HasSuffix(script, ".py") {
		script = filepath.Join(dir, "tiebreakchecker.py")
	}
	if _, err := os.Stat(script); err != nil {
		t.Fatalf("FIDE's tie-break checker is needed (set TBSHEET_FIDE_CHECKER to its folder): %v", err)
	}
	return script
}

// python runs FIDE's checker.
type python struct {
	exe, script string
	env         []string
}

// checkerPython finds the checker and the Python interpreter behind python3 (a version
// manager's shim costs more than the checker), and lets Python cache the checker's compiled
// modules in a folder of the test's own: the checker's folder is not ours to write in.
func checkerPython(t *testing.T) python {
	t.Helper()
	py := python{script: checkerScript(t)}
	exe, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed to run FIDE's tie-break checker: %v", err)
	}
	out, err := exec.Command(exe, "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		t.Fatalf("%s: %v", exe, err)
	}
	py.exe = exe
	if real := strings.TrimSpace(string(out)); real != "" {
		py.exe = real
	}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PYTHONDONTWRITEBYTECODE=") && !strings.HasPrefix(kv, "PYTHONPYCACHEPREFIX=") {
			py.env = append(py.env, kv)
		}
	}
	py.env = append(py.env, "PYTHONPYCACHEPREFIX="+t.TempDir())
	return py
}

// repoRoot returns the folder of go.mod above the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the test's folder")
		}
		dir = up
	}
}

// tally counts the values compared per key and rule set, and the kinds of rounds and players
// generated, so that nothing passes by comparing nothing.
type tally struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *tally) add(k string, n int) {
	c.mu.Lock()
	c.n[k] += n
	c.mu.Unlock()
}

// TestFIDECheckerAgrees is the differential test: every value of every key both compute,
// for every player of a few hundred generated events, under both rule sets.
func TestFIDECheckerAgrees(t *testing.T) {
	py := checkerPython(t)
	counts := &tally{n: map[string]int{}}
	events := 0
	t.Run("events", func(t *testing.T) {
		for _, size := range sizes {
			for seed := 1; seed <= size.seeds; seed++ {
				events++
				cfg := chessConfig{players: size.players, rounds: size.rounds, seed: uint64(seed)}
				if seed%3 == 0 {
					cfg.unrated = 0.15
				}
				t.Run(fmt.Sprintf("%dx%d-seed%d", cfg.players, cfg.rounds, seed), func(t *testing.T) {
					t.Parallel()
					compareEvent(t, py, cfg, counts)
				})
			}
		}
	})
	ids := slices.Clone(kinds)
	for _, rs := range ruleSets {
		for _, id := range append(keys, "fide-de") {
			ids = append(ids, id+" "+rs.rules)
		}
	}
	if counts.n["events"] < events { // -run chose some events
		t.Logf("%d of %d events compared: what they cover is not checked", counts.n["events"], events)
		return
	}
	for _, id := range ids {
		if counts.n[id] == 0 {
			t.Errorf("%s: none in the events compared", id)
		}
	}
	if testing.Verbose() {
		for _, id := range ids {
			t.Logf("%s: %d", id, counts.n[id])
		}
	}
}

// kinds are the rounds and players the events must include, counted by countKinds.
var kinds = []string{"game", "pairing-allocated bye", "full-point bye", "half-point bye", "zero-point bye",
	"forfeit", "double forfeit", "late entry", "withdrawal", "unrated player"}

// countKinds counts the kinds of rounds and players of a generated event.
func countKinds(g chessEvent, counts *tally) {
	counts.add("late entry", g.lateEntry)
	counts.add("withdrawal", g.withdrawal)
	for _, rd := range g.ev.Rounds {
		for _, m := range rd.Matches {
			switch m.Result {
			case tbsheet.Win, tbsheet.Loss, tbsheet.Draw:
				counts.add("game", 1)
			case tbsheet.Bye:
				if m.FullPointBye {
					counts.add("full-point bye", 1)
				} else {
					counts.add("pairing-allocated bye", 1)
				}
			case tbsheet.HalfBye:
				counts.add("half-point bye", 1)
			case tbsheet.ZeroBye:
				counts.add("zero-point bye", 1)
			case tbsheet.ForfeitWin, tbsheet.ForfeitLoss:
				counts.add("forfeit", 1)
			case tbsheet.DoubleForfeit:
				counts.add("double forfeit", 1)
			}
		}
	}
	for _, p := range g.ev.Players {
		if p.Rating == 0 {
			counts.add("unrated player", 1)
		}
	}
}

// compareEvent generates one event, runs both programs on its TRF and compares.
func compareEvent(t *testing.T, py python, cfg chessConfig, counts *tally) {
	g := generateChess(cfg)
	counts.add("events", 1)
	countKinds(g, counts)
	path := filepath.Join(t.TempDir(), "event.trf")
	if err := resultfile.Results.WriteFile(path, g.ev, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	ev, err := reader.Read(path, "trf", reader.Options{})
	if err != nil {
		t.Fatalf("reading the TRF tbsheet wrote: %v", err)
	}
	fide := py.run(t, path)
	for _, rs := range ruleSets {
		ids := append([]string{"fide-de"}, keys...)
		st, err := calc.Compute(ev, calc.Options{System: "fide", Tiebreaks: []string{"fide-de"}, Show: ids,
			FIDERules: rs.rules, NoExplain: true})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		report := func(format string, args ...any) {
			if bad++; bad <= 12 {
				t.Errorf("%s rules: "+format, append([]any{rs.rules}, args...)...)
			}
		}
		for col, d := range st.Columns {
			if d.ID == "fide-de" {
				continue
			}
			code := codeOf(d.ID) + rs.suffix
			n := 0
			for row, r := range st.Rows {
				no := ev.Players[r.Player].ID
				theirs, ok := fide[no][code]
				if !ok {
					t.Fatalf("the checker printed no %s for player %s", code, no)
				}
				ours := r.Figures[col].Value
				switch {
				case theirs == "-0" && !ours.OK:
				case theirs == "-0" && ratingKey(d.ID) && hasUnrated(ev):
				case theirs == "-0" || !ours.OK:
					report("%s of player %s: tbsheet %q, checker %s — %s", d.ID, no, d.FormatValue(ours), theirs, why(st, row, d))
				default:
					v, err := exact.Parse(theirs)
					if err != nil {
						t.Fatalf("the checker's %s of player %s: %v", code, no, err)
					}
					if decimals := decimalsOf(theirs); !exact.MustParse(ours.Num.Round(decimals)).Equal(v) {
						report("%s of player %s: tbsheet %s, checker %s — %s", d.ID, no, ours.Num, theirs, why(st, row, d))
					}
					n++
				}
			}
			counts.add(d.ID+" "+rs.rules, n)
		}
		counts.add("fide-de "+rs.rules, compareDE(t, st, fide, report))
		if bad > 0 {
			t.Logf("%d disagreements; the event (TRF):\n%s", bad, readFile(t, path))
		}
	}
}

// TestFIDECheckerAgreesRoundRobin compares direct encounter in generated round robins with
// forfeits, which count for it there (FIDE's exercise 26): both programs order every two
// players of a score group alike.
func TestFIDECheckerAgreesRoundRobin(t *testing.T) {
	py := checkerPython(t)
	forfeits, compared := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		ev := generateRoundRobin(4+int(seed%7), seed)
		for _, rd := range ev.Rounds {
			for _, m := range rd.Matches {
				if m.Result == tbsheet.ForfeitWin || m.Result == tbsheet.ForfeitLoss {
					forfeits++
				}
			}
		}
		path := filepath.Join(t.TempDir(), "rr.trf")
		if err := resultfile.Results.WriteFile(path, ev, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		read, err := reader.Read(path, "trf", reader.Options{})
		if err != nil || !read.RoundRobin {
			t.Fatalf("reading the TRF tbsheet wrote: %v (round robin %v)", err, read != nil && read.RoundRobin)
		}
		st, err := calc.Compute(read, calc.Options{System: "fide", Tiebreaks: []string{"fide-de"}, NoExplain: true})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		report := func(format string, args ...any) {
			if bad++; bad <= 12 {
				t.Errorf("seed %d: "+format, append([]any{seed}, args...)...)
			}
		}
		compared += compareDE(t, st, py.runDE(t, path, true), report)
		if bad > 0 {
			t.Logf("the event (TRF):\n%s", readFile(t, path))
		}
	}
	if forfeits == 0 || compared == 0 {
		t.Errorf("%d forfeits, %d pairs compared", forfeits, compared)
	}
}

// compareDE compares direct encounter within each score group: two players are in the same
// order (or equal) in both programs. The checker's DE is a place within the group (lower is
// better), tbsheet's the number of group members ranked below (higher is better).
func compareDE(t *testing.T, st *calc.Standings, fide map[string]map[string]string, report func(string, ...any)) int {
	place := func(no string) int {
		v, err := strconv.Atoi(fide[no]["DE"])
		if err != nil {
			t.Fatalf("the checker's DE of player %s: %v", no, err)
		}
		return v
	}
	col := -1
	for i, d := range st.Columns {
		if d.ID == "fide-de" {
			col = i
		}
	}
	groups := map[string][]int{}
	for i, r := range st.Rows {
		groups[r.Points.String()] = append(groups[r.Points.String()], i)
	}
	n := 0
	for _, g := range groups {
		if rematch(st, g) {
			continue
		}
		for _, a := range g {
			for _, b := range g {
				if a >= b {
					continue
				}
				ra, rb := st.Rows[a], st.Rows[b]
				na, nb := st.Event.Players[ra.Player].ID, st.Event.Players[rb.Player].ID
				ca, cb := place(na), place(nb)
				ours := ra.Figures[col].Value.Cmp(rb.Figures[col].Value)
				theirs := sign(cb - ca)
				if ours != theirs {
					report("DE orders players %s and %s %d, checker %d (checker DE %d, %d; tbsheet %s, %s) — %s",
						na, nb, ours, theirs, ca, cb, ra.Figures[col].Value.Num, rb.Figures[col].Value.Num,
						st.Explain(a, col).Note)
				}
				n++
			}
		}
	}
	return n
}

// rematch reports whether two of the rows g met more than once over the board. The checker
// then averages their games wrongly (a third game weighs half) and forgets how many of the
// others each met; tbsheet takes the mean of their games, as the checker means to. A Swiss
// pairs no rematch, but the generator's greedy pairing sometimes has to.
func rematch(st *calc.Standings, g []int) bool {
	in := map[int]bool{}
	for _, i := range g {
		in[st.Rows[i].Player] = true
	}
	seen := map[[2]int]bool{}
	for _, rd := range st.Event.Rounds {
		for _, m := range rd.Matches {
			if m.P2 == tbsheet.NoPlayer || !in[m.P1] || !in[m.P2] || !played(m.Result) {
				continue
			}
			pair := [2]int{min(m.P1, m.P2), max(m.P1, m.P2)}
			if seen[pair] {
				return true
			}
			seen[pair] = true
		}
	}
	return false
}

// played reports whether a chess result is a game played over the board.
func played(r tbsheet.Result) bool {
	return r == tbsheet.Win || r == tbsheet.Loss || r == tbsheet.Draw
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// codeOf returns the checker's code for a tbsheet id.
func codeOf(id string) string {
	code, ok := calc.FIDECode(id)
	if !ok {
		panic("no checker code for " + id)
	}
	return code
}

// why returns tbsheet's explanation of a figure, for the failure message.
func why(st *calc.Standings, row int, d *calc.Def) string {
	f, _ := st.ExplainKey(row, d.ID)
	return d.Text(f)
}

func hasUnrated(ev *tbsheet.Event) bool {
	for _, p := range ev.Players {
		if p.Rating <= 0 {
			return true
		}
	}
	return false
}

// decimalsOf returns the number of decimals the checker printed.
func decimalsOf(s string) int {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// run runs FIDE's checker on a TRF and returns its values by start number and code.
func (py python) run(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	return py.runDE(t, path, false)
}

// runDE runs FIDE's checker on a TRF for the points and direct encounter, and for the other
// keys unless all is true: a round robin (the checker counts unplayed games as played in
// every key of a round robin, which FIDE asks of direct encounter only).
func (py python) runDE(t *testing.T, path string, all bool) map[string]map[string]string {
	t.Helper()
	// Direct encounter right after the points, so that it sees the players tied on points;
	// Fore Buchholz last: computing it changes what the checker later takes as a player's
	// last round not voluntarily unplayed, for every key after it (Art. 16.3 then no longer
	// counts an absence before a last-round forfeit as a draw).
	args := []string{py.script, "-s", "-i", path, "-f", "TRF", "-d", "T", "-t", "PTS", "DE"}
	if all {
		args[1] = "-p" // a round robin
		return py.values(t, path, args)
	}
	for _, fore := range []bool{false, true} {
		for _, rs := range ruleSets {
			for _, id := range keys {
				if code := codeOf(id); strings.HasPrefix(code, "FB") == fore {
					args = append(args, code+rs.suffix)
				}
			}
		}
	}
	return py.values(t, path, args)
}

// values runs the checker with args and returns its values by start number and code.
func (py python) values(t *testing.T, path string, args []string) map[string]map[string]string {
	t.Helper()
	cmd := exec.Command(py.exe, args...)
	cmd.Env = py.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 || !bytes.HasPrefix(out, []byte("StartNo\t")) {
		t.Fatalf("the checker failed on %s: %v\n%s%s\n%s", path, err, out, stderr.String(), readFile(t, path))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Scan()
	header := strings.Split(sc.Text(), "\t")
	values := map[string]map[string]string{}
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != len(header) {
			t.Fatalf("the checker printed %q under %d columns", sc.Text(), len(header))
		}
		row := map[string]string{}
		for i, h := range header {
			row[h] = f[i]
		}
		values[f[0]] = row
	}
	return values
}

func readFile(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
