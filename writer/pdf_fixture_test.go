package writer

import (
	"bytes"
	"math/bits"
	"sort"
	"strconv"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/exact"
)

// Synthetic names for large standings: Latin (with Polish, Turkish, Spanish, French
// letters), Chinese and Japanese, combined so that few repeat.
var (
	latinFirst = []string{"Carol", "Łukasz", "Sophie", "Mateo", "Aiyana", "Noah", "Zoë", "Émile",
		"Gökhan", "Ingrid", "Rafael", "Priya", "Oliver", "Ximena", "Bartosz", "Chloé", "Kwame"}
	latinLast = []string{"Smith", "Żółć", "Dubois", "García", "Nakamura", "Yılmaz", "Novák",
		"O'Brien", "Schäfer", "Fernández", "Kowalczyk", "Lindqvist", "Okafor", "Brontë"}
	zhFamily = []string{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"}
	zhGiven  = []string{"伟", "芳", "娜", "秀英", "敏", "静", "磊", "洋", "艳", "小明", "子涵", "浩然"}
	jaFamily = []string{"山田", "鈴木", "佐藤", "高橋", "田中", "渡辺", "伊藤", "中村", "小林"}
	jaGiven  = []string{"太郎", "さくら", "翔太", "美咲", "陽菜", "蓮", "結衣", "大輝", "ひなた"}
)

// syntheticName returns player i's name: three in five Latin, then one Chinese and one
// Japanese, unique up to about 190 players; every 23rd Latin name is long (it is set smaller
// on paper) and every 41st very long (it is cut).
func syntheticName(i int) string {
	k := i / 5
	switch i % 5 {
	case 1:
		return zhFamily[k%len(zhFamily)] + zhGiven[(k+k/len(zhFamily))%len(zhGiven)]
	case 3:
		return jaFamily[k%len(jaFamily)] + " " + jaGiven[(k+k/len(jaFamily))%len(jaGiven)]
	}
	k = 3*k + (i%5)/2
	first, last := latinFirst[k%len(latinFirst)], latinLast[(k+k/len(latinFirst))%len(latinLast)]
	switch {
	case k%41 == 40:
		return first + " " + last + " Wolfeschlegelsteinhausenbergerdorff Montgomery-Featherstonehaugh"
	case k%23 == 22:
		return first + " María de los Ángeles " + last + " Castillo"
	}
	return first + " " + last
}

// bigStandings returns n ranked rows over seven of eight rounds, with testStandings' system
// and tiebreak columns: every 9th player dropped (after round 2 to 6), every 10th row equal
// to the one above on every key (a shared rank), and every 31st a round-1 bye then a drop,
// whose tiebreaks are n/a.
func bigStandings(n int) *calc.Standings {
	st := testStandings()
	ev := *st.Event
	ev.Name, ev.Source, ev.PlannedRounds = "Regional Championship 2026 — 東京", "regional.Tournament", 8
	ev.Players = nil
	st.Event = &ev
	st.Rounds = []int{1, 2, 3, 4, 5, 6, 7}
	st.Rows = nil
	const rounds = 7
	for i := 0; i < n; i++ {
		drop := 0
		if i%9 == 8 {
			drop = 2 + i%5
		}
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(1000 + i), Name: syntheticName(i), DroppedAfter: drop})
		onlyBye := i%31 == 30 // a round-1 bye, then dropped: no opponents, so n/a
		if onlyBye {
			drop = 1
		}
		played := rounds
		if drop > 0 {
			played = drop
		}
		// Seven hashed coin flips give Swiss-like records, uncorrelated with the names.
		h := int(uint32(i*2654435761) >> 7)
		wins := min(bits.OnesCount(uint(h&0x7F)), played)
		draws := boolInt(h%5 == 0 && wins < played)
		byes := boolInt(i%17 == 5 && wins > 0)
		figs := []calc.Figure{{Value: calc.Known(exact.Frac(int64(3300+h%4000), 10000))},
			{Value: calc.Known(exact.Frac(int64(2*wins+draws+1), int64(2*played+2)))}}
		if onlyBye {
			wins, draws, byes = 1, 0, 1
			figs = []calc.Figure{{Explain: calc.Explanation{Note: "only byes: n/a"}}, {Explain: calc.Explanation{Note: "only byes: n/a"}}}
		}
		st.Rows = append(st.Rows, calc.Row{Player: i, Points: exact.Int(int64(3*wins + draws)),
			Wins: wins, Losses: played - wins - draws, Draws: draws, Byes: byes, DroppedAfter: drop, Figures: figs})
	}
	sort.SliceStable(st.Rows, func(a, b int) bool {
		ra, rb := st.Rows[a], st.Rows[b]
		if c := ra.Points.Cmp(rb.Points); c != 0 {
			return c > 0
		}
		return ra.Figures[0].Value.Cmp(rb.Figures[0].Value) > 0 // n/a sorts last
	})
	for p := range st.Rows {
		st.Rows[p].Rank = p + 1
		if p%10 == 1 { // equal to the row above on every key
			r := &st.Rows[p]
			above := st.Rows[p-1]
			*r = calc.Row{Rank: above.Rank, Player: r.Player, Points: above.Points, Wins: above.Wins,
				Losses: above.Losses, Draws: above.Draws, Byes: above.Byes, DroppedAfter: above.DroppedAfter,
				Figures: above.Figures}
			ev.Players[r.Player].DroppedAfter = above.DroppedAfter
		}
	}
	st.Notes = []string{"round 8 is not paired yet: standings after round 7"}
	return st
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// renderPDF writes st as a PDF and returns it with the warnings given.
func renderPDF(t testing.TB, st *calc.Standings, opt Options) ([]byte, []string) {
	t.Helper()
	var warnings []string
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	var buf bytes.Buffer
	if err := writePDF(&buf, st, opt); err != nil {
		t.Fatalf("writePDF: %v", err)
	}
	return buf.Bytes(), warnings
}
