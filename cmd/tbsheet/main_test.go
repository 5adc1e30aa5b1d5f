package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// cliTest is one command line run in-process: its exit code, and its output compared with
// testdata/cli/NAME.golden (stdout, then stderr after a "--- stderr" line).
type cliTest struct {
	name string
	args []string
	code int
}

// TestCommandLine runs the commands as a user types them (from the repository root, as the
// README shows) and compares everything they print.
func TestCommandLine(t *testing.T) {
	tests := []cliTest{
		{"standings-f1", []string{"standings", "samples/f1.csv"}, 0},
		{"standings-f1-pokemon", []string{"standings", "samples/f1.csv", "--system", "pokemon"}, 0},
		{"standings-f1-cryptozoic", []string{"standings", "samples/f1.csv", "--system", "cz"}, 0},
		{"standings-f1-challonge", []string{"standings", "samples/f1.csv", "--system", "challonge", "--show", "buchholz,progressive"}, 0},
		{"standings-f1-chess", []string{"standings", "samples/f1.csv", "--system", "chess", "--show", "fide-bh-m1,fide-ps,fide-win,fide-won"}, 0},
		{"standings-f1-after-round", []string{"standings", "samples/f1.csv", "--after-round", "2"}, 0},
		{"standings-f1-by-name", []string{"standings", "samples/f1.csv", "--by", "name", "--lang", "ja"}, 0},
		{"standings-kts-by-family", []string{"standings", "samples/kts-locals.Tournament", "--by", "name"}, 0},
		{"standings-fnm-by-family", []string{"standings", "samples/fnm-store.xlsx", "--by", "family"}, 0},
		{"standings-f1-csv-semicolon", []string{"standings", "samples/f1.csv", "--to", "csv", "--csv-sep", ";"}, 0},
		{"usage-bad-csv-sep", []string{"standings", "samples/f1.csv", "--to", "csv", "--csv-sep", "|"}, exitUsage},
		{"usage-bad-by", []string{"standings", "samples/f1.csv", "--by", "surname"}, exitUsage},
		{"standings-f1-json", []string{"standings", "samples/f1.csv", "--to", "json"}, 0},
		{"standings-f1-csv", []string{"standings", "samples/f1.csv", "--to", "csv"}, 0},
		{"standings-f1-title", []string{"standings", "samples/f1.csv", "--title", "Spring Open 2026"}, 0},
		{"standings-kts", []string{"standings", "samples/kts-locals.Tournament", "--check"}, 0},
		{"standings-kts-zh", []string{"standings", "samples/kts-locals.Tournament", "--lang", "zh"}, 0},
		{"standings-kts-swiss", []string{"standings", "samples/kts-locals.Tournament", "--final=false", "--cut", "4"}, 0},
		{"standings-kts-csv-players", []string{"standings", "testdata/kts/locals-matches.csv", "--players", "testdata/kts/locals-players.csv"}, 0},
		{"standings-challonge", []string{"standings", "samples/challonge-swiss.json"}, 0},
		{"standings-tdf-masters", []string{"standings", "samples/pokemon-league-cup.tdf", "--pod", "masters"}, 0},
		{"standings-wer", []string{"standings", "samples/fnm-modern.wer"}, 0},
		{"standings-trf", []string{"standings", "testdata/trf/lakeside-open-2025.trf"}, 0},
		{"standings-trf-declared", []string{"standings", "testdata/trf/lakeside-declared.trf", "--check"}, 0},
		{"standings-trf-declared-overridden", []string{"standings", "testdata/trf/lakeside-declared.trf", "--tiebreaks", "fide-bh-c1,fide-bh"}, 0},
		{"explain-f1", []string{"explain", "samples/f1.csv", "--player", "erin"}, 0},
		{"explain-kts", []string{"explain", "samples/kts-locals.Tournament", "--player", "#1"}, 0},
		{"explain-f1-zh", []string{"explain", "samples/f1.csv", "--player", "erin", "--lang", "zh"}, 0},
		{"explain-kts-ja", []string{"explain", "samples/kts-locals.Tournament", "--player", "#1", "--lang", "ja"}, 0},
		{"explain-f1-chess-ja", []string{"explain", "samples/f1.csv", "--player", "erin", "--system", "chess", "--lang", "ja"}, 0},
		{"standings-topcut-qf", []string{"standings", "testdata/handkept/topcut-qf.xlsx", "--cut", "8"}, 0},
		{"standings-topcut-qf-csv", []string{"standings", "testdata/handkept/topcut-qf.xlsx", "--to", "csv"}, 0},
		{"standings-topcut-qf-json", []string{"standings", "testdata/handkept/topcut-qf.xlsx", "--to", "json", "-q"}, 0},
		{"standings-topcut-sf-ja", []string{"standings", "testdata/handkept/topcut-sf.csv", "--lang", "ja"}, 0},
		{"standings-topcut-final", []string{"standings", "testdata/handkept/topcut.xlsx"}, 0},
		{"pairings-topcut-qf", []string{"pairings", "testdata/handkept/topcut-qf.xlsx"}, 0},
		{"pairings-topcut-sf-json", []string{"pairings", "testdata/handkept/topcut-sf.csv", "--to", "json"}, 0},
		{"pairings-topcut-qf-zh", []string{"pairings", "testdata/handkept/topcut-sf.csv", "--round", "1/4决赛", "--by", "name", "--lang", "zh"}, 0},
		{"pairings-topcut-final", []string{"pairings", "testdata/handkept/topcut.xlsx", "--to", "csv"}, 0},
		{"usage-pairings-bad-round", []string{"pairings", "testdata/handkept/topcut.xlsx", "--round", "quarters"}, exitUsage},
		{"usage-pairings-no-stage", []string{"pairings", "testdata/handkept/topcut-qf.xlsx", "--round", "SF"}, exitUsage},
		{"usage-scenarios-round-not-a-number", []string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "QF"}, exitUsage},
		{"tiebreaks", []string{"tiebreaks"}, 0},
		{"systems", []string{"systems"}, 0},
		{"rounds-33", []string{"rounds", "33"}, 0},
		{"scenarios-rcq", []string{"scenarios", "samples/scenarios-rcq.xlsx", "--cut", "8"}, 0},
		{"scenarios-f1-round3-ja", []string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "3", "--lang", "ja"}, 0},
		{"scenarios-f1-round2-zh", []string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "2", "--rounds", "3", "--lang", "zh"}, 0},
		{"scenarios-f1-round2-json", []string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "2", "--rounds", "3", "--to", "json"}, 0},

		{"input-players-and-results", []string{"standings", "cmd/tbsheet/testdata/cli/bad-results.csv", "--players", "cmd/tbsheet/testdata/cli/bad-players.csv"}, exitInput},
		{"standings-typo-warning", []string{"standings", "cmd/tbsheet/testdata/cli/typo.csv", "-q"}, 0},
		{"input-strict-typo", []string{"standings", "cmd/tbsheet/testdata/cli/typo.csv", "--strict"}, exitInput},
		{"usage-flag-did-you-mean", []string{"standings", "samples/f1.csv", "--cutt", "8"}, exitUsage},
		{"usage-flag-did-you-mean-output", []string{"standings", "samples/f1.csv", "--ouput", "s.pdf"}, exitUsage},
		{"usage-extra-argument", []string{"systems", "mtg"}, exitUsage},
		{"usage-name-without-quotes", []string{"explain", "samples/f1.csv", "--player", "Erin", "Walsh"}, exitUsage},
		{"usage-rounds-no-players", []string{"rounds"}, exitUsage},
		{"usage-unknown-system", []string{"standings", "samples/f1.csv", "--system", "magix"}, exitUsage},
		{"usage-unknown-tiebreak", []string{"standings", "samples/f1.csv", "--tiebreaks", "mtg-omw,owp"}, exitUsage},
		{"usage-bad-points", []string{"standings", "samples/f1.csv", "--points", "3,1,0"}, exitUsage},
		{"usage-no-input", []string{"standings"}, exitUsage},
		{"usage-unknown-flag", []string{"standings", "samples/f1.csv", "--colour"}, exitUsage},
		{"usage-output-is-input", []string{"standings", "samples/f1.csv", "-o", "samples/f1.csv"}, exitUsage},
		{"input-explain-unknown-player", []string{"explain", "samples/f1.csv", "--player", "zed"}, exitInput},
		{"input-explain-closest-player", []string{"explain", "samples/fnm-store.xlsx", "--player", "Grase"}, exitInput},
		{"input-explain-quiet", []string{"explain", "samples/f1.csv", "--player", "zed", "-q"}, exitInput},
		{"usage-explain-ambiguous-player", []string{"explain", "samples/f1.csv", "--player", "a"}, exitUsage},
		{"explain-tdf-accents", []string{"explain", "samples/pokemon-league-cup.tdf", "--player", "zoe muller"}, 0},
		{"standings-challonge-check", []string{"standings", "samples/challonge-swiss.json", "--check"}, 0},
		{"standings-trf-start-order-check", []string{"standings", "testdata/trf/lakeside-start-order.trf", "--check"}, 0},
		{"standings-tdf-divisions-check", []string{"standings", "testdata/tdf/tcg-all-divisions.tdf", "--check"}, 0},
		{"input-check-differs", []string{"standings", "testdata/trf/lakeside-ranked-backwards.trf", "--check"}, exitInput},
		{"input-check-no-standings", []string{"standings", "samples/f1.csv", "--check"}, exitInput},
		{"input-check-before-the-end", []string{"standings", "samples/kts-locals.Tournament", "--check", "--after-round", "2"}, exitInput},
		{"usage-scenarios-no-cut", []string{"scenarios", "samples/f1.csv"}, exitUsage},
		{"usage-scenarios-output", []string{"scenarios", "samples/f1.csv", "--cut", "2", "-o", "scenarios.xlsx"}, exitUsage},
		{"usage-scenarios-no-round", []string{"scenarios", "samples/f1.csv", "--cut", "2", "--round", "7"}, exitUsage},
		{"input-scenarios-all-played", []string{"scenarios", "samples/f1.csv", "--cut", "2"}, exitInput},
		{"input-missing-file", []string{"standings", "samples/nosuch.xlsx"}, exitInput},
		{"input-bad-results", []string{"standings", "testdata/cli/bad-results.csv"}, exitInput},
		{"input-bad-result-and-twice", []string{"standings", "cmd/tbsheet/testdata/cli/bad-result-and-twice.csv"}, exitInput},
		{"input-not-results", []string{"standings", "README.md"}, exitInput},
		{"output-unwritable", []string{"standings", "samples/f1.csv", "-o", "no/such/folder/standings.pdf"}, exitOutput},
	}
	checkCommandLines(t, tests)
}

// checkCommandLines runs each command line from the repository root and compares its exit
// code and everything it prints with its golden file.
func checkCommandLines(t *testing.T, tests []cliTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runAt(t, "../..", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", code, tt.code, stderr)
			}
			got := stdout
			if stderr != "" {
				got += "--- stderr\n" + stderr
			}
			golden.Check(t, filepath.Join("testdata", "cli", tt.name+".golden"), got)
		})
	}
}

// runAt runs one command line in dir and returns its exit code and outputs. Lines that carry
// the date or time are masked so that golden files stay stable.
func runAt(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	mask := regexp.MustCompile(`\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?`)
	return code, mask.ReplaceAllString(stdout.String(), "TIME"), mask.ReplaceAllString(stderr.String(), "TIME")
}

// TestScenariosJSONSchema holds scenarios --to json to the fields the issue names: round,
// cut, players (name, id, table, win, draw, loss, best, worst) and tables.
func TestScenariosJSONSchema(t *testing.T) {
	code, stdout, stderr := runAt(t, "../..", "scenarios", "samples/f1.csv", "--cut", "2", "--round", "2", "--to", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["round"] != 2.0 || doc["cut"] != 2.0 {
		t.Errorf("round %v cut %v", doc["round"], doc["cut"])
	}
	players, _ := doc["players"].([]any)
	tables, _ := doc["tables"].([]any)
	if len(players) == 0 || tables == nil {
		t.Fatalf("players %v tables %v", players, tables)
	}
	bye := false
	for _, p := range players {
		pl := p.(map[string]any)
		for _, k := range []string{"name", "id", "table", "win", "draw", "loss", "best", "worst"} {
			if _, ok := pl[k]; !ok {
				t.Errorf("player %v has no %q", pl["name"], k)
			}
		}
		for _, k := range []string{"win", "draw", "loss"} {
			if v := pl[k]; v != "in" && v != "out" && v != "depends" {
				t.Errorf("%v %s: %v", pl["name"], k, v)
			}
		}
		if pl["table"] == nil { // Dave's bye: his verdict under all three results
			bye = true
			if pl["win"] != pl["draw"] || pl["draw"] != pl["loss"] {
				t.Errorf("bye: %v %v %v", pl["win"], pl["draw"], pl["loss"])
			}
		}
	}
	if !bye {
		t.Error("no player with a bye (table null)")
	}
}

// TestScenariosFiles writes every format scenarios writes to.
func TestScenariosFiles(t *testing.T) {
	dir := t.TempDir()
	var args []string
	for _, name := range []string{"s.pdf", "s.json", "s.txt"} {
		args = append(args, "-o", filepath.Join(dir, name))
	}
	input, _ := filepath.Abs(filepath.Join("..", "..", "samples", "f1.csv"))
	code, stdout, stderr := runAt(t, ".", append([]string{"scenarios", input, "--cut", "2", "--round", "3"}, args...)...)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, stdout, stderr)
	}
	for name, prefix := range map[string]string{"s.pdf": "%PDF", "s.json": "{", "s.txt": "Generated"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.HasPrefix(string(data), prefix) && name != "s.txt" {
			t.Errorf("%s: %v, starts %.10q", name, err, data)
		}
	}
}

// TestStandingsJSONSchema holds --to json to docs/json.md's schema: the keys, their order and
// their types, which scripts depend on.
func TestStandingsJSONSchema(t *testing.T) {
	page, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	schema := string(page)
	code, stdout, stderr := runAt(t, "../..", "standings", "samples/f1.csv", "--to", "json", "--show", "mtg-mwp")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	keys := func(raw json.RawMessage) []string {
		dec := json.NewDecoder(bytes.NewReader(raw))
		var out []string
		if tok, _ := dec.Token(); tok != json.Delim('{') {
			t.Fatalf("not an object: %s", raw)
		}
		for dec.More() {
			k, _ := dec.Token()
			out = append(out, k.(string))
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	var doc struct {
		Event     json.RawMessage   `json:"event"`
		Points    json.RawMessage   `json:"points"`
		Standings []json.RawMessage `json:"standings"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		what string
		got  []string
		want string
	}{
		{"document", keys(json.RawMessage(stdout)), "event system points tiebreaks standings"},
		{"event", keys(doc.Event), "name source format rounds players"},
		{"points", keys(doc.Points), "win draw loss bye"},
		{"standing", keys(doc.Standings[0]), "rank name id points wins losses draws byes dropped_after tiebreaks explain"},
	} {
		if got := strings.Join(tt.got, " "); got != tt.want {
			t.Errorf("%s keys: %s, want %s", tt.what, got, tt.want)
		}
		// docs/json.md, the schema the README points to, names every key.
		for _, k := range tt.got {
			if !strings.Contains(schema, "`"+k+"`") {
				t.Errorf("docs/json.md does not document the %s key %q", tt.what, k)
			}
		}
	}
	var row struct {
		Rank         int                 `json:"rank"`
		DroppedAfter *int                `json:"dropped_after"`
		Tiebreaks    map[string]*float64 `json:"tiebreaks"`
		Explain      map[string]string   `json:"explain"`
	}
	if err := json.Unmarshal(doc.Standings[0], &row); err != nil {
		t.Fatal(err)
	}
	if row.Rank != 1 || row.DroppedAfter != nil || len(row.Tiebreaks) != 4 || row.Tiebreaks["mtg-mwp"] == nil ||
		!strings.Contains(row.Explain["mtg-omw"], " = ") {
		t.Errorf("first standing: %+v", row)
	}
}

// TestNeverWritesInputs runs every writing command against copies of the samples and checks
// that no input changed.
func TestNeverWritesInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "results.csv")
	data, err := os.ReadFile("../../samples/f1.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"standings", in, "-o", filepath.Join(dir, "s.xlsx"), "-o", filepath.Join(dir, "s.pdf"),
			"-o", filepath.Join(dir, "s.csv"), "-o", filepath.Join(dir, "s.json")},
		{"convert", in, "-o", filepath.Join(dir, "r.xlsx")},
		{"convert", in, "-o", in},
		{"standings", in, "-o", in},
	} {
		runAt(t, ".", args...)
		if got, _ := os.ReadFile(in); !bytes.Equal(got, data) {
			t.Fatalf("%v changed its input", args)
		}
	}
	for _, name := range []string{"s.xlsx", "s.pdf", "s.csv", "s.json", "r.xlsx"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %v", tmp)
	}
}

// TestConvertRoundTrip converts every sample to a hand-kept workbook (one per division) and
// requires the same standings from it, with no flags: the workbook's Event sheet carries the
// system, points and tiebreak order of the source.
func TestConvertRoundTrip(t *testing.T) {
	samples, _ := filepath.Glob("../../samples/*")
	for _, s := range samples {
		t.Run(filepath.Base(s), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "converted.xlsx")
			if code, _, stderr := runAt(t, ".", "convert", s, "-o", out); code != 0 {
				t.Fatalf("convert: exit %d: %s", code, stderr)
			}
			converted, _ := filepath.Glob(filepath.Join(dir, "converted*.xlsx"))
			for _, c := range converted {
				for _, final := range []string{"--final=true", "--final=false"} {
					args := []string{"--to", "csv", final}
					if pod := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(c), "converted-"), ".xlsx"); pod != "converted.xlsx" && strings.HasPrefix(filepath.Base(c), "converted-") {
						args = append(args, "--pod", pod)
					}
					_, want, _ := runAt(t, ".", append([]string{"standings", s}, args...)...)
					_, got, stderr := runAt(t, ".", "standings", c, "--to", "csv", final)
					if got != want || want == "" {
						t.Errorf("%s %s: standings differ after convert (%s):\n%s", filepath.Base(c), final, stderr, golden.Diff(want, got))
					}
					// The title too: the event's name and division come through.
					_, wantT, _ := runAt(t, ".", append([]string{"standings", s, "-q"}, append(args[2:], final)...)...)
					_, gotT, _ := runAt(t, ".", "standings", c, "-q", final)
					if w, _, _ := strings.Cut(wantT, "\n"); !strings.HasPrefix(gotT, w+"\n") {
						t.Errorf("%s %s: title %q after convert, want %q", filepath.Base(c), final, strings.SplitN(gotT, "\n", 2)[0], w)
					}
				}
			}
		})
	}
}

// TestConvertDeclaredTiebreaks: a TRF that declares its tie-breaks ranks the same once
// converted to a TRF, a workbook or JSON.
func TestConvertDeclaredTiebreaks(t *testing.T) {
	const in = "../../testdata/trf/lakeside-declared.trf"
	_, want, _ := runAt(t, ".", "standings", in, "--to", "csv")
	for _, ext := range []string{".trf", ".xlsx", ".json"} {
		out := filepath.Join(t.TempDir(), "converted"+ext)
		if code, _, stderr := runAt(t, ".", "convert", in, "-o", out); code != 0 {
			t.Fatalf("convert to %s: exit %d: %s", ext, code, stderr)
		}
		_, got, stderr := runAt(t, ".", "standings", out, "--to", "csv")
		if got != want || want == "" {
			t.Errorf("%s: standings differ after convert (%s):\n%s", ext, stderr, golden.Diff(want, got))
		}
	}
}

// TestConvertCSVSep: convert takes --csv-sep as standings does: the match list is
// separated by it, reads back as the comma-separated one does, and a separator tbsheet does
// not write is refused before anything is written.
func TestConvertCSVSep(t *testing.T) {
	const in = "../../samples/fnm-modern.wer"
	dir := t.TempDir()
	convert := func(name string, flags ...string) (string, string) {
		out := filepath.Join(dir, name)
		if code, _, stderr := runAt(t, ".", append([]string{"convert", in, "-o", out}, flags...)...); code != 0 {
			t.Fatalf("convert %v: exit %d: %s", flags, code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		_, st, _ := runAt(t, ".", "standings", out, "--to", "csv")
		return string(data), st
	}
	_, want := convert("comma.csv")
	for _, tt := range []struct{ flag, sep string }{{";", ";"}, {"tab", "\t"}} {
		data, got := convert("sep.csv", "--csv-sep", tt.flag)
		// Round;Table;Player 1;Player 2;Result
		if header, _, _ := strings.Cut(data, "\n"); strings.Count(header, tt.sep) != 4 || strings.Contains(header, ",") {
			t.Errorf("--csv-sep %s: header %q", tt.flag, header)
		}
		if got != want || want == "" {
			t.Errorf("--csv-sep %s: the standings read back differ:\n%s", tt.flag, golden.Diff(want, got))
		}
	}
	out := filepath.Join(dir, "bar.csv")
	if code, _, stderr := runAt(t, ".", "convert", in, "-o", out, "--csv-sep", "|"); code != exitUsage || !strings.Contains(stderr, "--csv-sep") {
		t.Errorf("--csv-sep |: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("--csv-sep |: %s written", out)
	}
}

// TestSelfCheckPrintedOnce: a self-check difference of a TOM, WER or Challonge file is
// printed once, with or without --check.
func TestSelfCheckPrintedOnce(t *testing.T) {
	tests := []struct {
		sample string
		swap   []string // old, new pairs that swap two players' places
	}{
		{"pokemon-league-cup.tdf", []string{`<player id="5958954" place="1"/>`, `<player id="5958954" place="2"/>`,
			`<player id="1256607" place="2"/>`, `<player id="1256607" place="1"/>`}},
		{"fnm-modern.wer", []string{`<ref person="5416718760" seq="1"/>`, `<ref person="5416718760" seq="2"/>`,
			`<ref person="5872057333" seq="2"/>`, `<ref person="5872057333" seq="1"/>`}},
		{"challonge-swiss.json", []string{`"final_rank": 1,`, `"final_rank": 2,`, `"final_rank": 2,`, `"final_rank": 1,`}},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", "samples", tt.sample))
			if err != nil {
				t.Fatal(err)
			}
			s := string(data)
			for i := 0; i < len(tt.swap); i += 2 {
				if strings.Count(s, tt.swap[i]) != 1 {
					t.Fatalf("the sample does not hold %q once", tt.swap[i])
				}
			}
			s = strings.NewReplacer(tt.swap...).Replace(s)
			path := filepath.Join(t.TempDir(), tt.sample)
			if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"standings", path}, {"standings", path, "--check"}} {
				_, _, stderr := runAt(t, ".", args...)
				var lines []string
				for _, l := range strings.Split(stderr, "\n") {
					if strings.Contains(l, "self-check: ") {
						lines = append(lines, l)
					}
				}
				if len(lines) != 2 {
					t.Errorf("%q printed %d self-check lines, want the 2 players swapped once each:\n%s", args, len(lines), stderr)
				}
			}
		})
	}
}

// TestStandardInput: "-" reads the results from standard input, as a file would be read, and
// --max-size limits it too.
func TestStandardInput(t *testing.T) {
	f, err := os.Open("../../samples/f1.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = saved }()
	_, want, _ := runAt(t, "../..", "standings", "samples/f1.csv")
	want = strings.Replace(want, "f1 · ", "", 1) // a file's name titles its event; standard input has none
	code, got, stderr := runAt(t, "../..", "standings", "-")
	if code != 0 || got != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr: %s", code, got, want, stderr)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runAt(t, "../..", "standings", "-", "--max-size", "0")
	if code != exitUsage || !strings.Contains(stderr, `--max-size "0": use a whole number from 1 to`) {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	// With another input, standard input's outputs are named after it: s-stdin.csv.
	out := filepath.Join(t.TempDir(), "s.csv")
	code, _, stderr = runAt(t, "../..", "standings", "-", "samples/f1.csv", "-o", out)
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "s-stdin.csv")); code != 0 || err != nil {
		t.Errorf("exit %d, %v, stderr %s", code, err, stderr)
	}
	// Standard input is read once: given twice, the second would read an empty file.
	for _, args := range [][]string{
		{"standings", "-", "-"},
		{"standings", "-", "--players", "-"},
		{"convert", "-", "--players", "-", "-o", out},
		{"pairings", "-", "--players", "-"},
	} {
		code, stdout, stderr := runAt(t, "../..", args...)
		want := "tbsheet: standard input (-) is given more than once, and it can be read only once: give the other inputs as files"
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %s", args, code, stdout, stderr)
		}
	}
}
