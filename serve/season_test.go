package serve

import (
	"html"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/exact"
	"github.com/tbsheet/tbsheet/season"
)

// TestSeasonPage: with Config.Season the pages link to /season, which shows the season's
// table (a result not counted marked so); without it there is no such page.
func TestSeasonPage(t *testing.T) {
	snap := snapshotOf(t, testEvent(), 0)
	s, err := season.Compute([]season.Event{{Name: "Spring Open", Standings: snap.Divisions[0].Standings}},
		season.Options{Rules: season.Rules{Places: []exact.Num{exact.Int(15), exact.Int(12)}}})
	if err != nil {
		t.Fatal(err)
	}
	snap.Season = s
	srv := New(Config{Season: true})
	srv.Publish(snap)
	h := srv.Handler()
	res, body := get(t, h, "GET", "/season?lang=ja")
	if res.StatusCode != 200 || !strings.Contains(body, "シーズンランキング") || !strings.Contains(body, "1：Spring Open") {
		t.Errorf("/season: %d\n%s", res.StatusCode, body)
	}
	first := s.Players[s.Rows[0].Player].Name
	if !strings.Contains(body, "<bdi>"+html.EscapeString(first)+"</bdi></td><td class=\"num\">15</td>") {
		t.Errorf("/season does not rank %s first with 15 points:\n%s", first, body)
	}
	if _, body := get(t, h, "GET", "/standings"); !strings.Contains(body, `href="/season"`) {
		t.Errorf("/standings does not link to /season")
	}
	h = newTestServer(t, Config{}).Handler()
	if res, body := get(t, h, "GET", "/season"); res.StatusCode != 404 || strings.Contains(body, `href="/season"`) {
		t.Errorf("/season without a season: %d", res.StatusCode)
	}
}
