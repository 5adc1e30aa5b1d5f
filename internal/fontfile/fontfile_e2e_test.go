//go:build e2e

package fontfile

import (
	"bytes"
	"os"
	"testing"

	"github.com/tbsheet/tbsheet/templates"
)

// TestWQYReproducible checks that `make fonts` rebuilds the committed font byte for byte from
// the Debian package fonts-wqy-microhei.
func TestWQYReproducible(t *testing.T) {
	const ttc = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
	b, err := os.ReadFile(ttc)
	if err != nil {
		t.Fatalf("%v (install the Debian package fonts-wqy-microhei)", err)
	}
	got, err := Extract(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := templates.CJKFont(); !bytes.Equal(got, want) {
		t.Errorf("face 0 of %s (%d bytes) differs from templates/fonts/wqy-microhei.ttf (%d bytes)", ttc, len(got), len(want))
	}
	if _, err := Extract(b, 2); err == nil {
		t.Error("face 2 of a two-face collection was extracted")
	}
}
