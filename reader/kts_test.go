package reader

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

func TestKTSGolden(t *testing.T) {
	players, err := ReadKTSPlayers(mustRead(t, "../testdata/kts/locals-players.csv"), "locals-players.csv")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file, golden string
		opt          Options
	}{
		{"locals.Tournament", "locals.golden", Options{}},
		{"locals-matches.csv", "locals-matches.golden", Options{}},
		{"locals-matches.csv", "locals-matches+players.golden", Options{Players: players}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			ev := readFixture(t, "../testdata/kts/"+tt.file, tt.opt)
			if ev.Format != "kts" || ev.System != "yugioh" {
				t.Errorf("format %q system %q, want kts yugioh", ev.Format, ev.System)
			}
			golden.Check(t, "../testdata/kts/"+tt.golden, golden.Event(ev))
		})
	}
}

// TestKTSLocals checks the facts the .Tournament fixture was built to show.
func TestKTSLocals(t *testing.T) {
	raw := mustRead(t, "../testdata/kts/locals.Tournament")
	if !bytes.HasPrefix(raw, bomUTF8) || !bytes.Contains(raw, []byte("\r\n\t\t<TournPlayer>")) {
		t.Fatal("the fixture should be written as KTS writes: BOM, CRLF, tabs")
	}
	ev := readFixture(t, "../testdata/kts/locals.Tournament", Options{})
	if len(ev.Players) != 21 || ev.PlannedRounds != 5 || ev.Date != "2026-03-15" || ev.Name != "Sunday Locals Advanced" {
		t.Errorf("players %d planned %d date %q name %q", len(ev.Players), ev.PlannedRounds, ev.Date, ev.Name)
	}
	count := map[tbsheet.Result]int{}
	var playoff []int
	for _, r := range ev.Rounds {
		if r.Playoff {
			playoff = append(playoff, r.Number)
		}
		for _, m := range r.Matches {
			count[m.Result]++
		}
	}
	if !reflect.DeepEqual(playoff, []int{6, 7}) {
		t.Errorf("playoff rounds %v, want [6 7]", playoff)
	}
	want := map[tbsheet.Result]int{tbsheet.Draw: 1, tbsheet.DoubleLoss: 1, tbsheet.Bye: 2, tbsheet.LossNoOpponent: 2}
	for res, n := range want {
		if count[res] != n {
			t.Errorf("%d %s results, want %d", count[res], res, n)
		}
	}
	for _, p := range ev.Players {
		if len(p.ID) != 10 {
			t.Errorf("id %q is not the 10-digit COSSY form", p.ID)
		}
		switch {
		case p.Name == "Tom Brennan" && p.DroppedAfter != 4:
			t.Errorf("Tom Brennan (DropReason Drop) dropped after %d, want 4", p.DroppedAfter)
		case p.Name != "Tom Brennan" && p.DroppedAfter != 0:
			t.Errorf("%s (PlayoffCut or Active) read as dropped after %d", p.Name, p.DroppedAfter)
		}
		if p.Reported == nil || p.Reported.Rank == 0 || len(p.Reported.Values) != 2 {
			t.Errorf("%s: KTS's own figures not read: %+v", p.Name, p.Reported)
		}
	}
	late := ev.Players[ev.PlayerIndex("9999000001")]
	if late.Name != "Isaac Mendoza" || late.Reported.Values["points"].Cmp(exact.Int(6)) != 0 {
		t.Errorf("late entry %+v", late)
	}
}

// ktsTestDoc is a small .Tournament: players "id First Last", matches as XML.
func ktsTestDoc(head string, players []string, matches ...string) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Tournament>\n\t<Name>Test</Name>\n" + head + "\t<TournamentPlayers>\n")
	for _, p := range players {
		f := strings.SplitN(p, " ", 3)
		b.WriteString("\t\t<TournPlayer><Player><ID>" + f[0] + "</ID><FirstName>" + f[1] + "</FirstName><LastName>" + f[2] +
			"</LastName></Player>\n\t\t</TournPlayer>\n")
	}
	b.WriteString("\t</TournamentPlayers>\n\t<Matches>\n")
	for _, m := range matches {
		b.WriteString("\t\t" + m + "\n")
	}
	b.WriteString("\t</Matches>\n</Tournament>\n")
	return b.String()
}

// ktsTestMatch is one <TournMatch> on one line.
func ktsTestMatch(round, p1, p2, status, winner string) string {
	return "<TournMatch><Player>" + p1 + "</Player><Player>" + p2 + "</Player><Round>" + round + "</Round><Status>" + status +
		"</Status><Table>1</Table><Winner>" + winner + "</Winner><PlayoffMatch>False</PlayoffMatch></TournMatch>"
}

var ktsThree = []string{"0100000001 Ann Lee", "0100000002 Bo Chan", "0100000003 Cy Diaz"}

func TestKTSResults(t *testing.T) {
	tests := []struct {
		name    string
		head    string
		matches []string
		want    []string // "round[p] P1 P2 result"
	}{
		{"win, loss, bye, bye loss", "", []string{
			ktsTestMatch("1", "100000001", "100000002", "Winner", "100000001"),
			ktsTestMatch("1", "100000003", "0", "Winner", "100000003"),
			ktsTestMatch("2", "100000001", "100000003", "Winner", "100000003"),
			ktsTestMatch("2", "0", "100000002", "Winner", "0"),
		}, []string{"1 Ann Lee Bo Chan win", "1 Cy Diaz - bye", "2 Ann Lee Cy Diaz loss", "2 Bo Chan - loss-no-opponent"}},
		{"draw, double loss, incomplete", "", []string{
			ktsTestMatch("1", "0100000001", "0100000002", "Draw", "0"),
			ktsTestMatch("2", "100000002", "100000003", "DoubleLoss", "0"),
			ktsTestMatch("3", "100000003", "100000001", "Incomplete", "0"),
		}, []string{"1 Ann Lee Bo Chan draw", "2 Bo Chan Cy Diaz double-loss", "3 Cy Diaz Ann Lee unreported"}},
		{"round 0 seats and bye-vs-bye placeholders are skipped", "", []string{
			ktsTestMatch("0", "100000001", "0", "Incomplete", "0"),
			ktsTestMatch("1", "100000001", "100000002", "Winner", "100000002"),
			ktsTestMatch("1", "0", "0", "Winner", "0"),
		}, []string{"1 Ann Lee Bo Chan loss"}},
		{"playoff from PlayoffRound and from PlayoffMatch", "\t<PlayoffRound>2</PlayoffRound>\n", []string{
			ktsTestMatch("1", "100000001", "100000002", "Winner", "100000002"),
			ktsTestMatch("2", "100000001", "100000002", "Winner", "100000001"),
			strings.Replace(ktsTestMatch("3", "100000001", "100000003", "Winner", "100000001"), ">False<", ">True<", 1),
		}, []string{"1 Ann Lee Bo Chan loss", "2p Ann Lee Bo Chan win", "3p Ann Lee Cy Diaz win"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ReadBytes([]byte(ktsTestDoc(tt.head, ktsThree, tt.matches...)), "t.Tournament", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range ev.Rounds {
				for _, m := range r.Matches {
					got = append(got, itoa(r.Number)+boolWord(r.Playoff, "p", "")+" "+ev.Players[m.P1].Name+" "+nameOr(ev, m.P2)+" "+m.Result.String())
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestKTSDropsAndPenalties(t *testing.T) {
	doc := `<Tournament><PlayoffRound>3</PlayoffRound>
<PenaltyList>
	<PlayerPenalty><PenaltyCode>02</PenaltyCode><Player>0100000001</Player></PlayerPenalty>
	<PlayerPenalty><PenaltyCode>05</PenaltyCode><Player>100000004</Player></PlayerPenalty>
</PenaltyList>
<TournamentPlayers>
	<TournPlayer><Player><ID>0100000001</ID><FirstName>Ann</FirstName><LastName/></Player><DropRound>0</DropRound><DropReason>Active</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000002</ID><FirstName>Bo</FirstName></Player><DropRound>1</DropRound><DropReason>Drop</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000003</ID><FirstName>Cy</FirstName></Player><DropRound>2</DropRound><DropReason>PlayoffCut</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000004</ID><FirstName>Di</FirstName></Player><DropRound>2</DropRound><DropReason>Cut</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000005</ID><FirstName>Ed</FirstName></Player><DropRound>2</DropRound><DropReason>TopX</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000006</ID><FirstName>Flo</FirstName></Player><DropRound>3</DropRound><DropReason>Drop</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000007</ID><FirstName>Gil</FirstName></Player><DropRound>2</DropRound><DropReason>Vanished</DropReason></TournPlayer>
	<TournPlayer><Player><ID>0100000008</ID><FirstName>Hal</FirstName></Player><DropRound>1</DropRound><DropReason>Drop</DropReason></TournPlayer>
</TournamentPlayers>
<Matches>` + ktsTestMatch("1", "100000001", "100000002", "Winner", "100000001") +
		ktsTestMatch("1", "100000003", "100000004", "Winner", "100000003") +
		ktsTestMatch("1", "100000005", "100000006", "Winner", "100000006") +
		ktsTestMatch("1", "100000007", "100000008", "Winner", "100000007") +
		ktsTestMatch("2", "100000001", "100000006", "Winner", "100000006") +
		ktsTestMatch("2", "100000008", "100000003", "Winner", "100000003") + `</Matches></Tournament>`
	ev, err := ReadBytes([]byte(doc), "d.Tournament", "kts", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ev.Players {
		got = append(got, p.Name+" "+itoa(p.DroppedAfter)+boolWord(p.Disqualified, " dq", ""))
	}
	// Flo dropped during the top cut (round 3 ≥ PlayoffRound): after the last Swiss round.
	// Bo's DropRound 1 agrees with his matches; Hal's DropRound 1 does not: he played round 2.
	want := []string{"Ann 0", "Bo 1", "Cy 0", "Di 0 dq", "Ed 0", "Flo 2", "Gil 0", "Hal 2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	notes := strings.Join(en(ev.Notes), "\n")
	for _, n := range []string{`d.Tournament:13:101: DropReason "Vanished" is not one KTS writes`, "Di (0100000004) is disqualified (penalty code 5)",
		"Hal (0100000008) has DropRound 1 but a match in round 2: read as dropped after round 2"} {
		if !strings.Contains(notes, n) {
			t.Errorf("notes %q do not say %q", notes, n)
		}
	}
}

func TestKTSTeams(t *testing.T) {
	doc := "\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<Tournament>\r\n\t<PlayerStructure>03</PlayerStructure>\r\n\t<TournamentPlayers>\r\n" +
		"\t\t<TournamentTeam><Team><ID>0400000001</ID><FirstName>Dragon Tamers</FirstName><LastName />" +
		"<PlayerList><Player><ID>0100000002</ID><FirstName>Bo</FirstName><LastName>Chan</LastName><TeamPosition>2</TeamPosition></Player>" +
		"<Player><ID>0100000001</ID><FirstName>Ann</FirstName><LastName>Lee</LastName><TeamPosition>1</TeamPosition></Player>" +
		"<Player><ID>0100000003</ID><FirstName>Cy</FirstName><LastName>Diaz</LastName><TeamPosition>3</TeamPosition></Player></PlayerList>" +
		"</Team><DropRound>0</DropRound><Rank>1</Rank><Wins>3</Wins><Points>3333000</Points><DropReason>Active</DropReason></TournamentTeam>\r\n" +
		"\t\t<TournamentTeam><Team><ID>0400000002</ID><FirstName>Neo Spacians</FirstName><PlayerList /></Team><Rank>2</Rank><Wins>0</Wins><Points>999000</Points></TournamentTeam>\r\n" +
		"\t</TournamentPlayers>\r\n\t<Matches>" + ktsTestMatch("1", "400000001", "400000002", "Winner", "400000001") + "</Matches>\r\n</Tournament>\r\n"
	ev, err := ReadBytes([]byte(doc), "team.Tournament", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !ev.Teams || len(ev.Players) != 2 || ev.Players[0].Name != "Dragon Tamers" ||
		!reflect.DeepEqual(ev.Players[0].Members, []string{"Ann Lee", "Bo Chan", "Cy Diaz"}) {
		t.Errorf("teams %v players %+v", ev.Teams, ev.Players)
	}
	if r := ev.Players[0].Reported; r == nil || r.Rank != 1 || r.Values["points"].Cmp(exact.Int(3)) != 0 || r.Values["kts-number"].Cmp(exact.Int(3333000)) != 0 {
		t.Errorf("reported %+v", r)
	}
	if ev.Rounds[0].Matches[0].Result != tbsheet.Win {
		t.Errorf("team match %+v", ev.Rounds[0].Matches[0])
	}
}

func TestKTSIDs(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"0100421518", "0100421518", true},
		{"100421518", "0100421518", true},
		{" 5 ", "0000000005", true},
		{"9999000001", "9999000001", true},
		{"12345678901", "12345678901", true},
		{"0", "", true},
		{"0000000000", "", true},
		{"", "", true},
		{"10042151A", "", false},
		{"-1", "", false},
		{"1e9", "", false},
		{strings.Repeat("1", 20), "", false},
	}
	for _, tt := range tests {
		got, ok := ktsID(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ktsID(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestKTSSniff(t *testing.T) {
	tests := []struct {
		name string
		data string
		want bool
	}{
		{"fixture head", "\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<Tournament xmlns:xsd=\"x\">\r\n\t<Name>A</Name>\r\n\t<TournamentPlayers/>", true},
		{"matches only", "<Tournament><Matches></Matches></Tournament>", true},
		{"no players nor matches", "<Tournament><Name>A</Name></Tournament>", false},
		{"TOM .tdf", `<?xml version="1.0"?><tournament type="2"><players/><pods/></tournament>`, false},
		{"AllPlayers.XML", "<PlayerList><Player><ID>1</ID></Player></PlayerList>", false},
		{"matches CSV", "\ufeff\"Event ID\",\"Round\",\"Player 1\",\"Result\",\"Player 2\"\r\n\"E1\",1,1,1,2\r\n", true},
		{"matches CSV unquoted", "Event ID,Round,Player 1,Result,Player 2\n", true},
		{"players CSV", "\"ID\",\"First Name\",\"Last Name\"\r\n", true},
		{"hand-kept CSV", "Round,Table,Player 1,Player 2,Result\n1,1,Ann,Bo,2-1\n", false},
		{"hand-kept CSV with the same words", "Round,Player 1,Result,Player 2\n", false},
		{"JSON", `{"tournament": {"matches": []}}`, false},
	}
	f, ok := Lookup("kts")
	if !ok {
		t.Fatal("kts not registered")
	}
	for _, tt := range tests {
		if got := f.Sniff([]byte(tt.data), "x"); got != tt.want {
			t.Errorf("%s: sniff = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestKTSErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string
	}{{
		name: "unknown player, winner not in the match, bad status, player twice",
		doc: ktsTestDoc("", ktsThree,
			"<TournMatch>∑<Player>100421519</Player><Player>100000001</Player><Round>1</Round><Status>Winner</Status><Winner>100000001</Winner></TournMatch>",
			"<TournMatch><Player>100000002</Player><Player>100000003</Player><Round>1</Round><Status>Winner</Status>∑<Winner>100000001</Winner></TournMatch>",
			"<TournMatch><Player>100000002</Player><Player>100000003</Player><Round>2</Round>∑<Status>Won</Status><Winner>100000002</Winner></TournMatch>",
			ktsTestMatch("3", "100000001", "100000002", "Draw", "0"),
			"∑"+ktsTestMatch("3", "100000003", "100000001", "Draw", "0")),
		want: []string{
			"match in round 1 names player 0100421519, who is not registered",
			"match in round 1: winner 0100000001 is not one of its players (0100000002, 0100000003)",
			`match in round 2: status "Won" is not a KTS result (Incomplete, Winner, Draw, DoubleLoss)`,
			`player "Ann Lee" appears twice in round 3 (also at e.Tournament:16:3)`,
		},
	}, {
		name: "players",
		doc: "<Tournament>\n<TournamentPlayers>\n" +
			"<TournPlayer><Player><ID>0100000001</ID><FirstName>Ann</FirstName></Player>∑<Wins>three</Wins></TournPlayer>\n" +
			"∑<TournPlayer><Player><ID>100000001</ID><FirstName>Ann</FirstName></Player></TournPlayer>\n" +
			"<TournPlayer><Player>∑<ID>A-17</ID></Player></TournPlayer>\n" +
			"<TournPlayer><Player><ID>0100000002</ID></Player>∑<DropRound>5000</DropRound><DropReason>Drop</DropReason></TournPlayer>\n" +
			"</TournamentPlayers>\n</Tournament>",
		want: []string{
			`<Wins> "three" is not a whole number`,
			"player 0100000001 (Ann) is registered twice (also at e.Tournament:3:1)",
			`player id "A-17" is not a KTS (COSSY) number`,
			"<DropRound> 5000 is out of range (0 to 1000)",
		},
	}, {
		name: "matches",
		doc: ktsTestDoc("", ktsThree,
			"∑<TournMatch><Player>100000001</Player><Round>1</Round><Status>Winner</Status></TournMatch>",
			"<TournMatch><Player>100000001</Player><Player>100000002</Player>∑<Round>-1</Round></TournMatch>",
			"<TournMatch><Player>100000001</Player><Player>100000002</Player><Round>2</Round><Status>Winner</Status>∑<Winner>0</Winner></TournMatch>",
			"<TournMatch><Player>100000003</Player><Player>0</Player><Round>2</Round>∑<Status>Draw</Status><Winner>0</Winner></TournMatch>",
			"<TournMatch><Player>100000001</Player><Player>100000002</Player><Round>3</Round><Status>Winner</Status>∑<Winner>x</Winner></TournMatch>",
			"∑<TournMatch><Player>100000001</Player><Player>100000002</Player><Status>Winner</Status></TournMatch>",
			"<TournMatch><Player>100000001</Player><Player>100000002</Player><Round>4</Round>∑<Table>big</Table><Status>Draw</Status></TournMatch>"),
		want: []string{
			"a match in round 1 with 1 <Player> elements (expected 2)",
			"<Round> -1 is out of range (0 to 1000)",
			"match in round 2 has status Winner but no winner",
			"match in round 2: a Draw against the BYE",
			`match in round 3: winner "x" is not a KTS number`,
			"a match without a <Round>",
			`<Table> "big" is not a whole number`,
		},
	}, {
		name: "not well-formed",
		doc:  "<Tournament>\n\t<TournamentPlayers>\n\t∑</Matches>\n</Tournament>",
		want: []string{"broken XML: element <TournamentPlayers> closed by </Matches>"},
	}, {
		name: "TOM file",
		doc:  "<?xml version=\"1.0\"?>\n∑<tournament type=\"2\"><players/></tournament>",
		want: []string{"not a KTS .Tournament file: the root element is <tournament>, not <Tournament> (it looks like a Pokémon TOM .tdf file)"},
	}, {
		name: "encoding",
		doc:  "<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n∑<Tournament><Name>Caf\xe9</Name></Tournament>",
		want: []string{`the file has no <TournamentPlayers>`}, // decoded, then read
	}, {
		name: "too deep",
		doc:  "<Tournament>" + strings.Repeat("<a>", 63) + "∑<a>" + strings.Repeat("</a>", 64) + "</Tournament>",
		want: []string{"XML nested more than 64 deep: not a results file"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkErrorsAtMarks(t, tt.doc, "e.Tournament", "kts", tt.want)
		})
	}
}

func TestKTSUnknownPlayerMessage(t *testing.T) {
	// The message the brief promises, for a real-looking file.
	data := mustRead(t, "../testdata/kts/locals.Tournament")
	data = bytes.Replace(data, []byte("<Player>320246634</Player>"), []byte("<Player>100421519</Player>"), 1)
	_, err := ReadBytes(data, "event.Tournament", "", Options{})
	if !errors.Is(err, tbsheet.ErrUnknownPlayer) {
		t.Fatalf("got %v", err)
	}
	first := tbsheet.Errors(err)[0].Error()
	if !strings.HasPrefix(first, "event.Tournament:") || !strings.HasSuffix(first, ":4: match in round 1 names player 0100421519, who is not registered") {
		t.Errorf("got %q", first)
	}
}

func BenchmarkKTSLocals(b *testing.B) {
	data := mustRead(b, "../testdata/kts/locals.Tournament")
	for b.Loop() {
		if _, err := ReadBytes(data, "locals.Tournament", "kts", Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
