package reader

import (
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestNamesCleanedInEveryFormat: a name with a bidirectional override or a zero-width space
// reads, from every format, as the hand-kept readers read a name cell: without them, so
// that neither reaches the workbook, the CSV or the wall (where an override reorders the
// name, and a zero-width space makes two names look alike).
func TestNamesCleanedInEveryFormat(t *testing.T) {
	tests := []struct {
		file, old, new, want string
	}{
		{"../samples/challonge-swiss.json", `"name": "Kaito"`, `"name": "Kai\u202eto\u200b"`, "Kaito"},
		{"../samples/kts-locals.Tournament", "<FirstName>Chloé</FirstName>", "<FirstName>Chl&#x202E;oé&#x200B;</FirstName>", "Chloé Dubois"},
		{"../samples/pokemon-league-cup.tdf", "<firstname>Zoë</firstname>", "<firstname>Zo&#x202E;ë&#x200B;</firstname>", "Zoë Müller"},
		{"../samples/fnm-modern.wer", "Aaliyah", "Aal&#x202E;iyah&#x200B;", "Johnson, Aaliyah"},
		{"../testdata/trf/lakeside-open-2025.trf", "Petrov, Ivan ", "Petrov,\u202eIvan\u200b", "Petrov,Ivan"},
	}
	for _, tt := range tests {
		ev := readEdited(t, tt.file, tt.old, tt.new)
		found := false
		for _, e := range append([]*tbsheet.Event{ev}, ev.Pods...) {
			for _, p := range e.Players {
				for _, s := range []string{p.Name, p.Family, p.Given} {
					if strings.ContainsFunc(s, tbsheet.IsInvisible) {
						t.Errorf("%s: name %s holds an invisible character", tt.file, tbsheet.Quote(s))
					}
				}
				found = found || p.Name == tt.want
			}
		}
		if !found {
			t.Errorf("%s: no player %s", tt.file, tt.want)
		}
	}
}

// TestEventNamesCleaned: the event's name and its division's are cleaned in every format
// as players' names are, and a control character in them (which shows as a gap on the wall)
// is read as a space, with a note, rather than stop the standings: they name no player.
func TestEventNamesCleaned(t *testing.T) {
	tests := []struct {
		file, old, new string
		want           string // the event's name, or "pod: …" its first division's
		notes          int    // notes about control characters
	}{
		{"../samples/challonge-swiss.json", `"name": "Smash Sundays #42`, `"name": "Smash\u0007Sundays\u001b \u200b#42`,
			"Smash Sundays #42 — Swiss into Top 4", 1},
		{"../samples/pokemon-league-cup.tdf", "<name>Bay Area League Cup", "<name>Bay\tArea&#x202E; League Cup",
			"Bay Area League Cup — March", 0},
		{"../samples/kts-locals.Tournament", "<Name>Sunday Locals", "<Name>Sunday\u0090Locals", "Sunday Locals Advanced", 1},
		{"../testdata/writer/event-pods.golden.json", `"pod": "Juniors"`, `"pod": "Jun\u202eiors\u0007"`, "pod: Juniors", 1},
	}
	for _, tt := range tests {
		ev := readEdited(t, tt.file, tt.old, tt.new)
		notes := 0
		for _, e := range append([]*tbsheet.Event{ev}, ev.Pods...) {
			for _, s := range []string{e.Name, e.Pod} {
				if strings.ContainsFunc(s, func(r rune) bool { return tbsheet.IsInvisible(r) || tbsheet.IsControl(r) }) {
					t.Errorf("%s: name %s holds an invisible or control character", tt.file, tbsheet.Quote(s))
				}
			}
			for _, n := range en(e.Notes) {
				if strings.Contains(n, "control characters") {
					notes++
				}
			}
		}
		got := ev.Name
		if pod, ok := strings.CutPrefix(tt.want, "pod: "); ok {
			got, tt.want = "", pod
			if len(ev.Pods) > 0 {
				got = ev.Pods[0].Pod
			}
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("%s: %s, want %s", tt.file, tbsheet.Quote(got), tbsheet.Quote(tt.want))
		}
		if notes != tt.notes {
			t.Errorf("%s: %d notes about control characters, want %d", tt.file, notes, tt.notes)
		}
	}
}

// readEdited reads file with its first old replaced by new.
func readEdited(t *testing.T, file, old, new string) *tbsheet.Event {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s holds no %s", file, old)
	}
	ev, err := ReadBytes([]byte(strings.Replace(string(data), old, new, 1)), file, "", Options{})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return ev
}

// TestCleanPlayers: a format that says its reader cleans players' names (Format.CleanPlayers,
// which spares ReadBytes a second cleaning) reads names with invisible characters, runs of
// spaces, line breaks and full-width spaces as cleanName makes them.
func TestCleanPlayers(t *testing.T) {
	inputs := map[string]string{
		"csv": "Round,Player 1,Player 2,Result\n" +
			"1,\"  Ann\u200b  Lee \",\"Bo\u202eb\tKim\",2-0\n" +
			"1,\"Cy\r\nDu\",\u3000Eve\u00a0\u00a0Fox\u3000,1-2\n" +
			"1,\u200b\u2060Gil,\ufeffHal\u200d\u200dIto,0-2\n",
	}
	// The same matches as a workbook, whose Players sheet lists the same names: the roster's
	// names are cleaned by the reader too.
	names := []string{"  Ann\u200b  Lee ", "Bo\u202eb\tKim", "Cy\r\nDu", "\u3000Eve\u00a0\u00a0Fox\u3000", "\u200b\u2060Gil", "\ufeffHal\u200d\u200dIto"}
	matches, players := [][]any{{"Round", "Player 1", "Player 2", "Result"}}, [][]any{{"Name"}}
	for i, result := range []string{"2-0", "1-2", "0-2"} {
		matches = append(matches, []any{1, names[2*i], names[2*i+1], result})
	}
	for _, name := range names {
		players = append(players, []any{name})
	}
	book, err := workbookBytes(sheet{name: "Matches", rows: matches}, sheet{name: "Players", rows: players})
	if err != nil {
		t.Fatal(err)
	}
	inputs["xlsx"] = string(book)
	for _, f := range formats {
		if !f.CleanPlayers {
			continue
		}
		data, ok := inputs[f.ID]
		if !ok {
			t.Errorf("%s: no input for this test", f.ID)
			continue
		}
		ev, err := f.Read([]byte(data), "t."+f.ID, Options{})
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		if len(ev.Players) != 6 {
			t.Errorf("%s: %d players, want 6", f.ID, len(ev.Players))
		}
		for _, p := range ev.Players {
			again := []tbsheet.Player{p}
			cleanPlayerNames(again)
			want := again[0]
			if p.Name != want.Name || p.Family != want.Family || p.Given != want.Given || strings.Join(p.Members, "\n") != strings.Join(want.Members, "\n") {
				t.Errorf("%s: player %s reads as %s cleaned again", f.ID, tbsheet.Quote(p.Name), tbsheet.Quote(want.Name))
			}
		}
	}
}
