package roundtrip_test

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// FuzzConvertRoundTrip converts a generated event, one of whose players gets any name, to
// every format convert writes and reads it back: the matches and the players come back as
// they were, or the conversion warned of what it lost (names cut in a TRF, games a TRF
// cannot hold…), or refused (two players a TRF would make one). No panic either way.
func FuzzConvertRoundTrip(f *testing.F) {
	for _, seed := range []string{"Dragon 🐉 Slayer", "𠮷田 太郎", "=HYPERLINK(\"x\")",
		"Maximiliano Alejandro de la Santísima Trinidad Wolfeschlegelsteinhausenbergerdorff", "O’Neill, Mason"} {
		f.Add(seed, uint8(1))
	}
	f.Fuzz(func(t *testing.T, name string, n uint8) {
		name = strings.Join(strings.Fields(name), " ")
		if name == "" || !isPrintable(name) {
			return // a name the readers refuse or normalise is theirs to report
		}
		ev := swissgen.Generate(swissgen.Config{Players: 6, Rounds: 3, Seed: int64(n), DrawRate: 0.1})
		ev.Name = "Fuzz"
		ev.PlannedRounds = 3
		p := int(n) % len(ev.Players)
		for i, q := range ev.Players {
			if i != p && strings.EqualFold(q.Name, name) {
				return // two players of one name
			}
		}
		ev.Players[p].Name = name
		for _, ext := range resultfile.Results.Exts() {
			var warned []string
			data, err := resultfile.Results.Render("x"+ext, ev, writer.Options{Warn: func(m string) { warned = append(warned, m) }})
			if err != nil {
				if ext == ".trf" && strings.Contains(err.Error(), "would be one player") {
					continue
				}
				t.Fatalf("%s: %v", ext, err)
			}
			got, err := reader.ReadBytes(data, "x"+ext, "", reader.Options{})
			if err != nil {
				t.Fatalf("%s: reading back: %v", ext, err)
			}
			if summary(got, false) != summary(ev, false) && len(warned) == 0 {
				t.Errorf("%s: read back differently, with no word of a loss:\n--- written\n%s\n--- read\n%s", ext, summary(ev, false), summary(got, false))
			}
		}
	})
}

// isPrintable reports whether s is valid UTF-8 made of printable characters.
func isPrintable(s string) bool {
	for _, r := range s {
		if r == '\uFFFD' || r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return false
		}
	}
	return true
}
