//go:build e2e

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// screenNames are a store event's names, of the lengths the TV must show whole.
var screenNames = []string{"Emma Johansson", "Liam O'Connor", "Sofia Rossi", "Noah Williams", "Olivia Martinez",
	"Lucas Schmidt", "Mia Rodriguez", "Ethan Brooks", "Ava Thompson", "Mason O'Neill", "Isabella Nguyen",
	"Logan Kowalski", "Charlotte Dubois", "Elijah Washington", "Amelia Fernandes", "James Patel", "Harper Kim",
	"Benjamin Carter", "Evelyn Fischer", "Alexander Rivera", "Abigail Murphy", "Henry Castillo", "Emily Johnson"}

// TestServeTVNamesWhole: the TV's pairings by name of a 23-player round, at 1920×1080 and
// the default rows, show every name whole (no "…" where a row has room), in two columns of
// 12 and 11 rows.
func TestServeTVNamesWhole(t *testing.T) {
	csv := []string{"Round,Table,Player 1,Player 2,Result"}
	for i := 0; i < 22; i += 2 {
		csv = append(csv, fmt.Sprintf("1,%d,%s,%s,2-1", i/2+1, screenNames[i], screenNames[i+1]))
	}
	csv = append(csv, "1,,"+screenNames[22]+",,BYE")
	for i := 1; i < 23; i += 2 {
		csv = append(csv, fmt.Sprintf("2,%d,%s,%s,", i/2+1, screenNames[i], screenNames[i+1]))
	}
	csv = append(csv, "2,,"+screenNames[0]+",,BYE")
	input := filepath.Join(t.TempDir(), "night.csv")
	if err := os.WriteFile(input, []byte(strings.Join(csv, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := startServe(t, input)
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(base+"tv?show=pairings")); err != nil {
		t.Fatal(err)
	}
	const check = `(() => {
		const bad = [];
		for (const td of document.querySelectorAll(".tv-columns td.name"))
			if (td.scrollWidth > td.clientWidth + 1) bad.push("cut: " + td.innerText);
		const rows = [...document.querySelectorAll(".tv-columns table")].map(t => t.tBodies[0].rows.length);
		if (rows.length !== 2 || Math.abs(rows[0] - rows[1]) > 1) bad.push("columns of " + rows.join(" and ") + " rows");
		return bad.join("\n");
	})()`
	bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](check))
	if err != nil {
		t.Fatal(err)
	}
	if bad != "" {
		t.Errorf("/tv:\n%s", bad)
	}
}

// TestServePhoneFits: on a phone held upright (360 and 390 px wide) the standings of a
// Magic store event and of a Pokémon cup fit the screen: no table scrolls sideways.
func TestServePhoneFits(t *testing.T) {
	ctx := newBrowser(t)
	const check = `(() => {
		const bad = [];
		if (document.documentElement.scrollWidth > innerWidth) bad.push("the page is wider than the screen");
		for (const s of document.querySelectorAll(".scroll"))
			if (s.scrollWidth > s.clientWidth + 1) bad.push("a table scrolls sideways: " + s.querySelector("tr").innerText);
		return bad.join("\n");
	})()`
	for _, sample := range []string{"fnm-store.xlsx", "pokemon-league-cup.tdf"} {
		base := startServe(t, filepath.Join("..", "..", "samples", sample))
		for _, width := range []int64{360, 390} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 844), chromedp.Navigate(base+"standings")); err != nil {
				t.Fatal(err)
			}
			bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](check))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s at %d px:\n%s", sample, width, bad)
			}
		}
	}
}
