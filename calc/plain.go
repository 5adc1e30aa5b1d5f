package calc

import (
	"fmt"
	"strings"
)

// Text is a short text in each language tbsheet writes, keyed by language ("en", "zh", "ja").
type Text map[string]string

// In returns the text in lang, or the English one when there is no translation.
func (t Text) In(lang string) string {
	if s := t[strings.ToLower(lang)]; s != "" {
		return s
	}
	return t["en"]
}

// playerText is what players read about one tiebreak: its name in Chinese and Japanese (the
// English one is Def.Name) and a one-line definition in every language. The definitions say
// what the figure means at the table, with no formula, setting or rule reference: those are
// the organizer's (Def.Doc and Def.Unverified, on the About sheet and in `tbsheet tiebreaks`).
type playerText struct {
	name  Text // zh, ja
	plain Text // en, zh, ja
}

// playerTexts holds the player texts of every registered id; register attaches them, and
// fideMod derives those of the FIDE modifiers from their base key's.
var playerTexts = map[string]playerText{
	"points": {Text{"zh": "总分", "ja": "勝ち点"}, Text{
		"en": "match points for the wins, draws, losses and byes",
		"zh": "胜、平、负与轮空所得的比赛积分",
		"ja": "勝ち・引き分け・負け・不戦勝で得たマッチの勝ち点"}},
	"match-wins": {Text{"zh": "胜场", "ja": "勝利数"}, Text{
		"en": "matches won, byes included; draws are not wins",
		"zh": "获胜的场数（含轮空），平局不算胜",
		"ja": "勝ったマッチの数（不戦勝を含む）。引き分けは含まない"}},

	"chl-game-wins": {Text{"zh": "胜局数", "ja": "ゲーム勝利数"}, Text{
		"en": "games (or sets) won in all matches",
		"zh": "所有比赛中赢下的局数",
		"ja": "全マッチで勝ったゲーム数"}},
	"chl-game-win-pct": {Text{"zh": "局胜率", "ja": "ゲーム勝率"}, Text{
		"en": "games won out of games played",
		"zh": "赢下的局数占所打局数的比例",
		"ja": "行ったゲームのうち勝ったゲームの割合"}},
	"chl-set-diff": {Text{"zh": "净胜局", "ja": "ゲーム得失差"}, Text{
		"en": "games won minus games lost",
		"zh": "赢下的局数减去输掉的局数",
		"ja": "勝ったゲーム数から負けたゲーム数を引いた数"}},
	"chl-points-scored": {Text{"zh": "得分", "ja": "総得点"}, Text{
		"en": "points scored in all matches",
		"zh": "所有比赛中的得分总和",
		"ja": "全マッチで取った得点の合計"}},
	"chl-points-diff": {Text{"zh": "净胜分", "ja": "得失点差"}, Text{
		"en": "points scored minus points conceded",
		"zh": "得分减去失分",
		"ja": "取った得点から取られた得点を引いた数"}},
	"chl-wins-vs-tied": {Text{"zh": "同分胜场", "ja": "同点者への勝利数"}, Text{
		"en": "matches won against players who finished on the same points",
		"zh": "战胜同积分选手的场数",
		"ja": "同じ勝ち点で終えた相手に勝ったマッチの数"}},
	"chl-median-buchholz": {Text{"zh": "中值布赫霍尔茨分", "ja": "メディアン・ブッフホルツ"}, Text{
		"en": "your opponents' points added up, without the highest and the lowest",
		"zh": "对手积分之和，去掉最高和最低的一位",
		"ja": "対戦相手の勝ち点の合計（最高と最低を除く）"}},

	"buchholz": {Text{"zh": "布赫霍尔茨分", "ja": "ブッフホルツ"}, Text{
		"en": "your opponents' points added up",
		"zh": "所有对手的积分之和",
		"ja": "対戦相手の勝ち点の合計"}},
	"progressive": {Text{"zh": "累进分", "ja": "累進スコア"}, Text{
		"en": "your running score after each round, added up: early wins count more",
		"zh": "每轮结束时的累计积分之和：越早获胜越有利",
		"ja": "各回戦終了時の累計勝ち点の合計。早い勝ちほど有利"}},
	"opp-progressive": {Text{"zh": "对手累进分", "ja": "対戦相手の累進スコア"}, Text{
		"en": "your opponents' progressive scores added up",
		"zh": "所有对手累进分之和",
		"ja": "対戦相手の累進スコアの合計"}},

	"mtg-mwp": {Text{"zh": "胜率", "ja": "マッチ勝率"}, Text{
		"en": "your match points out of 3 per round played (at least 33%)",
		"zh": "比赛积分占满分（每轮3分）的比例（最低33%）",
		"ja": "1回戦3点満点に対する勝ち点の割合（最低33%）"}},
	"mtg-omw": {Text{"zh": "对手胜率", "ja": "オポネント・マッチ勝率"}, Text{
		"en": "the average match-win rate of your opponents (each at least 33%)",
		"zh": "所有对手胜率的平均值（每位对手最低按33%计）",
		"ja": "対戦相手のマッチ勝率の平均（1人あたり最低33%）"}},
	"mtg-gwp": {Text{"zh": "局胜率", "ja": "ゲーム勝率"}, Text{
		"en": "your game points out of 3 per game played (at least 33%)",
		"zh": "小局积分占满分（每局3分）的比例（最低33%）",
		"ja": "1ゲーム3点満点に対するゲームの勝ち点の割合（最低33%）"}},
	"mtg-ogw": {Text{"zh": "对手局胜率", "ja": "オポネント・ゲーム勝率"}, Text{
		"en": "the average game-win rate of your opponents (each at least 33%)",
		"zh": "所有对手局胜率的平均值（每位对手最低按33%计）",
		"ja": "対戦相手のゲーム勝率の平均（1人あたり最低33%）"}},

	"kts-omw": {Text{"zh": "对手胜率（YYY）", "ja": "対戦相手の勝率（YYY）"}, Text{
		"en": "how often your opponents won their matches, from 0 to 999",
		"zh": "对手们的总体胜率，0 到 999",
		"ja": "対戦相手全体の勝率（0～999）"}},
	"kts-oomw": {Text{"zh": "对手的对手胜率（ZZZ）", "ja": "対戦相手の対戦相手の勝率（ZZZ）"}, Text{
		"en": "how often your opponents' opponents won their matches, from 0 to 999",
		"zh": "对手的对手们的总体胜率，0 到 999",
		"ja": "対戦相手の対戦相手全体の勝率（0～999）"}},
	"kts-number": {Text{"zh": "KTS 小分", "ja": "KTS タイブレーカー"}, Text{
		"en": "points, YYY and ZZZ in one 8-digit number, the order of the official software",
		"zh": "积分、YYY 与 ZZZ 合成的 8 位数，即官方软件的排名依据",
		"ja": "勝ち点・YYY・ZZZ をつなげた 8 桁の数。公式ソフトの順位の基準"}},

	"pkm-wp": {Text{"zh": "胜率", "ja": "勝率"}, Text{
		"en": "wins (a tie counts half) out of the rounds played, byes left out; 25% to 100%",
		"zh": "胜场（平局算半场）占所打轮次的比例，不计轮空；25% 到 100%",
		"ja": "対戦した回戦（不戦勝を除く）のうち勝った割合、引き分けは半分。25%～100%"}},
	"pkm-owp": {Text{"zh": "对手胜率", "ja": "オポネント勝率"}, Text{
		"en": "the average win rate of your opponents",
		"zh": "所有对手胜率的平均值",
		"ja": "対戦相手の勝率の平均"}},
	"pkm-oowp": {Text{"zh": "对手的对手胜率", "ja": "オポネントのオポネント勝率"}, Text{
		"en": "the average of your opponents' OWP",
		"zh": "所有对手的对手胜率的平均值",
		"ja": "対戦相手のオポネント勝率の平均"}},
	"pkm-h2h": {Text{"zh": "直接对决", "ja": "直接対決"}, Text{
		"en": "between two tied players who played each other, the winner ranks higher",
		"zh": "两名同分选手若曾交手，胜者排名在前",
		"ja": "同点の2人が対戦していれば、勝った方が上位"}},

	"cz-t1": {Text{"zh": "小分1", "ja": "タイブレーカー1"}, Text{
		"en": "your opponents' wins minus losses, added up (each opponent at least −3)",
		"zh": "所有对手胜场减负场之和（每位对手最低按 −3 计）",
		"ja": "対戦相手の勝ち数から負け数を引いた数の合計（1人あたり最低 −3）"}},
	"cz-t2": {Text{"zh": "小分2", "ja": "タイブレーカー2"}, Text{
		"en": "your opponents' T1 added up",
		"zh": "所有对手 T1 之和",
		"ja": "対戦相手の T1 の合計"}},
	"cz-t3": {Text{"zh": "小分3", "ja": "タイブレーカー3"}, Text{
		"en": "the squares of the rounds you lost, added up: a late loss ranks higher than an early one",
		"zh": "所输轮次序号的平方和：输得越晚排名越靠前",
		"ja": "負けた回戦の番号の2乗の合計。遅い負けほど上位"}},

	"fide-bh": {Text{"zh": "布赫霍尔茨分", "ja": "ブッフホルツ"}, Text{
		"en": "your opponents' scores added up",
		"zh": "所有对手的得分之和",
		"ja": "対戦相手の得点の合計"}},
	"fide-fb": {Text{"zh": "前布赫霍尔茨分", "ja": "フォア・ブッフホルツ"}, Text{
		"en": "Buchholz with every last-round game counted as a draw",
		"zh": "把最后一轮的每盘棋都按和棋计算的布赫霍尔茨分",
		"ja": "最終回戦をすべて引き分けとして数えたブッフホルツ"}},
	"fide-aob": {Text{"zh": "对手平均布赫霍尔茨分", "ja": "対戦相手の平均ブッフホルツ"}, Text{
		"en": "the average Buchholz of your opponents",
		"zh": "所有对手布赫霍尔茨分的平均值",
		"ja": "対戦相手のブッフホルツの平均"}},
	"fide-sb": {Text{"zh": "索伯分", "ja": "ゾンネボルン・ベルガー"}, Text{
		"en": "each opponent's score times your points against them, added up",
		"zh": "每位对手的得分乘以你对其所得的分，再相加",
		"ja": "各対戦相手の得点にその相手から得た点を掛けた合計"}},
	"fide-koya": {Text{"zh": "科亚分", "ja": "コヤ・スコア"}, Text{
		"en": "points scored against opponents who scored at least half the maximum",
		"zh": "对得分不低于满分一半的对手所得的分",
		"ja": "満点の半分以上を得た対戦相手から得た点"}},
	"fide-ps": {Text{"zh": "累进分", "ja": "累進スコア"}, Text{
		"en": "your running score after each round, added up",
		"zh": "每轮结束时的累计得分之和",
		"ja": "各回戦終了時の累計得点の合計"}},
	"fide-de": {Text{"zh": "直胜", "ja": "直接対決"}, Text{
		"en": "the results of the games between the tied players",
		"zh": "同分选手之间对局的结果",
		"ja": "同点の選手どうしの対局の結果"}},
	"fide-win": {Text{"zh": "胜局数", "ja": "勝ち数"}, Text{
		"en": "rounds won, byes and forfeit wins included",
		"zh": "获胜的轮数，含轮空与对手弃权",
		"ja": "勝った回戦の数（不戦勝を含む）"}},
	"fide-won": {Text{"zh": "实战胜局数", "ja": "対局での勝ち数"}, Text{
		"en": "games won over the board",
		"zh": "实际下完并获胜的对局数",
		"ja": "実際に指して勝った対局の数"}},
	"fide-bpg": {Text{"zh": "执黑局数", "ja": "黒番の対局数"}, Text{
		"en": "games played with Black",
		"zh": "执黑下的对局数",
		"ja": "黒番で指した対局の数"}},
	"fide-bwg": {Text{"zh": "执黑胜局数", "ja": "黒番での勝ち数"}, Text{
		"en": "games won with Black",
		"zh": "执黑获胜的对局数",
		"ja": "黒番で勝った対局の数"}},
	"fide-ge": {Text{"zh": "选择参加的对局数", "ja": "選択して指した対局数"}, Text{
		"en": "rounds you chose to play: all but requested byes, forfeits and absences",
		"zh": "你选择参加的轮数：不计申请的轮空、弃权与缺席",
		"ja": "自分で指すと決めた回戦の数（希望した不戦・棄権・欠席を除く）"}},
	"fide-aro": {Text{"zh": "对手平均等级分", "ja": "対戦相手の平均レーティング"}, Text{
		"en": "the average rating of your opponents",
		"zh": "所有对手等级分的平均值",
		"ja": "対戦相手のレーティングの平均"}},
	"fide-tpr": {Text{"zh": "等级分表现", "ja": "パフォーマンス・レーティング"}, Text{
		"en": "the rating your results in this event are worth",
		"zh": "你在本次比赛中的成绩相当的等级分",
		"ja": "この大会の成績に相当するレーティング"}},
	"fide-ptp": {Text{"zh": "完美等级分表现", "ja": "パーフェクト・パフォーマンス"}, Text{
		"en": "the lowest rating expected to score what you scored against your opponents",
		"zh": "对同样的对手预期能拿到你的得分的最低等级分",
		"ja": "同じ相手に同じ得点が期待できる最低のレーティング"}},
	"fide-apro": {Text{"zh": "对手平均等级分表现", "ja": "対戦相手の平均パフォーマンス"}, Text{
		"en": "the average performance rating of your opponents",
		"zh": "所有对手等级分表现的平均值",
		"ja": "対戦相手のパフォーマンス・レーティングの平均"}},
	"fide-appo": {Text{"zh": "对手平均完美表现", "ja": "対戦相手の平均パーフェクト・パフォーマンス"}, Text{
		"en": "the average perfect performance of your opponents",
		"zh": "所有对手完美等级分表现的平均值",
		"ja": "対戦相手のパーフェクト・パフォーマンスの平均"}},
}

// attachPlayerText gives d the names and definition of its id, unless it has its own.
func attachPlayerText(d *Def) {
	if d.Plain != nil {
		return
	}
	w := playerTexts[d.ID]
	d.Names = Text{"en": d.Name, "zh": w.name["zh"], "ja": w.name["ja"]}
	d.Plain = w.plain
}

// modifierText returns the words a FIDE Cut-low (high == 0) or Median-low modifier adds to
// its base key's name and definition, in every language. Progressive Score is cut at its
// start, its first rounds being its lowest values.
func modifierText(base string, low, high int) (name, plain Text) {
	if high == 0 {
		name = Text{"en": fmt.Sprintf(" Cut-%d", low), "zh": fmt.Sprintf("（去掉最低%d项）", low),
			"ja": fmt.Sprintf("（下位%dを除く）", low)}
		plain = Text{"en": fmt.Sprintf(", without the %d lowest", low), "zh": fmt.Sprintf("，去掉最低的%d项", low),
			"ja": fmt.Sprintf("（下位%dつを除く）", low)}
		if low == 1 {
			plain = Text{"en": ", without the lowest", "zh": "，去掉最低的一项", "ja": "（最低の1つを除く）"}
		}
		if base == "ps" {
			plain = Text{"en": fmt.Sprintf(", without the first %d rounds", low), "zh": fmt.Sprintf("，不计前%d轮", low),
				"ja": fmt.Sprintf("（最初の%d回戦を除く）", low)}
			if low == 1 {
				plain = Text{"en": ", without the first round", "zh": "，不计第一轮", "ja": "（第1回戦を除く）"}
			}
		}
		return name, plain
	}
	name = Text{"en": fmt.Sprintf(" Median-%d", low), "zh": fmt.Sprintf("（去掉最高与最低各%d项）", low),
		"ja": fmt.Sprintf("（上位・下位各%dを除く）", low)}
	plain = Text{"en": fmt.Sprintf(", without the %d highest and %d lowest", low, low),
		"zh": fmt.Sprintf("，去掉最高与最低各%d项", low), "ja": fmt.Sprintf("（上位・下位各%dつを除く）", low)}
	if low == 1 {
		plain = Text{"en": ", without the highest and lowest", "zh": "，去掉最高与最低各一项", "ja": "（最高と最低を除く）"}
	}
	return name, plain
}

// join returns t with more appended in every language t has.
func (t Text) join(more Text) Text {
	out := Text{}
	for lang, s := range t {
		out[lang] = s + more.In(lang)
	}
	return out
}
