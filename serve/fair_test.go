package serve

import (
	"errors"
	"fmt"
	"net"
	"net/http"
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

// TestConnLimiter: a newcomer never waits. Past an address's share, that address's idle or
// half-open connection gives way, else the newcomer is closed; at the cap, the longest idle
// connection gives way, then the oldest half-open one, then the oldest of the address
// holding the most when it holds two more than the newcomer's; loopback is not counted.
func TestConnLimiter(t *testing.T) {
	type step struct {
		remote string
		state  http.ConnState // what the accepted connection then does
		closed []int          // the connections (by order of arrival, from 0) closed so far
	}
	tests := []struct {
		name         string
		total, share int
		steps        []step
	}{
		{"share: the newcomer refused when its address's connections are busy", 10, 2, []step{
			{"10.0.0.66:1", http.StateActive, nil},
			{"10.0.0.66:2", http.StateActive, nil},
			{"10.0.0.66:3", http.StateNew, []int{2}},
			{"10.0.0.7:1", http.StateActive, []int{2}},
		}},
		{"share: the address's idle connection gives way", 10, 2, []step{
			{"10.0.0.66:1", http.StateActive, nil},
			{"10.0.0.66:2", http.StateIdle, nil},
			{"10.0.0.66:3", http.StateActive, []int{1}},
		}},
		{"cap: idle first, then half-open, oldest first", 3, 3, []step{
			{"10.0.0.1:1", http.StateNew, nil},
			{"10.0.0.2:1", http.StateIdle, nil},
			{"10.0.0.3:1", http.StateNew, nil},
			{"10.0.0.4:1", http.StateActive, []int{1}},
			{"10.0.0.5:1", http.StateActive, []int{0, 1}},
			{"10.0.0.6:1", http.StateActive, []int{0, 1, 2}},
		}},
		{"cap: the busiest address gives way to a phone, not to itself", 4, 4, []step{
			{"10.0.0.66:1", http.StateActive, nil},
			{"10.0.0.66:2", http.StateActive, nil},
			{"10.0.0.66:3", http.StateActive, nil},
			{"10.0.0.7:1", http.StateActive, nil},
			{"10.0.0.66:4", http.StateActive, []int{4}},
			{"10.0.0.8:1", http.StateActive, []int{0, 4}},
			{"10.0.0.9:1", http.StateActive, []int{0, 1, 4}},
			{"10.0.0.10:1", http.StateActive, []int{0, 1, 4, 7}},
		}},
		{"loopback is neither counted nor shed", 2, 2, []step{
			{"10.0.0.1:1", http.StateIdle, nil},
			{"10.0.0.2:1", http.StateIdle, nil},
			{"127.0.0.1:1", http.StateIdle, nil},
			{"[::1]:1", http.StateIdle, nil},
			{"10.0.0.3:1", http.StateActive, []int{0}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &fakeListener{}
			l := newConnLimiter(fake, tt.total, tt.share)
			for i, st := range tt.steps {
				fake.queue = append(fake.queue, &fakeConn{remote: st.remote})
				c, err := l.Accept()
				if err == nil {
					l.track(c, st.state)
				}
				var closed []int
				for k, fc := range fake.all {
					if fc.closed {
						closed = append(closed, k)
					}
				}
				if fmt.Sprint(closed) != fmt.Sprint(st.closed) {
					t.Fatalf("after connection %d (%s): closed %v, want %v", i, st.remote, closed, st.closed)
				}
			}
		})
	}
}

// TestConnLimiterClose: a connection closed twice gives back one place.
func TestConnLimiterClose(t *testing.T) {
	fake := &fakeListener{queue: []*fakeConn{{remote: "10.0.0.1:1"}, {remote: "10.0.0.1:2"}}}
	l := newConnLimiter(fake, 10, 1)
	c, _ := l.Accept()
	l.track(c, http.StateActive)
	c.Close()
	c.Close()
	l.track(c, http.StateClosed)
	c2, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	l.track(c2, http.StateActive)
	fake.queue = append(fake.queue, &fakeConn{remote: "10.0.0.1:3"})
	if _, err := l.Accept(); err == nil || !fake.all[2].closed {
		t.Error("a connection closed twice gave back two places")
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
