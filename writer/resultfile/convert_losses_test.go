package resultfile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/writer"
)

// TestConvertSaysWhatIsLost: converting to a format that cannot carry part of the event
// warns once with what is lost, and a TRF that would make two players of one refuses.
func TestConvertSaysWhatIsLost(t *testing.T) {
	var warnings []string
	opt := writer.Options{Warn: func(msg string) { warnings = append(warnings, msg) }}
	ev := testEvent()
	for _, tc := range []struct {
		ext  string
		want []string
	}{
		{".trf", []string{"a TRF cannot carry", "the games of"}},
		{".csv", []string{"a CSV match list holds the matches only", "the event's name", "the rounds it plans"}},
		{".xlsx", nil},
	} {
		warnings = nil
		if err := fileWriter(Results, tc.ext)(&bytes.Buffer{}, ev, opt); err != nil {
			t.Fatalf("%s: %v", tc.ext, err)
		}
		got := strings.Join(warnings, "\n")
		if len(warnings) > 1 || (tc.want == nil) != (got == "") {
			t.Errorf("%s: warnings %q", tc.ext, warnings)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.ext, got, w)
			}
		}
	}
	long := testEvent()
	long.Players[0].Name = "Maximiliano Alejandro de la Santísima Trinidad"
	long.Players[1].Name = "Maximiliano Alejandro de la Santísima Trinity"
	err := fileWriter(Results, ".trf")(&bytes.Buffer{}, long, opt)
	if err == nil || !strings.Contains(err.Error(), "read back, they would be one player") {
		t.Errorf("two names one in a TRF: %v", err)
	}
}
