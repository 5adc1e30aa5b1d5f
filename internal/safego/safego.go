// Package safego runs functions on goroutines of their own and carries a panic in any of
// them back to the goroutine that waits for them. A panic on a goroutine nobody recovers ends
// the whole process: for tbsheet watch, the evening's standings. Re-raised where the caller
// waits, it reaches the caller's recover (watch reports it like a broken save, the command
// line as an internal error) instead.
package safego

import "sync"

// Group is a sync.WaitGroup whose Wait re-raises the first panic of the functions it ran.
// The zero value is ready to use.
type Group struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	crash any
	hit   bool
}

// Go runs f on a goroutine of its own. A panic in f is kept for Wait.
func (g *Group) Go(f func()) {
	g.wg.Go(func() {
		defer func() {
			if p := recover(); p != nil {
				g.mu.Lock()
				if !g.hit {
					g.crash, g.hit = p, true
				}
				g.mu.Unlock()
			}
		}()
		f()
	})
}

// Wait waits for every function Go started, then panics with the first panic among them,
// if any.
func (g *Group) Wait() {
	g.wg.Wait()
	if g.hit {
		panic(g.crash)
	}
}
