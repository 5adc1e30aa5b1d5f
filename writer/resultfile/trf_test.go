package resultfile

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
)

// stripPositions clears what a round trip cannot keep: where things were in the first file.
func stripPositions(ev *tbsheet.Event) {
	ev.Source, ev.Notes, ev.DeclaredTiebreaksPos = "", nil, tbsheet.Pos{}
	for i := range ev.Players {
		ev.Players[i].Pos = tbsheet.Pos{}
	}
	for r := range ev.Rounds {
		ev.Rounds[r].Pos = tbsheet.Pos{}
		for m := range ev.Rounds[r].Matches {
			ev.Rounds[r].Matches[m].Pos = tbsheet.Pos{}
		}
	}
}

// TestTRFRoundTrip reads every bundled TRF, writes it as TRF and reads it back: the same
// event (registrations, header records, colours, the kind of every bye), every player line
// and every other record as the file wrote it, and the same bytes when written again.
func TestTRFRoundTrip(t *testing.T) {
	paths, _ := filepath.Glob("../../testdata/trf/*.trf")
	fide, _ := filepath.Glob("../../testdata/fide/*.trf")
	paths = append(paths, fide...)
	if len(paths) < 5 {
		t.Fatalf("only %d TRF fixtures", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) { trfRoundTrip(t, path) })
	}
}

func trfRoundTrip(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := reader.ReadBytes(data, path, "trf", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := trfSameAgain(t, ev)
	// Every line of the hand-written file is in the written one as it was: the player lines
	// column for column (the rank column when it is a ranking), the other records as kept.
	ranked := slices.ContainsFunc(ev.Players, func(p tbsheet.Player) bool { return p.Reported != nil && p.Reported.Rank > 0 })
	line := func(l string) string {
		l = strings.TrimRight(l, " \r")
		if r := []rune(l); !ranked && strings.HasPrefix(l, "001") && len(r) > 89 {
			copy(r[85:89], []rune("    ")) // the start order, or blank: not a ranking
			l = string(r)
		}
		return l
	}
	written := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		written[line(l)] = true
	}
	for i, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if l = line(l); l == "" {
			continue
		}
		if !written[l] {
			t.Errorf("line %d is not written back:\n%s\nin\n%s", i+1, l, out)
		}
	}
}

// trfSameAgain writes ev as TRF, reads it back and requires the same event, and the same
// bytes when the event read back is written again; it returns the TRF.
func trfSameAgain(t *testing.T, ev *tbsheet.Event) string {
	t.Helper()
	var out bytes.Buffer
	if err := writeTRF(&out, ev, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	back, err := reader.ReadBytes(out.Bytes(), "back.trf", "trf", reader.Options{})
	if err != nil {
		t.Fatalf("reading the written TRF: %v\n%s", err, out.String())
	}
	var again bytes.Buffer
	if err := writeTRF(&again, back, writer.Options{}); err != nil || again.String() != out.String() {
		t.Errorf("writing the read-back event gives other bytes (%v):\n%s\nfirst\n%s", err, again.String(), out.String())
	}
	first := *ev
	stripPositions(&first)
	stripPositions(back)
	va, vb := reflect.ValueOf(first), reflect.ValueOf(*back)
	for i := range va.NumField() {
		if a, b := va.Field(i).Interface(), vb.Field(i).Interface(); !reflect.DeepEqual(a, b) {
			t.Errorf("round trip changed the event's %s:\nfirst  %+v\nsecond %+v\n%s", va.Type().Field(i).Name, a, b, out.String())
		}
	}
	return out.String()
}

// TestTRFTiebreaksRecord: the 202 record holds the tie-breaks as the input declared them,
// else the event's own order when every key of it is FIDE's, else nothing.
func TestTRFTiebreaksRecord(t *testing.T) {
	for _, tc := range []struct {
		declared  string
		tiebreaks []string
		want      string
	}{
		{"EDET/P,BH:MP/C1/P", []string{"fide-sb"}, "202 EDET/P,BH:MP/C1/P\n"},
		{"", []string{"fide-bh-c1", "fide-koya", "fide-de"}, "202 BH/C1,KS,DE\n"},
		{"", []string{"fide-bh", "mtg-omw"}, ""},
		{"", nil, ""},
	} {
		ev := &tbsheet.Event{Players: []tbsheet.Player{{ID: "1", Name: "Ann"}},
			DeclaredTiebreaks: tc.declared, Tiebreaks: tc.tiebreaks}
		var out bytes.Buffer
		if err := writeTRF(&out, ev, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, l := range strings.SplitAfter(out.String(), "\n") {
			if strings.HasPrefix(l, "202") {
				got += l
			}
		}
		if got != tc.want {
			t.Errorf("%q %v: 202 record %q, want %q", tc.declared, tc.tiebreaks, got, tc.want)
		}
	}
}

// TestTRFWriteOtherEvent writes an event from another format: names as ids become start ranks
// in event order, ranks follow points, a loss without opponent becomes a zero-point bye and a
// double loss "0" against "0".
func TestTRFWriteOtherEvent(t *testing.T) {
	ev := &tbsheet.Event{Name: "Club night", Date: "2025-11-07",
		Points:  &tbsheet.Points{Win: exact.Int(3), Draw: exact.Int(1), Bye: exact.Int(3)},
		Players: []tbsheet.Player{{ID: "Ann", Name: "Ann"}, {ID: "Bo", Name: "Bo", Rating: 1500}, {ID: "Cy", Name: "Cy"}},
		Rounds: []tbsheet.Round{
			{Number: 1, Matches: []tbsheet.Match{{P1: 1, P2: 2, Result: tbsheet.DoubleLoss}, {P1: 0, P2: tbsheet.NoPlayer, Result: tbsheet.LossNoOpponent}}},
			{Number: 2, Matches: []tbsheet.Match{{P1: 0, P2: 2, Result: tbsheet.Win, Color: tbsheet.Black}}},
		}}
	var out bytes.Buffer
	if err := writeTRF(&out, ev, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	want := "012 Club night\n042 2025/11/07\n062 3\n072 1\n092 Individual: Swiss-System\n" +
		"162 W 3.0 D 1.0 L 0.0 U 3.0\nXXR 2\n" +
		"001    1      Ann                                                                3.0    1  0000 - Z     3 b 1\n" +
		"001    2      Bo                                1500                             0.0    2     3 - 0  0000 - -\n" +
		"001    3      Cy                                                                 0.0    3     2 - 0     1 w 0\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	back, err := reader.ReadBytes(out.Bytes(), "club.trf", "", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := back.Rounds[0].Matches[1].Result; r != tbsheet.DoubleLoss { // [0] is Ann's zero-point bye
		t.Errorf("double loss read back as %s", r)
	}
	if !back.Points.Win.Equal(exact.Int(3)) || back.Players[1].DroppedAfter != 1 {
		t.Errorf("points %+v, Bo dropped after %d", back.Points, back.Players[1].DroppedAfter)
	}
}

// TestTRFRoundTripGenerated writes generated chess events (every kind of bye, forfeits,
// colours, absences, registrations) as TRF, reads them and requires the read event to come
// back the same, byte for byte, through another write and read.
func TestTRFRoundTripGenerated(t *testing.T) {
	for seed := range int64(200) {
		ev := trfGenerated(rand.New(rand.NewPCG(uint64(seed), 23)))
		var out bytes.Buffer
		if err := writeTRF(&out, ev, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		read, err := reader.ReadBytes(out.Bytes(), "gen.trf", "trf", reader.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out.String())
		}
		trfSameAgain(t, read)
	}
}

// trfGenerated returns a random chess event: 2 to 21 players, 1 to 7 rounds.
func trfGenerated(rng *rand.Rand) *tbsheet.Event {
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	ev := &tbsheet.Event{Name: pick("", "Club open", "王 Cup"), Date: pick("", "2026-12-05")}
	n := 2 + rng.IntN(20)
	for i := range n {
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(i + 1), Name: "Player " + strconv.Itoa(i+1),
			Rating: pick0(rng, 0, 1000+rng.IntN(1800)), Sex: pick("", "m", "w"), Title: pick("", "GM", "WIM", "g"),
			Federation: pick("", "NOR", "CHN"), FIDEID: pick("", strconv.Itoa(rng.IntN(99999999))), Birth: pick("", "1990/11/30", "2001")})
	}
	played := []tbsheet.Result{tbsheet.Win, tbsheet.Loss, tbsheet.Draw, tbsheet.ForfeitWin, tbsheet.ForfeitLoss,
		tbsheet.DoubleForfeit, tbsheet.DoubleLoss, tbsheet.Unreported}
	solo := []tbsheet.Result{tbsheet.Bye, tbsheet.Bye, tbsheet.HalfBye, tbsheet.ZeroBye}
	for r := range 1 + rng.IntN(7) {
		round := tbsheet.Round{Number: r + 1}
		order := rng.Perm(n)
		for len(order) > 0 {
			p := order[0]
			switch {
			case rng.IntN(8) == 0: // not paired
				order = order[1:]
			case len(order) == 1 || rng.IntN(6) == 0:
				res := solo[rng.IntN(len(solo))]
				round.Matches = append(round.Matches, tbsheet.Match{P1: p, P2: tbsheet.NoPlayer, Result: res,
					FullPointBye: res == tbsheet.Bye && rng.IntN(2) == 0})
				order = order[1:]
			default:
				c := []tbsheet.Color{tbsheet.White, tbsheet.Black, tbsheet.ColorUnknown}[rng.IntN(3)]
				round.Matches = append(round.Matches, tbsheet.Match{P1: p, P2: order[1],
					Result: played[rng.IntN(len(played))], Color: c})
				order = order[2:]
			}
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

// pick0 returns zero or v, at random.
func pick0(rng *rand.Rand, zero, v int) int {
	if rng.IntN(2) == 0 {
		return zero
	}
	return v
}

// FuzzTRFRoundTrip: whatever TRF tbsheet reads, it writes so that reading it again gives the
// same event and writing that the same bytes.
func FuzzTRFRoundTrip(f *testing.F) {
	paths, _ := filepath.Glob("../../testdata/*/*.trf")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := reader.ReadBytes(data, "fuzz.trf", "trf", reader.Options{})
		if err != nil {
			return
		}
		trfSameAgain(t, ev)
	})
}

// TestTRFRoundTripRecords: the records of a TRF-2026 file come back as written, in their
// places: 212 and 142 stand for 202 and XXR (no second list is added), the XX records of a
// pairing program and a team record after the players are kept.
func TestTRFRoundTripRecords(t *testing.T) {
	in := "012 Club RR\n042 2026.03.01\n092 Individual: Round robin\n142 3\n212 PTS,DE,SB/V2\nXXC white1\n" +
		"001    1 wWGM Alpha, Ann                        2000 NOR    12345678 1990/01/02  2.5    1     2 w 1     3 b =  0000 - F\n" +
		"001    2 m    Beta, Bob                         1900 CHN     2345678 2001        2.0    2     1 b 0  0000 - U     3 w 1\n" +
		"001    3 m GM Gamma, Cy                         1800 JPN     3456789             1.0    3  0000 - H     1 w =     2 b 0\n" +
		"013 Team A                             1    2\n"
	ev, err := reader.ReadBytes([]byte(in), "rr.trf", "trf", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !ev.RoundRobin || ev.DeclaredTiebreaks != "PTS,DE,SB/V2" || ev.PlannedRounds != 3 {
		t.Errorf("read %v %q %d", ev.RoundRobin, ev.DeclaredTiebreaks, ev.PlannedRounds)
	}
	if out := trfSameAgain(t, ev); out != in {
		t.Errorf("written\n%s\nwant\n%s", out, in)
	}
}
