package apply

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/swiss"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
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
		data, err := resultfile.Results.Render(path, gen, writer.Options{Lang: "en"})
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

// FuzzApplyWorkbooks runs a few rounds in the hand-kept workbooks of every layout (sheets per
// round in three languages, match lists, a template): each round paired with a random seed
// and random players leaving, written in, read back (the same rounds and the new one), and
// its results typed at random, as the organizer types them.
func FuzzApplyWorkbooks(f *testing.F) {
	var books []string
	for _, path := range append(slices.Clone(layouts), "testdata/template-9.xlsx") {
		if strings.HasSuffix(path, ".xlsx") {
			books = append(books, path)
		}
	}
	f.Add(uint8(0), uint64(1), uint8(2))
	f.Add(uint8(5), uint64(7), uint8(3))
	f.Fuzz(func(t *testing.T, book uint8, seed uint64, rounds uint8) {
		path := books[int(book)%len(books)]
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(book)))
		results := []tbsheet.Result{tbsheet.Win, tbsheet.Loss, tbsheet.Draw}
		for range 1 + int(rounds)%3 {
			ev := read(t, path, data)
			ev.PlannedRounds = 0
			if r := ev.Rounds; len(r) > 0 && slices.ContainsFunc(r[len(r)-1].Matches, func(m tbsheet.Match) bool { return m.Result == tbsheet.Unreported }) {
				last := r[len(r)-1]
				for i := range last.Matches {
					if last.Matches[i].Result == tbsheet.Unreported {
						last.Matches[i].Result = results[rng.IntN(len(results))]
					}
				}
				if data, err = typeResults(data, ev, last); err != nil {
					t.Fatal(err)
				}
				ev = read(t, path, data)
				ev.PlannedRounds = 0
			}
			opt := swiss.Options{Seed: rng.Uint64()}
			if rng.IntN(2) == 0 {
				opt.Drop = []int{rng.IntN(len(ev.Players))}
			}
			p, err := swiss.Pair(ev, opt)
			if errors.Is(err, swiss.ErrNoPairing) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if data, err = Round(data, ev, p.Round, 0); err != nil {
				t.Fatal(err)
			}
			back := read(t, path, data)
			want := *ev
			want.Rounds = append(slices.Clone(ev.Rounds), p.Round)
			if got, w := roundsText(back), roundsText(&want); got != w {
				t.Fatalf("%s read back:\n%s\nwant:\n%s", path, got, w)
			}
		}
	})
}
