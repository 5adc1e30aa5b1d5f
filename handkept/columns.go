// Package handkept is the vocabulary of the hand-kept layouts (the match list, per-round
// sheets, the Players and Event sheets): the column headers in every language tbsheet reads
// and writes, the names of sheets and playoff rounds, and the grammar of a Result cell. The
// readers (reader/) parse with it and the writers (writer/) write with it, so that every file
// tbsheet writes reads back. It holds no mutable state: the tables are reached through
// functions.
package handkept

import (
	"slices"
	"strings"

	"github.com/tbsheet/tbsheet/i18n"
	"golang.org/x/text/width"
)

// term is one column (or Event sheet row) of the hand-kept layouts: its key, and the other
// headers organizers use for it. The header tbsheet writes, in each language, is the
// catalogue's entry for the vocabulary's prefix and the key ("hdr.round": "Round", "轮次").
type term struct {
	// key identifies the column ("round", "p1", "result", …).
	key string
	// aliases are more headers read as this column, compared after NormalizeHeader.
	aliases []string
}

// vocabulary is a list of terms indexed by every normalized header and alias; the first term
// that claims a header keeps it, as when the list is searched in order.
type vocabulary struct {
	prefix string // of the terms' keys in the catalogue
	terms  []term
	index  map[string]string
}

func newVocabulary(prefix string, terms []term) vocabulary {
	v := vocabulary{prefix: prefix, terms: terms, index: map[string]string{}}
	claim := func(header, key string) {
		if h := NormalizeHeader(header); h != "" {
			if _, dup := v.index[h]; !dup {
				v.index[h] = key
			}
		}
	}
	for _, t := range terms {
		for _, lang := range i18n.Langs() {
			claim(i18n.Lang(lang).Text(prefix+t.key), t.key)
		}
		for _, a := range t.aliases {
			claim(a, t.key)
		}
	}
	return v
}

// key returns the key of the term a header names, or "".
func (v vocabulary) key(header string) string { return v.index[NormalizeHeader(header)] }

// name returns the header tbsheet writes for a key in a language, falling back to English,
// and the key itself when no term has it.
func (v vocabulary) name(key, lang string) string {
	for _, t := range v.terms {
		if t.key == key {
			return i18n.Of(lang).Text(v.prefix + key)
		}
	}
	return key
}

// columns are the columns of the match list, the per-round sheets and the Players sheet.
var columns = newVocabulary("hdr.", []term{
	{"round",
		[]string{"rnd", "rd", "round no", "round number", "回合", "轮", "回戦", "回戦数", "ラウンド数"}},
	{"table",
		[]string{"tbl", "table no", "table number", "board", "桌", "台号", "卓", "卓番号", "テーブル番号", "台"}},
	{"p1",
		[]string{"p1", "player a", "player1", "white", "home", "选手a", "玩家1", "玩家a", "玩家一", "选手一", "対戦者1", "プレーヤー1", "白", "白方"}},
	{"p2",
		[]string{"p2", "player b", "player2", "black", "away", "opponent", "选手b", "玩家2", "玩家b", "玩家二", "选手二", "对手", "対戦者2", "プレーヤー2", "対戦相手", "黒", "黑", "黑方"}},
	{"result",
		[]string{"score", "outcome", "res", "结果", "成绩", "胜负", "スコア", "勝敗", "成績"}},
	{"p1wins",
		[]string{"p1 games", "player 1 wins", "player 1 games", "p1 game wins", "选手1胜", "プレイヤー1勝"}},
	{"p2wins",
		[]string{"p2 games", "player 2 wins", "player 2 games", "p2 game wins", "选手2胜", "プレイヤー2勝"}},
	{"draws",
		[]string{"drawn games", "draw", "ties", "和局", "平局数", "引分"}},
	{"name",
		[]string{"player", "player name", "名字", "选手", "玩家", "プレイヤー", "氏名", "プレイヤー名"}},
	{"id",
		[]string{"player id", "dci", "cossy", "konami id", "pop id", "fide id", "number", "no", "会员号", "ＩＤ", "番号", "会員番号"}},
	{"dropped",
		[]string{"drop", "dropped", "drop round", "dropped after round", "退赛", "棄権", "ドロップ回戦"}},
	{"rating",
		[]string{"elo", "rtg", "rating fide", "等级", "积分", "レート"}},
	// The points each player scored, for Challonge's points-scored tiebreaks
	// (docs/tiebreakers.md#cryptozoic); optional in every layout.
	{"p1points",
		[]string{"p1 pts", "p1 score", "player 1 points", "player 1 score", "选手1分数", "プレイヤー1得点"}},
	{"p2points",
		[]string{"p2 pts", "p2 score", "player 2 points", "player 2 score", "选手2分数", "プレイヤー2得点"}},
})

// ColumnKey returns the key of the column a header names ("round", "p1", "result", …), or ""
// when it names none.
func ColumnKey(header string) string { return columns.key(header) }

// colourHeaders are the Player 1 and Player 2 headers that name a chess game's colours, White
// and Black (en, zh, ja), after NormalizeHeader.
var colourHeaders = [2][]string{{"white", "白", "白方"}, {"black", "黒", "黑", "黑方"}}

// ColourHeaders returns the Player 1 and Player 2 headers of a chess match list whose Player 1
// had White in every game, in a language (English for one tbsheet does not write).
func ColourHeaders(lang string) (white, black string) {
	l := i18n.Of(lang)
	return l.Text("hdr.white"), l.Text("hdr.black")
}

// ColourColumns reports whether a match list's Player 1 and Player 2 headers name White and
// Black: its Player 1 then had White in every game.
func ColourColumns(p1, p2 string) bool {
	return slices.Contains(colourHeaders[0], NormalizeHeader(p1)) && slices.Contains(colourHeaders[1], NormalizeHeader(p2))
}

// ColumnHeader returns the header tbsheet writes for a column key in a language, falling back
// to English.
func ColumnHeader(key, lang string) string { return columns.name(key, lang) }

// eventFields are the rows of an Event sheet: a label in the first column and its value in
// the second. They let a workbook say how it is ranked (tbsheet writes one on convert, and an
// organizer may add one), so that `tbsheet standings results.xlsx` needs no flags.
var eventFields = newVocabulary("hdr.event.", []term{
	{"name",
		[]string{"event", "event name", "title", "tournament", "名称", "比赛名称", "イベント名"}},
	{"date", []string{"day", "开赛日期", "開催日"}},
	{"division",
		[]string{"pod", "age division", "category", "分组", "年龄组", "カテゴリー", "年齢区分"}},
	{"system",
		[]string{"preset", "rules", "game", "规则", "ルール", "タイブレーク方式"}},
	{"points",
		[]string{"points w,d,l,bye", "match points", "scoring", "计分", "得点"}},
	{"tiebreaks",
		[]string{"tiebreakers", "tie-breaks", "tie breaks", "平分权重", "同分决胜"}},
	{"rounds",
		[]string{"planned rounds", "swiss rounds", "瑞士轮轮数", "スイスラウンド数"}},
})

// EventFieldKey returns the key of the Event sheet row a label names, or "".
func EventFieldKey(label string) string { return eventFields.key(label) }

// EventFieldLabel returns the label tbsheet writes for an Event sheet row in a language,
// falling back to English.
func EventFieldLabel(key, lang string) string { return eventFields.name(key, lang) }

// sheetKinds names the other sheets of a hand-kept workbook, with their accepted names
// (compared after NormalizeHeader).
var sheetKinds = map[string][]string{
	"players": {"players", "player list", "roster", "entrants", "选手", "选手名单", "参赛选手", "玩家", "プレイヤー", "参加者", "参加者一覧"},
	"matches": {"matches", "results", "match list", "pairings", "对阵", "比赛", "结果", "成绩", "対戦", "結果", "対戦表"},
	"event":   {"event", "settings", "tournament", "赛事", "赛事信息", "设置", "大会", "大会情報", "設定", "イベント"},
	// The instructions `tbsheet template` writes (in each language): for people, skipped
	// without a note, which would otherwise follow every run on a template's workbook.
	"instructions": {"instructions", "说明", "説明"},
}

// SheetKind returns "players", "matches", "event", "instructions" or "" for a sheet name.
func SheetKind(name string) string {
	n := NormalizeHeader(name)
	for kind, names := range sheetKinds {
		for _, a := range names {
			if a == n {
				return kind
			}
		}
	}
	return ""
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
