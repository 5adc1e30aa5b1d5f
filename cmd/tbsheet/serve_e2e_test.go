//go:build e2e

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/xuri/excelize/v2"

	"github.com/tbsheet/tbsheet/internal/golden"
)

// The browser tests run `tbsheet serve` in this process on the loopback address, on a copy
// of samples/scenarios-rcq.xlsx (20 players, round 5 paired and waiting for its results) in
// which Alex Chen is renamed scriptName, and drive Debian's headless Chromium over it.

// scriptName is the name of a player that must show as text, never run.
const scriptName = "<script>alert(1)</script>"

// rcqWorkbook copies the sample to dir/results.xlsx, each edit applied, and returns its path.
func rcqWorkbook(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "results.xlsx")
	saveWorkbook(t, filepath.Join("..", "..", "samples", "scenarios-rcq.xlsx"), path, func(f *excelize.File) {
		for _, sheet := range []string{"Players", "Matches"} {
			cells, err := f.SearchSheet(sheet, "^Alex Chen$", true)
			if err != nil || len(cells) == 0 {
				t.Fatalf("%s: Alex Chen not found: %v", sheet, err)
			}
			for _, c := range cells {
				f.SetCellValue(sheet, c, scriptName)
			}
		}
	})
	return path
}

// saveWorkbook opens from, edits it and saves it as to, as a spreadsheet program does: the
// file is rewritten in place.
func saveWorkbook(t testing.TB, from, to string, edit func(*excelize.File)) {
	t.Helper()
	f, err := excelize.OpenFile(from)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	edit(f)
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newBrowser starts Debian's headless Chromium for the test; its absence fails the test.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium-headless-shell")
	if err != nil {
		t.Fatalf("headless Chromium is not installed (Debian: apt-get install chromium-headless-shell): %v", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium's sandbox refuses root (CI containers)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute) // a hung browser ends the test
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatal(err)
	}
	return ctx
}

// watchDialogs fails the test on any dialog a page opens (alert(1) run from a name) and
// closes it.
func watchDialogs(t *testing.T, ctx context.Context) *atomic.Int32 {
	var n atomic.Int32
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			n.Add(1)
			t.Errorf("a page opened a dialog: %q", ev.Message)
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	return &n
}

// text is the visible text of the page's element sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q)||{}).innerText||""`, sel)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// waitFor waits until the JavaScript predicate holds in the page (the page updates itself;
// the browser context's deadline bounds the wait).
func waitFor(t *testing.T, ctx context.Context, what, predicate string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](predicate, chromedp.WithPollingInterval(20*time.Millisecond),
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// screenshot writes the page as docs/NAME.png when the test runs with -update.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if !golden.Updating() {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "..", "docs", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestServeBrowser: each page loads in a real browser and shows what it is for; a search
// finds a player with and without the search form; a name made of markup shows as text
// and runs nothing; a save of the workbook updates the open page without a reload, a broken
// save shows the notice over the last good results; the TV pages by itself.
// go test -tags e2e ./cmd/tbsheet -run ServeBrowser -update rewrites docs/serve-*.png.
func TestServeBrowser(t *testing.T) {
	dir := t.TempDir()
	input := rcqWorkbook(t, dir)
	base := startServe(t, input, "--cut", "8")
	ctx := newBrowser(t)
	dialogs := watchDialogs(t, ctx)
	phone := chromedp.EmulateViewport(412, 860, chromedp.EmulateMobile, chromedp.EmulateTouch)
	if err := chromedp.Do(ctx, phone); err != nil {
		t.Fatal(err)
	}

	// Each page.
	for _, tc := range []struct{ path, shot, sel, want string }{
		{"", "", "h1", "Find me"},
		{"pairings", "serve-pairings", "h1", "Round 5 pairings"},
		{"standings", "serve-standings", "h1", "Standings after round 4; round 5 is being played"},
		{"standings", "", "tr.cut", "Top 8"},
		{"scenarios", "serve-scenarios", "h1", "Round 5 scenarios"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+tc.path)); err != nil {
			t.Fatal(err)
		}
		if got := text(t, ctx, tc.sel); !strings.Contains(got, tc.want) {
			t.Errorf("/%s %s: %q, want %q", tc.path, tc.sel, got, tc.want)
		}
		if tc.shot != "" {
			screenshot(t, ctx, tc.shot)
		}
	}

	// The name made of markup is text on every page that lists it, and ran nothing.
	for _, path := range []string{"pairings", "standings", "tv", "?q=alert"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+path)); err != nil {
			t.Fatal(err)
		}
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
			fmt.Sprintf(`[...document.querySelectorAll("bdi")].some(e => e.textContent === %q) && !document.querySelector("main script")`, scriptName)))
		if err != nil || !shown {
			t.Errorf("/%s: the name %s is not shown as text (%v)", path, scriptName, err)
		}
	}

	// Find me: typed in the form (accents and case ignored), and as /?q= without script.
	if err := chromedp.Do(ctx, chromedp.Navigate(base), chromedp.SendKeys(chromedp.CSS(`input[name=q]`), "HADDAD")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.Submit(chromedp.CSS(`input[name=q]`))); err != nil {
		t.Fatal(err)
	}
	if loc, _ := chromedp.Run(ctx, chromedp.Location()); !strings.HasSuffix(loc, "/?q=HADDAD") {
		t.Errorf("the search went to %s", loc)
	}
	if got := text(t, ctx, ".found"); !strings.Contains(got, "Omar Haddad") || !strings.Contains(got, "Round 5: Table 1") ||
		!strings.Contains(got, "Tariq Aziz") {
		t.Errorf("search HADDAD: %q", got)
	}
	screenshot(t, ctx, "serve-find-result")

	// A save updates the open page without a reload: a marker set in the page survives.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"standings")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the live stream", `!document.querySelector(".live-mark").hidden`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	saved := time.Now()
	saveWorkbook(t, input, input, func(f *excelize.File) {
		for row := 43; row <= 51; row++ { // round 5's results
			f.SetCellValue("Matches", fmt.Sprintf("E%d", row), "2-0")
		}
	})
	waitFor(t, ctx, "the standings after the save", `document.querySelector("h1").innerText.includes("after round 5 of 5") && window.notReloaded === true`)
	t.Logf("a save reached the open page in %v (debounce included)", time.Since(saved).Round(time.Millisecond))

	// A broken save: the last good standings stay, with the notice.
	saveWorkbook(t, input, input, func(f *excelize.File) { f.SetCellValue("Matches", "E43", "banana") })
	waitFor(t, ctx, "the notice of a broken save", `(document.querySelector(".notice")||{innerText:""}).innerText.includes("being edited") && window.notReloaded === true`)
	if got := text(t, ctx, "h1"); !strings.Contains(got, "after round 5 of 5") {
		t.Errorf("a broken save: the page shows %q, not the last good standings", got)
	}
	saveWorkbook(t, input, input, func(f *excelize.File) { f.SetCellValue("Matches", "E43", "0-2") })
	waitFor(t, ctx, "the notice gone after a good save", `document.querySelector(".notice") === null && window.notReloaded === true`)

	// The TV: 20 standings of 12 rows a page are 2 pages; the TV moves to the second by itself.
	tv := chromedp.EmulateViewport(1280, 720)
	if err := chromedp.Do(ctx, tv, chromedp.Navigate(base+"tv?show=standings&rows=12")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, ".page"); got != "1 / 2" {
		t.Errorf("TV: page %q, want 1 / 2", got)
	}
	screenshot(t, ctx, "serve-tv")
	// The page is replaced (a meta refresh): ask again until the new one answers.
	for {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector(".page")||{}).innerText||""`))
		if err == nil && got == "2 / 2" {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the TV did not move to its second page: %v", ctx.Err())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"tv")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "h1"); !strings.Contains(got, "Standings after round 5 of 5") {
		t.Errorf("TV with no round being played: %q, want the standings", got)
	}
	if dialogs.Load() > 0 {
		t.Errorf("%d dialogs opened", dialogs.Load())
	}
}

// TestServeTVFits: on a 1920×1080 TV, every TV page fits the screen whatever its rows and
// language: each of its rows, the top-cut line and the footer above the screen's bottom,
// nothing wider than the screen, every row on one line (a name too long for its column
// ends in "…"). A row below the bottom would never be seen: the next page starts after it.
// The event has 64 players, so that every page is full, and round 2 paired.
func TestServeTVFits(t *testing.T) {
	names := make([]string, 64)
	for i := range names {
		names[i] = fmt.Sprintf("Player %02d", i)
	}
	names[5], names[6], names[7] = "Maximiliano Alejandro de la Fuente Villaverde-Ortega", "山田 太郎", scriptName
	csv := []string{"Round,Table,Player 1,Player 2,Result"}
	for i := range 32 {
		csv = append(csv, fmt.Sprintf("1,%d,%s,%s,2-0", i+1, names[2*i], names[2*i+1]))
	}
	for i := range 32 {
		csv = append(csv, fmt.Sprintf("2,%d,%s,%s,", i+1, names[i], names[63-i]))
	}
	input := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(input, []byte(strings.Join(csv, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := startServe(t, input, "--cut", "8")
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080)); err != nil {
		t.Fatal(err)
	}
	const check = `(() => {
		const h = innerHeight, bad = [];
		for (const e of document.querySelectorAll(".tv-columns tr, footer")) {
			const r = e.getBoundingClientRect();
			if (r.bottom > h + 0.5) bad.push("below the screen: " + e.innerText.trim());
			const cell = e.querySelector("td, th");
			if (cell && r.height > 2 * parseFloat(getComputedStyle(cell).fontSize)) bad.push("on two lines: " + e.innerText.trim());
		}
		if (document.documentElement.scrollWidth > innerWidth) bad.push("wider than the screen");
		return bad.join("\n");
	})()`
	for _, lang := range []string{"en", "zh", "ja"} {
		for _, show := range []string{"pairings", "standings"} {
			for _, rows := range []string{"12", "16", "20", "24", "30"} {
				path := "tv?lang=" + lang + "&show=" + show + "&rows=" + rows
				if err := chromedp.Do(ctx, chromedp.Navigate(base+path)); err != nil {
					t.Fatal(err)
				}
				bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](check))
				if err != nil {
					t.Fatal(err)
				}
				if bad != "" {
					t.Errorf("/%s:\n%s", path, bad)
				}
			}
		}
	}
}

// TestServeSeasonBrowser: serve --season shows the season's table over a league's folder and
// tonight's event, and a save of tonight's event updates the open page without a reload:
// Alice's first gives her 60 (the published example), a last place 57.
func TestServeSeasonBrowser(t *testing.T) {
	club := filepath.Join("..", "..", "testdata", "season", "club")
	league, tonight := t.TempDir(), filepath.Join(t.TempDir(), "tonight.csv")
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"2026-01-club.csv", "2026-02-club.csv", "2026-03-club.csv", "2026-04-club.csv"} {
		copyFile(filepath.Join(club, n), filepath.Join(league, n))
	}
	copyFile(filepath.Join(club, "2026-05-club.csv"), tonight)
	base := startServe(t, tonight, "--season", league, "--places", "15,12,10,8,6,4", "--best", "4")
	ctx := newBrowser(t)
	dialogs := watchDialogs(t, ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(412, 860, chromedp.EmulateMobile), chromedp.Navigate(base+"season")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "h1"); got != "Season standings" {
		t.Errorf("/season h1: %q", got)
	}
	const alice = `[...document.querySelectorAll("tbody tr")].find(r => r.innerText.includes("Alice")).cells[2].innerText`
	if got, err := chromedp.Run(ctx, chromedp.Evaluate[string](alice)); err != nil || got != "60" {
		t.Errorf("Alice has %q (%v), want 60", got, err)
	}
	screenshot(t, ctx, "serve-season")
	waitFor(t, ctx, "the live stream", `!document.querySelector(".live-mark").hidden`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	last := "Round,Table,Player 1,Player 2,Result\n1,1,Bob,Alice,2-0\n1,2,Dave,Caroll,2-1\n2,1,Bob,Dave,2-1\n" +
		"2,2,Caroll,Alice,2-0\n3,1,Bob,Caroll,2-0\n3,2,Dave,Alice,2-1\n"
	if err := os.WriteFile(tonight, []byte(last), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the season after the save", alice+` === "57" && window.notReloaded === true`)
	if dialogs.Load() > 0 {
		t.Errorf("%d dialogs opened", dialogs.Load())
	}
}
