package serve

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// BenchmarkFind is find-me's speed goal: searches on a 4,096-player event while a round is
// played (sub-benchmark tbsheet, searches/s), against a plain net/http handler writing a page
// of the same size (plain): run both, -bench Find. The goal is 5,000 searches a second.
func BenchmarkFind(b *testing.B) {
	ev := swissgen.Generate(swissgen.Realistic(4096, 8, 1))
	last := &ev.Rounds[len(ev.Rounds)-1]
	last.Matches = slices.Clone(last.Matches)
	for i := range last.Matches {
		if last.Matches[i].P2 != tbsheet.NoPlayer {
			last.Matches[i].Result, last.Matches[i].Games = tbsheet.Unreported, tbsheet.Games{}
		}
	}
	s := New(Config{})
	s.Publish(snapshotOf(b, ev, 0))
	h := s.Handler()
	queries := make([]string, 64)
	for i := range queries {
		queries[i] = "/?q=" + urlQuery(ev.Players[i*61%len(ev.Players)].Name)
	}
	var size int
	b.Run("tbsheet", func(b *testing.B) {
		i := 0
		for b.Loop() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", queries[i%len(queries)], nil))
			size = w.Body.Len()
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "searches/s")
	})
	page := make([]byte, size)
	plain := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.URL.Query().Get("q")
		w.Header().Set("Content-Length", strconv.Itoa(len(page)))
		w.Write(page)
	})
	b.Run("plain", func(b *testing.B) {
		i := 0
		for b.Loop() {
			w := httptest.NewRecorder()
			plain.ServeHTTP(w, httptest.NewRequest("GET", queries[i%len(queries)], nil))
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "searches/s")
	})
}
