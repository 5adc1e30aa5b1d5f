package writer

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/xuri/excelize/v2"
)

func init() {
	addLabels("en", map[string]string{
		"template.event-name":   "← the event's name: the title of the standings and pairings",
		"template.event-date":   "← the date, as it is to be printed (2025-12-05, Friday 5 December)",
		"template.event-rounds": "← the Swiss rounds planned: \"Standings after round 2 of 5\"; change it if you add or remove round sheets",
		"template.event-system": "← the game, whose rules rank the players and pair the rounds: choose it from the list (mtg is Magic, yugioh Yu-Gi-Oh!, fide chess)",
	})
	addLabels("zh", map[string]string{
		"template.event-name":   "← 赛事名称：排名表和对阵表的标题",
		"template.event-date":   "← 日期，按要打印的样子填写（2025-12-05、12月5日 星期五）",
		"template.event-rounds": "← 计划的瑞士轮轮数：“第2轮后排名（共5轮）”；增删轮次工作表时请一并修改",
		"template.event-system": "← 游戏：按其规则排名和编排对阵；请从列表中选择（mtg 为万智牌，yugioh 为游戏王，pokemon 为宝可梦，fide 为国际象棋）",
	})
	addLabels("ja", map[string]string{
		"template.event-name":   "← 大会名：順位表と対戦表のタイトル",
		"template.event-date":   "← 日付（印刷したい形で。2025-12-05、12月5日（金））",
		"template.event-rounds": "← 予定のスイスラウンド数：「第2回戦終了時点の順位（全5回戦）」。回戦のシートを増減したら変更してください",
		"template.event-system": "← ゲーム：そのルールで順位と対戦を決めます。リストから選んでください（mtg はマジック、yugioh は遊戯王、pokemon はポケモン、fide はチェス）",
	})
}

// DefaultTemplateRounds is the number of round sheets WriteTemplate writes when asked for 0.
const DefaultTemplateRounds = 5

// maxTemplateRounds bounds the round sheets: the hand-kept reader reads up to three-digit
// round numbers, and no Swiss event needs more than a few dozen.
const maxTemplateRounds = 99

// templateRows is how many rows of each sheet get validation: more than any event's tables
// or players.
const templateRows = 2000

// resultChoices is the Result dropdown of the template: the results organizers type most,
// then handkept.ResultForms(). Other values stay allowed (2:1, 3-0-2 …) after a warning.
func resultChoices() []string {
	common := []string{"2-0", "2-1", "1-2", "0-2", "1-1-1", "1-1", "2-1-1", "1-2-1", "2-0-1", "0-2-1",
		"1-0-1", "0-1-1", "0-0-3", "ID", "W", "L", "D", "DL", "+", "-", "BYE", "1-0", "0-1", "½-½"}
	for _, f := range handkept.ResultForms() {
		if !slices.Contains(common, f) {
			common = append(common, f)
		}
	}
	return common
}

// instructions are the lines of the Instructions sheet in each language; all three are
// written whatever --lang says, since a team of judges may not share one, the chosen one
// first.
var instructions = map[string][]string{
	"en": {
		"How to keep results for tbsheet",
		"1. Event sheet: the event's name and date, printed at the top of the standings and pairings (without a name, the file's name is used); the game (System), whose rules rank the players: Magic's when it is empty; and the Swiss rounds planned.",
		"2. Players sheet: one row per player. Name as it appears on the pairings; ID (optional: KTS/COSSY number, Wizards or Pokémon ID, FIDE ID); Dropped After: the last round the player played, if they dropped; Rating (chess, optional).",
		"3. One sheet per round (Round 1, Round 2 …), one row per table: Table, Player 1, Player 2, Result read from Player 1's side.",
		"4. Result: games won by Player 1 - games won by Player 2 (2-1), drawn games third (1-1-1); or W, L, D, ID (intentional draw), DL (double loss), + or - (Player 1 wins or loses without playing), 1-0, 0-1, ½-½ for chess.",
		"5. A bye: Player 2 empty (or BYE), Result empty or BYE. A late entry's missed round: Player 2 empty, Result L.",
		"6. Leave Result empty until the match is reported: tbsheet ranks the complete rounds and lists the missing matches.",
		"7. More rounds: copy a round sheet and rename it (Round 6). Then run: tbsheet standings results.xlsx -o standings.xlsx -o standings.pdf, or tbsheet watch to recompute on every save.",
	},
	"zh": {
		"tbsheet 成绩记录说明",
		"1. 赛事信息：赛事名称和日期，印在排名表和对阵表的顶部（不填名称时使用文件名）；游戏（赛制），按其规则排名（留空时按万智牌规则）；以及计划的瑞士轮轮数。",
		"2. 选手名单：每位选手一行。姓名与对阵表一致；编号（可选：KTS/COSSY 编号、Wizards 或宝可梦 ID、FIDE ID）；退赛轮次：选手退赛前打完的最后一轮；等级分（国际象棋，可选）。",
		"3. 每轮一个工作表（第1轮、第2轮……），每桌一行：桌号、选手1、选手2、比分（从选手1的角度填写）。",
		"4. 比分：选手1胜局数-选手2胜局数（2-1），平局数写在第三位（1-1-1）；也可写 W、L、D、ID（协议平局）、DL（双负）、+ 或 -（选手1不战而胜或不战而负）；国际象棋写 1-0、0-1、½-½。",
		"5. 轮空：选手2留空（或写 BYE），比分留空或写 BYE。迟到报名者缺席的轮次：选手2留空，比分写 L。",
		"6. 对局结果未报告前请将比分留空：tbsheet 只统计已完成的轮次，并列出缺少的对局。",
		"7. 需要更多轮次：复制一个轮次工作表并改名（第6轮）。然后运行：tbsheet standings results.xlsx -o standings.xlsx -o standings.pdf，或用 tbsheet watch 在每次保存时重新计算。",
	},
	"ja": {
		"tbsheet 用の成績の記録方法",
		"1. 大会情報シート：大会名と日付。順位表と対戦表の上部に印刷されます（大会名がなければファイル名を使います）。ゲーム（方式）：そのルールで順位を決めます（空欄ならマジック：ザ・ギャザリングのルール）。予定のスイスラウンド数も。",
		"2. 参加者シート：1人1行。名前は対戦表と同じ表記で；ID（任意：KTS/COSSY 番号、Wizards・ポケモンの ID、FIDE ID）；ドロップ：ドロップした場合、最後に対戦した回戦；レーティング（チェス、任意）。",
		"3. 回戦ごとに1シート（第1回戦、第2回戦…）、1テーブル1行：テーブル、プレイヤー1、プレイヤー2、結果（プレイヤー1から見た結果）。",
		"4. 結果：プレイヤー1の勝利ゲーム数-プレイヤー2の勝利ゲーム数（2-1）、引き分けゲームは3番目（1-1-1）；または W、L、D、ID（合意の引き分け）、DL（両者敗北）、+ か -（プレイヤー1の不戦勝・不戦敗）；チェスは 1-0、0-1、½-½。",
		"5. 不戦勝（バイ）：プレイヤー2を空欄（または BYE）、結果は空欄か BYE。途中参加者の欠席回戦：プレイヤー2を空欄、結果は L。",
		"6. 結果が報告されるまで結果欄は空欄に：tbsheet は完了した回戦だけを集計し、未報告の対戦を一覧にします。",
		"7. 回戦を増やすには：回戦シートをコピーして名前を変更（第6回戦）。実行：tbsheet standings results.xlsx -o standings.xlsx -o standings.pdf、または保存のたびに再計算する tbsheet watch。",
	},
}

// instructionLines returns the instructions in every language, lang's first, with an empty
// line between languages.
func instructionLines(lang string) []string {
	order := []string{strings.ToLower(lang)}
	for _, l := range langs {
		if l != order[0] {
			order = append(order, l)
		}
	}
	var lines []string
	for _, l := range order {
		if block, ok := instructions[l]; ok {
			if len(lines) > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, block...)
		}
	}
	return lines
}

// WriteTemplate writes a blank hand-kept results workbook (`tbsheet template`): an Event
// sheet (the event's name and date, blank, its system — the preset given, or blank — with a
// drop-down of the presets, and its rounds, each with a hint), a Players sheet (Name, ID, Dropped
// After, Rating), one sheet per round (Table, Player 1, Player 2, Result) named in opt.Lang
// (Round 1, 第1轮, 第1回戦), and an Instructions sheet in English, Chinese and Japanese,
// opt.Lang's first. rounds is the number of round sheets (0 means
// DefaultTemplateRounds). The Result column offers the usual results in a dropdown and
// warns about, without refusing, anything else; the player columns offer the Players
// sheet's names. ID and Result are text columns, so that Excel neither drops an ID's leading
// zeros nor turns 2-1 into a date. tbsheet's hand-kept reader reads the workbook as written.
func WriteTemplate(w io.Writer, rounds int, system string, opt Options) error {
	if rounds == 0 {
		rounds = DefaultTemplateRounds
	}
	if rounds < 1 || rounds > maxTemplateRounds {
		return fmt.Errorf("a template has 1 to %d rounds, not %d", maxTemplateRounds, rounds)
	}
	players := label(opt.Lang, "sheet.players")
	b, err := newEmbeddedBook(opt.Lang, players)
	if err != nil {
		return err
	}
	f := b.f
	defer f.Close()
	for range 4 { // the style cells of the embedded workbook are not players
		if err := f.RemoveRow(players, 1); err != nil {
			return err
		}
	}
	if err := b.blankSheet(players, playersKeys, []float64{28, 14, 14, 10}, map[string]string{"id": "@"}); err != nil {
		return err
	}
	if err := b.playersValidation(players); err != nil {
		return err
	}
	for n := 1; n <= rounds; n++ {
		sheet := handkept.RoundSheetName(n, opt.Lang)
		if err := b.addSheet(sheet); err != nil {
			return err
		}
		keys := []string{"table", "p1", "p2", "result"}
		if err := b.blankSheet(sheet, keys, []float64{8, 28, 28, 12}, map[string]string{"table": "0", "result": "@"}); err != nil {
			return err
		}
		if err := b.roundValidation(sheet, players); err != nil {
			return err
		}
	}
	if err := b.instructionsSheet(label(opt.Lang, "sheet.instructions"), instructionLines(opt.Lang)); err != nil {
		return err
	}
	if err := b.eventSheet(label(opt.Lang, "sheet.event"), rounds, system); err != nil {
		return err
	}
	// No document title: the reader would take it for the event's name.
	return finishWorkbook(f, "", opt, w)
}

// eventSheet writes the Event sheet, first in the workbook and open: the labels Name and
// Date with blank text cells beside them, Rounds with the number of round sheets (so that
// the standings say "after round 2 of 5" from round 1), and a hint after each, which the
// reader skips.
func (b *book) eventSheet(sheet string, rounds int, system string) error {
	f := b.f
	if err := b.addSheet(sheet); err != nil {
		return err
	}
	hs, err := b.styles.id(styleKey{row: rowHeader})
	if err != nil {
		return err
	}
	input, err := f.NewStyle(&excelize.Style{NumFmt: 49, // text: a date stays as typed
		Border: []excelize.Border{{Type: "bottom", Color: "808080", Style: 1}}})
	if err != nil {
		return err
	}
	hint, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Color: "808080", Italic: true}})
	if err != nil {
		return err
	}
	for col, w := range map[string]float64{"A": 16, "B": 40, "C": 70} {
		if err := f.SetColWidth(sheet, col, col, w); err != nil {
			return err
		}
	}
	values := map[string]string{"rounds": strconv.Itoa(rounds), "system": system}
	keys := []string{"name", "date", "system", "rounds"}
	for i, key := range keys {
		row := strconv.Itoa(i + 1)
		for _, c := range []struct {
			cell, value string
			style       int
		}{
			{"A" + row, handkept.EventFieldLabel(key, b.lang), hs},
			{"B" + row, values[key], input},
			{"C" + row, label(b.lang, "template.event-"+key), hint},
		} {
			if err := f.SetCellStr(sheet, c.cell, c.value); err != nil {
				return err
			}
			if err := f.SetCellStyle(sheet, c.cell, c.cell, c.style); err != nil {
				return err
			}
		}
	}
	// The System cell offers the presets; any other name is refused when the standings are
	// computed, at the cell.
	systems := excelize.NewDataValidation(true)
	systems.Sqref = "B" + strconv.Itoa(slices.Index(keys, "system")+1)
	var names []string
	for _, s := range calc.Systems() {
		names = append(names, s.Name)
	}
	if err := systems.SetDropList(names); err != nil {
		return err
	}
	if err := f.AddDataValidation(sheet, systems); err != nil {
		return err
	}
	if err := f.MoveSheet(sheet, f.GetSheetList()[0]); err != nil {
		return err
	}
	idx, err := f.GetSheetIndex(sheet)
	if err != nil {
		return err
	}
	f.SetActiveSheet(idx)
	return nil
}

// blankSheet writes a header row of hand-kept columns and formats the columns below it.
func (b *book) blankSheet(sheet string, keys []string, widths []float64, formats map[string]string) error {
	f := b.f
	hs, err := b.styles.id(styleKey{row: rowHeader})
	if err != nil {
		return err
	}
	for i, k := range keys {
		col, err := excelize.ColumnNumberToName(i + 1)
		if err != nil {
			return err
		}
		if err := f.SetColWidth(sheet, col, col, widths[i]); err != nil {
			return err
		}
		// A column style formats every cell typed into the column later.
		if code, ok := formats[k]; ok {
			id, err := b.styles.id(styleKey{numFmt: code})
			if err != nil {
				return err
			}
			if err := f.SetColStyle(sheet, col, id); err != nil {
				return err
			}
		}
		if err := f.SetCellStr(sheet, col+"1", handkept.ColumnHeader(k, b.lang)); err != nil {
			return err
		}
		if err := f.SetCellStyle(sheet, col+"1", col+"1", hs); err != nil {
			return err
		}
	}
	return f.SetPanes(sheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
}

// playersValidation checks Dropped After and Rating: whole numbers, with a warning.
func (b *book) playersValidation(sheet string) error {
	dropped := excelize.NewDataValidation(true)
	dropped.Sqref = fmt.Sprintf("C2:C%d", templateRows+1)
	if err := dropped.SetRange(1, maxTemplateRounds, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
		return err
	}
	dropped.SetInput(handkept.ColumnHeader("dropped", b.lang), label(b.lang, "template.dropped-help"))
	dropped.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("dropped", b.lang),
		label(b.lang, "template.dropped-error"))
	rating := excelize.NewDataValidation(true)
	rating.Sqref = fmt.Sprintf("D2:D%d", templateRows+1)
	if err := rating.SetRange(0, 4000, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
		return err
	}
	rating.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("rating", b.lang),
		label(b.lang, "template.rating-error"))
	for _, dv := range []*excelize.DataValidation{dropped, rating} {
		if err := b.f.AddDataValidation(sheet, dv); err != nil {
			return err
		}
	}
	return nil
}

// roundValidation offers the Players sheet's names in the player columns (any other name is
// accepted silently: a late entry, a BYE) and the usual results in the Result column (anything
// else after a warning).
func (b *book) roundValidation(sheet, players string) error {
	names := excelize.NewDataValidation(true)
	names.Sqref = fmt.Sprintf("B2:C%d", templateRows+1)
	names.SetSqrefDropList(fmt.Sprintf("'%s'!$A$2:$A$%d", strings.ReplaceAll(players, "'", "''"), templateRows+1))
	result := excelize.NewDataValidation(true)
	result.Sqref = fmt.Sprintf("D2:D%d", templateRows+1)
	if err := result.SetDropList(resultChoices()); err != nil {
		return err
	}
	result.SetError(excelize.DataValidationErrorStyleWarning, handkept.ColumnHeader("result", b.lang),
		label(b.lang, "template.result-error"))
	for _, dv := range []*excelize.DataValidation{names, result} {
		if err := b.f.AddDataValidation(sheet, dv); err != nil {
			return err
		}
	}
	return nil
}

// instructionsSheet writes the instructions, one paragraph per row, headings styled. Row
// heights are set from the text's length, since spreadsheets do not grow rows for wrapped
// text they did not lay out themselves.
func (b *book) instructionsSheet(sheet string, instructions []string) error {
	const width = 100
	f := b.f
	if err := b.addSheet(sheet); err != nil {
		return err
	}
	if err := f.SetColWidth(sheet, "A", "A", width); err != nil {
		return err
	}
	heading := *b.styles.spec.header
	heading.Alignment = &excelize.Alignment{Horizontal: "left", Vertical: "center"}
	hs, err := f.NewStyle(&heading)
	if err != nil {
		return err
	}
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	isHeading := true
	for i, line := range instructions {
		cell := fmt.Sprintf("A%d", i+1)
		if err := f.SetCellStr(sheet, cell, line); err != nil {
			return err
		}
		style := wrap
		if isHeading {
			style = hs
		}
		if err := f.SetCellStyle(sheet, cell, cell, style); err != nil {
			return err
		}
		lines := math.Ceil(textWidth(line) * 1.1 / width) // proportional text runs wider than digits
		if err := f.SetRowHeight(sheet, i+1, 15*max(1, lines)); err != nil {
			return err
		}
		isHeading = line == ""
	}
	return nil
}
