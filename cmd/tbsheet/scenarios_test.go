package main

import (
	"strings"
	"testing"
)

// TestScenariosProvedByDefault: `tbsheet scenarios` on a store-sized event proves every
// verdict without --effort: the analysis runs again with more work while it proves more
// (scenario.Analyze), which an effort given on the command line turns off.
func TestScenariosProvedByDefault(t *testing.T) {
	for _, file := range []string{"../../scenario/testdata/fnm24-11.csv", "../../scenario/testdata/mtg64-1.csv"} {
		code, out, errs := runAt(t, ".", "scenarios", file, "--cut", "8", "--rounds", "6", "-q")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, errs)
		}
		if strings.Contains(out, "not proved") {
			t.Errorf("%s: verdicts left unproved by default:\n%s", file, out)
		}
	}
}
