package writer

import (
	"slices"
	"strings"
)

// labels holds the words printed on standings in each supported language (--lang). Keys are
// English identifiers; a missing translation falls back to English. Writers add their own
// keys with addLabels from init, so that each format keeps its vocabulary beside its code.
var labels = map[string]map[string]string{
	"en": {
		"rank":              "Rank",
		"player":            "Player",
		"id":                "ID",
		"points":            "Points",
		"match-wins":        "Match wins",
		"record":            "Record",
		"record.wld":        "W-L-D",
		"record.wlt":        "W-L-T",
		"record.wdl":        "W-D-L",
		"dropped":           "Dropped",
		"drop-after":        "drop R%d",
		"dq":                "DQ",
		"standings":         "Standings",
		"standings-after":   "Standings after round %d of %d",
		"final-standings":   "Final standings",
		"cut-standings":     "Standings after the Swiss · Top %d in progress",
		"standings-in-play": "Standings after round %d; round %d is being played",
		"by-rank":           "by rank",
		"by-name":           "by name",
		"page-of":           "Page %d of %d",
		"generated":         "Generated %s by tbsheet",
		"top-cut":           "Top %d",
		"legend":            "Tiebreakers",
		"system":            "System",
		"source":            "Source",
		"round":             "Round",
		"table":             "Table",
		"player1":           "Player 1",
		"player2":           "Player 2",
		"result":            "Result",
		"explain":           "Explain",
		"matches":           "Matches",
		"about":             "About",
		"unreported":        "Unreported",
	},
	"zh": {
		"rank":              "名次",
		"player":            "选手",
		"id":                "编号",
		"points":            "总分",
		"match-wins":        "胜场",
		"record":            "战绩",
		"record.wld":        "胜-负-平",
		"record.wlt":        "胜-负-平",
		"record.wdl":        "胜-平-负",
		"dropped":           "退赛",
		"drop-after":        "第%d轮后退赛",
		"dq":                "取消资格",
		"standings":         "排名",
		"standings-after":   "第%d轮后排名（共%d轮）",
		"final-standings":   "最终排名",
		"cut-standings":     "瑞士轮后排名 · %d强淘汰赛进行中",
		"standings-in-play": "第%d轮后排名；第%d轮进行中",
		"by-rank":           "按名次",
		"by-name":           "按姓名",
		"page-of":           "第%d页，共%d页",
		"generated":         "tbsheet 生成于 %s",
		"top-cut":           "前%d名",
		"legend":            "小分说明",
		"system":            "赛制",
		"source":            "来源",
		"round":             "轮次",
		"table":             "桌号",
		"player1":           "选手1",
		"player2":           "选手2",
		"result":            "比分",
		"explain":           "计算说明",
		"matches":           "对阵",
		"about":             "关于",
		"unreported":        "未报告",
	},
	"ja": {
		"rank":              "順位",
		"player":            "プレイヤー",
		"id":                "ID",
		"points":            "勝ち点",
		"match-wins":        "勝利数",
		"record":            "戦績",
		"record.wld":        "勝-敗-分",
		"record.wlt":        "勝-敗-分",
		"record.wdl":        "勝-分-敗",
		"dropped":           "ドロップ",
		"drop-after":        "第%d回戦後ドロップ",
		"dq":                "失格",
		"standings":         "順位表",
		"standings-after":   "第%d回戦終了時点の順位（全%d回戦）",
		"final-standings":   "最終順位",
		"cut-standings":     "スイスラウンド後の順位 · ベスト%d 決勝トーナメント進行中",
		"standings-in-play": "第%d回戦終了時点の順位（第%d回戦は対戦中）",
		"by-rank":           "順位順",
		"by-name":           "名前順",
		"page-of":           "%d / %d ページ",
		"generated":         "tbsheet により %s に作成",
		"top-cut":           "上位%d名",
		"legend":            "タイブレーカー",
		"system":            "方式",
		"source":            "元ファイル",
		"round":             "ラウンド",
		"table":             "テーブル",
		"player1":           "プレイヤー1",
		"player2":           "プレイヤー2",
		"result":            "結果",
		"explain":           "計算",
		"matches":           "対戦",
		"about":             "情報",
		"unreported":        "未報告",
	},
}

// langs are the supported --lang values, English (the fallback) first.
var langs = []string{"en", "zh", "ja"}

// Langs lists the supported --lang values.
func Langs() []string { return slices.Clone(langs) }

// addLabels merges more words into the table; writers call it from init.
func addLabels(lang string, m map[string]string) {
	if labels[lang] == nil {
		labels[lang] = map[string]string{}
	}
	for k, v := range m {
		labels[lang][k] = v
	}
}

// label returns the word for key in lang, falling back to English, then to the key itself.
func label(lang, key string) string {
	if s, ok := labels[strings.ToLower(lang)][key]; ok {
		return s
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}
