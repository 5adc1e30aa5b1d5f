package serve

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
)

// connLimiter caps the connections the server holds, and never makes a newcomer wait for a
// place: when the cap is reached, or the newcomer's address holds its share, it sheds the
// connection that costs the room least to lose, and only when none may go is the newcomer
// closed. In that order it sheds:
//
//  1. an idle keep-alive connection, the longest idle first (the browser that kept it opens
//     another when it needs one);
//  2. a connection that has not sent a whole request yet (half-open: a phone between two
//     requests, or headers sent a byte at a time), the oldest first;
//  3. at the cap only, the oldest busy connection (a page being read, a live page) of the
//     address holding the most, when it holds at least two more than the newcomer's: one
//     machine on the venue's network holding connections open only ever displaces itself.
//
// So a flood, a slow client or a machine keeping connections open never locks a phone out,
// and a new reader always finds room. This computer's own addresses (loopback: the TV
// plugged into the laptop, the organizer's browser) are neither counted nor shed.
//
// The states come from http.Server.ConnState (connLimiter.track).
type connLimiter struct {
	net.Listener
	total, share int
	// exempt reports whether an address is this computer's (loopback); tests make other
	// loopback addresses count as the venue's.
	exempt func(netip.Addr) bool

	mu      sync.Mutex
	conns   map[*limitedConn]struct{} // the counted connections
	perAddr map[string]int
	tick    uint64 // orders arrivals and changes of state
}

func newConnLimiter(ln net.Listener, total, share int) *connLimiter {
	return &connLimiter{Listener: ln, total: total, share: share, exempt: netip.Addr.IsLoopback,
		conns: map[*limitedConn]struct{}{}, perAddr: map[string]int{}}
}

// limitedConn is one accepted connection; its fields but the first three are guarded by the
// limiter's mu.
type limitedConn struct {
	net.Conn
	l    *connLimiter
	host string

	counted bool
	state   http.ConnState
	since   uint64 // when it entered its state (l.tick)
	once    sync.Once
}

// Accept returns the next connection, having made room for it, or closes it when no
// connection may give way.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := hostOf(c.RemoteAddr().String())
		lc := &limitedConn{Conn: c, l: l, host: host}
		if ip, err := netip.ParseAddr(host); err == nil && l.exempt(ip.Unmap()) {
			return lc, nil
		}
		if victim, ok := l.admit(lc); ok {
			if victim != nil {
				victim.Conn.Close()
			}
			return lc, nil
		}
		c.Close()
	}
}

// admit counts c in, choosing the connection that gives way to it (nil: none needs to);
// ok is false when the room is full and none may give way.
func (l *connLimiter) admit(c *limitedConn) (victim *limitedConn, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.perAddr[c.host] >= l.share:
		victim = l.shed(func(v *limitedConn) bool { return v.host == c.host })
		if victim == nil {
			return nil, false
		}
	case len(l.conns) >= l.total:
		victim = l.shed(func(*limitedConn) bool { return true })
		if victim == nil {
			victim = l.busiest(c.host)
		}
		if victim == nil {
			return nil, false
		}
	}
	if victim != nil {
		l.remove(victim)
	}
	l.tick++
	c.counted, c.state, c.since = true, http.StateNew, l.tick
	l.conns[c] = struct{}{}
	l.perAddr[c.host]++
	return victim, true
}

// shed picks, among the connections of, the idle one longest idle, else the oldest that has
// not sent a whole request; nil when there is neither. l.mu is held.
func (l *connLimiter) shed(of func(*limitedConn) bool) *limitedConn {
	var idle, half *limitedConn
	for c := range l.conns {
		if !of(c) {
			continue
		}
		switch c.state {
		case http.StateIdle:
			if idle == nil || c.since < idle.since {
				idle = c
			}
		case http.StateNew:
			if half == nil || c.since < half.since {
				half = c
			}
		}
	}
	if idle != nil {
		return idle
	}
	return half
}

// busiest picks the oldest connection of the address holding the most, when it holds at
// least two more than host; else nil. l.mu is held.
func (l *connLimiter) busiest(host string) *limitedConn {
	most, n := "", 0
	for a, k := range l.perAddr {
		if k > n || (k == n && a < most) {
			most, n = a, k
		}
	}
	if n < l.perAddr[host]+2 {
		return nil
	}
	var oldest *limitedConn
	for c := range l.conns {
		if c.host == most && (oldest == nil || c.since < oldest.since) {
			oldest = c
		}
	}
	return oldest
}

// remove stops counting c, once. l.mu is held.
func (l *connLimiter) remove(c *limitedConn) {
	if !c.counted {
		return
	}
	c.counted = false
	delete(l.conns, c)
	if l.perAddr[c.host]--; l.perAddr[c.host] <= 0 {
		delete(l.perAddr, c.host)
	}
}

// track is the http.Server's ConnState hook: it records what each connection is doing.
func (l *connLimiter) track(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if st == http.StateClosed || st == http.StateHijacked {
		l.remove(c)
		return
	}
	l.tick++
	c.state, c.since = st, l.tick
}

// Close closes the connection and gives its place back (once, however often it is closed).
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.remove(c)
		c.l.mu.Unlock()
	})
	return err
}

// hostOf is an address ("192.168.1.7:52044") without its port.
func hostOf(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}
