package calc

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// chessPoints are FIDE's 1 / ½ / 0, PAB 1.
var chessPoints = tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}

// chessEvent builds an event from players named by single words and rounds written as
// pairings, White first:
//
//	"A B 1"  A beats B        "A B 0"  B beats A       "A B ="  draw
//	"A B +"  A wins by forfeit "A B -"  B wins by forfeit "A B --" neither turned up
//	"A U"    pairing-allocated bye  "A H" half-point bye  "A Z" zero-point bye
//	"A F"    full-point bye (given before pairing)
//
// A player missing from a round is absent. drops maps a name to its DroppedAfter.
func chessEvent(t *testing.T, names string, drops map[string]int, rounds ...[]string) *tbsheet.Event {
	t.Helper()
	ev := &tbsheet.Event{Name: "test", System: "fide"}
	idx := map[string]int{}
	for i, n := range strings.Fields(names) {
		idx[n] = i
		ev.Players = append(ev.Players, tbsheet.Player{ID: n, Name: n, DroppedAfter: drops[n]})
	}
	who := func(n string) int {
		i, ok := idx[n]
		if !ok {
			t.Fatalf("unknown player %q", n)
		}
		return i
	}
	for r, games := range rounds {
		rd := tbsheet.Round{Number: r + 1}
		for _, g := range games {
			f := strings.Fields(g)
			m := tbsheet.Match{P1: who(f[0]), P2: tbsheet.NoPlayer, Color: tbsheet.White}
			if len(f) == 2 {
				m.Color = tbsheet.ColorUnknown
				m.Result = map[string]tbsheet.Result{"U": tbsheet.Bye, "F": tbsheet.Bye, "H": tbsheet.HalfBye, "Z": tbsheet.ZeroBye}[f[1]]
				m.FullPointBye = f[1] == "F"
			} else {
				m.P2 = who(f[1])
				m.Result = map[string]tbsheet.Result{"1": tbsheet.Win, "0": tbsheet.Loss, "=": tbsheet.Draw,
					"+": tbsheet.ForfeitWin, "-": tbsheet.ForfeitLoss, "--": tbsheet.DoubleForfeit}[f[2]]
			}
			if m.Result == tbsheet.Unreported {
				t.Fatalf("bad game %q", g)
			}
			rd.Matches = append(rd.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	if errs := ev.Validate(); len(errs) > 0 {
		t.Fatalf("test event: %v", errs)
	}
	return ev
}

func chessContext(ev *tbsheet.Event, rules string) *Context {
	return &Context{Crosstable: NewCrosstable(ev, 0), Points: chessPoints, Options: Options{FIDERules: rules}}
}

// f1Chess is fixture F1 (docs/tiebreakers.md#how-a-standings-is-ranked) as a chess event: game scores become 1-0 and
// ½-½, E and D get the pairing-allocated bye, B is absent in round 3.
func f1Chess(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "A B C D E", map[string]int{"B": 2},
		[]string{"A B 1", "C D 1", "E U"},
		[]string{"C A 1", "E B 1", "D U"},
		[]string{"C E =", "A D 1"})
}

// fideCase is one expected figure: id, player, value as displayed, and optionally the
// explanation text (Def.Text) it must have.
type fideCase struct {
	id, player, want, text string
}

func checkFIDE(t *testing.T, ev *tbsheet.Event, rules string, cases []fideCase) {
	t.Helper()
	c := chessContext(ev, rules)
	for _, tc := range cases {
		d, ok := Lookup(tc.id)
		if !ok {
			t.Errorf("no tiebreak %s", tc.id)
			continue
		}
		p := ev.PlayerIndex(tc.player)
		fig := c.Get(tc.id)[p]
		fig.Explain = c.Explain(tc.id, p) // built on demand by most FIDE keys
		got := d.FormatValue(fig.Value)
		if !fig.Value.OK {
			got = "n/a"
		}
		if got != tc.want {
			t.Errorf("%s %s (%s rules) = %s, want %s\n\t%s", tc.id, tc.player, rules, got, tc.want, fullText(d, fig))
		}
		if tc.text != "" && fullText(d, fig) != tc.text {
			t.Errorf("%s %s explanation\n\tgot  %s\n\twant %s", tc.id, tc.player, fullText(d, fig), tc.text)
		}
	}
}

// TestFIDEF1 is docs/tiebreakers.md#chess-fide-c07: F1 as a chess event under the 2023 rules.
func TestFIDEF1(t *testing.T) {
	ev := f1Chess(t)
	table := map[string][]string{
		//             BH    BH-C1 BH-M1 SB      PS    WIN  WON
		"C": {"5.5", "4.5", "2", "4.25", "5.5", "2", "2"},
		"E": {"5.5", "5", "2.5", "4.25", "5.5", "2", "1"},
		"A": {"4", "3.5", "1", "1.5", "4", "2", "2"},
		"D": {"5.5", "4.5", "2", "1", "2", "1", "0"},
		"B": {"4.5", "4.5", "2", "0", "0", "0", "0"},
	}
	ids := []string{"fide-bh", "fide-bh-c1", "fide-bh-m1", "fide-sb", "fide-ps", "fide-win", "fide-won"}
	var cases []fideCase
	for p, row := range table {
		for i, want := range row {
			cases = append(cases, fideCase{id: ids[i], player: p, want: want})
		}
	}
	cases = append(cases,
		fideCase{"fide-bh", "C", "5.5", "1 + 2 + 2.5 = 5.5"},
		fideCase{"fide-bh", "E", "5.5", "2.5 + 0.5 + 2.5 = 5.5 — R1 PAB: dummy 2½ (own score); R2 B's R3 absence counts ½"},
		fideCase{"fide-bh", "A", "4", "0.5 + 2.5 + 1 = 4 — R1 B's R3 absence counts ½"},
		fideCase{"fide-bh", "D", "5.5", "2.5 + 1 + 2 = 5.5 — R2 PAB: dummy 1 (own score)"},
		fideCase{"fide-bh", "B", "4.5", "2 + 2.5 + 0 = 4.5 — R3 absence: dummy 0 (own score)"},
		fideCase{"fide-bh-c1", "B", "4.5", "2 + 2.5 + 0 − 0 = 4.5 — R3 absence: dummy 0 (own score); cut R3 0 (VUR)"},
		fideCase{"fide-bh-c1", "E", "5", "2.5 + 0.5 + 2.5 − 0.5 = 5 — R1 PAB: dummy 2½ (own score); R2 B's R3 absence counts ½; cut R2 ½"},
		fideCase{"fide-bh-m1", "C", "2", "1 + 2 + 2.5 − 1 − 2.5 = 2 — cut R1 1, R3 2½"},
		fideCase{"fide-sb", "E", "4.25", "2.5 × 1 + 0.5 × 1 + 2.5 × 0.5 = 4.25 — R1 PAB: dummy 2½ (own score); R2 B's R3 absence counts ½"},
		fideCase{"fide-ps", "E", "5.5", "1 + 2 + 2.5 = 5.5"},
		fideCase{"fide-win", "E", "2", "2 — R1 PAB, R2"},
		fideCase{"fide-won", "E", "1", "1 — R2"},
	)
	checkFIDE(t, ev, "", cases)

	// "C–E direct encounter: drew → DE does not separate them."
	c := chessContext(ev, "")
	de := c.Get("fide-de")
	ci, ei := ev.PlayerIndex("C"), ev.PlayerIndex("E")
	if de[ci].Value.Cmp(de[ei].Value) != 0 {
		t.Errorf("DE separates C and E: %v / %v", de[ci], de[ei])
	}
	if !strings.Contains(en(de[ci].Explain.Note), "C ½, E ½") {
		t.Errorf("DE note %q", en(de[ci].Explain.Note))
	}
}

// TestFIDEF1More checks the keys the F1 chess example does not tabulate, computed by hand from F1.
//
// Scores: A 2, B 0 (½ for others), C 2½, D 1, E 2½; 3 rounds.
// Fore Buchholz — the last round's games (C–E, A–D) become draws: A 1½, B 0 (½ for others),
// C 2½, D 1½, E 2½. FB A = B ½ + C 2½ + D 1½ = 4.5; C = D 1½ + A 1½ + E 2½ = 5.5;
// D = C 2½ + PAB dummy 1½ + A 1½ = 5.5; B = A 1½ + E 2½ + dummy 0 = 4.
// AOB (BH A 4, B 4.5, C 5.5, D 5.5, E 5.5; games over the board only): A (4.5 + 5.5 + 5.5)/3
// = 5.1666… → 5.17; C (5.5 + 4 + 5.5)/3 = 5; E (4.5 + 5.5)/2 = 5; D (5.5 + 4)/2 = 4.75.
// Koya — limit half of 3 = 1½, rounds with an opponent only: C scored 1 vs A (2) + ½ vs E (2½)
// = 1.5; E ½ vs C (his PAB has no opponent) = 0.5; A 0 vs C; D 0 (C and A beat him).
// GE: every round elected except B's absence (B 2). BPG / BWG (first named plays White):
// A is Black in R2 (lost) → 1 / 0; B Black in R1, R2 → 2 / 0; E Black in R3 → 1 / 0.
// PS-C1: E 5.5 − 1 = 4.5; D 2 − 0 = 2.
func TestFIDEF1More(t *testing.T) {
	checkFIDE(t, f1Chess(t), "", []fideCase{
		{"fide-fb", "A", "4.5", ""}, {"fide-fb", "C", "5.5", ""}, {"fide-fb", "D", "5.5", ""}, {"fide-fb", "B", "4", ""},
		{"fide-aob", "A", "5.17", "⌊(4.5 + 5.5 + 5.5) / 3 × 100 + 0.5⌋ / 100 = 5.17 — rounded to 0.01"},
		{"fide-aob", "C", "5", ""}, {"fide-aob", "E", "5", ""}, {"fide-aob", "D", "4.75", ""},
		{"fide-koya", "C", "1.5", "1 + 0.5 = 1.5 — opponents with 1½ or more: R2 A 2, R3 E 2½"},
		{"fide-koya", "E", "0.5", ""}, {"fide-koya", "A", "0", ""}, {"fide-koya", "D", "0", ""},
		{"fide-ge", "B", "2", "2 — not elected: R3 absence"}, {"fide-ge", "A", "3", ""},
		{"fide-bpg", "A", "1", ""}, {"fide-bwg", "A", "0", ""}, {"fide-bpg", "B", "2", ""}, {"fide-bpg", "E", "1", ""},
		{"fide-ps-c1", "E", "4.5", ""}, {"fide-ps-c1", "D", "2", ""},
	})
}

// unplayedEvent has every kind of unplayed round: Gita withdraws after round 2, Fumiko enters
// in round 3, Dana takes a half-point bye, Boris and Emil get the pairing-allocated bye, Chen
// wins twice by forfeit (Emil, Boris do not show), Fumiko takes a zero-point bye.
//
//	      R1        R2         R3        R4         score  adjusted (16.3)
//	Anna  W Boris 1 B Gita 1   B Chen ½  W Dana 0   2½     2½
//	Boris B Anna 0  PAB 1      B Dana 0  W Chen −0  1      1   (R4 forfeit keeps 0)
//	Chen  W Dana ½  W Emil +1  W Anna ½  B Boris +1 3      3
//	Dana  B Chen ½  H ½        W Boris 1 B Anna 1   3      3
//	Emil  W Gita 0  B Chen −0  W Fumiko 0 PAB 1     1      1
//	Fumiko absent   absent     B Emil 1  Z 0        1      1½  (trailing Z counts ½)
//	Gita  B Emil 1  W Anna 0   absent    absent     1      2   (R3, R4 count ½ each)
func unplayedEvent(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "Anna Boris Chen Dana Emil Fumiko Gita", map[string]int{"Gita": 2},
		[]string{"Anna Boris 1", "Chen Dana =", "Emil Gita 0"},
		[]string{"Gita Anna 0", "Chen Emil +", "Dana H", "Boris U"},
		[]string{"Chen Anna =", "Dana Boris 1", "Emil Fumiko 0"},
		[]string{"Anna Dana 0", "Boris Chen -", "Fumiko Z", "Emil U"})
}

// TestFIDEUnplayed2023 works every unplayed-round situation by hand (2023 rules: a dummy
// opponent with the player's own score for each own unplayed round; VURs cut first).
//
// BH:
//
//	Anna   Boris 1 + Gita 2 + Chen 3 + Dana 3                        = 9
//	Boris  Anna 2½ + PAB dummy 1 + Dana 3 + forfeit-loss dummy 1 (VUR) = 7.5; C1 cuts the VUR 1 → 6.5
//	Chen   Dana 3 + forfeit-win dummy 3 + Anna 2½ + forfeit-win dummy 3 = 11.5; C1 → 9
//	Dana   Chen 3 + half-bye dummy 3 (VUR) + Boris 1 + Anna 2½        = 9.5; C1 cuts the VUR 3
//	       first → 6.5 (cutting the least value, Boris's 1, would give 8.5)
//	Emil   Gita 2 + forfeit-loss dummy 1 (VUR) + Fumiko 1½ + PAB dummy 1 = 5.5; C1 → 4.5
//	Fumiko dummy 1 (VUR) + dummy 1 (VUR) + Emil 1 + Z dummy 1 (VUR)   = 4; C1 → 3
//	Gita   Emil 1 + Anna 2½ + dummy 1 (VUR) + dummy 1 (VUR)            = 5.5; C1 → 4.5;
//	       M1 cuts a VUR 1 and Anna's 2½ → 2
//
// SB (score × points scored):
//
//	Anna   1×1 + 2×1 + 3×½ + 3×0 = 4.5     Boris  2½×0 + 1×1 + 3×0 + 1×0 = 1
//	Chen   3×½ + 3×1 + 2½×½ + 3×1 = 8.75  Dana   3×½ + 3×½ + 1×1 + 2½×1 = 6.5
//	Emil   1 (the PAB)                     Fumiko 1×1 (Emil) = 1     Gita 1×1 (Emil) = 1
//
// WIN: Anna 2, Boris 1 (PAB), Chen 2 (forfeits), Dana 2, Emil 1 (PAB), Fumiko 1, Gita 1.
// WON: Anna 2, Boris 0, Chen 0, Dana 2. GE: Anna 4, Boris 3, Dana 3, Emil 3, Fumiko 1, Gita 2.
// PS: Anna 1+2+2½+2½ = 8, PS-C1 7; Fumiko 0+0+1+1 = 2. Koya (limit 2, the opponents' own
// scores: Anna, Chen and Dana qualify; Gita's 1 is not adjusted): Anna ½ (Chen) + 0 (Dana) =
// 0.5; Chen ½ (Dana) + ½ (Anna) = 1 (his forfeit wins were against Emil and Boris, 1 each).
func TestFIDEUnplayed2023(t *testing.T) {
	ev := unplayedEvent(t)
	checkFIDE(t, ev, "2023", []fideCase{
		{"fide-bh", "Anna", "9", "1 + 2 + 3 + 3 = 9 — R2 Gita's R3 absence, R4 absence counts ½ each"},
		{"fide-bh", "Boris", "7.5", ""}, {"fide-bh-c1", "Boris", "6.5", ""},
		{"fide-bh", "Chen", "11.5", ""}, {"fide-bh-c1", "Chen", "9", ""},
		{"fide-bh", "Dana", "9.5", ""},
		{"fide-bh-c1", "Dana", "6.5", "3 + 3 + 1 + 2.5 − 3 = 6.5 — R2 half-point bye: dummy 3 (own score); cut R2 3 (VUR)"},
		{"fide-bh", "Emil", "5.5", ""}, {"fide-bh-c1", "Emil", "4.5", ""},
		{"fide-bh", "Fumiko", "4", ""}, {"fide-bh-c1", "Fumiko", "3", ""},
		{"fide-bh", "Gita", "5.5", ""}, {"fide-bh-c1", "Gita", "4.5", ""}, {"fide-bh-m1", "Gita", "2", ""},
		{"fide-sb", "Anna", "4.5", ""}, {"fide-sb", "Boris", "1", ""}, {"fide-sb", "Chen", "8.75", ""},
		{"fide-sb", "Dana", "6.5", ""}, {"fide-sb", "Emil", "1", ""}, {"fide-sb", "Fumiko", "1", ""}, {"fide-sb", "Gita", "1", ""},
		{"fide-win", "Anna", "2", ""}, {"fide-win", "Boris", "1", ""}, {"fide-win", "Chen", "2", "2 — R2 forfeit win, R4 forfeit win"},
		{"fide-win", "Dana", "2", ""}, {"fide-win", "Emil", "1", ""}, {"fide-win", "Fumiko", "1", ""}, {"fide-win", "Gita", "1", ""},
		{"fide-won", "Anna", "2", ""}, {"fide-won", "Boris", "0", ""}, {"fide-won", "Chen", "0", ""}, {"fide-won", "Dana", "2", ""},
		{"fide-ge", "Anna", "4", ""}, {"fide-ge", "Boris", "3", ""}, {"fide-ge", "Dana", "3", ""},
		{"fide-ge", "Emil", "3", ""}, {"fide-ge", "Fumiko", "1", "1 — not elected: R1 absence, R2 absence, R4 zero-point bye"},
		{"fide-ge", "Gita", "2", ""},
		{"fide-ps", "Anna", "8", ""}, {"fide-ps-c1", "Anna", "7", ""}, {"fide-ps", "Fumiko", "2", ""},
		{"fide-koya", "Anna", "0.5", ""}, {"fide-koya", "Chen", "1", ""},
	})
}

// TestFIDEUnplayed2026 is the same event under the 2026 revision: a dummy's score is capped
// at the forfeiting opponent's adjusted score (16.4.1), otherwise at a draw in every round,
// 2 (16.4.2); cuts are those of 2023.
//
//	Chen   Dana 3 + min(3, Emil 1) + Anna 2½ + min(3, Boris 1)  = 7.5; C1 (no VUR) → 6.5
//	       SB 3×½ + 1×1 + 2½×½ + 1×1 = 4.75
//	Dana   Chen 3 + min(3, 2) (VUR) + Boris 1 + Anna 2½          = 8.5; C1 cuts the VUR → 6.5
//	Boris  Anna 2½ + min(1, 2) + Dana 3 + min(1, Chen 3) (VUR)    = 7.5 (nothing capped)
func TestFIDEUnplayed2026(t *testing.T) {
	checkFIDE(t, unplayedEvent(t), "2026", []fideCase{
		{"fide-bh", "Chen", "7.5", "3 + 1 + 2.5 + 1 = 7.5 — R2 forfeit win: dummy 1 (capped at Emil's score); R4 forfeit win: dummy 1 (capped at Boris's score)"},
		{"fide-bh-c1", "Chen", "6.5", ""},
		{"fide-sb", "Chen", "4.75", ""},
		{"fide-bh", "Dana", "8.5", "3 + 2 + 1 + 2.5 = 8.5 — R2 half-point bye: dummy 2 (capped at a draw in every round)"},
		{"fide-bh-c1", "Dana", "6.5", ""},
		{"fide-bh", "Boris", "7.5", ""},
	})
}

// cutEvent is a four-player Swiss whose cuts FIDE's checker (TEC 1.9.57) was asked about, with
// ratings X 1500, A 2000, B 1800, C 2100:
//
//	R1 X half-point bye, A beats B, C PAB     R2 A beats X, B draws C     R3 B beats X, A beats C
//
// Scores A 3, B 1½, C 1½, X ½.
func cutEvent(t *testing.T) *tbsheet.Event {
	ev := chessEvent(t, "X A B C", nil,
		[]string{"X H", "A B 1", "C U"},
		[]string{"A X 1", "B C ="},
		[]string{"B X 1", "A C 1"})
	for i, r := range []int{1500, 2000, 1800, 2100} {
		ev.Players[i].Rating = r
	}
	return ev
}

// TestFIDECutChecker holds the cuts and the perfect score to FIDE's checker, under both rule
// sets (its values for cutEvent, computed by hand here):
//
//	X  BH: dummy ½ (VUR; own score, and ½ under 16.4.2's cap) + A 3 + B 1½ = 5; Cut-1 cuts the
//	   VUR although it is the lowest value (16.5) → 4.5 under both rule sets
//	C  SB: PAB dummy 1½ × 1 + B 1½ × ½ + A 3 × 0 = 2.25; Cut-1 cuts the contribution of the
//	   opponent with the lowest score, B's 0.75 (the dummy also has 1½, and B's contribution
//	   is the lower), not the lowest contribution, A's 0 → 1.5
//	B  SB: A 3 × 0 + C 1½ × ½ + X ½ × 1 = 1.25; Cut-1 cuts X's 0.5, his beaten weakest → 0.75
//	A  PTP: 3/3 against 1800, 1500 and 2100: the lowest rating expecting 3.00 is 2100 + 736
//	   (table 8.1(b) gives 1.00 above a difference of 735) = 2836
func TestFIDECutChecker(t *testing.T) {
	for _, rules := range []string{FIDE2023, FIDE2026} {
		checkFIDE(t, cutEvent(t), rules, []fideCase{
			{"fide-bh", "X", "5", ""},
			{"fide-bh-c1", "X", "4.5", ""},
			{"fide-sb", "C", "2.25", ""},
			{"fide-sb-c1", "C", "1.5", "1.5 × 1 + 1.5 × 0.5 + 3 × 0 − 0.75 = 1.5 — R1 PAB: dummy 1½ (own score); cut R2 0.75"},
			{"fide-sb-c1", "B", "0.75", ""},
			{"fide-ptp", "A", "2836", "2836 — expected score at 2836: 3.00 ≥ 3 (FIDE table 8.1(b))"},
		})
	}
}

// foreEvent has a player (P) whose zero-point bye is followed by a last-round forfeit loss:
//
//	R1 P beats Q, R draws S, T PAB    R2 P zero-point bye, Q beats R, T beats S
//	R3 S wins by forfeit against P, Q draws T, R PAB
func foreEvent(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "P Q R S T", nil,
		[]string{"P Q 1", "R S =", "T U"},
		[]string{"P Z", "Q R 1", "S T 0"},
		[]string{"P S -", "Q T =", "R U"})
}

// TestFIDEForeLastRound: under Fore Buchholz the last round's forfeit is a played draw, so
// P's zero-point bye before it is not trailing and keeps its 0 (FIDE's checker agrees). Fore
// scores: P 1 + 0 + ½ = 1½, Q 1½, R 1½, S 1, T 2½. FB Q = P 1½ + R 1½ + T 2½ = 5.5 (counting
// the bye as a draw would give 6); under Buchholz the forfeit is unplayed and the bye is
// trailing: BH Q = P 1½ + R 1½ + T 2½ = 5.5 as well, from P's score 1 and the bye's ½. (The
// checker gives BH Q 5 when it computes FB first in the same run: FB changes its record of P's
// last round for the keys after it.)
func TestFIDEForeLastRound(t *testing.T) {
	for _, rules := range []string{FIDE2023, FIDE2026} {
		checkFIDE(t, foreEvent(t), rules, []fideCase{
			{"fide-fb", "Q", "5.5", ""},
			{"fide-fb", "S", "5.5", ""},
			{"fide-bh", "Q", "5.5", ""},
		})
	}
}

// TestFIDECut checks what Cut-n and Median-n remove, as FIDE's checker does under both rule
// sets: the contribution of the opponent with the lowest score (on equal scores the lower
// contribution); the lowest voluntary unplayed round instead unless its contribution is below
// that one; the highest score's (higher) contribution for Median.
func TestFIDECut(t *testing.T) {
	n := func(s string) exact.Num { return exact.MustParse(s) }
	// bh is a Buchholz term: the contribution is the opponent's score.
	bh := func(round int, v string, vur bool) fideTerm {
		return fideTerm{round: round, value: n(v), by: n(v), vur: vur}
	}
	// sb is a Sonneborn-Berger term: the opponent's score times the points scored.
	sb := func(round int, score, pts string, vur bool) fideTerm {
		return fideTerm{round: round, value: n(score).Mul(n(pts)), by: n(score), vur: vur}
	}
	terms := []fideTerm{bh(1, "3", false), bh(2, "1", false), bh(3, "0.5", true), bh(4, "2", false)}
	tests := []struct {
		name      string
		terms     []fideTerm
		low, high int
		cut       []int // rounds cut, in order
	}{
		{"BH: the VUR first when lowest", terms, 1, 0, []int{3}},
		{"BH: the VUR first when not lowest", []fideTerm{bh(1, "3", false), bh(2, "1", false), bh(3, "2", true)}, 1, 0, []int{3}},
		{"BH Cut-2: the VUR, then the lowest", terms, 2, 0, []int{3, 2}},
		{"BH Median-1", terms, 1, 1, []int{3, 1}},
		{"more cuts than terms", terms[:1], 1, 1, []int{1}},
		{"equal values: the earlier round", []fideTerm{bh(1, "2", false), bh(2, "2", false)}, 1, 0, []int{1}},
		// SB: a win over the weakest opponent (score 1) goes, not the loss to the 2-pointer.
		{"SB: the lowest-scored opponent", []fideTerm{sb(1, "1", "1", false), sb(2, "3", "0.5", false), sb(3, "2", "0", false)}, 1, 0, []int{1}},
		{"SB: equal scores, the lower contribution", []fideTerm{sb(1, "2", "1", false), sb(2, "2", "0", false), sb(3, "3", "1", false)}, 1, 0, []int{2}},
		// A forfeit loss contributes 0, below the weakest opponent's 1: the weakest goes.
		{"SB: the VUR below the least significant value", []fideTerm{sb(1, "1", "1", false), sb(2, "3", "0", true), sb(3, "2", "1", false)}, 1, 0, []int{1}},
		// A half-point bye contributes 1.5, above the weakest opponent's 0: the bye goes.
		{"SB: the VUR not below it", []fideTerm{sb(1, "1", "0", false), sb(2, "3", "0.5", true), sb(3, "2", "1", false)}, 1, 0, []int{2}},
		{"SB Median-1: the highest score, higher contribution", []fideTerm{sb(1, "3", "0", false), sb(2, "3", "0.5", false), sb(3, "1", "1", false)}, 1, 1, []int{3, 2}},
	}
	for _, tt := range tests {
		_, cut := fideCut(tt.terms, tt.low, tt.high)
		var got []int
		for _, c := range cut {
			got = append(got, c.round)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.cut) {
			t.Errorf("%s: cut rounds %v, want %v", tt.name, got, tt.cut)
		}
	}
}

// roundRobin6 is a six-player round robin (Berger tables) in which Anna, Boris, Chen and
// Dana all finish on 2½:
//
//	in-group games: Dana beat Chen and Boris, drew Anna; Anna beat Boris; Chen beat Anna;
//	Boris beat Chen. Points among the four: Dana 2½, Anna 1½, Boris 1, Chen 1.
func roundRobin6(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "Anna Boris Chen Dana Emil Fumiko", nil,
		[]string{"Anna Fumiko 0", "Boris Emil 1", "Chen Dana 0"},
		[]string{"Fumiko Dana 1", "Emil Chen =", "Anna Boris 1"},
		[]string{"Boris Fumiko =", "Chen Anna 1", "Dana Emil 0"},
		[]string{"Fumiko Emil =", "Anna Dana =", "Boris Chen 1"},
		[]string{"Chen Fumiko 1", "Dana Boris 1", "Emil Anna 0"})
}

// TestFIDEDE: direct encounter over groups that all met (recursively) and Swiss groups that
// did not. Values are the number of tied players ranked below.
func TestFIDEDE(t *testing.T) {
	rr := roundRobin6(t)
	f1 := f1Chess(t)
	tests := []struct {
		name  string
		ev    *tbsheet.Event
		group string
		want  string // values in group order
		note  string // a note part every member shares
	}{
		// Level 1: Dana 2½, Anna 1½, Boris 1, Chen 1 → Dana, Anna, {Boris, Chen}; then
		// Boris beat Chen.
		{"4 all met, recursive", rr, "Anna Boris Chen Dana", "2 1 0 3", "Anna, Boris, Chen, Dana all met: Dana 2½, Anna 1½, Boris 1, Chen 1"},
		// Dana beat both; Boris beat Chen: 2, 1, 0.
		{"3 all met", rr, "Boris Chen Dana", "1 0 2", "Boris, Chen, Dana all met: Dana 2, Boris 1, Chen 0"},
		// Anna beat Boris, Chen beat Anna, Boris beat Chen: a cycle, 1 each.
		{"3 all met, cycle", rr, "Anna Boris Chen", "0 0 0", "all met: Anna 1, Boris 1, Chen 1"},
		// F1: A beat B (R1) and D (R3); B and D never met. A has 2; B and D could have at most
		// 0 + 1 each, so A goes first; B and D stay tied (not met, 0 each, best 1).
		{"Swiss, not all met, one ahead", f1, "A B D", "2 0 0", "A, B, D did not all meet: A's 2 beats every possible best below (B 1, D 1)"},
		// A beat B; E never met A or B: A's 1 does not exceed E's possible 2.
		{"Swiss, not all met, no one ahead", f1, "A B E", "0 0 0", "A, B, E did not all meet and no one's points exceed every other's possible best"},
		// Anna 2½ (met all), Boris 2 (met all), Chen ½ and Dana 0 (they never met: best 1½
		// and 1). Anna goes first, then Boris on the same figures, as FIDE's checker does;
		// Chen and Dana stay tied. (Among Boris, Chen and Dana alone Boris's 1½ would not
		// exceed Chen's possible 1½.)
		{"Swiss, not all met, one after another", deChainEvent(t), "Anna Boris Chen Dana", "3 2 0 0",
			"Anna, Boris, Chen, Dana did not all meet: Anna's 2½ beats every possible best below (Boris 2, Chen 1½, Dana 1); " +
				"then Boris's 2 beats every possible best below (Chen 1½, Dana 1)"},
		// A won against B by forfeit: no game was played, so they did not meet.
		{"a forfeit is no game", deForfeitEvent(t), "A B", "0 0", "A, B did not all meet and no one's points exceed every other's possible best"},
		// A group of more than four: the note every member shares names three and counts the
		// rest, so that it does not grow with the group.
		{"6 all met, all drawn", drawnRoundRobin6(t), "A B C D E F", "0 0 0 0 0 0",
			"A, B, C and 3 others all met: A 2½, B 2½, C 2½ and 3 others"},
		{"6 not all met, one after another", deChain6(t), "A B C D E F", "5 4 3 2 0 0",
			"A, B, C and 3 others did not all meet: A's 5 beats every possible best below (B 4, C 3, D 2 and 2 others); " +
				"then B's 4 beats every possible best below (C 3, D 2, E 1, F 1); " +
				"then C's 3 beats every possible best below (D 2, E 1, F 1); then 1 more the same way"},
	}
	for _, tt := range tests {
		c := chessContext(tt.ev, "")
		var group []int
		for _, n := range strings.Fields(tt.group) {
			group = append(group, tt.ev.PlayerIndex(n))
		}
		figs := fideDE(c, group)
		var got []string
		for _, f := range figs {
			got = append(got, f.Value.Num.String())
			if !strings.Contains(en(f.Explain.Note), tt.note) {
				t.Errorf("%s: note %q lacks %q", tt.name, en(f.Explain.Note), tt.note)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: DE %s, want %s", tt.name, strings.Join(got, " "), tt.want)
		}
	}
	// Through the Def: the group hook, and Get over the players tied on score.
	d, _ := Lookup("fide-de")
	if d.Group == nil {
		t.Fatal("fide-de has no Group hook")
	}
	checkFIDE(t, rr, "", []fideCase{
		{"fide-de", "Dana", "3", ""}, {"fide-de", "Anna", "2", ""}, {"fide-de", "Boris", "1", ""},
		{"fide-de", "Chen", "0", ""}, {"fide-de", "Fumiko", "n/a", "n/a — not tied"},
	})
}

// drawnRoundRobin6 is a six-player round robin in which every game is drawn.
func drawnRoundRobin6(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "A B C D E F", nil,
		[]string{"A F =", "B E =", "C D ="},
		[]string{"A E =", "D F =", "B C ="},
		[]string{"A D =", "C E =", "B F ="},
		[]string{"A C =", "B D =", "E F ="},
		[]string{"A B =", "C F =", "D E ="})
}

// deChain6 is a six-player round robin without E-F: each player beat everyone after him in
// the alphabet, so direct encounter puts A, B, C, D ahead one after another and leaves E and
// F (who never met) tied.
func deChain6(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "A B C D E F", nil,
		[]string{"A F 1", "B E 1", "C D 1"},
		[]string{"A E 1", "D F 1", "B C 1"},
		[]string{"A D 1", "C E 1", "B F 1"},
		[]string{"A C 1", "B D 1"},
		[]string{"A B 1", "C F 1", "D E 1"})
}

// deChainEvent is a five-round Swiss in which Anna, Boris, Chen and Dana finish on 3 (the
// others on 2): Anna beat Chen and Dana and drew Boris; Boris beat Dana and drew Chen; Chen and
// Dana never met. FIDE's checker places them Anna, Boris, then Chen and Dana tied.
func deChainEvent(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "Anna Boris Chen Dana E F G H", nil,
		[]string{"Anna Chen 1", "Boris Dana 1", "E G 1", "F H ="},
		[]string{"Anna Boris =", "Chen E 1", "Dana F 1", "G H ="},
		[]string{"Anna Dana 1", "Chen Boris =", "E H =", "F G ="},
		[]string{"E Anna =", "Boris F 1", "Chen G 1", "Dana H 1"},
		[]string{"F Anna 1", "G Boris 1", "H Chen =", "E Dana 0"})
}

// deForfeitEvent: A wins by forfeit against B, then loses to C while B beats D: A and B tie
// on 1.
func deForfeitEvent(t *testing.T) *tbsheet.Event {
	return chessEvent(t, "A B C D", nil,
		[]string{"A B +", "C D 1"},
		[]string{"C A 1", "B D 1"})
}

// ratedEvent is a four-player round robin with ratings; Xu's rating is the only varying part.
//
//	Wang 2000: beat Xu (1800), drew Yamada (1900), beat Zoltan (2100) with Black: 2½/3
//	Xu 1800:   lost Wang, lost Zoltan, drew Yamada: ½/3
//	Yamada 1900: three draws: 1½/3            Zoltan 2100: ½ + 1 + 0 = 1½/3
func ratedEvent(t *testing.T, xu int) *tbsheet.Event {
	ev := chessEvent(t, "Wang Xu Yamada Zoltan", nil,
		[]string{"Wang Xu 1", "Yamada Zoltan ="},
		[]string{"Wang Yamada =", "Zoltan Xu 1"},
		[]string{"Zoltan Wang 0", "Xu Yamada ="})
	for i, r := range []int{2000, xu, 1900, 2100} {
		ev.Players[i].Rating = r
	}
	return ev
}

// TestFIDERatings: ARO, TPR (table 8.1(a)), PTP (table 8.1(b)), APRO and missing ratings.
//
//	ARO Wang = (1800 + 1900 + 2100) / 3 = 1933.3 → 1933; ARO-C1 cuts 1800 → 2000
//	TPR Wang: p = 2.5/3 = 0.833 → 0.83 → dp 273 → 1933 + 273 = 2206
//	TPR Xu: ARO (2000 + 2100 + 1900)/3 = 2000, p = 0.167 → 0.17 → dp −273 → 1727
//	TPR Yamada: ARO (2100 + 2000 + 1800)/3 = 1966.7 → 1967, p 0.5 → 1967
//	TPR Zoltan: ARO (1900 + 1800 + 2000)/3 = 1900, p 0.5 → 1900
//	APRO Wang = (1727 + 1967 + 1900) / 3 = 1864.7 → 1865
//	PTP Wang: at 2233 the differences 433, 333, 133 expect .94 + .88 + .68 = 2.50 ≥ 2½;
//	at 2232 they are 432, 332, 132: .93 + .88 + .68 = 2.49 → 2233
func TestFIDERatings(t *testing.T) {
	checkFIDE(t, ratedEvent(t, 1800), "", []fideCase{
		{"fide-aro", "Wang", "1933", "⌊(1800 + 1900 + 2100) / 3 + 0.5⌋ = 1933"},
		{"fide-aro-c1", "Wang", "2000", "⌊(1900 + 2100) / 2 + 0.5⌋ = 2000 — cut R1 1800"},
		{"fide-tpr", "Wang", "2206", "⌊(1800 + 1900 + 2100) / 3 + 0.5⌋ + 273 = 2206 — p = 2½/3 = 0.83 → dp 273 (FIDE table 8.1(a))"},
		{"fide-tpr", "Xu", "1727", ""}, {"fide-tpr", "Yamada", "1967", ""}, {"fide-tpr", "Zoltan", "1900", ""},
		{"fide-apro", "Wang", "1865", ""},
		{"fide-ptp", "Wang", "2233", ""},
		{"fide-bpg", "Wang", "1", ""}, {"fide-bwg", "Wang", "1", ""},
	})
	// Xu unrated: every key that needs his rating is n/a, with the reason.
	checkFIDE(t, ratedEvent(t, 0), "", []fideCase{
		{"fide-aro", "Wang", "n/a", "n/a — unrated opponent: R1 Xu"},
		{"fide-tpr", "Yamada", "n/a", ""}, {"fide-ptp", "Zoltan", "n/a", ""},
		{"fide-aro", "Xu", "2000", ""}, // Xu's own opponents are rated
		{"fide-apro", "Xu", "n/a", "n/a — no TPR for R1 Wang, R2 Zoltan, R3 Yamada"},
	})
}

// TestFIDEDPTables checks the typed tables against each other and their anchors: dp is odd
// (dp(1−p) = −dp(p)), the PD boundaries grow, and each dp of table 8.1(a) lies in the band
// table 8.1(b) gives the same expected score.
func TestFIDEDPTables(t *testing.T) {
	for pc := int64(0); pc <= 100; pc++ {
		if fideDP(pc) != -fideDP(100-pc) {
			t.Errorf("dp(%d) = %d, dp(%d) = %d", pc, fideDP(pc), 100-pc, fideDP(100-pc))
		}
		if pc > 0 && fideDP(pc) <= fideDP(pc-1) {
			t.Errorf("dp not increasing at %d", pc)
		}
	}
	for pc := int64(50); pc < 100; pc++ {
		if got := fidePD(fideDP(pc)); got != pc {
			t.Errorf("PD(dp(%d) = %d) = %d", pc, fideDP(pc), got)
		}
	}
	for d, want := range map[int64]int64{0: 50, 3: 50, 4: 51, 400: 92, 734: 99, 735: 99, 736: 100, -4: 49, -1000: 0} {
		if got := fidePD(d); got != want {
			t.Errorf("PD(%d) = %d, want %d", d, got, want)
		}
	}
}

// TestFIDEExplanationsEval holds every FIDE figure to its arithmetic: Eval of the Expr is the
// value exactly.
func TestFIDEExplanationsEval(t *testing.T) {
	for _, ev := range []*tbsheet.Event{f1Chess(t), unplayedEvent(t), roundRobin6(t), ratedEvent(t, 1800)} {
		for _, rules := range []string{FIDE2023, FIDE2026} {
			c := chessContext(ev, rules)
			for _, d := range Tiebreaks() {
				if !strings.HasPrefix(d.ID, "fide-") {
					continue
				}
				for p, f := range c.Get(d.ID) {
					if f.Explain.Expr != nil && f.Value.OK && !f.Explain.Expr.Eval().Equal(f.Value.Num) {
						t.Errorf("%s %s: %s evaluates to %s", d.ID, ev.Players[p].Name, fullText(d, f), f.Explain.Expr.Eval())
					}
				}
			}
		}
	}
}

// TestFIDEIDs: registered ids, modifiers parsed for any n, and the preset.
func TestFIDEIDs(t *testing.T) {
	for _, id := range []string{"fide-bh", "fide-bh-c1", "fide-bh-c2", "fide-bh-m1", "fide-fb", "fide-aob",
		"fide-sb", "fide-sb-c1", "fide-koya", "fide-ps", "fide-ps-c1", "fide-de", "fide-win", "fide-won",
		"fide-bpg", "fide-bwg", "fide-ge", "fide-aro", "fide-aro-c1", "fide-tpr", "fide-ptp", "fide-apro"} {
		if _, ok := Lookup(id); !ok {
			t.Errorf("%s is not defined", id)
		}
	}
	for id, ok := range map[string]bool{"fide-bh-c3": true, "fide-sb-m2": true, "fide-fb-c1": true,
		"fide-aro-m1": true, "fide-ps-c2": true, "fide-ps-m1": false, "fide-won-c1": false,
		"fide-bh-c0": false, "fide-bh-c01": false, "fide-bh-x1": false, "mtg-omw-c1": false} {
		d, found := Lookup(id)
		if found != ok {
			t.Errorf("Lookup(%s) = %v, want %v", id, found, ok)
		}
		if found && d.ID != id {
			t.Errorf("Lookup(%s).ID = %s", id, d.ID)
		}
	}
	d, _ := Lookup("fide-bh-c3")
	if d.Short != "BH-C3" || !strings.Contains(d.Doc, "Cut-3: without the 3 lowest values") {
		t.Errorf("fide-bh-c3: %q %q", d.Short, d.Doc)
	}
	var sys *System
	for _, s := range Systems() {
		if s.Name == "fide" {
			sys = s
		}
	}
	if sys == nil || strings.Join(sys.Tiebreaks, ",") != "fide-bh-c1,fide-bh,fide-sb,fide-de" ||
		strings.Join(sys.Aliases, ",") != "chess" || !sys.Points.Draw.Equal(exact.Frac(1, 2)) {
		t.Errorf("fide preset: %+v", sys)
	}
	if CheckFIDERules("2026") != nil || CheckFIDERules("2009") == nil {
		t.Error("CheckFIDERules")
	}
}

// BenchmarkFIDE computes the fide preset's keys and the rating keys for a 512-player,
// 9-round Swiss (round r pairs i with i XOR 2^r, so nobody meets twice).
func BenchmarkFIDE(b *testing.B) {
	const n, rounds = 512, 9
	ev := &tbsheet.Event{}
	for i := 0; i < n; i++ {
		ev.Players = append(ev.Players, tbsheet.Player{ID: fmt.Sprint(i + 1), Name: fmt.Sprint("P", i+1), Rating: 1400 + 3*i})
	}
	for r := 0; r < rounds; r++ {
		rd := tbsheet.Round{Number: r + 1}
		for i := 0; i < n; i++ {
			if j := i ^ (1 << r); i < j {
				res := []tbsheet.Result{tbsheet.Win, tbsheet.Draw, tbsheet.Loss}[(i*7+j*3+r)%3]
				rd.Matches = append(rd.Matches, tbsheet.Match{P1: i, P2: j, Result: res, Color: tbsheet.White})
			}
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	for b.Loop() {
		c := chessContext(ev, "")
		for _, id := range []string{"fide-bh-c1", "fide-bh", "fide-sb", "fide-de", "fide-aob", "fide-tpr", "fide-ptp"} {
			c.Get(id)
		}
	}
}

// TestFIDEDECannotSeparate holds the shortcut for large groups to what it claims: in every
// score group it leaves tied, worked out in full, no member's points exceed another's
// possible best, and the members did not all meet.
func TestFIDEDECannotSeparate(t *testing.T) {
	ev := swissgen.Generate(swissgen.Realistic(600, 7, 5))
	for _, pts := range []tbsheet.Points{chessPoints,
		{Win: exact.Int(3), Draw: exact.Int(1), Bye: exact.Int(3)},
		{Win: exact.Int(1), Draw: exact.Int(2), Loss: exact.Int(-1)}} {
		c := chessContext(ev, FIDE2023)
		c.Points = pts
		f := newFIDEData(c, false)
		groups := map[string][]int{}
		for p := range c.Records {
			groups[f.score[p].String()] = append(groups[f.score[p].String()], p)
		}
		shortcuts := 0
		for score, g := range groups {
			if !f.deCannotSeparate(len(g)) {
				continue
			}
			shortcuts++
			d := &deRun{f: f, pos: slices.Repeat([]int32{-1}, len(c.Records)), in: make([]int32, len(g)),
				pts: make([]exact.Num, len(g)), maxp: make([]exact.Num, len(g)), subgroups: 1}
			for i, p := range g {
				d.pos[p], d.in[i] = int32(i), 1
			}
			if d.scores(g) {
				t.Errorf("%v, score %s: %d players all met", pts, score, len(g))
			}
			for i := range g {
				for j := range g {
					if i != j && d.pts[i].Cmp(d.maxp[j]) > 0 {
						t.Errorf("%v, score %s: %s beats %s's possible best %s", pts, score, d.pts[i], ev.Players[g[j]].Name, d.maxp[j])
					}
				}
			}
		}
		if shortcuts == 0 {
			t.Errorf("%v: no score group large enough for the shortcut", pts)
		}
	}
	// Four players, two rounds: they did not all meet, but when a draw scores more than a
	// win, A's two draws (10) beat every possible best below (B and C 6 + 1, D 0 + 1).
	ev = chessEvent(t, "A B C D", nil, []string{"A B =", "C D 1"}, []string{"A C =", "B D 1"})
	c := chessContext(ev, FIDE2023)
	c.Points = tbsheet.Points{Win: exact.Int(1), Draw: exact.Int(5), Bye: exact.Int(1)}
	if got := fideDE(c, []int{0, 1, 2, 3}); got[0].Value.Num.Cmp(exact.Int(3)) != 0 {
		t.Errorf("A's direct encounter: %s (%s), want 3", got[0].Value.Num, en(got[0].Explain.Note))
	}
}

// TestFIDEDERoundRobinForfeit: in a round robin a forfeit counts for direct encounter (as
// FIDE's exercise 26 has it). D, E and F finish on 1½; among them E beat D by forfeit and
// drew F, F drew D: E 1½, F 1, D ½ rank E, F, D. Left out, the forfeit would leave D and E
// unmet and the three tied.
func TestFIDEDERoundRobinForfeit(t *testing.T) {
	ev := chessEvent(t, "A B C D E F", nil,
		[]string{"A F =", "B E 1", "C D 1"},
		[]string{"A E 1", "D F =", "B C ="},
		[]string{"A D =", "C E 1", "B F 1"},
		[]string{"A C =", "B D =", "E F ="},
		[]string{"A B =", "C F 1", "D E -"})
	checkFIDE(t, ev, "", []fideCase{
		{"fide-de", "E", "2", ""}, {"fide-de", "F", "1", ""}, {"fide-de", "D", "0", ""},
	})
}

// TestFIDEFullPointBye: a full-point bye counts as the pairing-allocated bye does (neither is
// a voluntary unplayed round) and the explanation names it for what it is.
func TestFIDEFullPointBye(t *testing.T) {
	rounds := func(bye string) *tbsheet.Event {
		return chessEvent(t, "A B C", nil, []string{"A B 1", "C " + bye}, []string{"A C =", "B U"}, []string{"B C 0", "A U"})
	}
	for _, tc := range []struct{ bye, text string }{
		{"U", "2.5 + 2.5 + 1 = 6 — R1 PAB: dummy 2½ (own score)"},
		{"F", "2.5 + 2.5 + 1 = 6 — R1 full-point bye: dummy 2½ (own score)"},
	} {
		checkFIDE(t, rounds(tc.bye), "", []fideCase{{"fide-bh", "C", "6", tc.text}, {"fide-bh-c1", "C", "5", ""}})
	}
}
