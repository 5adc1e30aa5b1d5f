// Package serve shows the standings, the round's pairings and its scenarios as small web
// pages on the venue's network: the engine behind `tbsheet serve`. It knows no tiebreak and
// no input format: the command line computes a [Snapshot] on every save of the input (the
// watch machinery) and [Server.Publish]es it; the pages put it into words with the writer's
// screens (standingsheet.NewStandingsScreen, …) in the reader's language and lay them out with
// html/template.
//
// The pages are server-rendered HTML that works without JavaScript; a small script
// (live.js) listens to /events (Server-Sent Events) and, when the snapshot changes, fetches
// the page again and swaps its live part, so that open pages follow every save without a
// reload. A broken save keeps the last good snapshot on show with a notice
// ([Server.Broken]).
//
// The venue's network is not trusted, so the server is read-only and bounded: only the
// listed paths are served (nothing is read from disk: templates and assets are embedded),
// every text is escaped by html/template and names are isolated (<bdi>) and shown as
// tbsheet.Printable shows them, a Content-Security-Policy allows only the page's own script
// and style, requests have header and size limits and every connection deadlines, live
// connections are capped, and a slow client never holds up another or the recompute: each
// live client has a one-slot channel that only says "changed", and its writes have
// deadlines.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/tbsheet/tbsheet/writer"
)

// Config says how the pages are made and how much the server takes.
type Config struct {
	// Writer are the words' options: Lang is the language of a browser that asks for none
	// tbsheet speaks; Cut draws the top-cut line; ByName, ByFamily order the standings page
	// as on the wall.
	Writer writer.Options
	// Scenarios shows the scenarios page (the command line computes them with --cut).
	Scenarios bool
	// Season shows the season page (tbsheet serve --season: Snapshot.Season).
	Season bool
	// MaxLive caps the open live connections (/events); past it a page still loads but does
	// not update by itself. 0 means DefaultMaxLive; more than MaxLive means MaxLive.
	MaxLive int
	// Now gives the time the pages show; nil means time.Now (tests fix it).
	Now func() time.Time
}

// DefaultMaxLive is the cap on live connections a zero Config.MaxLive gives: every player of
// a large event with a phone and a laptop open.
const DefaultMaxLive = 1000

// MaxLive is the most live connections a Config may ask for: each costs a goroutine and a
// socket, and the connection cap is sized from it.
const MaxLive = 100_000

// The server's bounds: how long a client may take to send its request's headers, to send
// the rest, to read a page, to stay idle between requests; how large its headers may be; how
// often a live connection hears a keep-alive; how long a page may wait for its turn to be
// rendered.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 15 * time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10
	heartbeat         = 20 * time.Second
	renderWait        = 5 * time.Second
)

// Server serves the pages of the last snapshot published.
type Server struct {
	cfg  Config
	now  func() time.Time
	cur  atomic.Pointer[state] // what the pages show; replaced whole, never changed
	hub  *hub
	busy chan struct{} // one token per page being rendered: a flood of searches waits here
	// liveWrite is how long a write to a live client may take (liveWrite; tests shorten it).
	liveWrite time.Duration
	// exempt, when not nil, replaces the connection limiter's test of this computer's own
	// addresses (tests count 127.0.0.2… as the venue's).
	exempt func(netip.Addr) bool
}

// New returns a server that shows "the results are being read" until the first Publish.
func New(cfg Config) *Server {
	if cfg.MaxLive <= 0 {
		cfg.MaxLive = DefaultMaxLive
	}
	cfg.MaxLive = min(cfg.MaxLive, MaxLive)
	s := &Server{cfg: cfg, now: cfg.Now, hub: newHub(cfg.MaxLive), busy: make(chan struct{}, 2*runtime.GOMAXPROCS(0)),
		liveWrite: liveWrite}
	if s.now == nil {
		s.now = time.Now
	}
	// The numbers start from the clock, not 1: a page still open from an earlier run of
	// serve (stopped, then started again, maybe on another file) must see a number it has
	// not shown and fetch itself again.
	s.cur.Store(&state{seq: uint64(time.Now().UnixNano())})
	return s
}

// Publish puts a new snapshot on show (the results of a save that computed) and tells every
// open page. The snapshot must not change afterwards.
func (s *Server) Publish(snap *Snapshot) {
	s.swap(func(old *state) *state { return &state{seq: old.seq + 1, snap: snap} })
}

// Broken keeps the last good snapshot on show, with a notice that the results are being
// edited, until the next Publish: a save that could not be read (watch.Config.Broken). It
// never blocks.
func (s *Server) Broken(string) {
	s.swap(func(old *state) *state {
		if old.editing {
			return nil // already said
		}
		return &state{seq: old.seq + 1, snap: old.snap, editing: true}
	})
}

// swap replaces the state as next says (nil: no change) and tells the live clients.
func (s *Server) swap(next func(*state) *state) {
	for {
		old := s.cur.Load()
		n := next(old)
		if n == nil {
			return
		}
		if s.cur.CompareAndSwap(old, n) {
			s.hub.notify()
			return
		}
	}
}

// Run serves on ln until ctx is cancelled, then closes the live connections and stops.
// The connections are capped at the live connections and as many more for pages, one
// address (but this computer's) holding at most its share of them (addressShare); a
// newcomer never waits for a place but takes one that can give way (see connLimiter); every
// request has the deadlines above.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler: newHostGuard(s.Handler()),
		// "OPTIONS *" reaches the handler, which refuses it as every method but GET and HEAD.
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            readHeaderTimeout,
		ReadTimeout:                  readTimeout,
		// No WriteTimeout: a live connection lasts; each response sets its own write
		// deadline (see deadlines) and a live one renews it at every write.
		IdleTimeout:    idleTimeout,
		MaxHeaderBytes: maxHeaderBytes,
		ErrorLog:       log.New(io.Discard, "", 0), // a client's broken connection is no news for the organizer
		BaseContext:    func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	total := 2*s.cfg.MaxLive + 64
	lim := newConnLimiter(ln, total, addressShare(total))
	if s.exempt != nil {
		lim.exempt = s.exempt
	}
	srv.ConnState = lim.track
	go func() { done <- srv.Serve(lim) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.hub.close() // live connections end: Shutdown waits for handlers to return
	stop, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil {
		srv.Close()
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// addressShare is how many of the server's total connections one address may hold at once:
// an eighth, and at least 16 (a phone opens up to six at a time, a few phones may share an
// address behind a router).
func addressShare(total int) int { return max(16, total/8) }
