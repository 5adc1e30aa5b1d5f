package tbsheet

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/width"
)

// Column is a column of the hand-kept layouts (cli.md "Input formats"): its key, its header in
// each language tbsheet writes, and the other headers organizers use for it.
type Column struct {
	// Key identifies the column ("round", "p1", "result", …).
	Key string
	// Names is the header tbsheet writes, per language ("en", "zh", "ja").
	Names map[string]string
	// Aliases are more headers read as this column, compared after NormalizeHeader.
	Aliases []string
}

// Columns lists every column of the match list, the per-round sheets and the Players sheet.
var Columns = []Column{
	{"round", map[string]string{"en": "Round", "zh": "轮次", "ja": "ラウンド"},
		[]string{"rnd", "rd", "round no", "round number", "回合", "轮", "回戦", "回戦数", "ラウンド数"}},
	{"table", map[string]string{"en": "Table", "zh": "桌号", "ja": "テーブル"},
		[]string{"tbl", "table no", "table number", "board", "桌", "台号", "卓", "卓番号", "テーブル番号", "台"}},
	{"p1", map[string]string{"en": "Player 1", "zh": "选手1", "ja": "プレイヤー1"},
		[]string{"p1", "player a", "player1", "white", "home", "选手a", "玩家1", "选手一", "対戦者1", "プレーヤー1", "白"}},
	{"p2", map[string]string{"en": "Player 2", "zh": "选手2", "ja": "プレイヤー2"},
		[]string{"p2", "player b", "player2", "black", "away", "opponent", "选手b", "玩家2", "选手二", "对手", "対戦者2", "プレーヤー2", "対戦相手", "黒"}},
	{"result", map[string]string{"en": "Result", "zh": "比分", "ja": "結果"},
		[]string{"score", "outcome", "res", "结果", "成绩", "胜负", "スコア", "勝敗", "成績"}},
	{"p1wins", map[string]string{"en": "P1 Wins", "zh": "选手1胜局", "ja": "P1勝利数"},
		[]string{"p1 games", "player 1 wins", "player 1 games", "p1 game wins", "选手1胜", "プレイヤー1勝"}},
	{"p2wins", map[string]string{"en": "P2 Wins", "zh": "选手2胜局", "ja": "P2勝利数"},
		[]string{"p2 games", "player 2 wins", "player 2 games", "p2 game wins", "选手2胜", "プレイヤー2勝"}},
	{"draws", map[string]string{"en": "Draws", "zh": "平局", "ja": "引き分け"},
		[]string{"drawn games", "draw", "ties", "和局", "平局数", "引分"}},
	{"name", map[string]string{"en": "Name", "zh": "姓名", "ja": "名前"},
		[]string{"player", "player name", "名字", "选手", "玩家", "プレイヤー", "氏名", "プレイヤー名"}},
	{"id", map[string]string{"en": "ID", "zh": "编号", "ja": "ID"},
		[]string{"player id", "dci", "cossy", "konami id", "pop id", "fide id", "number", "no", "会员号", "ＩＤ", "番号", "会員番号"}},
	{"dropped", map[string]string{"en": "Dropped After", "zh": "退赛轮次", "ja": "ドロップ"},
		[]string{"drop", "dropped", "drop round", "dropped after round", "退赛", "棄権", "ドロップ回戦"}},
	{"rating", map[string]string{"en": "Rating", "zh": "等级分", "ja": "レーティング"},
		[]string{"elo", "rtg", "rating fide", "等级", "积分", "レート"}},
	// The points each player scored, for Challonge's points-scored tiebreaks
	// (tiebreakers.md §6); optional in every layout.
	{"p1points", map[string]string{"en": "P1 Points", "zh": "选手1得分", "ja": "P1得点"},
		[]string{"p1 pts", "p1 score", "player 1 points", "player 1 score", "选手1分数", "プレイヤー1得点"}},
	{"p2points", map[string]string{"en": "P2 Points", "zh": "选手2得分", "ja": "P2得点"},
		[]string{"p2 pts", "p2 score", "player 2 points", "player 2 score", "选手2分数", "プレイヤー2得点"}},
}

// NormalizeHeader folds a header cell for matching: full-width to ASCII, lower case, runs of
// spaces, underscores and dots to one space, a trailing "#" or ":" dropped.
func NormalizeHeader(s string) string {
	s = strings.ToLower(width.Fold.String(s))
	s = strings.Map(func(r rune) rune {
		switch r {
		case '_', '.', '\u3000':
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimRight(s, "#:： ")
	return s
}

// ColumnKey returns the key of the column a header names, or "" when it names none.
// Columns is indexed on the first call, so changes to it after that are not seen.
func ColumnKey(header string) string {
	h := NormalizeHeader(header)
	if h == "" {
		return ""
	}
	columnIndexOnce.Do(func() {
		columnIndex = map[string]string{}
		for _, c := range Columns {
			for _, n := range c.Names {
				if _, dup := columnIndex[NormalizeHeader(n)]; !dup {
					columnIndex[NormalizeHeader(n)] = c.Key
				}
			}
			for _, a := range c.Aliases {
				if _, dup := columnIndex[NormalizeHeader(a)]; !dup {
					columnIndex[NormalizeHeader(a)] = c.Key
				}
			}
		}
	})
	return columnIndex[h]
}

// columnIndex maps every normalized header and alias to its column key; the first column
// that claims a header keeps it, as when Columns is searched in order.
var (
	columnIndex     map[string]string
	columnIndexOnce sync.Once
)

// ColumnHeader returns the header tbsheet writes for a column key in a language, falling back
// to English.
func ColumnHeader(key, lang string) string {
	for _, c := range Columns {
		if c.Key == key {
			if n, ok := c.Names[lang]; ok {
				return n
			}
			return c.Names["en"]
		}
	}
	return key
}

// roundSheet matches the names of per-round sheets: "Round 1", "R1", "Rd 2", "第1轮",
// "第1回戦", "1回戦", "ラウンド1", "1轮".
var roundSheet = regexp.MustCompile(`^(?:round|rnd|rd|r|第|ラウンド|回合)?\s*(\d{1,3})\s*(?:轮|輪|回戦|回合|ラウンド)?$`)

// RoundSheetNumber returns the round number a sheet name denotes, if it is a per-round sheet.
func RoundSheetNumber(name string) (int, bool) {
	m := roundSheet.FindStringSubmatch(NormalizeHeader(name))
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil && n > 0
}

// RoundSheetName returns the name tbsheet gives the sheet of round n in a language.
func RoundSheetName(n int, lang string) string {
	switch lang {
	case "zh":
		return "第" + strconv.Itoa(n) + "轮"
	case "ja":
		return "第" + strconv.Itoa(n) + "回戦"
	}
	return "Round " + strconv.Itoa(n)
}

// SheetKinds names the other sheets of a hand-kept workbook, with their accepted names
// (compared after NormalizeHeader).
var SheetKinds = map[string][]string{
	"players": {"players", "player list", "roster", "entrants", "选手", "选手名单", "参赛选手", "玩家", "プレイヤー", "参加者", "参加者一覧"},
	"matches": {"matches", "results", "match list", "pairings", "对阵", "比赛", "结果", "成绩", "対戦", "結果", "対戦表"},
	"event":   {"event", "settings", "tournament", "赛事", "赛事信息", "设置", "大会", "大会情報", "設定", "イベント"},
}

// EventFields are the rows of an Event sheet: a label in the first column and its value in
// the second. They let a workbook say how it is ranked (tbsheet writes one on convert, and an
// organizer may add one), so that `tbsheet standings results.xlsx` needs no flags.
var EventFields = []Column{
	{"name", map[string]string{"en": "Name", "zh": "赛事名称", "ja": "大会名"},
		[]string{"event", "event name", "title", "tournament", "名称", "比赛名称", "イベント名"}},
	{"date", map[string]string{"en": "Date", "zh": "日期", "ja": "日付"}, []string{"day", "开赛日期", "開催日"}},
	{"system", map[string]string{"en": "System", "zh": "赛制", "ja": "方式"},
		[]string{"preset", "rules", "game", "规则", "ルール", "タイブレーク方式"}},
	{"points", map[string]string{"en": "Points", "zh": "积分", "ja": "勝ち点"},
		[]string{"points w,d,l,bye", "match points", "scoring", "计分", "得点"}},
	{"tiebreaks", map[string]string{"en": "Tiebreaks", "zh": "小分", "ja": "タイブレーカー"},
		[]string{"tiebreakers", "tie-breaks", "tie breaks", "平分权重", "同分决胜"}},
	{"rounds", map[string]string{"en": "Rounds", "zh": "轮数", "ja": "回戦数"},
		[]string{"planned rounds", "swiss rounds", "瑞士轮轮数", "スイスラウンド数"}},
}

// EventFieldKey returns the key of the Event sheet row a label names, or "".
func EventFieldKey(label string) string {
	h := NormalizeHeader(label)
	for _, c := range EventFields {
		for _, n := range c.Names {
			if NormalizeHeader(n) == h {
				return c.Key
			}
		}
		for _, a := range c.Aliases {
			if NormalizeHeader(a) == h {
				return c.Key
			}
		}
	}
	return ""
}

// EventFieldLabel returns the label tbsheet writes for an Event sheet row in a language,
// falling back to English.
func EventFieldLabel(key, lang string) string {
	for _, c := range EventFields {
		if c.Key == key {
			if n, ok := c.Names[lang]; ok {
				return n
			}
			return c.Names["en"]
		}
	}
	return key
}

// SheetKind returns "players", "matches", "event" or "" for a sheet name.
func SheetKind(name string) string {
	n := NormalizeHeader(name)
	for kind, names := range SheetKinds {
		for _, a := range names {
			if a == n {
				return kind
			}
		}
	}
	return ""
}

// playoffRound matches the Round cell of a top-cut round in the match list: "Playoff 6",
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
	names := map[string]map[int]string{
		"en": {2: "Final", 4: "Semifinals", 8: "Quarterfinals"},
		"zh": {2: "决赛", 4: "半决赛"},
		"ja": {2: "決勝", 4: "準決勝", 8: "準々決勝"},
	}
	if n, ok := names[lang][stage]; ok {
		return n
	}
	switch lang {
	case "zh":
		return strconv.Itoa(stage) + "强"
	case "ja":
		return "ベスト" + strconv.Itoa(stage)
	}
	if n, ok := names["en"][stage]; ok {
		return n
	}
	return "Top " + strconv.Itoa(stage)
}
