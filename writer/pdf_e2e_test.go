//go:build e2e

package writer

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/writertest"
)

// These tests read the PDFs back with poppler (pdftotext, pdfinfo, pdffonts, pdftoppm).
// `go test -tags e2e ./writer/ -run PDF -pdf-png` also rewrites ../testdata/pdf/*.png, page 1
// of each list at 60 dpi, which are committed so that a reviewer sees the layout.
var pdfPNG = flag.Bool("pdf-png", false, "rewrite ../testdata/pdf/*.png from the e2e PDFs")

// writeStandingsTemp renders st into a temporary file through WriteStandings and returns its path.
func writeStandingsTemp(t *testing.T, st *calc.Standings, opt Options, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	opt.Now = writertest.Now
	opt.Warn = func(msg string) { t.Errorf("warning: %s", msg) }
	if err := Standings.WriteFile(path, st, opt); err != nil {
		t.Fatal(err)
	}
	return path
}

// printedName is what of a name the first line of its row shows: the long synthetic names
// wrap after their first words.
func printedName(name string) string {
	if words := strings.Fields(name); len(name) > 30 && len(words) > 3 {
		return strings.Join(words[:2], " ")
	}
	return name
}

// nameOnLine reports whether a line of pdftotext's layout shows the player's name (its
// first line, for a long one), not the start of a longer name.
func nameOnLine(line, name string) bool {
	shown := printedName(name)
	i := strings.Index(line, shown)
	if i < 0 {
		return false
	}
	rest := line[i+len(shown):]
	return shown != name || rest == "" || strings.HasPrefix(rest, "  ") || strings.HasPrefix(rest, " (")
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

// checkOrder checks that the lines of text name the players in order, one per line.
func checkOrder(t *testing.T, lines []string, names []string) {
	t.Helper()
	k := 0
	for _, line := range lines {
		if k < len(names) && strings.Contains(line, printedName(names[k])) {
			k++
		}
	}
	if k != len(names) {
		t.Errorf("players out of order: %d of %d found in order; next %q", k, len(names), names[k])
	}
}

var tableHeader = regexp.MustCompile(`Rank\s+Player\s+Points\s+W-L-D\s+OMW%\s+GW%`)

func TestPDFByRankE2E(t *testing.T) {
	st := writertest.BigStandings(110)
	path := writeStandingsTemp(t, st, Options{Cut: 8}, "standings-rank.pdf")
	pages := writertest.PDFText(t, path)
	layout := layoutFor(t, st, Options{Cut: 8}).paginate() // about 40 rows a page, then the legend
	if len(pages) != len(layout) || len(pages) < 3 {
		t.Fatalf("%d pages, want the layout's %d", len(pages), len(layout))
	}
	for i, p := range pages {
		for _, want := range []string{"Regional Championship 2026 — 東京", "Magic: The Gathering",
			"Standings after round 7; round 8 is being played — by rank", "regional.Tournament · Generated",
			fmt.Sprintf("Page %d of %d", i+1, len(pages)), "Generated 2026-05-18 19:30 by tbsheet"} {
			if !strings.Contains(p, want) {
				t.Errorf("page %d lacks %q", i+1, want)
			}
		}
		if tableHeader.MatchString(p) != layout[i].table {
			t.Errorf("page %d: column headers printed %v, want %v", i+1, !layout[i].table, layout[i].table)
		}
	}
	all := strings.Join(pages, "\n")
	lines := strings.Split(all, "\n")
	var names []string
	for _, r := range st.Rows {
		names = append(names, st.Event.Players[r.Player].Name)
	}
	checkOrder(t, lines, names)

	// The cut line comes after the 8th player and before the 9th.
	if strings.Count(all, "▲ Top 8 ▲") != 1 {
		t.Fatalf("the cut label is printed %d times, want once", strings.Count(all, "▲ Top 8 ▲"))
	}
	cut := strings.Index(all, "▲ Top 8 ▲")
	if strings.Index(all, printedName(names[7])) > cut || strings.Index(all, printedName(names[8])) < cut {
		t.Errorf("the cut line is not between %q and %q", names[7], names[8])
	}

	// Dropped players are marked on their own line; the others are not.
	for _, r := range st.Rows {
		name := printedName(st.Event.Players[r.Player].Name)
		for _, line := range lines {
			if !nameOnLine(line, name) {
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
	last := len(layout) - 1
	for !layout[last].table {
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
	savePNG(t, path, "standings-rank.png")
}

func TestPDFByNameE2E(t *testing.T) {
	st := writertest.BigStandings(110)
	path := writeStandingsTemp(t, st, Options{Cut: 8, ByName: true}, "standings-name.pdf")
	pages := writertest.PDFText(t, path)
	layout := layoutFor(t, st, Options{Cut: 8, ByName: true}).paginate()
	if len(pages) != len(layout) || len(pages) < 3 {
		t.Fatalf("%d pages, want the layout's %d", len(pages), len(layout))
	}
	for i, p := range pages {
		if !strings.Contains(p, "Standings after round 7; round 8 is being played — by name") || tableHeader.MatchString(p) != layout[i].table {
			t.Errorf("page %d lacks its title, or its column headers are wrong", i+1)
		}
	}
	var names []string
	top := map[string]bool{}
	for i, r := range st.Rows {
		name := st.Event.Players[r.Player].Name
		names = append(names, name)
		top[name] = i < 8
	}
	collate.New(language.Und).SortStrings(names)
	lines := strings.Split(strings.Join(pages, "\n"), "\n")
	checkOrder(t, lines, names)
	for _, name := range names {
		for _, line := range lines {
			if nameOnLine(line, name) && strings.Contains(line, "Top 8") != top[name] {
				t.Errorf("line %q: top-cut mark wrong", strings.TrimSpace(line))
			}
		}
	}
	if strings.Contains(strings.Join(pages, ""), "▲") {
		t.Error("the by-name list has a cut line")
	}
	savePNG(t, path, "standings-name.png")
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
			"总分：胜 3，平 1，负 0，轮空 3", tiebreakKey(st.Columns[0], "zh") + "：" + st.Columns[0].Plain["zh"]},
		"ja": {"第3回戦終了時点の順位（全3回戦） — 順位順", "順位", "プレイヤー", "勝ち点", "1 / 1 ページ", "2026-05-18 · マジック：ザ・ギャザリング",
			tiebreakKey(st.Columns[0], "ja") + "：" + st.Columns[0].Plain["ja"]},
	} {
		want = append(want, st.Event.Name)
		for _, r := range st.Rows {
			want = append(want, st.Event.Players[r.Player].Name)
			if r.DroppedAfter > 0 {
				want = append(want, fmt.Sprintf(dropped[lang], r.DroppedAfter))
			}
		}
		path := writeStandingsTemp(t, st, Options{Cut: 2, Lang: lang, Paper: "Letter"}, "standings-"+lang+".pdf")
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

// pageImage renders page 1 of pdf at dpi with poppler and returns it, and its PNG.
func pageImage(t *testing.T, pdf string, dpi int) (image.Image, []byte) {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "page")
	writertest.Poppler(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-png", "-f", "1", "-l", "1", "-singlefile", pdf, prefix)
	b, err := os.ReadFile(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img, b
}

// savePNG renders page 1 at 60 dpi, checks that it is an A4 page with ink on it, and with
// -pdf-png keeps it in ../testdata/pdf.
func savePNG(t *testing.T, pdf, name string) {
	t.Helper()
	img, b := pageImage(t, pdf, 60)
	// A4 is 496.1 x 701.6 pixels at 60 dpi, either way up; poppler rounds either way.
	size := img.Bounds().Size()
	if size.X > size.Y {
		size.X, size.Y = size.Y, size.X
	}
	if size.X < 496 || size.X > 497 || size.Y < 701 || size.Y > 702 {
		t.Errorf("page 1 is %v pixels, want about 496x702 (A4 at 60 dpi)", size)
	}
	dark := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
				dark++
			}
		}
	}
	if dark < 5000 {
		t.Errorf("page 1 has only %d dark pixels: is the text printed?", dark)
	}
	if *pdfPNG {
		dir := filepath.Join("..", "testdata", "pdf")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
