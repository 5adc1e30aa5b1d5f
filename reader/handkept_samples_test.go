package reader

// The two polished sample workbooks in samples/, built like the fixtures (go test ./reader
// -run TestHandkeptFixtures -update rewrites them).

import (
	"fmt"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/exact"
)

// fnmSample is samples/fnm-store.xlsx: a Friday Night Magic at a game store, 16 players,
// 4 rounds, a match list with the store's title above it and a Players sheet with DCI-style
// numbers and one drop.
func fnmSample() (*tbsheet.Event, []byte, error) {
	people := entrants(englishNames[:16])
	for i := range people {
		people[i].ID = fmt.Sprintf("%010d", 4018830000+int64(i)*7741)
	}
	people[11].Drop = 2
	ev := simulate(2026, people, 4, 0, 0)
	players := sheet{name: "Players", rows: playerRows(ev, "en", true, false), bold: 1, widths: []float64{22, 14, 14}}
	l := layout{lang: "en", cols: []string{"round", "table", "p1", "p2", "result"}, bye: "BYE", result: byeEmpty}
	matches := sheet{name: "Matches", rows: l.matchRows(ev, ev.Rounds), bold: 1, widths: []float64{8, 7, 22, 22, 9}}
	data, err := workbookBytes(titled(matches, "Friday Night Magic — Dragon's Den Games — Modern", "2026-03-06", ""), players)
	return ev, data, err
}

// yugiohSample is samples/yugioh-cn.xlsx: a Chinese Yu-Gi-Oh! school-club event scored the
// Challonge way (win 1, draw ½, bye 1), 12 players, 4 rounds, one sheet per round, a player
// list with 10-digit card-game IDs, a drop, a time draw and a double loss, and an Event sheet
// (赛事) saying it ranks as its organizers did: wins vs tied, then Median-Buchholz.
func yugiohSample() (*tbsheet.Event, []byte, error) {
	people := entrants([]string{"飞熊", "贤良", "界", "zeze", "除圣战士", "冷荼", "奈何明月", "菜是原罪", "魔鬼", "时生",
		"晓宇", "马鸟木"})
	for i := range people {
		people[i].ID = fmt.Sprintf("%010d", 30041200+i*389)
	}
	people[9].Drop = 3
	ev := simulate(224, people, 4, 0, 0)
	dl := &ev.Rounds[2].Matches[2]
	dl.Result, dl.Games = tbsheet.DoubleLoss, tbsheet.Games{}
	var sheets []sheet
	for _, s := range roundSheets(ev, layout{lang: "zh", cols: []string{"table", "p1", "p2", "result"}, bye: "轮空", result: byeEmpty}) {
		s.widths = []float64{8, 16, 16, 8}
		sheets = append(sheets, titled(s, "游戏王 PDS高校开学联谊赛 2026-02-24"))
	}
	sheets = append(sheets, sheet{name: "选手名单", rows: playerRows(ev, "zh", true, false), bold: 1, widths: []float64{16, 14, 10}})
	ev.Name, ev.System, ev.Tiebreaks = "游戏王 PDS高校开学联谊赛", "challonge", []string{"chl-wins-vs-tied", "chl-median-buchholz"}
	ev.Points = &tbsheet.Points{Win: exact.Int(1), Draw: exact.Frac(1, 2), Bye: exact.Int(1)}
	sheets = append(sheets, sheet{name: "赛事", widths: []float64{12, 40}, rows: [][]any{
		{"赛事名称", ev.Name}, {"赛制", ev.System}, {"积分", ev.Points.String()}, {"小分", strings.Join(ev.Tiebreaks, ", ")},
	}})
	data, err := workbookBytes(sheets...)
	return ev, data, err
}
