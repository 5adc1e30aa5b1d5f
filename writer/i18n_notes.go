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
	// wall marks the notes printed on the wall PDF; the others are for the organizer (the
	// tie summary, which the PDF replaces with one line per tie).
	wall bool
	// results lists the values (1-based) that are results ("draw", "id"), translated too.
	results []int
}

// noteTexts are the notes of Compute and Final (Standings.Notes).
var noteTexts = []noteText{
	{en: "round %d has %d unreported %s: it is left out until complete",
		zh: "第%[1]s轮有%[2]s场对局未报告：该轮完成前不计入", ja: "第%[1]s回戦は%[2]s件の結果が未報告のため、そろうまで集計に含めません", wall: true},
	{en: "round %d: %s vs %s is unreported and counts as not played",
		zh: "第%[1]s轮：%[2]s 对 %[3]s 未报告，按未赛计算", ja: "第%[1]s回戦：%[2]s 対 %[3]s は未報告のため、未対戦として扱います", wall: true},
	{en: "%d players in %d %s are tied on every key and share a rank",
		zh: "%[1]s名选手（%[2]s组）所有排名依据均相同，名次并列", ja: "%[1]s人（%[2]sグループ）がすべての基準で同点のため、同順位です"},
	{en: "%d players in %d %s are tied on every key and share a rank; the Play! Pokémon handbook (§5.5.1.1) orders them at random: draw lots",
		zh: "%[1]s名选手（%[2]s组）所有排名依据均相同，名次并列；宝可梦规则要求随机排序：请抽签",
		ja: "%[1]s人（%[2]sグループ）がすべての基準で同点のため、同順位です。ポケモンのルールでは順番を無作為に決めます：抽選してください"},
	{en: "standings after round %d come before the top cut: final standings need all %d Swiss rounds",
		zh: "第%[1]s轮后的排名早于淘汰赛：最终排名需要全部%[2]s轮瑞士轮", ja: "第%[1]s回戦終了時点の順位は決勝トーナメントより前です。最終順位には全%[2]s回戦のスイスラウンドが必要です", wall: true},
	{en: "%s is not paired in playoff round %d: counted as out in that round",
		zh: "%[1]s 没有出现在淘汰赛第%[2]s轮：按在该轮出局计算", ja: "%[1]s は決勝ラウンド第%[2]s回戦の組み合わせにないため、その回戦で敗退として扱います", wall: true},
	{en: "playoff round %d: %s has a %s, which decides nothing in single elimination: still in",
		zh: "淘汰赛第%[1]s轮：%[2]s 的结果为%[3]s，单败淘汰中无法决出胜负：仍在赛中",
		ja: "決勝ラウンド第%[1]s回戦：%[2]s の結果は%[3]sで、シングルエリミネーションでは決着しないため勝ち残りとします", wall: true, results: []int{3}},
	{en: "the top cut is not finished: players still in it share a place",
		zh: "淘汰赛尚未结束：仍在赛中的选手名次并列", ja: "決勝トーナメントは終わっていません。勝ち残っている選手は同順位です", wall: true},
	{en: "every match is best-of-one (nobody won 2 games): a bye, and a forfeit without games, counts 1-0 in GW%, as Melee counts a bye",
		zh: "所有比赛均为一局制（无人赢下2局）：轮空和不战而胜在局胜率中按 1-0 计", ja: "すべて1本勝負のため（2ゲーム勝った人がいない）、不戦勝はゲーム勝率で 1-0 として数えます", wall: true},
	{en: calc.NoGameScores,
		zh: "成绩中没有小局比分（只有胜负）：局胜率与对手局胜率无法计算", ja: "結果にゲームのスコアがない（勝敗のみ）ため、ゲーム勝率とオポネント・ゲーム勝率は算出できません", wall: true},
	{en: "%s: no point scores in the input, so every value is 0",
		zh: "%[1]s：输入中没有得分记录，因此全部为 0", ja: "%[1]s：入力に得点の記録がないため、すべて 0 です", wall: true},
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
		for i := range noteTexts {
			n := &noteTexts[i]
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
	return fmt.Sprintf(format, args...)
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

func init() {
	addLabels("en", map[string]string{
		"res.unreported": "unreported", "res.win": "win", "res.loss": "loss", "res.draw": "draw",
		"res.id": "intentional draw", "res.double-loss": "double loss", "res.forfeit-win": "forfeit win",
		"res.forfeit-loss": "forfeit loss", "res.double-forfeit": "double forfeit", "res.bye": "bye",
		"res.half-bye": "half-point bye", "res.zero-bye": "zero-point bye",
		"res.loss-no-opponent": "loss without opponent", "res.absent": "absent",
	})
	addLabels("zh", map[string]string{
		"res.unreported": "未报告", "res.win": "胜", "res.loss": "负", "res.draw": "平",
		"res.id": "协议和", "res.double-loss": "双负", "res.forfeit-win": "不战而胜",
		"res.forfeit-loss": "不战而负", "res.double-forfeit": "双方弃权", "res.bye": "轮空",
		"res.half-bye": "半分轮空", "res.zero-bye": "零分轮空",
		"res.loss-no-opponent": "无对手判负", "res.absent": "缺席",
	})
	addLabels("ja", map[string]string{
		"res.unreported": "未報告", "res.win": "勝ち", "res.loss": "負け", "res.draw": "引き分け",
		"res.id": "合意の引き分け", "res.double-loss": "両者敗北", "res.forfeit-win": "不戦勝",
		"res.forfeit-loss": "不戦敗", "res.double-forfeit": "両者不戦敗", "res.bye": "不戦勝（バイ）",
		"res.half-bye": "半点の不戦", "res.zero-bye": "0点の不戦",
		"res.loss-no-opponent": "相手なしの敗北", "res.absent": "欠席",
	})
}
