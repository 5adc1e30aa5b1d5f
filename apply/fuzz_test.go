package apply

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/writer"
)

// FuzzApply writes random events as the hand-kept match list tbsheet convert writes (a
// workbook or a CSV file), pairs the next round, writes it in, and reads the file back: the
// same rounds and the new one.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(9), uint8(2), true)
	f.Add(uint64(2), uint8(30), uint8(4), false)
	f.Fuzz(func(t *testing.T, event uint64, players, rounds uint8, workbook bool) {
		cfg := swissgen.Config{Players: 2 + int(players)%40, Rounds: 1 + int(rounds)%6, Seed: int64(event), DropRate: 0.05, DrawRate: 0.05}
		gen := swissgen.Generate(cfg)
		gen.PlannedRounds = 0
		path := "event.csv"
		if workbook {
			path = "event.xlsx"
		}
		data, err := writer.RenderEvent(path, gen, writer.Options{Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		ev := read(t, path, data)
		p, err := swiss.Pair(ev, swiss.Options{Seed: event})
		if errors.Is(err, swiss.ErrNoPairing) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := Round(data, ev, p.Round, 0)
		if err != nil {
			t.Fatal(err)
		}
		back := read(t, path, out)
		want := *ev
		want.Rounds = append(append([]tbsheet.Round{}, ev.Rounds...), p.Round)
		if got, w := roundsText(back), roundsText(&want); got != w {
			t.Fatal(fmt.Sprintf("read back:\n%s\nwant:\n%s", got, w))
		}
	})
}
