package reader

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// trfFiles are the TRF fixtures: a hand-made open (also with its rank column holding the
// start order, as programs write it before the end, and declaring its tie-breaks in a 202
// record) and FIDE's 2024 tie-break exercise.
var trfFiles = []string{
	"../testdata/trf/lakeside-open-2025.trf",
	"../testdata/fide/tec-exercise-2024.trf",
	"../testdata/trf/lakeside-start-order.trf",
	"../testdata/trf/lakeside-declared.trf",
}

func TestTRFGolden(t *testing.T) {
	for _, path := range trfFiles {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Detect(data, filepath.Base(path))
			if err != nil || f.ID != "trf" {
				t.Fatalf("Detect = %v, %v", f, err)
			}
			ev, err := ReadBytes(data, filepath.Base(path), "", Options{})
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			golden.Check(t, strings.TrimSuffix(path, ".trf")+".golden", golden.Event(ev))
		})
	}
}

func readTRFFile(t *testing.T, path string) *tbsheet.Event {
	t.Helper()
	ev, err := Read(path, "trf", Options{})
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return ev
}

// figures computes FIDE keys over a TRF's event with chess points and returns, per id and
// starting rank, the value as displayed.
func figures(t *testing.T, ev *tbsheet.Event, rules string, ids ...string) map[string]map[string]string {
	t.Helper()
	pt := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}
	c := &calc.Context{Crosstable: calc.NewCrosstable(ev, 0), Points: pt, Options: calc.Options{FIDERules: rules}}
	out := map[string]map[string]string{}
	for _, id := range ids {
		d, ok := calc.Lookup(id)
		if !ok {
			t.Fatalf("no tiebreak %s", id)
		}
		out[id] = map[string]string{}
		for p, f := range c.Get(id) {
			out[id][ev.Players[p].ID] = d.FormatValue(f.Value)
		}
	}
	return out
}

// TestTRFFIDEExercise reads FIDE TEC's tie-break exercise (published 18 March 2024 at
// tec.fide.com; the values are the exercise's answers as the npm package tiebreak 0.4.0
// checks them) and computes its Buchholz, Buchholz Cut-1, Sonneborn-Berger and the
// adjusted scores (Art. 16.3). Its Sonneborn-Berger Cut-1 values are those of FIDE's own
// checker (TEC 1.9.57), which cuts the contribution of the opponent with the lowest score.
func TestTRFFIDEExercise(t *testing.T) {
	ev := readTRFFile(t, trfFiles[1])
	got := figures(t, ev, "2023", "fide-bh", "fide-bh-c1", "fide-sb", "fide-sb-c1")
	want := map[string]map[string]string{
		"fide-bh": {"1": "12.5", "2": "13", "3": "15.5", "4": "15", "5": "8.5", "8": "13.5", "11": "13.5", "16": "12.5"},
		"fide-bh-c1": {"1": "11", "3": "13", "4": "11.5", "5": "7.5", "7": "12.5", "8": "12", "9": "7.5",
			"11": "12", "12": "9.5", "13": "12", "14": "9", "15": "11", "16": "11"},
		"fide-sb": {"1": "8", "2": "9.5", "3": "10.5", "4": "9.75", "5": "4.25", "6": "6.5", "7": "3.25", "8": "5.25",
			"10": "1.5", "11": "5.75", "12": "4", "13": "4.25", "14": "4.5", "15": "3.5", "16": "7.25"},
		"fide-sb-c1": {"1": "7.25", "2": "8.5", "3": "9.25", "4": "8", "5": "3.25", "6": "5.5", "7": "1.25", "8": "3.75",
			"9": "2.25", "10": "0", "11": "4.25", "12": "4", "13": "4.25", "14": "3", "15": "2.5", "16": "5.75"},
	}
	for id, byRank := range want {
		for rank, w := range byRank {
			if g := got[id][rank]; g != w {
				t.Errorf("exercise %s of player %s = %s, want %s", id, rank, g, w)
			}
		}
	}
}

// TestTRFLakesideStandings checks the fixture's main figures, worked by hand from the
// crosstable (scores: Novak, Wang, Kim 4; Fischer 3½; Sato, Dubois, Petrov, Larsen 2½; Chen,
// Rossi, Schmidt 2; Oliveira 1½; Murphy 1; Nakamura 0).
//
// Adjusted scores (16.3): Oliveira forfeited R4 (scheduled, keeps 0) and was absent in R5
// (counts ½): 2. Nakamura's R3–R5 absences count ½ each: 1½. Chen's last-round half-point bye
// is already a draw. Everyone else's adjusted score is his score.
//
//	Wang (2)   BH Petrov 2½ + Schmidt 2 + Novak 4 + Fischer 3½ + Kim 4 = 16; C1 −2 → 14
//	           SB 2½×1 + 2×1 + 4×½ + 3½×1 + 4×½ = 12
//	Kim (6)    BH R1 forfeit win: dummy 4 + Novak 4 + Oliveira 2 + Schmidt 2 + Wang 4 = 16; C1 → 14
//	           SB 4×1 + 4×½ + 2×1 + 2×1 + 4×½ = 12 (Wang and Kim tie on every preset key;
//	           they drew each other, so DE does not separate them either)
//	Novak (1)  BH Dubois 2½ + Kim 4 + Wang 4 + Larsen 2½ + Sato 2½ = 15.5; C1 → 13; SB 11.5
//	Oliveira (5) BH Murphy 1 + Sato 2½ + Kim 4 + forfeit dummy 1½ (VUR) + absence dummy 1½
//	           (VUR) = 10.5; C1 cuts a VUR's 1½, not Murphy's 1 → 9; SB 1×1 + 2½×½ = 2.25
//	Murphy (11) BH Oliveira 2 + Petrov 2½ + Z dummy 1 (VUR) + F dummy 1 + Larsen 2½ = 9; C1 → 8
//	Rossi (12) BH H dummy 2 (VUR) + Fischer 3½ + Larsen 2½ + Chen 2 + PAB dummy 2 = 12; C1 → 10
//	Chen (10)  BH Sato 2½ + Nakamura 1½ + Schmidt 2 + Rossi 2 + H dummy 2 (VUR) = 10; C1 → 8;
//	           SB 1½×1 + 2×½ + 2×½ = 3.5
//	Schmidt (14) BH PAB dummy 2 + Wang 4 + Chen 2 + Kim 4 + Petrov 2½ = 14.5; C1 → 12.5; SB 4
//	Nakamura (13) BH forfeit dummy 0 + Chen 2 + three absence dummies 0 = 2; C1 → 2
func TestTRFLakesideStandings(t *testing.T) {
	ev := readTRFFile(t, trfFiles[0])
	got := figures(t, ev, "2023", "fide-bh", "fide-bh-c1", "fide-sb", "fide-de", "fide-aro")
	want := map[string]map[string]string{
		"fide-bh":    {"2": "16", "6": "16", "1": "15.5", "5": "10.5", "11": "9", "12": "12", "10": "10", "14": "14.5", "13": "2"},
		"fide-bh-c1": {"2": "14", "6": "14", "1": "13", "5": "9", "11": "8", "12": "10", "10": "8", "14": "12.5", "13": "2"},
		"fide-sb":    {"2": "12", "6": "12", "1": "11.5", "5": "2.25", "10": "3.5", "14": "4"},
		// Wang, Kim and Novak are tied on 4; Novak drew both. All met, 1 each: DE cannot
		// separate, and shows no value.
		"fide-de": {"2": "", "6": "", "1": ""},
		// Chen met Nakamura (unrated): n/a. Wang: (1930 + 1655 + 2284 + 2197 + 2055) / 5 = 2024.2.
		"fide-aro": {"10": "", "2": "2024"},
	}
	for id, byRank := range want {
		for rank, w := range byRank {
			if g := got[id][rank]; g != w {
				t.Errorf("%s of player %s = %q, want %q", id, rank, g, w)
			}
		}
	}
	// The file's own points agree with the results.
	c := calc.NewCrosstable(ev, 0)
	pt := tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}
	for p, pl := range ev.Players {
		var sum exact.Num
		for _, r := range c.Records[p] {
			switch r.Result {
			case tbsheet.Win, tbsheet.ForfeitWin:
				sum = sum.Add(pt.Win)
			case tbsheet.Draw, tbsheet.HalfBye:
				sum = sum.Add(pt.Draw)
			case tbsheet.Bye:
				sum = sum.Add(pt.Bye)
			}
		}
		if !sum.Equal(pl.Reported.Values["points"]) {
			t.Errorf("%s: results add up to %s, the file says %s", pl.Name, sum, pl.Reported.Values["points"])
		}
	}
}

// trfTestLine writes a 001 line with the given fields at their columns, then the round blocks
// from column 92.
func trfTestLine(rank, name, rating, points, place, rounds string) string {
	return fmt.Sprintf("001 %4s      %-33s %4s %3s %11s %10s %4s %4s  %s", rank, name, rating, "", "", "", points, place, rounds)
}

// TestTRFErrors: every problem is reported with its line and column, all in one run.
func TestTRFErrors(t *testing.T) {
	a := trfTestLine("1", "Alpha, Ann", "2000", "1.0", "1", "")
	b := trfTestLine("2", "Beta, Bob", "1900", "0.0", "2", "")
	c := trfTestLine("3", "Gamma, Cy", "1800", "0.5", "3", "")
	tests := []struct {
		name string
		trf  string
		errs []string // every error, in order: "line:col: text"
	}{
		{"contradicting results", a + "   2 w 1\n" + b + "   1 b 1\n",
			[]string{"x.trf:2:92: round 1: \"   1 b 1\" contradicts line 1 (\"   2 w 1\"): results 1 and 1 do not fit together"}},
		{"same colour", a + "   2 w 1\n" + b + "   1 w 0\n",
			[]string{"x.trf:2:92: round 1: \"   1 w 0\" contradicts line 1 (\"   2 w 1\"): both players have the same colour"}},
		{"opponent says another", a + "   2 w 1\n" + b + "   3 b 0\n" + c + "   2 w 1\n",
			[]string{"x.trf:1:92: round 1: 1 plays 2 here, but line 2 (player 2) says he played 3"}},
		{"opponent has no round", a + "   2 w 1\n" + b + "\n",
			[]string{"x.trf:1:92: round 1: 1 plays 2 here, but line 2 (player 2) has no round 1"}},
		{"unknown opponent and bad codes", a + "   7 w 1  0000 - Q\n" + b + "   1 x 0\n",
			[]string{"x.trf:1:109: \"Q\" is not a TRF result (1 = 0 + - W D L H F U Z or blank)",
				"x.trf:2:97: \"x\" is not a colour (w, b or -)"}},
		{"unknown opponent", a + "   7 w 1\n",
			[]string{"x.trf:1:92: round 1: no player has start rank 7"}},
		{"bye with opponent", a + "   2 w H\n" + b + "   1 b H\n",
			[]string{"x.trf:1:99: round 1: \"H\" is a bye and cannot have an opponent (2)",
				"x.trf:2:99: round 1: \"H\" is a bye and cannot have an opponent (1)"}},
		{"duplicate start rank", a + "\n" + strings.Replace(b, "   2 ", "   1 ", 1) + "\n",
			[]string{"x.trf:2:5: start rank 1 is used twice"}},
		{"bad rank, rating, points", "001   x0\n" + trfTestLine("1", "Alpha, Ann", "20k0", "1,x", "1", "") + "\n",
			[]string{"x.trf:1:5: \"x0\" is not a start rank (columns 5–8: 1 to 9999)",
				"x.trf:2:49: \"20k0\" is not a rating (columns 49–52)",
				"x.trf:2:81: \"1,x\" is not a score (columns 81–84, like 4.5)"}},
		{"self pairing", a + "   1 w 1\n", []string{"x.trf:1:92: round 1: player 1 is paired against themselves"}},
		{"shifted block", a + "  2 w 1\n" + b + "   1 b 0\n",
			[]string{"x.trf:1:92: \"  2 w 1\" is not a round block (\"oooo c r\" from column 92)"}},
		{"bad rounds", "XXR nine\n" + a + "\n", []string{"x.trf:1:5: \"nine\" is not a number of rounds"}},
		{"two lists of tie-breaks", "202 DE,BH\n" + a + "\n202 SB\n", []string{"x.trf:3:5: a second list of tie-breaks (202): the first is on line 1"}},
		{"202 and 212 differ", "202 DE,BH\n" + a + "\n212 PTS,SB\n", []string{"x.trf:3:5: a second list of tie-breaks (212): the first is on line 1"}},
		{"no players", "012 Empty\n", []string{"x.trf: no player records (lines starting with 001)"}},
	}
	for _, tt := range tests {
		_, err := readTRF([]byte(tt.trf), "x.trf", Options{})
		var got []string
		for _, e := range tbsheet.Errors(err) {
			got = append(got, e.Error())
		}
		if strings.Join(got, "\n") != strings.Join(tt.errs, "\n") {
			t.Errorf("%s:\ngot\n\t%s\nwant\n\t%s", tt.name, strings.Join(got, "\n\t"), strings.Join(tt.errs, "\n\t"))
		}
	}
	_, err := readTRF([]byte(a+"   7 w 1\n"), "x.trf", Options{})
	if !errors.Is(err, tbsheet.ErrUnknownPlayer) {
		t.Errorf("unknown opponent is not ErrUnknownPlayer: %v", err)
	}
}

// TestTRFCodes reads every result code, in both cases, with byes written 0000 and "   0".
func TestTRFCodes(t *testing.T) {
	line := func(rank int, name, rounds string) string {
		return trfTestLine(fmt.Sprint(rank), name, "", "", "", rounds) + "\n"
	}
	trf := "012 Codes\n142 9\n162 W 1.0 D 0.5 L 0.0 U 1.0 H 0.5\n" +
		line(2, "Two", "   1 B 0     1 b +     1 - -     1 b D     1 b L     1 b =     1 w    0000 - z     0 - u") +
		"### a comment line\n" +
		line(1, "One", "   2 W 1     2 w -     2 - -     2 w d     2 w w     2 w =     2 b    0000 - h     0 - F") +
		line(3, "Three", "0000 - H  0000 - U     0 - Z  0000 - -  0000      0000 - +  0000 - =  0000 - 0  0000 - -")
	ev, err := readTRF([]byte(trf), "codes.trf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1:1 v 2 win white", "1:3 v - half-bye",
		"2:1 v 2 forfeit-loss white", "2:3 v - bye",
		"3:1 v 2 double-forfeit", "3:3 v - zero-bye",
		"4:1 v 2 draw white",
		"5:1 v 2 win white",
		"6:1 v 2 draw white", "6:3 v - bye",
		"7:2 v 1 unreported white", "7:3 v - half-bye",
		"8:1 v - half-bye", "8:2 v - zero-bye", "8:3 v - zero-bye",
		"9:1 v - bye", "9:2 v - bye",
	}
	var got []string
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			s := fmt.Sprintf("%d:%s v ", r.Number, ev.Players[m.P1].ID)
			if m.P2 == tbsheet.NoPlayer {
				s += "- " + m.Result.String()
			} else {
				s += ev.Players[m.P2].ID + " " + m.Result.String()
			}
			if m.Color == tbsheet.White {
				s += " white"
			}
			got = append(got, s)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	if ev.PlannedRounds != 9 || ev.Points == nil || !ev.Points.Bye.Equal(exact.Int(1)) {
		t.Errorf("planned %d points %+v", ev.PlannedRounds, ev.Points)
	}
	if ev.Players[2].DroppedAfter != 8 { // Three's zero-point bye in round 8, absent in round 9
		t.Errorf("Three dropped after %d", ev.Players[2].DroppedAfter)
	}
}

// TestTRFTiebreaks reads a 202 record as written, with where its first code starts, and
// says whether the rank column follows named tie-breaks.
func TestTRFTiebreaks(t *testing.T) {
	a := trfTestLine("1", "Alpha, Ann", "2000", "0.0", "1", "") + "\n"
	for _, tc := range []struct {
		record, want string
		col          int
	}{
		{"202 BH/C1,BH,SB,DE", "BH/C1,BH,SB,DE", 5},
		{"202   EDET/P,BH:MP/C1/P  ", "EDET/P,BH:MP/C1/P", 7},
		{"202 de bh/c1", "de bh/c1", 5},
		{"202 SSSC", "SSSC", 5}, // read as written: calc says what it cannot compute
		{"202", "", 0},
		{"202    ", "", 0},
		{"212 PTS,BH", "PTS,BH", 5}, // the tie-breaks that define standings, points first
		{"202 DE,BH\n212 PTS,DE,BH", "DE,BH", 5},
		{"212 PTS, DE,BH\n202 DE,BH", "PTS, DE,BH", 5},
	} {
		ev, err := readTRF([]byte(tc.record+"\n"+a), "x.trf", Options{})
		if err != nil {
			t.Errorf("%q: %v", tc.record, err)
			continue
		}
		pos := ev.DeclaredTiebreaksPos
		if ev.DeclaredTiebreaks != tc.want || pos.Col != tc.col || (tc.want != "" && (pos.Row != 1 || pos.File != "x.trf")) {
			t.Errorf("%q: declared %q at %s, want %q at column %d", tc.record, ev.DeclaredTiebreaks, pos, tc.want, tc.col)
		}
		if ev.ReportedOrderUnknown != (tc.want == "") {
			t.Errorf("%q: ReportedOrderUnknown = %v", tc.record, ev.ReportedOrderUnknown)
		}
	}
}

// TestTRFRoundRobin: a TRF is a round robin when its 092 record says so, or, when it names
// no kind, when its players are its rounds or one more.
func TestTRFRoundRobin(t *testing.T) {
	lines := trfTestLine("1", "Alpha, Ann", "2000", "0.0", "1", "") + "\n" + trfTestLine("2", "Beta, Bob", "1900", "0.0", "2", "") +
		"\n" + trfTestLine("3", "Gamma, Cy", "1800", "0.0", "3", "") + "\n"
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"092 Individual: Round robin\n", true},
		{"092 Individual: Berger\n", true},
		{"092 Individual: Swiss-System\nXXR 3\n", false},
		{"XXR 3\n", true},
		{"XXR 2\n", true},
		{"XXR 5\n", false},
		{"", false},
	} {
		ev, err := readTRF([]byte(tc.header+lines), "x.trf", Options{})
		if err != nil || ev.RoundRobin != tc.want {
			t.Errorf("%q: round robin %v (%v), want %v", tc.header, ev != nil && ev.RoundRobin, err, tc.want)
		}
	}
}

// TestTRFLatin1 reads a file from an older program that writes Latin-1: columns still count
// characters and the name comes out as UTF-8.
func TestTRFLatin1(t *testing.T) {
	trf := trfTestLine("1", "Müller, Jürgen", "2100", "1.0", "1", "   2 w 1") + "\n" +
		trfTestLine("2", "Ibáñez, Íñigo", "2000", "0.0", "2", "   1 b 0") + "\n"
	latin := []byte(strings.NewReplacer("ü", "\xfc", "á", "\xe1", "ñ", "\xf1", "Í", "\xcd").Replace(trf))
	ev, err := readTRF(latin, "old.trf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Players[0].Name != "Müller, Jürgen" || ev.Players[1].Name != "Ibáñez, Íñigo" || ev.Players[0].Rating != 2100 {
		t.Errorf("players %+v", ev.Players)
	}
}

func TestTRFSniff(t *testing.T) {
	for text, want := range map[string]bool{
		"012 Open\n001    1 ...":               true,
		"\xef\xbb\xbf012 Open\n":               true,
		"### comment\n001    1      Name\n":    true,
		"Round,Table,Player 1,Player 2\n":      false,
		"001,Alice\n":                          false,
		"### comment\n012 Open\n":              false, // 012 must come first, else an 001 line
		"name,012 \n001    x":                  false,
		"<?xml version=\"1.0\"?>\n<Tournament": false,
	} {
		if got := sniffTRF([]byte(text), "x.txt"); got != want {
			t.Errorf("sniffTRF(%q) = %v, want %v", text, got, want)
		}
	}
}

func FuzzTRF(f *testing.F) {
	for _, path := range trfFiles {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("001    1      A                                                                        2 w 1\n001    2      B                                                                        1 b 0\n"))
	for _, record := range []string{"202 BH/C1,BH,SB,DE", "202 EDET/P,BH:MP/C1/P", "202 ,, /C1!#:", "202 BH/C99999999999999999999", "202 Ö/ü"} {
		f.Add([]byte(record + "\n001    1      A                                                                        0000 - U\n"))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := readTRF(data, "fuzz.trf", Options{})
		if err == nil && ev == nil {
			t.Fatal("no event and no error")
		}
		if err == nil {
			if errs := ev.Validate(); len(errs) > 0 {
				t.Fatalf("read an invalid event: %v", errs)
			}
			var ce *calc.FIDECodeError
			_, err := calc.FIDETiebreaks(ev.DeclaredTiebreaks)
			if err != nil && (!errors.As(err, &ce) || !strings.HasPrefix(ev.DeclaredTiebreaks[ce.Offset:], ce.Code)) {
				t.Fatalf("%q: the code named is not where it says: %v", ev.DeclaredTiebreaks, err)
			}
		}
	})
}
