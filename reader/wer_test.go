package reader

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestWERGolden reads every WER fixture through format detection and compares the model with
// its golden dump.
func TestWERGolden(t *testing.T) {
	checkGoldenReads(t, "wer", ".wer", "wer", "mtg")
}

// TestWERPPTQ checks the facts of the PPTQ fixture that matter most.
func TestWERPPTQ(t *testing.T) {
	data, err := os.ReadFile("../testdata/wer/pptq-modern.wer")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ReadWER(data, "pptq-modern.wer")
	if err != nil {
		t.Fatal(tbsheet.Errors(err))
	}
	count := map[tbsheet.Result]int{}
	var swiss, playoff []int
	for _, r := range ev.Rounds {
		if r.Playoff {
			playoff = append(playoff, r.Number)
		} else {
			swiss = append(swiss, r.Number)
		}
		for _, m := range r.Matches {
			count[m.Result]++
		}
	}
	if !slices.Equal(swiss, []int{1, 2, 3, 4, 5}) || !slices.Equal(playoff, []int{6, 7, 8}) || ev.PlannedRounds != 5 {
		t.Errorf("Swiss rounds %v, playoff %v, planned %d; want 1-5, 6-8, 5", swiss, playoff, ev.PlannedRounds)
	}
	if len(ev.Players) != 21 || ev.Teams {
		t.Errorf("%d players (teams %v), want 21 individuals; the judge is no player", len(ev.Players), ev.Teams)
	}
	if count[tbsheet.Bye] != 3 || count[tbsheet.IntentionalDraw] != 1 || count[tbsheet.ForfeitWin] != 1 || count[tbsheet.Draw] == 0 {
		t.Errorf("results %v: want 3 byes (21 players until the drop), 1 ID, 1 win by drop, some draws", count)
	}
	ranks := map[int]bool{}
	for _, p := range ev.Players {
		if p.Reported == nil {
			t.Errorf("%s has no place in WER's final order", p.Name)
			continue
		}
		ranks[p.Reported.Rank] = true
	}
	if len(ranks) != 21 {
		t.Errorf("final order has %d distinct places, want 21", len(ranks))
	}
	dropped := 0
	for _, p := range ev.Players {
		if p.DroppedAfter != 0 {
			dropped++
			if p.DroppedAfter != 3 {
				t.Errorf("%s dropped after %d, want 3 (eliminationround)", p.Name, p.DroppedAfter)
			}
		}
	}
	if dropped != 1 {
		t.Errorf("%d drops, want 1", dropped)
	}
}

// werDoc builds a one-line WER file with four players (and a judge) and the given round XML.
// Everything is on line 2, so error columns are exact.
func werDoc(rounds string) string {
	return `<?xml version="1.0" encoding="utf-8"?>` + "\n" +
		`<event title="Test" numberofrounds="3" playoffstartround="4" startdate="2019-01-12T00:00:00"><participation>` +
		`<person id="11" first="Ana" last="Souza"/><person id="22" first="Ben" last="Cho"/>` +
		`<person id="33" first="翔太" last="佐藤"/><person id="44" first="Dee" middle="K" last="Ito"/><person id="99" first="Jo" last="Judge"/>` +
		`<team id="1" name="Souza, Ana" status="2"><member person="11"/></team><team id="2" name="Cho, Ben" status="2"><member person="22"/></team>` +
		`<team id="3" name="佐藤, 翔太" status="2"><member person="33"/></team><team id="4" name="Ito, Dee" status="3" eliminationround="1"><member person="44"/></team>` +
		`<role cd="JG" type="PA"><ref person="99" seq="1"/></role></participation><matches>` + rounds + `</matches></event>`
}

// at returns the position "w.wer:2:N" of marker on doc's line 2 (werDoc writes everything on
// line 2). "prefix|marker" finds the first marker after prefix.
func at(doc, marker string) string {
	line := doc[strings.IndexByte(doc, '\n')+1:]
	from := 0
	if prefix, m, ok := strings.Cut(marker, "|"); ok {
		from, marker = strings.Index(line, prefix), m
	}
	i := strings.Index(line[from:], marker)
	if from < 0 || i < 0 {
		panic("marker not found: " + marker)
	}
	return fmt.Sprintf("w.wer:2:%d", from+i+1)
}

func werMatch(person, opp, outcome, games string) string {
	g := strings.Split(games, "-")
	o := ""
	if opp != "" {
		o = ` opponent="` + opp + `"`
	}
	return fmt.Sprintf(`<match person="%s"%s outcome="%s" win="%s" loss="%s" draw="%s"/>`, person, o, outcome, g[0], g[1], g[2])
}

func werRound(n int, matches ...string) string {
	return fmt.Sprintf(`<round number="%d">`, n) + strings.Join(matches, "") + `</round>`
}

func TestWERErrors(t *testing.T) {
	tests := []struct {
		name   string
		rounds string
		// errs are the expected messages; "{marker}" stands for the position of marker.
		errs []string
	}{
		{
			name:   "unknown person in a match",
			rounds: werRound(1, werMatch("11", "55", "1", "2-0-0"), werMatch("33", "44", "1", "2-1-0")),
			errs:   []string{`{opponent="55"}: person 55 is not in <participation>`},
		},
		{
			name:   "the judge is on no team",
			rounds: werRound(1, werMatch("11", "99", "1", "2-0-0")),
			errs:   []string{`{opponent="99"}: person 99 (Judge, Jo) is on no team`},
		},
		{
			name:   "a player twice in a round",
			rounds: werRound(1, werMatch("11", "22", "1", "2-0-0"), werMatch("33", "11", "1", "2-1-0")),
			errs:   []string{`{match person="33"|outcome}: player "Souza, Ana" appears twice in round 1 (also at {match person="11"|outcome})`},
		},
		{
			name:   "malformed outcome",
			rounds: werRound(1, werMatch("11", "22", "W", "2-0-0")),
			errs:   []string{`{outcome="W"}: outcome="W" is not a WER outcome (1 person won, 2 draw, 3 bye, 0 not reported)`},
		},
		{
			name:   "malformed games and winbydrop",
			rounds: werRound(1, `<match person="11" opponent="22" outcome="1" win="two" loss="-1" draw="0" winbydrop="yes"/>`),
			errs: []string{
				`{win="two"}: win="two" is not a whole number (0 or more)`,
				`{loss="-1"}: loss="-1" is not a whole number (0 or more)`,
				`{winbydrop}: winbydrop="yes" is neither True nor False`,
			},
		},
		{
			name:   "games contradict the outcome",
			rounds: werRound(1, werMatch("11", "22", "1", "1-2-0")),
			errs:   []string{`{outcome}: 1-2: a win needs more games won than lost`},
		},
		{
			name:   "a bye with an opponent, a win without one",
			rounds: werRound(1, werMatch("11", "22", "3", "2-0-0"), werMatch("33", "", "1", "2-0-0")),
			errs: []string{
				`{opponent="22"}: a bye (outcome 3) has no opponent, but opponent="22"`,
				`{match person="33"|outcome}: outcome 1 needs an opponent (a bye is outcome 3)`,
			},
		},
		{
			name:   "mirrored rows that disagree",
			rounds: werRound(1, werMatch("11", "22", "1", "2-1-0"), werMatch("22", "11", "1", "2-0-0")),
			errs:   []string{`{match person="22"|outcome}: round 1: this row says Cho, Ben beat Souza, Ana 2-0, but the row at {outcome} says Souza, Ana beat Cho, Ben 2-1`},
		},
		{
			name:   "a player paired after his drop",
			rounds: werRound(1, werMatch("11", "22", "1", "2-0-0"), werMatch("33", "44", "1", "2-0-0")) + werRound(2, werMatch("44", "11", "2", "1-1-0")),
			errs:   []string{`{outcome="2"}: player "Ito, Dee K" dropped after round 1 but is paired in round 2`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := werDoc(tt.rounds)
			var want []string
			for _, e := range tt.errs {
				for strings.Contains(e, "{") {
					i, j := strings.IndexByte(e, '{'), strings.IndexByte(e, '}')
					e = e[:i] + at(doc, e[i+1:j]) + e[j+1:]
				}
				want = append(want, e)
			}
			_, err := ReadWER([]byte(doc), "w.wer")
			checkErrors(t, err, want, nil)
		})
	}
}

// TestWERMirroredRows reads a round written once per person: rows that repeat a match from
// the other side are read once, whatever outcome code the repeat carries.
func TestWERMirroredRows(t *testing.T) {
	tests := []struct {
		name  string
		rows  []string
		want  string // the round's matches
		notes string
	}{
		{"once per pair", []string{werMatch("11", "22", "1", "2-1-0"), werMatch("33", "44", "2", "1-1-1")},
			"Souza, Ana vs Cho, Ben win 2-1; 佐藤翔太 vs Ito, Dee K draw 1-1-1", ""},
		{"the same row twice", []string{werMatch("11", "22", "1", "2-1-0"), werMatch("11", "22", "1", "2-1-0")},
			"Souza, Ana vs Cho, Ben win 2-1", ""},
		{"a draw from both sides", []string{werMatch("33", "44", "2", "1-1-1"), werMatch("44", "33", "2", "1-1-1")},
			"佐藤翔太 vs Ito, Dee K draw 1-1-1", ""},
		{"the loser's row with a code tbsheet does not know", []string{
			werMatch("22", "11", "4", "1-2-0"), werMatch("11", "22", "1", "2-1-0"),
			werMatch("33", "44", "1", "2-0-0"), werMatch("44", "33", "4", "0-2-0")},
			"Souza, Ana vs Cho, Ben win 2-1; 佐藤翔太 vs Ito, Dee K win 2-0",
			`match rows that repeat another row of the same match from the other player's side, with an outcome code tbsheet does not know, were skipped: 2 with outcome "4"`},
		{"an intentional draw, and an unreported match from both sides", []string{werMatch("11", "22", "2", "0-0-3"), werMatch("33", "44", "0", "0-0-0"),
			werMatch("44", "33", "0", "0-0-0")},
			"Souza, Ana vs Cho, Ben id 0-0-3; 佐藤翔太 vs Ito, Dee K unreported", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := strings.Replace(werDoc(werRound(1, tt.rows...)), `status="3" eliminationround="1"`, `status="2"`, 1)
			ev, err := ReadWER([]byte(doc), "w.wer")
			if err != nil {
				t.Fatal(tbsheet.Errors(err))
			}
			var got []string
			for _, m := range ev.Rounds[0].Matches {
				got = append(got, fmt.Sprintf("%s vs %s %s %s", ev.Players[m.P1].Name, ev.Players[m.P2].Name, m.Result, m.Games))
			}
			if g := strings.ReplaceAll(strings.Join(got, "; "), " no games", ""); g != tt.want {
				t.Errorf("got  %s\nwant %s", g, tt.want)
			}
			if n := strings.Join(en(ev.Notes), "\n"); n != tt.notes {
				t.Errorf("notes %q, want %q", n, tt.notes)
			}
		})
	}
}

// TestWERUnknownCodeAlone: a row with an unknown outcome code that repeats no other row is an
// error, even when another row of the pairing disagrees with it.
func TestWERUnknownCodeAlone(t *testing.T) {
	doc := werDoc(werRound(1, werMatch("11", "22", "1", "2-1-0"), werMatch("22", "11", "4", "2-0-0")))
	_, err := ReadWER([]byte(doc), "w.wer")
	checkErrors(t, err, []string{at(doc, `outcome="4"`) + `: outcome="4" is not a WER outcome (1 person won, 2 draw, 3 bye, 0 not reported)`}, tbsheet.ErrResult)
}

func TestWERTeams(t *testing.T) {
	doc := `<event title="Team Sealed" numberofrounds="1"><participation>` +
		`<person id="1" first="Ana" last="Souza"/><person id="2" first="Ben" last="Cho"/><person id="3" first="Cy" last="Ortiz"/>` +
		`<person id="4" first="Dee" last="Ito"/><person id="5" first="Eve" last="Ng"/><person id="6" first="Fay" last="Lund"/>` +
		`<team id="70" name="Lucky Draws" status="2"><member position="A" person="1"/><member position="B" person="2"/><member position="C" person="3"/></team>` +
		`<team id="71" name="" status="2"><member position="A" person="4"/><member position="B" person="5"/><member position="C" person="6"/></team>` +
		`<role cd="PL" type="PA"><ref person="4" seq="1"/><ref person="5" seq="1"/><ref person="1" seq="2"/></role>` +
		`<role cd="PL" type="DQ"><ref person="6"/></role>` +
		`</participation><matches><round number="1" teamformat="true"><match person="4" opponent="1" outcome="1" win="2" loss="1" draw="0"/></round></matches></event>`
	ev, err := ReadWER([]byte(doc), "t.wer")
	if err != nil {
		t.Fatal(tbsheet.Errors(err))
	}
	if !ev.Teams || len(ev.Players) != 2 {
		t.Fatalf("teams=%v with %d players, want 2 teams", ev.Teams, len(ev.Players))
	}
	a, b := ev.Players[0], ev.Players[1]
	if a.ID != "70" || a.Name != "Lucky Draws" || strings.Join(a.Members, "|") != "Souza, Ana|Cho, Ben|Ortiz, Cy" || a.Reported.Rank != 2 {
		t.Errorf("team A = %+v", a)
	}
	if b.Name != "Ito, Dee / Ng, Eve / Lund, Fay" || b.Reported.Rank != 1 || !b.Disqualified {
		t.Errorf("team B = %+v", b)
	}
	if m := ev.Rounds[0].Matches[0]; m.P1 != 1 || m.P2 != 0 || m.Result != tbsheet.Win {
		t.Errorf("match = %+v", m)
	}
}

func TestWERWithoutTeams(t *testing.T) {
	doc := `<event><participation><person id="1" first="Ana" last="Souza"/><person id="2" first="Ben" last="Cho"/></participation>` +
		`<matches><round number="1"><match person="2" opponent="1" outcome="1" win="2" loss="0" draw="0"/></round></matches></event>`
	ev, err := ReadWER([]byte(doc), "t.wer")
	if err != nil {
		t.Fatal(tbsheet.Errors(err))
	}
	if len(ev.Players) != 2 || ev.Players[1].Name != "Cho, Ben" || ev.Rounds[0].Matches[0].P1 != 1 {
		t.Errorf("players %+v rounds %+v", ev.Players, ev.Rounds)
	}
}

func TestWERSniff(t *testing.T) {
	tests := []struct {
		name string
		data string
		want bool
	}{
		{"WER", `<?xml version="1.0" encoding="utf-8"?>` + "\r\n" + `<event version="4.0"><participation/><matches/></event>`, true},
		{"WER in UTF-16", "\xff\xfe" + utf16le(`<event><participation></participation></event>`), true},
		{"WER in Latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?><event><participation/></event>`, true},
		{"TOM", `<tournament><players/><pods/><participation/></tournament>`, false},
		{"other event XML", `<event><name>Concert</name></event>`, false},
		{"unknown encoding", `<?xml version="1.0" encoding="x-klingon"?><event><participation/></event>`, false},
	}
	f, _ := Lookup("wer")
	for _, tt := range tests {
		if got := f.Sniff([]byte(tt.data), "x"); got != tt.want {
			t.Errorf("%s: sniff = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func utf16le(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// TestWEREncodings reads names written in UTF-16 and Latin-1 files correctly.
func TestWEREncodings(t *testing.T) {
	body := `<event><participation><person id="1" first="Zoë" last="Lefèvre"/></participation></event>`
	latin1 := strings.NewReplacer("ë", "\xeb", "è", "\xe8").Replace(`<?xml version="1.0" encoding="ISO-8859-1"?>` + body)
	for name, data := range map[string]string{"utf-16": "\xff\xfe" + utf16le(body), "latin-1": latin1, "utf-8 bom": "\xef\xbb\xbf" + body} {
		ev, err := ReadWER([]byte(data), "e.wer")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if ev.Players[0].Name != "Lefèvre, Zoë" {
			t.Errorf("%s: name %q", name, ev.Players[0].Name)
		}
	}
	_, err := ReadWER([]byte(`<?xml version="1.0" encoding="x-klingon"?><event/>`), "e.wer")
	checkErrors(t, err, []string{`e.wer: the XML declaration names encoding "x-klingon", which tbsheet cannot read: save the file as UTF-8`}, tbsheet.ErrFormat)
}

func FuzzWER(f *testing.F) {
	for _, path := range fixtures(f, "wer/*.wer", ".wer") {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(werDoc(werRound(1, werMatch("11", "22", "1", "2-1-0"), werMatch("22", "11", "4", "1-2-0"), werMatch("33", "", "3", "2-0-0")))))
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := ReadWER(data, "fuzz.wer")
		if err != nil {
			if len(tbsheet.Errors(err)) == 0 {
				t.Fatal("an error without positions")
			}
			return
		}
		if errs := ev.Validate(); len(errs) > 0 {
			t.Fatalf("read an invalid event: %v", errs)
		}
	})
}

func TestWERDropStatus(t *testing.T) {
	rounds := werRound(1, werMatch("11", "22", "1", "2-0-0"), werMatch("33", "44", "1", "2-0-0")) +
		werRound(2, werMatch("11", "33", "1", "2-1-0"), werMatch("22", "", "3", "2-0-0"))
	tests := []struct {
		name, team string
		after      int
		note       string
	}{
		{"dropped after round 1", `status="3" eliminationround="1"`, 1, ""},
		{"dropped without a round", `status="3"`, 0, "Ito, Dee K is marked as dropped, but the file does not say in which round: read as not dropped"},
		{"a status tbsheet does not know", `status="Dropped" eliminationround="1"`, 0,
			`{status="Dropped"}: team status "Dropped" is not one tbsheet knows (2 playing, 3 dropped, 4 out in the top cut): Ito, Dee K read as not dropped`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := strings.Replace(werDoc(rounds), `status="3" eliminationround="1"`, tt.team, 1)
			ev, err := ReadWER([]byte(doc), "w.wer")
			if err != nil {
				t.Fatal(tbsheet.Errors(err))
			}
			if got := ev.Players[3].DroppedAfter; got != tt.after {
				t.Errorf("DroppedAfter = %d, want %d", got, tt.after)
			}
			want := tt.note
			if i, j := strings.IndexByte(want, '{'), strings.IndexByte(want, '}'); i >= 0 {
				want = want[:i] + at(doc, want[i+1:j]) + want[j+1:]
			}
			if n := strings.Join(en(ev.Notes), "\n"); n != want {
				t.Errorf("notes %q, want %q", n, want)
			}
		})
	}
}
