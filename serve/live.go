package serve

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// hub keeps the live clients and tells each when the state changes. Telling never waits: a
// client has a channel of one slot that only says "changed" (the client reads what changed
// from the current state when it writes), so a client that is slow to write loses nothing
// and holds up nobody.
type hub struct {
	max int

	mu      sync.Mutex
	clients map[chan struct{}]struct{}
	closed  chan struct{} // closed when the server stops: every live handler returns
	once    sync.Once
}

func newHub(max int) *hub {
	return &hub{max: max, clients: map[chan struct{}]struct{}{}, closed: make(chan struct{})}
}

// join adds a client; ok is false when the hub is full.
func (h *hub) join() (ch chan struct{}, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.clients) >= h.max {
		return nil, false
	}
	ch = make(chan struct{}, 1)
	h.clients[ch] = struct{}{}
	return ch, true
}

func (h *hub) leave(ch chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, ch)
}

// live counts the clients connected.
func (h *hub) live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// notify tells every client that the state changed; a client already told is left as it is.
func (h *hub) notify() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.clients {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// close ends every live connection, for the server's shutdown.
func (h *hub) close() { h.once.Do(func() { close(h.closed) }) }

// liveWrite is how long one write to a live client may take before the client counts as
// gone and its connection is closed: a phone on bad Wi-Fi costs one goroutine for that
// long, and nobody else anything.
const liveWrite = 10 * time.Second

// events streams the state's seq to a live page: once at once, then at every change, and a
// comment every heartbeat so that a dead connection is found and proxies keep it open. A
// full hub answers 503: the page then stays as it loaded.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead { // the headers of a stream that does not start
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		return
	}
	ch, ok := s.hub.join()
	if !ok {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "too many live pages open", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.leave(ch)
	rc := http.NewResponseController(w)
	// The request is read: the rest of the connection's life is writes.
	rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	send := func(format string, args ...any) bool {
		if rc.SetWriteDeadline(time.Now().Add(s.liveWrite)) != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// retry: how long a page waits before it reconnects after the connection drops.
	if !send("retry: 3000\ndata: %s\n\n", strconv.FormatUint(s.cur.Load().seq, 10)) {
		return
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.closed:
			return
		case <-ch:
			if !send("data: %s\n\n", strconv.FormatUint(s.cur.Load().seq, 10)) {
				return
			}
		case <-beat.C:
			if !send(": ping\n\n") {
				return
			}
		}
	}
}
