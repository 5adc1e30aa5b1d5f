package watch

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestBrokenHook: Config.Broken hears of each broken save and of a file input gone, with the
// input's name, and of nothing else: a good save, and a run ahead on a file still being
// written, say nothing to it.
func TestBrokenHook(t *testing.T) {
	r3, typo, r4 := fixture(t, "round3.txt"), fixture(t, "round4-typo.txt"), fixture(t, "round4.txt")
	path := filepath.Join(t.TempDir(), "results.txt")
	writeFile(t, path, r3)
	var (
		mu    sync.Mutex
		heard []string
	)
	told := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(heard)
	}
	cfg := Config{Inputs: []string{path}, Debounce: 500 * time.Millisecond, Broken: func(in string) {
		mu.Lock()
		defer mu.Unlock()
		heard = append(heard, in)
	}}
	job := &fakeJob{out: outputBeside}
	h := start(t, cfg, job, 1)
	// Written in two parts: the run ahead on the first finds fewer players than announced.
	saveSplit(20*time.Millisecond)(t, path, r4)
	h.waitRuns(r3, r4)
	if got := told(); len(got) != 0 {
		t.Fatalf("Broken told %v after good saves", got)
	}
	saveLibreOffice(t, path, typo)
	h.waitRuns(r3, r4, typo)
	// The problems are printed before Broken is told: wait for it rather than race it.
	h.waitFor("Broken told of the broken save", func() bool { return len(told()) >= 1 })
	if got := told(); !slices.Equal(got, []string{path}) {
		t.Fatalf("after a broken save, Broken told %v, want [%s]", got, path)
	}
	saveLibreOffice(t, path, r3)
	h.waitRuns(r3, r4, typo, r3)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	h.waitFor("the input reported gone", func() bool { return len(told()) == 2 })
	if got := told(); !slices.Equal(got, []string{path, path}) {
		t.Errorf("after the input was deleted, Broken told %v", got)
	}
}
