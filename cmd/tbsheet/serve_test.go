package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet/internal/lockedbuf"
)

// startServe runs `tbsheet serve ARGS... --addr 127.0.0.1:0` in this process until the test
// ends, waits for its first standings, and returns its address ("http://127.0.0.1:PORT/").
func startServe(t testing.TB, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out lockedbuf.Buffer
	root := newRoot(&out, &out)
	guard(root)
	root.SetArgs(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	deadline := time.Now().Add(time.Minute)
	for {
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v\n%s", err, out.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve showed no standings in a minute:\n%s", out.String())
		}
		if strings.Contains(out.String(), "first standings") {
			if u := addr.FindString(out.String()); u != "" {
				return u
			}
		}
	}
}

// get fetches url and returns its body.
func get(t testing.TB, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestServe: `tbsheet serve` shows the input's standings and round on its pages, prints
// where to find them, and stops when its context ends.
func TestServe(t *testing.T) {
	base := startServe(t, "../../samples/scenarios-rcq.xlsx", "--cut", "8", "--lang", "ja")
	for path, want := range map[string]string{
		"standings": "第4回戦終了時点の順位",
		"pairings":  "Omar Haddad",
		"scenarios": "Omar Haddad",
		"?q=haddad": "Tariq Aziz",
	} {
		if body := get(t, base+path); !strings.Contains(body, want) {
			t.Errorf("/%s: want %q in\n%s", path, want, body)
		}
	}
}

// TestServeUsage: what serve refuses before it listens, and an address it cannot listen on.
func TestServeUsage(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	taken := busy.Addr().String()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "-"}, exitUsage, "standard input (-) cannot be watched"},
		{[]string{"serve", "samples"}, exitUsage, "give one results file, not a folder"},
		{[]string{"serve", "samples/f1.csv", "--lang", "fr"}, exitUsage, "--lang \"fr\""},
		{[]string{"serve", "samples/f1.csv", "--max-live", "0"}, exitUsage, `--max-live "0"`},
		{[]string{"serve", "missing.xlsx"}, exitInput, "missing.xlsx: no such file\n"},
		{[]string{"serve", "samples/f1.csv", "--addr", "nowhere:-1"}, exitInput, "serve:"},
		{[]string{"serve", "samples/f1.csv", "--addr", taken}, exitInput, "another program is using that port: try --addr :8081"},
		{[]string{"serve", "samples/f1.csv", "--addr", "192.0.2.1:8080"}, exitInput, "this computer has no such address"},
	} {
		code, _, stderr := runAt(t, "../..", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "stat ") ||
			strings.Contains(stderr, "nothing was written") {
			t.Errorf("%v: exit %d, %q; want exit %d with %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}
