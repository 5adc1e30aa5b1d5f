package pipeline

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/reader"
)

// readEvent reads a sample (or any file under the repository) into the event to pair.
func readEvent(t *testing.T, path string) (*tbsheet.Event, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", path))
	if err != nil {
		t.Fatal(err)
	}
	_, events, err := (&Job{}).Events(data, path)
	if err != nil {
		t.Fatal(err)
	}
	return events[0], data
}

// TestPairNext pairs through the API: the engine each event takes (Swiss, the Dutch system,
// the top cut), the options' players, and the errors of each kind: a usage error for an
// option that names nobody, the input's error for an event that has no next round.
func TestPairNext(t *testing.T) {
	tests := []struct {
		name  string
		input string
		opt   PairOptions
		round int
		swiss bool
		stage int
		// absent are players the round must not have; table1 the player at table 1.
		absent []string
		table1 string
		// usage and err: the error's kind and a part of its message.
		usage bool
		err   string
	}{
		{name: "swiss", input: "samples/fnm-store.xlsx", opt: PairOptions{Seed: 7}, round: 5, swiss: true},
		{name: "swiss with options", input: "samples/fnm-store.xlsx",
			opt:   PairOptions{Seed: 7, Drop: []string{"Grace"}, Avoid: []string{"mason=isaac rivera"}, Fixed: []string{"Zoe Williams=1"}},
			round: 5, swiss: true, absent: []string{"Grace Murphy"}, table1: "Zoe Williams"},
		{name: "the top cut", input: "samples/fnm-store.xlsx", opt: PairOptions{Cut: 8}, round: 5, stage: 8},
		{name: "chess", input: "dutch/testdata/corpus/seed02-round05.trf", round: 5},
		{name: "chess without a player", input: "dutch/testdata/corpus/seed02-round05.trf",
			opt: PairOptions{Drop: []string{"Player0002"}}, round: 5, absent: []string{"Test0002 Player0002"}},
		{name: "an unknown player", input: "samples/fnm-store.xlsx", opt: PairOptions{Drop: []string{"Grase Murphy"}},
			usage: true, err: `did you mean "Grace Murphy"?`},
		{name: "avoid one player", input: "samples/fnm-store.xlsx", opt: PairOptions{Avoid: []string{"Grace Murphy"}},
			usage: true, err: "write two players joined by ="},
		{name: "a table that is no number", input: "samples/fnm-store.xlsx", opt: PairOptions{Fixed: []string{"Grace=first"}},
			usage: true, err: "a table number"},
		{name: "a chess table", input: "dutch/testdata/corpus/seed02-round05.trf", opt: PairOptions{Fixed: []string{"Player0002=1"}},
			usage: true, err: "the Dutch system's order"},
		{name: "drops in the top cut", input: "samples/fnm-store.xlsx", opt: PairOptions{Cut: 8, Drop: []string{"Grace"}},
			usage: true, err: "seeded by rank"},
		{name: "a round in play", input: "samples/scenarios-rcq.xlsx", err: "scenarios-rcq.xlsx"},
		{name: "the cut finished", input: "samples/challonge-swiss.json", err: "the top cut is finished"},
		{name: "a chess event with every round paired", input: "testdata/fide/tec-exercise-2024.trf", err: "none is left to pair"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, data := readEvent(t, tt.input)
			p, err := PairNext(ev, tt.opt, data)
			if tt.err != "" {
				if err == nil || errors.Is(err, calc.ErrUsage) != tt.usage || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v (usage %v), want %q (usage %v)", err, errors.Is(err, calc.ErrUsage), tt.err, tt.usage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Round.Number != tt.round || p.Swiss != tt.swiss || p.Stage != tt.stage {
				t.Errorf("round %d, swiss %v, stage %d; want %d, %v, %d", p.Round.Number, p.Swiss, p.Stage, tt.round, tt.swiss, tt.stage)
			}
			if last := p.Event.Rounds[len(p.Event.Rounds)-1]; last.Number != p.Round.Number || len(ev.Rounds) >= len(p.Event.Rounds) {
				t.Errorf("the event has not the round added: %d rounds, the input %d", len(p.Event.Rounds), len(ev.Rounds))
			}
			var paired []string
			for _, m := range p.Round.Matches {
				paired = append(paired, p.Event.Players[m.P1].Name)
				if m.P2 >= 0 {
					paired = append(paired, p.Event.Players[m.P2].Name)
				}
				if m.Table == 1 && tt.table1 != "" && p.Event.Players[m.P1].Name != tt.table1 && p.Event.Players[m.P2].Name != tt.table1 {
					t.Errorf("table 1 has not %s", tt.table1)
				}
			}
			if len(paired) == 0 {
				t.Error("nobody paired")
			}
			for _, a := range tt.absent {
				if slices.Contains(paired, a) {
					t.Errorf("%s is paired", a)
				}
			}
		})
	}
}

// TestPairInput: every division of an input paired, each new round listed; the seed noted
// for the Swiss rounds.
func TestPairInput(t *testing.T) {
	in, err := (&Job{}).ReadInput("../samples/fnm-store.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	paired, all, err := PairInput(in, PairOptions{Seed: 7})
	if err != nil || len(paired) != 1 || len(all) != 1 || all[0].Round != paired[0].Round.Number {
		t.Fatalf("%d paired, %d listed: %v", len(paired), len(all), err)
	}
	notes := SeedNotes(in.Name, paired, 7)
	if len(notes) != 1 || !strings.Contains(notes[0], "round 5 paired with seed 7 (--seed 7") {
		t.Errorf("notes %q", notes)
	}
	cut, _, err := PairInput(in, PairOptions{Cut: 8})
	if err != nil || len(SeedNotes(in.Name, cut, 7)) != 0 {
		t.Errorf("the top cut's round has a seed: %v", err)
	}
}

// TestPairSeed: the same seed pairs the same way; the input's event is left as it was.
func TestPairSeed(t *testing.T) {
	ev, data := readEvent(t, "samples/fnm-store.xlsx")
	rounds := len(ev.Rounds)
	a, err := PairNext(ev, PairOptions{Seed: 11}, data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PairNext(ev, PairOptions{Seed: 11}, data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Round.Matches, b.Round.Matches) {
		t.Errorf("one seed, two pairings:\n%v\n%v", a.Round.Matches, b.Round.Matches)
	}
	if len(ev.Rounds) != rounds {
		t.Errorf("the input's event has %d rounds, had %d", len(ev.Rounds), rounds)
	}
}

// TestPlayerIndex: an ID, a name in any case or width, the only name that contains the
// query; otherwise a usage error with the closest name, or the names that match.
func TestPlayerIndex(t *testing.T) {
	ev := &tbsheet.Event{Source: "e.csv", Players: []tbsheet.Player{
		{Name: "Grace Murphy", ID: "101"}, {Name: "Isaac Rivera", ID: "102"}, {Name: "Isabel Rivera", ID: "103"},
	}}
	tests := []struct {
		q    string
		want int
		err  string
	}{
		{q: "102", want: 1},
		{q: "grace murphy", want: 0},
		{q: "ＧＲＡＣＥ ＭＵＲＰＨＹ", want: 0},
		{q: "isabel", want: 2},
		{q: "Rivera", err: "matches Isaac Rivera, Isabel Rivera: be more precise"},
		{q: "Grase", err: `--drop "Grase": no such player in e.csv; did you mean "Grace Murphy"?`},
	}
	for _, tt := range tests {
		p, err := PlayerIndex(ev, "--drop", tt.q)
		switch {
		case tt.err != "" && (!errors.Is(err, calc.ErrUsage) || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: %v, want a usage error %q", tt.q, err, tt.err)
		case tt.err == "" && (err != nil || p != tt.want):
			t.Errorf("%q: %d, %v; want %d", tt.q, p, err, tt.want)
		}
	}
	if _, _, err := PlayerPair(ev, "--avoid", "Grace=grace murphy"); err == nil || !strings.Contains(err.Error(), "names one player twice") {
		t.Errorf("one player twice: %v", err)
	}
	if got, err := PlayerList(ev, "--drop", []string{" 103 ", "Grace"}); err != nil || !slices.Equal(got, []int{2, 0}) {
		t.Errorf("a list: %v, %v", got, err)
	}
}

// TestApply: the round written into a workbook, which reads back with it; the copy of the
// file as it was named beside it, never over a file that is there; a file a program keeps
// refused before pairing.
func TestApply(t *testing.T) {
	ev, data := readEvent(t, "samples/fnm-store.xlsx")
	if err := Writable(&Input{Name: "fnm-store.xlsx", Events: []*tbsheet.Event{ev}}); err != nil {
		t.Errorf("a hand-kept workbook: %v", err)
	}
	p, err := PairNext(ev, PairOptions{Seed: 7}, data)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "results.xlsx")
	a, err := Apply(input, data, p)
	if err != nil {
		t.Fatal(err)
	}
	if a.Backup.Path != filepath.Join(dir, "results.before-round-5.xlsx") || !bytes.Equal(a.Backup.Data, data) || a.Input.Path != input {
		t.Errorf("backup %s, input %s", a.Backup.Path, a.Input.Path)
	}
	back, err := reader.ReadBytes(a.Input.Data, input, "", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(back.Rounds); n == 0 || back.Rounds[n-1].Number != 5 || len(back.Rounds[n-1].Matches) != len(p.Round.Matches) {
		t.Errorf("the workbook read back has not round 5 as paired")
	}
	if err := os.WriteFile(a.Backup.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := BackupName(input, 5), filepath.Join(dir, "results.before-round-5-2.xlsx"); got != want {
		t.Errorf("a second copy: %s, want %s", got, want)
	}
	wer, _ := readEvent(t, "samples/fnm-modern.wer")
	if err := Writable(&Input{Name: "fnm-modern.wer", Events: []*tbsheet.Event{wer}}); err == nil || !strings.Contains(err.Error(), "does not write into") {
		t.Errorf("a WER file: %v", err)
	}
	if a.Note != "note: "+input+": round 5 written into it; the file as it was is kept as "+a.Backup.Path {
		t.Errorf("note %q", a.Note)
	}
	if err := os.WriteFile(filepath.Join(dir, "~$results.xlsx"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Unlocked(input); err == nil || !strings.Contains(err.Error(), "open in Excel or LibreOffice") {
		t.Errorf("a workbook open in Excel: %v", err)
	}
}

// TestAuditChess: a TRF paired by the Dutch system has no difference; the same file with
// round 1's colours the other way differs there in colour only.
func TestAuditChess(t *testing.T) {
	_, data := readEvent(t, "dutch/testdata/corpus/seed02-round05.trf")
	diffs, played, err := AuditChess(data)
	if err != nil || len(diffs) != 0 || played != 4 {
		t.Fatalf("the Dutch system's own pairing: %+v, %d rounds, %v", diffs, played, err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "001") && len(l) > 96 {
			c := map[byte]byte{'w': 'b', 'b': 'w'}[l[96]]
			if c != 0 {
				lines[i] = l[:96] + string(c) + l[97:]
			}
		}
	}
	diffs, _, err = AuditChess([]byte(strings.Join(lines, "\n")))
	if err != nil || len(diffs) == 0 {
		t.Fatalf("colours reversed: %+v, %v", diffs, err)
	}
	if d := diffs[0]; d.Round != 1 || len(d.Reversed) == 0 || len(d.Missing) != 0 || len(d.Extra) != 0 {
		t.Errorf("round 1: %+v", d)
	}
}
