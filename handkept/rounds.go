package handkept

import (
	"regexp"
	"strconv"

	"github.com/tbsheet/tbsheet/i18n"
)

// roundSheet matches the names of per-round sheets: "Round 1", "R1", "Rd 2", "第1轮",
// "第1回戦", "1回戦", "ラウンド1", "1轮".
var roundSheet = regexp.MustCompile(`^(?:round|rnd|rd|r|第|ラウンド|回合)?\s*(\d{1,3})\s*(?:轮|輪|回戦|回合|ラウンド)?$`)

// numeralSheet matches round sheets numbered in Chinese numerals, as hand-kept Chinese and
// Japanese workbooks name them: "第一轮", "第十二轮", "第三回戦", "二十轮". Without the 第 or
// the 轮 a numeral alone ("八") names no round.
var numeralSheet = regexp.MustCompile(`^(?:第|回合)\s*([零〇一二两三四五六七八九十百]{1,7})\s*(?:轮|輪|回戦|回合|局)?$|^([零〇一二两三四五六七八九十百]{1,7})\s*(?:轮|輪|回戦|回合)$`)

// RoundSheetNumber returns the round number a sheet name denotes, if it is a per-round sheet.
func RoundSheetNumber(name string) (int, bool) {
	n := NormalizeHeader(name)
	if m := roundSheet.FindStringSubmatch(n); m != nil {
		r, err := strconv.Atoi(m[1])
		return r, err == nil && r > 0
	}
	if m := numeralSheet.FindStringSubmatch(n); m != nil {
		return chineseNumber(m[1] + m[2])
	}
	return 0, false
}

// chineseDigits are the values of the Chinese digits (两 is the 2 of counting).
var chineseDigits = map[rune]int{'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6,
	'七': 7, '八': 8, '九': 9}

// chineseNumber reads a Chinese numeral from 1 to 999: "十二" 12, "二十" 20, "一百零五" 105.
// Each digit must be followed by a unit (十, 百) unless it is the last, as numerals are
// written; "二三" and "十十" are not numbers.
func chineseNumber(s string) (int, bool) {
	total, digit, haveDigit := 0, 0, false
	last := 1000 // the unit written last: units fall from left to right
	for _, r := range s {
		if d, ok := chineseDigits[r]; ok {
			if haveDigit && d != 0 {
				return 0, false
			}
			if d != 0 {
				digit, haveDigit = d, true
			}
			continue
		}
		unit := map[rune]int{'十': 10, '百': 100}[r]
		if unit == 0 || unit >= last || (unit == 100 && !haveDigit) {
			return 0, false
		}
		if !haveDigit {
			digit = 1 // 十二 is 12
		}
		total, digit, haveDigit, last = total+digit*unit, 0, false, unit
	}
	total += digit
	return total, total > 0 && total < 1000
}

// RoundSheetName returns the name tbsheet gives the sheet of round n in a language.
func RoundSheetName(n int, lang string) string { return i18n.Of(lang).Textf("sheet.round", n) }

// "PO 6", "淘汰赛6", "決勝6", "プレーオフ 6". The number is the round's number in the event,
// counting on from the Swiss rounds.
var playoffRound = regexp.MustCompile(`^(?:playoffs?|po|top cut|淘汰赛|淘汰|决赛|決勝|決勝トーナメント|プレーオフ)\s*(\d{1,3})$`)

// PlayoffRoundLabel returns the Round cell tbsheet writes for playoff round n in a match list
// ("Playoff 6"), so that the round is kept but never counted in Swiss tiebreakers when the
// file is read again. It is the same in every language: it is data, not a header.
func PlayoffRoundLabel(n int) string { return "Playoff " + strconv.Itoa(n) }

// PlayoffRoundNumber returns the round number of a Round cell naming a playoff round, as
// PlayoffRoundLabel writes it or as organizers type it.
func PlayoffRoundNumber(cell string) (int, bool) {
	m := playoffRound.FindStringSubmatch(NormalizeHeader(cell))
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil && n > 0
}

// playoffWords maps the names of top-cut rounds (compared after NormalizeHeader) to their
// stage: the number of players still in, so 8 for quarterfinals and 2 for the final.
var playoffWords = map[string]int{
	"quarterfinal": 8, "quarterfinals": 8, "quarter-final": 8, "quarter-finals": 8, "quarter final": 8,
	"quarter finals": 8, "qf": 8, "1/4决赛": 8, "四分之一决赛": 8, "準々決勝": 8, "准々決勝": 8,
	"semifinal": 4, "semifinals": 4, "semi-final": 4, "semi-finals": 4, "semi final": 4, "semi finals": 4,
	"semis": 4, "sf": 4, "半决赛": 4, "半決賽": 4, "準決勝": 4,
	"final": 2, "finals": 2, "f": 2, "grand final": 2, "grand finals": 2, "gf": 2, "决赛": 2, "总决赛": 2,
	"決賽": 2, "決勝": 2,
}

// topCut matches "Top 8", "T8", "Best 8", "ベスト8", "トップ8", "8强", "8強", "八强".
var topCut = regexp.MustCompile(`^(?:top|t|best|ベスト|トップ)\s*(\d{1,4})$|^(\d{1,4}|[二四八]|十六|三十二|六十四)\s*[强強]$`)

var chineseCounts = map[string]int{"二": 2, "四": 4, "八": 8, "十六": 16, "三十二": 32, "六十四": 64}

// PlayoffStage reads the name of a top-cut (single-elimination) round, as a hand-kept sheet
// name ("Top 8", "Quarterfinals", "Semifinals", "Final", "8强", "半决赛", "决赛", "準々決勝",
// "準決勝", "決勝", "ベスト8") or as a match list's Round cell ("T8", "QF", "SF", "F"). The
// stage is the number of players still in: 8 for quarterfinals, 4 for semifinals, 2 for the
// final. Readers number playoff rounds after the Swiss rounds, largest stage first.
func PlayoffStage(name string) (stage int, ok bool) {
	n := NormalizeHeader(name)
	if s, ok := playoffWords[n]; ok {
		return s, true
	}
	m := topCut.FindStringSubmatch(n)
	if m == nil {
		return 0, false
	}
	digits := m[1] + m[2]
	if c, ok := chineseCounts[digits]; ok {
		return c, true
	}
	if s, err := strconv.Atoi(digits); err == nil && s >= 2 {
		return s, true
	}
	return 0, false
}

// PlayoffName returns the sheet name tbsheet gives a playoff round of the given stage in a
// language; [PlayoffStage] reads it back.
func PlayoffName(stage int, lang string) string {
	l := i18n.Of(lang)
	if key := "sheet.playoff." + strconv.Itoa(stage); l.Has(key) || i18n.Lang("en").Has(key) {
		return l.Text(key)
	}
	return l.Textf("sheet.playoff.top", stage)
}
