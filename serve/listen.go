package serve

import (
	"net"
	"sync"
)

// fairListener caps the connections one address holds at once. Past its share, a new
// connection from that address is closed as soon as it is accepted, so that one machine on
// the venue's network (a flood, or headers sent a byte at a time) cannot take every
// connection the server allows from the rest of the room. This computer's own addresses
// (loopback: a TV plugged into the laptop, the organizer's browser) are not capped.
type fairListener struct {
	net.Listener
	share int

	mu   sync.Mutex
	open map[string]int
}

func newFairListener(ln net.Listener, share int) *fairListener {
	return &fairListener{Listener: ln, share: share, open: map[string]int{}}
}

// Accept returns the next connection whose address is within its share.
func (l *fairListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := hostOf(c.RemoteAddr().String())
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			return c, nil
		}
		l.mu.Lock()
		over := l.open[host] >= l.share
		if !over {
			l.open[host]++
		}
		l.mu.Unlock()
		if over {
			c.Close()
			continue
		}
		return &fairConn{Conn: c, l: l, host: host}, nil
	}
}

// release gives host's connection back.
func (l *fairListener) release(host string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host]--; l.open[host] <= 0 {
		delete(l.open, host)
	}
}

// fairConn gives its place back to the listener when it closes (once, however often it is
// closed).
type fairConn struct {
	net.Conn
	l    *fairListener
	host string
	once sync.Once
}

func (c *fairConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.host) })
	return err
}

// hostOf is an address ("192.168.1.7:52044") without its port.
func hostOf(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}
