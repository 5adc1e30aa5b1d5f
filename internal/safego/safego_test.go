package safego

import (
	"sync/atomic"
	"testing"
)

// TestGroup: Wait waits for every function; a panic in one of them is raised again by Wait,
// on the waiting goroutine, after the others finished.
func TestGroup(t *testing.T) {
	tests := []struct {
		name   string
		panics []int // the functions that panic
	}{
		{"none", nil},
		{"one", []int{3}},
		{"several", []int{1, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var done atomic.Int32
			var got any
			func() {
				defer func() { got = recover() }()
				var g Group
				for i := range 8 {
					g.Go(func() {
						defer done.Add(1)
						for _, p := range tt.panics {
							if p == i {
								panic(i)
							}
						}
					})
				}
				g.Wait()
			}()
			if done.Load() != 8 {
				t.Errorf("%d functions finished before Wait returned, want 8", done.Load())
			}
			switch {
			case len(tt.panics) == 0 && got != nil:
				t.Errorf("Wait panicked with %v", got)
			case len(tt.panics) > 0 && got == nil:
				t.Error("Wait did not raise the panic")
			case len(tt.panics) > 0 && !contains(tt.panics, got):
				t.Errorf("Wait panicked with %v, want one of %v", got, tt.panics)
			}
		})
	}
}

func contains(list []int, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
