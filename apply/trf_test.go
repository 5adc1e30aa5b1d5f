package apply

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/reader"
)

// TestApplyTRF writes round 4 of a chess event into its TRF cut after round 3: read back,
// round 4 has the same games with the same colours and no results yet, the bye, and the
// absent players unpaired; rounds 1–3 and every other line are as they were.
func TestApplyTRF(t *testing.T) {
	for _, path := range []string{"../testdata/trf/lakeside-open-2025.trf", "../testdata/trf/lakeside-start-order.trf"} {
		full, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, crlf := range []bool{false, true} {
			var cut bytes.Buffer
			for _, line := range strings.SplitAfter(string(full), "\n") {
				body := strings.TrimRight(line, "\r\n")
				if r := []rune(body); strings.HasPrefix(body, "001") && len(r) > 121 {
					body = strings.TrimRight(string(r[:121]), " ")
				}
				cut.WriteString(body)
				if strings.HasSuffix(line, "\n") {
					if crlf {
						cut.WriteString("\r")
					}
					cut.WriteString("\n")
				}
			}
			want := readTRF(t, path, full)
			before := readTRF(t, path, cut.Bytes())
			if len(before.Rounds) != 3 {
				t.Fatalf("%s cut after round 3 has %d rounds", path, len(before.Rounds))
			}
			r := want.Rounds[3]
			r.Matches = append([]tbsheet.Match(nil), r.Matches...)
			for i := range r.Matches {
				if r.Matches[i].P2 != tbsheet.NoPlayer {
					r.Matches[i].Result = tbsheet.Unreported
				}
			}
			out, err := Round(cut.Bytes(), before, r, 0)
			if err != nil {
				t.Fatal(err)
			}
			if crlf && bytes.Count(out, []byte("\r\n")) != bytes.Count(out, []byte("\n")) {
				t.Errorf("%s: the line ends changed", path)
			}
			after := readTRF(t, path, out)
			if len(after.Rounds) != 4 {
				t.Fatalf("%s: %d rounds after writing round 4", path, len(after.Rounds))
			}
			for i := range 3 {
				if g, w := roundsText(&tbsheet.Event{Players: after.Players, Rounds: after.Rounds[i : i+1]}),
					roundsText(&tbsheet.Event{Players: before.Players, Rounds: before.Rounds[i : i+1]}); g != w {
					t.Errorf("%s: round %d changed:\n%s\nwant\n%s", path, i+1, g, w)
				}
			}
			games := func(r tbsheet.Round) map[[2]int]tbsheet.Color {
				m := map[[2]int]tbsheet.Color{}
				for _, x := range r.Matches {
					if x.P2 != tbsheet.NoPlayer {
						m[[2]int{x.P1, x.P2}] = x.Color
					}
				}
				return m
			}
			got, wantGames := games(after.Rounds[3]), games(r)
			if len(got) != len(wantGames) {
				t.Errorf("%s: %d games, want %d", path, len(got), len(wantGames))
			}
			for k, c := range wantGames {
				gc, ok := got[k]
				if !ok {
					gc, ok = got[[2]int{k[1], k[0]}]
					gc = gc.Mirror()
				}
				if !ok || gc != c {
					t.Errorf("%s: %s – %s: %v, want %v", path, want.Players[k[0]].Name, want.Players[k[1]].Name, gc, c)
				}
			}
			for _, x := range after.Rounds[3].Matches {
				if x.P2 != tbsheet.NoPlayer && x.Result != tbsheet.Unreported {
					t.Errorf("%s: %s has a result already", path, after.Players[x.P1].Name)
				}
			}
			if _, err := Round(out, after, r, 0); err == nil || !strings.Contains(err.Error(), "already has a round 4") {
				t.Errorf("%s: writing round 4 twice: %v", path, err)
			}
		}
	}
}

func readTRF(t *testing.T, path string, data []byte) *tbsheet.Event {
	t.Helper()
	ev, err := reader.ReadBytes(data, path, "trf", reader.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
