package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestCacheCarriesNoQuery: a page kept for every reader of a save carries nothing of the
// request that made it. The first reader's ?q=, ?rows=, ?page=, ?show= (a 15 KB search
// among them) must not reach the next reader's language links, nor make every page larger.
func TestCacheCarriesNoQuery(t *testing.T) {
	big := strings.Repeat("poison", 2500)
	attack := "?q=" + big + "&rows=12&page=3&show=pairings"
	for _, path := range []string{"/", "/standings", "/pairings", "/scenarios", "/nosuch"} {
		t.Run(path, func(t *testing.T) {
			clean := newTestServer(t, Config{}).Handler()
			_, want := get(t, clean, "GET", path)
			h := newTestServer(t, Config{}).Handler()
			get(t, h, "GET", path+attack)
			_, got := get(t, h, "GET", path)
			if strings.Contains(got, "poison") || strings.Contains(got, "rows=") || strings.Contains(got, "show=") {
				t.Errorf("%s after a request with %s… carries its query", path, attack[:20])
			}
			if len(got) != len(want) {
				t.Errorf("%s is %d bytes after a request with a 15 KB query, %d before", path, len(got), len(want))
			}
		})
	}
	t.Run("search", func(t *testing.T) {
		h := newTestServer(t, Config{}).Handler()
		_, body := get(t, h, "GET", "/?q="+big)
		if strings.Contains(body, strings.Repeat("poison", maxQuery/len("poison")+1)) {
			t.Errorf("a 15 KB search is shown or linked beyond its first %d characters", maxQuery)
		}
	})
	t.Run("before the first save", func(t *testing.T) {
		h := New(Config{}).Handler()
		get(t, h, "GET", "/?q=poison")
		if _, body := get(t, h, "GET", "/"); strings.Contains(body, "poison") {
			t.Error("the find page before the first save shows the first reader's search to the next")
		}
	})
	t.Run("tv", func(t *testing.T) {
		h := newTestServer(t, Config{}).Handler()
		get(t, h, "GET", "/tv?page=1000001&rows=13")
		_, body := get(t, h, "GET", "/tv?rows=12")
		if strings.Contains(body, "1000001") {
			t.Error("the TV page carries the first reader's page number to the next")
		}
	})
}

// runServer runs s on a loopback port until the test ends and returns its address.
func runServer(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return ln.Addr().String()
}

// rawRequest sends req as it is over a new connection to addr and returns the response's
// status code.
func rawRequest(t *testing.T, addr, req string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(req, " ") // a HEAD's response has no body to wait for
	res, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestMethods: the server is read-only, "OPTIONS *" included (net/http answers it 200 by
// itself unless told not to).
func TestMethods(t *testing.T) {
	addr := runServer(t, newTestServer(t, Config{}))
	for _, tc := range []struct {
		req  string
		want int
	}{
		{"OPTIONS * HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", http.StatusMethodNotAllowed},
		{"OPTIONS / HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", http.StatusMethodNotAllowed},
		{"POST / HTTP/1.1\r\nHost: " + addr + "\r\nContent-Length: 0\r\n\r\n", http.StatusMethodNotAllowed},
		{"TRACE / HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", http.StatusMethodNotAllowed},
		{"GET / HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", http.StatusOK},
		{"HEAD /standings HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", http.StatusOK},
	} {
		if got := rawRequest(t, addr, tc.req); got != tc.want {
			t.Errorf("%q: %d, want %d", strings.SplitN(tc.req, "\r\n", 2)[0], got, tc.want)
		}
	}
}

// TestHost: a page answers only the addresses the server prints and localhost; another name
// (a DNS-rebinding page at attacker.example, which the browser lets read what it fetches
// from "its own" site) is refused.
func TestHost(t *testing.T) {
	addr := runServer(t, newTestServer(t, Config{}))
	_, port, _ := net.SplitHostPort(addr)
	for _, tc := range []struct {
		host string
		want int
	}{
		{addr, http.StatusOK},
		{"localhost:" + port, http.StatusOK},
		{"LocalHost", http.StatusOK},
		{"127.0.0.1", http.StatusOK},
		{"[::1]:" + port, http.StatusOK},
		{"attacker.example", http.StatusMisdirectedRequest},
		{"attacker.example:" + port, http.StatusMisdirectedRequest},
		{"localhost.attacker.example:" + port, http.StatusMisdirectedRequest},
		{"8.8.8.8:" + port, http.StatusMisdirectedRequest},
	} {
		for _, path := range []string{"/", "/events", "/style.css"} {
			req := "GET " + path + " HTTP/1.1\r\nHost: " + tc.host + "\r\nConnection: close\r\n\r\n"
			if path == "/events" && tc.want == http.StatusOK {
				continue // a stream: its status is tested by TestLive
			}
			if got := rawRequest(t, addr, req); got != tc.want {
				t.Errorf("GET %s with Host %s: %d, want %d", path, tc.host, got, tc.want)
			}
		}
	}
	for _, ip := range interfaceIPs() {
		host := net.JoinHostPort(ip.String(), port)
		if got := rawRequest(t, addr, "GET / HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n"); got != http.StatusOK {
			t.Errorf("GET / with Host %s (an address of this computer's): %d, want 200", host, got)
		}
	}
}

// dialFrom opens a connection to addr from the loopback address from (127.0.0.2…: another
// machine of the venue's network, as the connection limiter counts it).
func dialFrom(from, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	return d.Dial("tcp", addr)
}

// fetch GETs / over a new connection from the address from and returns how long the page
// took, or an error.
func fetch(from, addr string) (time.Duration, error) {
	start := time.Now()
	c, err := dialFrom(from, addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n"); err != nil {
		return 0, err
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s", res.Status)
	}
	return time.Since(start), nil
}

// TestShedUnderAttack: eight machines of the venue's network (127.0.0.2–9 on the loopback)
// fill the server's connections, each with its share: idle keep-alive connections, headers
// sent a byte at a time (slowloris), connections that send nothing. A phone (127.0.0.20) and
// this computer's own browser (127.0.0.1) must still get the page at once: within ten times
// what it takes without the attack, measured in the same run, and half a second.
func TestShedUnderAttack(t *testing.T) {
	s := newTestServer(t, Config{MaxLive: 8}) // 80 connections, 16 an address
	s.exempt = func(ip netip.Addr) bool { return ip == netip.MustParseAddr("127.0.0.1") }
	addr := runServer(t, s)

	var base time.Duration
	for range 5 {
		d, err := fetch("127.0.0.20", addr)
		if err != nil {
			t.Fatalf("without an attack: %v", err)
		}
		base = max(base, d)
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer func() { close(stop); wg.Wait() }()
	share := addressShare(2*8 + 64)
	modes := []string{"idle", "slowloris", "silent"}
	var opened atomic.Int32
	for a := 2; a <= 9; a++ {
		from := "127.0.0." + strconv.Itoa(a)
		for k := range share {
			c, err := dialFrom(from, addr)
			if err != nil {
				t.Fatal(err)
			}
			opened.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				hold(c, addr, modes[k%len(modes)], stop)
			}()
		}
	}
	time.Sleep(300 * time.Millisecond) // every attacking connection accepted and in its state
	for _, from := range []string{"127.0.0.20", "127.0.0.1", "127.0.0.21"} {
		for range 3 {
			d, err := fetch(from, addr)
			if err != nil {
				t.Fatalf("a reader at %s under attack (%d connections held): %v", from, opened.Load(), err)
			}
			if limit := max(10*base, 500*time.Millisecond); d > limit {
				t.Errorf("a reader at %s under attack: %v, want under %v (%v without)", from, d, limit, base)
			}
		}
	}
}

// hold keeps a connection open as an attacker would until stop: idle after a whole request
// (keep-alive), sending its headers a byte every 100 ms, or sending nothing.
func hold(c net.Conn, addr, mode string, stop <-chan struct{}) {
	switch mode {
	case "idle":
		io.WriteString(c, "GET /style.css HTTP/1.1\r\nHost: "+addr+"\r\n\r\n")
		if res, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	case "slowloris":
		req := "GET / HTTP/1.1\r\nHost: " + addr + "\r\nX-Slow: " + strings.Repeat("x", 200)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := 0; i < len(req); i++ {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := c.Write([]byte{req[i]}); err != nil {
					return
				}
			}
		}
	}
	<-stop
}
