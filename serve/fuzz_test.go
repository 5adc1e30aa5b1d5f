package serve

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzHandler sends the pages any method, path, query, language and Host: none may panic or
// answer 5xx, and a query sent once never shows on a page asked for without one (a page
// kept for every reader carries none of the first reader's query).
func FuzzHandler(f *testing.F) {
	for _, seed := range [][4]string{
		{"GET", "/standings?page=2&rows=9", "ja", "localhost"},
		{"GET", "/?q=o%E2%80%99neill", "zh-CN,zh;q=0.9", "127.0.0.1:8080"},
		{"HEAD", "/tv?show=standings&lang=ja", "", "attacker.example"},
		{"OPTIONS", "*", "en", "localhost"},
		{"POST", "/pairings?by=name", "*", ""},
		{"GET", "/../../etc/passwd", "xx", "[::1]"},
		{"GET", "/find?q=" + strings.Repeat("a", 5000), "ja;q=0.1,en", "localhost"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3])
	}
	h := newTestServer(f, Config{}).Handler()
	f.Fuzz(func(t *testing.T, method, target, lang, host string) {
		const marker = "zqxmarker"
		if !validMethod(method) {
			method = "GET"
		}
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return
		}
		q := u.Query()
		q.Set("q", marker)
		u.RawQuery = q.Encode() + "&" + u.RawQuery
		r := httptest.NewRequest("GET", "/", nil)
		r.Method, r.URL, r.RequestURI, r.Host = method, u, u.RequestURI(), host
		r.Header.Set("Accept-Language", lang)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s %s (Host %q, Accept-Language %q): %d", method, u, host, lang, w.Code)
		}
		for _, page := range []string{"/", "/standings", "/pairings", "/tv", "/nowhere"} {
			res, body := get(t, h, "GET", page)
			if res.StatusCode >= 500 || strings.Contains(body, marker) {
				t.Fatalf("after %s %s: %s answers %d and holds the query: %v", method, u, page, res.StatusCode, strings.Contains(body, marker))
			}
		}
	})
}

// validMethod reports whether m is a method token a client could send.
func validMethod(m string) bool {
	if m == "" || len(m) > 16 {
		return false
	}
	for _, c := range m {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}
