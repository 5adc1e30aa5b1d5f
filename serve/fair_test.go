package serve

import (
	"errors"
	"net"
	"testing"
)

// TestHubShare: a full hub lets a newcomer in by closing the oldest live page of the address
// that holds the most, when it holds at least two more than the newcomer's would; among
// (near) equals the newcomer is refused.
func TestHubShare(t *testing.T) {
	h := newHub(3)
	var flood []*liveClient
	for range 3 {
		c, ok := h.join("10.0.0.66")
		if !ok {
			t.Fatal("a client refused below the cap")
		}
		flood = append(flood, c)
	}
	steps := []struct {
		addr    string
		ok      bool
		dropped int // flood clients closed by now: flood[:dropped]
	}{
		{"10.0.0.7", true, 1},   // 3 against 0: the flood's oldest goes
		{"10.0.0.66", false, 1}, // 2 against 2: refused
		{"10.0.0.7", false, 1},  // 2 against 1+1: refused
		{"10.0.0.8", true, 2},   // 2 against 0: the flood's next oldest goes
	}
	for i, st := range steps {
		_, ok := h.join(st.addr)
		if ok != st.ok {
			t.Fatalf("step %d (%s): joined %v, want %v", i+1, st.addr, ok, st.ok)
		}
		for k, c := range flood {
			select {
			case <-c.dropped:
				if k >= st.dropped {
					t.Fatalf("step %d: flood client %d closed", i+1, k)
				}
			default:
				if k < st.dropped {
					t.Fatalf("step %d: flood client %d still open", i+1, k)
				}
			}
		}
		if n := h.live(); n != 3 {
			t.Fatalf("step %d: %d live clients, want the cap 3", i+1, n)
		}
	}
	// A closed client leaving afterwards changes nothing.
	h.leave(flood[0])
	if n := h.live(); n != 3 {
		t.Errorf("a displaced client's leave counted again: %d live", n)
	}
}

// TestFairListener: past its share, an address's new connections are closed at once, its
// places come back as its connections close, and loopback is not capped.
func TestFairListener(t *testing.T) {
	fake := &fakeListener{}
	ln := newFairListener(fake, 2)
	for _, a := range []string{"10.0.0.66:1", "10.0.0.66:2", "10.0.0.66:3", "10.0.0.7:1", "127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"} {
		fake.queue = append(fake.queue, &fakeConn{remote: a})
	}
	var got []net.Conn
	for {
		c, err := ln.Accept()
		if err != nil {
			break
		}
		got = append(got, c)
	}
	var addrs []string
	for _, c := range got {
		addrs = append(addrs, c.RemoteAddr().String())
	}
	want := []string{"10.0.0.66:1", "10.0.0.66:2", "10.0.0.7:1", "127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"}
	if len(addrs) != len(want) {
		t.Fatalf("accepted %v, want %v", addrs, want)
	}
	for i := range want {
		if addrs[i] != want[i] {
			t.Fatalf("accepted %v, want %v", addrs, want)
		}
	}
	if !fake.all[2].closed {
		t.Error("the connection past the share was not closed")
	}
	got[0].Close()
	got[0].Close() // twice: one place back, not two
	fake.queue = append(fake.queue, &fakeConn{remote: "10.0.0.66:4"}, &fakeConn{remote: "10.0.0.66:5"})
	c, err := ln.Accept()
	if err != nil || c.RemoteAddr().String() != "10.0.0.66:4" {
		t.Fatalf("after a close: %v, %v", c, err)
	}
	if c, err := ln.Accept(); err == nil {
		t.Errorf("a closed connection gave back two places: accepted %v", c.RemoteAddr())
	}
}

type fakeListener struct {
	queue, all []*fakeConn
}

func (l *fakeListener) Accept() (net.Conn, error) {
	if len(l.queue) == 0 {
		return nil, errors.New("no more")
	}
	c := l.queue[0]
	l.queue = l.queue[1:]
	l.all = append(l.all, c)
	return c, nil
}
func (l *fakeListener) Close() error   { return nil }
func (l *fakeListener) Addr() net.Addr { return fakeAddr("127.0.0.1:8080") }

type fakeConn struct {
	net.Conn
	remote string
	closed bool
}

func (c *fakeConn) RemoteAddr() net.Addr { return fakeAddr(c.remote) }
func (c *fakeConn) Close() error         { c.closed = true; return nil }

type fakeAddr string

func (a fakeAddr) Network() string { return "tcp" }
func (a fakeAddr) String() string  { return string(a) }
