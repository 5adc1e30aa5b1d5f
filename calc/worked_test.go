package calc

import (
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// textOf returns a figure's explanation text.
func textOf(t *testing.T, st *Standings, player, id string) string {
	t.Helper()
	d, _ := Lookup(id)
	return fullText(d, figure(t, st, player, id))
}

// mtrOMWEvent is MTR Appendix C's OMW example (docs/tiebreakers.md#magic-the-gathering): an 8-round
// event whose subject (6-2-0) met opponents who went 4-4-0, 7-1-0, 1-3-1, 3-3-1, 6-2-0,
// 5-2-1, 4-3-1 and 6-1-1; with bye, the first of them is a bye instead.
func mtrOMWEvent(t *testing.T, bye bool) *tbsheet.Event {
	b := newBuilder(t, 8)
	subject := b.player("Subject")
	for i, rec := range []string{"4-4-0", "7-1-0", "1-3-1", "3-3-1", "6-2-0", "5-2-1", "4-3-1", "6-1-1"} {
		r := i + 1
		if bye && r == 1 {
			b.solo(subject, tbsheet.Bye, 1)
			continue
		}
		res := tbsheet.Loss
		if r == 2 || r == 8 { // the 7-1-0 and 6-1-1 opponents beat the subject
			res = tbsheet.Win
		}
		b.opponent(fmt.Sprintf("Opponent %d", r), subject, r, rec, res)
	}
	return b.event()
}

func TestMTROMWExample(t *testing.T) {
	terms := []exact.Num{exact.Frac(12, 24), exact.Frac(21, 24), exact.MustParse("0.33"), exact.Frac(10, 21),
		exact.Frac(18, 24), exact.Frac(16, 24), exact.Frac(13, 24), exact.Frac(19, 24)}
	mean := func(ts []exact.Num) exact.Num {
		var s exact.Num
		for _, x := range ts {
			s = s.Add(x)
		}
		return s.DivInt(int64(len(ts)))
	}
	tests := []struct {
		name    string
		bye     bool
		floor   string
		want    exact.Num
		rounded string
		text    string
	}{
		{"player F", false, "", mean(terms), "0.616399",
			"(12/24 + 21/24 + 0.33↑4/15 + 10/21 + 18/24 + 16/24 + 13/24 + 19/24) / 8 = 61.64%"},
		{"player F, floor 1/3", false, "1/3", mean(append([]exact.Num{terms[0], terms[1], exact.Frac(1, 3)}, terms[3:]...)), "0.616815",
			"(12/24 + 21/24 + 1/3↑4/15 + 10/21 + 18/24 + 16/24 + 13/24 + 19/24) / 8 = 61.68%"},
		{"player G, bye in round 1", true, "", mean(terms[1:]), "0.633027",
			"(21/24 + 0.33↑4/15 + 10/21 + 18/24 + 16/24 + 13/24 + 19/24) / 7 = 63.30%"},
	}
	for _, tt := range tests {
		st := compute(t, mtrOMWEvent(t, tt.bye), Options{MTGFloor: tt.floor})
		f := figure(t, st, "Subject", "mtg-omw")
		if !f.Value.Num.Equal(tt.want) || f.Value.Num.Round(6) != tt.rounded {
			t.Errorf("%s: OMW %s (%s), want %s (%s)", tt.name, f.Value.Num, f.Value.Num.Round(6), tt.want, tt.rounded)
		}
		if got := textOf(t, st, "Subject", "mtg-omw"); got != tt.text {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.text)
		}
	}
}

// TestMTRMWPExamples: 5-2-1 → 16/24; 1-3-0 then withdrew → 0.25, so 0.33; 3-2-0 with a
// round-1 bye, then withdrew → 9/15 (docs/tiebreakers.md#magic-the-gathering).
func TestMTRMWPExamples(t *testing.T) {
	tests := []struct {
		name    string
		byes    int
		results string
		drop    int
		want    string
		text    string
	}{
		{"player C", 0, "W W W W W L L D", 0, "2/3", "16/24 = 66.67%"},
		{"player D", 0, "W L L L", 4, "0.33", "0.33↑3/12 = 33.00%"},
		{"player E", 1, "W W L L", 5, "0.6", "9/15 = 60.00%"},
	}
	for _, tt := range tests {
		b := newBuilder(t, 8)
		p := b.player("Subject")
		r := 1
		for ; r <= tt.byes; r++ {
			b.solo(p, tbsheet.Bye, r)
		}
		for _, res := range results(tt.results) {
			b.vsFiller(r, p, res)
			r++
		}
		b.ev.Players[p].DroppedAfter = tt.drop
		st := compute(t, b.event(), Options{})
		checkFigures(t, st, []want{{"Subject", "mtg-mwp", tt.want}})
		if got := textOf(t, st, "Subject", "mtg-mwp"); got != tt.text {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.text)
		}
	}
}

// TestMTRGameWinExamples: rounds 2-0, 2-1, 1-2, 2-0 → 21/30; rounds 1-2, 1-2, 0-2, 1-2 →
// 9/33 = 0.27, so 0.33 (docs/tiebreakers.md#magic-the-gathering, the seed's players H and I).
func TestMTRGameWinExamples(t *testing.T) {
	tests := []struct {
		name  string
		games [][2]int
		want  string
		text  string
	}{
		{"player H", [][2]int{{2, 0}, {2, 1}, {1, 2}, {2, 0}}, "0.7", "21/30 = 70.00%"},
		{"player I", [][2]int{{1, 2}, {1, 2}, {0, 2}, {1, 2}}, "0.33", "0.33↑9/33 = 33.00%"},
	}
	for _, tt := range tests {
		b := newBuilder(t, 4)
		p := b.player("Subject")
		for i, g := range tt.games {
			res := tbsheet.Win
			if g[0] < g[1] {
				res = tbsheet.Loss
			}
			b.vsFiller(i+1, p, res, g[0], g[1])
		}
		st := compute(t, b.event(), Options{})
		checkFigures(t, st, []want{{"Subject", "mtg-gwp", tt.want}})
		if got := textOf(t, st, "Subject", "mtg-gwp"); got != tt.text {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.text)
		}
	}
}

// TestCryptozoicExamples: the organizers' example: Scott (T1 = +1), Jeff (T2 = +10) and Jake (T3 = 61).
func TestCryptozoicExamples(t *testing.T) {
	t.Run("Scott T1", func(t *testing.T) {
		b := newBuilder(t, 4)
		scott := b.player("Scott")
		b.solo(scott, tbsheet.Bye, 1)
		b.opponent("Second", scott, 2, "0-4-0", tbsheet.Loss)
		b.opponent("Third", scott, 3, "2-2-0", tbsheet.Loss)
		b.opponent("Fourth", scott, 4, "4-0-0", tbsheet.Win)
		ev := b.event()
		st := compute(t, ev, Options{System: "cryptozoic"})
		checkFigures(t, st, []want{{"Scott", "cz-t1", "1"}})
		if got := textOf(t, st, "Scott", "cz-t1"); got != "−3↑−4 + 0 + 4 = +1" {
			t.Errorf("Scott T1: %s", got)
		}
		st = compute(t, ev, Options{System: "cryptozoic", CZFloor: "none"})
		checkFigures(t, st, []want{{"Scott", "cz-t1", "0"}})
	})
	t.Run("Jeff T2", func(t *testing.T) {
		// Jeff goes 3-2 (W − L = +1 for each opponent); each opponent's other opponent is a
		// filler whose byes and losses without an opponent give the T1 the seed lists.
		b := newBuilder(t, 5)
		jeff := b.player("Jeff")
		for i, want := range []int{3, -2, 5, 0, 4} {
			r := i + 1
			o := b.player(fmt.Sprintf("Opponent %d", r))
			res := tbsheet.Win
			if r <= 3 {
				res = tbsheet.Loss
			}
			b.add(r, o, jeff, res)
			other := r%5 + 1 // the round in which o meets his filler
			f := b.filler()
			need := want - 1 // the filler's wins − losses
			fres := tbsheet.Win
			if need < 0 {
				fres = tbsheet.Loss
			}
			b.add(other, f, o, fres)
			extra := tbsheet.Bye
			n := need - 1
			if need < 0 {
				extra, n = tbsheet.LossNoOpponent, -need-1
			}
			for round := 1; n > 0; round++ {
				if round != other {
					b.solo(f, extra, round)
					n--
				}
			}
		}
		st := compute(t, b.event(), Options{System: "cryptozoic"})
		checkFigures(t, st, []want{{"Opponent 1", "cz-t1", "3"}, {"Opponent 2", "cz-t1", "-2"},
			{"Opponent 3", "cz-t1", "5"}, {"Opponent 4", "cz-t1", "0"}, {"Opponent 5", "cz-t1", "4"},
			{"Jeff", "cz-t2", "10"}})
		if got := textOf(t, st, "Jeff", "cz-t2"); got != "3 − 2 + 5 + 0 + 4 = +10" {
			t.Errorf("Jeff T2: %s", got)
		}
	})
	t.Run("Jake T3", func(t *testing.T) {
		b := newBuilder(t, 7)
		jake := b.player("Jake")
		for i, res := range results("W W W W L L W") {
			b.vsFiller(i+1, jake, res)
		}
		st := compute(t, b.event(), Options{System: "cryptozoic"})
		checkFigures(t, st, []want{{"Jake", "cz-t3", "61"}, {"Jake", "match-wins", "5"}})
		if got := textOf(t, st, "Jake", "cz-t3"); got != "5 × 5 + 6 × 6 = 61" {
			t.Errorf("Jake T3: %s", got)
		}
	})
}

// TestMedianBuchholzExample: opponents on 1.5, 3, 3, 5 and 9 points → 3 + 3 + 5 = 11
// (Challonge KB, docs/tiebreakers.md#challonge).
func TestMedianBuchholzExample(t *testing.T) {
	b := newBuilder(t, 10)
	subject := b.player("Subject")
	for i, o := range []struct {
		res  tbsheet.Result // the opponent's result against the subject
		byes int
	}{{tbsheet.Draw, 1}, {tbsheet.Win, 2}, {tbsheet.Loss, 3}, {tbsheet.Win, 4}, {tbsheet.Win, 8}} {
		r := i + 1
		p := b.player(fmt.Sprintf("Opponent %d", r))
		b.add(r, p, subject, o.res)
		for round, n := 1, o.byes; n > 0; round++ {
			if round != r {
				b.solo(p, tbsheet.Bye, round)
				n--
			}
		}
	}
	st := compute(t, b.event(), Options{System: "challonge"})
	checkFigures(t, st, []want{{"Opponent 1", "points", "1.5"}, {"Opponent 2", "points", "3"}, {"Opponent 3", "points", "3"},
		{"Opponent 4", "points", "5"}, {"Opponent 5", "points", "9"}, {"Subject", "chl-median-buchholz", "11"}})
	want := "1.5 + 3 + 3 + 5 + 9 − max(1.5, 3, 3, 5, 9) − min(1.5, 3, 3, 5, 9) = 11"
	if got := textOf(t, st, "Subject", "chl-median-buchholz"); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestProgressiveExample: win, win, draw, win on 1 / 0.5 / 0 → running 1, 2, 2.5, 3.5 → 9
// .
func TestProgressiveExample(t *testing.T) {
	b := newBuilder(t, 4)
	p := b.player("Subject")
	for i, res := range results("W W D W") {
		b.vsFiller(i+1, p, res)
	}
	st := compute(t, b.event(), Options{System: "challonge", Show: []string{"progressive"}})
	checkFigures(t, st, []want{{"Subject", "points", "3.5"}, {"Subject", "progressive", "9"}})
	if got := textOf(t, st, "Subject", "progressive"); got != "1 + 2 + 2.5 + 3.5 = 9" {
		t.Errorf("got %s", got)
	}
}

func TestSplitKTS(t *testing.T) {
	tests := []struct{ n, xx, yyy, zzz int64 }{
		{33726677, 33, 726, 677},
		{7592526, 7, 592, 526},
		{722435, 0, 722, 435},
		{107592526, 107, 592, 526},
		{0, 0, 0, 0},
	}
	for _, tt := range tests {
		if xx, yyy, zzz := SplitKTS(tt.n); xx != tt.xx || yyy != tt.yyy || zzz != tt.zzz {
			t.Errorf("SplitKTS(%d) = %d, %d, %d, want %d, %d, %d", tt.n, xx, yyy, zzz, tt.xx, tt.yyy, tt.zzz)
		}
	}
	d, _ := Lookup("kts-number")
	if got := d.FormatValue(Known(exact.Int(722435))); got != "00722435" {
		t.Errorf("kts-number display %q", got)
	}
}

// pdsEvent is the 游戏王PDS高校开学联谊赛 of a Chinese store's worked example, rebuilt to match its story: 12
// players, 4 rounds, 1 / 0.5 / 0 points; 飞熊 beat 贤良 in round 3 (match 17).
const pdsEvent = `
1: 贤良 W zeze; 界 L 冷荼; 飞熊 D 魔鬼; 除圣战士 W 奈何明月; 菜是原罪 L 时生; 晓宇 W 马鸟木
2: 贤良 W 除圣战士; 界 W 奈何明月; 冷荼 W 晓宇; 飞熊 W 时生; zeze W 菜是原罪; 魔鬼 W 马鸟木
3: 飞熊 W 贤良; 界 D 菜是原罪; 冷荼 W 魔鬼; zeze W 除圣战士; 晓宇 W 时生; 马鸟木 W 奈何明月
4: 贤良 D 菜是原罪; 界 W 魔鬼; 冷荼 W 飞熊; zeze W 晓宇; 除圣战士 W 马鸟木; 时生 W 奈何明月
`

func TestChallongeSeedExample(t *testing.T) {
	st := compute(t, parseEvent(t, pdsEvent), Options{System: "challonge"})
	wantRanking := "1 冷荼, 2 zeze, 3 飞熊, 4 贤良, 5 界, 6 晓宇, 7 除圣战士, 8 时生, 9 魔鬼, 10 菜是原罪, 11 马鸟木, 12 奈何明月"
	if got := ranking(st); got != wantRanking {
		t.Errorf("ranking\n got %s\nwant %s", got, wantRanking)
	}
	checkFigures(t, st, []want{
		{"飞熊", "points", "2.5"}, {"贤良", "points", "2.5"}, {"界", "points", "2.5"},
		{"zeze", "points", "3"}, {"除圣战士", "points", "2"}, {"菜是原罪", "points", "1"},
		{"冷荼", "points", "4"}, {"奈何明月", "points", "0"}, {"魔鬼", "points", "1.5"},
		{"飞熊", "chl-wins-vs-tied", "1"}, {"贤良", "chl-wins-vs-tied", "0"}, {"界", "chl-wins-vs-tied", "0"},
		{"贤良", "chl-median-buchholz", "4.5"}, {"界", "chl-median-buchholz", "2.5"},
	})
	for _, tt := range []struct{ player, id, text string }{
		{"贤良", "chl-median-buchholz", "3 + 2 + 2.5 + 1 − max(3, 2, 2.5, 1) − min(3, 2, 2.5, 1) = 4.5"},
		{"界", "chl-median-buchholz", "4 + 0 + 1 + 1.5 − max(4, 0, 1, 1.5) − min(4, 0, 1, 1.5) = 2.5"},
		{"飞熊", "chl-wins-vs-tied", "1 — beat 贤良 (round 3)"},
	} {
		if got := textOf(t, st, tt.player, tt.id); got != tt.text {
			t.Errorf("%s %s: %s, want %s", tt.player, tt.id, got, tt.text)
		}
	}
}
