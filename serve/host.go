package serve

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// hostGuard answers a request only when its Host names this server: localhost, a loopback
// address, or one of this computer's own addresses (those URLs prints). Any other name is
// refused with 421: a page on attacker.example whose name the attacker then points at the
// venue's laptop (DNS rebinding) would otherwise read the pages as its own site's. A name
// of this computer's other than localhost (laptop.local) is refused too: the pages are
// opened at the address serve prints.
type hostGuard struct {
	next http.Handler

	mu     sync.Mutex
	local  map[netip.Addr]bool // this computer's addresses, when last looked up
	looked time.Time
}

// interfaceLookup is how often, at most, a Host that names none of this computer's known
// addresses makes hostGuard look them up again (a laptop that moved to another network).
const interfaceLookup = 10 * time.Second

func newHostGuard(next http.Handler) *hostGuard { return &hostGuard{next: next} }

func (g *hostGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !g.allowed(r.Host) {
		w.Header().Set("Connection", "close")
		http.Error(w, "misdirected request: open the address tbsheet serve printed", http.StatusMisdirectedRequest)
		return
	}
	g.next.ServeHTTP(w, r)
}

// allowed reports whether host (a request's Host: "192.168.1.20:8080", "[::1]:8080",
// "localhost") names this server. An empty Host (HTTP/1.0) names nothing else either.
func (g *hostGuard) allowed(host string) bool {
	if host == "" {
		return true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || ip.Zone() != "" {
		return false
	}
	ip = ip.Unmap()
	if ip.IsLoopback() {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.local[ip] && time.Since(g.looked) >= interfaceLookup {
		g.local = map[netip.Addr]bool{}
		for _, a := range interfaceIPs() {
			g.local[a] = true
		}
		g.looked = time.Now()
	}
	return g.local[ip]
}

// interfaceIPs returns the addresses of this computer's network interfaces.
func interfaceIPs() []netip.Addr {
	var ips []netip.Addr
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			if ip, ok := netip.AddrFromSlice(n.IP); ok {
				ips = append(ips, ip.Unmap())
			}
		}
	}
	return ips
}
