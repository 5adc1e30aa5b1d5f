package serve

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed assets/style.css
var styleCSS []byte

//go:embed assets/live.js
var liveJS []byte

// pageNames are the pages, each a template of its own over layout.html.
var pageNames = []string{"find", "pairings", "standings", "bracket", "scenarios", "season", "tv", "missing"}

// templates returns each page's template, parsed once when a page is first rendered (not
// at start-up: every other command of the binary, a one-shot standings run included, would
// pay for it): a bad template is a bug caught by the first test.
var templates = sync.OnceValue(func() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, name := range pageNames {
		t := template.New(name).Funcs(template.FuncMap{"inc": func(i int) int { return i + 1 }})
		out[name] = template.Must(t.ParseFS(templateFiles, "templates/layout.html", "templates/cells.html", "templates/"+name+".html"))
	}
	return out
})

// Handler returns the server's handler: the pages, the live stream and the two assets, for
// GET and HEAD; any other path is "no such page", any other method refused.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.findPage)
	mux.HandleFunc("GET /pairings", s.listPage("/pairings", "pairings"))
	mux.HandleFunc("GET /standings", s.listPage("/standings", "standings"))
	mux.HandleFunc("GET /bracket", s.listPage("/bracket", "bracket"))
	mux.HandleFunc("GET /tv", s.tvPage)
	if s.cfg.Scenarios {
		mux.HandleFunc("GET /scenarios", s.listPage("/scenarios", "scenarios"))
	}
	if s.cfg.Season {
		mux.HandleFunc("GET /season", s.seasonPage)
	}
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /style.css", asset("text/css; charset=utf-8", styleCSS))
	mux.HandleFunc("GET /live.js", asset("text/javascript; charset=utf-8", liveJS))
	mux.HandleFunc("/", s.missingPage)
	return guard(mux)
}

// contentPolicy lets a page load its own style sheet and script and talk to its own
// server, and nothing else: no inline script, no other site, no frame around it.
const contentPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// guard sets what every response carries and refuses what no page takes: a method other
// than GET and HEAD, a request with a body. Each response gets its write deadline (a live
// one renews it).
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
		// A bug met making a page (a panic) answers 500 to its reader alone: the server,
		// the other pages and the recompute go on. A page is written whole once made, so
		// nothing of it has been sent yet.
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				http.Error(w, internalError, http.StatusInternalServerError)
			}
		}()
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "read-only: only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		if r.ContentLength != 0 {
			http.Error(w, "a request to this server has no body", http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 0)
		next.ServeHTTP(w, r)
	})
}

// asset serves an embedded file.
func asset(contentType string, body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(body)
	}
}

// page is what layout.html reads, with the page's own data in Body.
type page struct {
	Lang    string
	Title   string // of the window, and the page's heading
	Event   string // the event's title, after the page's in the window's (the browser tab's)
	Nav     []link
	Langs   []link
	Seq     uint64 // the state's, which the live script compares
	Waiting bool   // no good save yet
	Notice  string // a broken save: the results are being edited
	Updated string
	Refresh string // the TV's next page: a meta refresh, "" when its list fits on one
	TV      bool   // the TV's layout: no navigation, type sized to the screen
	Body    any

	query string // "lang=ja" when the language was chosen by a link
}

// link is a link of the navigation or the language list; Lang is the language of its text
// in the language list.
type link struct {
	Href, Text, Lang string
	Current          bool
}

// T returns the word for key in the page's language.
func (p *page) T(key string) string { return writer.Label(p.Lang, key) }

// F formats the word for key in the page's language.
func (p *page) F(key string, args ...any) string { return writer.Labelf(p.Lang, key, args...) }

// newPage starts the page at path for a request: its language, navigation and the state's
// notices.
func (s *Server) newPage(r *http.Request, st *state, path string) *page {
	lang, explicit := s.pageLang(r)
	p := &page{Lang: lang, Seq: st.seq, Waiting: st.snap == nil}
	if explicit {
		p.query = "lang=" + lang
	}
	for _, n := range []struct{ path, key string }{{"/", "web.find"}, {"/pairings", "web.pairings"},
		{"/standings", "standings"}, {"/bracket", "web.bracket"}, {"/scenarios", "web.scenarios"}, {"/season", "web.season"}, {"/tv", "web.tv"}} {
		if n.path == "/scenarios" && !s.cfg.Scenarios || n.path == "/bracket" && path != n.path && !st.hasBracket() ||
			n.path == "/season" && !s.cfg.Season {
			continue
		}
		p.Nav = append(p.Nav, link{Href: p.href(n.path, nil), Text: p.T(n.key), Current: n.path == path})
		if n.path == path {
			p.Title = p.T(n.key)
		}
	}
	p.carry(path, nil)
	if st.snap != nil {
		if len(st.snap.Divisions) > 0 {
			p.Event = writer.EventTitle(st.snap.Divisions[0].Standings, lang)
		}
		at := st.snap.At.Format("15:04:05")
		p.Updated = p.F("web.updated", at)
		if st.editing {
			p.Notice = p.F("web.editing", at)
		}
	}
	return p
}

// carry makes the language links lead to the page at path with keep: the parameters of the
// request the page reads, as it read them (a search cut to its length, the TV's page counted
// round). Nothing else of the request is carried: a page is kept for every reader of a save
// (see render), and one reader's query must not reach the others' links.
func (p *page) carry(path string, keep url.Values) {
	p.Langs = p.Langs[:0]
	for _, l := range i18n.Langs() {
		q := url.Values{}
		for k, vs := range keep {
			if len(vs) > 0 && vs[0] != "" {
				q.Set(k, vs[0])
			}
		}
		q.Set("lang", l)
		p.Langs = append(p.Langs, link{Href: path + "?" + q.Encode(), Text: i18n.Lang(l).Name(), Lang: l, Current: l == p.Lang})
	}
}

// Chosen is the language chosen by a link (?lang=), "" when the browser's own: the search
// form carries it on.
func (p *page) Chosen() string {
	if p.query == "" {
		return ""
	}
	return p.Lang
}

// href is a link to path with the query q and the page's chosen language.
func (p *page) href(path string, q url.Values) string {
	v := url.Values{}
	for k, vs := range q {
		v[k] = vs
	}
	if p.query != "" {
		v.Set("lang", p.Lang)
	}
	if len(v) == 0 {
		return path
	}
	return path + "?" + v.Encode()
}

// render writes a page. key, when not "", names the page among the state's cached ones: the
// same page in the same language is rendered once per state, whoever asks. A render waits
// for its turn among the renders in progress (Server.busy); past renderWait it gives up
// with 503.
func (s *Server) render(w http.ResponseWriter, r *http.Request, st *state, name, key string, p *page, status int) {
	do := func() ([]byte, error) {
		select {
		case s.busy <- struct{}{}:
			defer func() { <-s.busy }()
		case <-time.After(renderWait):
			return nil, errBusy
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
		var b bytes.Buffer
		err := templates()[name].ExecuteTemplate(&b, "layout.html", p)
		return b.Bytes(), err
	}
	var (
		body []byte
		err  error
	)
	if key != "" {
		body, err = st.page(key+"\x00"+p.Lang+"\x00"+p.query, do)
	} else {
		body, err = do()
	}
	if err != nil {
		if key != "" {
			st.pages.Delete(key + "\x00" + p.Lang + "\x00" + p.query) // the next reader tries again
		}
		if errors.Is(err, errPanicked) {
			http.Error(w, internalError, http.StatusInternalServerError)
			return
		}
		w.Header().Set("Retry-After", "5")
		http.Error(w, "busy, try again", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// errBusy is a render that waited too long for its turn; errPanicked one that panicked (a
// bug), met by the readers that waited for it.
var (
	errBusy     = errors.New("too many pages being rendered")
	errPanicked = errors.New("the page could not be made")
)

// internalError is what a reader sees of a bug met making a page.
const internalError = "Sorry: this page could not be made. Try another page, or this one again after the next save."

// listPage returns the handler of the page at path that lists every division's name list:
// "standings" (the tiebreak columns, the top-cut line, the legend), "pairings" (the round
// being played, by table and by name), "bracket" (the top cut) or "scenarios" (that round's
// scenarios).
func (s *Server) listPage(path, name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		st := s.cur.Load()
		p := s.newPage(r, st, path)
		p.Body = st.view(p.Lang, s.cfg.Writer).divisions
		s.render(w, r, st, name, name, p, http.StatusOK)
	}
}

// seasonPage shows the season's table (serve --season).
func (s *Server) seasonPage(w http.ResponseWriter, r *http.Request) {
	st := s.cur.Load()
	p := s.newPage(r, st, "/season")
	p.Body = st.view(p.Lang, s.cfg.Writer).season
	s.render(w, r, st, "season", "season", p, http.StatusOK)
}

// missingPage answers a path that is none of the pages.
func (s *Server) missingPage(w http.ResponseWriter, r *http.Request) {
	st := s.cur.Load()
	p := s.newPage(r, st, "")
	p.Title = p.T("web.not-found")
	s.render(w, r, st, "missing", "missing", p, http.StatusNotFound)
}
