//go:build e2e

package standingsheet

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// writeStandingsTemp renders st into a temporary file through WriteStandings and returns its path.
func writeStandingsTemp(t *testing.T, st *calc.Standings, opt writer.Options, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	opt.Now = writertest.Now
	opt.Warn = func(msg string) { t.Errorf("warning: %s", msg) }
	if err := Standings.WriteFile(path, st, opt); err != nil {
		t.Fatal(err)
	}
	return path
}

// caveats are what organizers read and the wall must not show: assumptions, settings,
// references to rules and specifications.
var caveats = []string{"Unverified", "未核实", "未確認", "⚠", "--", "§", "tiebreakers.md", "seed", "MTR", "C.07", "share a rank"}

// checkNoCaveats fails on a page text that shows one of the caveats.
func checkNoCaveats(t *testing.T, what, text string) {
	t.Helper()
	for _, c := range caveats {
		if strings.Contains(text, c) {
			t.Errorf("%s shows %q", what, c)
		}
	}
}

var tableHeader = regexp.MustCompile(`Rank\s+Player\s+Points\s+W-L-D\s+OMW%\s+GW%`)

// checkHeaders checks that the column headers head every page that has rows, and only
// those.
func checkHeaders(t *testing.T, pages, names []string) {
	t.Helper()
	for i, p := range pages {
		rows := slices.ContainsFunc(names, func(n string) bool { return strings.Contains(p, writertest.PrintedName(n)) })
		if tableHeader.MatchString(p) != rows {
			t.Errorf("page %d: column headers printed %v, rows on it %v", i+1, !rows, rows)
		}
	}
}

func TestPDFByRankE2E(t *testing.T) {
	st := writertest.BigStandings(110)
	path := writeStandingsTemp(t, st, writer.Options{Cut: 8}, "standings-rank.pdf")
	pages := writertest.PDFText(t, path)
	if len(pages) < 3 { // about 40 rows a page, then the legend
		t.Fatalf("%d pages, want at least 3", len(pages))
	}
	var names []string
	for _, r := range st.Rows {
		names = append(names, st.Event.Players[r.Player].Name)
	}
	checkHeaders(t, pages, names)
	for i, p := range pages {
		for _, want := range []string{"Regional Championship 2026 — 東京", "Magic: The Gathering",
			"Standings after round 7; round 8 is being played — by rank", "regional.Tournament · Generated",
			fmt.Sprintf("Page %d of %d", i+1, len(pages)), "Generated 2026-05-18 19:30 by tbsheet"} {
			if !strings.Contains(p, want) {
				t.Errorf("page %d lacks %q", i+1, want)
			}
		}

	}
	all := strings.Join(pages, "\n")
	lines := strings.Split(all, "\n")
	writertest.CheckOrder(t, lines, names)

	// The cut line comes after the 8th player and before the 9th.
	if strings.Count(all, "▲ Top 8 ▲") != 1 {
		t.Fatalf("the cut label is printed %d times, want once", strings.Count(all, "▲ Top 8 ▲"))
	}
	cut := strings.Index(all, "▲ Top 8 ▲")
	if strings.Index(all, writertest.PrintedName(names[7])) > cut || strings.Index(all, writertest.PrintedName(names[8])) < cut {
		t.Errorf("the cut line is not between %q and %q", names[7], names[8])
	}

	// Dropped players are marked on their own line; the others are not.
	for _, r := range st.Rows {
		name := writertest.PrintedName(st.Event.Players[r.Player].Name)
		for _, line := range lines {
			if !writertest.NameOnLine(line, name) {
				continue
			}
			mark := fmt.Sprintf("(drop R%d)", r.DroppedAfter)
			if r.DroppedAfter > 0 != strings.Contains(line, mark) || r.DroppedAfter == 0 && strings.Contains(line, "(drop") {
				t.Errorf("line %q: drop mark wrong for DroppedAfter %d", strings.TrimSpace(line), r.DroppedAfter)
			}
		}
	}
	if len(st.Notes) == 0 {
		t.Fatal("no note: calc should say that round 8 is left out")
	}
	// The legend follows the last row, on that page and the next.
	last := len(pages) - 1
	for !tableHeader.MatchString(pages[last]) {
		last--
	}
	legend := strings.Join(pages[last:], "\n")
	for _, want := range []string{"Points: win 3, draw 1, loss 0, bye 3", "OMW%: the average match-win rate of your opponents"} {
		if !strings.Contains(legend, want) {
			t.Errorf("the legend lacks %q", want)
		}
	}
	// The round being played is said as players say it, in the title, not as a note.
	if !strings.Contains(pages[0], "Standings after round 7; round 8 is being played") || strings.Contains(legend, "unreported") {
		t.Errorf("the wall does not say that round 8 is being played, or calls its matches unreported:\n%s\n%s", pages[0], legend)
	}
	checkNoCaveats(t, "the legend", all)

	info := writertest.Poppler(t, "pdfinfo", path)
	for _, want := range []string{fmt.Sprintf("Pages:           %d", len(pages)), "Page size:       595.28 x 841.89 pts (A4)",
		"Title:           Regional Championship 2026 — 東京", "Creator:         tbsheet"} {
		if !strings.Contains(info, want) {
			t.Errorf("pdfinfo lacks %q:\n%s", want, info)
		}
	}
	fonts := writertest.Poppler(t, "pdffonts", path)
	embedded := regexp.MustCompile(`(?m)^[A-Z]{6}\+(goregular|gobold|names)\s+CID TrueType\s+Identity-H\s+yes yes yes`)
	if got := len(embedded.FindAllString(fonts, -1)); got != 3 {
		t.Errorf("%d embedded subset fonts, want 3:\n%s", got, fonts)
	}
	writertest.SavePNG(t, path, "standings-rank.png")
}

func TestPDFByNameE2E(t *testing.T) {
	st := writertest.BigStandings(110)
	path := writeStandingsTemp(t, st, writer.Options{Cut: 8, ByName: true}, "standings-name.pdf")
	pages := writertest.PDFText(t, path)
	if len(pages) < 3 {
		t.Fatalf("%d pages, want at least 3", len(pages))
	}
	var names []string
	top := map[string]bool{}
	for i, r := range st.Rows {
		name := st.Event.Players[r.Player].Name
		names = append(names, name)
		top[name] = i < 8
	}
	checkHeaders(t, pages, names)
	for i, p := range pages {
		if !strings.Contains(p, "Standings after round 7; round 8 is being played — by name") {
			t.Errorf("page %d lacks its title", i+1)
		}
	}
	collate.New(language.Und).SortStrings(names)
	lines := strings.Split(strings.Join(pages, "\n"), "\n")
	writertest.CheckOrder(t, lines, names)
	for _, name := range names {
		for _, line := range lines {
			if writertest.NameOnLine(line, name) && strings.Contains(line, "Top 8") != top[name] {
				t.Errorf("line %q: top-cut mark wrong", strings.TrimSpace(line))
			}
		}
	}
	if strings.Contains(strings.Join(pages, ""), "▲") {
		t.Error("the by-name list has a cut line")
	}
	writertest.SavePNG(t, path, "standings-name.png")
}

// TestPDFLanguagesE2E: in Chinese and Japanese the page, its legend (each column's plain
// definition) and its notes are in the language; no caveat reaches the wall, not even one
// the tiebreak carries.
func TestPDFLanguagesE2E(t *testing.T) {
	st := writertest.Standings()
	c := *st.Columns[1]
	c.Unverified = "floor assumed from the 2024 rules"
	st.Columns = []*calc.Def{st.Columns[0], &c, st.Columns[2]}
	st.Event.Date = "2026-05-18"
	dropped := map[string]string{"zh": "（第%d轮后退赛）", "ja": "（第%d回戦後ドロップ）"}
	for lang, want := range map[string][]string{
		"zh": {"第3轮后排名（共3轮） — 按名次", "名次", "选手", "总分", "胜-负-平", "第1页，共1页", "2026-05-18 · 万智牌",
			"总分：胜 3，平 1，负 0，轮空 3", tiebreakKey(st.Columns[0], "zh") + "：" + i18n.Lang("zh").Note(st.Columns[0].Plain)},
		"ja": {"第3回戦終了時点の順位（全3回戦） — 順位順", "順位", "プレイヤー", "勝ち点", "1 / 1 ページ", "2026-05-18 · マジック：ザ・ギャザリング",
			tiebreakKey(st.Columns[0], "ja") + "：" + i18n.Lang("ja").Note(st.Columns[0].Plain)},
	} {
		want = append(want, st.Event.Name)
		for _, r := range st.Rows {
			want = append(want, st.Event.Players[r.Player].Name)
			if r.DroppedAfter > 0 {
				want = append(want, fmt.Sprintf(dropped[lang], r.DroppedAfter))
			}
		}
		path := writeStandingsTemp(t, st, writer.Options{Cut: 2, Lang: lang, Paper: "Letter"}, "standings-"+lang+".pdf")
		text := strings.Join(writertest.PDFText(t, path), "")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, text)
			}
		}
		checkNoCaveats(t, lang, text)
		if strings.Contains(text, "floor assumed") {
			t.Errorf("%s: the tiebreak's assumption is on the wall", lang)
		}
		if info := writertest.Poppler(t, "pdfinfo", path); !strings.Contains(info, "612 x 792 pts (letter)") {
			t.Errorf("%s: not Letter:\n%s", lang, info)
		}
	}
}

// TestCutStandingsPDFE2E reads the wall standings back with pdftotext while the top cut is
// played: the title says so, the eight players of the cut keep their Swiss ranks 1 to 8 in
// order, each marked still in or out, and nothing says "Final standings".
func TestCutStandingsPDFE2E(t *testing.T) {
	st := writertest.CutStandings()
	for lang, want := range map[string][3]string{
		"en": {"Standings after the Swiss · Top 8 in progress", "Still in", "Final standings"},
		"zh": {"瑞士轮后排名 · 8强淘汰赛进行中", "进行中", "最终排名"},
		"ja": {"スイスラウンド後の順位 · ベスト8 決勝トーナメント進行中", "進行中", "最終順位"},
	} {
		pages := writertest.PDFText(t, writeStandingsTemp(t, st, writer.Options{Lang: lang}, "standings.pdf"))
		text := strings.Join(pages, "\n")
		if !strings.Contains(text, want[0]) || strings.Contains(text, want[2]) {
			t.Errorf("%s: the title is not %q (or says %q)", lang, want[0], want[2])
		}
		var names []string
		for _, r := range st.Rows[:9] {
			names = append(names, st.Event.Players[r.Player].Name)
		}
		writertest.CheckOrder(t, strings.Split(text, "\n"), names)
		in := 0
		for _, line := range strings.Split(text, "\n") {
			for _, name := range names {
				if writertest.NameOnLine(line, name) && strings.Contains(line, want[1]) {
					in++
				}
			}
		}
		if in != 6 {
			t.Errorf("%s: %d rows say %q, want the 6 players still in", lang, in, want[1])
		}
	}
}
