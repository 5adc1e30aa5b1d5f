package serve

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
)

// newTestServer returns a server showing testEvent with a top 4.
func newTestServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	cfg.Writer.Cut = 4
	cfg.Scenarios = true
	s := New(cfg)
	s.Publish(snapshotOf(t, testEvent(), 4))
	return s
}

// get requests path from h with the headers given ("Accept-Language", "ja") and returns the
// response and its body.
func get(t *testing.T, h http.Handler, method, path string, headers ...string) (*http.Response, string) {
	t.Helper()
	r := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestPages: every page answers with what it is for, in HTML that needs no script.
func TestPages(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, tc := range []struct {
		path, want string
		status     int
	}{
		{"/", `name="q"`, 200},
		{"/?q=lukasz", "Round 2: Table", 200},
		{"/pairings", "Round 2 pairings", 200},
		{"/pairings", "by name", 200},
		{"/standings", "Standings after round 1", 200},
		{"/standings", `class="cut"`, 200},
		{"/standings", "OMW%", 200},
		{"/scenarios", "Round 2 scenarios", 200},
		{"/tv", `class="tv-columns rows-16"`, 200},
		{"/style.css", "body", 200},
		{"/live.js", "EventSource", 200},
	} {
		res, body := get(t, h, "GET", tc.path)
		if res.StatusCode != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("GET %s: %d, want %d with %q in\n%s", tc.path, res.StatusCode, tc.status, tc.want, body)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
}

// TestBracketPage: once the top cut begins, the navigation links /bracket, which shows it
// (names as text), the standings keep the Swiss ranks under their title, and Find me gives a
// player of the cut his table; before it, /bracket says it has not begun.
func TestBracketPage(t *testing.T) {
	before := newTestServer(t, Config{}).Handler()
	if _, body := get(t, before, "GET", "/standings"); strings.Contains(body, `href="/bracket"`) {
		t.Error("the navigation links the bracket before the top cut")
	}
	if res, body := get(t, before, "GET", "/bracket"); res.StatusCode != 200 || !strings.Contains(body, "The top cut has not begun.") {
		t.Errorf("GET /bracket before the cut: %d\n%s", res.StatusCode, body)
	}
	s := New(Config{})
	s.Publish(snapshotOf(t, cutEvent(), 0))
	h := s.Handler()
	_, body := get(t, h, "GET", "/bracket")
	for _, want := range []string{`href="/bracket"`, "Top 4 bracket", "Semifinals", "Final", "Table 1", "Table 2",
		html.EscapeString(scriptName), "<bdi>"} {
		if !strings.Contains(body, want) {
			t.Errorf("/bracket lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, scriptName) {
		t.Error("/bracket shows a name as markup")
	}
	if _, body := get(t, h, "GET", "/standings"); !strings.Contains(body, "Standings after the Swiss · Top 4 in progress") {
		t.Errorf("/standings:\n%s", body)
	}
	if _, body := get(t, h, "GET", "/?q=lukasz", "Accept-Language", "ja"); !strings.Contains(body, "準決勝：テーブル") {
		t.Errorf("Find me, ja:\n%s", body)
	}
}

// TestNotFound: only the pages are served; no path reaches anything else, and no method but
// GET and HEAD changes anything.
func TestNotFound(t *testing.T) {
	h := New(Config{}).Handler() // no --cut: no scenarios page
	for _, path := range []string{"/x", "/scenarios", "/standings/", "/style.css/x", "/templates/layout.html",
		"/assets/style.css", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/go.mod", "/index.html", "/events/1"} {
		res, body := get(t, h, "GET", path)
		if res.StatusCode != http.StatusNotFound || !strings.Contains(body, "There is no such page.") {
			t.Errorf("GET %s: %d\n%s", path, res.StatusCode, body)
		}
	}
	if res, body := get(t, h, "HEAD", "/events"); res.StatusCode != 200 || body != "" {
		t.Errorf("HEAD /events: %d %q, want the headers alone", res.StatusCode, body)
	}
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH"} {
		if res, _ := get(t, h, method, "/"); res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s /: %d, want 405", method, res.StatusCode)
		}
	}
	r := httptest.NewRequest("GET", "/", strings.NewReader("x"))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("GET / with a body: %d, want 413", w.Code)
	}
}

// TestEscaping: a name made of markup, or with bidirectional overrides, shows as text on
// every page, in every language; so does the event's name.
func TestEscaping(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, path := range []string{"/", "/?q=script", "/?q=" + strings.ReplaceAll(scriptName, "<", "%3C"), "/?q=eve",
		"/pairings", "/standings", "/scenarios", "/tv", "/tv?show=standings", "/?q=a&lang=ja", "/?q=%E2%80%AEzz%E2%80%AC%00"} {
		_, body := get(t, h, "GET", path)
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "<b>Open") {
			t.Errorf("GET %s: markup from the input is not escaped:\n%s", path, body)
		}
		if strings.ContainsAny(body, "\u202E\u202C") {
			t.Errorf("GET %s: a bidirectional override reached the page", path)
		}
		if path != "/" && !strings.Contains(path, "eve") && !strings.Contains(path, "zz") && !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Errorf("GET %s: the name %q is not shown as text:\n%s", path, scriptName, body)
		}
	}
	_, body := get(t, h, "GET", "/?q=eve")
	if want := "Eve \uFFFDgnirts\uFFFD Mallory"; !strings.Contains(body, want) {
		t.Errorf("/?q=eve: want %q shown as text in\n%s", want, body)
	}
	_, body = get(t, h, "GET", "/?q=%22%3E%3Cimg")
	if !strings.Contains(body, `value="&#34;&gt;&lt;img"`) {
		t.Errorf("the search is not escaped in its field:\n%s", body)
	}
}

// TestFind: a search ignores case, accents and the width of CJK forms, finds CJK names by
// any part, answers a name nobody has, and caps what it lists.
func TestFind(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, tc := range []struct{ q, want, opponent string }{
		{"lukasz", "Łukasz Żółć", "Ｊｏｓé Ｌｏｐｅｚ"},
		{"ŻÓŁĆ", "Łukasz Żółć", "Ｊｏｓé Ｌｏｐｅｚ"},
		{"jose", "Ｊｏｓé Ｌｏｐｅｚ", "Łukasz Żółć"},
		{"ＬＯＰＥＺ", "Ｊｏｓé Ｌｏｐｅｚ", "Łukasz Żółć"},
		{"太郎", "山田 太郎", html.EscapeString(scriptName)},
		{"山田太郎", "山田 太郎", html.EscapeString(scriptName)},
		{"鈴木 さくら", "鈴木さくら", html.EscapeString(`Tom "T&T" O'Neil`)},
		{"zolc lukasz", "Łukasz Żółć", "Ｊｏｓé Ｌｏｐｅｚ"},
		{"o'neil tom", html.EscapeString(`Tom "T&T" O'Neil`), "鈴木さくら"},
		{"さくら", "鈴木さくら", html.EscapeString(`Tom "T&T" O'Neil`)},
		{"t&t", html.EscapeString(`Tom "T&T" O'Neil`), "鈴木さくら"},
	} {
		_, body := get(t, h, "GET", "/?q="+urlQuery(tc.q))
		if !strings.Contains(body, "<bdi>"+tc.want+"</bdi>") || !strings.Contains(body, `<bdi class="name">`+tc.opponent+"</bdi>") {
			t.Errorf("?q=%s: want %s against %s in\n%s", tc.q, tc.want, tc.opponent, body)
		}
	}
	_, body := get(t, h, "GET", "/?q=zzz")
	if !strings.Contains(body, "No player&#39;s name contains “zzz”.") {
		t.Errorf("?q=zzz: no answer for a name nobody has:\n%s", body)
	}
	// 30 players named alike: the first maxFound are listed, then how many more there are.
	ev := testEvent()
	for i := range 30 {
		ev.Players = append(ev.Players, tbsheet.Player{ID: "x" + strconv.Itoa(i), Name: "Same Name " + strconv.Itoa(i)})
		if i%2 == 1 {
			n := len(ev.Players)
			ev.Rounds[0].Matches = append(ev.Rounds[0].Matches, tbsheet.Match{Table: 5 + i/2, P1: n - 2, P2: n - 1, Result: tbsheet.Win})
		}
	}
	s := New(Config{})
	s.Publish(snapshotOf(t, ev, 0))
	_, body = get(t, s.Handler(), "GET", "/?q=same")
	if n := strings.Count(body, `<section class="found">`); n != maxFound || !strings.Contains(body, "10 more players match") {
		t.Errorf("?q=same: %d players listed, want %d and a count of the others\n%s", n, maxFound, body)
	}
}

// TestFindBye: a player with a bye this round is told so, with no table to go to.
func TestFindBye(t *testing.T) {
	ev := testEvent()
	ev.Players = append(ev.Players, tbsheet.Player{ID: "I", Name: "Odd One"})
	ev.Rounds[0].Matches = append(ev.Rounds[0].Matches, tbsheet.Match{P1: 8, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
	ev.Rounds[1].Matches = append(ev.Rounds[1].Matches, tbsheet.Match{P1: 8, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
	s := New(Config{})
	s.Publish(snapshotOf(t, ev, 0))
	for _, tc := range []struct{ lang, round, against string }{
		{"en", "Round 2</p>", `<p class="against">Bye</p>`},
		{"zh", "第2轮</p>", `<p class="against">轮空</p>`},
	} {
		_, body := get(t, s.Handler(), "GET", "/?q=odd&lang="+tc.lang)
		if !strings.Contains(body, `<p class="round">`+tc.round) || !strings.Contains(body, tc.against) || strings.Contains(body, "table-no") {
			t.Errorf("?q=odd&lang=%s: want %q and %q, no table, in\n%s", tc.lang, tc.round, tc.against, body)
		}
	}
}

func urlQuery(s string) string {
	return strings.NewReplacer("&", "%26", " ", "+", "#", "%23").Replace(s)
}

// TestLang: ?lang= first, then the browser's Accept-Language, then --lang; a language
// chosen by a link stays on the page's links and in its search.
func TestLang(t *testing.T) {
	h := newTestServer(t, Config{Writer: writer.Options{Lang: "zh"}}).Handler()
	for _, tc := range []struct{ path, accept, want, lang string }{
		{"/", "", "查找我", "zh"},
		{"/", "ja-JP,ja;q=0.9,en;q=0.8", "自分を探す", "ja"},
		{"/", "en-GB,en;q=0.9", "Find me", "en"},
		{"/", "fr-FR,de;q=0.5", "查找我", "zh"},
		{"/", "zh-TW", "查找我", "zh"},
		{"/?lang=ja", "en", "自分を探す", "ja"},
		{"/?lang=xx", "en", "Find me", "en"},
		{"/pairings?lang=en", "ja", "Round 2 pairings", "en"},
		{"/standings", "ja", "第1回戦", "ja"},
		{"/?q=lukasz", "ja", "第2回戦：テーブル", "ja"},
		{"/?q=lukasz", "zh", "第2轮：桌号", "zh"},
	} {
		_, body := get(t, h, "GET", tc.path, "Accept-Language", tc.accept)
		if !strings.Contains(body, tc.want) || !strings.Contains(body, `<html lang="`+tc.lang+`">`) {
			t.Errorf("GET %s (Accept-Language %q): want %q in %s\n%s", tc.path, tc.accept, tc.want, tc.lang, body)
		}
	}
	_, body := get(t, h, "GET", "/?lang=ja")
	if !strings.Contains(body, `href="/pairings?lang=ja"`) || !strings.Contains(body, `<input type="hidden" name="lang" value="ja">`) {
		t.Errorf("?lang=ja is not carried on:\n%s", body)
	}
}

// TestWaitingAndEditing: before the first good save the pages say the results are being
// read; a broken save keeps the last good results with a notice, until the next good one.
func TestWaitingAndEditing(t *testing.T) {
	s := New(Config{})
	h := s.Handler()
	for _, path := range []string{"/", "/?q=ana", "/pairings", "/standings", "/tv"} {
		if res, body := get(t, h, "GET", path); res.StatusCode != 200 || !strings.Contains(body, "The results are being read") {
			t.Errorf("GET %s before any save: %d\n%s", path, res.StatusCode, body)
		}
	}
	s.Publish(snapshotOf(t, testEvent(), 0))
	s.Broken("spring.xlsx")
	_, body := get(t, h, "GET", "/standings")
	if !strings.Contains(body, "Results are being edited: this page shows those of 14:30:00.") || !strings.Contains(body, "Ana Lima") {
		t.Errorf("a broken save: want the last good standings and the notice in\n%s", body)
	}
	s.Publish(snapshotOf(t, testEvent(), 0))
	if _, body := get(t, h, "GET", "/standings"); strings.Contains(body, "being edited") {
		t.Errorf("the notice stays after a good save")
	}
}

// TestTV: a long list is cut into pages, each with a refresh to the next, the last to the
// first; the top-cut line falls on its page.
func TestTV(t *testing.T) {
	ev := &tbsheet.Event{Name: "Big", Source: "big.xlsx", System: "mtg"}
	for i := range 50 {
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(i), Name: fmt.Sprintf("Player %02d", i)})
	}
	var r1 tbsheet.Round
	r1.Number = 1
	for i := 0; i < 50; i += 2 {
		r1.Matches = append(r1.Matches, tbsheet.Match{Table: i/2 + 1, P1: i, P2: i + 1, Result: tbsheet.Win})
	}
	ev.Rounds = []tbsheet.Round{r1}
	s := New(Config{Writer: writer.Options{Cut: 30}})
	s.Publish(snapshotOf(t, ev, 0))
	h := s.Handler()
	// 50 standings rows of 12 a page: 5 pages; the cut under row 30 is on page 3.
	for _, tc := range []struct {
		page, want, next string
		cut              bool
	}{
		{"0", "1 / 5", "page=1", false},
		{"2", "3 / 5", "page=3", true},
		{"4", "5 / 5", "page=5", false},
		{"5", "1 / 5", "page=1", false}, // round again
		{"-1", "5 / 5", "page=5", false},
		{"x", "1 / 5", "page=1", false},
	} {
		_, body := get(t, h, "GET", "/tv?show=standings&rows=12&page="+tc.page)
		if !strings.Contains(body, `<span class="page">`+tc.want+`</span>`) || !strings.Contains(body, `rows=12&amp;show=standings`) ||
			!strings.Contains(body, `<meta http-equiv="refresh" content="10;url=/tv?`+tc.next) {
			t.Errorf("/tv page %s: want %s and a refresh to %s in\n%s", tc.page, tc.want, tc.next, body)
		}
		if got := strings.Contains(body, `<tr class="cut">`); got != tc.cut {
			t.Errorf("/tv page %s: top-cut line %v, want %v", tc.page, got, tc.cut)
		}
		if n := strings.Count(body, "<bdi>Player "); n > 12 {
			t.Errorf("/tv page %s: %d rows, at most 12", tc.page, n)
		}
	}
	// One page: no refresh, but the TV's layout all the same (no navigation, large type).
	s = newTestServer(t, Config{})
	_, body := get(t, s.Handler(), "GET", "/tv")
	if strings.Contains(body, "http-equiv") || !strings.Contains(body, "Round 2 pairings — by name") ||
		!strings.Contains(body, `class="tv"`) || strings.Contains(body, "<nav>") {
		t.Errorf("/tv of 8 players:\n%s", body)
	}
}

// TestLive: an open /events stream hears the state's number at once and at every change:
// a good save, a broken one.
func TestLive(t *testing.T) {
	s := newTestServer(t, Config{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	res, err := http.Get(ts.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("Content-Type %q", ct)
	}
	lines := bufio.NewScanner(res.Body)
	next := func() string {
		for lines.Scan() {
			if d, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				return d
			}
		}
		t.Fatalf("the stream ended: %v", lines.Err())
		return ""
	}
	first := next()
	s.Publish(snapshotOf(t, testEvent(), 0))
	second := next()
	s.Broken("spring.xlsx")
	third := next()
	if first == second || second == third {
		t.Errorf("seq %s, %s, %s: each change must give a new one", first, second, third)
	}
	_, body := get(t, s.Handler(), "GET", "/")
	if !strings.Contains(body, `data-seq="`+third+`"`) {
		t.Errorf("the page does not carry the state's number %s", third)
	}
	// serve stopped and started again: its first save is news to a page still open from
	// the earlier run, which showed that run's first save.
	var seqs []string
	for range 2 {
		run := New(Config{})
		run.Publish(snapshotOf(t, testEvent(), 0))
		_, body := get(t, run.Handler(), "GET", "/")
		seqs = append(seqs, regexp.MustCompile(`data-seq="\d+"`).FindString(body))
	}
	if seqs[0] == "" || seqs[0] == seqs[1] {
		t.Errorf("two runs number their first save alike: %q", seqs)
	}
}

// TestLiveCap: past MaxLive, /events answers 503 at once (the page then stays as loaded),
// and a client that reads nothing never holds up the telling of the others.
func TestLiveCap(t *testing.T) {
	s := newTestServer(t, Config{MaxLive: 2})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	var open []*http.Response
	for range 2 {
		res, err := http.Get(ts.URL + "/events")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		open = append(open, res) // never read
	}
	for s.hub.live() < 2 {
		time.Sleep(time.Millisecond)
	}
	res, err := http.Get(ts.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a live page past the cap: %d, want 503", res.StatusCode)
	}
	for range 100 { // would block on the first client's full channel if telling waited
		s.Broken("x")
		s.Publish(snapshotOf(t, testEvent(), 0))
	}
	if res, _ := get(t, s.Handler(), "GET", "/"); res.StatusCode != 200 {
		t.Errorf("a page past the live cap: %d", res.StatusCode)
	}
	_ = open
}

// TestRunBounds: the server Run starts refuses headers that are too large, drops a client
// that never finishes its request, and stops its live streams when cancelled.
func TestRunBounds(t *testing.T) {
	s := newTestServer(t, Config{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	url := "http://" + ln.Addr().String()

	req, _ := http.NewRequest("GET", url+"/", nil)
	req.Header.Set("X-Big", strings.Repeat("x", 2*maxHeaderBytes))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("headers of %d bytes: %d, want 431", 2*maxHeaderBytes, res.StatusCode)
	}
	live, err := http.Get(url + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer live.Body.Close()
	cancel()
	if _, err := io.Copy(io.Discard, live.Body); err != nil {
		t.Logf("the live stream ended with %v", err)
	}
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestURLs: a listener on one address gives that address; one on every interface lists
// addresses, never an unspecified one.
func TestURLs(t *testing.T) {
	if got := URLs(&net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 8080}); len(got) != 1 || got[0] != "http://192.168.1.20:8080/" {
		t.Errorf("URLs(192.168.1.20:8080) = %v", got)
	}
	for _, u := range URLs(&net.TCPAddr{IP: net.IPv4zero, Port: 8080}) {
		if !strings.HasPrefix(u, "http://") || !strings.HasSuffix(u, ":8080/") || strings.Contains(u, "0.0.0.0") {
			t.Errorf("URLs(:8080) lists %q", u)
		}
	}
	qr, err := TextQR("http://192.168.1.20:8080/")
	if err != nil || strings.Count(qr, "\n") < 10 {
		t.Errorf("TextQR: %v\n%s", err, qr)
	}
}

// stalledWriter is a live client on a connection that takes nothing more after the first
// write: a phone gone out of Wi-Fi range. A write blocks until its deadline passes.
type stalledWriter struct {
	header   http.Header
	writes   int
	deadline time.Time
}

func (w *stalledWriter) Header() http.Header { return w.header }
func (w *stalledWriter) WriteHeader(int)     {}
func (w *stalledWriter) FlushError() error   { return nil }
func (w *stalledWriter) SetReadDeadline(time.Time) error {
	return nil
}

func (w *stalledWriter) SetWriteDeadline(t time.Time) error {
	w.deadline = t
	return nil
}

func (w *stalledWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes == 1 {
		return len(p), nil
	}
	time.Sleep(time.Until(w.deadline))
	return 0, os.ErrDeadlineExceeded
}

// TestLiveStalled: a live client whose writes stall is dropped at its write deadline, and
// while it stalls, saves are published without waiting for it.
func TestLiveStalled(t *testing.T) {
	s := newTestServer(t, Config{})
	s.liveWrite = 50 * time.Millisecond
	w := &stalledWriter{header: http.Header{}}
	done := make(chan struct{})
	go func() {
		s.events(w, httptest.NewRequest("GET", "/events", nil))
		close(done)
	}()
	for s.hub.live() < 1 {
		time.Sleep(time.Millisecond)
	}
	for range 100 {
		s.Broken("x")
		s.Publish(snapshotOf(t, testEvent(), 0))
	}
	<-done // the stalled write ends at its deadline, and with it the client
	if n := s.hub.live(); n != 0 {
		t.Errorf("%d live clients after the stalled one was dropped", n)
	}
}

// TestPanic: a bug met making a page (here a division without standings, on which the
// screens panic) answers 500 to each reader, never a blank page kept for the others, and
// the next good save is shown.
func TestPanic(t *testing.T) {
	s := New(Config{Scenarios: true})
	s.Publish(&Snapshot{Divisions: []Division{{}}})
	h := s.Handler()
	for range 2 { // the second reader must not get what the first left
		for _, path := range []string{"/standings", "/pairings", "/scenarios", "/tv", "/?q=ana"} {
			if res, body := get(t, h, "GET", path); res.StatusCode != http.StatusInternalServerError ||
				!strings.Contains(body, "could not be made") {
				t.Errorf("GET %s of a save whose pages panic: %d\n%s", path, res.StatusCode, body)
			}
		}
	}
	s.Publish(snapshotOf(t, testEvent(), 0))
	if res, body := get(t, h, "GET", "/standings"); res.StatusCode != 200 || !strings.Contains(body, "Ana Lima") {
		t.Errorf("the next good save: %d\n%s", res.StatusCode, body)
	}
}

// TestTextQR: the terminal's QR code is, module by module, the code of the address with its
// quiet zone, a light module drawn as ink (a block: light text on a dark terminal), two
// rows of modules to a line of half blocks.
func TestTextQR(t *testing.T) {
	const url = "http://192.168.1.20:8080/"
	text, err := TextQR(url)
	if err != nil {
		t.Fatal(err)
	}
	q, err := qrcode.New(url, qrcode.Low)
	if err != nil {
		t.Fatal(err)
	}
	dark := q.Bitmap() // true: a dark module; the quiet zone is included
	// light[y][x] is what the text draws as ink.
	var light [][]bool
	for line := range strings.Lines(text) {
		top, bottom := []bool{}, []bool{}
		for _, r := range strings.TrimRight(line, "\n") {
			top = append(top, r == '█' || r == '▀')
			bottom = append(bottom, r == '█' || r == '▄')
		}
		light = append(light, top, bottom)
	}
	if len(light) < len(dark) {
		t.Fatalf("%d rows of modules drawn, the code has %d", len(light), len(dark))
	}
	for y := range dark {
		if len(light[y]) != len(dark[y]) {
			t.Fatalf("row %d: %d modules drawn, want %d", y, len(light[y]), len(dark[y]))
		}
		for x := range dark[y] {
			if light[y][x] == dark[y][x] {
				t.Fatalf("module (%d, %d) drawn wrong:\n%s", x, y, text)
			}
		}
	}
}

// TestWindowTitle: a browser tab names the page and the event, escaped; before the first
// save, the page alone.
func TestWindowTitle(t *testing.T) {
	s := newTestServer(t, Config{})
	_, body := get(t, s.Handler(), "GET", "/standings")
	if want := "<title>Standings · Spring &lt;b&gt;Open&lt;/b&gt;</title>"; !strings.Contains(body, want) {
		t.Errorf("the window's title: want %s in\n%.400s", want, body)
	}
	_, body = get(t, New(Config{}).Handler(), "GET", "/standings")
	if !strings.Contains(body, "<title>Standings</title>") {
		t.Errorf("before the first save: %.400s", body)
	}
}

// TestFindAsTyped: a search finds a name however a phone types it (a curly apostrophe, no
// apostrophe at all), a name a letter off gets a suggestion, and a result already entered
// is shown.
func TestFindAsTyped(t *testing.T) {
	ev := testEvent()
	ev.Rounds[1].Matches[2].Result = tbsheet.Win // table 3: Łukasz Żółć (P1: 1) beat Ｊｏｓé Ｌｏｐｅｚ
	ev.Rounds[1].Matches[2].Games = tbsheet.Games{Known: true, P1: 2, P2: 1}
	s := New(Config{})
	s.Publish(snapshotOf(t, ev, 0))
	h := s.Handler()
	tom := "<bdi>" + html.EscapeString(`Tom "T&T" O'Neil`) + "</bdi>"
	for _, q := range []string{"O’Neil", "oneil", "o neil", "ONEIL"} {
		if _, body := get(t, h, "GET", "/?q="+urlQuery(q)); !strings.Contains(body, tom) {
			t.Errorf("?q=%s does not find O'Neil:\n%s", q, body)
		}
	}
	_, body := get(t, h, "GET", "/?q=lukasx")
	if !strings.Contains(body, "Did you mean") || !strings.Contains(body, "<bdi>Łukasz Żółć</bdi></a>") {
		t.Errorf("?q=lukasx: no suggestion of Łukasz Żółć:\n%s", body)
	}
	_, body = get(t, h, "GET", "/?q=lukasz")
	if !strings.Contains(body, "Result entered: <strong>2-1</strong>") {
		t.Errorf("?q=lukasz: the result entered is not shown:\n%s", body)
	}
	_, body = get(t, h, "GET", "/?q=lopez")
	if !strings.Contains(body, "Result entered: <strong>1-2</strong>") {
		t.Errorf("?q=lopez: the result entered is not shown from his side:\n%s", body)
	}
}

// TestTVBalancedAndMarked: a page the list does not fill shares its rows evenly between its
// columns (23 pairings by name: 12 and 11, not 16 and 7); the standings mark a dropped
// player as the wall does; a file of several divisions names the one shown in the title.
func TestTVBalancedAndMarked(t *testing.T) {
	ev := &tbsheet.Event{Name: "Night", Source: "n.csv", System: "mtg"}
	for i := range 24 {
		ev.Players = append(ev.Players, tbsheet.Player{ID: strconv.Itoa(i), Name: fmt.Sprintf("Player %02d", i)})
	}
	ev.Players[23].DroppedAfter = 1
	r1, r2 := tbsheet.Round{Number: 1}, tbsheet.Round{Number: 2}
	for i := 0; i < 24; i += 2 {
		r1.Matches = append(r1.Matches, tbsheet.Match{Table: i/2 + 1, P1: i, P2: i + 1, Result: tbsheet.Win})
	}
	for i := 0; i < 22; i += 2 {
		r2.Matches = append(r2.Matches, tbsheet.Match{Table: i/2 + 1, P1: i, P2: (i + 3) % 22, Result: tbsheet.Unreported})
	}
	r2.Matches = append(r2.Matches, tbsheet.Match{P1: 22, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
	ev.Rounds = []tbsheet.Round{r1, r2}
	s := New(Config{})
	s.Publish(snapshotOf(t, ev, 0))
	h := s.Handler()
	_, body := get(t, h, "GET", "/tv?show=pairings")
	var rows []int
	for _, table := range strings.Split(body, "<table>")[1:] {
		rows = append(rows, strings.Count(table, "<bdi>Player ")/2+strings.Count(table, "Bye"))
	}
	if len(rows) != 2 || rows[0]-rows[1] > 1 || rows[1] > rows[0] || rows[0]+rows[1] != 23 {
		t.Errorf("/tv: rows per column %v, want 12 and 11\n%s", rows, body)
	}
	for i := range ev.Rounds[1].Matches { // round 2 played: player 23 dropped after round 1
		if ev.Rounds[1].Matches[i].P2 != tbsheet.NoPlayer {
			ev.Rounds[1].Matches[i].Result = tbsheet.Win
		}
	}
	s.Publish(snapshotOf(t, ev, 0))
	_, body = get(t, h, "GET", "/tv?show=standings&rows=30")
	if !strings.Contains(body, `<tr class="dropped">`) || !strings.Contains(body, "<bdi>Player 23</bdi> <small>(drop R1)</small>") {
		t.Errorf("/tv?show=standings does not mark the dropped player:\n%s", body)
	}
	ev.Pod = "Masters"
	s = New(Config{})
	snap := snapshotOf(t, ev, 0)
	snap.Divisions = append(snap.Divisions, snap.Divisions[0]) // as a file of two divisions
	s.Publish(snap)
	_, body = get(t, s.Handler(), "GET", "/tv?show=standings")
	if !strings.Contains(body, `<h1><span class="division">Masters</span> · `) {
		t.Errorf("/tv of two divisions does not name the division in its title:\n%s", body)
	}
}
