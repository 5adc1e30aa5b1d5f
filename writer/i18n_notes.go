package writer

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// The notes calc writes (Standings.Notes, the explanations' notes) are English sentences
// built with fmt. This catalog translates them the way gettext does: each entry is one of
// calc's formats, a %d standing for a number and a %s for a name or a word, and its
// translations, whose %[n]s take the n-th of those values. A note no entry matches stays
// English; the tests compute every sample and every preset and fail on one.

// noteText is one note format and its translations.
type noteText struct {
	en     string
	zh, ja string
	// pattern, when set, matches the note instead of en: a regular expression whose groups
	// are the values (a bare list of rounds, which no format describes).
	pattern string
	// wall marks the notes printed on the wall PDF; the others are for the organizer (the
	// tie summary, which the PDF replaces with one line per tie).
	wall bool
	// results lists the values (1-based) that are results ("draw", "id"), translated too.
	results []int
	// inner lists the values (1-based) that are themselves notes of the catalog (the reason a
	// declared tie-break cannot be followed), translated too.
	inner []int
}

// noteTexts are the notes of Compute and Final (Standings.Notes).
var noteTexts = []noteText{
	{en: "round %d has %d unreported %s: it is left out until complete",
		zh: "第%[1]s轮有%[2]s场对局未报告：该轮完成前不计入", ja: "第%[1]s回戦は%[2]s件の結果が未報告のため、そろうまで集計に含めません"},
	{en: "round %d: %s vs %s is unreported and counts as not played",
		zh: "第%[1]s轮：%[2]s 对 %[3]s 未报告，按未赛计算", ja: "第%[1]s回戦：%[2]s 対 %[3]s は未報告のため、未対戦として扱います", wall: true},
	{en: "%d players in %d %s are tied on every key and share a rank",
		zh: "%[1]s名选手（%[2]s组）所有排名依据均相同，名次并列", ja: "%[1]s人（%[2]sグループ）がすべての基準で同点のため、同順位です"},
	{en: "%d players in %d %s are tied on every key and share a rank; the Play! Pokémon handbook orders them at random: draw lots",
		zh: "%[1]s名选手（%[2]s组）所有排名依据均相同，名次并列；宝可梦规则要求随机排序：请抽签",
		ja: "%[1]s人（%[2]sグループ）がすべての基準で同点のため、同順位です。ポケモンのルールでは順番を無作為に決めます：抽選してください"},
	{en: "standings after round %d come before the top cut: final standings need all %d Swiss rounds",
		zh: "第%[1]s轮后的排名早于淘汰赛：最终排名需要全部%[2]s轮瑞士轮", ja: "第%[1]s回戦終了時点の順位は決勝トーナメントより前です。最終順位には全%[2]s回戦のスイスラウンドが必要です", wall: true},
	{en: "%s is not paired in playoff round %d: counted as out in that round",
		zh: "%[1]s 没有出现在淘汰赛第%[2]s轮：按在该轮出局计算", ja: "%[1]s は決勝ラウンド第%[2]s回戦の組み合わせにないため、その回戦で敗退として扱います", wall: true},
	{en: "playoff round %d: %s has a %s, which decides nothing in single elimination: still in",
		zh: "淘汰赛第%[1]s轮：%[2]s 的结果为%[3]s，单败淘汰中无法决出胜负：仍在赛中",
		ja: "決勝ラウンド第%[1]s回戦：%[2]s の結果は%[3]sで、シングルエリミネーションでは決着しないため勝ち残りとします", wall: true, results: []int{3}},
	{en: "the top cut is not finished: the standings keep the Swiss ranks until the final has a result",
		zh: "淘汰赛尚未结束：决赛有结果之前，排名保持瑞士轮名次", ja: "決勝トーナメントは終わっていません。決勝の結果が出るまで、順位はスイスラウンドのものです"},
	{en: "every match is best-of-one (nobody won 2 games): a bye, and a forfeit without games, counts 1-0 in GW%, as Melee counts a bye",
		zh: "所有比赛均为一局制（无人赢下2局）：轮空和不战而胜在局胜率中按 1-0 计", ja: "すべて1本勝負のため（2ゲーム勝った人がいない）、不戦勝はゲーム勝率で 1-0 として数えます", wall: true},
	{en: calc.NoGameScores,
		zh: "成绩中没有小局比分（只有胜负）：局胜率与对手局胜率无法计算", ja: "結果にゲームのスコアがない（勝敗のみ）ため、ゲーム勝率とオポネント・ゲーム勝率は算出できません", wall: true},
	{en: "tie-breaks as the file declares: %s",
		zh: "按文件规定的小分顺序：%[1]s", ja: "ファイルが定めるタイブレーク順：%[1]s", wall: true},
	{en: "%s: the file declares the tie-breaks %s, but %s: ranked by the %s preset's tie-breaks instead: %s (--tiebreaks gives the event's order)",
		zh:    "%[1]s：文件规定的小分为 %[2]s，但 %[3]s：改按 %[4]s 预设的小分排名：%[5]s（用 --tiebreaks 指定赛事的顺序）",
		ja:    "%[1]s：ファイルはタイブレーク %[2]s を定めていますが、%[3]s：代わりに %[4]s プリセットのタイブレークで順位を決めます：%[5]s（大会の順序は --tiebreaks で指定できます）",
		inner: []int{3}},
	// Why a declared tie-break cannot be followed (calc.FIDECodeError.Why), inside the note
	// above.
	{en: "tbsheet does not compute %s",
		zh: "tbsheet 不计算 %[1]s", ja: "tbsheet は %[1]s を計算しません"},
	{en: "not a tie-break", zh: "这不是小分", ja: "タイブレークではありません"},
	{en: "%s is not a kind of points (MP or GP)",
		zh: "%[1]s 不是积分类型（MP 或 GP）", ja: "%[1]s は得点の種類（MP または GP）ではありません"},
	{en: "tbsheet applies one Cut or Median to a key",
		zh: "tbsheet 对每项小分只应用一个 Cut 或 Median", ja: "tbsheet は1つのタイブレークに Cut か Median を1つだけ適用します"},
	{en: "tbsheet has no %s of %s",
		zh: "tbsheet 没有 %[2]s 的 %[1]s", ja: "tbsheet には %[2]s の %[1]s がありません"},
	{en: "/%s: the number after /%s is how many results to leave out: a whole number from 1 up",
		zh: "/%[1]s：/%[2]s 后的数字是要去掉的成绩数：应为从 1 起的整数", ja: "/%[1]s：/%[2]s の後の数字は除外する結果の数です。1 以上の整数にしてください"},
	{en: "/%s is not a modifier tbsheet knows",
		zh: "/%[1]s 不是 tbsheet 认识的修饰符", ja: "/%[1]s は tbsheet の知らない修飾子です"},
	{en: "tbsheet does not apply /%s (%s)",
		zh: "tbsheet 不应用 /%[1]s（%[2]s）", ja: "tbsheet は /%[1]s（%[2]s）を適用しません", inner: []int{2}},
	{en: "unplayed games counted as played", zh: "未赛对局按已赛计算", ja: "不戦の対局を対局済みとして数える"},
	{en: "unplayed rounds counted as draws", zh: "未赛轮次按和棋计算", ja: "不戦のラウンドを引き分けとして数える"},
	{en: "a rating given to unrated players", zh: "为无等级分的选手设定等级分", ja: "レーティングのない選手にレーティングを与える"},
	{en: "Fore mode", zh: "Fore 模式", ja: "Fore モード"},
	{en: "a Koya limit", zh: "Koya 限制", ja: "Koya の制限"},
	{en: "reversed order", zh: "逆序", ja: "逆順"},
	{en: "Swiss rules in a round robin", zh: "在循环赛中使用瑞士制规则", ja: "総当たり戦でスイス式のルールを使う"},
	{en: "the primary and secondary scores exchanged", zh: "交换主分与副分", ja: "主得点と副得点を入れ替える"},
	{en: "the rules before 2023", zh: "2023年以前的规则", ja: "2023年より前の規則"},
	{en: "tbsheet applies one rule set to every key, and %s names another",
		zh: "tbsheet 对所有小分只应用一套规则，而 %[1]s 指定了另一套", ja: "tbsheet はすべてのタイブレークに1つの規則を適用しますが、%[1]s は別の規則を指定しています"},
	{en: "an unpublished proposal", zh: "未发布的提案", ja: "未公表の提案"},
	{en: "ranked by the tie-breaks given on the command line, not those the file declares (%s)",
		zh: "按命令行给出的小分排名，而非文件规定的小分（%[1]s）", ja: "ファイルが定めるタイブレーク（%[1]s）ではなく、コマンドラインで指定したタイブレークで順位を決めています"},
	{en: "%s: no point scores in the input, so every value is 0",
		zh: "%[1]s：输入中没有得分记录，因此全部为 0", ja: "%[1]s：入力に得点の記録がないため、すべて 0 です", wall: true},
}

// explainTexts are the notes of the figures' explanations (Explanation.Note), each part of
// a note joined with "; " on its own. The words of the rounds they list ("R3 absence",
// "(round 2)", "(VUR)") are translated by roundWords.
var explainTexts = []noteText{
	{en: "byes count as wins", zh: "轮空算作胜场", ja: "不戦勝は勝ちに数えます"},
	{en: "W-L-D %d-%d-%d", zh: "胜-负-平 %[1]s-%[2]s-%[3]s", ja: "勝-敗-分 %[1]s-%[2]s-%[3]s"},
	{en: "W-L-D %d-%d-%d, %d bye", zh: "胜-负-平 %[1]s-%[2]s-%[3]s，轮空 %[4]s 次", ja: "勝-敗-分 %[1]s-%[2]s-%[3]s、不戦勝 %[4]s 回"},
	{en: "W-L-D %d-%d-%d, %d byes", zh: "胜-负-平 %[1]s-%[2]s-%[3]s，轮空 %[4]s 次", ja: "勝-敗-分 %[1]s-%[2]s-%[3]s、不戦勝 %[4]s 回"},
	{en: "frozen after round %d (dropped)", zh: "第%[1]s轮后退赛，累计分此后不变", ja: "第%[1]s回戦後にドロップしたため、以後の累計は据え置き"},
	{en: "no game scores entered", zh: "没有录入小局比分", ja: "ゲームのスコアが入力されていません"},
	{en: "no game scores entered: n/a", zh: "没有录入小局比分：无数值", ja: "ゲームのスコアが入力されていません：値なし"},
	{en: "no point scores in the input", zh: "输入中没有得分记录", ja: "入力に得点の記録がありません"},
	{en: "no wins against players on the same points", zh: "没有战胜同积分的选手", ja: "同じ勝ち点の相手への勝ちはありません"},
	{en: "beat %s", zh: "战胜 %[1]s", ja: "%[1]s に勝ち"},
	{en: "lost to %s", zh: "负于 %[1]s", ja: "%[1]s に負け"},
	{en: "%d opponent: Median-Buchholz needs 3 or more, so 0", zh: "对手%[1]s名：中值布赫霍尔茨分需要至少3名对手，因此为 0",
		ja: "対戦相手%[1]s人：メディアン・ブッフホルツには3人以上が必要なため 0"},
	{en: "%d opponents: Median-Buchholz needs 3 or more, so 0", zh: "对手%[1]s名：中值布赫霍尔茨分需要至少3名对手，因此为 0",
		ja: "対戦相手%[1]s人：メディアン・ブッフホルツには3人以上が必要なため 0"},
	{en: "no opponents", zh: "没有对手", ja: "対戦相手なし"},
	{en: "no opponents: the floor", zh: "没有对手：按最低值计", ja: "対戦相手なし：最低値"},
	{en: "only byes: no opponents", zh: "只有轮空：没有对手", ja: "不戦勝のみ：対戦相手なし"},
	{en: "no rounds played", zh: "没有打过任何一轮", ja: "対戦した回戦なし"},
	{en: "no games recorded: the floor", zh: "没有小局记录：按最低值计", ja: "ゲームの記録なし：最低値"},
	{en: "no lost rounds", zh: "没有输掉的轮次", ja: "負けた回戦なし"},
	{en: "%d bye removed", zh: "去掉轮空 %[1]s 次", ja: "不戦勝 %[1]s 回を除外"},
	{en: "%d byes removed", zh: "去掉轮空 %[1]s 次", ja: "不戦勝 %[1]s 回を除外"},
	{en: "dropped: at most 75%", zh: "已退赛：最高按 75% 计", ja: "ドロップ：最大 75%"},
	{en: "no rounds against an opponent: n/a", zh: "没有与对手交手的轮次：无数值", ja: "対戦相手との回戦なし：値なし"},
	{en: "%d players tied: head-to-head applies only to two", zh: "%[1]s名选手同分：直接对决只适用于两人", ja: "%[1]s人が同点：直接対決は2人のときだけ"},
	{en: "did not play %s: head-to-head does not separate them", zh: "未与 %[1]s 交手：直接对决无法区分", ja: "%[1]s とは未対戦：直接対決では決まりません"},
	{en: "no winner against %s: head-to-head does not separate them", zh: "与 %[1]s 未分胜负：直接对决无法区分", ja: "%[1]s との勝敗なし：直接対決では決まりません"},
	{en: "no tie left to break", zh: "没有需要区分的同分", ja: "分ける同点なし"},
	{en: "not tied", zh: "未同分", ja: "同点ではありません"},

	// FIDE (chess).
	{en: "R%d %s's %s counts %s each", zh: "R%[1]s %[2]s 的 %[3]s各按 %[4]s 分计", ja: "R%[1]s %[2]s の %[3]s はそれぞれ %[4]s 点"},
	{en: "R%d %s's %s counts %s", zh: "R%[1]s %[2]s 的 %[3]s按 %[4]s 分计", ja: "R%[1]s %[2]s の %[3]s は %[4]s 点"},
	{en: "R%d %s: dummy %s (own score)", zh: "R%[1]s %[2]s：虚拟对手 %[3]s 分（本人得分）", ja: "R%[1]s %[2]s：仮想の相手 %[3]s 点（自分の得点）"},
	{en: "R%d %s: dummy %s (capped at %s's score)", zh: "R%[1]s %[2]s：虚拟对手 %[3]s 分（不超过 %[4]s 的得分）",
		ja: "R%[1]s %[2]s：仮想の相手 %[3]s 点（%[4]s の得点が上限）"},
	{en: "R%d %s: dummy %s (capped at a draw in every round)", zh: "R%[1]s %[2]s：虚拟对手 %[3]s 分（上限为每轮和棋）",
		ja: "R%[1]s %[2]s：仮想の相手 %[3]s 点（上限は全回戦引き分け）"},
	{en: "cut %s", zh: "去掉 %[1]s", ja: "除外 %[1]s"},
	{en: "rounded to 0.01", zh: "四舍五入到 0.01", ja: "0.01 単位に丸め"},
	{en: "no game played over the board", zh: "没有实际下完的对局", ja: "実際に指した対局なし"},
	{en: "no opponent scored %s or more", zh: "没有对手得分达到 %[1]s", ja: "%[1]s 点以上の対戦相手なし"},
	{en: "opponents with %s or more: %s", zh: "得分不低于 %[1]s 的对手：%[2]s", ja: "%[1]s 点以上の対戦相手：%[2]s"},
	{en: "colour not recorded in %s", zh: "%[1]s 未记录执子颜色", ja: "%[1]s は手番の記録なし"},
	{en: "none", zh: "无", ja: "なし"},
	{en: "not elected: %s", zh: "未选择参赛：%[1]s", ja: "不参加：%[1]s"},
	{pattern: `^(R\d+(?: [A-Za-z -]+)?(?:, R\d+(?: [A-Za-z -]+)?)*)$`, zh: "%[1]s", ja: "%[1]s"},
	{en: "%s all met: %s", zh: "%[1]s 彼此都已交手：%[2]s", ja: "%[1]s は全員対戦済み：%[2]s"},
	{en: "%s did not all meet and no one's points exceed every other's possible best",
		zh: "%[1]s 并未全部交手，且无人得分超过其他人可能的最高分", ja: "%[1]s は全員が対戦しておらず、他の全員の可能な最高得点を上回る人はいません"},
	{en: "%s did not all meet: %s's %s beats every possible best below (%s)",
		zh: "%[1]s 并未全部交手：%[2]s 的 %[3]s 分超过下方所有人可能的最高分（%[4]s）",
		ja: "%[1]s は全員が対戦していません：%[2]s の %[3]s 点は下位の全員の可能な最高得点を上回ります（%[4]s）"},
	{en: "then %s's %s beats every possible best below (%s)", zh: "其次 %[1]s 的 %[2]s 分超过下方所有人可能的最高分（%[3]s）",
		ja: "次に %[1]s の %[2]s 点は下位の全員の可能な最高得点を上回ります（%[3]s）"},
	{en: "unrated opponent: %s", zh: "对手无等级分：%[1]s", ja: "レーティングのない対戦相手：%[1]s"},
	{en: "every rating was cut", zh: "所有等级分都被去掉", ja: "すべてのレーティングが除外されました"},
	{en: "no points: the lowest opponent's rating − 800", zh: "得分为零：最低对手等级分 − 800", ja: "得点なし：最も低い対戦相手のレーティング − 800"},
	{en: "p = %s/%d = %s → dp %s (FIDE table 8.1(a))", zh: "p = %[1]s/%[2]s = %[3]s → dp %[4]s（FIDE 表 8.1(a)）",
		ja: "p = %[1]s/%[2]s = %[3]s → dp %[4]s（FIDE 表 8.1(a)）"},
	{en: "expected score at %d: %s ≥ %s (FIDE table 8.1(b))", zh: "等级分 %[1]s 时的预期得分：%[2]s ≥ %[3]s（FIDE 表 8.1(b)）",
		ja: "レーティング %[1]s での期待得点：%[2]s ≥ %[3]s（FIDE 表 8.1(b)）"},
	{en: "no %s for %s", zh: "%[2]s 没有 %[1]s", ja: "%[2]s の %[1]s なし"},
}

// roundWords translates the words of the rounds notes list: a round's kind after its
// number ("R3 absence"), "(round 2)" and "(VUR)", a voluntary unplayed round. Its patterns
// are compiled when a Chinese or Japanese note is first translated, not at start-up, which
// every run of the binary would pay for.
var roundWords = sync.OnceValue(func() map[string][]roundWord {
	return map[string][]roundWord{
		"zh": {
			{regexp.MustCompile(`\(round (\d+)\)`), "（第${1}轮）"},
			{regexp.MustCompile(` \(VUR\)`), "（自愿未赛）"},
			{regexp.MustCompile(`(R\d+) PAB`), "$1 编排轮空"},
			{regexp.MustCompile(`(R\d+) full-point bye`), "$1 整分轮空"},
			{regexp.MustCompile(`(R\d+) half-point bye`), "$1 半分轮空"},
			{regexp.MustCompile(`(R\d+) zero-point bye`), "$1 零分轮空"},
			{regexp.MustCompile(`(R\d+) loss without opponent`), "$1 无对手判负"},
			{regexp.MustCompile(`(R\d+) absence`), "$1 缺席"},
			{regexp.MustCompile(`(R\d+) forfeit win`), "$1 对手弃权"},
			{regexp.MustCompile(`(R\d+) forfeit loss`), "$1 弃权"},
			{regexp.MustCompile(`(R\d+) double forfeit`), "$1 双方弃权"},
		},
		"ja": {
			{regexp.MustCompile(`\(round (\d+)\)`), "（第${1}回戦）"},
			{regexp.MustCompile(` \(VUR\)`), "（自主的な不戦）"},
			{regexp.MustCompile(`(R\d+) PAB`), "$1 組合せの不戦勝"},
			{regexp.MustCompile(`(R\d+) full-point bye`), "$1 1点の不戦"},
			{regexp.MustCompile(`(R\d+) half-point bye`), "$1 半点の不戦"},
			{regexp.MustCompile(`(R\d+) zero-point bye`), "$1 0点の不戦"},
			{regexp.MustCompile(`(R\d+) loss without opponent`), "$1 相手なしの敗北"},
			{regexp.MustCompile(`(R\d+) absence`), "$1 欠席"},
			{regexp.MustCompile(`(R\d+) forfeit win`), "$1 不戦勝"},
			{regexp.MustCompile(`(R\d+) forfeit loss`), "$1 不戦敗"},
			{regexp.MustCompile(`(R\d+) double forfeit`), "$1 両者不戦敗"},
		},
	}
})

// roundWord replaces what re matches with with.
type roundWord struct {
	re   *regexp.Regexp
	with string
}

// compiledNote is a noteText with the pattern that matches its English notes.
type compiledNote struct {
	*noteText
	re *regexp.Regexp
}

var (
	notePatterns     []compiledNote
	notePatternsOnce sync.Once
)

// compileNotes turns every English format into an anchored pattern: a %d matches a number,
// a %s any text (as little as the rest of the format allows).
func compileNotes() []compiledNote {
	notePatternsOnce.Do(func() {
		all := make([]*noteText, 0, len(noteTexts)+len(explainTexts))
		for i := range noteTexts {
			all = append(all, &noteTexts[i])
		}
		for i := range explainTexts {
			all = append(all, &explainTexts[i])
		}
		for _, n := range all {
			if n.pattern != "" {
				notePatterns = append(notePatterns, compiledNote{n, regexp.MustCompile(n.pattern)})
				continue
			}
			var b strings.Builder
			b.WriteString("^")
			for rest := n.en; rest != ""; {
				i := strings.Index(rest, "%")
				if i < 0 || i+1 >= len(rest) {
					b.WriteString(regexp.QuoteMeta(rest))
					break
				}
				b.WriteString(regexp.QuoteMeta(rest[:i]))
				switch rest[i+1] {
				case 'd':
					b.WriteString(`(-?\d+)`)
				case 's':
					b.WriteString(`(.+?)`)
				default:
					b.WriteString(regexp.QuoteMeta(rest[i : i+2]))
				}
				rest = rest[i+2:]
			}
			b.WriteString("$")
			notePatterns = append(notePatterns, compiledNote{n, regexp.MustCompile(b.String())})
		}
	})
	return notePatterns
}

// matchNote returns the catalog entry of an English note and the values it was built with.
func matchNote(note string) (*noteText, []string) {
	for _, c := range compileNotes() {
		if m := c.re.FindStringSubmatch(note); m != nil {
			return c.noteText, m[1:]
		}
	}
	return nil, nil
}

// TranslateNote returns a note of calc's in lang; a note the catalog does not know, and any
// note in English, is returned as it is.
func TranslateNote(lang, note string) string {
	lang = strings.ToLower(lang)
	if lang == "" || lang == "en" || note == "" {
		return note
	}
	n, values := matchNote(note)
	if n == nil {
		return note
	}
	format := n.zh
	if lang == "ja" {
		format = n.ja
	}
	if format == "" {
		return note
	}
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	for _, k := range n.results {
		if r, ok := tbsheet.ParseResult(values[k-1]); ok {
			args[k-1] = resultWord(lang, r)
		}
	}
	for _, k := range n.inner {
		args[k-1] = TranslateNote(lang, values[k-1])
	}
	out := fmt.Sprintf(format, args...)
	for _, w := range roundWords()[lang] {
		out = w.re.ReplaceAllString(out, w.with)
	}
	return out
}

// wallNote reports whether a note of calc's is printed on the wall PDF. Notes the catalog
// does not know are printed.
func wallNote(note string) bool {
	n, _ := matchNote(note)
	return n == nil || n.wall
}

// resultWord names a result in lang for notes and the explain output ("win", "胜").
func resultWord(lang string, r tbsheet.Result) string {
	return label(lang, "res."+r.String())
}
