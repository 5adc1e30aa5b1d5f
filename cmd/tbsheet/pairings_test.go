package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestPairingsCommandLine runs pairings as a user types it and compares everything it prints.
func TestPairingsCommandLine(t *testing.T) {
	checkCommandLines(t, []cliTest{
		{"pairings-rcq", []string{"pairings", "samples/scenarios-rcq.xlsx"}, 0},
		{"pairings-rcq-by-name-ja", []string{"pairings", "samples/scenarios-rcq.xlsx", "--by", "name", "--lang", "ja"}, 0},
		{"pairings-rcq-csv", []string{"pairings", "samples/scenarios-rcq.xlsx", "--to", "csv", "--by", "name"}, 0},
		{"pairings-f1-round2-json", []string{"pairings", "samples/f1.csv", "--round", "2", "--to", "json"}, 0},
		{"pairings-kts-round2-by-name", []string{"pairings", "samples/kts-locals.Tournament", "--round", "2", "--by", "name"}, 0},
		{"pairings-tdf-round2-zh", []string{"pairings", "samples/pokemon-league-cup.tdf", "--round", "2", "--lang", "zh"}, 0},
		{"input-pairings-all-played", []string{"pairings", "samples/f1.csv"}, exitInput},
		{"usage-pairings-by", []string{"pairings", "samples/f1.csv", "--by", "rank"}, exitUsage},
		{"usage-pairings-output", []string{"pairings", "samples/f1.csv", "-o", "pairings.xlsx"}, exitUsage},
		{"usage-pairings-no-round", []string{"pairings", "samples/f1.csv", "--round", "7"}, exitUsage},
		{"usage-pairings-slips", []string{"pairings", "samples/f1.csv", "--slips", "slips.txt"}, exitUsage},
	})
}

// fillTemplate writes the workbook `tbsheet template` makes, filled as an organizer fills it
// for round 3: nine players on the Players sheet (Erin dropped after round 1; Felix entered
// in round 2 and Grace in round 3, each with a loss without an opponent for the rounds they
// missed; Hiro in no round), rounds 1 and 2 played, round 3 paired with one result already
// reported. It returns its path.
func fillTemplate(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "results.xlsx")
	if code, _, stderr := runAt(t, ".", "template", "-o", path); code != 0 {
		t.Fatalf("template: exit %d: %s", code, stderr)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][][]any{
		"Players": {{"Alice Chen"}, {"Bob Okafor"}, {"Carla Mendes"}, {"Dan Kowalski"}, {"Erin Walsh", "", 1},
			{"Felix Braun"}, {"Grace Murphy"}, {"Hiro Tanaka"}, {"Ivy Lee"}},
		"Round 1": {{1, "Alice Chen", "Bob Okafor", "2-0"}, {2, "Carla Mendes", "Dan Kowalski", "2-1"},
			{3, "Erin Walsh", "Ivy Lee", "2-0"}, {"", "Felix Braun", "", "L"}, {"", "Grace Murphy", "", "L"}},
		"Round 2": {{1, "Alice Chen", "Carla Mendes", "1-2"}, {2, "Bob Okafor", "Felix Braun", "2-0"},
			{3, "Dan Kowalski", "Ivy Lee", "0-2"}, {"", "Grace Murphy", "", "L"}},
		"Round 3": {{1, "Carla Mendes", "Ivy Lee", ""}, {2, "Alice Chen", "Dan Kowalski", "2-1"},
			{3, "Grace Murphy", "Bob Okafor", ""}, {"", "Felix Braun", "", ""}},
	}
	for sheet, data := range rows {
		for i, row := range data {
			cell, err := excelize.CoordinatesToCellName(1, i+2)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.SetSheetRow(sheet, cell, &row); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPairingsFromTemplate runs `tbsheet pairings` on the template workbook filled for round
// 3: the round is found without --round, every player of it is listed with the points he
// takes into it; Grace is marked as a late entry; Felix has the bye; Hiro, on the Players
// sheet but in no round, is not paired; Erin, who dropped, is not listed.
func TestPairingsFromTemplate(t *testing.T) {
	dir := t.TempDir()
	input := fillTemplate(t, dir)
	code, stdout, stderr := runAt(t, ".", "pairings", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := `Round 3 pairings — by table · Magic: The Gathering

Table  Player 1                   Points  Player 2                   Points  Result
    1  Carla Mendes                    6  Ivy Lee                         3
    2  Alice Chen                      3  Dan Kowalski                    0  2-1
    3  Grace Murphy (late entry)       0  Bob Okafor                      3
    –  Felix Braun                     0  Bye
    –  Hiro Tanaka                     0  Not paired: see the judge
`
	if !strings.HasSuffix(stdout, want) {
		t.Errorf("pairings:\n%s\nwant it to end with\n%s", stdout, want)
	}
	// The template's Event sheet plans its five rounds: the standings say so from the start.
	if code, stdout, stderr := runAt(t, ".", "standings", input); code != 0 || !strings.HasPrefix(stdout, "results · Standings after round 2; round 3 is being played ·") {
		t.Errorf("standings: exit %d, %.80q; %s", code, stdout, stderr)
	}

	code, stdout, stderr = runAt(t, ".", "pairings", input, "--by", "name", "--to", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	var doc struct {
		Round   int
		Players []struct {
			Name     string
			Table    *int
			Opponent *struct{ Name string }
			Points   float64
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	seat := map[string]int{} // table by player
	for _, p := range doc.Players {
		names = append(names, p.Name)
		if p.Table != nil {
			seat[p.Name] = *p.Table
		}
	}
	// Every player of a table is listed, and his opponent at the same table.
	for _, p := range doc.Players {
		if p.Opponent != nil && (p.Table == nil || seat[p.Opponent.Name] != *p.Table) {
			t.Errorf("%s plays %s, who is not at his table", p.Name, p.Opponent.Name)
		}
	}
	if doc.Round != 3 || !slices.Equal(names, []string{"Alice Chen", "Bob Okafor", "Carla Mendes", "Dan Kowalski", "Felix Braun", "Grace Murphy", "Hiro Tanaka", "Ivy Lee"}) {
		t.Errorf("round %d, players %q", doc.Round, names)
	}

	pdf := filepath.Join(dir, "pairings.pdf")
	code, stdout, stderr = runAt(t, ".", "pairings", input, "-o", pdf, "-o", filepath.Join(dir, "pairings.csv"), "--lang", "zh",
		"--slips", filepath.Join(dir, "slips.pdf"))
	if code != 0 || stdout != "" {
		t.Fatalf("pdf: exit %d, stdout %q: %s", code, stdout, stderr)
	}
	for _, name := range []string{"pairings.pdf", "pairings.csv", "slips.pdf"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}

	// Round 2, asked for, is listed as it was paired, with its results.
	if code, stdout, stderr = runAt(t, ".", "pairings", input, "--round", "2"); code != 0 || !strings.Contains(stdout, "    2  Bob Okafor ") {
		t.Errorf("round 2: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestTemplateSystem: a workbook made with template --system ranks by that game's rules
// (the System cell of its Event sheet), however the organizer spells it; without one the
// terminal says which rules were assumed.
func TestTemplateSystem(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		flag, want string
	}{{"Pokémon", "pokemon"}, {"Yu-Gi-Oh!", "yugioh"}, {"", "mtg"}} {
		path := filepath.Join(dir, "event-"+tt.want+".xlsx")
		args := []string{"template", "-o", path, "-q"}
		if tt.flag != "" {
			args = append(args, "--system", tt.flag)
		}
		if code, _, stderr := runAt(t, ".", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range [][]any{{1, "Ann", "Bob", "2-0"}, {2, "Cat", "Dan", "1-2"}} {
			if err := f.SetSheetRow("Round 1", "A"+strconv.Itoa(i+2), &row); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.Save(); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runAt(t, ".", "standings", path, "--to", "json")
		if code != 0 || !strings.Contains(stdout, `"system": "`+tt.want+`"`) {
			t.Errorf("%s: exit %d, want system %s:\n%s\n%s", tt.flag, code, tt.want, stdout, stderr)
		}
		if assumed := strings.Contains(stderr, "the file names no game"); assumed != (tt.flag == "") {
			t.Errorf("%q: note of the assumed system: %v\n%s", tt.flag, assumed, stderr)
		}
	}
}
