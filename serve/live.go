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
//
// The hub is capped, and shared fairly between the addresses it is reached from: when it is
// full, a newcomer takes the place of the oldest client of the address that holds the most,
// provided that address holds at least two more than the newcomer's would. A machine that
// opens live page after live page (or keeps them open and reads nothing) so only ever
// displaces itself, and one phone is never turned away for another's flood; among equals
// the newcomer is the one refused.
type hub struct {
	max int

	mu      sync.Mutex
	clients map[*liveClient]struct{}
	perAddr map[string]int
	joined  uint64        // clients ever joined: their order of arrival
	closed  chan struct{} // closed when the server stops: every live handler returns
	once    sync.Once
}

// liveClient is one open live page.
type liveClient struct {
	changed chan struct{} // one slot: the state changed since the client last wrote
	dropped chan struct{} // closed when a newcomer takes the client's place
	addr    string
	joined  uint64
}

func newHub(max int) *hub {
	return &hub{max: max, clients: map[*liveClient]struct{}{}, perAddr: map[string]int{},
		closed: make(chan struct{})}
}

// join adds a client from addr (the remote host); ok is false when the hub is full and no
// address holds more than its share.
func (h *hub) join(addr string) (c *liveClient, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.clients) >= h.max {
		old := h.displaced(addr)
		if old == nil {
			return nil, false
		}
		h.remove(old)
		close(old.dropped)
	}
	h.joined++
	c = &liveClient{changed: make(chan struct{}, 1), dropped: make(chan struct{}), addr: addr, joined: h.joined}
	h.clients[c] = struct{}{}
	h.perAddr[addr]++
	return c, true
}

// displaced picks the client a newcomer from addr replaces in a full hub: the oldest of the
// address holding the most, if it holds at least two more than addr would; else nil.
func (h *hub) displaced(addr string) *liveClient {
	most, n := "", 0
	for a, k := range h.perAddr {
		if k > n || (k == n && a < most) {
			most, n = a, k
		}
	}
	if n < h.perAddr[addr]+2 {
		return nil
	}
	var oldest *liveClient
	for c := range h.clients {
		if c.addr == most && (oldest == nil || c.joined < oldest.joined) {
			oldest = c
		}
	}
	return oldest
}

func (h *hub) leave(c *liveClient) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remove(c)
}

// remove takes c out of the hub, once; h.mu is held.
func (h *hub) remove(c *liveClient) {
	if _, ok := h.clients[c]; !ok {
		return
	}
	delete(h.clients, c)
	if h.perAddr[c.addr]--; h.perAddr[c.addr] == 0 {
		delete(h.perAddr, c.addr)
	}
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
	for c := range h.clients {
		select {
		case c.changed <- struct{}{}:
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
// full hub answers 503 (the page then stays as it loaded), and a client whose place a
// newcomer takes is closed (see hub).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead { // the headers of a stream that does not start
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		return
	}
	c, ok := s.hub.join(remoteHost(r))
	if !ok {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "too many live pages open", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.leave(c)
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
		case <-c.dropped:
			return
		case <-c.changed:
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

// remoteHost is the address a request comes from, without its port: the unit the live cap
// and the connection cap share out.
func remoteHost(r *http.Request) string { return hostOf(r.RemoteAddr) }
