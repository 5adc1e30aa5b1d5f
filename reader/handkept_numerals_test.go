package reader

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// chineseNumerals are the round sheet names of hand-kept Chinese workbooks: 第一轮 … 第十二轮.
var chineseNumerals = []string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"}

// TestChineseNumeralRoundSheets reads a hand-kept Chinese workbook whose round sheets are
// named in Chinese numerals (第一轮 … 第十二轮) with the headers 玩家A and 玩家B: it reads as
// the same workbook named 第1轮 with 选手1 and 选手2.
func TestChineseNumeralRoundSheets(t *testing.T) {
	ev := simulate(11, entrants(chineseNames[:8]), 12, 0, 0)
	perRound := []string{"table", "p1", "p2", "result"}
	digits := roundSheets(ev, layout{lang: "zh", cols: perRound, bye: "轮空", result: byeEmpty})
	words := roundSheets(ev, layout{lang: "zh", cols: perRound, bye: "轮空", result: byeEmpty})
	for i := range words {
		words[i].name = "第" + chineseNumerals[i] + "轮"
		words[i].rows[0][1], words[i].rows[0][2] = "玩家A", "玩家B"
	}
	read := func(sheets []sheet) string {
		t.Helper()
		data, err := workbookBytes(sheets...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadBytes(data, "周赛.xlsx", "", Options{})
		if err != nil {
			t.Fatalf("%v\n%s", err, listErrors(err))
		}
		if len(got.Rounds) != 12 {
			t.Errorf("%d rounds read, want 12", len(got.Rounds))
		}
		return semantic(got)
	}
	want, got := read(digits), read(words)
	if got != want {
		t.Errorf("第一轮 … 第十二轮 with 玩家A/玩家B read differently from 第1轮 … 第12轮:\n%s", golden.Diff(want, got))
	}
	if !strings.Contains(want, ev.Players[0].Name) {
		t.Fatal("the workbook read holds none of its players")
	}
}

// TestSmallNumber: smallNumber reads what strconv.Atoi reads of one to nine digits, and
// nothing else.
func TestSmallNumber(t *testing.T) {
	for _, s := range []string{"", "0", "7", "007", "12", "999999999", "1000000000", "+3", "-3", " 3", "3 ", "3.0", "٣", "３", "1a", "a1", "/", ":"} {
		n, ok := smallNumber(s)
		digits := s != "" && len(s) <= 9 && strings.Trim(s, "0123456789") == ""
		want, err := strconv.Atoi(s)
		if ok != digits || ok && (err != nil || n != want) {
			t.Errorf("smallNumber(%q) = %d, %v; Atoi %d, %v", s, n, ok, want, err)
		}
	}
}
