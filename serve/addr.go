package serve

import (
	"net"
	"net/netip"
	"slices"
	"strconv"

	qrcode "github.com/skip2/go-qrcode"
)

// URLs returns the addresses to type in a browser to reach a server listening on addr:
// the address itself when it names one, else (a listener on every interface, ":8080") each
// of the machine's network addresses, the local network's (IPv4, private) first, then the
// others, then the loopback (which only this machine reaches).
func URLs(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return []string{"http://" + addr.String() + "/"}
	}
	port := tcp.Port
	if !tcp.IP.IsUnspecified() {
		return []string{"http://" + net.JoinHostPort(tcp.IP.String(), strconv.Itoa(port)) + "/"}
	}
	var ips []netip.Addr
	for _, ip := range interfaceIPs() {
		if tcp.IP.To4() != nil && !ip.Is4() || ip.IsLinkLocalUnicast() {
			continue // an IPv4 listener, or an address a phone cannot type
		}
		ips = append(ips, ip)
	}
	if len(ips) == 0 {
		ips = append(ips, netip.MustParseAddr("127.0.0.1"))
	}
	rank := func(ip netip.Addr) int {
		switch {
		case ip.IsLoopback():
			return 3
		case ip.Is4() && ip.IsPrivate():
			return 0
		case ip.Is4():
			return 1
		}
		return 2
	}
	slices.SortStableFunc(ips, func(a, b netip.Addr) int { return rank(a) - rank(b) })
	var out []string
	for _, ip := range ips {
		out = append(out, "http://"+net.JoinHostPort(ip.String(), strconv.Itoa(port))+"/")
	}
	return out
}

// TextQR draws url as a QR code in text, two rows of modules per line of half blocks, with
// the quiet zone a phone's camera needs, for a terminal that prints light text on a dark
// background (most): a dark module is a space, a light one a block.
func TextQR(url string) (string, error) {
	q, err := qrcode.New(url, qrcode.Low)
	if err != nil {
		return "", err
	}
	return q.ToSmallString(false), nil
}
