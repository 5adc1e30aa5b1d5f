//go:build unix

// Command peerbench compares tbsheet with tournament-organizer, the open-source npm
// library for running tournaments, on the same generated Magic event: `tbsheet standings
// results.csv -o standings.json` against tournament-organizer loading the event's players
// and matches and ranking them with the Magic tiebreaks (OMW%, GW%, OGW%), each a whole
// process of its own, run alternately. It prints the median CPU and wall time of each and
// their ratio (docs/performance.md). It also measures two processes no tbsheet
// run can undercut, with the same ratio: tbsheet's start-up alone (`tbsheet --version`), and
// the floor, a program that links tbsheet's libraries and parses the CSV with encoding/csv
// (./floor):
//
//	go run ./internal/cmd/peerbench -players 4096 -rounds 12 -runs 5
//
// It needs node and npm: tournament-organizer is installed into -peer (a cache folder by
// default) on first use. It is a developer's program, run by hand: no test runs it.
package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/rusage"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

//go:embed peer.mjs
var peerScript []byte

// peerVersion is the tournament-organizer release compared with.
const peerVersion = "4.1.1"

func main() {
	players := flag.Int("players", 4096, "players")
	rounds := flag.Int("rounds", 12, "rounds")
	runs := flag.Int("runs", 5, "runs of each, alternately")
	cache, _ := os.UserCacheDir()
	peer := flag.String("peer", filepath.Join(cache, "tbsheet-peerbench"), "folder holding (or to hold) node_modules/tournament-organizer")
	flag.Parse()
	if err := compare(*players, *rounds, *runs, *peer); err != nil {
		fmt.Fprintln(os.Stderr, "peerbench:", err)
		os.Exit(1)
	}
}

func compare(players, rounds, runs int, peer string) error {
	if _, err := os.Stat(filepath.Join(peer, "node_modules", "tournament-organizer")); err != nil {
		fmt.Fprintf(os.Stderr, "installing tournament-organizer@%s into %s\n", peerVersion, peer)
		if err := run(exec.Command("npm", "install", "--prefix", peer, "tournament-organizer@"+peerVersion)); err != nil {
			return err
		}
	}
	dir, err := os.MkdirTemp("", "peerbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin, floor := filepath.Join(dir, "tbsheet"), filepath.Join(dir, "floor")
	if err := run(exec.Command("go", "build", "-o", bin, "github.com/tbsheet/tbsheet/cmd/tbsheet")); err != nil {
		return err
	}
	if err := run(exec.Command("go", "build", "-o", floor, "github.com/tbsheet/tbsheet/internal/cmd/peerbench/floor")); err != nil {
		return err
	}
	ev := swissgen.Generate(swissgen.Realistic(players, rounds, 1))
	csvPath, peerPath := filepath.Join(dir, "results.csv"), filepath.Join(dir, "event.json")
	if err := resultfile.Results.WriteFile(csvPath, ev, writer.Options{}); err != nil {
		return err
	}
	data, err := json.Marshal(peerEvent(ev))
	if err != nil {
		return err
	}
	script := filepath.Join(dir, "peer.mjs")
	if err := os.WriteFile(peerPath, data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(script, peerScript, 0o644); err != nil {
		return err
	}

	names := []string{"tbsheet", "tournament-organizer " + peerVersion, "tbsheet's start-up alone (--version)",
		"floor: its libraries + encoding/csv"}
	var cpu, wall [4][]time.Duration // indexed like names
	for i := 0; i < runs; i++ {
		cmds := [4]*exec.Cmd{
			exec.Command(bin, "standings", "-q", csvPath, "-o", filepath.Join(dir, "standings.json")),
			exec.Command("node", script, peerPath, filepath.Join(dir, "peer.json")),
			exec.Command(bin, "--version"),
			exec.Command(floor, csvPath),
		}
		cmds[1].Env = append(os.Environ(), "PEER_DIR="+peer)
		for k, cmd := range cmds {
			start := time.Now()
			if err := run(cmd); err != nil {
				return err
			}
			c, _ := rusage.Child(cmd.ProcessState)
			cpu[k], wall[k] = append(cpu[k], c), append(wall[k], time.Since(start))
		}
	}
	peerCPU, peerWall := float64(median(cpu[1])), float64(median(wall[1]))
	fmt.Printf("%d players × %d rounds (%d matches), %d runs each, medians\n", players, rounds, matches(ev), runs)
	fmt.Printf("%-38s %10s %10s %14s\n", "", "CPU", "wall", "peer / it, CPU")
	for k, name := range names {
		c, w := median(cpu[k]), median(wall[k])
		ratio := "" // the peer's own row
		if k != 1 {
			ratio = fmt.Sprintf("%.0f×", peerCPU/float64(c))
		}
		fmt.Printf("%-38s %10v %10v %14s\n", name, c.Round(time.Millisecond), w.Round(time.Millisecond), ratio)
	}
	fmt.Printf("tournament-organizer / tbsheet: %.0f× in CPU time, %.0f× in wall time; 300× leaves tbsheet %v of CPU\n",
		peerCPU/float64(median(cpu[0])), peerWall/float64(median(wall[0])), time.Duration(peerCPU/300).Round(time.Millisecond))
	return nil
}

// run runs cmd, its errors on stderr.
func run(cmd *exec.Cmd) error {
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", cmd.Args[0], err)
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func matches(ev *tbsheet.Event) int {
	n := 0
	for _, r := range ev.Rounds {
		n += len(r.Matches)
	}
	return n
}

// The values tournament-organizer exports and loads (its ExportedTournamentValues).
type (
	peerTournament struct {
		ID       string         `json:"id"`
		Name     string         `json:"name"`
		Status   string         `json:"status"`
		Round    int            `json:"round"`
		Players  []peerPlayer   `json:"players"`
		Matches  []peerMatch    `json:"matches"`
		Seating  bool           `json:"seating"`
		Sorting  string         `json:"sorting"`
		Scoring  peerScoring    `json:"scoring"`
		StageOne peerStageOne   `json:"stageOne"`
		StageTwo peerStageTwo   `json:"stageTwo"`
		Meta     map[string]any `json:"meta"`
	}
	peerScoring struct {
		BestOf    int      `json:"bestOf"`
		Win       float64  `json:"win"`
		Draw      float64  `json:"draw"`
		Loss      float64  `json:"loss"`
		Bye       float64  `json:"bye"`
		Tiebreaks []string `json:"tiebreaks"`
	}
	peerStageOne struct {
		Format       string `json:"format"`
		Consolation  bool   `json:"consolation"`
		Rounds       int    `json:"rounds"`
		InitialRound int    `json:"initialRound"`
		MaxPlayers   int    `json:"maxPlayers"`
	}
	peerStageTwo struct {
		Format      *string `json:"format"`
		Consolation bool    `json:"consolation"`
		Advance     struct {
			Value  int    `json:"value"`
			Method string `json:"method"`
		} `json:"advance"`
	}
	peerPlayer struct {
		ID      string          `json:"id"`
		Name    string          `json:"name"`
		Active  bool            `json:"active"`
		Value   int             `json:"value"`
		Matches []peerPlayerRec `json:"matches"`
		Meta    map[string]any  `json:"meta"`
	}
	peerPlayerRec struct {
		ID         string  `json:"id"`
		Opponent   *string `json:"opponent"`
		PairUpDown bool    `json:"pairUpDown"`
		Seating    *int    `json:"seating"`
		Bye        bool    `json:"bye"`
		Win        int     `json:"win"`
		Loss       int     `json:"loss"`
		Draw       int     `json:"draw"`
	}
	peerMatch struct {
		ID      string         `json:"id"`
		Round   int            `json:"round"`
		Match   int            `json:"match"`
		Active  bool           `json:"active"`
		Bye     bool           `json:"bye"`
		Loss    bool           `json:"loss"`
		Player1 peerSide       `json:"player1"`
		Player2 peerSide       `json:"player2"`
		Path    map[string]any `json:"path"`
		Meta    map[string]any `json:"meta"`
	}
	peerSide struct {
		ID   *string `json:"id"`
		Win  int     `json:"win"`
		Loss int     `json:"loss"`
		Draw int     `json:"draw"`
	}
)

// peerEvent turns ev into tournament-organizer's values: a Swiss in its last round, every
// match reported in games (2-0 for a win without games, 1-1 for a draw), byes as byes.
func peerEvent(ev *tbsheet.Event) *peerTournament {
	t := &peerTournament{ID: "bench", Name: ev.Name, Status: "stage-one", Round: len(ev.Rounds), Sorting: "none",
		Scoring: peerScoring{BestOf: 3, Win: 3, Draw: 1, Loss: 0, Bye: 3,
			Tiebreaks: []string{"opponent match win percentage", "game win percentage", "opponent game win percentage"}},
		StageOne: peerStageOne{Format: "swiss", Rounds: len(ev.Rounds), InitialRound: 1},
		Meta:     map[string]any{}}
	t.StageTwo.Advance.Method = "all"
	id := func(p int) *string {
		if p == tbsheet.NoPlayer {
			return nil
		}
		s := strconv.Itoa(p)
		return &s
	}
	for i, p := range ev.Players {
		t.Players = append(t.Players, peerPlayer{ID: *id(i), Name: p.Name, Active: p.DroppedAfter == 0 && !p.Disqualified, Meta: map[string]any{}})
	}
	for _, r := range ev.Rounds {
		for j, m := range r.Matches {
			w, l, d := games(m)
			mid := fmt.Sprintf("r%dm%d", r.Number, j)
			bye := m.P2 == tbsheet.NoPlayer
			t.Matches = append(t.Matches, peerMatch{ID: mid, Round: r.Number, Match: j + 1, Bye: bye,
				Player1: peerSide{ID: id(m.P1), Win: w, Loss: l, Draw: d},
				Player2: peerSide{ID: id(m.P2), Win: l, Loss: w, Draw: d},
				Path:    map[string]any{"win": nil, "loss": nil}, Meta: map[string]any{}})
			t.Players[m.P1].Matches = append(t.Players[m.P1].Matches,
				peerPlayerRec{ID: mid, Opponent: id(m.P2), Bye: bye, Win: w, Loss: l, Draw: d})
			if !bye {
				t.Players[m.P2].Matches = append(t.Players[m.P2].Matches,
					peerPlayerRec{ID: mid, Opponent: id(m.P1), Win: l, Loss: w, Draw: d})
			}
		}
	}
	return t
}

// games returns a match's games from P1's side: the games entered, else 2-0, 0-2 or 1-1.
func games(m tbsheet.Match) (win, loss, draw int) {
	if m.Games.Known {
		return m.Games.P1, m.Games.P2, m.Games.Drawn
	}
	pt := tbsheet.Points{Win: exact.Int(1), Loss: exact.Int(-1), Bye: exact.Int(1)}
	switch pt.For(m.Result).Sign() {
	case 1:
		return 2, 0, 0
	case -1:
		return 0, 2, 0
	}
	return 1, 1, 0
}
