//go:build e2e

package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// The load test's size: live clients, saves, and the time between two saves.
const (
	loadClients = 300
	loadSaves   = 10
	loadEvery   = 2 * time.Second
	// loadLatency is how long a client may take to show a save: from the file written to
	// the page, fetched again, showing it.
	loadLatency = 2 * time.Second
	// loadHeapGrowth bounds how much the heap may grow over the saves: the pages of the
	// states gone are collected.
	loadHeapGrowth = 4 << 20
)

// TestServeLoad: 300 pages stay open on `tbsheet serve` (on the loopback address) while the
// organizer saves the workbook every 2 seconds; each page hears of every save, fetches
// itself again as the page's script does, and shows the save within 2 seconds of it; the
// heap is as large after the saves as before them, and every live connection is gone once
// the clients leave.
func TestServeLoad(t *testing.T) {
	dir := t.TempDir()
	input := rcqWorkbook(t, dir)
	rename := func(n int) {
		saveWorkbook(t, input, input, func(f *excelize.File) { f.SetCellValue("Event", "B2", fmt.Sprintf("Load test save %d", n)) })
	}
	rename(0)
	base := startServe(t, input)
	for !strings.Contains(get(t, base+"standings"), "Load test save 0") {
		time.Sleep(20 * time.Millisecond)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: 2 * loadClients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	idle := runtime.NumGoroutine()

	// seen[c][n] is when client c showed save n.
	seen := make([][loadSaves + 1]time.Time, loadClients)
	stop := make(chan struct{})
	var ready, done sync.WaitGroup
	ready.Add(loadClients)
	for c := range loadClients {
		done.Add(1)
		go func() {
			defer done.Done()
			res, err := client.Get(base + "events")
			if err != nil {
				t.Error(err)
				ready.Done()
				return
			}
			defer res.Body.Close()
			go func() { <-stop; res.Body.Close() }()
			if res.StatusCode != http.StatusOK {
				t.Errorf("client %d: /events: %s", c, res.Status)
				ready.Done()
				return
			}
			lines := bufio.NewScanner(res.Body)
			first := true
			for lines.Scan() {
				if !strings.HasPrefix(lines.Text(), "data: ") {
					continue
				}
				if first {
					ready.Done()
					first = false
					continue
				}
				page, err := client.Get(base + "standings") // what live.js does
				if err != nil {
					t.Errorf("client %d: %v", c, err)
					return
				}
				body, _ := io.ReadAll(page.Body)
				page.Body.Close()
				at := time.Now()
				for n := 1; n <= loadSaves; n++ {
					if seen[c][n].IsZero() && strings.Contains(string(body), fmt.Sprintf("Load test save %d ·", n)) {
						seen[c][n] = at
					}
				}
			}
		}()
	}
	ready.Wait()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	// The heap after each save has been shown (and the page fetches have opened their
	// connections): the first is the baseline, the last must not be much above it.
	var (
		saved         [loadSaves + 1]time.Time
		heaps         []string
		before, after uint64
	)
	for n := 1; n <= loadSaves; n++ {
		saved[n] = time.Now()
		rename(n)
		time.Sleep(loadEvery - time.Since(saved[n]))
		after = heap()
		if n == 1 {
			before = after
		}
		heaps = append(heaps, fmt.Sprintf("%.1f", float64(after)/(1<<20)))
	}
	goroutines := runtime.NumGoroutine()
	close(stop)
	done.Wait()
	tr.CloseIdleConnections()
	// The server's handlers of the clients gone end: the goroutines fall back to what they
	// were before the clients came (a few of the runtime's may come and go).
	left := runtime.NumGoroutine()
	for i := 0; i < 100 && left > idle+10; i++ {
		time.Sleep(50 * time.Millisecond)
		left = runtime.NumGoroutine()
	}
	if left > idle+10 {
		t.Errorf("%d goroutines after the clients left, %d before they came", left, idle)
	}

	var worst time.Duration
	var sum time.Duration
	count := 0
	for c := range loadClients {
		for n := 1; n <= loadSaves; n++ {
			if seen[c][n].IsZero() {
				t.Errorf("client %d never showed save %d", c, n)
				continue
			}
			d := seen[c][n].Sub(saved[n])
			sum += d
			count++
			worst = max(worst, d)
		}
	}
	if worst > loadLatency {
		t.Errorf("the slowest client showed a save %v after it, more than %v", worst, loadLatency)
	}
	t.Logf("%d clients, %d saves every %v: a save shown after %v on average, %v at worst (the watch's debounce of 250ms included)",
		loadClients, loadSaves, loadEvery, (sum / time.Duration(max(count, 1))).Round(time.Millisecond), worst.Round(time.Millisecond))
	t.Logf("heap with %d live clients (server and clients), MB after each save: %s; %d goroutines with the clients, %d without", loadClients,
		strings.Join(heaps, ", "), goroutines, left)
	if after > before+loadHeapGrowth {
		t.Errorf("the heap grew from %d to %d bytes over %d saves", before, after, loadSaves-1)
	}
}
