//go:build e2e

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestServeSeesApply: `tbsheet serve` on the organizer's workbook, its pairings page open in
// a real browser; `tbsheet pair --apply` writes round 5 into the workbook, and the open page
// shows round 5's pairings, table 1 as pair printed it, without a reload.
func TestServeSeesApply(t *testing.T) {
	dir := t.TempDir()
	base := startServe(t, copyInput(t, filepath.Join("..", "..", "samples", "fnm-store.xlsx"), dir, "results.xlsx"))
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"pairings")); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, "main"); strings.Contains(got, "Round 5") {
		t.Fatalf("the pairings page shows round 5 before it is paired: %q", got)
	}
	code, stdout, stderr := runAt(t, dir, "pair", "results.xlsx", "--apply", "--seed", "1", "--to", "json", "-q")
	if code != 0 {
		t.Fatalf("pair --apply: exit %d: %s", code, stderr)
	}
	var round struct {
		Tables []struct {
			Players []string `json:"players"`
		} `json:"tables"`
	}
	if err := json.Unmarshal([]byte(stdout), &round); err != nil || len(round.Tables) == 0 {
		t.Fatalf("pair's JSON: %v\n%s", err, stdout)
	}
	first := round.Tables[0].Players[0]
	waitFor(t, ctx, "round 5 on the open pairings page", fmt.Sprintf(
		`(document.querySelector("h1")||{innerText:""}).innerText.includes("Round 5 pairings") && document.querySelector("main").innerText.includes(%q)`, first))
}
