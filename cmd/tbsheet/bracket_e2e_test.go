//go:build e2e

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestServeBracket: while the top cut is played, /bracket shows it in a real browser on a
// 1920×1080 screen (a column per round, each game between the two that lead to it) and on
// a phone (one round under the other, nothing cut off at the side); the standings keep the
// Swiss ranks under their title; a save that enters a result moves its winner on.
// go test -tags e2e ./cmd/tbsheet -run ServeBracket -update rewrites docs/serve-bracket.png.
func TestServeBracket(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "results.csv")
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "handkept", "topcut-sf.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, data, 0o644); err != nil {
		t.Fatal(err)
	}
	base := startServe(t, input)
	ctx := newBrowser(t)
	dialogs := watchDialogs(t, ctx)

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(base+"bracket")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "h1"); got != "Top 8 bracket" {
		t.Errorf("/bracket: h1 %q", got)
	}
	if got := text(t, ctx, "nav"); !strings.Contains(got, "Top cut") {
		t.Errorf("the navigation does not link the bracket: %q", got)
	}
	// Four columns side by side; the semifinals' first game halfway between the first two
	// quarterfinals; the second semifinal's table shown.
	layout, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const rounds = [...document.querySelectorAll(".bracket .round")];
		const mid = e => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
		const qf = rounds[0].querySelectorAll(".game"), sf = rounds[1].querySelectorAll(".game");
		return [rounds.length, new Set(rounds.map(r => r.getBoundingClientRect().top)).size,
			Math.abs(mid(sf[0]) - (mid(qf[0]) + mid(qf[1])) / 2), document.documentElement.scrollWidth - innerWidth];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if layout[0] != 4 || layout[1] != 1 || layout[2] > 2 || layout[3] > 0 {
		t.Errorf("1920×1080: %v columns on %v rows, the semifinal %vpx off the middle of its quarterfinals, %vpx too wide", layout[0], layout[1], layout[2], layout[3])
	}
	if got := text(t, ctx, ".bracket .round:nth-child(2) li:nth-child(2)"); !strings.Contains(got, "Table 2") ||
		!strings.Contains(got, "Mia Rodriguez") || !strings.Contains(got, "Liam Carter") {
		t.Errorf("the second semifinal: %q", got)
	}
	if got := text(t, ctx, ".bracket .round:nth-child(3) .game"); !strings.Contains(got, "Lucas Schmidt") {
		t.Errorf("the final: %q, want the first semifinal's winner", got)
	}
	screenshot(t, ctx, "serve-bracket")
	shoot(t, ctx, "bracket-1920")

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(base+"bracket")); err != nil {
		t.Fatal(err)
	}
	phone, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const rounds = [...document.querySelectorAll(".bracket .round")];
		return [new Set(rounds.map(r => r.getBoundingClientRect().left)).size, document.documentElement.scrollWidth - innerWidth];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if phone[0] != 1 || phone[1] > 0 {
		t.Errorf("390×844: rounds in %v columns, %vpx too wide", phone[0], phone[1])
	}
	shoot(t, ctx, "bracket-390")

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"standings")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "h1"); got != "Standings after the Swiss · Top 8 in progress" {
		t.Errorf("/standings: %q", got)
	}
	ranks, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("table.standings tbody tr td:first-child")].slice(0, 8).map(e => e.innerText).join(" ")`))
	if err != nil || ranks != "1 2 3 4 5 6 7 8" {
		t.Errorf("/standings: ranks %q, want the Swiss ranks 1 to 8 (%v)", ranks, err)
	}

	// The second semifinal's result: its winner goes to the final.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"bracket")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, []byte(strings.TrimSuffix(string(data), "\n")+"2-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the final after the save", `document.querySelector(".bracket .round:nth-child(3) .game").innerText.includes("Mia Rodriguez")`)
	if dialogs.Load() > 0 {
		t.Errorf("%d dialogs opened", dialogs.Load())
	}
}

// shoot writes the page as a PNG in $TBSHEET_SHOTS, when set, for a person to look at.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TBSHEET_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
